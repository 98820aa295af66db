"""A later offense is a later violation (MGL c.40 §21D): the same offense cited twice on a case
for the same day, or for the same violation an inspection found, is refused naming the citation
already written, so a second click neither doubles nor escalates the fine; a later day of an
offense each day of which is a separate offense, or a new incident on a later day, is cited as
the repeat offense it is."""

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse

from permits_site.enforcement.models import Citation, InspectionResult, InspectionStatus
from permits_site.enforcement.services import issue_citation, open_case
from permits_site.enforcement.services.dispositions import decide_hearing, request_hearing
from permits_site.exceptions import DomainError
from permits_site.licensing.models import Invoice
from tests.api.conftest import client_for
from tests.enforcement.conftest import DOG_COMPLAINT
from tests.enforcement.test_citation_pages import held_today
from tests.factories import InspectionFactory, Role, UserFactory, municipality, on_day, staff

pytestmark = pytest.mark.django_db

MONDAY = dt.date(2027, 6, 7)
TUESDAY = dt.date(2027, 6, 8)
WEDNESDAY = dt.date(2027, 6, 9)
TISBURY_HEALTH = "tisbury.health_violation"


@pytest.fixture(autouse=True)
def _monday():
    with on_day(MONDAY):
        yield


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", first_name="Al", last_name="Aco")


@pytest.fixture
def tisbury_officer(db):
    return staff(Role.INSPECTOR, "tisbury", first_name="Tess", last_name="Officer")


def case_in(town: str, case_type: str, officer, *, inspection=None):
    return open_case(municipality=municipality(town), case_type=case_type, party=None,
                     party_name="Pat Doe", address="1 Main St", complaint="Seen by the officer.",
                     received_on=MONDAY, inspection=inspection, acting_user=officer)


def refusal(**citing) -> dict[str, list[str]]:
    with pytest.raises(DomainError) as refused:
        issue_citation(**citing)
    return refused.value.errors


def test_the_same_offense_twice_the_same_day_is_refused_naming_the_first(aco):
    case = case_in("north_andover", DOG_COMPLAINT.code, aco)
    first = issue_citation(case=case, offense="running_at_large", acting_user=aco)

    errors = refusal(case=case, offense="running_at_large", acting_user=aco)

    assert list(errors) == ["offense"]
    assert f"Citation #{first.pk}" in errors["offense"][0]
    assert "today" in errors["offense"][0]
    assert list(Citation.objects.values_list("offense_number", "amount_per_offense")) == [
        (1, Decimal("25.00"))]
    assert Invoice.objects.count() == 1


def test_a_new_incident_on_a_later_day_is_the_second_offense(aco):
    case = case_in("north_andover", DOG_COMPLAINT.code, aco)
    issue_citation(case=case, offense="running_at_large", acting_user=aco)

    with on_day(TUESDAY):
        second = issue_citation(case=case, offense="running_at_large", acting_user=aco)

    assert (second.offense_number, second.amount_per_offense) == (2, Decimal("50.00"))


def test_another_offense_the_same_day_is_cited(aco):
    case = case_in("north_andover", DOG_COMPLAINT.code, aco)
    issue_citation(case=case, offense="running_at_large", acting_user=aco)

    other = issue_citation(case=case, offense="animal_limit", acting_user=aco)

    assert (other.offense, other.offense_number) == ("animal_limit", 1)


def test_a_citation_dismissed_at_its_hearing_does_not_stand_in_the_way(aco):
    chief = staff(Role.HEARING_AUTHORITY, "north_andover")
    case = case_in("north_andover", DOG_COMPLAINT.code, aco)
    first = issue_citation(case=case, offense="running_at_large", acting_user=aco)
    request_hearing(citation=first, acting_user=aco)
    held_today(first)
    decide_hearing(citation=first, outcome="dismissed", acting_user=chief)

    again = issue_citation(case=case, offense="running_at_large", acting_user=aco)

    assert again.offense_number == 1


def test_a_daily_fine_still_running_already_counts_each_later_day(tisbury_officer):
    case = case_in("tisbury", TISBURY_HEALTH, tisbury_officer)
    first = issue_citation(case=case, offense="junkyard_noncompliance",
                           acting_user=tisbury_officer)

    with on_day(WEDNESDAY):
        errors = refusal(case=case, offense="junkyard_noncompliance",
                         acting_user=tisbury_officer)

    assert list(errors) == ["offense"]
    assert f"Citation #{first.pk}" in errors["offense"][0]
    assert Citation.objects.count() == 1


