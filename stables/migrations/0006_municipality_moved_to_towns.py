"""Point the town foreign keys at ``towns.Municipality``, which moved out of licensing.

State only: the table (``licensing_municipality``) and the columns stay as they are.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('stables', '0005_stable_property_required'),
        ('towns', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name='horseburialnotice',
                    name='municipality',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='towns.municipality'),
                ),
                migrations.AlterField(
                    model_name='stable',
                    name='municipality',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='stables', to='towns.municipality'),
                ),
            ],
        ),
    ]
