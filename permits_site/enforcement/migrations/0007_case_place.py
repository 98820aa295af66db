"""A case names the property it is about, so the property's page finds it.

Cases already opened on a permit or an application about a property are filed at that
property — at the record that stays, when the place was merged into another since.
"""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import Q


def file_cases_at_their_place(apps, schema_editor):
    Case = apps.get_model("enforcement", "Case")
    about_a_place = Case.objects.filter(
        Q(permit__place__isnull=False) | Q(application__place__isnull=False),
        place__isnull=True,
    ).select_related("permit__place", "application__place")
    for case in about_a_place.iterator():
        place = case.permit.place if case.permit and case.permit.place else case.application.place
        case.place_id = place.merged_into_id or place.pk
        case.save(update_fields=["place"])


class Migration(migrations.Migration):

    dependencies = [
        ('enforcement', '0006_municipality_moved_to_towns'),
        ('parties', '0002_municipality_moved_to_towns'),
    ]

    operations = [
        migrations.AddField(
            model_name='case',
            name='place',
            field=models.ForeignKey(blank=True, help_text="The property the case is about: its permit's or application's by default.", null=True, on_delete=django.db.models.deletion.PROTECT, related_name='cases', to='parties.property'),
        ),
        migrations.AddField(
            model_name='historicalcase',
            name='place',
            field=models.ForeignKey(blank=True, db_constraint=False, help_text="The property the case is about: its permit's or application's by default.", null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='parties.property'),
        ),
        migrations.RunPython(file_cases_at_their_place, migrations.RunPython.noop),
    ]
