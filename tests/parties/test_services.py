"""Businesses and properties at the service level (spec ``lifecycle.md``, "Holders"):
one record per real place, attributes judged by the town, every change audited."""

from __future__ import annotations

import pytest

from permits_site import audit
from permits_site.accounts.permissions import business_ids
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import Application, ApplicationStatus
from permits_site.parties.models import BusinessMember, Property
from permits_site.parties.places import place_facts
from permits_site.parties.services import (
    add_member,
    correct_property,
    create_business,
    find_or_create_property,
    merge_properties,
    properties_of,
)
from tests.declared import declared_permit_type
from tests.factories import UserFactory, ZoneRecordFactory, municipality
from tests.lifecycle.conftest import carry_to_permit, party_on

pytestmark = pytest.mark.django_db


# -- helpers shared by the page and API tests ------------------------------------


def register_business(user, name: str = "Harbor Events LLC", **fields):
    return create_business(legal_name=name, kind=fields.pop("kind", "llc"),
                           mailing_address=fields.pop("mailing_address", "1 Main Street"),
                           acting_user=user, **fields)


def place(user, address: str, *, town: str = "north_andover", parcel: str = "",
          determined_zone: str = "", **attributes):
    """A place its user records; ``determined_zone``: the Board's determination of a Tisbury
    place's zone, which no resident sends (09.9.1)."""
    found = find_or_create_property(municipality=municipality(town), address=address,
                                    parcel=parcel, attributes=attributes, acting_user=user)[0]
    if determined_zone:
        ZoneRecordFactory(property=found, zone=determined_zone)
    return found


def apply_for_party(permit_type, *, applicant, place=None, business=None) -> Application:
    """A draft garden-party application, through the permit kind as the API makes it."""
    kind = kind_for(permit_type.code)
    raw = {"guests": 10, "party_date": party_on()}
    if place is not None:
        raw["property"] = place.pk
    if business is not None:
        raw["business"] = business.pk
    details = kind.parse_details(permit_type, raw, action="new", applicant=applicant)
    return kind.start_application(applicant=applicant, permit_type=permit_type, action="new",
                                  details=details, acting_user=applicant)


def actions_of(record) -> list[str]:
    return [entry.action for entry in audit.history_of(record)]


# -- fixtures ----------------------------------------------------------------------


@pytest.fixture
def owner(db):
    return UserFactory(username="amy", first_name="Amy", last_name="Owner")


@pytest.fixture
def partner(db):
    return UserFactory(username="ben", first_name="Ben", last_name="Partner")


@pytest.fixture
def business(owner):
    return register_business(owner, dba="Harbor Parties")


@pytest.fixture
def garden_party(db):
    with declared_permit_type() as permit_type:
        yield permit_type


# -- businesses ----------------------------------------------------------------------


def test_registering_a_business_makes_the_registrant_its_first_member(owner):
    business = create_business(legal_name="  Harbor Events LLC ", dba=" Harbor Parties",
                               kind="llc", mailing_address="1 Main Street, North Andover ",
                               phone="978-555-0100", email="office@harbor.example",
                               acting_user=owner)

    assert business.legal_name == "Harbor Events LLC"
    assert business.display_name == "Harbor Events LLC d/b/a Harbor Parties"
    assert list(business.members.all()) == [owner]
    assert business.pk in business_ids(owner)
    assert actions_of(business) == ["business.created"]


def test_a_member_adds_a_registered_user_who_then_acts_for_the_business(
    business, owner, partner
):
    member = add_member(business=business, username="ben", acting_user=owner)

    assert member.added_by == owner
    assert set(business.members.all()) == {owner, partner}
    assert business.pk in business_ids(type(partner).objects.get(pk=partner.pk))
    assert actions_of(business) == ["business.member_added", "business.created"]


def test_adding_a_member_twice_is_refused_naming_the_username(business, owner, partner):
    add_member(business=business, username="ben", acting_user=owner)

    with pytest.raises(DomainError) as refused:
        add_member(business=business, username="ben", acting_user=owner)

    assert list(refused.value.errors) == ["username"]
    assert BusinessMember.objects.filter(business=business).count() == 2


def test_an_unknown_username_is_refused_naming_the_username(business, owner):
    with pytest.raises(DomainError) as refused:
        add_member(business=business, username="nobody", acting_user=owner)

    assert list(refused.value.errors) == ["username"]


