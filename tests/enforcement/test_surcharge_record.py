"""A business's surcharge events gathered from the services' records (Tisbury BOH Reg 09.1.4,
09.5.1): classified citations but dismissed ones, suspensions and revocations, hearings on the
permit's cases, re-inspections, late renewals, validated complaints; only the business's own,
in the permit's town, in the twelve months ending on the renewal day; in a fixed number of
queries."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.utils import timezone

from permits_site.enforcement.models import CourtOutcome, InspectionResult, InspectionStatus
from permits_site.enforcement.services import issue_citation, open_case
from permits_site.enforcement.services.cases import determine, schedule_case_hearing
from permits_site.enforcement.services.dispositions import (
    classify_surcharge,
    decide_hearing,
    request_hearing,
)
from permits_site.enforcement.surcharge_record import RecordedEvent, past_year, recorded_events
from permits_site.licensing.models import Application, ApplicationStatus, Permit
from permits_site.licensing.services.applications import submit_application
from permits_site.licensing.services.permits import change_permit_status
from tests.enforcement.test_citation_pages import held_today
from tests.factories import (
    BusinessFactory,
    BusinessMemberFactory,
    CaseFactory,
    CourtDecisionFactory,
    InspectionFactory,
    OrderFactory,
    PermitFactory,
    Role,
    SurchargeClassificationFactory,
    UserFactory,
    municipality,
    permit_type,
    staff,
)
from tests.tisbury.support import with_required_documents

pytestmark = pytest.mark.django_db

FOOD = "tisbury.food_service"
SEPTAGE = "tisbury.septage_handler"
HEALTH_CASE = "tisbury.health_violation"
#: Monday 14 June 2027, the renewal day: the past year runs from June 15, 2026.
RENEWAL_DAY = dt.date(2027, 6, 14)
YEAR_BEFORE = dt.date(2026, 6, 14)


def at(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=False)


@pytest.fixture
def officer(db):
    return staff(Role.INSPECTOR, "tisbury")


@pytest.fixture
def admin(db):
    return staff(Role.ADMIN, "tisbury")


@pytest.fixture
def diner(db):
    return BusinessFactory(legal_name="Harbor Diner Inc.")


def held_permit(business, code: str = FOOD, *, valid_through=dt.date(2026, 12, 31)) -> Permit:
    return PermitFactory(application__permit_type=permit_type(code),
                         application__business=business, holder_business=business,
                         holder_name=business.legal_name, valid_from=dt.date(2026, 1, 1),
                         valid_through=valid_through)


def cited(business, officer, day: dt.date, event: str = "citation_critical", *,
          town: str = "tisbury"):
    with at(day):
        case = open_case(municipality=municipality(town), case_type=HEALTH_CASE, party=None,
                         party_business=business, party_name=business.legal_name,
                         address="4 Main Street", complaint="Seen by the officer.",
                         received_on=timezone.localdate(), acting_user=officer)
        return issue_citation(case=case, offense="state_sanitary_code", surcharge_event=event,
                              acting_user=officer)


def events_of(business, code: str = FOOD, *, on: dt.date = RENEWAL_DAY, excluding=None):
    return recorded_events(business=business, permit_type=permit_type(code), on=on,
                           excluding=excluding)


def codes(events: list[RecordedEvent]) -> list[str]:
    return [event.code for event in events]


# -- the past year --------------------------------------------------------------------------


@pytest.mark.parametrize(("on", "first_day"), [
    (RENEWAL_DAY, dt.date(2026, 6, 15)),
    (dt.date(2028, 2, 29), dt.date(2027, 3, 1)),
    (dt.date(2027, 3, 1), dt.date(2026, 3, 2)),
])
def test_the_past_year_is_the_twelve_months_ending_on_the_renewal_day(on, first_day):
    assert past_year(on) == (first_day, on)


@pytest.mark.parametrize(("day", "counts"), [
    (YEAR_BEFORE - dt.timedelta(days=1), False),
    (YEAR_BEFORE, False),
    (YEAR_BEFORE + dt.timedelta(days=1), True),
    (RENEWAL_DAY, True),
])
def test_a_citation_counts_from_the_day_after_the_same_date_a_year_earlier(
        diner, officer, day, counts):
    cited(diner, officer, day)

    assert codes(events_of(diner)) == (["citation_critical"] if counts else [])


# -- citations ------------------------------------------------------------------------------


def test_a_classified_citation_is_named_with_its_day_section_and_page(diner, officer):
    citation = cited(diner, officer, dt.date(2027, 3, 2))

    [event] = events_of(diner)

    assert event == RecordedEvent("citation_critical", dt.date(2027, 3, 2),
                                  f"citation #{citation.pk}", citation.citation,
                                  f"/enforcement/citations/{citation.pk}/")
    assert event.named == f"citation #{citation.pk} of March 2, 2027"


def test_an_unclassified_citation_raises_nothing(diner, officer):
    cited(diner, officer, dt.date(2027, 3, 2), event="")

    assert events_of(diner) == []


def test_the_newest_classification_counts_and_a_reclassification_to_none_drops_it(
        diner, officer, admin):
    citation = cited(diner, officer, dt.date(2027, 3, 2), event="citation_noncritical")
    with at(dt.date(2027, 3, 3)):
        classify_surcharge(citation=citation, event="citation_critical", acting_user=admin,
                           reason="Critical per the inspection report.")
    assert codes(events_of(diner)) == ["citation_critical"]

    with at(dt.date(2027, 3, 4)):
        classify_surcharge(citation=citation, event="", acting_user=admin,
                           reason="The violation was the landlord's.")
    assert events_of(diner) == []


def test_a_citation_dismissed_at_its_hearing_does_not_count(diner, officer, admin):
    citation = cited(diner, officer, dt.date(2027, 3, 2))
    with at(dt.date(2027, 3, 3)):
        request_hearing(citation=citation, acting_user=officer)
        held_today(citation)
        decide_hearing(citation=citation, outcome="dismissed", acting_user=admin)

    assert events_of(diner) == []


def test_a_citation_the_court_found_not_responsible_does_not_count(diner, officer):
    citation = cited(diner, officer, dt.date(2027, 3, 2))
    CourtDecisionFactory(citation=citation, outcome=CourtOutcome.NOT_RESPONSIBLE)

    assert events_of(diner) == []


def test_another_business_s_citation_is_not_on_its_record(diner, officer):
    cited(BusinessFactory(), officer, dt.date(2027, 3, 2))

    assert events_of(diner) == []


def test_another_town_s_citation_is_not_on_the_tisbury_record(diner, officer):
    citation = cited(diner, officer, dt.date(2027, 3, 2), event="")
    citation.case.municipality = municipality("north_andover")
    citation.case.save(update_fields=["municipality"])
    SurchargeClassificationFactory(citation=citation, event="citation_critical")

    assert events_of(diner) == []


def test_the_citation_record_is_the_business_s_whatever_permit_type_is_renewed(
        diner, officer):
    cited(diner, officer, dt.date(2027, 3, 2), event="citation_order")

    assert codes(events_of(diner, SEPTAGE)) == ["citation_order"]


# -- suspensions, revocations and hearings ---------------------------------------------------


@pytest.mark.parametrize(("change", "word"), [("suspend", "suspension"),
                                               ("revoke", "revocation")])
def test_a_suspension_or_revocation_of_the_permit_type_counts(diner, admin, change, word):
    permit = held_permit(diner)
    with at(dt.date(2026, 9, 1)):
        change_permit_status(permit=permit, change=change, reason="Sewage backup.",
                             acting_user=admin)

    [event] = events_of(diner)

    assert (event.code, event.on, event.what) == (
        "suspension_revocation", dt.date(2026, 9, 1), f"{word} of permit {permit.number}")
    assert event.url == f"/staff/applications/{permit.application_id}/"
    assert events_of(diner, SEPTAGE) == []


def test_a_suspension_outside_the_past_year_or_of_another_holder_does_not_count(diner, admin):
    permit = held_permit(diner)
    with at(YEAR_BEFORE):
        change_permit_status(permit=permit, change="suspend", reason="Old.", acting_user=admin)
    other = held_permit(BusinessFactory())
    with at(dt.date(2026, 9, 1)):
        change_permit_status(permit=other, change="revoke", reason="Other.", acting_user=admin)

    assert events_of(diner) == []


def test_a_hearing_held_on_a_case_about_the_permit_is_a_show_cause_hearing(diner, officer):
    permit = held_permit(diner)
    with at(dt.date(2027, 1, 4)):
        case = open_case(municipality=municipality("tisbury"), case_type=HEALTH_CASE,
                         party=None, party_business=diner, party_name=diner.legal_name,
                         address="4 Main Street", complaint="Repeated violations.",
                         received_on=timezone.localdate(), acting_user=officer, permit=permit)
        schedule_case_hearing(case=case, notice_sent_on=dt.date(2027, 1, 4),
                              hearing_date=dt.date(2027, 1, 19), acting_user=officer)
        schedule_case_hearing(case=case, notice_sent_on=dt.date(2027, 1, 4),
                              hearing_date=dt.date(2027, 7, 1), acting_user=officer)

    [event] = events_of(diner)

    assert (event.code, event.on) == ("show_cause_hearing", dt.date(2027, 1, 19))
    assert event.url == f"/enforcement/cases/{case.pk}/"
    assert "Tisbury BOH Reg 09.0.6" in event.citation


# -- re-inspections -------------------------------------------------------------------------


def visit(permit: Permit, day: dt.date, result: str):
    return InspectionFactory(municipality=permit.municipality, permit=permit,
                             check_code="tisbury.residential_kitchen_visit", scheduled_for=day,
                             status=InspectionStatus.CLOSED, result=result, inspected_on=day)


def test_two_follow_ups_of_failed_inspections_are_the_two_re_inspections_event(diner):
    permit = held_permit(diner)
    visit(permit, dt.date(2026, 7, 1), InspectionResult.FAILED)
    visit(permit, dt.date(2026, 7, 8), InspectionResult.FAILED)
    second = visit(permit, dt.date(2026, 7, 15), InspectionResult.PASSED)
    visit(permit, dt.date(2026, 8, 1), InspectionResult.PASSED)

    [event] = events_of(diner)

    assert (event.code, event.on) == ("reinspections_2plus", dt.date(2026, 7, 15))
    assert event.url == f"/enforcement/inspections/{second.pk}/"
    assert events_of(diner, SEPTAGE) == []


@pytest.mark.parametrize("results", [
    ("failed", "passed", "passed"),
    ("passed", "passed", "passed"),
])
def test_fewer_than_two_re_inspections_raise_nothing(diner, results):
    permit = held_permit(diner)
    for day, result in zip((1, 8, 15), results, strict=True):
        visit(permit, dt.date(2026, 7, day), result)

    assert events_of(diner) == []


def test_a_re_inspection_before_the_past_year_is_not_counted(diner):
    permit = held_permit(diner)
    visit(permit, dt.date(2026, 6, 1), InspectionResult.FAILED)
    visit(permit, YEAR_BEFORE, InspectionResult.FAILED)
    visit(permit, dt.date(2026, 7, 1), InspectionResult.PASSED)

    assert events_of(diner) == []


# -- late renewals --------------------------------------------------------------------------


def renewal_of(permit: Permit, day: dt.date) -> Application:
    """A renewal submitted by a member of the business holding ``permit``."""
    owner = BusinessMemberFactory(business=permit.holder_business).user
    application = Application.objects.create(
        municipality=permit.municipality, permit_type=permit.permit_type, action="renewal",
        applicant=owner, business=permit.holder_business, previous_permit=permit,
        details={"fee_waiver_requested": False})
    with at(day):
        return submit_application(application=with_required_documents(application),
                                  acting_user=owner)


@pytest.mark.parametrize(("submitted", "late"), [
    (dt.date(2026, 12, 31), False),
    (dt.date(2027, 1, 4), True),
])
def test_a_renewal_submitted_after_the_permit_expired_is_a_late_renewal(diner, submitted, late):
    renewal = renewal_of(held_permit(diner), submitted)

    events = events_of(diner)

    assert codes(events) == (["late_renewal"] if late else [])
    if late:
        assert events[0].url == f"/staff/applications/{renewal.pk}/"
        assert "expired December 31, 2026" in events[0].what


def test_the_application_being_priced_is_not_its_own_late_renewal(diner):
    renewal = renewal_of(held_permit(diner), dt.date(2027, 1, 4))

    assert events_of(diner, excluding=renewal) == []


# -- validated complaints -------------------------------------------------------------------


def complaint_determined(business, officer, day: dt.date, *, validated: bool = True,
                         town: str = "tisbury"):
    with at(day):
        case = open_case(municipality=municipality(town), case_type=HEALTH_CASE, party=None,
                         party_business=business, party_name=business.legal_name,
                         address="4 Main Street", complaint="Sick after the chowder.",
                         received_on=timezone.localdate(), acting_user=officer)
        return determine(case=case, determination="The kitchen was unsanitary.",
                         complaint_validated=validated, acting_user=officer)


@pytest.mark.parametrize(("day", "counts"), [
    (YEAR_BEFORE - dt.timedelta(days=1), False),
    (YEAR_BEFORE, False),
    (YEAR_BEFORE + dt.timedelta(days=1), True),
    (RENEWAL_DAY, True),
])
def test_a_validated_complaint_counts_from_the_day_after_the_same_date_a_year_earlier(
        diner, officer, day, counts):
    complaint_determined(diner, officer, day)

    assert codes(events_of(diner)) == (["validated_complaint"] if counts else [])


def test_a_validated_complaint_is_named_with_its_case_day_section_and_page(diner, officer):
    case = complaint_determined(diner, officer, dt.date(2027, 3, 2))

    assert events_of(diner) == [RecordedEvent(
        "validated_complaint", dt.date(2027, 3, 2), f"validated complaint, case #{case.pk}",
        "Tisbury BOH Reg 09.0.6, 09.0.7", f"/enforcement/cases/{case.pk}/")]
    assert codes(events_of(diner, SEPTAGE)) == ["validated_complaint"]


def test_a_complaint_not_validated_raises_nothing(diner, officer):
    complaint_determined(diner, officer, dt.date(2027, 3, 2), validated=False)

    assert events_of(diner) == []


def test_another_business_s_or_town_s_validated_complaint_is_not_on_its_record(diner, officer):
    complaint_determined(BusinessFactory(), officer, dt.date(2027, 3, 2))
    elsewhere = complaint_determined(diner, officer, dt.date(2027, 3, 3))
    elsewhere.municipality = municipality("north_andover")
    elsewhere.save(update_fields=["municipality"])

    assert events_of(diner) == []


# -- a fixed number of queries ---------------------------------------------------------------


def busy_record(business, officer, admin, rows: int) -> None:
    permit = held_permit(business)
    case = CaseFactory(municipality=municipality("tisbury"), case_type=HEALTH_CASE,
                       party_business=business)
    for row in range(rows):
        cited(business, officer, dt.date(2027, 2, 1) + dt.timedelta(days=row))
        order = OrderFactory(case=case, issued_on=dt.date(2027, 3, 1) + dt.timedelta(days=row))
        SurchargeClassificationFactory(citation=None, order=order, event="citation_noncritical",
                                       recorded_by=admin)
        complaint_determined(business, officer, dt.date(2027, 4, 1) + dt.timedelta(days=row))
    for row in range(rows + 1):
        visit(permit, dt.date(2026, 8, 1) + dt.timedelta(days=row), InspectionResult.FAILED)
    with at(dt.date(2026, 9, 1)):
        change_permit_status(permit=permit, change="suspend", reason="Backup.",
                             acting_user=admin)


@pytest.mark.parametrize("rows", [2, 10])
def test_the_record_is_gathered_in_a_fixed_number_of_queries(
        diner, officer, admin, rows, django_assert_num_queries):
    busy_record(diner, officer, admin, rows)
    food = permit_type(FOOD)
    food.municipality  # noqa: B018  (the type's town is loaded with it)

    with django_assert_num_queries(9):
        events = recorded_events(business=diner, permit_type=food, on=RENEWAL_DAY)

    assert codes(events).count("citation_critical") == rows
    assert codes(events).count("citation_noncritical") == rows
    assert codes(events).count("validated_complaint") == rows
    assert {"reinspections_2plus", "suspension_revocation"} <= set(codes(events))


def test_an_application_in_draft_is_no_late_renewal(diner):
    permit = held_permit(diner)
    Application.objects.create(
        municipality=permit.municipality, permit_type=permit.permit_type, action="renewal",
        applicant=UserFactory(), business=diner, previous_permit=permit,
        status=ApplicationStatus.DRAFT)

    assert events_of(diner) == []
