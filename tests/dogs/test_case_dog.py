"""The dog a dangerous or potentially dangerous dog case is about (North Andover Code ch. 60,
Dangerous B; Potentially dangerous B): named when the officer opens the case on the Cases
page or by ``POST /api/v1/cases/`` — a dog of the town's register found by its tag or
license number, microchip, name or owner's name, or a dog on no register described — and
named on the owner's notice of determination as a case opened from a bite record names it.
Another town's dog is refused on the field that named it."""

from __future__ import annotations

import datetime as dt
import html
import io
import re

import pytest
import time_machine
from django.urls import reverse
from pypdf import PdfReader

from dogs.bites.services import open_potentially_dangerous_case
from dogs.cases import (
    DANGEROUS_DOG,
    NUISANCE_DOG,
    POTENTIALLY_DANGEROUS_DOG,
    close_dog_case,
    determine_dangerous,
    determine_potentially_dangerous,
    dog_named,
    record_case_dog,
)
from dogs.models import CaseDog
from permits_site.audit import history_of
from permits_site.enforcement.models import Case
from permits_site.enforcement.services import open_case
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from tests.clients import api_for
from tests.factories import (
    BiteRecordFactory,
    DogFactory,
    DogTagFactory,
    PermitFactory,
    PropertyFactory,
    Role,
    UserFactory,
    municipality,
    staff,
)
from tests.page_forms import assert_on_the_page, field_error, post_action, post_form

pytestmark = pytest.mark.django_db

#: Thursday 2 September 2027, a North Andover office day.
TODAY = dt.date(2027, 9, 2)
TAG = 17
BISCUIT = "Biscuit (Beagle, Tricolor, female), license tag 17 of 2027"


@pytest.fixture(autouse=True)
def _on_a_thursday():
    with time_machine.travel(dt.datetime.combine(TODAY, dt.time(10, 0)), tick=False):
        yield


@pytest.fixture
def biscuit(owner):
    """Biscuit, licensed this year with tag 17, kept at her owner's address in town."""
    dog = DogFactory(name="Biscuit", breed="Beagle", color="Tricolor", sex="female",
                     owner=owner)
    DogTagFactory(permit=PermitFactory(application__applicant=owner), dog=dog, year=2027,
                  number=TAG)
    return dog


def open_on_the_cases_page(client, officer, **fields):
    client.force_login(officer)
    return client.post(reverse("enforcement:cases"), {"action": "open",
        "case_type": DANGEROUS_DOG, "party_name": "", "address": "", "permit_number": "",
        "complaint": "The dog bit a jogger on Elm Street.", "complainant": "Jo Jogger",
        "received_on": TODAY.isoformat(), **fields})


def words_of(page: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


def field_errors(response, name: str) -> list[str]:
    return response.context["open_form"].errors.get(name, [])


def declared_dangerous(case: Case, chief) -> Case:
    return determine_dangerous(case=case, deemed=True, exceptions=[], grounds=["B(1)(a)"],
                               determination="Bit a jogger without provocation.",
                               acting_user=chief)


def notice_text(client, case: Case) -> str:
    letter = client.get(reverse("dogs:case_determination_letter", args=[case.pk]))
    assert letter["Content-Type"] == "application/pdf"
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(letter.content)).pages)
    return " ".join(text.split())


# -- the Cases page -----------------------------------------------------------------------


def test_the_officer_names_a_dog_by_its_tag_and_the_notice_names_it(client, aco, chief,
                                                                    biscuit):
    response = open_on_the_cases_page(client, aco, dog=str(TAG))

    case = Case.objects.get()
    assert response["Location"] == reverse("enforcement:case", args=[case.pk])
    assert (case.party, case.party_name) == (biscuit.owner, biscuit.owner.display_name)
    assert (case.place, case.address) == (biscuit.residence, biscuit.residence.full_address)
    page = client.get(reverse("dogs:case", args=[case.pk])).content.decode()
    assert f"Dog: {BISCUIT}" in words_of(page)

    declared_dangerous(case, chief)
    assert f"Dog {BISCUIT}" in notice_text(client, case)


