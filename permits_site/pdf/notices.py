"""The abutters' notice letters of a public hearing, one page per abutter.

Each letter carries the certified-mail article number when the Clerk has it,
else a blank line to write it on (Northborough Horse & Stable Regs §2.2:
abutters notified by certified mail before the hearing).
"""

from __future__ import annotations

from django.template.loader import render_to_string

from permits_site.licensing.kinds import kind_for
from permits_site.pdf.html import html_to_pdf


def render_hearing_notices_pdf(hearing) -> bytes:
    """Town, Board, applicant, site, date and place of the hearing, section, mailing date."""
    application = hearing.application
    kind = kind_for(application.permit_type.code)
    html = render_to_string(
        "pdf/hearing_notice.html",
        {
            "hearing": hearing,
            "application": application,
            "abutters": hearing.abutters.all(),
            "site": kind.describe(application),
            "citation": kind.hearing_citation,
            "notice_days": kind.hearing_notice_days,
        },
    )
    return html_to_pdf(html)
