"""Point the town foreign keys at ``towns.Municipality``, which moved out of licensing.

State only: the table (``licensing_municipality``) and the columns stay as they are.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('parties', '0001_initial'),
        ('towns', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='historicalproperty',
                    name='municipality',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='towns.municipality'),
                ),
                migrations.AlterField(
                    model_name='property',
                    name='municipality',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='properties', to='towns.municipality'),
                ),
            ],
        ),
    ]
