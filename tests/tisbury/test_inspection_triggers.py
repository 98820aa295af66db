"""Septic inspections the record requires (Tisbury BOH Reg 09.0.8(4)): four or more
pump-outs within a year, counted from the septage handlers' returns; a sale, a change of use
and the septage plan's schedule recorded by the Board's staff; the owner's notice."""

from __future__ import annotations

import datetime as dt

import pytest

from permits_site import audit
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.notifications.models import Message
from permits_site.notifications.reminders import send_reminders
from tests.factories import (
    PropertyFactory,
    PropertyOwnerFactory,
    PumpoutJobFactory,
    PumpoutReturnFactory,
    Role,
    SeptageHandlerPermitFactory,
    SepticInspectionReportFactory,
    UserFactory,
    municipality,
    staff,
)
from tests.tisbury.support import TODAY
from tisbury_regs.inspection_triggers import services
from tisbury_regs.inspection_triggers.counting import (
    fourth_pumpout_day,
    pumpouts_last_12_months,
    window_start,
)
from tisbury_regs.models import InspectionTriggerReason

pytestmark = pytest.mark.django_db

YEAR_AGO = dt.date(2029, 6, 3)


# -- counting (pure) ----------------------------------------------------------------------


def test_pumpouts_window_is_the_twelve_months_ending_today_0908_4():
    assert window_start(TODAY) == dt.date(2029, 6, 4)


@pytest.mark.parametrize(("oldest", "counted"), [
    (YEAR_AGO, 3),                              # the same day a year ago has left the window
    (YEAR_AGO + dt.timedelta(days=1), 4),       # the day after is within one year
    (TODAY, 4),
])
def test_pumpouts_last_12_months_boundary_0908_4(oldest, counted):
    days = [oldest, dt.date(2029, 12, 1), dt.date(2030, 3, 1), dt.date(2030, 5, 10)]
    assert pumpouts_last_12_months(days, on=TODAY) == counted


@pytest.mark.parametrize(("count", "fourth"), [
    (3, None), (4, dt.date(2030, 4, 1)), (5, dt.date(2030, 4, 1))])
def test_fourth_pumpout_within_a_year_requires_the_inspection_0908_4(count, fourth):
    days = [dt.date(2030, month, 1) for month in range(1, count + 1)]
    assert fourth_pumpout_day(days, on=TODAY) == fourth


# -- from the handlers' returns -----------------------------------------------------------


@pytest.fixture
def place():
    return PropertyFactory(municipality=municipality("tisbury"), address="9 Beach Road")


@pytest.fixture
def handler_permit():
    return SeptageHandlerPermitFactory()


def returned(place, handler_permit, *days: dt.date, filed_on: dt.date = TODAY):
    """Each day's pump-out on the handler's return of its month, filed on ``filed_on``."""
    for day in days:
        filed = PumpoutReturnFactory(handler_permit=handler_permit, month=day.replace(day=1),
                                     filed_on=filed_on)
        PumpoutJobFactory(pumpout_return=filed, property=place, pumped_on=day)


FOUR = (dt.date(2030, 2, 10), dt.date(2030, 3, 10), dt.date(2030, 4, 10), dt.date(2030, 5, 10))


def test_four_pumpouts_returned_require_an_inspection_30_days_after_the_return_0908_4(
        place, handler_permit):
    returned(place, handler_permit, *FOUR)

    [due] = services.open_inspections(place, on=TODAY)

    assert due.since == dt.date(2030, 5, 10)
    assert due.due_on == dt.date(2030, 7, 3)
    assert "4 or more pump-outs" in due.reason
    assert services.pumpouts_counted(place, on=TODAY) == 4


def test_three_pumpouts_returned_require_no_inspection_0908_4(place, handler_permit):
    returned(place, handler_permit, *FOUR[1:])

    assert services.inspections_due(place, on=TODAY) == []


def test_the_inspection_is_due_from_the_day_the_return_listing_the_fourth_was_filed_0908_4(
        place, handler_permit):
    """Filed on Friday, May 31: 30 days end Sunday, June 30, a closed day, so Monday."""
    returned(place, handler_permit, *FOUR[:3])
    returned(place, handler_permit, dt.date(2030, 5, 10), filed_on=dt.date(2030, 5, 31))

    [due] = services.open_inspections(place, on=TODAY)

    assert due.due_on == dt.date(2030, 7, 1)


def test_a_report_after_the_fourth_pumpout_answers_the_inspection_0908_4(place, handler_permit):
    returned(place, handler_permit, *FOUR)
    report = SepticInspectionReportFactory(property=place, inspected_on=dt.date(2030, 5, 20))

    [due] = services.inspections_due(place, on=TODAY)

    assert due.report == report
    assert services.open_inspections(place, on=TODAY) == []


