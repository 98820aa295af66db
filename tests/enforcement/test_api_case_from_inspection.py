"""``POST /api/v1/cases/`` naming an inspection opens the case the way the inspection's page
does (``open_case_from_inspection``): its violations, its place and the party responsible,
refused for an inspection that passed, is still open or already has its case."""


import pytest
from rest_framework.test import APIClient

from permits_site.enforcement.models import Case
from permits_site.enforcement.services import (
    close_inspection,
    record_inspection,
    schedule_inspection,
)
from tests.enforcement.conftest import (
    CLEAN_STABLE,
    MANURE_OVER_LIMIT,
    MONDAY,
    SANITARY,
    STABLE_CASE,
    failed_inspection,
    issued_permit,
    sanitary_inspection,
)
from tests.factories import BusinessFactory, UserFactory, municipality

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]

CASES = "/api/v1/cases/"


def post(user, body):
    client = APIClient()
    client.force_authenticate(user)
    return client.post(CASES, body, format="json")


def opening(inspection, **more):
    return {"municipality": "northborough", "case_type": STABLE_CASE,
            "inspection": inspection.pk, **more}


def closed_at_address(inspector, answers):
    """A sanitary inspection of a place no permit covers, closed with ``answers``."""
    inspection = schedule_inspection(
        municipality=municipality("northborough"), check_code=SANITARY,
        scheduled_for=MONDAY.date(), inspector=inspector, address="5 Brook Rd",
        acting_user=inspector)
    record_inspection(inspection=inspection, answers=answers, notes="", acting_user=inspector)
    return close_inspection(inspection=inspection, acting_user=inspector)


def test_the_api_opens_the_case_with_the_holder_place_and_violations(stable_permit,
                                                                      nb_inspector):
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    response = post(nb_inspector, opening(inspection))

    assert response.status_code == 201, response.json()
    case = Case.objects.get(pk=response.json()["id"])
    assert (case.party, case.party_name, case.permit, case.inspection, case.address) == (
        stable_permit.holder, stable_permit.holder_name, stable_permit, inspection,
        inspection.address)
    assert [violation.rule for violation in case.violations.all()] == ["nb.6.2.volume"]
    assert case.complaint.startswith(f"Inspection #{inspection.pk} on June 7, 2027 found:")


def test_an_unpermitted_place_needs_the_party_and_takes_a_person_of_the_towns_records(
        nb_inspector, nb_clerk):
    inspection = closed_at_address(nb_inspector, MANURE_OVER_LIMIT)
    person = UserFactory(first_name="Rita", last_name="Rider")
    issued_permit(person, issued_by=nb_clerk, sequence=7)

    missing = post(nb_inspector, opening(inspection))
    assert missing.status_code == 400
    assert "party" in missing.json()
    assert not Case.objects.exists()

    response = post(nb_inspector, opening(inspection, party=person.pk))
    assert response.status_code == 201, response.json()
    case = Case.objects.get()
    assert (case.party, case.party_name, case.address) == (person, "Rita Rider", "5 Brook Rd")
    assert [violation.rule for violation in case.violations.all()] == ["nb.6.2.volume"]


def test_an_unpermitted_place_takes_a_business_or_a_name(nb_inspector):
    inspection = closed_at_address(nb_inspector, MANURE_OVER_LIMIT)

    response = post(nb_inspector, opening(inspection, party_name="Pat Unknown"))

    assert response.status_code == 201, response.json()
    assert Case.objects.get().party_name == "Pat Unknown"


def test_a_person_outside_the_towns_records_reads_as_missing(nb_inspector):
    inspection = closed_at_address(nb_inspector, MANURE_OVER_LIMIT)
    stranger = UserFactory()
    business = BusinessFactory()

    response = post(nb_inspector, opening(inspection, party=stranger.pk,
                                          party_business=business.pk))

    assert response.status_code == 400
    assert set(response.json()) >= {"party", "party_business"}
    assert not Case.objects.exists()


def test_a_passed_an_open_or_an_already_cased_inspection_is_refused(stable_permit,
                                                                    nb_inspector):
    passed = closed_at_address(nb_inspector, CLEAN_STABLE)
    still_open = sanitary_inspection(stable_permit, nb_inspector, on=MONDAY.date())
    failed = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())
    assert post(nb_inspector, opening(failed)).status_code == 201

    for inspection, words in ((passed, "passed"), (still_open, "closed as failed"),
                              (failed, "already opened")):
        response = post(nb_inspector, opening(inspection))
        assert response.status_code == 400, response.json()
        assert list(response.json()) == ["inspection"]
        assert words in response.json()["inspection"][0]
    assert Case.objects.count() == 1


def test_fields_the_inspection_supplies_are_refused_beside_it(stable_permit, nb_inspector):
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    response = post(nb_inspector, opening(inspection, address="Elsewhere",
                                          complaint="Other words"))

    assert response.status_code == 400
    assert set(response.json()) == {"address", "complaint"}
    assert not Case.objects.exists()


def test_an_inspection_of_another_town_named_with_this_town_is_refused(stable_permit,
                                                                      nb_inspector):
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    response = post(nb_inspector, opening(inspection, municipality="tisbury"))

    assert response.status_code in (400, 403)
    assert not Case.objects.exists()