def test_another_case_of_the_party_at_the_same_place_starts_no_second_daily_fine(
        tisbury_officer):
    """A second case about the same party and place (opened from a later inspection, say)
    does not start a second daily fine while the first one runs: each day is counted once."""
    first = issue_citation(case=case_in("tisbury", TISBURY_HEALTH, tisbury_officer),
                           offense="junkyard_noncompliance", acting_user=tisbury_officer)
    second_case = case_in("tisbury", TISBURY_HEALTH, tisbury_officer)

    with on_day(WEDNESDAY):
        errors = refusal(case=second_case, offense="junkyard_noncompliance",
                         acting_user=tisbury_officer)

    assert errors == {"offense": [
        f"Citation #{first.pk} fines this offense for each day until the party complies: it "
        "counts today already."]}
    assert Citation.objects.count() == 1


def test_the_party_at_another_place_is_cited_as_their_next_offense(aco):
    pat = UserFactory(first_name="Pat", last_name="Doe")

    def case_at(address: str):
        return open_case(municipality=municipality("north_andover"),
                         case_type=DOG_COMPLAINT.code, party=pat, party_name="Pat Doe",
                         address=address, complaint="Seen by the officer.", received_on=MONDAY,
                         acting_user=aco)

    issue_citation(case=case_at("1 Main St"), offense="running_at_large", acting_user=aco)
    second = issue_citation(case=case_at("9 Beach Road"), offense="running_at_large",
                            acting_user=aco)

    assert second.offense_number == 2


def test_each_day_being_a_separate_offense_a_later_day_after_the_last_one_is_cited(
        tisbury_officer):
    case = case_in("tisbury", TISBURY_HEALTH, tisbury_officer)
    issue_citation(case=case, offense="junkyard_noncompliance", accrues_until=MONDAY,
                   acting_user=tisbury_officer)
    with pytest.raises(DomainError):
        issue_citation(case=case, offense="junkyard_noncompliance",
                       acting_user=tisbury_officer)

    with on_day(WEDNESDAY):
        later = issue_citation(case=case, offense="junkyard_noncompliance",
                               acting_user=tisbury_officer)

    assert (later.issued_on, later.offense_number) == (WEDNESDAY, 2)


def test_the_violation_an_inspection_found_is_cited_once(tisbury_officer):
    inspection = InspectionFactory(
        municipality=municipality("tisbury"), check_code="tisbury.residential_kitchen_visit",
        scheduled_for=MONDAY, inspected_on=MONDAY, status=InspectionStatus.CLOSED,
        result=InspectionResult.FAILED, inspector=tisbury_officer)
    case = case_in("tisbury", TISBURY_HEALTH, tisbury_officer, inspection=inspection)
    first = issue_citation(case=case, offense="state_sanitary_code",
                           acting_user=tisbury_officer)

    with on_day(TUESDAY):
        errors = refusal(case=case, offense="state_sanitary_code",
                         acting_user=tisbury_officer)

    assert f"Citation #{first.pk}" in errors["offense"][0]
    assert f"inspection #{inspection.pk}" in errors["offense"][0]
    assert Citation.objects.count() == 1


def test_the_api_refuses_a_second_click_under_offense(tisbury_officer):
    case = case_in("tisbury", TISBURY_HEALTH, tisbury_officer)
    url = f"/api/v1/cases/{case.pk}/citations/"
    api = client_for(tisbury_officer)

    first = api.post(url, {"offense": "state_sanitary_code"}, format="json")
    second = api.post(url, {"offense": "state_sanitary_code"}, format="json")

    assert first.status_code == 201
    assert second.status_code == 400
    [cited] = Citation.objects.all()
    assert list(second.json()) == ["offense"]
    assert f"Citation #{cited.pk}" in second.json()["offense"][0]
    assert (cited.offense_number, cited.amount_per_offense) == (1, Decimal("50.00"))


def test_the_case_screen_shows_the_refusal_on_the_offense(client, aco):
    case = case_in("north_andover", DOG_COMPLAINT.code, aco)
    first = issue_citation(case=case, offense="running_at_large", acting_user=aco)
    client.force_login(aco)

    response = client.post(reverse("enforcement:case", args=[case.pk]),
                           {"action": "citation",
                            "citation-offense": "running_at_large", "citation-units": 1})

    page = response.content.decode()
    assert response.status_code == 200
    assert 'href="#id_citation-offense"' in page
    assert f"Citation #{first.pk}" in page
    assert Citation.objects.count() == 1
