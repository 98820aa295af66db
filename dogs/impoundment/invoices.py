"""What an impoundment's invoices are for, as the core names every invoice's subject
(``permits_site.licensing.invoice_subjects``): the fees the owner pays to reclaim the animal
(Impoundment C) and an adoption's fee (Impoundment H)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext_noop

from dogs.law import cite
from dogs.models import Impoundment
from permits_site.licensing.invoice_subjects import InvoiceSubject
from permits_site.licensing.models import Invoice
from permits_site.rules.wording import explain


def _animal(record: Impoundment) -> str:
    return record.dog.name if record.dog is not None else record.description


def _label(record: Impoundment) -> str:
    return explain(gettext_noop("Impoundment #%(number)s"), number=str(record.pk))


def fees_subject(invoice: Invoice) -> InvoiceSubject | None:
    """The pick-up, impound and boarding fees its owner pays to take the animal home
    (Impoundment C): the owner's page of the impoundment says when it was taken, how long
    it is held and what its release needs."""
    record = getattr(invoice, "impoundment", None)
    if record is None:
        return None
    animal = _animal(record)
    return InvoiceSubject(
        name=explain(gettext_noop("Impoundment #%(number)s: %(animal)s, taken into custody "
                                  "on %(day)s"),
                     number=str(record.pk), animal=animal, day=record.impounded_on),
        label=_label(record),
        url=reverse("dogs:impoundment_owner", args=[record.pk]),
        purpose=explain(gettext_noop("the fees to take %(animal)s home from the Animal "
                                     "Control Officer (%(section)s)"),
                        animal=animal, section=cite("Impoundment C")),
        staff_label=f"Impoundment #{record.pk}",
        staff_url=reverse("dogs:impoundment", args=[record.pk]))


def adoption_subject(invoice: Invoice) -> InvoiceSubject | None:
    """An adoption's fee (Impoundment H), paid at the counter by an adopter who has no
    account here: named for the Clerk's screens only."""
    record = getattr(invoice, "adoption", None)
    if record is None:
        return None
    return InvoiceSubject(
        name=f"Adoption fee of impoundment #{record.pk}", label=_label(record),
        staff_label=f"Impoundment #{record.pk} (adoption)",
        staff_url=reverse("dogs:impoundment", args=[record.pk]))
