"""Licensing no longer holds the towns, their closures or the audit log.

State only: the tables now belong to the ``towns`` and ``audit`` apps, which
took them over in their first migrations.
"""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('audit', '0001_initial'),
        ('accounts', '0004_municipality_moved_to_towns'),
        ('dogs', '0009_municipality_moved_to_towns'),
        ('enforcement', '0006_municipality_moved_to_towns'),
        ('licensing', '0006_variance_written_application'),
        ('notifications', '0002_municipality_moved_to_towns'),
        ('online_payments', '0002_municipality_moved_to_towns'),
        ('parties', '0002_municipality_moved_to_towns'),
        ('stables', '0006_municipality_moved_to_towns'),
        ('towns', '0001_initial'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(
                    model_name='closure',
                    name='created_by',
                ),
                migrations.RemoveField(
                    model_name='closure',
                    name='municipality',
                ),
                migrations.RemoveField(
                    model_name='historicalmunicipality',
                    name='history_user',
                ),
                migrations.AlterField(
                    model_name='permit',
                    name='municipality',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='permits', to='towns.municipality'),
                ),
                migrations.AlterField(
                    model_name='invoice',
                    name='municipality',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='invoices', to='towns.municipality'),
                ),
                migrations.AlterField(
                    model_name='payment',
                    name='municipality',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='towns.municipality'),
                ),
                migrations.AlterField(
                    model_name='historicalpermit',
                    name='municipality',
                    field=models.ForeignKey(blank=True, db_constraint=False, null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='towns.municipality'),
                ),
                migrations.AlterField(
                    model_name='application',
                    name='municipality',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='applications', to='towns.municipality'),
                ),
                migrations.AlterField(
                    model_name='document',
                    name='municipality',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='documents', to='towns.municipality'),
                ),
                migrations.AlterField(
                    model_name='numbercounter',
                    name='municipality',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, to='towns.municipality'),
                ),
                migrations.AlterField(
                    model_name='permittype',
                    name='municipality',
                    field=models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='permit_types', to='towns.municipality'),
                ),
                migrations.DeleteModel(
                    name='AuditEntry',
                ),
                migrations.DeleteModel(
                    name='Closure',
                ),
                migrations.DeleteModel(
                    name='HistoricalMunicipality',
                ),
                migrations.DeleteModel(
                    name='Municipality',
                ),
            ],
        ),
    ]
