"""An invoice keeps the name and mailing address it is billed to as they were when it was
made, as a permit keeps its holder as issued.

Invoices made before this are given them from their business or person as they read now:
the closest record there is of whom they were billed to. The names are spelt here as
``Business.display_name`` and ``User.display_name`` / ``mailing_address`` spell them when
this migration is written, since a migration reads the models as they were then.
"""

from django.db import migrations, models


def _business(business) -> tuple[str, str]:
    name = f"{business.legal_name} d/b/a {business.dba}" if business.dba else business.legal_name
    return name, business.mailing_address


def _person(user) -> tuple[str, str]:
    name = f"{user.first_name} {user.last_name}".strip() or user.username
    address = ", ".join(part for part in (user.street_address, user.city, user.postal_code)
                        if part)
    return name, address


def fill_payers(apps, schema_editor):
    Invoice = apps.get_model("licensing", "Invoice")
    unfilled = Invoice.objects.filter(payer_name="").exclude(
        payer__isnull=True, payer_business__isnull=True
    ).select_related("payer", "payer_business")
    for invoice in unfilled.iterator(chunk_size=500):
        name, address = (_business(invoice.payer_business) if invoice.payer_business_id
                         else _person(invoice.payer))
        Invoice.objects.filter(pk=invoice.pk).update(payer_name=name, payer_address=address)


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0006_user_language'),
        ('licensing', '0013_document_rejection_reason'),
        ('parties', '0003_property_owners'),
    ]

    operations = [
        migrations.AddField(
            model_name='invoice',
            name='payer_address',
            field=models.CharField(
                blank=True, max_length=320,
                help_text='The mailing address it was billed to when it was made.'),
        ),
        migrations.AddField(
            model_name='invoice',
            name='payer_name',
            field=models.CharField(
                blank=True, max_length=410,
                help_text='Whom it is billed to, as named when it was made; blank when no one is.'),
        ),
        migrations.RunPython(fill_payers, migrations.RunPython.noop),
    ]
