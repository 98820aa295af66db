"""The audit log, moved out of licensing with its table.

State only: ``licensing_auditentry`` keeps its name and rows; the content type follows
the model.
"""

import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


def move_content_types(apps, schema_editor):
    """Audit entries and permissions keep pointing at the same models."""
    content_type = apps.get_model("contenttypes", "ContentType")
    content_type.objects.filter(app_label="licensing", model__in=['auditentry']).update(
        app_label="audit"
    )


def move_content_types_back(apps, schema_editor):
    content_type = apps.get_model("contenttypes", "ContentType")
    content_type.objects.filter(app_label="audit", model__in=['auditentry']).update(
        app_label="licensing"
    )


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('towns', '0001_initial'),
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
        ('contenttypes', '0002_remove_content_type_name'),
        ('towns', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name='AuditEntry',
                    fields=[
                        ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                        ('action', models.CharField(max_length=60)),
                        ('object_id', models.PositiveBigIntegerField()),
                        ('summary', models.CharField(max_length=300)),
                        ('before', models.JSONField(blank=True, default=dict)),
                        ('after', models.JSONField(blank=True, default=dict)),
                        ('at', models.DateTimeField(default=django.utils.timezone.now)),
                        ('actor', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, to=settings.AUTH_USER_MODEL)),
                        ('content_type', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, to='contenttypes.contenttype')),
                        ('municipality', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.PROTECT, to='towns.municipality')),
                    ],
                    options={
                        'verbose_name_plural': 'audit entries',
                        'db_table': 'licensing_auditentry',
                        'ordering': ['-at', '-pk'],
                        'indexes': [models.Index(fields=['content_type', 'object_id'], name='licensing_a_content_e58f33_idx')],
                    },
                ),
            ],
        ),
        migrations.RunPython(move_content_types, move_content_types_back),
    ]
