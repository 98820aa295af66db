"""Every inspection knows its place (spec ``lifecycle.md``, "Property": one shared record
per real place in a town, which inspections show): the property of its permit or
application, else the town's property at the address typed — "9 Beach Road, Tisbury, MA"
is 9 Beach Road of Tisbury — else none. The review screen's "Inspections" and an
inspection's "Earlier violations" read it, so a visit entered by address is found with the
place's other records, and never with another town's place on a street of the same name."""

from __future__ import annotations

import datetime as dt
import importlib

import pytest
import time_machine
from django.apps import apps
from django.urls import reverse

from permits_site.enforcement.models import Inspection
from permits_site.enforcement.services import (
    close_inspection,
    open_case,
    record_inspection,
    schedule_inspection,
)
from permits_site.licensing.models import ApplicationStatus
from permits_site.parties.services import merge_properties
from permits_site.rules.registry import get_check
from tests.clients import queries_of
from tests.enforcement.conftest import MANURE_OVER_LIMIT, SANITARY, sanitary_inspection
from tests.factories import (
    ApplicationFactory,
    InspectionFactory,
    PermitFactory,
    PropertyFactory,
    Role,
    UserFactory,
    municipality,
    permit_type,
    staff,
    tisbury_place,
)
from tests.rules.test_tisbury_rules import COASTAL_SEPTIC_OK

pytestmark = pytest.mark.django_db

MONDAY = dt.datetime(2030, 6, 3, 9, 0)
TODAY = MONDAY.date()
#: A Tisbury agent's visit no permit asks for (09.6.4): scheduled against an address.
JUNKYARD = "tisbury.junkyard_visit"
#: A disposal works application's answers: the zone is the property's, never asked.
SEPTIC_ANSWERS = {name: value for name, value in COASTAL_SEPTIC_OK.items() if name != "zone"}
backfill = importlib.import_module("permits_site.enforcement.migrations.0015_inspection_place")


@pytest.fixture(autouse=True)
def _monday():
    with time_machine.travel(MONDAY, tick=False):
        yield


@pytest.fixture
def tisbury():
    return municipality("tisbury")


@pytest.fixture
def agent(tisbury):
    return staff(Role.INSPECTOR, "tisbury", first_name="Tess", last_name="Agent")


@pytest.fixture
def clerk(tisbury):
    return staff(Role.CLERK, "tisbury")


@pytest.fixture
def beach_road(tisbury):
    return tisbury_place(UserFactory(), "coastal_district", address="9 Beach Road")


def typed(town, address: str, inspector, *, check: str = JUNKYARD, on: dt.date = TODAY):
    return schedule_inspection(municipality=town, check_code=check, scheduled_for=on,
                               inspector=inspector, address=address, acting_user=inspector)


def junkyard_failed(town, address: str, inspector) -> Inspection:
    """A junkyard visit at ``address`` closed today: not screened from sight (09.6.4)."""
    visit = typed(town, address, inspector)
    answers = {fact.name: True for fact in get_check(JUNKYARD).facts}
    record_inspection(inspection=visit, answers={**answers, "screened_from_sight": False},
                      notes="", acting_user=inspector)
    return close_inspection(inspection=visit, acting_user=inspector)


def disposal_works_at(place):
    """A submitted disposal works application about ``place``, its answers within 09.9."""
    return ApplicationFactory(permit_type=permit_type("tisbury.disposal_works"), place=place,
                              status=ApplicationStatus.SUBMITTED, facts=SEPTIC_ANSWERS)


def page(client, user, url: str) -> str:
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def review_inspections(client, user, application) -> str:
    """The "Inspections" list of the review screen's "This property's record"."""
    screen = page(client, user, reverse("licensing:review", args=[application.pk]))
    record = screen[screen.index("This property's record"):]
    return record[record.index("Inspections"):record.index("Waivers granted")]


def earlier_violations(client, user, inspection) -> str:
    screen = page(client, user, reverse("enforcement:inspection", args=[inspection.pk]))
    return screen[screen.index("Earlier violations"):]


# -- the place of a visit ------------------------------------------------------------------


def test_an_address_typed_with_town_and_state_is_the_propertys(tisbury, agent, beach_road):
    assert typed(tisbury, "9 Beach Road, Tisbury, MA", agent).place == beach_road


