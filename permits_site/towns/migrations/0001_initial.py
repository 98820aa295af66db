"""The towns and their closures, moved out of licensing with their tables.

State only: ``licensing_municipality``, ``licensing_historicalmunicipality`` and
``licensing_closure`` keep their names and rows; the content types follow the models.
"""

import django.db.models.deletion
import simple_history.models
from django.conf import settings
from django.db import migrations, models


def move_content_types(apps, schema_editor):
    """Audit entries and permissions keep pointing at the same models."""
    content_type = apps.get_model("contenttypes", "ContentType")
    content_type.objects.filter(app_label="licensing", model__in=['municipality', 'historicalmunicipality', 'closure']).update(
        app_label="towns"
    )


def move_content_types_back(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    content_type.objects.filter(app_label="towns", model__in=['municipality', 'historicalmunicipality', 'closure']).update(
        app_label="licensing"
    )


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('contenttypes', '0002_remove_content_type_name'),
        ('licensing', '0006_variance_written_application'),
        ('dogs', '0008_impoundment'),
        ('stables', '0005_stable_property_required'),
        ('tisbury_regs', '0003_campground_license'),
        ('accounts', '0003_remove_failedlogin'),
        ('parties', '0001_initial'),
        ('enforcement', '0005_dog_cases'),
        ('notifications', '0001_initial'),
        ('online_payments', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='Municipality',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('code', models.SlugField(max_length=40, unique=True)),
                        ('name', models.CharField(max_length=100)),
                        ('business_weekdays', models.JSONField(default=list, help_text='Weekday numbers the offices keep, 0 = Monday.')),
                    ],
                    options={
                        'verbose_name_plural': 'municipalities',
                        'db_table': 'licensing_municipality',
                        'ordering': ['name'],
                    },
                ),
                migrations.CreateModel(
                    name='HistoricalMunicipality',
                    fields=[
                        ('id', models.BigIntegerField(auto_created=True, blank=True, db_index=True, verbose_name='ID')),
                        ('code', models.SlugField(max_length=40)),
                        ('name', models.CharField(max_length=100)),
                        ('business_weekdays', models.JSONField(default=list, help_text='Weekday numbers the offices keep, 0 = Monday.')),
                        ('history_id', models.AutoField(primary_key=True, serialize=False)),
                        ('history_date', models.DateTimeField(db_index=True)),
                        ('history_change_reason', models.CharField(max_length=100, null=True)),
                        ('history_type', models.CharField(choices=[('+', 'Created'), ('~', 'Changed'), ('-', 'Deleted')], max_length=1)),
                        ('history_user', models.ForeignKey(null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        'verbose_name': 'historical municipality',
                        'verbose_name_plural': 'historical municipalities',
                        'db_table': 'licensing_historicalmunicipality',
                        'ordering': ('-history_date', '-history_id'),
                        'get_latest_by': ('history_date', 'history_id'),
                    },
                    bases=(simple_history.models.HistoricalChanges, models.Model),
                ),
                migrations.CreateModel(
                    name='Closure',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('date', models.DateField()),
                        ('reason', models.CharField(max_length=200)),
                        ('created_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, to=settings.AUTH_USER_MODEL)),
                        ('municipality', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='closures', to='towns.municipality')),
                    ],
                    options={
                        'db_table': 'licensing_closure',
                        'ordering': ['date'],
                        'constraints': [models.UniqueConstraint(fields=('municipality', 'date'), name='unique_closure_day')],
                    },
                ),
            ],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
