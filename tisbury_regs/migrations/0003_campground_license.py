"""The campground license (09.8) joins Tisbury's permit types, with its seeded fee."""

from django.db import migrations

from permits_site.licensing.catalogue import seed_catalogue


def seed(apps, schema_editor):
    from tisbury_regs.catalogue import CATALOGUE

    seed_catalogue(apps, CATALOGUE)


class Migration(migrations.Migration):
    dependencies = [
        ("licensing", "0004_holders_places_and_online"),
        ("tisbury_regs", "0002_seed_fines"),
    ]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
