"""Woodwaste burial (09.2.9), subdivision plan review (09.4.1, 09.4.2) and the approval of a
new inlet, channel or basin (09.9.6(2)) join Tisbury's permit types; the text states no fee
for any of them, so each is seeded at 0.00 for the Board to confirm."""

from django.db import migrations

from permits_site.licensing.catalogue import seed_catalogue


def seed(apps, schema_editor):
    from tisbury_regs.catalogue import CATALOGUE

    seed_catalogue(apps, CATALOGUE)


class Migration(migrations.Migration):
    dependencies = [
        ("licensing", "0007_towns_and_audit_log_move_out"),
        ("tisbury_regs", "0007_inspection_triggers_and_leak_tests"),
    ]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
