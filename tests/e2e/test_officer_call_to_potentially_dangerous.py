"""The Animal Control Officer's whole walk, from a call to a potentially dangerous dog, in a
real browser and by links only (North Andover Code ch. 60, ACO B(2); Welfare C;
Potentially dangerous A, B(2), C): the officer logs a call about a registered dog, read by
its tag, and makes it a bite record; the Animal Inspector, from the bite records, orders
the quarantine and sees its end date (ten days after the bite); the officer opens the
potentially dangerous dog case from the bite record and determines the dog potentially
dangerous; the Chief's designee, from "My work", orders two of the duties; the officer
writes the security description. Every page state is checked with axe (WCAG 2.1 AA)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import _open_page, assert_accessible, open_main_nav, sign_in
from tests.e2e.test_bite_record import (  # noqa: F401 -- fixtures
    log_a_bite_call,
    make_it_a_bite_record,
    people,
    second_page,
    third_page,
)
from tests.e2e.test_dog_cases import chief, done, owner  # noqa: F401 -- fixtures
from tests.e2e.test_potentially_dangerous_by_officer import (
    describe_the_security,
    determine_potentially_dangerous,
    order_two_duties,
)
from tests.factories import PASSWORD, DogFactory, DogTagFactory, PermitFactory

#: The tag of the dog's 2026 license, read by the caller.
TAG = 417


@pytest.fixture
def tagged_dog(owner):  # noqa: F811
    """Pat Doe's Biscuit, wearing tag 417 of her 2026 license."""
    dog = DogFactory(owner=owner, name="Biscuit")
    DogTagFactory(permit=PermitFactory(application__applicant=owner), dog=dog, year=2026,
                  number=TAG)
    return dog


@pytest.fixture
def designee_page(browser):
    yield from _open_page(browser)


def inspector_orders_the_quarantine(page: Page, live_server) -> None:
    """The Animal Inspector finds the bite record in the list and orders the quarantine."""
    sign_in(page, live_server, "inspector", PASSWORD)
    open_main_nav(page)
    page.get_by_role("link", name="Bite records").click()
    assert_accessible(page)
    page.locator("table").get_by_role("link").first.click()
    expect(page.get_by_text("No quarantine order.")).to_be_visible()
    page.get_by_label("Where the animal is confined").fill("The keeper's house")
    page.get_by_label("Served on (owner or keeper)").fill("Pat Doe")
    page.get_by_role("button", name="Order the quarantine").click()
    done(page, "Quarantine ordered.")
    expect(page.locator("#quarantine")).to_contain_text("June 20, 2026")


def officer_opens_the_case_from_the_bite(page: Page) -> None:
    page.reload()
    page.get_by_role("button", name="Open the case").click()
    done(page, "Potentially dangerous dog case opened.")
    page.locator("#case").get_by_role("link").click()
    expect(page.get_by_role("heading", level=1)).to_have_text(
        "Potentially dangerous dog: Pat Doe")
    assert_accessible(page)


def designee_orders_from_my_work(page: Page, live_server) -> None:
    sign_in(page, live_server, "hal", PASSWORD)
    open_main_nav(page)
    page.get_by_role("link", name="My work").click()
    assert_accessible(page)
    page.get_by_role("link", name="Order the owner's duties").click()
    order_two_duties(page)


def test_the_officer_walks_a_tagged_dogs_call_to_a_bite_quarantine_and_potentially_dangerous_c(
        page, second_page, designee_page, live_server, people, chief, tagged_dog):  # noqa: F811
    log_a_bite_call(page, live_server, dog_tag=str(TAG))
    make_it_a_bite_record(page)
    expect(page.get_by_role("link", name="Biscuit on the register")).to_be_visible()

    inspector_orders_the_quarantine(second_page, live_server)

    officer_opens_the_case_from_the_bite(page)
    determine_potentially_dangerous(page)

    designee_orders_from_my_work(designee_page, live_server)

    page.reload()
    assert_accessible(page)
    describe_the_security(page)
