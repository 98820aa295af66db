"""The one lifecycle's contract, over every permit type of the spec tables (``lifecycle.md``).

A client that knows nothing but ``GET /api/v1/permit-types/{code}/`` builds an
application's ``details`` from the declared ``fields`` alone, starts it, and
every blocker it is ever shown names a gate the type declares.
"""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from permits_site.accounts.models import Membership, Role
from permits_site.licensing.declarations import GATE_ORDER
from permits_site.licensing.kinds import applied_for
from permits_site.licensing.models import PermitType
from permits_site.parties.services import create_business, find_or_create_property
from permits_site.rules.registry import get_rule_set
from stables.models import Stable
from tests.factories import DogFactory, UserFactory, municipality, tisbury_place
from tests.tisbury.support import SAMPLE

#: Every permit type of the spec tables (northborough.md, north_andover.md, tisbury.md).
SPEC_PERMIT_TYPES = (
    "northborough.horse_registration",
    "northborough.private_stable",
    "northborough.public_stable",
    "north_andover.dog_license",
    "north_andover.kennel_license",
    "tisbury.dumpster",
    "tisbury.dumpster_contractor",
    "tisbury.temporary_dumpster",
    "tisbury.septage_handler",
    "tisbury.sandblasting",
    "tisbury.food_service",
    "tisbury.temporary_food",
    "tisbury.residential_kitchen",
    "tisbury.stable",
    "tisbury.disposal_works",
    "tisbury.well_registration",
    "tisbury.body_art_establishment",
    "tisbury.body_art_practitioner",
    "tisbury.tobacco_sales",
    "tisbury.campground",
)
DECLARATION_KEYS = {"code", "municipality", "name", "authority", "term", "check", "actions",
                    "online", "holder", "about", "purposes", "fields", "facts_from", "documents",
                    "gates", "fees"}
FACT_SOURCES = {"field", "application", "record", "document", "property", "office"}


def declaration(api, code: str) -> dict:
    response = api.get(f"/api/v1/permit-types/{code}/")
    assert response.status_code == 200, response.content
    return response.json()


@pytest.mark.parametrize("code", SPEC_PERMIT_TYPES)
def test_every_permit_type_describes_itself(db, api, code):
    described = declaration(api, code)
    assert set(described) >= DECLARATION_KEYS
    assert described["holder"] in {"person", "business", "person_or_business"}
    assert described["about"] in {"person", "animal", "property", "business", "event"}
    assert described["purposes"], "what a person applying wants to do is declared"
    assert set(described["gates"]) <= {gate.value for gate in GATE_ORDER}
    assert "fee_paid" in described["gates"]
    names = [field["name"] for field in described["fields"]]
    assert len(names) == len(set(names))
    rule_set = get_rule_set(described["check"]) if described["check"] else None
    expected_facts = {fact.name for fact in rule_set.facts} if rule_set else set()
    assert set(described["facts_from"]) == expected_facts
    assert set(described["facts_from"].values()) <= FACT_SOURCES
    asked = {name for name, source in described["facts_from"].items() if source == "field"}
    assert asked <= set(names)
    if described["about"] == "property":
        assert "property" in names
    assert ("business" in names) == (described["holder"] != "person")
    for fee in described["fees"]:
        assert {"code", "item", "label", "amount", "section", "placeholder"} <= set(fee)


