"""Letters, one page per recipient in one PDF (``pdf/letters.html``: the town and its
authority at the head of each), and the abutters' notice letters of a public hearing.

Each letter carries the certified-mail article number when the Clerk has it,
else a blank line to write it on (Northborough Horse & Stable Regs §2.2:
abutters notified by certified mail before the hearing). A hearing postponed before its
day is noticed again by letters that say it is continued and from which day.
"""

from __future__ import annotations

from permits_site.licensing.kinds import kind_for
from permits_site.pdf.html import render_pdf


def render_letters_pdf(template: str, *, letters, town: str, authority: str,
                       **context) -> bytes:
    """One letter per recipient of ``letters`` (``letter`` in ``template``, which extends
    ``pdf/letters.html``), headed by ``town`` and ``authority``, in English."""
    return render_pdf(template, {
        "letters": letters, "town": town, "authority": authority, **context})


def render_hearing_notices_pdf(hearing) -> bytes:
    """Town, Board, applicant, site, date, time and place of the hearing, section, mailing
    date; a continued hearing's letter says so and names the day it was set for before."""
    application = hearing.application
    kind = kind_for(application.permit_type.code)
    return render_letters_pdf(
        "pdf/hearing_notice.html", letters=hearing.abutters.all(),
        town=application.municipality.name, authority=application.permit_type.authority,
        hearing=hearing, application=application, site=kind.describe(application),
        citation=kind.hearing_citation, notice_days=kind.hearing_notice_days,
        continued_from=hearing.continued_from)
