"""The interested parties of a kennel review hearing, named on the review, each with its
letter of the hearing (North Andover Code ch. 60, Kennel license B(5))."""

from __future__ import annotations

import datetime as dt
import io

import pytest
import time_machine
from django.urls import reverse
from pypdf import PdfReader

from dogs.kennels.parties import (
    interested_parties,
    name_interested_party,
    render_hearing_letters_pdf,
)
from dogs.kennels.review import open_kennel_review, schedule_kennel_hearing
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, PermissionDenied
from tests.dogs.test_kennel_review import HEARING_DUE, NOTICE_DUE, REPORT_RECEIVED, on
from tests.factories import PermitFactory, Role, UserFactory, permit_type, staff
from tests.tisbury.support import client_for

pytestmark = pytest.mark.django_db
ABUTTER = {"role": "abutter", "name": "Lee Abutter",
           "mailing_address": "42 Kennel Road, North Andover MA 01845"}


@pytest.fixture(autouse=True)
def after_the_review(db):
    """Every date of these tests is in the past: notices are recorded."""
    with time_machine.travel(dt.datetime(2026, 11, 30, 10, 0), tick=False):
        yield


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")


@pytest.fixture
def chief(db):
    return staff(Role.HEARING_AUTHORITY, "north_andover")


@pytest.fixture
def kennel_permit(db):
    return PermitFactory(application__permit_type=permit_type("north_andover.kennel_license"),
                         holder_address="40 Kennel Road, North Andover MA 01845")


@pytest.fixture
def review(kennel_permit, aco):
    return open_kennel_review(permit=kennel_permit, received_on=REPORT_RECEIVED,
                              report="Pens not cleaned.", acting_user=aco)


@pytest.fixture
def heard(review, chief):
    with on(NOTICE_DUE):
        schedule_kennel_hearing(case=review, notice_sent_on=NOTICE_DUE, hearing_date=HEARING_DUE,
                                acting_user=chief)
    return review


