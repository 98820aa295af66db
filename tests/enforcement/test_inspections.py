"""Inspections: scheduled against a town's record, answered strictly, closed with violations."""

import datetime as dt

import pytest
import time_machine

from permits_site.audit import history_of
from permits_site.enforcement.models import InspectionResult, InspectionStatus, Violation
from permits_site.enforcement.services import (
    add_inspection_photo,
    close_inspection,
    record_inspection,
    schedule_inspection,
)
from permits_site.exceptions import DomainError, InvalidTransition
from tests.enforcement.conftest import (
    CLEAN_STABLE,
    MANURE_OVER_LIMIT,
    SANITARY,
    failed_inspection,
    photo_upload,
    sanitary_inspection,
)
from tests.factories import municipality

pytestmark = pytest.mark.django_db

JUNE_7 = dt.datetime(2027, 6, 7, 9, 0)
#: The day the inspections below are scheduled for: findings are recorded from it on.
JUNE_8 = dt.datetime(2027, 6, 8, 9, 0)


@time_machine.travel(JUNE_7, tick=False)
def test_an_inspection_against_a_permit_takes_the_holders_address(stable_permit, nb_inspector):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=dt.date(2027, 6, 8))

    assert inspection.address == "12 Bartlett St, Northborough, MA 01532"
    assert inspection.status == InspectionStatus.SCHEDULED
    assert history_of(inspection).get().action == "inspection.scheduled"


def test_scheduling_refuses_a_check_another_town_registered(northborough, nb_inspector):
    with pytest.raises(DomainError) as refused:
        schedule_inspection(municipality=northborough, check_code="tisbury.dumpster_permit",
                            scheduled_for=dt.date(2027, 6, 8), inspector=nb_inspector,
                            address="1 Main St", acting_user=nb_inspector)

    assert "check_code" in refused.value.errors


def test_scheduling_refuses_an_inspector_of_another_town(stable_permit, tisbury_inspector):
    with pytest.raises(DomainError) as refused:
        sanitary_inspection(stable_permit, tisbury_inspector, on=dt.date(2027, 6, 8))

    assert "inspector" in refused.value.errors


def test_scheduling_refuses_another_towns_permit(stable_permit, tisbury_inspector):
    with pytest.raises(DomainError) as refused:
        schedule_inspection(municipality=municipality("tisbury"), check_code=SANITARY,
                            scheduled_for=dt.date(2027, 6, 8), inspector=tisbury_inspector,
                            permit=stable_permit, acting_user=tisbury_inspector)

    assert {"check_code", "permit"} <= set(refused.value.errors)


def test_an_inspection_of_an_address_alone_needs_the_address(northborough, nb_inspector):
    with pytest.raises(DomainError) as refused:
        schedule_inspection(municipality=northborough, check_code=SANITARY,
                            scheduled_for=dt.date(2027, 6, 8), inspector=nb_inspector,
                            acting_user=nb_inspector)

    assert "address" in refused.value.errors


@pytest.mark.parametrize(
    ("answers", "fact", "message"),
    [
        ({**CLEAN_STABLE, "manure_storage_cuft": "300"}, "manure_storage_cuft", "JSON number"),
        ({**CLEAN_STABLE, "manure_variance": "false"}, "manure_variance", "true or false"),
        ({**CLEAN_STABLE, "horses": 3}, "horses", "Unknown fact"),
        ({k: v for k, v in CLEAN_STABLE.items() if k != "stall_cleaned_daily"},
         "stall_cleaned_daily", "required"),
        ({**CLEAN_STABLE, "days_since_manure_removed": -1}, "days_since_manure_removed",
         "0 or more"),
    ],
)
@time_machine.travel(JUNE_8, tick=False)
def test_answers_are_validated_strictly_and_each_refusal_names_its_fact(
    stable_permit, nb_inspector, answers, fact, message
):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=dt.date(2027, 6, 8))

    with pytest.raises(DomainError) as refused:
        record_inspection(inspection=inspection, answers=answers, notes="",
                          acting_user=nb_inspector)

    assert message in refused.value.errors[fact][0]
    inspection.refresh_from_db()
    assert inspection.answers == {}


@time_machine.travel(JUNE_7, tick=False)
def test_closing_with_manure_over_two_cords_fails_6_2_and_records_the_violation(
    stable_permit, nb_inspector
):
    inspection = failed_inspection(stable_permit, nb_inspector, on=dt.date(2027, 6, 7))

    assert inspection.status == InspectionStatus.CLOSED
    assert inspection.result == InspectionResult.FAILED
    assert inspection.inspected_on == dt.date(2027, 6, 7)
    violation = Violation.objects.get(inspection=inspection)
    assert violation.rule == "nb.6.2.volume"
    assert violation.citation == "Northborough Horse & Stable Regs §6.2"
    assert "300 cu ft" in violation.message
    assert violation.permit == stable_permit
    assert violation.found_on == dt.date(2027, 6, 7)
    assert history_of(inspection).first().action == "inspection.closed"


