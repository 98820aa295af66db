"""License and notice PDFs, rendered with WeasyPrint from HTML templates.

WeasyPrint (with Pango, cffi and fontTools behind it) costs about a second to import,
so it is imported where a PDF is written, not when this module is: every process that
imports the issuing services would otherwise pay for it at start-up (issue 13). The QR
code library likewise, where a code is drawn (issue 24).
"""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils import translation

from permits_site.licensing.kinds import kind_for
from permits_site.pdf.html import html_to_pdf
from permits_site.pdf.links import verification_url
from permits_site.rules.registry import rule_in_plain_words


def qr_svg_data_uri(url: str) -> str:
    import segno

    return segno.make(url, error="m").svg_data_uri(scale=4, border=2)


def variance_in_plain_words(variance: dict) -> dict:
    """A variance frozen on the license, its rules named in words."""
    return {**variance, "rules": [rule_in_plain_words(rule_id) for rule_id in variance["rules"]]}


def holder_language(permit) -> str:
    """The language the license's labels are also printed in: the saved language of the
    holder (for a business, the member who applied), whoever asks for the PDF."""
    return permit.holder.language or "en"


def permit_html(permit) -> str:
    """The license as HTML: town, type, number, what it is about, the declared answers (as
    rows or sentences), term, fee paid, conditions, variances, QR code to /verify. It is a
    legal document in English; its labels and explanations carry the holder's language
    beside them (``{% bilingual %}``)."""
    with translation.override(holder_language(permit)):
        return _render_permit_html(permit)


def _render_permit_html(permit) -> str:
    url = verification_url(permit)
    kind = kind_for(permit.permit_type.code)
    return render_to_string(
        "pdf/permit.html",
        {
            "permit": permit,
            "subject": kind.subject(permit),
            "details": kind.document_context(permit),
            "period_in_words": kind.period_in_words(permit),
            "statements": kind.document_statements(permit),
            "variance_noun": kind.variance_notice.noun,
            "conditions": [item for item in permit.conditions if item.get("kind") != "variance"],
            "variances": [variance_in_plain_words(item) for item in permit.conditions
                          if item.get("kind") == "variance"],
            "verify_url": url,
            "qr_code": qr_svg_data_uri(url),
        },
    )


def render_permit_pdf_bytes(permit) -> bytes:
    return html_to_pdf(permit_html(permit))
