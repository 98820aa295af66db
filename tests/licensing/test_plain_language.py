"""Plain language for residents: rule ids stay on staff screens; residents read what a rule
asks and its section, sign-offs the office has not recorded wait on the office, and the
authority that decides is named."""

import datetime as dt
import io

import pytest
import time_machine
from django.urls import reverse
from pypdf import PdfReader

from permits_site.licensing.services.applications import approve_application
from permits_site.licensing.services.permits import issue_permit
from permits_site.licensing.services.variances import request_variance, sign_variance
from permits_site.pdf.rendering import render_permit_pdf_bytes
from permits_site.pdf.variances import render_variance_notice_pdf
from permits_site.rules.registry import rule_in_plain_words
from tests.e2e.plain_language import page_text, rule_ids_in
from tests.factories import Role, UserFactory, staff
from tests.law.answers import PRIVATE_STABLE_42_FT, as_query
from tests.stables.flow import accept_documents, answers, drafted, pay, sign_off, submitted

pytestmark = pytest.mark.django_db
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)
LOT_LINE = "nb.4.1a.lot_line"
LOT_LINE_IN_WORDS = ("The stable is 50 ft or more from abutters' lot lines "
                     "(Northborough Horse & Stable Regs §4.1(a))")


@pytest.fixture
def keeper():
    return UserFactory(first_name="Kate", last_name="Keeper")


@pytest.fixture
def nb_clerk():
    return staff(Role.CLERK, "northborough", first_name="Nora", last_name="Clerk")


@pytest.fixture
def board_member():
    return staff(Role.BOARD_MEMBER, "northborough", first_name="Bea", last_name="Board")


def text_of(response) -> str:
    assert response.status_code == 200
    return page_text(response.content.decode())


def pdf_words(content: bytes) -> str:
    return " ".join(" ".join((page.extract_text() or "").split())
                    for page in PdfReader(io.BytesIO(content)).pages)


def too_close(keeper):
    """A stable 42 ft from the abutter's line (§4.1(a) asks 50), sign-offs not recorded."""
    return submitted(keeper, facts=answers(distance_to_abutter_property_line_ft=42))


def granted(application, clerk, board_member):
    variance = request_variance(
        application=application, rule_ids=[LOT_LINE],
        request_text="The barn predates the lot split.", acting_user=clerk,
    )
    return sign_variance(
        variance=variance, board_member=board_member, approve=True,
        conditions="Evergreen screen along the east line.",
        bases="The barn predates the lot line.",
    )


def test_the_rule_id_pattern_finds_ids_of_every_town_and_nothing_else():
    text = ("Rules na.lic.A.timely, nb.2.2.notice_days and ti.9.7.6.private_well; "
            "ti.5.5.pets. Not: Tisbury BOH Reg 09.9.7(6), §4.1(a), na., www.nb.gov")

    assert rule_ids_in(text) == ["na.lic.A.timely", "nb.2.2.notice_days",
                                 "ti.9.7.6.private_well", "ti.5.5.pets"]


def test_page_text_reads_words_and_labels_but_not_markup_or_scripts():
    html = ('<p data-rule="nb.2.3.zoning">Seen <span aria-label="ti.5.5.pets">x</span></p>'
            '<script>var rule = "na.lic.A.timely";</script><input type="hidden" '
            'value="nb.4.1.concom">')

    assert page_text(html) == "Seen ti.5.5.pets x"


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_applicant_reads_sections_and_waits_on_the_office_not_rule_ids(client, keeper):
    application = too_close(keeper)
    client.force_login(keeper)

    text = text_of(client.get(reverse("licensing:application", args=[application.pk])))

    assert rule_ids_in(text) == []
    assert "Northborough Horse & Stable Regs §4.1(a)" in text
    assert text.count("Blocks the permit:") == 1
    assert text.count("Waits for the office's decision") == 2
    assert ("Waits for the office's decision: The zoning authority certified the stable."
            in text)
    assert "1 rule blocks the permit." in text


