"""Reference data: every offense of chapter 60 on the town's existing fine schedule.

Offenses the schedule lacks are added as the catalogue declares them; nothing an admin
set is changed, and an offense whose amount the Select Board sets is added with none.
"""

from django.db import migrations

from permits_site.enforcement.catalogue import add_new_offenses


def add_offenses(apps, schema_editor):
    from dogs.fines import FINES

    add_new_offenses(apps, FINES)


class Migration(migrations.Migration):
    dependencies = [
        ("dogs", "0012_impound_every_animal"),
        ("enforcement", "0010_offense_amounts_set_by"),
    ]

    operations = [migrations.RunPython(add_offenses, migrations.RunPython.noop)]