#: Facts each action's quotes are asked with: every schedule item its main line may charge,
#: and each surcharge line it may carry. An action missing here is quoted with no facts.
NEUTER_STATUS = [{"spayed_neutered": True}, {"spayed_neutered": False, "license_year": 2020}]
KENNEL_SIZE = [{"dogs": 5}, {"dogs": 11, "license_year": 2020}]
QUOTED_WITH = {
    ("north_andover.dog_license", "new"): NEUTER_STATUS,
    ("north_andover.dog_license", "renewal"): NEUTER_STATUS,
    ("north_andover.kennel_license", "new"): KENNEL_SIZE,
    ("north_andover.kennel_license", "renewal"): KENNEL_SIZE,
    ("tisbury.sandblasting", "new"): [{"variant": "year_round"}, {"variant": "individual"}],
    ("tisbury.temporary_food", "new"): [
        {"operator": "non_profit"}, {"operator": "for_profit", "in_town": False},
        {"operator": "for_profit", "in_town": True, "has_valid_food_permit": True},
        {"operator": "for_profit", "in_town": True, "has_valid_food_permit": False}],
    ("tisbury.food_service", "new"): [{}, {"non_profit": True},
                                      {"fee_waiver_requested": True}],
    ("tisbury.food_service", "renewal"): [{"surcharge_events": ["late_renewal"]}],
    ("tisbury.septage_handler", "renewal"): [{"surcharge_events": ["citation_order"]}],
}
#: Lines reckoned from the main line rather than charged from the schedule (api.md
#: "fee-quotes"; tisbury.md "Food fee waiver and pro-rating").
RECKONED_LINES = {"compliance_surcharge", "proration", "non_profit_waiver"}


def test_every_quoted_line_is_among_its_permit_types_declared_fees(db, api):
    """A client matches a quote's lines to the permit type's ``fees`` by ``code``: the main
    line's code is the action (api.md), so every action's amounts are declared under it."""
    unmatched = []
    for permit_type in applied_for(PermitType.objects.order_by("code")):
        fees = declaration(api, permit_type.code)["fees"]
        declared = {(fee["code"], fee["amount"]) for fee in fees}
        for action in permit_type.actions:
            for facts in QUOTED_WITH.get((permit_type.code, action), [{}]):
                quoted = api.post("/api/v1/fee-quotes/", {
                    "permit_type": permit_type.code, "action": action, "facts": facts},
                    format="json")
                assert quoted.status_code == 200, (permit_type.code, action, quoted.content)
                lines = quoted.json()["lines"]
                assert lines[0]["code"] == action
                unmatched += [(permit_type.code, action, line["code"], line["amount"])
                              for line in lines if line["code"] not in RECKONED_LINES
                              and (line["code"], line["amount"]) not in declared]
    assert unmatched == []


def test_an_actions_alternative_amounts_name_their_schedule_items(db, api):
    fees = declaration(api, "north_andover.dog_license")["fees"]

    assert [(fee["code"], fee["item"], fee["amount"]) for fee in fees] == [
        ("new", "spayed_neutered", "10.00"), ("new", "intact", "15.00"),
        ("renewal", "spayed_neutered", "10.00"), ("renewal", "intact", "15.00"),
        ("transfer", "transfer", "2.00"), ("replacement_tag", "replacement_tag", "5.00"),
        ("late_fee", "late_fee", "25.00")]


def test_an_unknown_permit_type_is_a_404(db, api):
    assert api.get("/api/v1/permit-types/tisbury.unicorn_stable/").status_code == 404


# -- building details from the declaration alone ---------------------------------------


def _value(field: dict, records: dict):
    """A plausible answer of the field's declared type, today-dated."""
    today = timezone.localdate()
    if field["type"] == "reference":
        return records[field["references"]]
    if field["type"] in ("integer", "number"):
        return max(field.get("minimum", 1), 1)
    return {
        "boolean": False,
        "integer": 1,
        "number": 1,
        "date": today.isoformat(),
        "time": "10:00",
        "string": "As declared",
        "choice": (field.get("choices") or [""])[0],
        "list": [],
    }[field["type"]]


