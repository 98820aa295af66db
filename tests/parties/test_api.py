"""``/api/v1/businesses/`` and ``/api/v1/properties/`` (spec ``lifecycle.md``, "Over the API"):
the main paths, every refusal, and lists that run a fixed number of queries."""

from __future__ import annotations

import pytest
from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.validation import validate_schema
from rest_framework.test import APIClient

from permits_site import audit
from permits_site.licensing.models import Application, PermitType
from permits_site.parties.models import Business, Property
from permits_site.parties.services import add_member
from tests.factories import ApplicationFactory, Role, UserFactory, staff
from tests.parties.test_services import place, register_business

pytestmark = pytest.mark.django_db

BUSINESSES = "/api/v1/businesses/"
PROPERTIES = "/api/v1/properties/"
BUSINESS_KEYS = {"id", "legal_name", "dba", "kind", "mailing_address", "phone", "email",
                 "members"}
PROPERTY_KEYS = {"id", "municipality", "address", "parcel", "attributes", "derived"}


def client_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def post(user, url: str, body) -> object:
    return client_for(user).post(url, body, format="json")


def applied_in(business: Business, town: str = "north_andover") -> Application:
    """A bare application of ``business`` in ``town``: enough for staff to see it."""
    return ApplicationFactory(
        permit_type=PermitType.objects.filter(municipality__code=town).first(),
        applicant=business.members.first(), business=business)


@pytest.fixture
def tisbury_clerk(db):
    return staff(Role.CLERK, "tisbury")


@pytest.fixture
def business(resident):
    return register_business(resident, dba="Harbor Parties")


NEW_BUSINESS = {"legal_name": "Osgood Catering Inc.", "dba": "Osgood Eats",
                "kind": "corporation", "mailing_address": "3 Osgood Street, North Andover, MA",
                "phone": "978-555-0199", "email": "hello@osgood.example"}


# -- businesses ----------------------------------------------------------------------


def test_registering_a_business_makes_the_caller_its_member(resident):
    response = post(resident, BUSINESSES, NEW_BUSINESS)

    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) == BUSINESS_KEYS
    assert {key: body[key] for key in NEW_BUSINESS} == NEW_BUSINESS
    assert body["members"] == [resident.username]
    business = Business.objects.get(pk=body["id"])
    assert list(business.members.all()) == [resident]
    assert [entry.action for entry in audit.history_of(business)] == ["business.created"]


def test_the_optional_business_fields_may_be_left_out(resident):
    response = post(resident, BUSINESSES, {"legal_name": "Jane Smith", "kind": "individual",
                                           "mailing_address": "4 Elm Street"})

    assert response.status_code == 201, response.content
    assert (response.json()["dba"], response.json()["phone"], response.json()["email"]) == (
        "", "", "")


@pytest.mark.parametrize(
    ("change", "fields"),
    [
        ({"legal_name": None}, {"legal_name"}),
        ({"legal_name": "   "}, {"legal_name"}),
        ({"legal_name": 42}, {"legal_name"}),
        ({"kind": "cooperative"}, {"kind"}),
        ({"email": "not an address"}, {"email"}),
        ({"mailing_address": ""}, {"mailing_address"}),
        ({"owner": "me"}, {"owner"}),
    ],
)
def test_a_bad_business_is_refused_naming_the_field(resident, change, fields):
    body = {**NEW_BUSINESS, **change}
    body = {key: value for key, value in body.items() if value is not None}

    response = post(resident, BUSINESSES, body)

    assert response.status_code == 400
    assert set(response.json()) == fields
    assert not Business.objects.exists()


def test_the_caller_lists_their_own_businesses_only(resident, other_resident, business):
    register_business(other_resident, "Other Co")

    response = client_for(resident).get(BUSINESSES)

    assert response.status_code == 200
    assert [row["legal_name"] for row in response.json()["results"]] == ["Harbor Events LLC"]


