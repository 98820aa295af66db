"""Hazardous substance spills reported to the Board (Tisbury BOH Reg 09.9.6(3)e, f): the
Board's staff record who reported it, where, what, when and the action taken; the list, the
property's staff page and the API are the staff's only."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, PermissionDenied
from tests.factories import (
    PropertyFactory,
    Role,
    SpillReportFactory,
    UserFactory,
    municipality,
    staff,
)
from tests.tisbury.support import client_for
from tisbury_regs.models import SpillReport
from tisbury_regs.spills import services

pytestmark = pytest.mark.django_db


@pytest.fixture
def agent():
    return staff(Role.INSPECTOR, "tisbury")


@pytest.fixture
def place():
    return PropertyFactory(municipality=municipality("tisbury"), address="12 Lagoon Pond Road")


def report(agent, **fields):
    answers = {"reported_by": "Pat Neighbor", "substance": "Heating oil",
               "reported_at": timezone.now() - dt.timedelta(hours=1), "acting_user": agent,
               **fields}
    return services.record_spill(**answers)


def test_a_spill_reported_at_a_property_is_recorded_and_audited_09963e(agent, place):
    spill = report(agent, place=place, quantity="5 gallons",
                   action_taken="Stopped and contained; recovered.",
                   agencies_notified="MassDEP")
    assert spill.property == place and spill.place == "12 Lagoon Pond Road"
    assert spill.action_taken == "Stopped and contained; recovered."
    entry = AuditEntry.objects.get(action="spill.reported", object_id=spill.pk)
    assert "09.9.6(3)e" in entry.summary


def test_a_spill_off_any_property_names_its_location_09963e(agent):
    spill = report(agent, location="Beach Road at the drawbridge")
    assert spill.property is None and spill.place == "Beach Road at the drawbridge"


@pytest.mark.parametrize(("fields", "field"), [
    ({}, "location"),
    ({"location": "Main St", "reported_by": " "}, "reported_by"),
    ({"location": "Main St", "substance": ""}, "substance"),
    ({"location": "Main St", "reported_at": "future"}, "reported_at"),
])
def test_a_report_names_the_field_it_refuses_and_changes_nothing(agent, fields, field):
    if fields.get("reported_at") == "future":
        fields["reported_at"] = timezone.now() + dt.timedelta(minutes=1)
    with pytest.raises(DomainError) as refused:
        report(agent, **fields)
    assert field in refused.value.errors
    assert not SpillReport.objects.exists()


def test_a_report_dated_now_is_accepted(agent):
    assert report(agent, location="Main St", reported_at=timezone.now()).pk


def test_a_property_of_another_town_is_refused(agent):
    with pytest.raises(DomainError) as refused:
        report(agent, place=PropertyFactory())
    assert "property" in refused.value.errors


def test_only_the_boards_staff_record_spills_09963e():
    with pytest.raises(PermissionDenied, match="09.9.6"):
        report(UserFactory(), location="Main St")
    with pytest.raises(PermissionDenied):
        report(staff(Role.INSPECTOR, "north_andover"), location="Main St")


# -- the pages ------------------------------------------------------------------------------


def test_the_board_lists_reports_newest_first_in_fixed_queries(client, agent,
                                                              django_assert_max_num_queries):
    for hours in range(5):
        SpillReportFactory(substance=f"Solvent {hours}",
                           reported_at=timezone.now() - dt.timedelta(hours=hours))
    client.force_login(agent)
    with django_assert_max_num_queries(14):
        page = client.get("/tisbury/spills/")
    text = page.content.decode()
    assert page.status_code == 200
    assert text.index("Solvent 0") < text.index("Solvent 4")


def test_a_spill_recorded_from_the_property_page_shows_on_it(client, clerk, place):
    client.force_login(clerk)
    property_page = client.get(f"/staff/properties/{place.pk}/").content.decode()
    assert f"/tisbury/spills/?property={place.pk}" in property_page
    recorded = client.post(f"/tisbury/spills/?property={place.pk}", {
        "reported_at": "2030-06-03T05:15", "reported_by": "Harbor master",
        "substance": "Diesel", "quantity": "a sheen", "action_taken": "Boom deployed"})
    assert recorded.status_code == 302
    assert recorded.url == f"/tisbury/spills/?property={place.pk}"
    spill = SpillReport.objects.get()
    assert spill.property == place and spill.substance == "Diesel"
    assert "Diesel (a sheen), reported by Harbor master" in client.get(
        f"/staff/properties/{place.pk}/").content.decode()


def test_the_page_refuses_a_report_with_no_place_naming_the_field(client, agent):
    client.force_login(agent)
    refused = client.post("/tisbury/spills/", {
        "reported_at": "2030-06-03T05:15", "reported_by": "Caller", "substance": "Paint"})
    assert refused.status_code == 400
    assert "Say where the spill is (Tisbury BOH Reg 09.9.6(3)e)." in refused.content.decode()
    assert not SpillReport.objects.exists()


def test_another_towns_property_is_not_found(client, agent):
    client.force_login(agent)
    assert client.get(f"/tisbury/spills/?property={PropertyFactory().pk}").status_code == 404
    assert client.get("/tisbury/spills/?property=x").status_code == 404


def test_residents_never_see_spill_reports(client, place):
    SpillReportFactory(property=place)
    client.force_login(UserFactory())
    assert client.get("/tisbury/spills/").status_code == 403


# -- the API --------------------------------------------------------------------------------


def test_the_api_records_and_lists_spills_for_staff(agent, place):
    api = client_for(agent)
    created = api.post("/api/v1/spill-reports/", {
        "property": place.pk, "reported_by": "Pat", "substance": "Gasoline",
        "reported_at": "2030-06-03T05:00:00-04:00"}, format="json")
    assert created.status_code == 201, created.json()
    assert created.json()["address"] == "12 Lagoon Pond Road"
    listed = api.get("/api/v1/spill-reports/").json()
    [listed] = listed["results"] if isinstance(listed, dict) else listed
    assert listed["substance"] == "Gasoline"


def test_the_api_refuses_another_towns_property(agent):
    refused = client_for(agent).post("/api/v1/spill-reports/", {
        "property": PropertyFactory().pk, "reported_by": "Pat", "substance": "Gasoline",
        "reported_at": "2030-06-03T05:00:00-04:00"}, format="json")
    assert refused.status_code == 400 and "property" in refused.json()


def test_the_api_refuses_a_missing_place_naming_location(agent):
    refused = client_for(agent).post("/api/v1/spill-reports/", {
        "reported_by": "Pat", "substance": "Gasoline",
        "reported_at": "2030-06-03T05:00:00-04:00"}, format="json")
    assert refused.status_code == 400 and "location" in refused.json()


def test_the_api_is_the_staffs_only(place):
    spill = SpillReportFactory(property=place)
    resident = client_for(UserFactory())
    assert resident.get("/api/v1/spill-reports/").status_code == 403
    assert resident.get(f"/api/v1/spill-reports/{spill.pk}/").status_code == 403
    assert resident.post("/api/v1/spill-reports/", {}, format="json").status_code == 403
