"""The court referral packet of a citation unpaid after its window (MGL c.40 §21D).

One document the town sends the District Court with its complaint: the
party, the offense and its section, the offense's number on the party's
record, what it amounts to, the window and its section, the hearing asked
for (if any) and what was paid.
"""

from __future__ import annotations

from django.utils import timezone

from permits_site.enforcement.services import dispositions
from permits_site.enforcement.services.citations import policy_of
from permits_site.pdf.html import render_pdf


def referral_context(citation) -> dict:
    today = timezone.localdate()
    invoice = citation.invoice
    return {
        "citation": citation,
        "case": citation.case,
        "policy": policy_of(citation),
        "standing": dispositions.standing(citation, on=today),
        "hearing": dispositions.hearing_of(citation),
        "pay_by": dispositions.pay_by(citation),
        "amount": dispositions.amount(citation, on=today),
        "balance": dispositions.balance(citation),
        "lines": list(invoice.lines.all()) if invoice else [],
        "payments": list(invoice.payments.all()) if invoice else [],
        "surcharge_event": dispositions.current_surcharge_event(citation),
        "today": today,
    }


def render_referral_packet_pdf(citation) -> bytes:
    """The packet for ``citation`` (loaded through :func:`dispositions.with_answers`), in
    English, the court's language, its dates and amounts too, whatever language the staff
    member reads the site in."""
    return render_pdf("pdf/citation_referral.html", referral_context(citation))
