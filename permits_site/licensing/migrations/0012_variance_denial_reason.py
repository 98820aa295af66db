"""A denied variance keeps the Board's reason as its own field: ``bases`` are the specific
bases of a grant (Northborough §8.2). Denials recorded before kept the reason in ``bases``;
it moves."""

from django.db import migrations, models


def reasons_apart(apps, schema_editor):
    Variance = apps.get_model("licensing", "Variance")
    for variance in Variance.objects.filter(status="denied").exclude(bases=""):
        variance.denial_reason, variance.bases = variance.bases, ""
        variance.save(update_fields=["denial_reason", "bases"])


class Migration(migrations.Migration):

    dependencies = [
        ('licensing', '0011_holder_business_is_the_holder'),
    ]

    operations = [
        migrations.AddField(
            model_name='historicalvariance',
            name='denial_reason',
            field=models.TextField(blank=True, help_text="The Board's reason, when it denies the variance.", verbose_name='reason for denial'),
        ),
        migrations.AddField(
            model_name='variance',
            name='denial_reason',
            field=models.TextField(blank=True, help_text="The Board's reason, when it denies the variance.", verbose_name='reason for denial'),
        ),
        migrations.AlterField(
            model_name='historicalvariance',
            name='bases',
            field=models.TextField(blank=True, help_text='The specific bases of a grant, written by the first approving signer (Northborough §8.2).', verbose_name='specific bases'),
        ),
        migrations.AlterField(
            model_name='variance',
            name='bases',
            field=models.TextField(blank=True, help_text='The specific bases of a grant, written by the first approving signer (Northborough §8.2).', verbose_name='specific bases'),
        ),
        migrations.RunPython(reasons_apart, migrations.RunPython.noop),
    ]
