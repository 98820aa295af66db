"""A Tisbury place knows its zone (BOH Reg 09.9.1(1), 09.9.2, 09.0.4): derived from the lot
list, the Board's determination or figures — never sent by a resident, never a silent
"inland"; staff set or correct it with a reason (audited)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import time_machine

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.kinds import sourced_facts
from permits_site.licensing.models import Application
from permits_site.licensing.services import applications as application_services
from permits_site.parties.models import Property
from permits_site.parties.places import place_facts
from permits_site.parties.services import find_or_create_property
from tests.factories import (
    CoastalDistrictDefinitionFactory,
    Role,
    UserFactory,
    municipality,
    staff,
    tisbury_place,
)
from tests.rules.test_tisbury_rules import COASTAL_SEPTIC_OK
from tests.tisbury.support import TODAY, client_for
from tisbury_regs.models import ZoneRecord
from tisbury_regs.zones.services import amend_district, record_zone

pytestmark = pytest.mark.django_db
PROPERTIES = "/api/v1/properties/"
SEPTIC_ANSWERS = {name: value for name, value in COASTAL_SEPTIC_OK.items() if name != "zone"}


@pytest.fixture
def owner(db):
    return UserFactory(username="olive", first_name="Olive", last_name="Owner")


@pytest.fixture
def board_member(db):
    return staff(Role.BOARD_MEMBER, "tisbury", first_name="Bea", last_name="Board")


def recorded(owner, address="12 Beach Road", parcel=""):
    place, _created = find_or_create_property(municipality=municipality("tisbury"),
                                              address=address, parcel=parcel,
                                              acting_user=owner)
    return place


# -- the properties API -----------------------------------------------------------------


def test_a_resident_gets_the_barrier_beach_from_the_parcel_without_sending_a_zone_09_9_2(owner):
    response = client_for(owner).post(PROPERTIES, {
        "municipality": "tisbury", "address": "4 Beach Road", "parcel": "30-A-4"},
        format="json")

    assert response.status_code == 201, response.content
    zone = response.json()["derived"]["zone"]
    assert (zone["value"], zone["basis"]) == ("barrier_beach", "lot_list")
    assert "30-A-1 through 10" in zone["reason"] and "09.9.2" in zone["reason"]
    assert client_for(owner).get(f"{PROPERTIES}{response.json()['id']}/").json()[
        "derived"]["zone"]["value"] == "barrier_beach"


@pytest.mark.parametrize("body", [
    {"zone": "inland"}, {"attributes": {"zone": "coastal_district"}},
    {"zone": "inland", "reason": "I know my lot"},
])
def test_a_resident_may_not_send_the_zone_09_9_1(owner, body):
    response = client_for(owner).post(PROPERTIES, {
        "municipality": "tisbury", "address": "4 Beach Road", **body}, format="json")

    assert response.status_code == 400
    assert "derives it" in response.json()["zone"][0]
    assert not Property.objects.exists()


def test_nothing_recorded_is_not_determined_09_9_1_1(owner):
    response = client_for(owner).post(PROPERTIES, {
        "municipality": "tisbury", "address": "9 Main Street", "parcel": "7-B-2"},
        format="json")

    zone = response.json()["derived"]["zone"]
    assert (zone["value"], zone["basis"]) == ("not_determined", "not_determined")


def test_a_partial_lot_asks_the_boards_determination_09_9_2(owner):
    place = recorded(owner, parcel="31-C-2")
    assert place_facts(place)["zone"] == "not_determined"


def test_staff_set_the_zone_only_with_a_reason_audited_09_9_1(owner, clerk):
    place = recorded(owner, parcel="30-C-1")
    office = client_for(clerk)

    refused = office.patch(f"{PROPERTIES}{place.pk}/", {"zone": "barrier_beach"}, format="json")
    assert refused.status_code == 400 and "reason" in refused.json()
    assert not ZoneRecord.objects.exists()

    response = office.patch(f"{PROPERTIES}{place.pk}/", {
        "zone": "barrier_beach", "reason": "Leaching field at 6 ft on the 2030 plan"},
        format="json")
    assert response.status_code == 200, response.content
    zone = response.json()["derived"]["zone"]
    assert (zone["value"], zone["basis"]) == ("barrier_beach", "board_determination")
    entry = AuditEntry.objects.get(action="property.zone_recorded")
    assert entry.actor == clerk and entry.after["reason"].startswith("Leaching field")
    assert entry.before["zone"] == "not_determined"


def test_a_resident_may_not_correct_the_zone_09_9_1(owner):
    place = recorded(owner)
    response = client_for(owner).patch(f"{PROPERTIES}{place.pk}/", {
        "zone": "inland", "reason": "mine"}, format="json")
    assert response.status_code == 400
    assert set(response.json()) == {"zone"}
    assert not ZoneRecord.objects.exists()


def test_a_listed_lot_cannot_be_determined_off_the_barrier_beach_09_9_2(owner, board_member):
    place = recorded(owner, parcel="30-A-4")
    with pytest.raises(DomainError) as refused:
        record_zone(place=place, acting_user=board_member, reason="typo", zone="inland")
    assert "09.9.2" in refused.value.errors["zone"][0]


def test_the_boards_figures_settle_the_zone_09_9_1_1(owner, board_member):
    place = recorded(owner, parcel="7-B-2")
    record_zone(place=place, acting_user=board_member, reason="Plan of May 2030",
                figures={"elevation_ft": Decimal("18")})
    assert place_facts(place)["zone"] == "coastal_district"
    record_zone(place=place, acting_user=board_member, reason="Corrected plan",
                figures={"elevation_ft": "32", "water_distance_ft": "800",
                         "share_below_percent": "0"})
    assert place_facts(place)["zone"] == "inland"


def test_a_resident_may_not_record_figures_09_9_1_1(owner):
    place = recorded(owner)
    with pytest.raises(PermissionDenied):
        record_zone(place=place, acting_user=owner, reason="mine", zone="inland")


# -- the municipality API ---------------------------------------------------------------


def test_the_town_describes_zone_as_derived_api_md(api):
    response = api.get("/api/v1/municipalities/tisbury/")

    assert response.status_code == 200
    body = response.json()
    assert (body["code"], body["name"]) == ("tisbury", "Town of Tisbury")
    attributes = {attribute["name"]: attribute for attribute in body["place_attributes"]}
    zone = attributes["zone"]
    assert zone["derived"] is True and "09.9.2" in zone["how"]
    assert zone["type"] == "choice" and "barrier_beach" in zone["choices"]
    assert attributes["zoning"]["derived"] is False


def test_an_unknown_town_is_a_404(api):
    assert api.get("/api/v1/municipalities/atlantis/").status_code == 404


# -- the rules that read the zone -------------------------------------------------------


def test_a_zone_not_determined_makes_every_zone_rule_need_review_09_9_1_1(owner):
    place = recorded(owner, parcel="7-B-2")
    response = client_for(owner).post("/api/v1/applications/", {
        "permit_type": "tisbury.disposal_works", "action": "new",
        "details": {"property": place.pk, **SEPTIC_ANSWERS}}, format="json")
    assert response.status_code == 201, response.content
    result = application_services.evaluate(Application.objects.get(pk=response.json()["id"]))
    by_rule = {finding.rule: finding for finding in result.findings}
    zone_rules = [rule for rule in by_rule if rule.startswith(("ti.9.7", "ti.9.4.2"))]
    assert zone_rules and all(by_rule[rule].outcome.value == "needs_review"
                              for rule in zone_rules)
    assert "not yet determined" in by_rule["ti.9.4.2.bb_new"].message


# -- the town admin amends the list (09.0.4) ----------------------------------------------


def test_an_amended_lot_list_takes_effect_on_its_date_09_0_4(owner):
    admin = staff(Role.ADMIN, "tisbury")
    place = recorded(owner, parcel="29-A-5")
    amend_district(acting_user=admin, effective_from=TODAY + dt.timedelta(days=1),
                   note="Board vote of May 2030", barrier_beach_lots=["29-A-1 through 5"],
                   notice_on=TODAY - dt.timedelta(days=14), hearing_on=TODAY,
                   partial_lots=[], elevation_ft=Decimal("20"), water_distance_ft=Decimal("500"),
                   slope_crest_ft=Decimal("100"), share_below_percent=Decimal("50"))

    assert place_facts(place, on=TODAY)["zone"] == "not_determined"
    assert place_facts(place, on=TODAY + dt.timedelta(days=1))["zone"] == "barrier_beach"
    with time_machine.travel(dt.datetime(2030, 6, 5, 10), tick=False):
        assert place_facts(place)["zone"] == "barrier_beach"
    assert AuditEntry.objects.filter(action="coastal_district.amended").exists()


def test_only_the_town_admin_amends_the_list_and_a_bad_line_is_named_09_0_4(clerk):
    with pytest.raises(PermissionDenied):
        amend_district(acting_user=clerk, effective_from=TODAY, note="x",
                       barrier_beach_lots=[], partial_lots=[], elevation_ft=Decimal("20"),
                       water_distance_ft=Decimal("500"), slope_crest_ft=Decimal("100"),
                       share_below_percent=Decimal("50"))
    admin = staff(Role.ADMIN, "tisbury")
    with pytest.raises(DomainError) as refused:
        amend_district(acting_user=admin, effective_from=TODAY, note="vote", emergency=True,
                       barrier_beach_lots=["lot seven"], partial_lots=[],
                       elevation_ft=Decimal("20"), water_distance_ft=Decimal("500"),
                       slope_crest_ft=Decimal("100"), share_below_percent=Decimal("50"))
    assert "lot seven" in refused.value.errors["barrier_beach_lots"][0]


def test_a_version_in_force_is_never_edited_09_0_4():
    version = CoastalDistrictDefinitionFactory()
    admin = staff(Role.ADMIN, "tisbury")
    with pytest.raises(DomainError) as refused:
        amend_district(acting_user=admin, effective_from=version.effective_from, note="vote",
                       emergency=True,
                       barrier_beach_lots=[], partial_lots=[], elevation_ft=Decimal("20"),
                       water_distance_ft=Decimal("500"), slope_crest_ft=Decimal("100"),
                       share_below_percent=Decimal("50"))
    assert "effective_from" in refused.value.errors


# -- the Board's page ---------------------------------------------------------------------


def test_the_board_records_figures_on_the_zone_page_09_9_1_1(client, owner, board_member):
    place = recorded(owner, parcel="7-B-2")
    client.force_login(board_member)
    url = f"/tisbury/properties/{place.pk}/zone/"

    assert "Not determined" in client.get(url).content.decode()
    response = client.post(url, {"elevation_ft": "12", "reason": "Plan of May 2030"})
    assert response.status_code == 302
    assert place_facts(place)["zone"] == "coastal_district"


def test_the_zone_page_refuses_a_resident_and_names_the_reason_field(client, owner,
                                                                      board_member):
    place = recorded(owner)
    client.force_login(owner)
    assert client.get(f"/tisbury/properties/{place.pk}/zone/").status_code in (403, 404)
    client.force_login(board_member)
    response = client.post(f"/tisbury/properties/{place.pk}/zone/", {"elevation_ft": "12"})
    assert response.status_code == 400 and 'id="id_reason_error"' in response.content.decode()


def test_the_clerks_property_page_shows_the_zone_and_why(client, owner, clerk):
    place = tisbury_place(owner, "coastal_district")
    client.force_login(clerk)
    page = client.get(f"/staff/properties/{place.pk}/").content.decode()
    assert "Coastal zone" in page and "Determined by the Board of Health" in page


def test_the_town_admin_amends_the_list_on_its_page_09_0_4(client):
    admin = staff(Role.ADMIN, "tisbury")
    client.force_login(admin)
    page = client.get("/tisbury/coastal-district/")
    assert page.status_code == 200 and "30-A-1 through 10" in page.content.decode()
    response = client.post("/tisbury/coastal-district/", {
        "effective_from": "2030-07-01", "note": "Vote of June 2030",
        "notice_on": "2030-06-01", "hearing_on": "2030-06-20",
        "barrier_beach_lots": "29-A-1 through 5\n30-A-1 through 10", "partial_lots": "",
        "elevation_ft": "20", "water_distance_ft": "500", "slope_crest_ft": "100",
        "share_below_percent": "50"})
    assert response.status_code == 302
    bad = client.post("/tisbury/coastal-district/", {
        "effective_from": "2030-08-01", "note": "Vote", "barrier_beach_lots": "lot seven",
        "emergency": "on",
        "elevation_ft": "20", "water_distance_ft": "500", "slope_crest_ft": "100",
        "share_below_percent": "50"})
    assert bad.status_code == 400 and "lot seven" in bad.content.decode()


def test_only_the_town_admin_opens_the_amendment_page_09_0_4(client, clerk):
    client.force_login(clerk)
    assert client.get("/tisbury/coastal-district/").status_code == 403


def test_staff_record_a_new_place_with_its_zone_and_reason_09_9_1(clerk):
    office = client_for(clerk)
    refused = office.post(PROPERTIES, {"municipality": "tisbury", "address": "2 Main Street",
                                       "zone": "inland"}, format="json")
    assert refused.status_code == 400 and set(refused.json()) == {"reason"}
    assert not Property.objects.exists()

    response = office.post(PROPERTIES, {"municipality": "tisbury", "address": "2 Main Street",
                                        "zone": "inland", "reason": "Plan of May 2030"},
                           format="json")
    assert response.status_code == 201, response.content
    assert response.json()["derived"]["zone"]["basis"] == "board_determination"
    assert ZoneRecord.objects.get().recorded_by == clerk


def test_the_forms_live_findings_read_the_zone_derived_from_the_parcel_09_9_2(owner):
    """The preview judges the answers with the zone the saved application reads: derived from
    the parcel, never the stored attributes alone (a listed lot is on the barrier beach)."""
    place, _created = find_or_create_property(municipality=municipality("tisbury"),
                                              address="4 Beach Road", parcel="30-A-4",
                                              acting_user=owner)

    facts = sourced_facts({"zone": "property"}, place=place, action="new", on=TODAY)

    assert "zone" not in place.attributes
    assert facts == {"zone": "barrier_beach"}