def _records(applicant, town_code: str, described: dict, *, address: str = "12 Beach Road"
             ) -> dict:
    """One record of each kind the declared reference fields name, owned by the applicant."""
    town = municipality(town_code)
    makers = {
        "property": lambda: (tisbury_place(applicant, "inland", address=address)
                             if town_code == "tisbury" else find_or_create_property(
                                 municipality=town, address=address, acting_user=applicant)[0]),
        "business": lambda: create_business(
            legal_name="Harbor Works LLC", kind="llc", mailing_address="1 Main Street",
            acting_user=applicant),
        "stable": lambda: Stable.objects.create(
            municipality=town, keeper=applicant, occupancy="owner",
            property=find_or_create_property(municipality=town, address="24 Whitney Street",
                                             acting_user=applicant)[0]),
        "dog": lambda: DogFactory(
            owner=applicant, date_of_birth=timezone.localdate() - dt.timedelta(days=400)),
    }
    referenced = {field["references"] for field in described["fields"]
                  if field["type"] == "reference" and field["references"] in makers}
    return {references: makers[references]().pk for references in referenced}


def details_from_declaration(described: dict, action: str, records: dict) -> dict:
    return {
        field["name"]: _value(field, records)
        for field in described["fields"]
        if action in field.get("actions", [action])
        and (field["type"] != "reference" or field["references"] in records)
    }


@pytest.mark.parametrize("code", SPEC_PERMIT_TYPES)
def test_an_application_built_from_the_declaration_shows_only_declared_gates(db, api, code):
    described = declaration(api, code)
    applicant = UserFactory()
    api.force_authenticate(applicant)
    records = _records(applicant, described["municipality"], described)
    action = described["actions"][0]
    details = details_from_declaration(described, action, records)

    response = api.post("/api/v1/applications/", {"permit_type": code, "action": action,
                                                  "details": details}, format="json")
    assert response.status_code == 201, response.content
    created = response.json()
    declared_gates = set(described["gates"])
    assert {blocker["gate"] for blocker in created["blockers"]} <= declared_gates
    assert set(created["gates"]) == declared_gates

    attach_what_must_be_attached(api, created)
    submitted = api.post(f"/api/v1/applications/{created['id']}/submit/", format="json")
    assert submitted.status_code == 200, submitted.content
    assert {blocker["gate"] for blocker in submitted.json()["blockers"]} <= declared_gates


def attach_what_must_be_attached(api, created: dict) -> None:
    """Upload, as a client reading only ``documents_needed`` would, each document that may
    not follow the submission (as many as each asks), with its expiry where it is ``dated``."""
    for needed in created["documents_needed"]:
        for _ in range(needed["count"] if not needed["may_follow"] else 0):
            with open(SAMPLE, "rb") as sample:
                dated = {"valid_until": "2031-01-01"} if needed["dated"] else {}
                uploaded = api.post(f"/api/v1/applications/{created['id']}/documents/",
                                    {"kind": needed["kinds"][0], "file": sample, **dated},
                                    format="multipart")
            assert uploaded.status_code == 201, uploaded.content


def test_the_application_list_of_every_permit_type_runs_a_fixed_number_of_queries(
    db, api, django_assert_max_num_queries
):
    """One application of each type (each kind shows its details its own way): the list
    still joins or prefetches everything it shows."""
    clerk = UserFactory()
    for town in ("north_andover", "northborough", "tisbury"):
        Membership.objects.create(user=clerk, municipality=municipality(town), role=Role.CLERK)
    started = 0
    for index, code in enumerate(SPEC_PERMIT_TYPES):
        described = declaration(api, code)
        applicant = UserFactory()
        api.force_authenticate(applicant)
        records = _records(applicant, described["municipality"], described,
                           address=f"{index} Beach Road")
        action = described["actions"][0]
        response = api.post("/api/v1/applications/", {
            "permit_type": code, "action": action,
            "details": details_from_declaration(described, action, records)}, format="json")
        started += response.status_code == 201
    assert started == len(SPEC_PERMIT_TYPES)

    api.force_authenticate(clerk)
    with django_assert_max_num_queries(8):
        listed = api.get("/api/v1/applications/")
    assert listed.json()["count"] == len(SPEC_PERMIT_TYPES)
