"""The printable citation (MGL c.40 §21D): the paper the officer hands over or mails, and
the one the cited person prints from their own page.

It says what the law requires the notice of a non-criminal disposition to say: the
offense and its section, the date, the amount, and that the person may pay it within
the town's window or ask for a hearing by its last day (North Andover Code ch. 60,
Non-criminal disposition; the window of each town's citation policy). Once a hearing is
asked for it says so, with the hearing's day, hour and place once set and its decision once
made, and names nothing owed while the hearing waits. It is a legal document in English,
like the license; its labels carry the cited person's language beside them, whoever prints
it (``{% bilingual %}``).
"""

from __future__ import annotations

from django.urls import reverse

from permits_site.enforcement.services.dispositions import PAYABLE, Standing
from permits_site.links import absolute_url
from permits_site.online_payments.models import PaymentOffice
from permits_site.pdf.html import render_pdf
from permits_site.pdf.referrals import referral_context


def party_language(citation) -> str:
    """The saved language of the person cited (of the business's: the language of the
    person the case names, if any), else English."""
    party = citation.case.party
    return (party.language if party is not None else "") or "en"


def render_citation_pdf(citation, *, hearing_open: bool) -> bytes:
    """The citation ``citation`` (loaded through ``dispositions.with_answers``);
    ``hearing_open``: whether the person may still ask for a hearing today."""
    context = referral_context(citation)
    standing = context["standing"]
    context.update(
        hearing_open=hearing_open,
        payable=standing in PAYABLE and context["balance"] > 0,
        answerable=standing in (Standing.DUE, Standing.WARNING),
        office=PaymentOffice.objects.filter(municipality=citation.case.municipality).first(),
        own_page=absolute_url(reverse("citations:detail", args=[citation.pk])),
    )
    return render_pdf("pdf/citation.html", context, language=party_language(citation))
