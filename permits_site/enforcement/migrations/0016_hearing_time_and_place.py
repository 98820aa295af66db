"""A citation's, a case's and an appeal's hearing has an hour and a place beside its day, which
its notice gives the parties; a continuance keeps the ones it replaced. Existing hearings keep
them blank: nobody recorded them."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("enforcement", "0015_inspection_place"),
    ]

    operations = [
        migrations.AddField(
            model_name="appeal",
            name="hearing_time",
            field=models.TimeField(blank=True, null=True, verbose_name="hearing time"),
        ),
        migrations.AddField(
            model_name="appeal",
            name="location",
            field=models.CharField(blank=True, max_length=200, verbose_name="place"),
        ),
        migrations.AddField(
            model_name="casehearing",
            name="hearing_time",
            field=models.TimeField(blank=True, null=True, verbose_name="hearing time"),
        ),
        migrations.AddField(
            model_name="casehearing",
            name="location",
            field=models.CharField(blank=True, max_length=200, verbose_name="place"),
        ),
        migrations.AddField(
            model_name="citationhearing",
            name="hearing_time",
            field=models.TimeField(blank=True, null=True, verbose_name="hearing time"),
        ),
        migrations.AddField(
            model_name="citationhearing",
            name="location",
            field=models.CharField(blank=True, max_length=200, verbose_name="place"),
        ),
        migrations.AddField(
            model_name="hearingcontinuance",
            name="hearing_time",
            field=models.TimeField(blank=True, null=True, verbose_name="hearing time"),
        ),
        migrations.AddField(
            model_name="hearingcontinuance",
            name="location",
            field=models.CharField(blank=True, max_length=200, verbose_name="place"),
        ),
        migrations.AddField(
            model_name="hearingcontinuance",
            name="previous_location",
            field=models.CharField(blank=True, max_length=200),
        ),
        migrations.AddField(
            model_name="hearingcontinuance",
            name="previous_time",
            field=models.TimeField(blank=True, null=True),
        ),
    ]
