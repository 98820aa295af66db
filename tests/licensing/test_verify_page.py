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
from permits_site.licensing.models.permits import OPEN_ENDED
from permits_site.online_payments.models import PaymentOffice
from tests.factories import (
    BusinessFactory,
    DogTagFactory,
    HorseFactory,
    PermitFactory,
    UserFactory,
    municipality,
    permit_type,
)

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
    assert 'href="tel:+1-978-555-0101"' in text
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


def test_a_recorded_telephone_that_is_no_number_is_shown_without_a_link(client):
    PaymentOffice.objects.create(
        municipality=municipality("north_andover"), address="120 Main Street",
        payee="Town of North Andover", phone="ask at the desk", convenience_fee=Decimal("0"))

    text = client.get("/verify/not-a-token/").content.decode()

    assert "ask at the desk" in text and "tel:" not in text


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


# -- what the license is for, in the page's language ------------------------------------

FEBRUARY = dt.datetime(2027, 2, 10, 15, 0, tzinfo=dt.UTC)


def verify_page(client, permit, language: str = "en") -> str:
    response = client.get(reverse("verify", args=[permit.verification_token]),
                          HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


@time_machine.travel(FEBRUARY, tick=False)
@pytest.mark.parametrize(("language", "first", "last", "english"), [
    ("es", "1 de enero de 2027", "31 de diciembre de 2027", "January"),
    ("pt-br", "1 de janeiro de 2027", "31 de dezembro de 2027", "January"),
    ("en", "January 1, 2027", "December 31, 2027", "janeiro"),
])
def test_the_term_reads_in_the_pages_language(client, language, first, last, english):
    permit = dated_permit(dt.date(2027, 1, 1), dt.date(2027, 12, 31))

    text = verify_page(client, permit, language)

    assert first in text and last in text
    assert english not in text


@time_machine.travel(FEBRUARY, tick=False)
def test_an_open_ended_term_reads_in_the_pages_language(client):
    horse = HorseFactory(name="Juniper")
    permit = PermitFactory(application=horse.registration, valid_from=dt.date(2027, 1, 4),
                           valid_through=OPEN_ENDED, issued_at=timezone.now())

    text = verify_page(client, permit, "es")

    assert "4 de enero de 2027" in text and "January" not in text


@time_machine.travel(FEBRUARY, tick=False)
@pytest.mark.parametrize("language", ["en", "es", "pt-br"])
def test_a_dog_license_names_the_dog_and_its_tag_but_not_the_owners_address(client,
                                                                            language):
    owner = UserFactory(phone="(978) 555-0199", street_address="9 Private Lane",
                        first_name="Jane", last_name="Quintavalle")
    tag = DogTagFactory(permit=PermitFactory(application__applicant=owner),
                        dog__name="Biscuit", number=90417)

    text = verify_page(client, tag.permit, language)

    assert "Biscuit" in text and "90417" in text and "J. Q." in text
    for private in (owner.street_address, owner.phone, owner.email, owner.last_name):
        assert private not in text


@time_machine.travel(FEBRUARY, tick=False)
def test_a_horse_registration_names_the_horse(client):
    horse = HorseFactory(name="Juniper", description="Chestnut mare, white sock")
    permit = PermitFactory(application=horse.registration, valid_through=OPEN_ENDED)

    text = verify_page(client, permit)

    assert "Juniper" in text and "Chestnut mare, white sock" in text
    assert horse.owner.street_address not in text


@time_machine.travel(FEBRUARY, tick=False)
def test_a_stable_permit_names_the_stables_site_not_the_keepers_mailing_address(client):
    keeper = UserFactory(street_address="1 Mailing Road")
    permit = PermitFactory(
        application__permit_type=permit_type("northborough.private_stable"),
        application__applicant=keeper, place_address="40 Whitney Street, Northborough",
        holder_address="1 Mailing Road, Northborough")

    text = verify_page(client, permit)

    assert "Stable site" in text and "40 Whitney Street, Northborough" in text
    assert "1 Mailing Road" not in text


@time_machine.travel(FEBRUARY, tick=False)
def test_a_business_license_names_the_business_and_its_premises(client):
    business = BusinessFactory(legal_name="Vineyard Smoke Shop LLC",
                               mailing_address="PO Box 7, Tisbury")
    permit = PermitFactory(
        application__permit_type=permit_type("tisbury.tobacco_sales"),
        holder_business=business, holder_name=business.legal_name,
        holder_address=business.mailing_address,
        place_address="12 Main Street, Vineyard Haven")

    text = verify_page(client, permit)

    assert "Vineyard Smoke Shop LLC" in text and "12 Main Street, Vineyard Haven" in text
    assert "PO Box 7" not in text


@time_machine.travel(DECEMBER, tick=False)
@pytest.mark.parametrize(("language", "words"), [
    ("es", "2 de diciembre al 1 de enero: 30 días"),
    ("pt-br", "2 de dezembro a 1 de janeiro: 30 dias"),
    ("en", "December 2 to January 1: 30 days"),
])
def test_a_temporary_dumpsters_period_in_words_reads_in_the_pages_language(client, language,
                                                                           words):
    permit = PermitFactory(application__permit_type=permit_type("tisbury.temporary_dumpster"),
                           valid_from=dt.date(2030, 12, 2), valid_through=dt.date(2031, 1, 1))

    text = verify_page(client, permit, language)

    assert words in text
    assert language == "en" or "December" not in text
