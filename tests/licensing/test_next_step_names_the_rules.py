"""A rule the answers do not meet holds the permit whatever else is cleared, so "What happens
next" names it with its section and the relief its town's law offers, after any gate that
comes first (spec ``lifecycle.md``, "What a failed rule does"): a Northborough variance the
applicant may ask the Board for (§8.2) — or one already before the Board, waiting for its
decision; a granted one no longer holds anything — a Tisbury waiver (09.0.3), none where the
law puts the rule beyond it (a Designated Barrier Beach rule on a barrier beach, 09.9.1), and
none in North Andover (chapter 60): the permit is not issued unless the facts change, which a
draft's answers may say."""

import pytest
from django.urls import reverse

from permits_site.licensing.models import DocumentStatus
from permits_site.licensing.services.applications import blockers
from permits_site.licensing.services.documents import review_document
from permits_site.licensing.services.next_step import next_step
from permits_site.licensing.services.variances import (
    deny_variance,
    request_variance,
    sign_variance,
)
from permits_site.parties.services import find_or_create_property
from tests.dogs.kennels import kennel_application, kennel_draft
from tests.factories import Role, UserFactory, municipality, staff
from tests.licensing.test_waiver_refusals import disposal_works_on
from tests.stables.flow import answers, drafted, submitted
from tests.tisbury.support import WRITTEN_WAIVER

pytestmark = pytest.mark.django_db

REGS = "Northborough Horse & Stable Regs"
LOT_LINE = f"“The stable is 50 ft or more from abutters' lot lines” ({REGS} §4.1(a))"
DWELLING = (f"“The stable is 150 ft or more from dwellings its owner does not occupy” "
            f"({REGS} §4.1(a))")
DOCUMENTS_FIRST = (f"The Northborough Board of Health's office will check your documents "
                   f"({REGS} §2.2); upload any still missing on this page, and you will get an "
                   f"e-mail once they are accepted.")
MAY_ASK = (f"You may ask the Northborough Board of Health for a variance ({REGS} §8.2) from the "
           f"rule your answers do not meet, {LOT_LINE}; the permit waits on that rule until a "
           f"variance is granted.")
KENNEL_LOT_LINE = ("“The dog area is at least 20 ft from every lot line.” (North Andover Code "
                   "ch. 60, Kennel license B(3)(c))")


def said_next(application) -> str:
    return next_step(application, blockers=blockers(application))


def accept_documents(application) -> None:
    clerk = staff(Role.CLERK, application.municipality.code)
    for document in application.documents.filter(status=DocumentStatus.PENDING):
        review_document(document=document, accepted=True, acting_user=clerk)


@pytest.fixture
def too_close(db):
    """A submitted private stable 42 ft from the abutter's line (§4.1(a) asks 50 ft)."""
    return submitted(UserFactory(), facts=answers(distance_to_abutter_property_line_ft=42))


def ask_the_board(application):
    return request_variance(application=application, rule_ids=["nb.4.1a.lot_line"],
                            request_text="The barn predates the lot line.",
                            acting_user=application.applicant)


# -- Northborough: a variance (§8.2) ---------------------------------------------------


def test_after_the_documents_the_stable_waits_on_the_rule_and_may_ask_a_variance(too_close):
    assert said_next(too_close) == f"{DOCUMENTS_FIRST} {MAY_ASK}"


def test_with_the_documents_accepted_the_rule_is_what_happens_next(too_close):
    accept_documents(too_close)

    assert said_next(too_close) == MAY_ASK


def test_every_rule_not_met_is_named_with_its_section(db):
    application = submitted(UserFactory(), facts=answers(
        distance_to_abutter_property_line_ft=42, distance_to_nonowner_dwelling_ft=100))
    accept_documents(application)

    assert said_next(application) == (
        f"You may ask the Northborough Board of Health for a variance ({REGS} §8.2) from the 2 "
        f"rules your answers do not meet, {LOT_LINE} and {DWELLING}; the permit waits on those "
        f"rules until a variance is granted.")


def test_a_variance_asked_for_waits_for_the_boards_decision(too_close):
    ask_the_board(too_close)

    sentence = said_next(too_close)

    assert sentence == (
        f"{DOCUMENTS_FIRST} The Northborough Board of Health will decide your request for a "
        f"variance ({REGS} §8.2) from the rule {LOT_LINE}; the permit waits on that rule until "
        f"a variance is granted, and you will get an e-mail once it is decided.")
    assert "You may ask" not in sentence


def test_a_granted_variance_no_longer_holds_the_permit(too_close):
    variance = ask_the_board(too_close)
    assert "will decide your request for a variance" in said_next(too_close)
    sign_variance(variance=variance,
                  board_member=staff(Role.BOARD_MEMBER, "northborough"), approve=True,
                  conditions="Keep an evergreen screen.", bases="The barn predates the line.")

    sentence = said_next(too_close)

    assert sentence == DOCUMENTS_FIRST
    assert "§4.1(a)" not in sentence and "variance" not in sentence


def test_a_denied_variance_may_be_asked_again(too_close):
    deny_variance(variance=ask_the_board(too_close),
                  board_member=staff(Role.BOARD_MEMBER, "northborough"),
                  reason="Moving the barn is possible.")

    assert said_next(too_close).endswith(MAY_ASK)


