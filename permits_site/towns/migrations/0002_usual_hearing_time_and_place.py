"""A town's usual hearing place and hour, which a hearing scheduled without its own takes."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("towns", "0001_initial"),
    ]

    operations = [
        migrations.AddField(
            model_name="historicalmunicipality",
            name="hearing_place",
            field=models.CharField(
                blank=True,
                help_text='Where the town\'s hearings are held unless one names another place, e.g. "Town Hall, 63 Main Street, Room 2".',
                max_length=200,
                verbose_name="usual hearing place",
            ),
        ),
        migrations.AddField(
            model_name="historicalmunicipality",
            name="hearing_time",
            field=models.TimeField(
                blank=True,
                help_text="The hour the town's hearings begin unless one names another.",
                null=True,
                verbose_name="usual hearing time",
            ),
        ),
        migrations.AddField(
            model_name="municipality",
            name="hearing_place",
            field=models.CharField(
                blank=True,
                help_text='Where the town\'s hearings are held unless one names another place, e.g. "Town Hall, 63 Main Street, Room 2".',
                max_length=200,
                verbose_name="usual hearing place",
            ),
        ),
        migrations.AddField(
            model_name="municipality",
            name="hearing_time",
            field=models.TimeField(
                blank=True,
                help_text="The hour the town's hearings begin unless one names another.",
                null=True,
                verbose_name="usual hearing time",
            ),
        ),
    ]