def test_staff_list_the_businesses_that_applied_in_their_towns(
    resident, other_resident, business, clerk, tisbury_clerk
):
    placed = register_business(other_resident, "Placed Co")
    place(other_resident, "5 Water Street").businesses.add(placed)
    register_business(other_resident, "Elsewhere Co")
    applied_in(business)

    listed = client_for(clerk).get(BUSINESSES).json()["results"]
    listed_in_tisbury = client_for(tisbury_clerk).get(BUSINESSES).json()["results"]

    assert [row["legal_name"] for row in listed] == ["Harbor Events LLC", "Placed Co"]
    assert listed_in_tisbury == []


def test_a_business_is_shown_to_its_members_and_to_staff_where_it_applied(
    resident, other_resident, business, clerk, tisbury_clerk
):
    url = f"{BUSINESSES}{business.pk}/"
    assert client_for(resident).get(url).json()["members"] == [resident.username]
    assert client_for(other_resident).get(url).status_code == 404
    assert client_for(clerk).get(url).status_code == 404

    applied_in(business)

    assert client_for(clerk).get(url).status_code == 200
    assert client_for(tisbury_clerk).get(url).status_code == 404


def test_a_member_adds_a_registered_user(resident, other_resident, business):
    response = post(resident, f"{BUSINESSES}{business.pk}/members/",
                    {"username": other_resident.username})

    assert response.status_code == 201, response.content
    assert response.json()["members"] == [resident.username, other_resident.username]
    assert client_for(other_resident).get(f"{BUSINESSES}{business.pk}/").status_code == 200


@pytest.mark.parametrize("username", ["nobody-here", "__member__"])
def test_an_unknown_or_existing_member_is_a_400_naming_username(resident, business, username):
    if username == "__member__":
        username = resident.username

    response = post(resident, f"{BUSINESSES}{business.pk}/members/", {"username": username})

    assert response.status_code == 400
    assert list(response.json()) == ["username"]


@pytest.mark.parametrize("body", [{}, {"username": 7}, {"username": "x", "role": "boss"}, []])
def test_a_bad_member_body_is_a_400(resident, business, body):
    assert post(resident, f"{BUSINESSES}{business.pk}/members/", body).status_code == 400


def test_only_members_add_members(resident, other_resident, business, clerk, tisbury_clerk):
    url = f"{BUSINESSES}{business.pk}/members/"
    applied_in(business)
    body = {"username": other_resident.username}

    assert post(other_resident, url, body).status_code == 404
    assert post(tisbury_clerk, url, body).status_code == 404
    assert post(clerk, url, body).status_code == 403
    assert list(business.members.all()) == [resident]


def test_unknown_business_id_is_a_404(resident):
    assert client_for(resident).get(f"{BUSINESSES}999999/").status_code == 404


# -- properties ----------------------------------------------------------------------


def test_recording_a_tisbury_place_derives_its_zone(resident):
    response = post(resident, PROPERTIES, {"municipality": "tisbury", "address": "9 Beach Road",
                                           "parcel": "30 - a - 4"})

    assert response.status_code == 201, response.content
    body = response.json()
    assert set(body) == PROPERTY_KEYS
    assert {name: body[name] for name in PROPERTY_KEYS - {"derived"}} == {
        "id": body["id"], "municipality": "tisbury", "address": "9 Beach Road",
        "parcel": "30-A-4", "attributes": {}}
    assert body["derived"]["zone"]["value"] == "barrier_beach"
    assert list(Property.objects.get(pk=body["id"]).people.all()) == [resident]


def test_the_attributes_may_also_be_sent_as_an_object(resident):
    response = post(resident, PROPERTIES, {"municipality": "tisbury", "address": "9 Beach Road",
                                           "attributes": {"zoning": "residential"}})

    assert response.status_code == 201, response.content
    assert response.json()["attributes"] == {"zoning": "residential"}


def test_the_same_parcel_again_is_a_200_with_the_existing_record(resident, other_resident):
    first = post(resident, PROPERTIES, {"municipality": "tisbury", "address": "9 Beach Road",
                                        "parcel": "12-34"}).json()

    again = post(other_resident, PROPERTIES, {"municipality": "tisbury",
                                              "address": "9 Beach Rd.", "parcel": "12-34",
                                              "zoning": "business"})

    assert again.status_code == 200
    assert again.json() == first
    assert client_for(other_resident).get(f"{PROPERTIES}{first['id']}/").status_code == 200