def test_someone_outside_the_business_cannot_add_members(business, partner):
    with pytest.raises(PermissionDenied):
        add_member(business=business, username="ben", acting_user=partner)

    assert list(business.members.all()) != [partner]
    assert actions_of(business) == ["business.created"]


# -- one record per real place ------------------------------------------------------


def test_the_same_parcel_is_one_record_whatever_the_address(owner, partner):
    town = municipality("north_andover")
    first, created = find_or_create_property(municipality=town, address="12 Osgood Street",
                                             parcel="62-104", acting_user=owner)
    again, created_again = find_or_create_property(
        municipality=town, address="12 Osgood St, rear", parcel=" 62 - 104 ", acting_user=partner
    )

    assert created and not created_again
    assert again == first
    assert first.parcel == "62-104"
    assert set(first.people.all()) == {owner, partner}
    assert actions_of(first) == ["property.created"]


def test_12_main_street_dot_is_12_main_st_without_a_parcel(owner, partner):
    town = municipality("north_andover")
    first, _ = find_or_create_property(municipality=town, address="12 Main Street.",
                                       acting_user=owner)
    again, created = find_or_create_property(municipality=town, address="12 main st",
                                             acting_user=partner)

    assert not created and again == first
    assert first.normalised_address == "12 main st"
    assert first.address == "12 Main Street."


def test_the_same_address_in_another_town_is_another_place(owner):
    north_andover = place(owner, "12 Main Street")
    tisbury = place(owner, "12 Main Street", town="tisbury", determined_zone="inland")

    assert north_andover != tisbury
    assert set(properties_of(owner)) == {north_andover, tisbury}


def test_a_business_applying_about_a_place_makes_it_its_members_place(business, owner, partner):
    town = municipality("north_andover")
    shop, _ = find_or_create_property(municipality=town, address="5 Water Street",
                                      acting_user=owner, for_business=business)
    assert list(shop.businesses.all()) == [business]
    assert list(properties_of(partner)) == []

    add_member(business=business, username="ben", acting_user=owner)

    assert list(properties_of(partner)) == [shop]


def test_a_blank_address_is_refused_naming_the_address(owner):
    with pytest.raises(DomainError) as refused:
        place(owner, "   ")

    assert list(refused.value.errors) == ["address"]
    assert not Property.objects.exists()


# -- place attributes ---------------------------------------------------------------


def test_tisbury_derives_the_zone_its_septic_rules_read_from_the_parcel(owner):
    lot = place(owner, "9 Beach Road", town="tisbury", parcel="30-A-4")

    assert lot.attributes == {}
    assert place_facts(lot)["zone"] == "barrier_beach"


@pytest.mark.parametrize(
    ("town", "attributes", "field"),
    [
        ("tisbury", {"zone": "inland"}, "zone"),
        ("tisbury", {"colour": "blue"}, "colour"),
        ("tisbury", {"zoning": "industrial"}, "zoning"),
        ("north_andover", {"zone": "inland"}, "zone"),
        ("north_andover", {"zoning": 3}, "zoning"),
    ],
)
def test_place_attributes_are_judged_by_the_towns_declaration(owner, town, attributes, field):
    with pytest.raises(DomainError) as refused:
        place(owner, "9 Beach Road", town=town, **attributes)

    assert list(refused.value.errors) == [field]
    assert not Property.objects.exists()


# -- corrections --------------------------------------------------------------------


def test_a_correction_is_audited_with_what_it_was_and_what_it_became(owner, clerk):
    garden = place(owner, "12 Osgood Street", parcel="62-104")

    correct_property(property=garden, address="14 Osgood Street", parcel="62-105",
                     attributes={"zoning": "business"}, acting_user=clerk)

    garden.refresh_from_db()
    assert (garden.address, garden.normalised_address, garden.parcel) == (
        "14 Osgood Street", "14 osgood st", "62-105")
    assert garden.attributes == {"zoning": "business"}
    entry = audit.history_of(garden).first()
    assert entry.action == "property.corrected" and entry.actor == clerk
    assert entry.before == {"address": "12 Osgood Street", "parcel": "62-104"}
    assert entry.after == {"address": "14 Osgood Street", "parcel": "62-105",
                           "zoning": "business"}


def test_a_correction_that_changes_nothing_leaves_no_entry(owner, clerk):
    garden = place(owner, "12 Osgood Street", parcel="62-104")

    correct_property(property=garden, address="12 Osgood Street", parcel="62 - 104",
                     attributes={}, acting_user=clerk)

    assert actions_of(garden) == ["property.created"]


