"""A bite in a real browser (North Andover Code ch. 60, ACO B(2); Welfare C): the Animal
Control Officer logs a call that becomes a bite record, the Animal Inspector orders the
quarantine and sees its end date (ten days after the bite), and the Town Clerk sees the
list of records kept past their two years. The walk runs on the suite's frozen business
day, Wednesday, June 10, 2026; every page state is checked with axe for WCAG 2.1 AA."""

from __future__ import annotations

import datetime as dt

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import _open_page, assert_accessible, open_main_nav, sign_in
from tests.factories import PASSWORD, BiteRecordFactory, Role, staff


@pytest.fixture
def people(db):
    staff(Role.ANIMAL_CONTROL_OFFICER, username="aco", first_name="Alex", last_name="Officer")
    staff(Role.INSPECTOR, username="inspector", first_name="Ivy", last_name="Inspector")
    staff(Role.CLERK, username="clerk", first_name="Cleo", last_name="Clerk")


@pytest.fixture
def second_page(browser):
    yield from _open_page(browser)


@pytest.fixture
def third_page(browser):
    yield from _open_page(browser)


def log_a_bite_call(page: Page, live_server, *, dog_tag: str = "") -> None:
    """The officer logs a call about a bite; ``dog_tag`` names a dog of the register by this
    year's tag number when the caller read it."""
    sign_in(page, live_server, "aco", PASSWORD)
    open_main_nav(page)
    page.get_by_role("link", name="Call log").click()
    expect(page.get_by_role("heading", name="Call log", level=1)).to_be_visible()
    assert_accessible(page)
    page.get_by_role("link", name="Log a call").click()
    page.get_by_label("Received (date and time)").fill("2026-06-10T08:45")
    page.get_by_label("What the call is about").select_option(label="Bite or attack")
    page.get_by_label("Caller's name").fill("Robin Caller")
    page.get_by_label("Place").fill("Stevens Street playground")
    page.get_by_label("Description of the animal").fill("Brown shepherd mix")
    page.get_by_label("Dog of the register").fill(dog_tag)
    page.get_by_label("What happened").fill("A dog bit a child on the hand.")
    assert_accessible(page)
    page.get_by_role("button", name="Log the call").click()
    expect(page.get_by_text("logged.")).to_be_visible()
    assert_accessible(page)


def make_it_a_bite_record(page: Page) -> str:
    page.get_by_role("link", name="Make it a bite record").click()
    expect(page.get_by_label("Place of the bite")).to_have_value("Stevens Street playground")
    assert_accessible(page)
    page.get_by_label("Name of the person bitten").fill("Casey Child")
    page.get_by_role("button", name="Record the bite").click()
    expect(page.get_by_role("heading", name="Bite record #", level=1)).to_be_visible()
    assert_accessible(page)
    return page.url


def test_a_call_becomes_a_bite_record_with_a_quarantine_and_the_clerk_sees_retention(
        page, second_page, third_page, live_server, people):
    BiteRecordFactory(bitten_on=dt.date(2024, 5, 2), victim_name="Old Record")
    log_a_bite_call(page, live_server)
    bite_url = make_it_a_bite_record(page)

    sign_in(second_page, live_server, "inspector", PASSWORD)
    second_page.goto(bite_url)
    expect(second_page.get_by_text("No quarantine order.")).to_be_visible()
    assert_accessible(second_page)
    second_page.get_by_label("Where the animal is confined").fill("The keeper's house")
    second_page.get_by_label("Served on (owner or keeper)").fill("Sam Keeper")
    second_page.get_by_role("button", name="Order the quarantine").click()
    expect(second_page.get_by_text("Quarantine ordered.")).to_be_visible()
    expect(second_page.locator("#quarantine")).to_contain_text("June 20, 2026")
    assert_accessible(second_page)

    sign_in(third_page, live_server, "clerk", PASSWORD)
    open_main_nav(third_page)
    third_page.get_by_role("link", name="Records past two years").click()
    expect(third_page.get_by_role("heading", name="Records past their two years")).to_be_visible()
    expect(third_page.locator("#past-keeping")).to_contain_text("Old Record")
    expect(third_page.locator("#past-keeping")).not_to_contain_text("Casey Child")
    assert_accessible(third_page)