def test_the_same_normalised_address_again_is_a_200(resident, other_resident):
    first = post(resident, PROPERTIES, {"municipality": "north_andover",
                                        "address": "12 Main Street."}).json()

    again = post(other_resident, PROPERTIES, {"municipality": "north_andover",
                                              "address": "12 main st"})

    assert again.status_code == 200
    assert again.json()["id"] == first["id"]
    assert Property.objects.count() == 1


@pytest.mark.parametrize("typed", ["12 Main Street, North Andover",
                                   "12 Main St North Andover MA 01845",
                                   "12 main street, north andover, Massachusetts"])
def test_the_town_state_and_zip_typed_after_the_street_are_the_same_place(
        resident, other_resident, typed):
    """A property belongs to its town: the town's name, the state and the ZIP code after the
    street name no other place (lifecycle.md: one record per real place in a town)."""
    first = post(resident, PROPERTIES, {"municipality": "north_andover", "address": typed})

    again = post(other_resident, PROPERTIES, {"municipality": "north_andover",
                                              "address": "12 Main Street"})

    assert first.status_code == 201, first.content
    assert "andover" not in first.json()["address"].lower()
    assert (again.status_code, again.json()["id"]) == (200, first.json()["id"])
    assert Property.objects.count() == 1


def test_a_street_named_for_the_town_keeps_its_name(resident):
    created = post(resident, PROPERTIES, {"municipality": "tisbury",
                                          "address": "12 Tisbury Road, Tisbury"})

    assert created.json()["address"] == "12 Tisbury Road"


def test_the_same_address_without_its_parcel_is_the_same_place(resident, other_resident):
    """One record per place: "unique by parcel, else by normalised address" (lifecycle.md)."""
    first = post(resident, PROPERTIES, {"municipality": "northborough",
                                        "address": "100 Main Street", "parcel": "10-20"})
    again = post(other_resident, PROPERTIES, {"municipality": "northborough",
                                              "address": "100 MAIN STREET "})
    third = UserFactory()
    once_more = post(third, PROPERTIES, {"municipality": "northborough",
                                         "address": "100 main street"})

    assert first.status_code == 201, first.content
    assert (again.status_code, once_more.status_code) == (200, 200)
    assert again.json()["id"] == once_more.json()["id"] == first.json()["id"]
    assert again.json()["parcel"] == "10-20"
    lot = Property.objects.get()
    assert set(lot.people.all()) == {resident, other_resident, third}


def test_an_address_shared_by_two_parcels_asks_for_the_parcel(resident, other_resident):
    for parcel in ("10-20", "10-21"):
        post(resident, PROPERTIES, {"municipality": "northborough",
                                    "address": "100 Main Street", "parcel": parcel})

    response = post(other_resident, PROPERTIES, {"municipality": "northborough",
                                                 "address": "100 Main St"})

    assert response.status_code == 400
    assert set(response.json()) == {"parcel"}
    assert "parcel" in response.json()["parcel"][0]
    assert Property.objects.count() == 2


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        ({"municipality": "tisbury", "address": "9 Beach Road", "zone": "inland"}, {"zone"}),
        ({"municipality": "tisbury", "address": "9 Beach Road", "zone": "moon"}, {"zone"}),
        ({"municipality": "tisbury", "address": "9 Beach Road", "colour": "blue"},
         {"colour"}),
        ({"municipality": "north_andover", "address": "1 Elm St", "zone": "inland"}, {"zone"}),
        ({"municipality": "north_andover", "address": "1 Elm St", "zoning": True}, {"zoning"}),
        ({"municipality": "atlantis", "address": "1 Elm St"}, {"municipality"}),
        ({"municipality": 3, "address": "1 Elm St"}, {"municipality"}),
        ({"address": "1 Elm St"}, {"municipality"}),
        ({"municipality": "north_andover"}, {"address"}),
        ({"municipality": "north_andover", "address": "  "}, {"address"}),
        ({"municipality": "north_andover", "address": "1 Elm St", "parcel": 5}, {"parcel"}),
        ({"municipality": "north_andover", "address": "1 Elm St", "attributes": []},
         {"attributes"}),
        ({"municipality": "tisbury", "address": "1 Elm St", "parcel": "x" * 41},
         {"parcel"}),
    ],
)
def test_a_bad_property_is_refused_naming_the_field(resident, body, fields):
    response = post(resident, PROPERTIES, body)

    assert response.status_code == 400
    assert set(response.json()) == fields
    assert not Property.objects.exists()