@time_machine.travel(JUNE_7, tick=False)
def test_a_variance_for_a_larger_pile_passes_and_creates_no_violation(
    stable_permit, nb_inspector
):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=dt.date(2027, 6, 7))
    record_inspection(inspection=inspection, notes="Variance on file.", acting_user=nb_inspector,
                      answers={**MANURE_OVER_LIMIT, "manure_variance": True})

    closed = close_inspection(inspection=inspection, acting_user=nb_inspector)

    assert closed.result == InspectionResult.PASSED
    assert not closed.violations.exists()


@time_machine.travel(dt.datetime(2027, 6, 7, 9, 0), tick=False)
def test_the_two_week_rule_is_judged_on_the_day_of_the_visit(stable_permit, nb_inspector):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=dt.date(2027, 6, 7))
    record_inspection(inspection=inspection, notes="", acting_user=nb_inspector,
                      answers={**CLEAN_STABLE, "days_since_manure_removed": 20})

    closed = close_inspection(inspection=inspection, acting_user=nb_inspector)

    assert list(closed.violations.values_list("rule", flat=True)) == ["nb.6.2.interval"]


@time_machine.travel(JUNE_8, tick=False)
def test_closing_before_any_answer_is_refused_naming_answers(stable_permit, nb_inspector):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=dt.date(2027, 6, 8))

    with pytest.raises(DomainError) as refused:
        close_inspection(inspection=inspection, acting_user=nb_inspector)

    assert "answers" in refused.value.errors


@time_machine.travel(JUNE_7, tick=False)
def test_a_closed_inspection_takes_no_more_answers_or_photos(stable_permit, nb_inspector):
    inspection = failed_inspection(stable_permit, nb_inspector, on=dt.date(2027, 6, 7))

    with pytest.raises(InvalidTransition):
        record_inspection(inspection=inspection, answers=CLEAN_STABLE, notes="",
                          acting_user=nb_inspector)
    with pytest.raises(InvalidTransition):
        add_inspection_photo(inspection=inspection, upload=photo_upload(),
                             acting_user=nb_inspector)
    with pytest.raises(InvalidTransition):
        close_inspection(inspection=inspection, acting_user=nb_inspector)


@time_machine.travel(JUNE_8, tick=False)
def test_a_photo_is_checked_by_its_content_and_stored_under_a_random_name(
    stable_permit, nb_inspector
):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=dt.date(2027, 6, 8))

    photo = add_inspection_photo(inspection=inspection, upload=photo_upload(),
                                 caption="Manure pile", acting_user=nb_inspector)

    assert photo.content_type == "image/png"
    assert len(photo.sha256) == 64
    assert "stall" not in photo.file.name
    assert photo.caption == "Manure pile"


@pytest.mark.parametrize(
    ("sample", "message"),
    [("renamed_program.pdf", "content is none of those"),
     ("rabies_certificate.pdf", "PNG or JPEG image")],
)
@time_machine.travel(JUNE_8, tick=False)
def test_a_photo_that_is_not_an_image_is_refused_naming_the_file(
    stable_permit, nb_inspector, sample, message
):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=dt.date(2027, 6, 8))

    with pytest.raises(DomainError) as refused:
        add_inspection_photo(inspection=inspection, upload=photo_upload(sample, as_name="a.png"),
                             acting_user=nb_inspector)

    assert message in refused.value.errors["file"][0]
    assert not inspection.photos.exists()


@time_machine.travel(JUNE_7, tick=False)
def test_closing_with_the_screens_answers_records_them_then_closes_in_one_action(
    stable_permit, nb_inspector
):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=dt.date(2027, 6, 7))

    closed = close_inspection(inspection=inspection, answers=MANURE_OVER_LIMIT,
                              notes="Pile by the fence.", acting_user=nb_inspector)

    assert closed.status == InspectionStatus.CLOSED
    assert closed.notes == "Pile by the fence."
    assert closed.answers == MANURE_OVER_LIMIT
    assert list(closed.violations.values_list("rule", flat=True)) == ["nb.6.2.volume"]
    assert [entry.action for entry in history_of(inspection)] == [
        "inspection.closed", "inspection.recorded", "inspection.scheduled"
    ]


@time_machine.travel(JUNE_7, tick=False)
def test_closing_with_refused_answers_leaves_the_visit_scheduled_and_unrecorded(
    stable_permit, nb_inspector
):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=dt.date(2027, 6, 7))
    unanswered = {name: value for name, value in CLEAN_STABLE.items()
                  if name != "days_since_manure_removed"}

    with pytest.raises(DomainError) as refused:
        close_inspection(inspection=inspection, answers=unanswered, notes="",
                         acting_user=nb_inspector)

    inspection.refresh_from_db()
    assert "days_since_manure_removed" in refused.value.errors
    assert inspection.status == InspectionStatus.SCHEDULED
    assert inspection.answers == {}
    assert [entry.action for entry in history_of(inspection)] == ["inspection.scheduled"]
