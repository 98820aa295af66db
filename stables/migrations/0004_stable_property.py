"""Every stable stands on a property, the town's shared record of its site (spec
``lifecycle.md``, "Holders and what a permit is about").

A stable on file gets the property of its municipality with its parcel or, without
one, its normalised street address — found, or created the first time. Its keeper
is linked to the property, and the stable's applications name it as their place.
The next migration drops the stable's own address and parcel.
"""

import django.db.models.deletion
from django.db import migrations, models

from permits_site.parties.models import normalise_address, normalise_parcel


def sites_from_addresses(apps, schema_editor):
    Stable = apps.get_model("stables", "Stable")
    StableApplication = apps.get_model("stables", "StableApplication")
    Application = apps.get_model("licensing", "Application")
    for stable in Stable.objects.filter(property__isnull=True).select_related("keeper"):
        stable.property = _site(apps, stable)
        stable.save(update_fields=["property"])
        stable.property.people.add(stable.keeper)
        Application.objects.filter(
            pk__in=StableApplication.objects.filter(stable=stable).values("application")
        ).update(place=stable.property)


def _site(apps, stable):
    """The live property with the stable's parcel, else with its address and no parcel."""
    Property = apps.get_model("parties", "Property")
    parcel = normalise_parcel(stable.parcel)
    normalised = normalise_address(stable.address)
    live = Property.objects.filter(municipality_id=stable.municipality_id,
                                   merged_into__isnull=True)
    found = (live.filter(parcel=parcel) if parcel
             else live.filter(parcel="", normalised_address=normalised)).first()
    return found or Property.objects.create(
        municipality_id=stable.municipality_id, address=stable.address.strip(),
        normalised_address=normalised, parcel=parcel,
    )


class Migration(migrations.Migration):

    dependencies = [
        ("stables", "0003_stables_horses_and_burials"),
        ("parties", "0001_initial"),
        ("licensing", "0004_holders_places_and_online"),
    ]

    operations = [
        migrations.AddField(
            model_name="stable",
            name="property",
            field=models.ForeignKey(
                help_text="The stable's site.",
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="stables",
                to="parties.property",
            ),
        ),
        migrations.RunPython(sites_from_addresses, migrations.RunPython.noop),
    ]
