"""A mistyped verification code, as a person scanning a license would meet it: the site's own
page, with how to check by phone; axe clean at desktop and phone width."""

from decimal import Decimal

import pytest
from playwright.sync_api import expect

from permits_site.online_payments.models import PaymentOffice
from tests.e2e.conftest import assert_accessible
from tests.factories import municipality


@pytest.mark.parametrize("width", ["desktop", "phone"])
def test_a_mistyped_code_says_no_license_matches_and_gives_the_phone(request, live_server,
                                                                     settings, width):
    settings.DEBUG = True
    PaymentOffice.objects.create(
        municipality=municipality("tisbury"), address="51 Spring Street", hours="Weekdays",
        payee="Town of Tisbury", phone="(508) 555-0103", convenience_fee=Decimal("0.00"))
    page = request.getfixturevalue("page" if width == "desktop" else "phone_page")

    page.goto(f"{live_server.url}/verify/mistyped-c0de/")

    expect(page.get_by_role("heading", name="No license matches this code")).to_be_visible()
    expect(page.get_by_role("link", name="(508) 555-0103")).to_be_visible()
    assert_accessible(page)
