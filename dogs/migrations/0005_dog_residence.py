"""Every dog is kept at a residential property (spec ``lifecycle.md``, North Andover
corrections; Code ch. 60, Limits A counts the dogs kept at a residence).

A dog registered before gets as its residence the town's record of its owner's
mailing address, found (by normalised address) or created. An owner with no
street address on file gets a placeholder the Clerk corrects or merges.
"""

import django.db.models.deletion
from django.db import migrations, models

from permits_site.parties.models import normalise_address

MUNICIPALITY = "north_andover"


def residences_from_owners(apps, schema_editor):
    Dog = apps.get_model("dogs", "Dog")
    dogs = Dog.objects.filter(residence__isnull=True).select_related("owner")
    if not dogs.exists():
        return
    town = apps.get_model("licensing", "Municipality").objects.get(code=MUNICIPALITY)
    for dog in dogs:
        dog.residence = _residence(apps, town, dog.owner)
        dog.save(update_fields=["residence"])


def _residence(apps, town, owner):
    Property = apps.get_model("parties", "Property")
    address = owner.street_address.strip() or f"Address not on file ({owner.username})"
    normalised = normalise_address(address)
    residence = Property.objects.filter(
        municipality=town, parcel="", normalised_address=normalised, merged_into__isnull=True
    ).first()
    if residence is None:
        residence = Property.objects.create(
            municipality=town, address=address, normalised_address=normalised
        )
    residence.people.add(owner)
    return residence


class Migration(migrations.Migration):

    dependencies = [
        ("dogs", "0004_seed_fines"),
        ("parties", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="dog",
            name="residence",
            field=models.ForeignKey(
                help_text="The residential property where the dog is kept.",
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="dogs",
                to="parties.property",
            ),
        ),
        migrations.RunPython(residences_from_owners, migrations.RunPython.noop),
    ]
