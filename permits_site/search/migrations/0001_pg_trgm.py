"""PostgreSQL's trigram matching (``pg_trgm``) for the staff search; nothing on SQLite."""

from django.db import migrations


def create_trigram_extension(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")


class Migration(migrations.Migration):
    initial = True
    dependencies = []
    operations = [
        migrations.RunPython(create_trigram_extension, migrations.RunPython.noop, elidable=False),
    ]
