"""North Andover's dog cases in the browser: three running-at-large citations leading to a
potentially dangerous dog, an appeal inside the window and the ruling letters; and a
temporary restraint order renewed once (Code ch. 60)."""

from __future__ import annotations

import datetime as dt
import io

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from dogs.cases import NUISANCE_DOG, POTENTIALLY_DANGEROUS_DOG
from permits_site.enforcement.models import Case
from permits_site.enforcement.services import issue_citation, open_case
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, Role, UserFactory, municipality, staff

CITED_ON = (dt.date(2026, 9, 10), dt.date(2027, 1, 12), dt.date(2027, 5, 11))
#: Thursday 2 September 2027, before Labor Day: the appeal is due Wednesday 22 September.
DECIDED = dt.date(2027, 9, 2)
APPEALED = dt.date(2027, 9, 21)
HEARD = dt.date(2027, 10, 7)


def on(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=True)


@pytest.fixture
def owner(db):
    return UserFactory(username="pat", first_name="Pat", last_name="Doe")


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", username="alice",
                 first_name="Alice", last_name="Officer")


@pytest.fixture
def chief(db):
    return staff(Role.HEARING_AUTHORITY, "north_andover", username="hal", first_name="Hal",
                 last_name="Chief")


@pytest.fixture
def town_clerk(db):
    return staff(Role.CLERK, "north_andover", username="tom", first_name="Tom",
                 last_name="Clerk")


def dog_case(case_type: str, owner, officer) -> Case:
    return open_case(municipality=municipality("north_andover"), case_type=case_type,
                     party=owner, party_name="", address="12 Elm St",
                     complaint="The dog is loose again.", complainant="Sam Neighbor",
                     received_on=timezone.localdate(), acting_user=officer)


def as_user(page: Page, live_server, username: str, case: Case) -> None:
    page.context.clear_cookies()
    sign_in(page, live_server, username, PASSWORD)
    page.goto(f"{live_server.url}/dogs/cases/{case.pk}/")
    assert_accessible(page)


def done(page: Page, message: str) -> None:
    expect(page.get_by_text(message)).to_be_visible()
    assert_accessible(page)


def test_three_citations_a_determination_an_appeal_and_the_ruling_letters(
        page, live_server, owner, aco, chief, town_clerk):
    for day in CITED_ON:
        with on(day):
            issue_citation(case=dog_case("north_andover.dog_control", owner, aco),
                           offense="running_at_large", acting_user=aco)
    with on(DECIDED):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        as_user(page, live_server, "alice", case)
        expect(page.locator("#at-large-count")).to_have_text("3")
        page.get_by_label("Proposed determination").fill("Cited three times in a year.")
        page.get_by_role("button", name="Propose determination").click()
        done(page, "Determination proposed.")

        as_user(page, live_server, "hal", case)
        determination = page.locator("#determine-section")
        determination.get_by_label("Potentially dangerous", exact=True).check()
        determination.get_by_label("Reasons").fill("Three citations for running at large.")
        page.get_by_role("button", name="Record determination").click()
        done(page, "Determination recorded.")
        expect(page.locator("#criteria")).to_contain_text("B(1)(b)")
        expect(page.locator("#appeal-window")).to_contain_text("Wednesday, September 22, 2027")

    with on(APPEALED):
        as_user(page, live_server, "tom", case)
        page.get_by_label("Appealed by").select_option("owner")
        page.get_by_label("Written request received by the Town Clerk on").fill(
            APPEALED.isoformat())
        page.get_by_label("Grounds of the appeal").fill("My dog only ran into the road.")
        page.get_by_role("button", name="Record appeal").click()
        done(page, "Appeal recorded.")
        page.get_by_label("Public hearing on").fill(HEARD.isoformat())
        page.get_by_role("button", name="Schedule hearing").click()
        done(page, "Public hearing scheduled.")

    with on(HEARD):
        as_user(page, live_server, "hal", case)
        ruling = page.locator("#ruling-section")
        ruling.get_by_label("Modified", exact=True).check()
        ruling.get_by_label("Written ruling").fill("Potentially dangerous; the signs suffice.")
        ruling.get_by_label("Decided on").fill(HEARD.isoformat())
        page.get_by_role("button", name="Record ruling").click()
        done(page, "Ruling recorded.")
        expect(page.locator("#appeal-window")).to_contain_text("Hearing authority E")
        letters = page.get_by_role("link", name="Ruling letters to owner, complainant and "
                                                "Animal Control Officer (PDF)")
        response = page.request.get(f"{live_server.url}{letters.get_attribute('href')}")

    assert response.headers["content-type"] == "application/pdf"
    texts = [" ".join(sheet.extract_text().split())
             for sheet in PdfReader(io.BytesIO(response.body())).pages]
    assert ["Pat Doe (Owner)" in texts[0], "Sam Neighbor (Complainant)" in texts[1],
            "Alice Officer (Animal Control Officer)" in texts[2]] == [True, True, True]
    assert all("Modified" in text for text in texts)


def test_a_restraint_order_renewed_once(page, live_server, owner, aco):
    with on(dt.date(2027, 6, 1)):
        case = dog_case(NUISANCE_DOG, owner, aco)
        as_user(page, live_server, "alice", case)
        page.get_by_label("In force for (days, at most 30)").fill("30")
        page.get_by_role("button", name="Issue order").click()
        done(page, "Restraint order issued.")
        expect(page.locator(".restraint-order")).to_contain_text(
            "in force through Thursday, July 1, 2027")

    with on(dt.date(2027, 7, 1)):
        as_user(page, live_server, "alice", case)
        page.get_by_label("Written renewal").fill("The dog still gets out.")
        page.get_by_role("button", name="Renew order").click()
        done(page, "Restraint order renewed.")
        expect(page.locator(".restraint-order")).to_contain_text(
            "in force through Saturday, July 31, 2027")

    assert case.orders.get().renewals.count() == 1
