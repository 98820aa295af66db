"""Residence limits in the browser (North Andover Code ch. 60, Limits A, E): five dogs of two
occupants, the written warning, the time to re-home, the per-day fine from the day after it,
and the dog's page showing the case."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from playwright.sync_api import Page, expect

from permits_site.enforcement.models import Case
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, DogFactory, PropertyFactory, Role, UserFactory, staff

#: Friday, June 19, 2026: the time allowed to re-home; the fine can be written from Saturday.
REHOME_BY = dt.date(2026, 6, 19)


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", username="alice",
                 first_name="Alice", last_name="Officer")


@pytest.fixture
def residence(db):
    residence = PropertyFactory(address="40 Osgood Street")
    owner = UserFactory(first_name="Robin", last_name="Keeper")
    DogFactory(owner=owner, residence=residence, name="Pepper")
    for name in ("Scout", "Juniper"):
        DogFactory(owner=owner, residence=residence, name=name)
    for name in ("Maple", "Otis"):
        DogFactory(owner=UserFactory(), residence=residence, name=name)
    return residence


def done(page: Page, message: str) -> None:
    expect(page.get_by_text(message)).to_be_visible()
    assert_accessible(page)


def test_a_warning_then_a_fine_after_the_rehoming_date(page, live_server, aco, residence):
    sign_in(page, live_server, "alice", PASSWORD)
    page.goto(f"{live_server.url}/dogs/limits/new/")
    assert_accessible(page)
    page.get_by_label("Street address of the residence").fill("40 Osgood Street")
    page.get_by_label("Responsible occupant's name").fill("Robin Keeper")
    page.get_by_label("Complaint or findings").fill("Neighbors count five dogs.")
    page.get_by_role("button", name="Open case").click()
    done(page, "opened.")
    expect(page.locator(".count").first).to_contain_text("Dogs over six months: 5")
    expect(page.locator(".count").first).to_contain_text("Limits A")

    page.get_by_role("button", name="Write warning or citation").click()
    done(page, "Citation written.")
    expect(page.locator(".limit-citation")).to_contain_text("written warning, no fine")
    page.get_by_label("Re-home the animals by").fill(REHOME_BY.isoformat())
    page.get_by_label("What the owner must do").fill("Place one dog in alternate care.")
    page.get_by_role("button", name="Issue re-homing order").click()
    done(page, "Re-homing order issued.")
    expect(page.locator("#rehoming")).to_contain_text("Friday, June 19, 2026")
    case = Case.objects.get(case_type="north_andover.residence_limits")

    with time_machine.travel(dt.datetime(2026, 6, 20, 10, 0), tick=True):
        page.context.clear_cookies()
        sign_in(page, live_server, "alice", PASSWORD)
        page.goto(f"{live_server.url}/dogs/limits/{case.pk}/")
        assert_accessible(page)
        page.get_by_role("button", name="Write warning or citation").click()
        done(page, "Citation written.")
        expect(page.locator(".limit-citation").nth(1)).to_contain_text(
            "$25.00 per day, running until compliance")

        page.get_by_role("link", name="Pepper").click()
        expect(page.get_by_role("heading", name="Pepper, Labrador Retriever")).to_be_visible()
        assert_accessible(page)
        expect(page.locator("#cases")).to_contain_text(f"Case #{case.pk}")
        expect(page.locator("#citations")).to_contain_text("offense 2")
        expect(page.locator("#orders")).to_contain_text("Place one dog in alternate care.")