def test_the_caller_lists_their_own_properties(resident, other_resident):
    mine = place(resident, "1 Elm Street")
    place(other_resident, "2 Elm Street")

    response = client_for(resident).get(PROPERTIES)

    assert [row["id"] for row in response.json()["results"]] == [mine.pk]
    assert client_for(other_resident).get(f"{PROPERTIES}{mine.pk}/").status_code == 404


def test_a_business_members_see_its_properties(resident, other_resident, business):
    shop = place(other_resident, "5 Water Street")
    shop.businesses.add(business)

    assert client_for(resident).get(f"{PROPERTIES}{shop.pk}/").status_code == 200


def test_staff_list_every_live_property_of_their_towns(resident, clerk, tisbury_clerk):
    first = place(resident, "1 Elm Street")
    second = place(UserFactory(), "2 Elm Street")
    merged = place(resident, "3 Elm Street")
    merged.merged_into = second
    merged.save()
    island = place(resident, "9 Beach Road", town="tisbury", determined_zone="inland")

    listed = client_for(clerk).get(PROPERTIES).json()["results"]

    assert [row["id"] for row in listed] == [first.pk, second.pk]
    assert [row["id"] for row in client_for(tisbury_clerk).get(PROPERTIES).json()["results"]
            ] == [island.pk]
    assert client_for(clerk).get(f"{PROPERTIES}{island.pk}/").status_code == 404
    assert client_for(clerk).get(f"{PROPERTIES}{merged.pk}/").status_code == 404


def test_the_clerk_corrects_a_property(resident, tisbury_clerk):
    lot = place(resident, "9 Beach Road", town="tisbury", determined_zone="inland")

    response = client_for(tisbury_clerk).patch(
        f"{PROPERTIES}{lot.pk}/", {"address": "9 Beach Rd", "zone": "coastal_district",
                                   "reason": "Plan of May 2030",
                                   "attributes": {"zoning": "residential"}}, format="json")

    assert response.status_code == 200, response.content
    assert response.json()["address"] == "9 Beach Rd"
    assert response.json()["attributes"] == {"zoning": "residential"}
    assert response.json()["derived"]["zone"]["value"] == "coastal_district"
    actions = {entry.action: entry.actor for entry in audit.history_of(lot)}
    assert actions["property.corrected"] == tisbury_clerk
    assert actions["property.zone_recorded"] == tisbury_clerk


def test_a_null_attribute_in_a_correction_removes_it(resident, clerk):
    lot = place(resident, "1 Elm Street", zoning="business")

    response = client_for(clerk).patch(f"{PROPERTIES}{lot.pk}/",
                                       {"attributes": {"zoning": None}}, format="json")

    assert response.status_code == 200, response.content
    assert response.json()["attributes"] == {}


@pytest.mark.parametrize(
    ("body", "fields"),
    [
        ({"zone": "moon"}, {"reason"}),
        ({"zone": "inland", "reason": "  "}, {"reason"}),
        ({"colour": "blue"}, {"colour"}),
        ({"address": ""}, {"address"}),
        ({"municipality": "north_andover"}, {"municipality"}),
        ({}, {"non_field_errors"}),
    ],
)
def test_a_bad_correction_is_refused_naming_the_field(resident, tisbury_clerk, body, fields):
    lot = place(resident, "9 Beach Road", town="tisbury", determined_zone="inland")

    response = client_for(tisbury_clerk).patch(f"{PROPERTIES}{lot.pk}/", body, format="json")

    assert response.status_code == 400
    assert set(response.json()) == fields
    lot.refresh_from_db()
    assert (lot.address, lot.attributes) == ("9 Beach Road", {})
    assert lot.zone_records.count() == 1