def pdf_pages(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def test_the_licensee_is_an_interested_party_from_the_report_kennel_b5(review, kennel_permit):
    [licensee] = interested_parties(review)

    assert (licensee.role, licensee.name, licensee.mailing_address) == (
        "licensee", kennel_permit.holder_name, "40 Kennel Road, North Andover MA 01845")


def test_abutters_and_complainants_are_named_on_the_review_kennel_b5(review, chief, aco):
    name_interested_party(case=review, acting_user=chief, **ABUTTER)
    name_interested_party(case=review, role="complainant", name="Cy Complainant",
                          mailing_address="7 Elm Street, North Andover MA", acting_user=aco)

    assert sorted((party.role, party.name) for party in interested_parties(review)) == [
        ("abutter", "Lee Abutter"), ("complainant", "Cy Complainant"),
        ("licensee", review.permit.holder_name)]
    entry = AuditEntry.objects.filter(action="dog.kennel_party_named").first()
    assert "Kennel license B(5)" in entry.summary


@pytest.mark.parametrize(("changes", "field"), [
    ({"role": "landlord"}, "role"), ({"name": " "}, "name"), ({"mailing_address": ""},
                                                              "mailing_address")])
def test_a_party_without_role_name_or_address_is_refused_kennel_b5(review, chief, changes,
                                                                    field):
    with pytest.raises(DomainError) as refused:
        name_interested_party(case=review, acting_user=chief, **{**ABUTTER, **changes})

    assert field in refused.value.errors
    assert len(interested_parties(review)) == 1


def test_parties_are_named_before_the_notice_is_sent_kennel_b5(heard, chief):
    with pytest.raises(DomainError) as refused:
        name_interested_party(case=heard, acting_user=chief, **ABUTTER)

    assert "Kennel license B(5)" in refused.value.errors["name"][0]


def test_a_resident_cannot_name_parties(review):
    with pytest.raises(PermissionDenied):
        name_interested_party(case=review, acting_user=UserFactory(), **ABUTTER)
    with pytest.raises(PermissionDenied):
        name_interested_party(case=review, acting_user=staff(Role.INSPECTOR), **ABUTTER)


def test_each_party_gets_its_letter_of_the_hearing_kennel_b5(review, chief):
    name_interested_party(case=review, acting_user=chief, **ABUTTER)
    with on(NOTICE_DUE):
        schedule_kennel_hearing(case=review, notice_sent_on=NOTICE_DUE, hearing_date=HEARING_DUE,
                                acting_user=chief)

    pages = pdf_pages(render_hearing_letters_pdf(review))

    assert len(pages) == 2
    abutter_letter = next(page for page in pages if "Lee Abutter" in page)
    assert "42 Kennel Road" in abutter_letter
    assert "November 5, 2026" in abutter_letter and "October 22, 2026" in abutter_letter
    assert "Kennel license B(5)" in abutter_letter
    assert review.permit.number in abutter_letter


def test_letters_wait_for_the_notice(review, chief):
    with pytest.raises(DomainError):
        render_hearing_letters_pdf(review)


def test_review_page_names_the_parties_and_links_their_letters(client, heard, chief):
    client.force_login(chief)

    page = client.get(reverse("dogs:kennel_review", args=[heard.pk])).content.decode()
    letters = client.get(reverse("dogs:kennel_review_letters", args=[heard.pk]))

    assert heard.permit.holder_name in page
    assert reverse("dogs:kennel_review_letters", args=[heard.pk]) in page
    assert letters["Content-Type"] == "application/pdf"


def test_officer_names_an_abutter_from_the_review_page(client, review, aco):
    client.force_login(aco)

    posted = client.post(reverse("dogs:kennel_review", args=[review.pk]),
                         {"action": "party",
                          **{f"party-{key}": value for key, value in ABUTTER.items()}})
    refused = client.post(reverse("dogs:kennel_review", args=[review.pk]),
                          {"action": "party", "party-role": "abutter", "party-name": "",
                           "party-mailing_address": "x"})

    assert posted.status_code == 302
    assert refused.status_code == 400
    assert [party.name for party in interested_parties(review)
            if party.role == "abutter"] == ["Lee Abutter"]


def test_letters_answer_404_to_a_resident(client, heard):
    client.force_login(UserFactory())

    assert client.get(reverse("dogs:kennel_review_letters", args=[heard.pk])).status_code == 404


def test_parties_are_named_and_listed_through_the_api_kennel_b5(review, aco):
    officer = client_for(aco)

    body = {"interest": "abutter", "name": ABUTTER["name"],
            "mailing_address": ABUTTER["mailing_address"]}
    named = officer.post(f"/api/v1/kennel-reviews/{review.pk}/parties/", body, format="json")
    refused = officer.post(f"/api/v1/kennel-reviews/{review.pk}/parties/",
                           {**body, "interest": "licensee"}, format="json")

    assert named.status_code == 200, named.content
    assert [(party["interest"], party["name"])
            for party in named.json()["interested_parties"]] == [
        ("abutter", "Lee Abutter"), ("licensee", review.permit.holder_name)]
    assert refused.status_code == 400
    assert "Choose abutter, complainant" in refused.json()["interest"][0]


def test_an_inspector_naming_a_party_through_the_api_is_refused_with_a_403_kennel_b5(review):
    inspector = client_for(staff(Role.INSPECTOR, "north_andover"))

    refused = inspector.post(f"/api/v1/kennel-reviews/{review.pk}/parties/", {
        "interest": "abutter", "name": ABUTTER["name"],
        "mailing_address": ABUTTER["mailing_address"]}, format="json")

    assert refused.status_code == 403
    assert "Town Clerk names the interested parties" in refused.json()["detail"]
    assert not review.kennel_interested_parties.filter(role="abutter").exists()
