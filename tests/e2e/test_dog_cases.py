"""North Andover's dog cases in the browser: three running-at-large citations leading to a
potentially dangerous dog, an appeal inside the window and the ruling letters; a temporary
restraint order renewed once; and a nuisance finding (Restraint E) appealed to the Town
Clerk on the last of its 10 Monday-to-Thursday business days (Hearing authority B), heard
and ruled, the letters naming the further appeal's last day (C, E) (Code ch. 60)."""

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
#: A nuisance finding on the frozen Wednesday 10 June 2026: the appeal is due Monday 29 June;
#: the hearing and ruling on Thursday 9 July, a further appeal due Tuesday 28 July (ten
#: Monday-to-Thursday business days each).
NUISANCE_APPEAL_DUE = dt.date(2026, 6, 29)
NUISANCE_HEARD = dt.date(2026, 7, 9)
#: Where and when the Town Clerk sets each appeal's public hearing, as the page and the ruling
#: letters give them.
HEARING_TIME, HEARING_PLACE = "18:30", "Police Station, 1475 Osgood Street"
HEARD_AT = f"6:30 PM, {HEARING_PLACE}"


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
def designee(db):
    """The Chief's designee, who rules on the appeal of the Chief's own determination."""
    return staff(Role.HEARING_AUTHORITY, "north_andover", username="dana", first_name="Dana",
                 last_name="Designee")


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


def appeal_heard_and_ruled(page: Page, live_server, case: Case, *, appealed_on: dt.date,
                           heard_on: dt.date, grounds: str, ruling: str,
                           further_appeal: str, judge: str = "hal") -> list[str]:
    """The Town Clerk records the owner's appeal and its public hearing at 6:30 PM at the
    Police Station, the hearing authority signed in as ``judge`` (someone other than whoever
    made the decision appealed) rules "Modified"; the text of each ruling letter (owner,
    complainant, officer), each giving the hearing's hour and place."""
    with on(appealed_on):
        as_user(page, live_server, "tom", case)
        page.get_by_label("Appealed by").select_option("owner")
        page.get_by_label("Written request received by the Town Clerk on").fill(
            appealed_on.isoformat())
        page.get_by_label("Grounds of the appeal").fill(grounds)
        page.get_by_role("button", name="Record appeal").click()
        done(page, "Appeal recorded.")
        page.get_by_label("Public hearing on").fill(heard_on.isoformat())
        page.get_by_label("Hearing time").fill(HEARING_TIME)
        page.get_by_label("Hearing place").fill(HEARING_PLACE)
        page.get_by_role("button", name="Schedule hearing").click()
        done(page, "Public hearing scheduled.")
        expect(page.locator(".appeal-hearing")).to_contain_text(HEARD_AT)

    with on(heard_on):
        as_user(page, live_server, judge, case)
        section = page.locator("#ruling-section")
        section.get_by_label("Modified", exact=True).check()
        section.get_by_label("Written ruling").fill(ruling)
        section.get_by_label("Decided on").fill(heard_on.isoformat())
        page.get_by_role("button", name="Record ruling").click()
        done(page, "Ruling recorded.")
        expect(page.locator("#appeal-window")).to_contain_text(further_appeal)
        letters = page.get_by_role("link", name="Ruling letters to owner, complainant and "
                                                "Animal Control Officer (PDF)")
        response = page.request.get(f"{live_server.url}{letters.get_attribute('href')}")

    assert response.headers["content-type"] == "application/pdf"
    texts = [" ".join(sheet.extract_text().split())
             for sheet in PdfReader(io.BytesIO(response.body())).pages]
    assert ["Pat Doe (Owner)" in texts[0], "Sam Neighbor (Complainant)" in texts[1],
            "Alice Officer (Animal Control Officer)" in texts[2]] == [True, True, True]
    assert all(HEARD_AT in text for text in texts)
    return texts


def test_three_citations_a_determination_an_appeal_and_the_ruling_letters(
        page, live_server, owner, aco, chief, designee, town_clerk):
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

    texts = appeal_heard_and_ruled(
        page, live_server, case, appealed_on=APPEALED, heard_on=HEARD,
        grounds="My dog only ran into the road.",
        ruling="Potentially dangerous; the signs suffice.",
        further_appeal="Hearing authority E", judge="dana")

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


@pytest.mark.docs_screenshot
def test_a_nuisance_finding_appealed_heard_and_ruled(page, live_server, owner, aco, chief,
                                                      town_clerk, docs_screenshot):
    case = dog_case(NUISANCE_DOG, owner, aco)

    as_user(page, live_server, "alice", case)
    expect(page.get_by_role("navigation", name="Main").get_by_role(
        "link", name="Impoundments")).to_be_visible()
    finding = page.locator("#nuisance_finding-section")
    finding.get_by_label("The dog is a nuisance").check()
    finding.get_by_label("E(3)").check()
    finding.get_by_label("Finding and reasons").fill("Barking for hours every night.")
    finding.get_by_label("Days the order is in force (at most 30)").fill("30")
    page.get_by_role("button", name="Record finding").click()
    done(page, "Finding recorded.")
    expect(page.locator("#nuisance-grounds")).to_contain_text("E(3)")
    expect(page.locator(".restraint-order")).to_contain_text(
        "in force through Friday, July 10, 2026")
    expect(page.locator("#appeal-window")).to_contain_text("Monday, June 29, 2026")
    docs_screenshot(page, "aco-nuisance-finding")

    texts = appeal_heard_and_ruled(
        page, live_server, case, appealed_on=NUISANCE_APPEAL_DUE, heard_on=NUISANCE_HEARD,
        grounds="The barking was another dog's.", ruling="Indoors from 10 p.m. only.",
        further_appeal="Tuesday, July 28, 2026")
    docs_screenshot(page, "hearing-authority-ruling")

    assert all("Barking for hours every night." in text and "Modified" in text
               and "Tuesday, July 28, 2026" in text for text in texts)
