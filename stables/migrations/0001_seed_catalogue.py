"""Reference data: the town, its permit types and the seeded fee schedules."""

from django.db import migrations

from permits_site.licensing.catalogue import seed_catalogue


def seed(apps, schema_editor):
    from stables.catalogue import CATALOGUE

    seed_catalogue(apps, CATALOGUE)


class Migration(migrations.Migration):
    dependencies = [
        ("licensing", "0001_initial"),
    ]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