@pytest.mark.parametrize("words", ["Biscuit", "biscuit doe", "Pat Doe", "2027-17"])
def test_the_page_finds_the_dog_by_its_name_or_its_owners(client, aco, biscuit, words):
    DogFactory(name="Rex", owner=UserFactory(first_name="Sam", last_name="Roe"))

    open_on_the_cases_page(client, aco, dog=words)

    page = client.get(reverse("dogs:case", args=[Case.objects.get().pk])).content.decode()
    assert f"Dog: {BISCUIT}" in words_of(page)


def test_the_case_page_lists_the_bites_on_record_of_the_dog_named(client, aco, biscuit):
    bite = BiteRecordFactory(dog=biscuit, bitten_on=TODAY - dt.timedelta(days=30))

    open_on_the_cases_page(client, aco, case_type=POTENTIALLY_DANGEROUS_DOG, dog=str(TAG))

    page = client.get(reverse("dogs:case", args=[Case.objects.get().pk])).content.decode()
    assert reverse("dogs:bite", args=[bite.pk]) in page


def test_words_naming_several_dogs_are_refused_with_the_dogs_to_tell_apart(client, aco,
                                                                          biscuit):
    DogFactory(name="Biscuit", breed="Poodle", owner=UserFactory(first_name="Sam",
                                                                  last_name="Roe"))

    response = open_on_the_cases_page(client, aco, dog="Biscuit")

    [refusal] = field_errors(response, "dog")
    assert refusal.startswith("Several dogs of North Andover match “Biscuit”:")
    assert "Biscuit (Beagle, Tricolor, female), license tag 17 of 2027, Pat Doe" in refusal
    assert "Biscuit (Poodle" in refusal and "Sam Roe" in refusal
    assert not Case.objects.exists()


def test_another_towns_dog_is_not_found_on_the_page(client, aco):
    DogFactory(name="Biscuit", residence=PropertyFactory(municipality=municipality("tisbury")))

    response = open_on_the_cases_page(client, aco, dog="Biscuit")

    assert field_errors(response, "dog") == [
        "No dog of North Andover has the tag, license or microchip “Biscuit”, or that name or "
        "owner's name. Describe a dog that is on no register instead."]
    assert not Case.objects.exists()


def test_a_dog_on_no_register_is_described_and_the_notice_describes_it(client, aco, chief):
    response = open_on_the_cases_page(
        client, aco, dog_description="Brown pit mix, white blaze, answers to Tank",
        party_name="Lee Keeper", address="40 Elm Street")

    case = Case.objects.get()
    assert response.status_code == 302
    declared_dangerous(case, chief)
    assert ("Dog Brown pit mix, white blaze, answers to Tank (on no register)"
            in notice_text(client, case))


def test_a_case_type_that_names_no_dog_refuses_one_on_its_field(client, aco, biscuit):
    response = open_on_the_cases_page(client, aco, case_type="north_andover.unlicensed_dog",
                                      dog=str(TAG))

    assert field_errors(response, "dog") == [
        "A case of the type “Unlicensed dog” names no dog: leave this empty."]
    assert not Case.objects.exists()


def test_the_cases_page_asks_for_words_not_a_list_of_every_dog(client, aco):
    dogs = DogFactory.create_batch(30)
    client.force_login(aco)

    page = client.get(reverse("enforcement:cases")).content.decode()

    assert re.search(r'<input type="text" name="dog"', page)
    assert '<select name="dog"' not in page
    assert not any(dog.name in page for dog in dogs)


# -- the API ------------------------------------------------------------------------------



def opened_by_api(user, **fields):
    return api_for(user).post("/api/v1/cases/", {
        "municipality": "north_andover", "case_type": POTENTIALLY_DANGEROUS_DOG,
        "complaint": "Lunged at children through the fence.", **fields}, format="json")


