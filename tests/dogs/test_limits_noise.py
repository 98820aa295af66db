"""Noise complaints about a nuisance dog (North Andover Code ch. 60, Restraint C): judged by
when the noise started, C(1) by day and C(2) at night; a violation allows a citation."""

import pytest
from django.utils import timezone

from dogs.limits.services import NUISANCE_NOISE_CASE, cite_nuisance_noise, record_noise_complaint
from permits_site.enforcement.services import open_case
from permits_site.exceptions import DomainError, PermissionDenied
from tests.factories import Role, UserFactory, municipality, staff

pytestmark = pytest.mark.django_db

DAYTIME = {"duration_minutes": 11, "uninterrupted": True, "outdoors": False,
           "repetitive": False, "provoked": False}
NIGHTTIME = {"duration_minutes": 3, "uninterrupted": False, "outdoors": True,
             "repetitive": True, "provoked": False}


@pytest.fixture
def noise_case(aco):
    return open_case(municipality=municipality("north_andover"), case_type=NUISANCE_NOISE_CASE,
                     party=UserFactory(), party_name="", address="7 Elm Street",
                     complaint="Barking every evening.", complainant="A neighbor",
                     received_on=timezone.localdate(), acting_user=aco)


def outcomes(complaint) -> dict[str, str]:
    return {finding["rule"]: finding["outcome"] for finding in complaint["findings"]}


@pytest.mark.parametrize(("start", "day", "night"), [
    ("21:59", "fail", "not_applicable"),
    ("22:00", "not_applicable", "fail"),
    ("05:59", "not_applicable", "fail"),
    ("06:00", "fail", "not_applicable"),
])
def test_day_and_night_are_told_by_when_the_noise_started(noise_case, aco, start, day, night):
    facts = {**DAYTIME, **NIGHTTIME} if night == "fail" else DAYTIME
    complaint = record_noise_complaint(case=noise_case, facts={**facts, "start_time": start},
                                       acting_user=aco)
    assert outcomes(complaint) == {"na.rest.C1.day": day, "na.rest.C2.night": night}


@pytest.mark.parametrize(("minutes", "outcome"), [(10, "pass"), (11, "fail")])
def test_more_than_ten_uninterrupted_minutes_by_day(noise_case, aco, minutes, outcome):
    complaint = record_noise_complaint(
        case=noise_case, facts={**DAYTIME, "start_time": "14:00", "duration_minutes": minutes},
        acting_user=aco)
    assert outcomes(complaint)["na.rest.C1.day"] == outcome


def test_provoked_noise_is_no_violation(noise_case, aco):
    complaint = record_noise_complaint(
        case=noise_case, facts={**NIGHTTIME, "start_time": "23:30", "provoked": True,
                                "duration_minutes": 30, "uninterrupted": True},
        acting_user=aco)
    assert outcomes(complaint)["na.rest.C2.night"] == "pass"


def test_the_complaint_and_its_findings_stay_on_the_case(noise_case, aco):
    record_noise_complaint(case=noise_case, facts={**DAYTIME, "start_time": "14:00"},
                           acting_user=aco)
    noise_case.refresh_from_db()
    [kept] = noise_case.findings["noise_complaints"]
    assert kept["facts"]["start_time"] == "14:00"
    assert kept["findings"][0]["citation"] == "North Andover Code ch. 60, Restraint C(1)"


def test_a_citation_needs_a_complaint_found_in_violation(noise_case, aco):
    record_noise_complaint(case=noise_case,
                           facts={**DAYTIME, "start_time": "14:00", "duration_minutes": 10},
                           acting_user=aco)
    with pytest.raises(DomainError) as refused:
        cite_nuisance_noise(case=noise_case, acting_user=aco)
    assert "offense" in refused.value.errors
    record_noise_complaint(case=noise_case, facts={**DAYTIME, "start_time": "14:00"},
                           acting_user=aco)
    citation = cite_nuisance_noise(case=noise_case, acting_user=aco)
    assert (citation.offense, citation.offense_number, str(citation.amount_per_offense)) == (
        "nuisance_noise", 1, "25.00")


def test_bad_facts_are_refused_by_name_and_only_officers_record(noise_case, aco):
    with pytest.raises(DomainError) as refused:
        record_noise_complaint(case=noise_case, facts={**DAYTIME, "start_time": "25:00"},
                               acting_user=aco)
    assert "start_time" in refused.value.errors
    with pytest.raises(PermissionDenied):
        record_noise_complaint(case=noise_case, facts={**DAYTIME, "start_time": "14:00"},
                               acting_user=staff(Role.CLERK, "north_andover"))
