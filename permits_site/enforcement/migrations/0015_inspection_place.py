"""An inspection names the property visited, so the review screen and an inspection's
earlier records find a visit entered by address (spec ``lifecycle.md``, "Property").

Inspections already scheduled are linked by the rule ``schedule_inspection`` follows: the
place of their permit or application — the record that stays, when that place was merged
into another since — else the town's property at their address as ``matching_property``
finds it: the same normalised street address (the town, state and ZIP code after the street
left off), a record without a parcel first, else the one parcel there. An address the town
has no property at, or that several parcels share, stays linked to none.
"""

import django.db.models.deletion
from django.db import migrations, models

from permits_site.parties.models import normalise_address
from permits_site.parties.services import street_address
from permits_site.towns.models import Municipality


def link_inspections_to_their_place(apps, schema_editor):
    Inspection = apps.get_model("enforcement", "Inspection")
    Property = apps.get_model("parties", "Property")
    unlinked = Inspection.objects.filter(place__isnull=True).select_related(
        "municipality", "permit__place", "application__place").order_by("pk")
    towns: dict[int, tuple[Municipality, dict[str, list]]] = {}
    linked = []
    for inspection in unlinked.iterator(chunk_size=500):
        record = next((about.place for about in (inspection.permit, inspection.application)
                       if about is not None and about.place_id is not None), None)
        if record is not None:
            inspection.place_id = record.merged_into_id or record.pk
        else:
            if inspection.municipality_id not in towns:
                towns[inspection.municipality_id] = _places_of(Property, inspection.municipality)
            inspection.place_id = _at_address(*towns[inspection.municipality_id],
                                              inspection.address)
        if inspection.place_id is not None:
            linked.append(inspection)
    Inspection.objects.bulk_update(linked, ["place"], batch_size=500)


def _places_of(Property, town) -> tuple[Municipality, dict[str, list]]:
    """The town (as ``street_address`` reads its name) and its live properties by
    normalised address, without a parcel first."""
    by_address: dict[str, list] = {}
    live = Property.objects.filter(municipality_id=town.pk, merged_into__isnull=True)
    for place in live.order_by("pk"):
        by_address.setdefault(place.normalised_address, []).append(place)
    for places in by_address.values():
        places.sort(key=lambda place: place.parcel != "")
    return Municipality(pk=town.pk, name=town.name), by_address


def _at_address(town: Municipality, by_address: dict[str, list], address: str) -> int | None:
    places = by_address.get(normalise_address(street_address(town, address)), [])
    if places and (places[0].parcel == "" or len(places) == 1):
        return places[0].pk
    return None


class Migration(migrations.Migration):

    dependencies = [
        ('enforcement', '0014_citation_hearing_date'),
        ('licensing', '0004_holders_places_and_online'),
        ('parties', '0003_property_owners'),
    ]

    operations = [
        migrations.AddField(
            model_name='historicalinspection',
            name='place',
            field=models.ForeignKey(blank=True, db_constraint=False, help_text="The property visited: its permit's or application's, else the town's property at the address.", null=True, on_delete=django.db.models.deletion.DO_NOTHING, related_name='+', to='parties.property'),
        ),
        migrations.AddField(
            model_name='inspection',
            name='place',
            field=models.ForeignKey(blank=True, help_text="The property visited: its permit's or application's, else the town's property at the address.", null=True, on_delete=django.db.models.deletion.PROTECT, related_name='inspections', to='parties.property'),
        ),
        migrations.RunPython(link_inspections_to_their_place, migrations.RunPython.noop),
    ]
