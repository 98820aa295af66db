"""The dog license form in a real browser: choosing "Renewal of last year's license" for a dog
whose certificate on file still covers the new license says so at once (Licenses A(1)), and
the page still passes axe."""

import datetime as dt

import pytest
import time_machine
from playwright.sync_api import expect

from tests.dogs.test_license_flow import licensed
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, DogFactory, Role, UserFactory, staff


@pytest.fixture
def resident(db):
    owner = UserFactory(username="jane", first_name="Jane", last_name="Smith")
    with time_machine.travel(dt.datetime(2025, 3, 10, 10, 0), tick=True):
        licensed(DogFactory(owner=owner, name="Biscuit"), staff(Role.CLERK, "north_andover"),
                 year=2025, rabies_until=dt.date(2027, 5, 4))
    return owner


def test_choosing_the_renewal_says_the_certificate_is_on_file(page, live_server, resident):
    sign_in(page, live_server, "jane", PASSWORD)
    page.goto(f"{live_server.url}/dogs/apply/")
    notice = page.locator("#rabies-on-file")
    expect(notice).not_to_contain_text("on file")

    page.get_by_label("Renewal of last year's license").check()

    expect(notice).to_contain_text("on file, valid until May 4, 2027")
    assert_accessible(page)
    page.get_by_label("New license").check()
    expect(notice).not_to_contain_text("on file")
