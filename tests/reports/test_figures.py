"""Every figure of the reports equals the same figure counted in Python from a generated
year of records (tests/reports/year.py)."""

import datetime as dt
from decimal import Decimal

import pytest

from permits_site.licensing.models import PaymentMethod, PermitType
from tests.factories import municipality
from tests.reports import year
from tests.reports.helpers import report_csv, report_tables
from tests.reports.year import YEAR, local_date

START, END = dt.date(YEAR, 1, 1), dt.date(YEAR, 12, 31)
WHOLE_YEAR = {"start": START.isoformat(), "end": END.isoformat()}


@pytest.fixture
def towns(db):
    return {municipality("north_andover").pk, municipality("northborough").pk}


def month_of(moment: dt.datetime) -> dt.date:
    return local_date(moment).replace(day=1)


def months_with_figures(table) -> dict:
    return {row[0]: tuple(row[1:]) for row in table.rows if any(row[1:])}


def test_revenue_by_month_sums_each_payment_in_its_local_month(client, two_town_clerk,
                                                                records, towns):
    table = report_tables(client, two_town_clerk, **WHOLE_YEAR)["revenue-by-month"]

    expected = year.revenue(records, towns=towns, start=START, end=END,
                            key=lambda payment: month_of(payment.received_at))
    assert months_with_figures(table) == expected
    assert [row[0] for row in table.rows] == [dt.date(YEAR, month, 1) for month in range(1, 13)]
    assert table.total[2] == sum(amount for _count, amount in expected.values())


def test_revenue_by_day_and_by_method(client, two_town_clerk, records, towns):
    tables = report_tables(client, two_town_clerk, **WHOLE_YEAR)

    by_day = year.revenue(records, towns=towns, start=START, end=END,
                          key=lambda payment: local_date(payment.received_at))
    assert {row[0]: tuple(row[1:]) for row in tables["revenue-by-day"].rows} == by_day
    by_method = year.revenue(records, towns=towns, start=START, end=END,
                             key=lambda payment: payment.get_method_display())
    assert {row[0]: tuple(row[1:]) for row in tables["revenue-by-method"].rows} == by_method
    assert len(by_method) == len(PaymentMethod.values)


def test_revenue_by_fee_line_flags_placeholder_amounts(client, two_town_clerk, records, towns):
    table = report_tables(client, two_town_clerk, **WHOLE_YEAR)["revenue-by-fee-line"]

    expected = year.fee_lines(records, towns=towns, start=START, end=END)
    found = {(town, permit_type, code, description, placeholder): (lines, amount)
             for town, permit_type, code, description, placeholder, lines, amount in table.rows}
    assert found == expected
    assert {key[4] for key in expected} == {True, False}
    assert any(key[1] == "Fines and charges (no permit type)" for key in expected)


def test_outstanding_invoices_and_citations_by_age(client, two_town_clerk, records, towns):
    table = report_tables(client, two_town_clerk, **WHOLE_YEAR)["outstanding"]

    expected = year.outstanding(records, towns=towns, today=year.TODAY)
    found = {}
    for label, invoices, owed, citations, cited in table.rows:
        found.update({(label, False): (invoices, owed), (label, True): (citations, cited)})
    assert {key: value for key, value in found.items() if value[0]} == expected
    assert {label for label, _ in expected} >= {"0–30 days", "Over 90 days"}


def test_permits_issued_and_renewed(client, two_town_clerk, records, towns):
    tables = report_tables(client, two_town_clerk, **WHOLE_YEAR)

    by_month = year.permits(records, towns=towns, start=START, end=END,
                            key=lambda permit: month_of(permit.issued_at))
    assert months_with_figures(tables["permits-by-month"]) == by_month
    by_type = year.permits(records, towns=towns, start=START, end=END,
                           key=lambda permit: (permit.municipality.name, permit.permit_type.name))
    assert {tuple(row[:2]): tuple(row[2:]) for row in tables["permits-by-type"].rows} == by_type
    assert all(renewals for _issued, renewals in by_type.values())


def test_cases_opened_and_closed(client, two_town_clerk, records, towns):
    table = report_tables(client, two_town_clerk, **WHOLE_YEAR)["cases"]

    opened, closed = year.cases(records, towns=towns, start=START, end=END)
    assert {row[0]: row[1] for row in table.rows if row[1]} == opened
    assert {row[0]: row[2] for row in table.rows if row[2]} == closed


def test_a_clerk_of_one_town_sees_only_its_figures(client, clerk, records, north_andover):
    tables = report_tables(client, clerk, **WHOLE_YEAR)

    towns = {north_andover.pk}
    assert months_with_figures(tables["revenue-by-month"]) == year.revenue(
        records, towns=towns, start=START, end=END,
        key=lambda payment: month_of(payment.received_at))
    assert {row[0] for row in tables["revenue-by-fee-line"].rows} == {north_andover.name}
    assert {row[0] for row in tables["permits-by-type"].rows} == {north_andover.name}


def test_filters_by_town_days_and_permit_type(client, two_town_clerk, records):
    kennel = PermitType.objects.get(code="north_andover.kennel_license")
    start, end = dt.date(YEAR, 3, 15), dt.date(YEAR, 8, 20)
    tables = report_tables(client, two_town_clerk, town=kennel.municipality_id,
                           permit_type=kennel.pk, start=start, end=end)

    towns = {kennel.municipality_id}
    assert {row[0]: tuple(row[1:]) for row in tables["revenue-by-day"].rows} == year.revenue(
        records, towns=towns, start=start, end=end, permit_type=kennel.pk,
        key=lambda payment: local_date(payment.received_at))
    assert months_with_figures(tables["permits-by-month"]) == year.permits(
        records, towns=towns, start=start, end=end, permit_type=kennel.pk,
        key=lambda permit: month_of(permit.issued_at))
    assert [row[0] for row in tables["cases"].rows] == [
        dt.date(YEAR, month, 1) for month in range(3, 9)]


def test_csv_carries_the_same_figures(client, two_town_clerk, records, towns):
    rows = report_csv(client, two_town_clerk, "revenue-by-month", **WHOLE_YEAR)

    expected = year.revenue(records, towns=towns, start=START, end=END,
                            key=lambda payment: f"{month_of(payment.received_at):%Y-%m}")
    assert rows[0] == ["Month", "Payments", "Amount"]
    assert {month: (int(count), Decimal(amount)) for month, count, amount in rows[1:]
            if int(count)} == expected
    assert len(rows) == 13


def test_fee_line_csv_names_placeholder_amounts(client, two_town_clerk, records):
    rows = report_csv(client, two_town_clerk, "revenue-by-fee-line", **WHOLE_YEAR)

    assert rows[0] == ["Town", "Permit type", "Fee code", "Description", "Fee amount",
                       "Lines", "Amount"]
    assert {row[4] for row in rows[1:]} == {"Placeholder", "Confirmed"}