def test_a_draft_may_ask_for_the_variance_once_submitted(db):
    draft = drafted(UserFactory(), facts=answers(distance_to_abutter_property_line_ft=42))

    assert said_next(draft) == (
        "You submit the application on this page once your answers and documents are ready; "
        "the Northborough Board of Health's office reviews it then. You may ask the "
        f"Northborough Board of Health for a variance ({REGS} §8.2) from the rule your answers "
        f"do not meet, {LOT_LINE}, once the application is submitted; the permit waits on that "
        "rule until a variance is granted.")


# -- Tisbury: a waiver (09.0.3), none from a barrier beach rule on a barrier beach (09.9.1) --


def test_a_tisbury_rule_may_be_waived_in_the_laws_word(db):
    application = disposal_works_on("coastal_district")

    sentence = said_next(application)

    assert sentence.endswith(
        "You may ask the Tisbury Board of Health for a waiver (Tisbury BOH Reg 09.0.3) of the 3 "
        "rules your answers do not meet, “The system is at least 300 ft (barrier beach) or 200 "
        "ft (coastal district) from the nearest private well” (Tisbury BOH Reg 09.9.7(6)), "
        "“Leaching area at least 2 times (barrier beach) or 1.7 times (coastal district) Title "
        "5” (Tisbury BOH Reg 09.9.7(7)) and “No new, upgraded or expanded system where a sewer "
        "connection is feasible” (Tisbury BOH Reg 09.0.8(14)); the permit waits on those rules "
        "until they are waived.")
    assert "variance" not in sentence


def test_a_tisbury_waiver_asked_for_waits_for_the_board(db):
    application = disposal_works_on("coastal_district")
    request_variance(application=application, rule_ids=["ti.0.8.14.sewer"],
                     request_text="The sewer main is out of reach.",
                     acting_user=application.applicant, **WRITTEN_WAIVER)

    sentence = said_next(application)

    assert ("The Tisbury Board of Health will decide your request for a waiver (Tisbury BOH "
            "Reg 09.0.3) of the rule “No new, upgraded or expanded system where a sewer "
            "connection is feasible") in sentence
    assert "the 2 rules your answers do not meet" in sentence


def test_a_barrier_beach_rule_on_a_barrier_beach_is_beyond_a_waiver(db):
    application = disposal_works_on("barrier_beach")

    sentence = said_next(application)

    assert ("waiver (Tisbury BOH Reg 09.0.3) of the rule your answers do not meet, “No new, "
            "upgraded or expanded system where a sewer connection is feasible") in sentence
    assert ("The Tisbury Board of Health's office will review the 2 rules your answers do not "
            "meet, “") in sentence
    assert ("(Tisbury BOH Reg 09.9.7(7)); the law allows no exception to them, so the permit "
            "cannot be issued unless the facts change, and you will get an e-mail with the "
            "decision.") in sentence


# -- North Andover: no relief (chapter 60) ----------------------------------------------


@pytest.fixture
def kennel_site(db):
    holder = UserFactory()
    site, _ = find_or_create_property(municipality=municipality("north_andover"),
                                      address="40 Kennel Road", acting_user=holder)
    return holder, site


def test_a_north_andover_rule_is_beyond_relief_and_the_facts_must_change(kennel_site):
    application = kennel_application(*kennel_site, distance_to_lot_line_ft=10)

    sentence = said_next(application)

    assert sentence.endswith(
        "accepted. The North Andover Town Clerk's office will review the rule your answers do "
        f"not meet, {KENNEL_LOT_LINE}; the law allows no exception to it, so the permit cannot "
        "be issued unless the facts change, and you will get an e-mail with the decision.")
    assert "variance" not in sentence and "waive" not in sentence


def test_a_north_andover_draft_may_change_its_answers(kennel_site):
    draft = kennel_draft(*kennel_site, distance_to_lot_line_ft=10)

    assert said_next(draft).endswith(
        "reviews it then. You may change your answers while the application is a draft: as "
        f"they stand they do not meet the rule {KENNEL_LOT_LINE}, and the law allows no "
        "exception to it, so the permit cannot be issued unless the facts change.")


# -- the applicant's page -----------------------------------------------------------------


def next_step_part(client, application) -> str:
    client.force_login(application.applicant)
    page = client.get(reverse("licensing:application", args=[application.pk])).content.decode()
    return page.split('id="next-step"', 1)[1].split("</p>", 1)[0]


def test_the_page_names_the_rule_and_links_to_the_variance_request(client, too_close):
    part = next_step_part(client, too_close)

    assert "will check your documents" in part
    assert "from the rule your answers do not meet, “The stable is 50 ft or more from " \
           "abutters&#x27; lot lines” (Northborough Horse &amp; Stable Regs §4.1(a))" in part
    assert f'href="{reverse("licensing:variance_ask", args=[too_close.pk])}"' in part
    assert "Ask the Board of Health for a variance" in part


def test_once_asked_the_page_says_the_board_decides_and_offers_no_second_request(
        client, too_close):
    ask_the_board(too_close)

    part = next_step_part(client, too_close)

    assert "will decide your request for a variance" in part
    assert "variance_ask" not in part and "/variance/" not in part


def test_the_kennel_page_says_the_facts_must_change_and_offers_no_relief(client, kennel_site):
    application = kennel_application(*kennel_site, distance_to_lot_line_ft=10)

    part = next_step_part(client, application)

    assert "the law allows no exception to it" in part
    assert "variance" not in part.lower() and "waive" not in part.lower()