def test_the_api_names_the_dog_and_the_notice_names_it(client, aco, chief, biscuit):
    response = opened_by_api(aco, dog=biscuit.pk)

    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["party"], body["address"]) == (biscuit.owner.pk, biscuit.residence.full_address)
    dog_case = api_for(aco).get(f"/api/v1/dog-cases/{body['id']}/").json()
    assert (dog_case["dog"], dog_case["dog_description"], dog_case["dog_named"]) == (
        biscuit.pk, "", BISCUIT)

    case = Case.objects.get()
    determine_potentially_dangerous(case=case, deemed=True, exceptions=[],
                                    aggressive_in_enclosure=True,
                                    determination="Aggressive in a weak enclosure.",
                                    acting_user=chief)
    client.force_login(aco)
    assert f"Dog {BISCUIT}" in notice_text(client, case)


def test_the_api_refuses_another_towns_dog_on_its_field(aco):
    elsewhere = DogFactory(residence=PropertyFactory(municipality=municipality("tisbury")))

    response = opened_by_api(aco, dog=elsewhere.pk, party_name="Sam Roe",
                             address="1 Beach Road")

    assert response.status_code == 400
    assert response.json()["dog"] == ["This dog is not on North Andover's register."]
    assert not Case.objects.exists()


def test_the_api_takes_a_description_of_a_dog_on_no_register(aco):
    response = opened_by_api(aco, dog_description="Gray husky, blue eyes",
                             party_name="Sam Roe", address="1 Elm Street")

    assert response.status_code == 201
    dog_case = api_for(aco).get(f"/api/v1/dog-cases/{response.json()['id']}/").json()
    assert (dog_case["dog"], dog_case["dog_named"]) == (
        None, "Gray husky, blue eyes (on no register)")


# -- the same as a case opened from a bite record ----------------------------------------------


def test_a_case_opened_from_a_bite_names_its_dog_the_same_way(client, aco, chief, biscuit):
    bite = BiteRecordFactory(dog=biscuit, bitten_on=TODAY - dt.timedelta(days=1))
    case = open_potentially_dangerous_case(bite=bite, acting_user=aco)
    determine_potentially_dangerous(case=case, deemed=True, exceptions=[],
                                    aggressive_in_enclosure=True,
                                    determination="Bit through the fence.", acting_user=chief)

    client.force_login(aco)
    assert f"Dog {BISCUIT}" in notice_text(client, case)


# -- naming or correcting the dog before the determination -----------------------------------


def opened_without_a_dog(officer, case_type: str = DANGEROUS_DOG) -> Case:
    return open_case(municipality=municipality("north_andover"), case_type=case_type,
                     party=None, party_name="Lee Keeper", address="40 Elm Street",
                     complaint="A dog bit a jogger on Elm Street.", received_on=TODAY,
                     acting_user=officer)


def test_the_officer_names_the_dog_of_a_case_opened_without_one(aco, biscuit):
    case = opened_without_a_dog(aco)

    record_case_dog(case=case, dog=biscuit, acting_user=aco)

    assert dog_named(case) == BISCUIT
    entry = history_of(case).first()
    assert (entry.action, entry.actor, entry.before) == ("case.dog_named", aco, {})
    assert entry.after == {"dog": biscuit.pk, "description": ""}
    case.refresh_from_db()
    assert (case.party_name, case.address) == ("Lee Keeper", "40 Elm Street")


def test_the_officer_corrects_a_described_dog_to_the_registers_audited(aco, biscuit):
    case = opened_without_a_dog(aco)
    record_case_dog(case=case, description="Beagle, answers to Biscuit", acting_user=aco)

    record_case_dog(case=case, dog=biscuit, acting_user=aco)

    assert dog_named(case) == BISCUIT
    assert CaseDog.objects.filter(case=case).count() == 1
    entry = history_of(case).first()
    assert entry.action == "case.dog_corrected"
    assert entry.before == {"dog": None, "description": "Beagle, answers to Biscuit"}
    assert entry.after == {"dog": biscuit.pk, "description": ""}
    assert entry.summary == f"Dog corrected: {BISCUIT}"