def test_a_report_before_the_fourth_pumpout_does_not_answer_it_0908_4(place, handler_permit):
    returned(place, handler_permit, *FOUR)
    SepticInspectionReportFactory(property=place, inspected_on=dt.date(2030, 5, 9))

    assert len(services.open_inspections(place, on=TODAY)) == 1


# -- events the Board records -------------------------------------------------------------


@pytest.fixture
def agent():
    return staff(Role.INSPECTOR, "tisbury")


@pytest.mark.parametrize(("reason", "occurred_on", "due_on"), [
    (InspectionTriggerReason.SALE, dt.date(2030, 7, 15), dt.date(2030, 7, 14)),
    (InspectionTriggerReason.CHANGE_OF_USE, TODAY, dt.date(2030, 7, 3)),
    (InspectionTriggerReason.SEPTAGE_PLAN, dt.date(2030, 9, 1), dt.date(2030, 9, 1)),
])
def test_a_recorded_event_requires_the_inspection_by_its_day_0908_4(
        place, agent, reason, occurred_on, due_on):
    trigger = services.record_trigger(place=place, reason=reason, occurred_on=occurred_on,
                                      acting_user=agent)

    assert trigger.due_on == due_on
    [due] = services.open_inspections(place, on=TODAY)
    assert due.trigger == trigger
    assert "septic.inspection_required" in {entry.action for entry in audit.history_of(place)}


def test_a_sale_is_answered_by_a_report_still_valid_at_the_closing_0908_4(place, agent):
    services.record_trigger(place=place, reason=InspectionTriggerReason.SALE,
                            occurred_on=dt.date(2030, 7, 15), acting_user=agent)
    SepticInspectionReportFactory(property=place, inspected_on=dt.date(2028, 8, 1),
                                  valid_through=dt.date(2030, 8, 1))

    assert services.open_inspections(place, on=TODAY) == []


def test_a_sale_is_not_answered_by_a_report_expired_before_the_closing_0908_4(place, agent):
    services.record_trigger(place=place, reason=InspectionTriggerReason.SALE,
                            occurred_on=dt.date(2030, 7, 15), acting_user=agent)
    SepticInspectionReportFactory(property=place, inspected_on=dt.date(2028, 7, 1),
                                  valid_through=dt.date(2030, 7, 1))

    assert len(services.open_inspections(place, on=TODAY)) == 1


def test_only_the_boards_staff_record_what_requires_an_inspection_0908_4(place):
    with pytest.raises(PermissionDenied):
        services.record_trigger(place=place, reason=InspectionTriggerReason.SALE,
                                occurred_on=TODAY, acting_user=UserFactory())


def test_a_recorded_event_names_the_field_refused_0908_4(place, agent):
    with pytest.raises(DomainError) as refused:
        services.record_trigger(place=place, reason="rumour", occurred_on=dt.date(2028, 1, 1),
                                acting_user=agent)

    assert set(refused.value.errors) == {"reason", "occurred_on"}
    assert "09.0.8(4)" in refused.value.errors["reason"][0]


# -- the owner's notice -------------------------------------------------------------------


def test_the_owner_is_told_the_inspection_is_due_and_by_when_0908_4(place, handler_permit):
    owner = UserFactory(first_name="Olive", last_name="Owner")
    PropertyOwnerFactory(property=place, account=owner)
    returned(place, handler_permit, *FOUR)

    send_reminders(today=TODAY)
    send_reminders(today=TODAY)

    [message] = Message.objects.filter(recipient=owner)
    assert "9 Beach Road" in message.subject and "July 3, 2030" in message.subject
    assert "Due by: Wednesday, July 3, 2030." in message.text
    assert "09.0.8(4)" in message.text
    assert message.is_legal_notice


def test_an_owner_without_email_gets_the_notice_as_a_letter_0908_4(place, handler_permit):
    owner = UserFactory(email="", street_address="9 Beach Road", city="Tisbury",
                        postal_code="02568")
    PropertyOwnerFactory(property=place, account=owner)
    returned(place, handler_permit, *FOUR)

    send_reminders(today=TODAY)

    [message] = Message.objects.filter(recipient=owner)
    assert message.is_letter


def test_an_answered_inspection_sends_no_notice_0908_4(place, handler_permit):
    owner = UserFactory()
    PropertyOwnerFactory(property=place, account=owner)
    returned(place, handler_permit, *FOUR)
    SepticInspectionReportFactory(property=place, inspected_on=dt.date(2030, 5, 20))

    send_reminders(today=TODAY)

    assert not Message.objects.filter(recipient=owner).exists()
