"""A citation's invoice, named as its payer's pages name the citation, and a charge's on a
case (``permits_site.licensing.invoice_subjects``)."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext_noop

from permits_site.enforcement.models import HearingOutcome
from permits_site.enforcement.services.dispositions import hearing_of
from permits_site.licensing.invoice_subjects import InvoiceSubject
from permits_site.licensing.models import Invoice
from permits_site.rules.wording import explain
from permits_site.towns.typed_text import typed_value

#: What a citation's page tells once its hearing is asked for (MGL c.40 §21D): a party asks
#: only once, so it says where the hearing left the fine, or that nothing is due meanwhile.
HEARING_WAITS = gettext_noop("its hearing is asked for: nothing is due until it is decided")
HEARING_DECIDED = {
    HearingOutcome.UPHELD: gettext_noop("upheld at its hearing: pay by %(date)s"),
    HearingOutcome.REDUCED: gettext_noop("reduced at its hearing: pay by %(date)s"),
    HearingOutcome.DISMISSED: gettext_noop("dismissed at its hearing: nothing is owed"),
}


def citation_subject(invoice: Invoice) -> InvoiceSubject | None:
    """The fine of a citation: its page gives the last day to pay and the hearing the person
    cited may ask for (MGL c.40 §21D, or the town's own window) — or, once the hearing is
    asked for, where it left the fine (a dismissed citation's invoice is void, never due)."""
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
        purpose=_citation_purpose(citation),
        staff_label=f"Citation #{citation.pk}",
        staff_url=reverse("enforcement:citation", args=[citation.pk]))


def _citation_purpose(citation) -> str:
    """What the citation's page tells its payer, by where its hearing stands (read from the
    citation's hearings, which a list of invoices prefetches)."""
    hearing = hearing_of(citation)
    if hearing is None:
        return gettext_noop("its page gives the last day to pay and the hearing you may ask "
                            "for")
    if hearing.decided_on is None:
        return HEARING_WAITS
    return explain(HEARING_DECIDED[hearing.outcome], date=hearing.pay_by or "")


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