@pytest.mark.parametrize("role", [Role.CLERK, Role.INSPECTOR, Role.HEARING_AUTHORITY])
def test_whoever_may_open_the_case_may_name_its_dog(aco, biscuit, role):
    case = opened_without_a_dog(aco)

    record_case_dog(case=case, dog=biscuit, acting_user=staff(role, "north_andover"))

    assert dog_named(case) == BISCUIT


@pytest.mark.parametrize("who", ["resident", "board member", "another town's officer"])
def test_no_one_else_names_the_dog(aco, biscuit, who):
    case = opened_without_a_dog(aco)
    person = {"resident": lambda: UserFactory(),
              "board member": lambda: staff(Role.BOARD_MEMBER, "north_andover"),
              "another town's officer": lambda: staff(Role.ANIMAL_CONTROL_OFFICER,
                                                      "tisbury")}[who]()

    with pytest.raises(PermissionDenied) as refused:
        record_case_dog(case=case, dog=biscuit, acting_user=person)
    assert dog_named(case) == ""
    # The words the case page's form uses, with North Andover's titles.
    assert str(refused.value) == ("Only the town's Clerk, Animal Inspector, Animal Control "
                                  "Officer or Hearing authority may name the dog a case is "
                                  "about.")


def test_the_dog_is_no_longer_changed_once_the_case_is_determined(aco, chief, biscuit):
    case = opened_without_a_dog(aco)
    record_case_dog(case=case, description="Beagle, answers to Biscuit", acting_user=aco)
    declared_dangerous(case, chief)

    with pytest.raises(InvalidTransition) as refused:
        record_case_dog(case=case, dog=biscuit, acting_user=aco)

    assert refused.value.errors == {"dog": [
        "The case was determined on September 2, 2027 and its notice of determination names "
        "the dog: the dog is no longer named or corrected (North Andover Code ch. 60, "
        "Dangerous B(2))."]}
    assert dog_named(case) == "Beagle, answers to Biscuit (on no register)"


def test_the_dog_of_a_closed_case_is_no_longer_changed(aco, chief, biscuit):
    case = opened_without_a_dog(aco)
    close_dog_case(case=case, acting_user=chief)

    with pytest.raises(InvalidTransition) as refused:
        record_case_dog(case=case, dog=biscuit, acting_user=aco)

    assert refused.value.errors == {"dog": [
        "The case is closed: its dog is no longer named or corrected."]}
    assert dog_named(case) == ""


def test_a_nuisance_dog_case_names_no_dog(aco, biscuit):
    case = opened_without_a_dog(aco, NUISANCE_DOG)

    with pytest.raises(DomainError) as refused:
        record_case_dog(case=case, dog=biscuit, acting_user=aco)

    assert refused.value.errors == {"dog": [
        "Only a dangerous or potentially dangerous dog case names its dog."]}


def test_another_towns_dog_is_refused_and_the_dog_named_stays(aco, biscuit):
    case = opened_without_a_dog(aco)
    record_case_dog(case=case, dog=biscuit, acting_user=aco)
    elsewhere = DogFactory(residence=PropertyFactory(municipality=municipality("tisbury")))

    with pytest.raises(DomainError) as refused:
        record_case_dog(case=case, dog=elsewhere, acting_user=aco)

    assert refused.value.errors == {"dog": ["This dog is not on North Andover's register."]}
    assert dog_named(case) == BISCUIT


# -- ... on the case page ----------------------------------------------------------------------


def test_the_officer_corrects_the_dog_on_the_case_page_by_its_tag(client, aco, biscuit):
    case = opened_without_a_dog(aco)
    record_case_dog(case=case, description="Beagle, answers to Biscuit", acting_user=aco)
    client.force_login(aco)
    page = reverse("dogs:case", args=[case.pk])

    shown = client.get(page).content.decode()
    response = post_form(client, page, 'name="dog-dog"', {"dog-dog": str(TAG)})

    assert "Name or correct the dog" in shown
    assert response.status_code == 302
    assert f"Dog: {BISCUIT}" in words_of(client.get(page).content.decode())


