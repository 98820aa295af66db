"""The deadlines screen's rows: what is due in the next 14 days and what is overdue, per source."""

import datetime as dt

import pytest
import time_machine

from permits_site.enforcement.deadlines import deadlines
from permits_site.enforcement.models import Appeal, CaseHearing, Order
from permits_site.licensing.models import ApplicationStatus, PermitHearing
from tests.enforcement.conftest import issued_permit, stable_case
from tests.factories import UserFactory, municipality

pytestmark = pytest.mark.django_db

TODAY = dt.date(2027, 6, 7)
REGS = "Northborough Horse & Stable Regs "


@pytest.fixture(autouse=True)
def _today():
    with time_machine.travel(dt.datetime(2027, 6, 7, 9, 0), tick=False):
        yield


def rows_of(town):
    return [(row.on, row.what, row.citation) for row in deadlines([town.pk], today=TODAY)]


def days(count: int) -> dt.date:
    return TODAY + dt.timedelta(days=count)


def application_hearing(permit, nb_clerk, *, hearing_in: int, mailed_in: int,
                        status=ApplicationStatus.UNDER_REVIEW):
    application = permit.application
    application.status = status
    application.save(update_fields=["status"])
    return PermitHearing.objects.create(application=application, hearing_date=days(hearing_in),
                                        notices_mailed_on=days(mailed_in), location="Town Hall",
                                        hearing_time=dt.time(19), scheduled_by=nb_clerk)


def test_notices_still_to_mail_are_due_10_days_before_the_hearing_2_2(
    stable_permit, nb_clerk, northborough
):
    application_hearing(stable_permit, nb_clerk, hearing_in=20, mailed_in=3)

    assert rows_of(northborough) == [
        (days(10), "Mail the abutters' notices of the June 27 hearing", REGS + "§2.2")]


def test_a_held_hearing_not_decided_is_overdue_and_mailed_notices_are_done(
    stable_permit, nb_clerk, northborough
):
    application_hearing(stable_permit, nb_clerk, hearing_in=-2, mailed_in=-15)

    [row] = deadlines([northborough.pk], today=TODAY)
    assert (row.on, row.what, row.citation) == (
        days(-2), "Hold and decide the hearing (7:00 PM, Town Hall)", REGS + "§2.2")
    assert row.status(TODAY) == "Overdue by 2 days"
    assert row.url == f"/staff/applications/{stable_permit.application_id}/"


def test_hearings_of_withdrawn_applications_are_left_out(stable_permit, nb_clerk, northborough):
    application_hearing(stable_permit, nb_clerk, hearing_in=3, mailed_in=-10,
                        status=ApplicationStatus.WITHDRAWN)

    assert rows_of(northborough) == []


def test_case_orders_hearings_and_appeals_due_or_waiting(stable_permit, nb_inspector,
                                                         northborough):
    case = stable_case(stable_permit, nb_inspector, received_on=days(-10))
    Order.objects.create(case=case, text="Remove the manure", citation=REGS + "§6.2",
                         issued_on=days(-10), comply_by=days(-1), issued_by=nb_inspector)
    Order.objects.create(case=case, text="Done already", citation=REGS + "§6.2",
                         issued_on=days(-10), comply_by=days(2), complied_on=days(-3),
                         issued_by=nb_inspector)
    Order.objects.create(case=case, text="Later", citation=REGS + "§6.3", issued_on=days(-1),
                         comply_by=days(15), issued_by=nb_inspector)
    CaseHearing.objects.create(case=case, notice_sent_on=days(2), hearing_date=days(9),
                               scheduled_by=nb_inspector)
    Appeal.objects.create(case=case, filed_on=days(-4), grounds="Wrong pile",
                          recorded_by=nb_inspector)

    rows = deadlines([northborough.pk], today=TODAY)

    assert [(row.on, row.what) for row in rows] == [
        (days(-4), "Decide the appeal"),
        (days(-1), "Compliance with the order: Remove the manure"),
        (days(2), "Send the hearing notice"),
        (days(9), "Hold and decide the hearing"),
    ]
    assert rows[0].status(TODAY) == "Awaiting a decision"
    assert rows[1].citation == REGS + "§6.2"
    assert rows[1].status(TODAY) == "Overdue by 1 day"
    assert rows[2].status(TODAY) == "Due in 2 days"
    assert {row.url for row in rows} == {f"/enforcement/cases/{case.pk}/"}


def test_permits_expiring_in_the_window_are_due_for_renewal(nb_clerk, northborough):
    holder = UserFactory()
    issued_permit(holder, issued_by=nb_clerk, sequence=1, valid_through=TODAY)
    issued_permit(holder, issued_by=nb_clerk, sequence=2, valid_through=days(14))
    issued_permit(holder, issued_by=nb_clerk, sequence=3, valid_through=days(15))
    issued_permit(holder, issued_by=nb_clerk, sequence=4, valid_through=days(-1))

    rows = deadlines([northborough.pk], today=TODAY)

    assert [(row.on, row.record.split()[0]) for row in rows] == [
        (TODAY, "PVS-2027-00001"), (days(14), "PVS-2027-00002")]
    assert rows[0].status(TODAY) == "Due today"
    assert rows[0].citation == REGS + "§2"


def test_another_towns_records_are_never_listed(stable_permit, nb_inspector):
    case = stable_case(stable_permit, nb_inspector, received_on=days(-10))
    Order.objects.create(case=case, text="Remove", citation="§6.2", issued_on=days(-10),
                         comply_by=days(1), issued_by=nb_inspector)

    assert rows_of(municipality("tisbury")) == []


def test_a_registered_source_adds_its_rows_in_date_order(northborough):
    """A bylaw app's own records join the screen through ``register_deadline_source``."""
    from permits_site.enforcement.deadlines import Deadline, registered_deadline_sources

    def monthly_returns(towns, *, today, horizon):
        assert (list(towns), today, horizon) == ([northborough.pk], TODAY, days(14))
        yield Deadline(northborough.pk, days(3), "File the monthly return", "Handler A",
                       "/returns/1/", "09.6.2")
        yield Deadline(northborough.pk, days(-1), "File the monthly return", "Handler B",
                       "/returns/2/", "09.6.2")

    with registered_deadline_sources(monthly_returns):
        assert rows_of(northborough) == [(days(-1), "File the monthly return", "09.6.2"),
                                         (days(3), "File the monthly return", "09.6.2")]
    assert rows_of(northborough) == []
