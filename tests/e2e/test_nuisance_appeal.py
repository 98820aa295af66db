"""A nuisance dog in the browser (North Andover Code ch. 60): the Animal Control Officer finds
the dog a nuisance and orders it restrained (Restraint E; Temporary restraint A), the Town
Clerk records the owner's appeal on the last day of its 10 Monday-to-Thursday business days
(Hearing authority B) and the public hearing, and the hearing authority's written ruling is
printed as letters with the further appeal's last day (C, E)."""

from __future__ import annotations

import datetime as dt
import io

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from dogs.cases import NUISANCE_DOG
from permits_site.enforcement.models import Case
from permits_site.enforcement.services import open_case
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, Role, UserFactory, municipality, staff

#: Wednesday 10 June 2026 (the frozen day): the appeal is due Monday 29 June.
APPEAL_DUE = dt.date(2026, 6, 29)
#: The public hearing and the ruling, Thursday 9 July: a further appeal is due Tuesday 28
#: July (ten Monday-to-Thursday business days).
HEARD = dt.date(2026, 7, 9)


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


def as_user(page: Page, live_server, username: str, case: Case) -> None:
    page.context.clear_cookies()
    sign_in(page, live_server, username, PASSWORD)
    page.goto(f"{live_server.url}/dogs/cases/{case.pk}/")
    assert_accessible(page)


def done(page: Page, message: str) -> None:
    expect(page.get_by_text(message)).to_be_visible()
    assert_accessible(page)


def test_a_nuisance_finding_appealed_heard_and_ruled(page, live_server, owner, aco, chief,
                                                      town_clerk):
    case = open_case(municipality=municipality("north_andover"), case_type=NUISANCE_DOG,
                     party=owner, party_name="", address="12 Elm St",
                     complaint="The dog barks all night.", complainant="Sam Neighbor",
                     received_on=timezone.localdate(), acting_user=aco)

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

    with on(APPEAL_DUE):
        as_user(page, live_server, "tom", case)
        page.get_by_label("Appealed by").select_option("owner")
        page.get_by_label("Written request received by the Town Clerk on").fill(
            APPEAL_DUE.isoformat())
        page.get_by_label("Grounds of the appeal").fill("The barking was another dog's.")
        page.get_by_role("button", name="Record appeal").click()
        done(page, "Appeal recorded.")
        page.get_by_label("Public hearing on").fill(HEARD.isoformat())
        page.get_by_role("button", name="Schedule hearing").click()
        done(page, "Public hearing scheduled.")

    with on(HEARD):
        as_user(page, live_server, "hal", case)
        ruling = page.locator("#ruling-section")
        ruling.get_by_label("Modified", exact=True).check()
        ruling.get_by_label("Written ruling").fill("Indoors from 10 p.m. only.")
        ruling.get_by_label("Decided on").fill(HEARD.isoformat())
        page.get_by_role("button", name="Record ruling").click()
        done(page, "Ruling recorded.")
        expect(page.locator("#appeal-window")).to_contain_text("Tuesday, July 28, 2026")
        letters = page.get_by_role("link", name="Ruling letters to owner, complainant and "
                                                "Animal Control Officer (PDF)")
        response = page.request.get(f"{live_server.url}{letters.get_attribute('href')}")

    assert response.headers["content-type"] == "application/pdf"
    texts = [" ".join(sheet.extract_text().split())
             for sheet in PdfReader(io.BytesIO(response.body())).pages]
    assert ["Pat Doe (Owner)" in texts[0], "Sam Neighbor (Complainant)" in texts[1],
            "Alice Officer (Animal Control Officer)" in texts[2]] == [True, True, True]
    assert all("Barking for hours every night." in text and "Modified" in text
               and "Tuesday, July 28, 2026" in text for text in texts)