def test_words_naming_no_dog_are_refused_on_the_case_page(client, aco, biscuit):
    case = opened_without_a_dog(aco)
    client.force_login(aco)
    page = reverse("dogs:case", args=[case.pk])

    refused = post_form(client, page, 'name="dog-dog"', {"dog-dog": "Rex Roe"})

    assert refused.status_code == 400
    assert_on_the_page(client, refused, page)
    assert ("No dog of North Andover has the tag, license or microchip “Rex Roe”"
            in field_error(refused.content.decode(), "dog-dog"))
    assert 'value="Rex Roe"' in refused.content.decode()
    assert dog_named(case) == ""


def test_the_determined_case_page_offers_no_correction_and_refuses_one(client, aco, chief,
                                                                      biscuit):
    case = opened_without_a_dog(aco)
    declared_dangerous(case, chief)
    client.force_login(aco)
    page = reverse("dogs:case", args=[case.pk])

    shown = client.get(page).content.decode()
    refused = post_action(client, page, "dog", {"dog-dog": str(TAG)})

    assert "Name or correct the dog" not in shown
    assert refused.status_code == 400
    assert ("The case was determined on September 2, 2027 and its notice of determination "
            "names the dog") in words_of(refused.content.decode())
    assert dog_named(case) == ""


# -- ... through the API --------------------------------------------------------------------


def test_the_api_names_and_corrects_the_dog(aco, biscuit):
    case = opened_without_a_dog(aco)
    api = api_for(aco)

    described = api.post(f"/api/v1/dog-cases/{case.pk}/dog/",
                         {"dog_description": "Beagle, answers to Biscuit"}, format="json")
    corrected = api.post(f"/api/v1/dog-cases/{case.pk}/dog/", {"dog": biscuit.pk},
                         format="json")

    assert described.status_code == 200, described.json()
    assert described.json()["dog_named"] == "Beagle, answers to Biscuit (on no register)"
    assert corrected.status_code == 200
    assert (corrected.json()["dog"], corrected.json()["dog_description"],
            corrected.json()["dog_named"]) == (biscuit.pk, "", BISCUIT)
    assert [entry.action for entry in history_of(case)][:2] == [
        "case.dog_corrected", "case.dog_named"]


@pytest.mark.parametrize(("body", "field", "says"), [
    ({}, "dog", "Choose the dog from the register or describe it."),
    ({"dog": 999999}, "dog", "Invalid pk"),
    ({"dog": True}, "dog", "Incorrect type"),
    ({"dog_description": 7}, "dog_description", "Enter text"),
    ({"name": "Biscuit"}, "name", "Unknown field."),
])
def test_the_api_refuses_a_bad_body_by_field(aco, body, field, says):
    case = opened_without_a_dog(aco)

    response = api_for(aco).post(f"/api/v1/dog-cases/{case.pk}/dog/", body, format="json")

    assert response.status_code == 400
    assert says in " ".join(response.json()[field])
    assert dog_named(case) == ""


def test_the_api_refuses_the_dog_of_a_determined_case_by_name(aco, chief, biscuit):
    case = opened_without_a_dog(aco)
    declared_dangerous(case, chief)

    response = api_for(aco).post(f"/api/v1/dog-cases/{case.pk}/dog/", {"dog": biscuit.pk},
                                 format="json")

    assert response.status_code == 400
    assert "its notice of determination names the dog" in response.json()["dog"][0]
    assert dog_named(case) == ""


def test_the_api_refuses_a_board_member(aco, biscuit):
    case = opened_without_a_dog(aco)

    response = api_for(staff(Role.BOARD_MEMBER, "north_andover")).post(
        f"/api/v1/dog-cases/{case.pk}/dog/", {"dog": biscuit.pk}, format="json")

    assert response.status_code in (403, 404)
    assert dog_named(case) == ""
