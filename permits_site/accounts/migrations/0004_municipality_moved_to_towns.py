"""Point the town foreign keys at ``towns.Municipality``, which moved out of licensing.

State only: the table (``licensing_municipality``) and the columns stay as they are.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0003_remove_failedlogin'),
        ('towns', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='membership',
                    name='municipality',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='memberships', to='towns.municipality'),
                ),
            ],
        ),
    ]
