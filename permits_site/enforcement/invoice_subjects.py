"""A citation's invoice, named as its payer's pages name the citation, and a charge's on a
case (``permits_site.licensing.invoice_subjects``)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext_noop

from permits_site.licensing.invoice_subjects import InvoiceSubject
from permits_site.licensing.models import Invoice
from permits_site.rules.wording import explain
from permits_site.towns.typed_text import typed_value


def citation_subject(invoice: Invoice) -> InvoiceSubject | None:
    """The fine of a citation: its page gives the last day to pay and the hearing the person
    cited may ask for (MGL c.40 §21D, or the town's own window)."""
    citation = getattr(invoice, "citation", None)
    if citation is None:
        return None
    number = str(citation.pk)
    return InvoiceSubject(
        name=explain(gettext_noop("Citation #%(number)s: %(offense)s, %(town)s"),
                     number=number, offense=typed_value(citation, "description"),
                     town=invoice.municipality.short_name),
        label=explain(gettext_noop("Citation #%(number)s"), number=number),
        url=reverse("citations:detail", args=[citation.pk]),
        purpose=gettext_noop("its page gives the last day to pay and the hearing you may "
                             "ask for"),
        staff_label=f"Citation #{citation.pk}",
        staff_url=reverse("enforcement:citation", args=[citation.pk]))


def case_charge_subject(invoice: Invoice) -> InvoiceSubject | None:
    """A charge on a case, such as legal fees a permit holder found in violation reimburses:
    the party has no page of the case, so the invoice's own lines, each with its section,
    say what it is for."""
    charge = getattr(invoice, "case_charge", None)
    if charge is None:
        return None
    case = charge.case
    return InvoiceSubject(
        name=explain(gettext_noop("Charge on case #%(number)s at %(address)s, %(town)s"),
                     number=str(case.pk), address=case.address,
                     town=invoice.municipality.short_name),
        label=explain(gettext_noop("Case #%(number)s"), number=str(case.pk)),
        staff_label=f"Case #{case.pk}",
        staff_url=reverse("enforcement:case", args=[case.pk]))
