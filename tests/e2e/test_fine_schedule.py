"""North Andover's fine schedule in a real browser (Code ch. 60; MGL c.40 §21D).

- The town admin adds an offense with its section and amounts from the Fine schedules
  page, without a deploy; the Animal Control Officer cites it on a case the same day.
- An offense whose amount the Select Board has not set (Restraint A(2), chasing) cannot
  be cited: the officer is told why, naming the section.

Every page on the way is checked with axe for WCAG 2.1 AA.
"""

import re

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from permits_site.enforcement.models import Citation
from permits_site.enforcement.services import open_case
from tests.e2e.conftest import assert_accessible, open_main_nav, sign_in
from tests.factories import PASSWORD, Role, municipality, staff


def new_case(case_type: str, officer):
    return open_case(municipality=municipality("north_andover"), case_type=case_type,
                     party=None, party_name="Pat Doe", address="12 Elm St, North Andover",
                     complaint="Seen by the officer.", received_on=timezone.localdate(),
                     acting_user=officer)


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", username="alice")


def test_the_admin_adds_an_offense_and_the_officer_cites_it(page, live_server, aco):
    staff(Role.ADMIN, "north_andover", username="adam")
    case = new_case("north_andover.other_offense", aco)

    sign_in(page, live_server, "adam", PASSWORD)
    open_main_nav(page)
    page.get_by_role("link", name="Fine schedules").click()
    expect(page.get_by_role("heading", name="North Andover")).to_be_visible()
    expect(page.get_by_text("Not set").first).to_be_visible()
    assert_accessible(page)
    page.get_by_role("link", name="Add an offense to the North Andover fine schedule").click()
    page.get_by_label("Offense code").fill("dog_on_town_beach")
    page.locator("#id_description").fill("Dog on the town beach in summer")
    page.get_by_label("What the offense is, in Portuguese (Brazil)").fill(
        "Cão na praia municipal no verão")
    page.get_by_label("Section of the law").fill("North Andover Code ch. 60, Restraint G(3)")
    page.get_by_label("First offense ($)").fill("25")
    page.get_by_label("Second offense ($)").fill("50")
    page.get_by_label("Third and later offenses ($)").fill("75")
    assert_accessible(page)
    page.get_by_role("button", name="Save new version").click()
    expect(page.get_by_text("Offense added to the fine schedule.")).to_be_visible()
    expect(page.get_by_role("cell", name=re.compile(r"^Dog on the town beach in summer"))
           ).to_be_visible()
    assert_accessible(page)

    page.context.clear_cookies()
    sign_in(page, live_server, "alice", PASSWORD)
    page.goto(f"{live_server.url}/enforcement/cases/{case.pk}/")
    citation_form = page.locator("#citation-section")
    citation_form.get_by_label("Offense", exact=True).select_option("dog_on_town_beach")
    assert_accessible(page)
    citation_form.get_by_role("button", name="Issue citation").click()
    expect(page.get_by_text("Citation issued.")).to_be_visible()
    assert_accessible(page)

    citation = Citation.objects.get()
    assert (citation.offense, f"{citation.amount_per_offense}") == ("dog_on_town_beach", "25.00")
    assert citation.citation == "North Andover Code ch. 60, Restraint G(3)"


def test_an_offense_the_select_board_has_not_priced_cannot_be_cited(page, live_server, aco):
    case = new_case("north_andover.animal_restraint", aco)

    sign_in(page, live_server, "alice", PASSWORD)
    page.goto(f"{live_server.url}/enforcement/cases/{case.pk}/")
    citation_form = page.locator("#citation-section")
    citation_form.get_by_label("Offense", exact=True).select_option("chasing")
    citation_form.get_by_role("button", name="Issue citation").click()

    expect(page.get_by_text("no amount is set on the town's fine schedule yet").first
           ).to_be_visible()
    expect(page.get_by_text("Restraint A(2) leaves the fine to the Select Board").first
           ).to_be_visible()
    assert_accessible(page)
    assert not Citation.objects.exists()
