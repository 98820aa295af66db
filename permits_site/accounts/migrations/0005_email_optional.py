"""A person may have no email address (entered at the counter): stored as NULL, never
as an empty string, and an address is one person's whatever its letters' case."""

import django.db.models.functions.text
from django.db import migrations, models


def empty_addresses_to_none(apps, schema_editor):
    apps.get_model("accounts", "User").objects.filter(email="").update(email=None)


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0004_municipality_moved_to_towns'),
        ('auth', '0012_alter_user_first_name_max_length'),
    ]

    operations = [
        migrations.AlterField(
            model_name='user',
            name='email',
            field=models.EmailField(blank=True, max_length=254, null=True, unique=True, verbose_name='email address'),
        ),
        migrations.RunPython(empty_addresses_to_none, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name='user',
            constraint=models.UniqueConstraint(django.db.models.functions.text.Lower('email'), name='unique_email_ignoring_case'),
        ),
        migrations.AddConstraint(
            model_name='user',
            constraint=models.CheckConstraint(condition=models.Q(('email', ''), _negated=True), name='email_none_not_empty'),
        ),
    ]