def test_only_the_towns_clerk_corrects_a_property(resident, other_resident, tisbury_clerk):
    lot = place(resident, "1 Elm Street")
    inspector = staff(Role.INSPECTOR, "north_andover")
    url = f"{PROPERTIES}{lot.pk}/"
    body = {"address": "2 Elm Street"}

    assert client_for(resident).patch(url, body, format="json").status_code == 403
    assert client_for(inspector).patch(url, body, format="json").status_code == 403
    assert client_for(other_resident).patch(url, body, format="json").status_code == 404
    assert client_for(tisbury_clerk).patch(url, body, format="json").status_code == 404
    assert client_for(resident).put(url, body, format="json").status_code == 405
    lot.refresh_from_db()
    assert lot.address == "1 Elm Street"


def test_a_residents_correction_naming_a_derived_attribute_is_a_400_naming_it(
        resident, other_resident):
    """docs/api: "A resident's POST or PATCH naming a derived attribute is a 400 naming it"."""
    lot = place(resident, "9 Beach Road", town="tisbury", parcel="30-C-1")
    url = f"{PROPERTIES}{lot.pk}/"

    refused = client_for(resident).patch(url, {"zone": "inland", "reason": "x"}, format="json")
    also_refused = client_for(resident).patch(
        url, {"attributes": {"zone": "inland"}, "address": "10 Beach Road"}, format="json")

    assert refused.status_code == 400, refused.content
    assert set(refused.json()) == {"zone"}
    assert "the town derives it" in refused.json()["zone"][0]
    assert also_refused.status_code == 400 and set(also_refused.json()) == {"zone"}
    assert client_for(other_resident).patch(url, {"zone": "inland"},
                                            format="json").status_code == 404
    lot.refresh_from_db()
    assert lot.address == "9 Beach Road" and not lot.zone_records.exists()


def test_the_clerk_merges_a_duplicate(resident, other_resident, clerk):
    duplicate = place(other_resident, "12 Osgood St")
    survivor = place(resident, "12 Osgood Street", parcel="62-104")

    response = post(clerk, f"{PROPERTIES}{survivor.pk}/merge/", {"duplicate": duplicate.pk})

    assert response.status_code == 200, response.content
    assert response.json()["id"] == survivor.pk
    duplicate.refresh_from_db()
    assert duplicate.merged_into == survivor
    assert client_for(other_resident).get(f"{PROPERTIES}{survivor.pk}/").status_code == 200


@pytest.mark.parametrize("which", ["itself", "other_town", "missing", "text", "merged"])
def test_a_bad_merge_is_a_400_naming_the_duplicate(resident, clerk, which):
    survivor = place(resident, "1 Elm Street")
    duplicate = {
        "itself": lambda: survivor.pk,
        "other_town": lambda: place(resident, "1 Elm St", town="tisbury",
                                    determined_zone="inland").pk,
        "missing": lambda: 999999,
        "text": lambda: str(survivor.pk),
        "merged": lambda: place(resident, "2 Elm Street").pk,
    }[which]()
    if which == "merged":
        post(clerk, f"{PROPERTIES}{survivor.pk}/merge/", {"duplicate": duplicate})

    response = post(clerk, f"{PROPERTIES}{survivor.pk}/merge/", {"duplicate": duplicate})

    assert response.status_code == 400
    assert list(response.json()) == ["duplicate"]


def test_only_the_towns_clerk_merges(resident, other_resident, tisbury_clerk):
    survivor = place(resident, "1 Elm Street")
    duplicate = place(resident, "1 Elm St (rear)")
    url = f"{PROPERTIES}{survivor.pk}/merge/"
    body = {"duplicate": duplicate.pk}

    assert post(resident, url, body).status_code == 403
    assert post(other_resident, url, body).status_code == 404
    assert post(tisbury_clerk, url, body).status_code == 404
    duplicate.refresh_from_db()
    assert duplicate.merged_into is None


