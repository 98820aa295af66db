"""The public "found an animal?" page tells the finder whom to call and, after sending, the
number to quote (North Andover Code ch. 60, Impoundment B): the Animal Control Officer's
telephone is the town's record, kept by its admin with the office's at Payments."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.urls import reverse

from dogs.impoundment import found
from dogs.models import FoundAnimalReport
from permits_site.audit.models import AuditEntry
from permits_site.online_payments.models import PaymentOffice
from tests.factories import PaymentOfficeFactory, Role, staff

ACO_PHONE = "(978) 555-0110"
FOUND = reverse("dogs:found_dog")


@pytest.fixture(autouse=True)
def fresh_limits():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def office(north_andover):
    return PaymentOfficeFactory(municipality=north_andover, phone="(978) 555-0101",
                                animal_control_phone=ACO_PHONE)


def send(client, north_andover, tag="", **headers):
    return client.post(FOUND, {
        "town": north_andover.pk, "tag_number": tag, "species": "dog",
        "description": "Beagle, tricolor", "found_at": "Elm Street", "finder_name": "Fay Finder",
        "message": "Safe in my yard.", "finder_contact": "978-555-0199"}, **headers)


def test_the_page_names_the_officers_telephone_before_anything_is_sent(client, office):
    page = client.get(FOUND).content.decode()

    assert ACO_PHONE in page
    assert 'href="tel:+1-978-555-0110"' in page
    assert "Impoundment B(1) and B(2)" in page


def test_after_sending_the_finder_is_told_the_number_to_quote_and_whom_to_call(
        client, north_andover, office):
    response = send(client, north_andover)

    report = FoundAnimalReport.objects.get()
    status = response.content.decode().split('role="status"', 1)[1].split("</div>", 1)[0]
    assert response.status_code == 200
    assert found.SAME_ANSWER in status
    assert f"#{report.pk}" in status and ACO_PHONE in status


def test_the_service_returns_the_report_it_recorded(north_andover):
    report = found.report_found_dog(municipality=north_andover, tag_number="", message="",
                                    finder_contact="978-555-0199", client_address="192.0.2.1")

    assert report == FoundAnimalReport.objects.get()


def test_without_a_recorded_telephone_the_page_still_gives_the_number_to_quote(
        client, north_andover):
    response = send(client, north_andover)

    page = response.content.decode()
    assert f"#{FoundAnimalReport.objects.get().pk}" in page
    assert "tel:" not in page and " at ." not in page
    assert "Animal Control Officer or the police" in page


@pytest.mark.parametrize(("language", "words"), [
    ("es", "Número de su aviso"),
    ("pt-br", "Número do seu relato"),
])
def test_the_number_and_whom_to_call_are_said_in_the_finders_language(
        client, north_andover, office, language, words):
    response = send(client, north_andover, HTTP_ACCEPT_LANGUAGE=language)

    page = response.content.decode()
    assert words in page
    assert f"#{FoundAnimalReport.objects.get().pk}" in page and ACO_PHONE in page


def test_the_town_admin_records_the_officers_telephone_and_it_is_audited(client,
                                                                        north_andover):
    admin = staff(Role.ADMIN, "north_andover")
    client.force_login(admin)

    response = client.post(reverse("online_payments:office", args=["north_andover"]), {
        "office": "Town Clerk's office", "address": "120 Main Street", "hours": "Mon–Thu",
        "accepts": "Cash, check or money order", "payee": "Town of North Andover",
        "phone": "(978) 555-0101", "animal_control_phone": ACO_PHONE, "convenience_fee": "0.00"})

    assert response.status_code == 302
    assert PaymentOffice.objects.get(municipality=north_andover).animal_control_phone == ACO_PHONE
    entry = AuditEntry.objects.get(action="payments.office_updated")
    assert entry.after["animal_control_phone"] == ACO_PHONE


def test_a_recorded_telephone_that_is_no_number_is_not_offered_as_a_link(client, north_andover):
    PaymentOfficeFactory(municipality=north_andover, animal_control_phone="ask dispatch")

    page = client.get(FOUND).content.decode()

    assert "tel:" not in page and "ask dispatch" not in page
    assert "Animal Control Officer or the police" in page
