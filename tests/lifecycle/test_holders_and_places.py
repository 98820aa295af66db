"""Businesses hold permits and properties are shared places (spec ``lifecycle.md``)."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader

from permits_site.licensing.models import Application, Permit, PermitStatus
from permits_site.parties.services import (
    add_member,
    correct_property,
    create_business,
    find_or_create_property,
)
from permits_site.pdf.rendering import render_permit_pdf_bytes
from tests.factories import UserFactory, municipality
from tests.lifecycle.conftest import carry_to_permit, party_on


def pdf_text(permit: Permit) -> str:
    return "".join(page.extract_text() for page in PdfReader(
        io.BytesIO(render_permit_pdf_bytes(permit))).pages)


@pytest.fixture
def owner(db):
    return UserFactory(username="amy", first_name="Amy", last_name="Owner")


@pytest.fixture
def partner(db):
    return UserFactory(username="ben", first_name="Ben", last_name="Partner")


@pytest.fixture
def business(owner):
    return create_business(legal_name="Harbor Events LLC", dba="Harbor Parties", kind="llc",
                           mailing_address="1 Main Street, North Andover", acting_user=owner)


@pytest.fixture
def garden(owner):
    place, _ = find_or_create_property(municipality=municipality("north_andover"),
                                       address="12 Osgood Street", parcel="62-104",
                                       acting_user=owner)
    return place


def start(api, user, payload: dict) -> dict:
    api.force_authenticate(user)
    response = api.post("/api/v1/applications/", payload, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_a_business_permit_is_renewed_by_a_second_member(
    api, garden_party, owner, partner, business, garden, clerk
):
    created = start(api, owner, {
        "permit_type": garden_party.code, "action": "new",
        "details": {"business": business.pk, "property": garden.pk, "guests": 20,
                    "party_date": party_on()},
    })
    assert created["holder"] == "Harbor Events LLC d/b/a Harbor Parties"
    first = carry_to_permit(Application.objects.get(pk=created["id"]), clerk=clerk,
                            reference="R-1")
    assert first.holder_business == business
    assert first.holder_name == "Harbor Events LLC d/b/a Harbor Parties"

    api.force_authenticate(partner)
    assert api.get(f"/api/v1/permits/{first.pk}/").status_code == 404
    add_member(business=business, username="ben", acting_user=owner)
    partner = type(partner).objects.get(pk=partner.pk)  # a new request loads the user afresh
    api.force_authenticate(partner)
    shown = api.get(f"/api/v1/permits/{first.pk}/").json()
    assert shown["holder"] == "Harbor Events LLC d/b/a Harbor Parties"
    assert shown["property"] == "12 Osgood Street, North Andover"
    assert shown["verification_url"].endswith(f"/verify/{first.verification_token}/")

    renewal = start(api, partner, {
        "permit_type": garden_party.code, "action": "renewal",
        "details": {"permit": first.pk, "property": garden.pk, "guests": 25,
                    "party_date": party_on(60)},
    })
    assert renewal["business"] == business.pk
    second = carry_to_permit(Application.objects.get(pk=renewal["id"]), clerk=clerk,
                             reference="R-2")
    assert second.holder_business == business
    assert second.holder == partner
    first.refresh_from_db()
    assert first.status == PermitStatus.SUPERSEDED
    assert api.get(f"/api/v1/verify/{second.verification_token}/").json()["holder"] == (
        "Harbor Events LLC d/b/a Harbor Parties")


def test_someone_outside_the_business_cannot_apply_for_it(api, garden_party, business, garden):
    stranger = UserFactory()
    api.force_authenticate(stranger)
    response = api.post("/api/v1/applications/", {
        "permit_type": garden_party.code, "action": "new",
        "details": {"business": business.pk, "property": garden.pk, "guests": 5,
                    "party_date": party_on()},
    }, format="json")
    assert response.status_code == 400
    assert set(response.json()["details"]) == {"business", "property"}


def test_correcting_a_property_leaves_the_issued_permit_as_issued(
    api, garden_party, owner, garden, clerk
):
    created = start(api, owner, {
        "permit_type": garden_party.code, "action": "new",
        "details": {"property": garden.pk, "guests": 10, "party_date": party_on()},
    })
    permit = carry_to_permit(Application.objects.get(pk=created["id"]), clerk=clerk,
                             reference="R-3")
    before = pdf_text(permit)
    assert "12 Osgood Street, North Andover" in before

    correct_property(property=garden, address="14 Osgood Street",
                     attributes={"zoning": "business"}, acting_user=clerk)
    permit.refresh_from_db()
    assert permit.place_address == "12 Osgood Street, North Andover"
    assert permit.place_attributes == {}
    after = pdf_text(permit)
    assert "12 Osgood Street" in after and "14 Osgood Street" not in after
    assert before == after


def test_the_same_place_is_one_record_whoever_names_it(owner, partner):
    town = municipality("north_andover")
    first, created = find_or_create_property(municipality=town, address="12 Main Street.",
                                             acting_user=owner)
    again, created_again = find_or_create_property(municipality=town, address="12 main st",
                                                   acting_user=partner)
    assert created and not created_again
    assert first == again
    assert set(first.people.all()) == {owner, partner}