def test_a_visit_of_a_permit_or_an_application_is_at_its_place(tisbury, agent, beach_road):
    application = disposal_works_at(beach_road)
    permit = PermitFactory(application__permit_type=permit_type("tisbury.temporary_dumpster"),
                           application__place=beach_road, place=beach_road,
                           place_address=beach_road.full_address)

    of_application = schedule_inspection(
        municipality=tisbury, check_code="tisbury.disposal_works", scheduled_for=TODAY,
        inspector=agent, application=application, address="the lot behind", acting_user=agent)
    of_permit = schedule_inspection(
        municipality=tisbury, check_code=JUNKYARD, scheduled_for=TODAY, inspector=agent,
        permit=permit, acting_user=agent)

    assert of_application.place == of_permit.place == beach_road


def test_an_address_matching_no_property_links_to_nothing_and_creates_none(
        tisbury, agent, beach_road):
    visit = typed(tisbury, "40 State Road, Tisbury, MA", agent)

    assert visit.place is None and visit.address == "40 State Road, Tisbury, MA"
    assert list(tisbury.properties.all()) == [beach_road]


def test_the_field_screen_names_the_property_and_links_it_for_the_clerk(
        client, tisbury, agent, clerk, beach_road):
    here = typed(tisbury, "9 Beach Road, Tisbury, MA", agent)
    nowhere = typed(tisbury, "40 State Road", agent)
    property_page = reverse("parties:staff_property", args=[beach_road.pk])

    assert property_page in page(client, clerk, reverse("enforcement:inspection", args=[here.pk]))
    inspector_screen = page(client, agent, reverse("enforcement:inspection", args=[here.pk]))
    assert "9 Beach Road, Tisbury" in inspector_screen and property_page not in inspector_screen
    assert "None on the town's records: an address only" in page(
        client, agent, reverse("enforcement:inspection", args=[nowhere.pk]))


def test_the_same_street_in_another_town_is_never_the_place(tisbury, agent, beach_road):
    north_andover = municipality("north_andover")
    theirs = PropertyFactory(municipality=north_andover, address="9 Beach Road")
    na_inspector = staff(Role.INSPECTOR, "north_andover")

    in_north_andover = typed(north_andover, "9 Beach Road", na_inspector,
                             check="north_andover.pet_shop_visit")
    named_elsewhere = typed(tisbury, "9 Beach Road, North Andover, MA", agent)

    assert in_north_andover.place == theirs
    assert named_elsewhere.place is None


def test_a_visit_of_a_merged_property_moves_to_the_record_that_stays(
        tisbury, agent, beach_road, clerk):
    duplicate = PropertyFactory(municipality=tisbury, address="9-11 Beach Road")
    visit = typed(tisbury, "9-11 Beach Rd", agent)

    merge_properties(duplicate=duplicate, into=beach_road, acting_user=clerk)

    visit.refresh_from_db()
    assert visit.place == beach_road


def test_a_case_opened_from_a_typed_visit_is_filed_at_its_place(
        tisbury, agent, beach_road, clerk):
    visit = junkyard_failed(tisbury, "9 Beach Road, Tisbury", agent)

    case = open_case(municipality=tisbury, case_type="tisbury.health_violation", party=None,
                     party_name="Olive Owner", address=visit.address, complaint="Junk in sight",
                     received_on=TODAY, inspection=visit, acting_user=clerk)

    assert case.place == beach_road


def test_the_api_shows_the_place_of_a_visit(tisbury, agent, beach_road, client):
    visit = typed(tisbury, "9 Beach Road, Tisbury, MA", agent)
    nowhere = typed(tisbury, "40 State Road", agent)
    client.force_login(agent)

    assert client.get(f"/api/v1/inspections/{visit.pk}/").json()["place"] == beach_road.pk
    assert client.get(f"/api/v1/inspections/{nowhere.pk}/").json()["place"] is None


# -- the review screen -----------------------------------------------------------------------


def test_a_typed_visit_appears_on_the_review_of_an_application_about_the_place(
        client, tisbury, agent, clerk, beach_road):
    application = disposal_works_at(beach_road)
    visit = typed(tisbury, "9 Beach Road, Tisbury, MA", agent)

    inspections = review_inspections(client, clerk, application)

    assert reverse("enforcement:inspection", args=[visit.pk]) in inspections
    assert "Licensed junkyard" in inspections


def test_visits_at_no_property_or_another_towns_stay_off_the_review(
        client, tisbury, agent, clerk, beach_road):
    application = disposal_works_at(beach_road)
    typed(tisbury, "40 State Road, Tisbury, MA", agent)
    PropertyFactory(municipality=municipality("north_andover"), address="9 Beach Road")
    typed(municipality("north_andover"), "9 Beach Road", staff(Role.INSPECTOR, "north_andover"),
          check="north_andover.pet_shop_visit")

    assert "<p class=\"small\">None.</p>" in review_inspections(client, clerk, application)


