"""Every paper speaks its own town's law: what Northborough prints — licenses, the written
variance (§8.2), the abutters' hearing notice (§2.2), the court referral packet, the letters
it sends — never says what belongs to Tisbury's regulations (a waiver posted at the site,
09.0.3; barrier beaches, boats, surcharges), and Tisbury's papers never say Northborough's
(a variance kept at the Board's office, §8)."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from fixtures.demo import build
from permits_site.enforcement.models import Citation
from permits_site.enforcement.services import dispositions
from permits_site.licensing.models import Permit, Variance
from permits_site.licensing.services.applications import approve_application
from permits_site.licensing.services.hearings import decide_hearing, schedule_hearing
from permits_site.licensing.services.permits import issue_permit
from permits_site.licensing.services.variances import request_variance, sign_variance
from permits_site.notifications.models import Message
from permits_site.pdf.citations import render_citation_pdf
from permits_site.pdf.notices import render_hearing_notices_pdf
from permits_site.pdf.referrals import render_referral_packet_pdf
from permits_site.pdf.rendering import render_permit_pdf_bytes
from permits_site.pdf.variances import render_variance_notice_pdf
from tests.e2e.plain_language import pdf_title_and_text
from tests.factories import Role, UserFactory, staff
from tests.stables.flow import accept_documents, answers, pay, sign_off, submitted
from tests.tisbury.support import WRITTEN_WAIVER
from tests.tisbury.test_septic_and_well_permits import (
    WELL,
    WELL_ANSWERS,
    WELL_DOCUMENTS,
    lot,
    start,
    submitted_with_documents,
)

pytestmark = pytest.mark.django_db

#: What only Tisbury's regulations say: a waiver posted at the site (09.0.3), barrier
#: beaches (09.9), boats (09.4.10) and the surcharge schedules.
TISBURY_WORDS = ("waiver", "posted at the site", "barrier beach", "boat", "surcharge",
                 "Tisbury")
#: What only Northborough's regulations say: a variance kept at the Board's office (§8.2).
NORTHBOROUGH_WORDS = ("variance", "available to the public at the office", "Northborough",
                      "§8")
FOREIGN = {"northborough": TISBURY_WORDS, "tisbury": NORTHBOROUGH_WORDS}
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)
ABUTTERS = [{"name": "Ann Abbot", "mailing_address": "14 Bartlett Street",
             "certified_mail_number": "7019 0700 0000 0000 0001"}]


def words(content: bytes) -> str:
    title, text = pdf_title_and_text(content)
    return f"{title} {text}"


def foreign_words(town: str, text: str) -> list[str]:
    return [word for word in FOREIGN[town] if word.lower() in text.lower()]


def assert_speaks_its_own_law(papers: list[tuple[str, str, str]]) -> None:
    """``papers``: (town, what the paper is, its words)."""
    assert papers
    wrong = {what: found for town, what, text in papers
             if (found := foreign_words(town, text))}
    assert not wrong, wrong


def hearing_on(application, clerk, on: dt.date):
    """The hearing three weeks after the notices are mailed on ``on`` (a Monday, when the
    offices are open)."""
    return schedule_hearing(application=application, hearing_date=on + dt.timedelta(days=21),
                            notices_mailed_on=on, location="Town Hall, 7 pm",
                            abutters=ABUTTERS, acting_user=clerk)


def granted(application, *, clerk, members, conditions: str, **written):
    variance = request_variance(application=application, rule_ids=written.pop("rules"),
                                request_text="Asked in writing.", acting_user=clerk,
                                **written)
    for member in members:
        variance = sign_variance(variance=variance, board_member=member, approve=True,
                                 conditions=conditions, bases="The lot predates the rule.")
    return variance


def decided_and_issued(application, hearing, clerk) -> Permit:
    decide_hearing(hearing=hearing, decision="Granted.", decided_on=hearing.hearing_date,
                   acting_user=clerk)
    approve_application(application=application, acting_user=clerk)
    return issue_permit(application=application, acting_user=clerk)


def papers_of(permit: Permit, variance: Variance, hearing) -> list[tuple[str, str]]:
    return [("license", words(render_permit_pdf_bytes(permit))),
            ("written variance", words(render_variance_notice_pdf(variance))),
            ("hearing notice", words(render_hearing_notices_pdf(hearing)))]


@time_machine.travel(MARCH_15_2027, tick=False)
def northborough_papers() -> list[tuple[str, str]]:
    """A stable 42 ft from the lot line, heard and varied by the Board, then licensed."""
    clerk = staff(Role.CLERK, "northborough")
    application = submitted(UserFactory(), facts=answers(distance_to_abutter_property_line_ft=42))
    accept_documents(application, clerk)
    pay(application, clerk)
    sign_off(application, clerk)
    hearing = hearing_on(application, clerk, MARCH_15_2027.date())
    variance = granted(application, clerk=clerk, members=[staff(Role.BOARD_MEMBER,
                                                                  "northborough")],
                       conditions="Evergreen screen on the east line.",
                       rules=["nb.4.1a.lot_line"])
    with time_machine.travel(dt.datetime(2027, 4, 5, 10, 0), tick=False):
        permit = decided_and_issued(application, hearing, clerk)
    return papers_of(permit, variance, hearing)


@time_machine.travel(dt.datetime(2030, 6, 3, 10, 0), tick=False)
def tisbury_papers() -> list[tuple[str, str]]:
    """An untested well registered under a waiver two Board members signed after a hearing."""
    owner = UserFactory()
    clerk = staff(Role.CLERK, "tisbury")
    application = submitted_with_documents(
        start(owner, WELL, lot(owner), **{**WELL_ANSWERS, "tested": False}), WELL_DOCUMENTS,
        clerk=clerk)
    variance = granted(application, clerk=clerk,
                       members=[staff(Role.BOARD_MEMBER, "tisbury") for _ in range(2)],
                       conditions="Test within 30 days.", rules=["ti.3.1.3.ready"],
                       **WRITTEN_WAIVER)
    hearing = hearing_on(application, clerk, dt.date(2030, 6, 3))
    with time_machine.travel(dt.datetime(2030, 6, 24, 10, 0), tick=False):
        permit = decided_and_issued(application, hearing, clerk)
    return papers_of(permit, variance, hearing)


def test_a_northborough_variance_is_kept_at_the_board_s_office_in_its_own_words():
    papers = dict(northborough_papers())

    assert "available to the public at the office of the Board of Health" in papers[
        "written variance"]
    assert ("A variance of §4.1(a): 42 ft where 50 ft is required"
            in " ".join(papers["hearing notice"].split()))
    assert "Variance granted" in papers["written variance"]
    assert "Variance 1: rules varied" in papers["license"]
    assert_speaks_its_own_law([("northborough", what, text) for what, text in papers.items()])


def test_a_tisbury_waiver_is_posted_at_the_site_in_its_own_words():
    papers = dict(tisbury_papers())

    assert "To be posted at the site during construction" in papers["written variance"]
    assert "Waiver granted" in papers["written variance"]
    assert "Waiver 1: rules waived" in papers["license"]
    assert_speaks_its_own_law([("tisbury", what, text) for what, text in papers.items()])


def test_the_demo_s_papers_and_letters_speak_their_own_town_s_law():
    build()
    permits = Permit.objects.filter(municipality__code__in=FOREIGN).select_related(
        "municipality", "permit_type")
    citations = dispositions.with_answers(
        Citation.objects.filter(case__municipality__code__in=FOREIGN))
    letters = Message.objects.filter(municipality__code__in=FOREIGN).select_related(
        "municipality")

    papers = [
        *((permit.municipality.code, f"license {permit.number}",
           words(render_permit_pdf_bytes(permit))) for permit in permits),
        *((citation.case.municipality.code, f"referral packet of citation {citation.pk}",
           words(render_referral_packet_pdf(citation))) for citation in citations),
        *((citation.case.municipality.code, f"citation {citation.pk}",
           words(render_citation_pdf(citation, hearing_open=True))) for citation in citations),
        *((letter.municipality.code, f"letter “{letter.subject}”",
           f"{letter.subject} {letter.text}") for letter in letters),
    ]

    assert {town for town, _, _ in papers} == set(FOREIGN)
    assert_speaks_its_own_law(papers)