def test_a_correction_onto_another_places_parcel_is_refused(owner, clerk):
    place(owner, "1 Elm Street", parcel="1-1")
    other = place(owner, "2 Elm Street", parcel="2-2")

    with pytest.raises(DomainError) as refused:
        correct_property(property=other, parcel="1-1", acting_user=clerk)

    assert list(refused.value.errors) == ["parcel"]
    other.refresh_from_db()
    assert other.parcel == "2-2"


def test_a_correction_with_a_bad_attribute_is_refused_naming_it(owner, clerk):
    lot = place(owner, "9 Beach Road", town="tisbury", zoning="residential")

    with pytest.raises(DomainError) as refused:
        correct_property(property=lot, attributes={"zoning": "moon"}, acting_user=clerk)

    assert list(refused.value.errors) == ["zoning"]
    lot.refresh_from_db()
    assert lot.attributes == {"zoning": "residential"}


def test_a_correction_may_not_type_the_derived_zone_09_9_1(owner, clerk):
    lot = place(owner, "9 Beach Road", town="tisbury")

    with pytest.raises(DomainError) as refused:
        correct_property(property=lot, attributes={"zone": "inland"}, acting_user=clerk)

    assert list(refused.value.errors) == ["zone"]
    assert place_facts(lot)["zone"] == "not_determined"


# -- merging duplicates -------------------------------------------------------------


def test_a_merge_moves_applications_and_people_but_issued_permits_keep_their_place(
    garden_party, owner, partner, clerk
):
    survivor = place(owner, "12 Osgood Street", parcel="62-104")
    duplicate = place(partner, "12 Osgood St (rear lot)")
    issued = carry_to_permit(apply_for_party(garden_party, applicant=partner, place=duplicate),
                             clerk=clerk, reference="M-1")
    draft = apply_for_party(garden_party, applicant=partner, place=duplicate)

    merge_properties(duplicate=duplicate, into=survivor, acting_user=clerk)

    draft.refresh_from_db()
    issued.refresh_from_db()
    duplicate.refresh_from_db()
    assert draft.place == survivor
    assert Application.objects.get(pk=issued.application_id).place == survivor
    assert issued.place == duplicate
    assert issued.place_address == "12 Osgood St (rear lot), North Andover"
    assert duplicate.merged_into == survivor
    assert set(survivor.people.all()) == {owner, partner}
    assert list(properties_of(partner)) == [survivor]
    assert draft.status == ApplicationStatus.DRAFT
    entry = audit.history_of(survivor).first()
    assert entry.action == "property.merged" and entry.actor == clerk
    assert entry.after["moved"] == {"licensing.Application": 2}


def test_a_merge_leaves_no_chain_of_merged_records(owner, clerk):
    first = place(owner, "1 Elm Street")
    second = place(owner, "1 Elm Street (barn)")
    third = place(owner, "One Elm Street")

    merge_properties(duplicate=first, into=second, acting_user=clerk)
    merge_properties(duplicate=second, into=third, acting_user=clerk)

    assert set(Property.objects.filter(merged_into=third)) == {first, second}


def test_after_a_merge_the_address_names_the_survivor(owner, partner, clerk):
    """The place recorded by its address before anyone gave its parcel: once merged, the
    address alone finds the survivor ("unique by parcel, else by normalised address")."""
    duplicate = place(owner, "1 Elm Street")
    survivor = place(owner, "1 Elm Street", parcel="7-7")
    merge_properties(duplicate=duplicate, into=survivor, acting_user=clerk)

    again = place(partner, "1 elm st")

    assert again == survivor
    assert partner in survivor.people.all()


@pytest.mark.parametrize("case", ["itself", "another_town", "already_merged"])
def test_merges_that_make_no_sense_are_refused(owner, clerk, case):
    survivor = place(owner, "1 Elm Street")
    duplicate = {
        "itself": lambda: survivor,
        "another_town": lambda: place(owner, "1 Elm Street", town="tisbury",
                                      determined_zone="inland"),
        "already_merged": lambda: place(owner, "2 Elm Street"),
    }[case]()
    if case == "already_merged":
        merge_properties(duplicate=duplicate, into=survivor, acting_user=clerk)
        duplicate.refresh_from_db()

    with pytest.raises(DomainError):
        merge_properties(duplicate=duplicate, into=survivor, acting_user=clerk)
