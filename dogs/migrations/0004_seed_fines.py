"""Reference data: the town's first non-criminal fine schedule."""

from django.db import migrations

from permits_site.enforcement.catalogue import seed_fine_catalogue


def seed(apps, schema_editor):
    from dogs.fines import FINES

    seed_fine_catalogue(apps, FINES)


class Migration(migrations.Migration):
    dependencies = [
        ("dogs", "0003_seed_catalogue"),
        ("enforcement", "0001_initial"),
    ]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
