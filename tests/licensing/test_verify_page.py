"""``/verify/<code>``, the page a license's QR code opens: a code that matches no license
answers the site's own "No license matches this code" page with each town's office
telephone, DEBUG on or off; a license whose term has not begun reads "Valid from …"."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from permits_site.licensing.models import PermitStatus
from permits_site.online_payments.models import PaymentOffice
from tests.factories import PermitFactory, municipality

pytestmark = pytest.mark.django_db

NO_MATCH = "No license matches this code"
DECEMBER = dt.datetime(2026, 12, 15, 10, 0, tzinfo=dt.UTC)


@pytest.fixture
def office_phone():
    PaymentOffice.objects.create(
        municipality=municipality("north_andover"), address="120 Main Street",
        hours="Monday–Friday", payee="Town of North Andover", phone="(978) 555-0101",
        convenience_fee=Decimal("0.00"))
    return "(978) 555-0101"


@pytest.mark.parametrize("debug", [False, True])
@pytest.mark.parametrize("code", [
    "not-a-token", "Zz9_" * 8, "%20", "a" * 500, "ü-ñ", "..", "<script>",
])
def test_an_unknown_or_malformed_code_answers_the_sites_own_page(client, settings,
                                                                 office_phone, debug, code):
    settings.DEBUG = debug

    response = client.get(f"/verify/{code}/")

    assert response.status_code == 404
    text = response.content.decode()
    assert NO_MATCH in text and "Town of North Andover" in text and office_phone in text
    assert "Traceback" not in text and "Page not found" not in text
    assert "<script>" not in text.split('<main')[1]


@pytest.mark.parametrize("debug", [False, True])
def test_a_code_with_a_slash_or_without_the_final_slash_answers_the_same(client, settings,
                                                                          office_phone, debug):
    settings.DEBUG = debug

    for path in ("/verify/abc/def/", "/verify/abc", "/verify//"):
        response = client.get(path)
        assert response.status_code == 404, path
        assert NO_MATCH in response.content.decode(), path


def test_without_a_phone_the_page_names_the_office_to_ask(client):
    text = client.get("/verify/not-a-token/").content.decode()

    assert NO_MATCH in text and "Town Clerk" in text


def dated_permit(valid_from: dt.date, valid_through: dt.date):
    return PermitFactory(valid_from=valid_from, valid_through=valid_through,
                         issued_at=timezone.now())


@time_machine.travel(DECEMBER, tick=False)
def test_a_license_starting_on_january_1_read_in_december_is_valid_from_that_day(client):
    permit = dated_permit(dt.date(2027, 1, 1), dt.date(2027, 12, 31))

    text = client.get(reverse("verify", args=[permit.verification_token])).content.decode()

    assert "Valid from January 1, 2027" in text
    assert "Valid license" not in text and "Not valid" in text


@pytest.mark.parametrize(("today", "shown"), [
    (dt.date(2026, 12, 31), "Valid from January 1, 2027"),
    (dt.date(2027, 1, 1), "Valid license"),
    (dt.date(2027, 12, 31), "Valid license"),
    (dt.date(2028, 1, 1), "Not valid: Expired"),
])
def test_the_term_decides_from_its_first_to_its_last_day(client, today, shown):
    permit = dated_permit(dt.date(2027, 1, 1), dt.date(2027, 12, 31))
    moment = dt.datetime.combine(today, dt.time(12, 0), tzinfo=timezone.get_current_timezone())

    with time_machine.travel(moment, tick=False):
        text = client.get(reverse("verify", args=[permit.verification_token])).content.decode()

    assert shown in text


def test_not_yet_valid_is_only_for_an_active_permit():
    permit = dated_permit(dt.date(2027, 1, 1), dt.date(2027, 12, 31))
    assert permit.begins_after(dt.date(2026, 12, 31))
    assert not permit.begins_after(dt.date(2027, 1, 1))
    permit.status = PermitStatus.REVOKED
    assert not permit.begins_after(dt.date(2026, 12, 31))
