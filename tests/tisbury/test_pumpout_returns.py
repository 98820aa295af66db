"""Septage pump-out returns (Tisbury BOH Reg 09.6.2): the 15th-of-next-month deadline on
Tisbury's calendar, the late citation of $10 per permit per day, refusals, the Board's unfiled
returns and the deadlines screen.

Deadlines are tested the day before, of and after: May 2030's return is due Saturday June 15,
rolled to Monday June 17; March's is due Monday April 15, Patriots' Day, rolled to Tuesday
April 16.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import time_machine

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.deadlines import deadlines
from permits_site.enforcement.models import Case
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.models import InvoiceStatus
from permits_site.notifications.models import Message
from tests.factories import (
    PropertyFactory,
    PumpoutReturnFactory,
    SeptageHandlerPermitFactory,
    UserFactory,
    local,
    municipality,
)
from tisbury_regs.pumpout import services
from tisbury_regs.pumpout.services import Job

pytestmark = pytest.mark.django_db
MAY = dt.date(2030, 5, 1)
MARCH = dt.date(2030, 3, 1)


@pytest.fixture
def tisbury():
    return municipality("tisbury")


@pytest.fixture
def permit(tisbury):
    return SeptageHandlerPermitFactory(holder_business__legal_name="Island Septic LLC")


@pytest.fixture
def member(permit):
    return permit.holder


def on(day: dt.date):
    return time_machine.travel(local(day, 10), tick=False)


def jobs(count: int, month: dt.date = MAY) -> list[Job]:
    return [Job(f"PO-{n}", month.replace(day=n), 800 + n, address=f"{n} Skiff Avenue")
            for n in range(1, count + 1)]


def file(permit, member, *, month=MAY, listed=None):
    return services.file_return(handler=permit.holder_business, month=month,
                                jobs=jobs(3, month) if listed is None else listed,
                                acting_user=member)


# -- the deadline ---------------------------------------------------------------------------


@pytest.mark.parametrize(("month", "due"), [
    (MAY, dt.date(2030, 6, 17)),      # Saturday June 15 rolls to Monday
    (MARCH, dt.date(2030, 4, 16)),    # Patriots' Day rolls to Tuesday
    (dt.date(2030, 6, 1), dt.date(2030, 7, 15)),
])
def test_a_return_is_due_on_the_15th_of_the_next_month_rolled_to_a_business_day(
        tisbury, month, due):
    assert services.return_due(month, tisbury) == due


@pytest.mark.parametrize(("filed_on", "days_late"), [
    (dt.date(2030, 6, 16), 0), (dt.date(2030, 6, 17), 0), (dt.date(2030, 6, 18), 1)])
def test_may_s_return_is_late_from_the_day_after_its_rolled_due_date(
        permit, member, filed_on, days_late):
    with on(filed_on):
        filed = file(permit, member)

    assert (filed.due_on, filed.late, filed.days_late) == (
        dt.date(2030, 6, 17), days_late > 0, days_late)
    assert (filed.citation is not None) is (days_late > 0)


@pytest.mark.parametrize(("filed_on", "late"), [
    (dt.date(2030, 4, 15), False), (dt.date(2030, 4, 16), False), (dt.date(2030, 4, 17), True)])
def test_march_s_return_rolls_past_patriots_day(permit, member, filed_on, late):
    with on(filed_on):
        assert file(permit, member, month=MARCH).late is late


# -- filing and the late fine ---------------------------------------------------------------


def test_an_on_time_return_keeps_its_jobs_and_links_a_property_on_file(tisbury, permit, member):
    home = PropertyFactory(municipality=tisbury, address="3 Skiff Avenue")

    filed = file(permit, member, listed=[
        Job("PO-7", dt.date(2030, 5, 3), 1200, address="3 Skiff Ave."),
        Job("PO-8", dt.date(2030, 5, 9), 900, address="99 Unknown Lane")])

    assert [(job.permit_number, job.property, job.address, job.gallons)
            for job in filed.jobs.order_by("pumped_on")] == [
        ("PO-7", home, "3 Skiff Ave.", 1200), ("PO-8", None, "99 Unknown Lane", 900)]
    assert (filed.handler_permit, filed.filed_by, filed.late) == (permit, member, False)
    assert AuditEntry.objects.filter(action="pumpout.return_filed").count() == 1


def test_a_late_return_is_cited_10_dollars_per_permit_per_day_invoiced_and_notified(
        permit, member, django_capture_on_commit_callbacks):
    with on(dt.date(2030, 6, 21)), django_capture_on_commit_callbacks(execute=True):
        filed = file(permit, member)  # four days after Monday June 17

    citation = filed.citation
    assert (filed.days_late, citation.offense, citation.units) == (
        4, "septic_pumpout_permit_late", 12)
    assert citation.citation == "Tisbury BOH Reg 09.6.2"
    assert citation.invoice.total == Decimal("120.00") == services.late_fine(filed)
    assert citation.invoice.status == InvoiceStatus.OPEN
    assert citation.invoice.payer_business == permit.holder_business
    case = citation.case
    assert (case.case_type, case.party_business, case.permit) == (
        services.LATE_RETURN, permit.holder_business, permit)
    assert "3 permit(s) × 4 day(s) late" in case.complaint
    assert Message.objects.filter(recipient=member, kind="citation_issued").count() == 1


def test_a_late_empty_return_is_flagged_but_owes_nothing(permit, member):
    with on(dt.date(2030, 6, 21)):
        filed = file(permit, member, listed=[])

    assert (filed.late, filed.days_late, filed.citation) == (True, 4, None)
    assert filed.jobs.count() == 0
    assert not Case.objects.exists()


# -- refusals --------------------------------------------------------------------------------


def test_only_a_member_of_the_handler_files_its_return(permit):
    with pytest.raises(PermissionDenied, match="09.6.2"):
        file(permit, UserFactory())


def test_a_business_without_a_handler_permit_in_the_month_is_refused(permit, member):
    with pytest.raises(PermissionDenied, match="held no septage handler permit in December"):
        file(permit, member, month=dt.date(2029, 12, 1), listed=[])


def test_a_month_is_returned_once(permit, member):
    file(permit, member)

    with pytest.raises(InvalidTransition, match="already filed") as refused:
        file(permit, member)
    assert refused.value.errors.keys() == {"month"}


@pytest.mark.parametrize("month", [dt.date(2030, 6, 1), dt.date(2030, 7, 1)])
def test_a_month_not_over_is_refused(permit, member, month):
    with pytest.raises(DomainError, match="once it is over") as refused:
        file(permit, member, month=month, listed=[])
    assert refused.value.errors.keys() == {"month"}


@pytest.mark.parametrize(("job", "field"), [
    (Job("PO-1", MAY, -5, address="1 Main Street"), "jobs-0-gallons"),
    (Job("PO-1", MAY, 0, address="1 Main Street"), "jobs-0-gallons"),
    (Job("PO-1", MAY, 100_001, address="1 Main Street"), "jobs-0-gallons"),
    (Job("PO-1", MAY, "900", address="1 Main Street"), "jobs-0-gallons"),
    (Job("PO-1", dt.date(2030, 4, 30), 500, address="1 Main Street"), "jobs-0-pumped_on"),
    (Job(" ", MAY, 500, address="1 Main Street"), "jobs-0-permit_number"),
    (Job("PO-1", MAY, 500), "jobs-0-address"),
])
def test_a_bad_job_is_refused_on_its_field_and_nothing_is_filed(permit, member, job, field):
    with pytest.raises(DomainError) as refused:
        file(permit, member, listed=[job])

    assert field in refused.value.errors
    assert not permit.pumpout_returns.exists()


def test_a_negative_volume_names_the_section(permit, member):
    with pytest.raises(DomainError) as refused:
        file(permit, member, listed=[Job("PO-1", MAY, -5, address="1 Main Street")])
    assert "09.6.2" in refused.value.errors["jobs-0-gallons"][0]


def test_a_permit_listed_twice_is_refused(permit, member):
    twice = [Job("PO-1", MAY, 500, address="1 Main Street"),
             Job("po-1", MAY, 600, address="2 Main Street")]

    with pytest.raises(DomainError) as refused:
        file(permit, member, listed=twice)
    assert refused.value.errors == {"jobs-1-permit_number": ["This permit is listed twice."]}


# -- what the Board sees ----------------------------------------------------------------------


def test_unfiled_returns_are_the_months_with_a_permit_and_no_return(tisbury, permit, member):
    file(permit, member, month=dt.date(2030, 2, 1), listed=[])
    other = SeptageHandlerPermitFactory(holder_business__legal_name="Zephyr Pumping Inc.",
                                        valid_from=dt.date(2030, 4, 2))

    missing = services.overdue_returns(tisbury, today=dt.date(2030, 6, 3))

    assert [(row.handler_name, row.month, row.due_on) for row in missing] == [
        ("Island Septic LLC", dt.date(2030, 1, 1), dt.date(2030, 2, 15)),
        ("Island Septic LLC", dt.date(2030, 3, 1), dt.date(2030, 4, 16)),
        ("Island Septic LLC", dt.date(2030, 4, 1), dt.date(2030, 5, 15)),
        ("Zephyr Pumping Inc.", dt.date(2030, 4, 1), dt.date(2030, 5, 15)),
    ]
    assert {row.handler_id for row in missing} == {permit.holder_business_id,
                                                   other.holder_business_id}


@pytest.mark.parametrize(("today", "status"), [
    (dt.date(2030, 6, 14), "Due in 3 days"), (dt.date(2030, 6, 17), "Due today"),
    (dt.date(2030, 6, 18), "Overdue by 1 day")])
def test_an_unfiled_return_reaches_the_deadlines_screen(tisbury, permit, member, today, status):
    for month in range(1, 5):
        PumpoutReturnFactory(handler_permit=permit, month=dt.date(2030, month, 1))

    rows = [row for row in deadlines([tisbury.pk], today=today) if row.citation == services.SECTION]

    assert [(row.on, row.what, row.record) for row in rows] == [
        (dt.date(2030, 6, 17), "Return of the May 2030 pump-out permits", "Island Septic LLC")]
    assert rows[0].status(today) == status
    assert rows[0].url == "/tisbury/pumpout/"


def test_the_deadline_source_runs_the_same_queries_for_2_and_10_handlers(
        tisbury, django_assert_num_queries):
    def count(handlers: int) -> int:
        for _ in range(handlers):
            SeptageHandlerPermitFactory()
        with django_assert_num_queries(3) as captured:
            rows = list(services.deadline_rows([tisbury.pk], today=dt.date(2030, 6, 3),
                                               horizon=dt.date(2030, 6, 17)))
        return len(captured.captured_queries), len(rows)

    assert count(2) == (3, 2 * 5)
    assert count(8) == (3, 10 * 5)