@time_machine.travel(MARCH_15_2027, tick=False)
def test_recorded_sign_offs_no_longer_wait_on_the_office(client, keeper, nb_clerk):
    application = too_close(keeper)
    sign_off(application, nb_clerk)
    client.force_login(keeper)

    text = text_of(client.get(reverse("licensing:application", args=[application.pk])))

    assert "Waits for the office's decision" not in text
    assert text.count("Meets the rule") >= 2


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_rule_a_granted_variance_covers_is_not_met_but_no_longer_blocks_8_2(
    client, keeper, nb_clerk, board_member
):
    """§4.1(a) varied by the Board (§8.2): the setback is still not met, the variance covers
    it, and nothing in the applicant's answers blocks the permit any more."""
    application = too_close(keeper)
    variance = granted(application, nb_clerk, board_member)
    sign_off(application, nb_clerk)
    client.force_login(keeper)

    text = text_of(client.get(reverse("licensing:application", args=[application.pk])))

    assert ("Does not meet the rule: The stable's distance from the nearest abutter's "
            "property line is 42 ft" in text)
    assert f"Covered by variance #{variance.pk}" in text
    assert "Blocks the permit" not in text and "rule blocks the permit" not in text
    assert "Nothing in your answers blocks the permit." in text


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_review_screen_keeps_the_rule_ids_for_staff_behind_a_disclosure(
    client, keeper, nb_clerk
):
    application = too_close(keeper)
    client.force_login(nb_clerk)

    html = client.get(reverse("licensing:review", args=[application.pk])).content.decode()

    assert {LOT_LINE, "nb.2.3.zoning", "nb.4.1.concom"} <= set(rule_ids_in(page_text(html)))
    assert rule_ids_in(page_text(html, disclosures=False)) == []
    assert LOT_LINE_IN_WORDS in page_text(html, disclosures=False)


def test_check_before_you_apply_names_sections_not_rule_ids(client):
    response = client.get(
        reverse("law:check", args=["northborough", "northborough.private_stable"]),
        as_query(PRIVATE_STABLE_42_FT),
    )
    text = text_of(response)

    assert rule_ids_in(text) == []
    assert ("The stable is 50 ft or more from abutters' lot lines ✗ Not met." in text)
    assert "Northborough Horse & Stable Regs §4.1(a)" in text


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_license_pdf_names_the_varied_rule_in_words_and_its_section(
    keeper, nb_clerk, board_member
):
    application = too_close(keeper)
    accept_documents(application, nb_clerk)
    pay(application, nb_clerk)
    sign_off(application, nb_clerk)
    granted(application, nb_clerk, board_member)
    approve_application(application=application, acting_user=nb_clerk)
    permit = issue_permit(application=application, acting_user=nb_clerk)

    text = pdf_words(render_permit_pdf_bytes(permit))

    assert rule_ids_in(text) == []
    assert "The stable is 50 ft or more from abutters' lot lines" in text
    assert "§4.1(a)" in text


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_waiver_notice_names_the_rule_in_words(keeper, nb_clerk, board_member):
    variance = granted(too_close(keeper), nb_clerk, board_member)

    text = pdf_words(render_variance_notice_pdf(variance))

    assert rule_ids_in(text) == []
    assert "The stable is 50 ft or more from abutters' lot lines" in text


def test_a_rule_in_plain_words_is_its_summary_and_section():
    assert rule_in_plain_words(LOT_LINE) == LOT_LINE_IN_WORDS
    assert rule_ids_in(rule_in_plain_words("nb.9.9.withdrawn")) == []


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_stable_confirmation_names_the_board_of_health(client, keeper):
    application = drafted(keeper)
    client.force_login(keeper)

    response = client.post(reverse("licensing:submit", args=[application.pk]), follow=True)

    text = text_of(response)
    assert "The Board of Health decides" in text
    assert "Town Clerk will review" not in text