# -- JSON only, never a 500 ------------------------------------------------------------


@pytest.mark.parametrize("url", [BUSINESSES, PROPERTIES, "__members__", "__merge__",
                                 "__patch__"])
@pytest.mark.parametrize(
    ("body", "content_type"),
    [
        (b"{not json", "application/json"),
        (b"[" * 100_000 + b"]" * 100_000, "application/json"),
        (b'{"legal_name": NaN}', "application/json"),
        (b'{"a": 1}', "application/json; charset=no-such-charset"),
        (b"\xff\xfe\x00", "application/json"),
        (b"[]", "application/json"),
        (b"null", "application/json"),
        (b'"text"', "application/json"),
    ],
)
def test_a_malformed_body_is_a_400(resident, clerk, business, url, body, content_type):
    lot = place(resident, "1 Elm Street")
    user, method = resident, "POST"
    if url == "__members__":
        url = f"{BUSINESSES}{business.pk}/members/"
    elif url == "__merge__":
        url, user = f"{PROPERTIES}{lot.pk}/merge/", clerk
    elif url == "__patch__":
        url, user, method = f"{PROPERTIES}{lot.pk}/", clerk, "PATCH"

    response = client_for(user).generic(method, url, body, content_type=content_type)

    assert response.status_code == 400


@pytest.mark.parametrize("url", [BUSINESSES, PROPERTIES])
def test_a_form_encoded_body_is_refused(resident, url):
    response = client_for(resident).post(url, {"legal_name": "X"})

    assert response.status_code == 415


@pytest.mark.parametrize("url", [BUSINESSES, PROPERTIES])
def test_an_anonymous_caller_is_refused(db, url):
    assert APIClient().get(url).status_code in (401, 403)
    assert APIClient().post(url, {}, format="json").status_code in (401, 403)


def test_the_schema_documents_these_endpoints_without_warnings():
    GENERATOR_STATS.reset()
    with GENERATOR_STATS.silence():
        schema = SchemaGenerator().get_schema(request=None, public=True)
    validate_schema(schema)
    messages = [*GENERATOR_STATS._warn_cache, *GENERATOR_STATS._error_cache]

    assert [message for message in messages if any(word in message for word in (
        "parties", "Business", "Property", "Member", "Merge", '"kind"'))] == []
    assert {"/api/v1/businesses/{id}/members/", "/api/v1/properties/{id}/merge/"} <= set(
        schema["paths"])
    assert schema["components"]["schemas"]["BusinessKindEnum"]["enum"] == [
        "individual", "corporation", "llc", "partnership", "non_profit", "government"]


# -- lists run a fixed number of queries ----------------------------------------------


@pytest.mark.parametrize("rows", [3, 30])
def test_the_business_lists_run_a_fixed_number_of_queries(
    resident, clerk, rows, django_assert_max_num_queries
):
    for number in range(rows):
        business = register_business(resident, f"Business {number:02}")
        add_member(business=business, username=UserFactory().username, acting_user=resident)
        applied_in(business)

    with django_assert_max_num_queries(6):
        mine = client_for(resident).get(BUSINESSES)
    with django_assert_max_num_queries(6):
        towns = client_for(clerk).get(BUSINESSES)

    assert mine.json()["count"] == towns.json()["count"] == rows
    assert all(len(row["members"]) == 2 for row in towns.json()["results"])


@pytest.mark.parametrize("rows", [3, 30])
def test_the_property_lists_run_a_fixed_number_of_queries(
    resident, clerk, rows, django_assert_max_num_queries
):
    business = register_business(resident)
    for number in range(rows):
        lot = place(resident, f"{number} Elm Street")
        lot.businesses.add(business)

    with django_assert_max_num_queries(6):
        mine = client_for(resident).get(PROPERTIES)
    with django_assert_max_num_queries(6):
        towns = client_for(clerk).get(PROPERTIES)

    assert mine.json()["count"] == towns.json()["count"] == rows
