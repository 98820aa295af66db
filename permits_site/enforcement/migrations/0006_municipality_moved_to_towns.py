"""Point the town foreign keys at ``towns.Municipality``, which moved out of licensing.

State only: the table (``licensing_municipality``) and the columns stay as they are.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('enforcement', '0005_dog_cases'),
        ('towns', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='case',
                    name='municipality',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='cases', to='towns.municipality'),
                ),
                migrations.AlterField(
                    model_name='fineschedule',
                    name='municipality',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='fine_schedules', to='towns.municipality'),
                ),
                migrations.AlterField(
                    model_name='historicalcase',
                    name='municipality',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='towns.municipality'),
                ),
                migrations.AlterField(
                    model_name='historicalfineschedule',
                    name='municipality',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='towns.municipality'),
                ),
                migrations.AlterField(
                    model_name='historicalinspection',
                    name='municipality',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='towns.municipality'),
                ),
                migrations.AlterField(
                    model_name='inspection',
                    name='municipality',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='inspections', to='towns.municipality'),
                ),
                migrations.AlterField(
                    model_name='violation',
                    name='municipality',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='towns.municipality'),
                ),
            ],
        ),
    ]
