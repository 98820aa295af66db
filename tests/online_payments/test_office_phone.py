"""The office's and the Animal Control Officer's telephones are US telephone numbers, on the
Payments page and in ``save_office`` alike, and the pages link them for dialling."""

from decimal import Decimal

import pytest
from django.urls import reverse

from fixtures.demo import DEMO_ANIMAL_CONTROL_PHONES, DEMO_OFFICES
from permits_site.exceptions import DomainError
from permits_site.online_payments.models import PaymentOffice
from permits_site.online_payments.services import phone_errors, save_office, tel_uri

pytestmark = pytest.mark.django_db

PAGE = reverse("online_payments:office", args=["north_andover"])
REFUSAL = "Enter a telephone number, e.g. (508) 555-0103."
OFFICE = {
    "office": "Town Clerk's office", "address": "120 Main Street, North Andover, MA 01845",
    "hours": "Monday–Thursday, 8:00 a.m.–4:30 p.m.", "payee": "Town of North Andover",
    "accepts": "Cash, check or money order", "phone": "(978) 555-0101",
    "animal_control_phone": "", "convenience_fee": Decimal("0.00"),
}

WRITTEN_NUMBERS = ["(508) 555-0103", "508-555-0103", "508.555.0103", "5085550103",
                   "1 (508) 555-0103", "(508) 555-0103 ext. 12", "508-555-0103 ext 4",
                   "508 555 0103 Ext. 123"]
NOT_NUMBERS = ["call us maybe", "555-0103", "(508) 555-01O3", "508-555-0103 x", "+44 20 7946 0958",
               "508-555-0103 ext. twelve", "2508-555-0103", "12345678901234"]


@pytest.mark.parametrize("phone", WRITTEN_NUMBERS)
def test_a_us_number_as_offices_write_it_is_taken(phone):
    assert phone_errors({"phone": phone, "animal_control_phone": phone}) == {}


@pytest.mark.parametrize("phone", NOT_NUMBERS)
def test_other_text_is_refused_on_each_telephone_field(phone):
    assert phone_errors({"phone": phone, "animal_control_phone": phone}) == {
        "phone": [REFUSAL], "animal_control_phone": [REFUSAL]}


def test_the_demos_telephones_are_taken():
    phones = [phone for _, _, phone, _ in DEMO_OFFICES.values()]
    assert all(phone_errors({"phone": phone, "animal_control_phone": phone}) == {}
               for phone in [*phones, *DEMO_ANIMAL_CONTROL_PHONES.values()])


@pytest.mark.parametrize(("phone", "uri"), [
    ("(508) 555-0103", "tel:+1-508-555-0103"),
    ("1.508.555.0103 ext. 12", "tel:+1-508-555-0103;ext=12"),
    ("call us maybe", ""),
    ("", ""),
])
def test_a_number_is_dialled_from_its_tel_link(phone, uri):
    assert tel_uri(phone) == uri


def test_the_service_refuses_text_naming_the_field_and_saves_nothing(town_admin, north_andover):
    with pytest.raises(DomainError) as refused:
        save_office(municipality=north_andover, acting_user=town_admin,
                    **{**OFFICE, "phone": "call us maybe"})

    assert refused.value.errors == {"phone": [REFUSAL]}
    assert not PaymentOffice.objects.exists()


def test_the_service_keeps_an_empty_telephone(town_admin, north_andover):
    office = save_office(municipality=north_andover, acting_user=town_admin,
                         **{**OFFICE, "phone": ""})

    assert office.phone == ""


@pytest.mark.parametrize("field", ["phone", "animal_control_phone"])
def test_the_page_refuses_text_on_the_field_and_changes_nothing(client, town_admin,
                                                                north_andover, field):
    PaymentOffice.objects.create(municipality=north_andover, **OFFICE)
    client.force_login(town_admin)

    response = client.post(PAGE, {**OFFICE, field: "call us maybe"})

    assert response.status_code == 400
    assert response.context["form"].errors == {field: [REFUSAL]}
    assert REFUSAL in response.content.decode()
    office = PaymentOffice.objects.get()
    assert (office.phone, office.animal_control_phone) == ("(978) 555-0101", "")


def test_the_page_saves_a_number_with_an_extension(client, town_admin, north_andover):
    client.force_login(town_admin)

    response = client.post(PAGE, {**OFFICE, "phone": "(978) 555-0101 ext. 12"})

    assert response.status_code == 302
    assert PaymentOffice.objects.get().phone == "(978) 555-0101 ext. 12"