def test_the_review_runs_as_many_queries_whatever_the_visits_at_the_place(
        client, tisbury, agent, clerk, beach_road):
    application = disposal_works_at(beach_road)
    url = reverse("licensing:review", args=[application.pk])
    client.force_login(clerk)
    typed(tisbury, "9 Beach Road", agent)

    one = queries_of(client, url)
    for _ in range(5):
        typed(tisbury, "9 Beach Road, Tisbury, MA 02568", agent)

    assert queries_of(client, url) == one


# -- earlier violations ----------------------------------------------------------------------


def test_an_earlier_failed_typed_visit_is_among_the_earlier_violations_at_the_place(
        client, tisbury, agent, beach_road):
    earlier = junkyard_failed(tisbury, "9 beach rd.", agent)
    application = disposal_works_at(beach_road)
    later = schedule_inspection(
        municipality=tisbury, check_code="tisbury.disposal_works",
        scheduled_for=TODAY + dt.timedelta(days=7), inspector=agent, application=application,
        acting_user=agent)

    screen = page(client, agent, reverse("enforcement:inspection", args=[later.pk]))

    assert reverse("enforcement:inspection", args=[earlier.pk]) in screen
    assert earlier.violations.get().message in earlier_violations(client, agent, later)


def test_a_northborough_stables_earlier_typed_visit_is_found_from_its_permit(
        client, nb_inspector):
    northborough = municipality("northborough")
    site = PropertyFactory(municipality=northborough, address="12 Bartlett Street")
    earlier = typed(northborough, "12 Bartlett St, Northborough, MA 01532", nb_inspector,
                    check=SANITARY)
    record_inspection(inspection=earlier, answers=MANURE_OVER_LIMIT, notes="",
                      acting_user=nb_inspector)
    close_inspection(inspection=earlier, acting_user=nb_inspector)
    permit = PermitFactory(application__permit_type=permit_type("northborough.private_stable"),
                           application__place=site, place=site,
                           place_address=site.full_address)

    later = sanitary_inspection(permit, nb_inspector, on=TODAY + dt.timedelta(days=14))

    assert "300 cu ft" in earlier_violations(client, nb_inspector, later)


def test_another_towns_failed_visit_on_the_same_street_is_not_an_earlier_violation(
        client, tisbury, agent, beach_road):
    north_andover = municipality("north_andover")
    PropertyFactory(municipality=north_andover, address="9 Beach Road")
    na_inspector = staff(Role.INSPECTOR, "north_andover")
    elsewhere = typed(north_andover, "9 Beach Road", na_inspector,
                      check="north_andover.pet_shop_visit")
    answers = {fact.name: True for fact in get_check("north_andover.pet_shop_visit").facts}
    first = next(iter(answers))
    record_inspection(inspection=elsewhere, answers={**answers, first: False}, notes="",
                      acting_user=na_inspector)
    close_inspection(inspection=elsewhere, acting_user=na_inspector)
    assert elsewhere.violations.exists()

    here = typed(tisbury, "9 Beach Road, Tisbury, MA", agent)

    screen = earlier_violations(client, agent, here)
    assert "<p>None.</p>" in screen
    assert elsewhere.violations.get().message not in screen


# -- visits scheduled before every inspection knew its place -----------------------------------


def test_the_migration_links_earlier_visits_by_the_same_rule(tisbury, agent, beach_road):
    duplicate = PropertyFactory(municipality=tisbury, address="9-11 Beach Road")
    of_application = InspectionFactory(municipality=tisbury,
                                       application=disposal_works_at(duplicate), place=None)
    duplicate.merged_into = beach_road
    duplicate.save(update_fields=["merged_into"])
    typed_here = InspectionFactory(municipality=tisbury, address="9 Beach Rd, Tisbury, MA",
                                   place=None)
    nowhere = InspectionFactory(municipality=tisbury, address="40 State Road", place=None)
    other_town = InspectionFactory(municipality=municipality("north_andover"),
                                   address="9 Beach Road", place=None)

    backfill.link_inspections_to_their_place(apps, None)

    assert Inspection.objects.get(pk=of_application.pk).place == beach_road
    assert Inspection.objects.get(pk=typed_here.pk).place == beach_road
    assert Inspection.objects.get(pk=nowhere.pk).place is None
    assert Inspection.objects.get(pk=other_town.pk).place is None
