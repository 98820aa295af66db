"""Point the town foreign keys at ``towns.Municipality``, which moved out of licensing.

State only: the table (``licensing_municipality``) and the columns stay as they are.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('notifications', '0001_initial'),
        ('towns', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='message',
                    name='municipality',
                    field=models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, related_name='+', to='towns.municipality'),
                ),
            ],
        ),
    ]
