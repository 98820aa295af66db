"""An application's public hearing has an hour beside its day; its place may be left to the
town's usual hearing place."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("licensing", "0014_invoice_keeps_whom_it_was_billed_to"),
    ]

    operations = [
        migrations.AddField(
            model_name="permithearing",
            name="hearing_time",
            field=models.TimeField(blank=True, null=True, verbose_name="hearing time"),
        ),
        migrations.AlterField(
            model_name="permithearing",
            name="location",
            field=models.CharField(blank=True, max_length=200, verbose_name="place"),
        ),
    ]
