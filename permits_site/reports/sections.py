"""The sections of the office's reports: each a table (and some a chart) built from one
or two aggregate queries of :mod:`permits_site.reports.queries`.

The page shows every section; the CSV export writes one, chosen by its slug, with the
same columns and the raw figures (amounts without a currency sign, ISO dates), and the
codes the page names in words (a fee line's code) for a spreadsheet to match on.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from permits_site.licensing.models import PaymentMethod
from permits_site.reports import queries
from permits_site.reports.charts import BarChart, Series, bar_chart
from permits_site.reports.queries import AGE_BUCKETS, ZERO, ReportFilters

NO_PERMIT_TYPE = "Fines and charges (no permit type)"


@dataclass(frozen=True)
class Column:
    """A table column; ``kind`` says how its values read on the page and in the CSV. A
    ``csv_only`` column holds a code the page says in words in another column: the CSV
    keeps it, the page does not show it."""

    label: str
    kind: str = "text"
    csv_only: bool = False

    @property
    def numeric(self) -> bool:
        return self.kind in ("count", "money")

    def text(self, value: Any) -> str:
        """As the page shows it; a total row's labels and blanks are already text."""
        if isinstance(value, str):
            return value
        if self.kind == "money":
            return money(value)
        if self.kind == "month":
            return f"{value:%B %Y}"
        if self.kind == "date":
            return f"{value:%a %b %-d, %Y}"
        if self.kind == "flag":
            return "Placeholder" if value else "Confirmed"
        return str(value)

    def csv(self, value: Any) -> str:
        if self.kind == "money":
            return f"{value:.2f}"
        if self.kind == "month":
            return f"{value:%Y-%m}"
        return self.text(value) if self.kind == "flag" else str(value)


@dataclass(frozen=True)
class Table:
    columns: Sequence[Column]
    rows: list[tuple]
    note: str = ""
    chart: BarChart | None = None
    total: tuple | None = None
    #: The rows as the page words them, where that differs from ``rows``, the figures the
    #: CSV writes: the same columns, in the same order.
    worded_rows: list[tuple] | None = None

    @property
    def shown_columns(self) -> list[Column]:
        return [column for column in self.columns if not column.csv_only]

    def cells(self, row: tuple) -> list[tuple[str, bool]]:
        """A row as the page shows it: (text, numeric) pairs, without the CSV's codes."""
        return [(column.text(value), column.numeric)
                for column, value in zip(self.columns, row, strict=True)
                if not column.csv_only]

    def csv_rows(self) -> list[list[str]]:
        """The header, then the rows as raw figures; a total row is left to the reader."""
        return [[column.label for column in self.columns]] + [
            [column.csv(value) for column, value in zip(self.columns, row, strict=True)]
            for row in self.rows
        ]

    @property
    def shown_rows(self) -> list[list[tuple[str, bool]]]:
        return [self.cells(row) for row in self.worded_rows or self.rows]

    @property
    def shown_total(self) -> list[tuple[str, bool]] | None:
        return None if self.total is None else self.cells(self.total)


@dataclass(frozen=True)
class Section:
    slug: str
    title: str
    build: Callable[[ReportFilters, dt.date], Table] = field(repr=False)


def money(value: Decimal) -> str:
    return f"${value:,.2f}"


def months_between(start: dt.date, end: dt.date) -> list[dt.date]:
    """The first day of every month from ``start``'s through ``end``'s."""
    month, months = start.replace(day=1), []
    while month <= end:
        months.append(month)
        month = (month + dt.timedelta(days=32)).replace(day=1)
    return months


def by_month(rows: list[dict], filters: ReportFilters, **zeros: Decimal | int) -> list[tuple]:
    """One row per month of the chosen days with the figures named in ``zeros``, which
    give what a month without a record reads."""
    found = {row["month"]: row for row in rows}
    return [
        (month, *(found[month][name] if month in found else zero
                  for name, zero in zeros.items()))
        for month in months_between(filters.start, filters.end)
    ]


def total_row(rows: list[tuple], *, skip: int = 1) -> tuple | None:
    """"Total", blanks up to column ``skip``, then each later column summed."""
    if not rows:
        return None
    sums = [sum(row[index] for row in rows) for index in range(skip, len(rows[0]))]
    return ("Total", *[""] * (skip - 1), *sums)


MONTH = Column("Month", "month")
PAYMENTS = Column("Payments", "count")
AMOUNT = Column("Amount", "money")
ISSUED = Column("Issued", "count")
RENEWALS = Column("Of which renewals", "count")


def month_axis(months: list[tuple]) -> dict:
    return {
        "labels": [f"{row[0]:%B %Y}" for row in months],
        "axis_labels": [f"{row[0]:%b %Y}" for row in months],
    }


def revenue_by_month(filters: ReportFilters, today: dt.date) -> Table:
    rows = by_month(queries.revenue_by_month(filters), filters, payments=0, amount=ZERO)
    return Table(
        columns=(MONTH, PAYMENTS, AMOUNT),
        rows=rows,
        total=total_row(rows),
        note="Money received, on the day it was received.",
        chart=bar_chart(
            chart_id="revenue-chart",
            title="Revenue by month",
            series=[Series("Revenue", [row[2] for row in rows])],
            value_text=lambda value: f"${value:,}",
            **month_axis(rows),
        ),
    )


def revenue_by_day(filters: ReportFilters, today: dt.date) -> Table:
    rows = [(row["day"], row["payments"], row["amount"])
            for row in queries.revenue_by_day(filters)]
    return Table(
        columns=(Column("Day", "date"), PAYMENTS, AMOUNT),
        rows=rows,
        total=total_row(rows),
        note="Only the days on which money was received.",
    )


def revenue_by_method(filters: ReportFilters, today: dt.date) -> Table:
    labels = dict(PaymentMethod.choices)
    rows = [(labels.get(row["method"], row["method"]), row["payments"], row["amount"])
            for row in queries.revenue_by_method(filters)]
    return Table(
        columns=(Column("Method"), PAYMENTS, AMOUNT),
        rows=rows,
        total=total_row(rows),
    )


def fee_line_words(rows: list[tuple]) -> list[tuple]:
    """The fee lines as the page words them: a line whose town, permit type and description
    a line of another code shares names its fee code after the description, in words
    ("late_fee" reads "late fee"), the code being what the report told them apart by (a dog
    license's line is coded by its action, so a new license and a renewal both charge "Dog
    license, spayed or neutered", A(9)). The CSV keeps the description as it is and the code
    in a column of its own."""
    codes = defaultdict(set)
    for town, permit_type, code, description, *_ in rows:
        codes[town, permit_type, description].add(code)
    return [
        (town, permit_type, code,
         f"{description} (fee code: {code.replace('_', ' ')})"
         if len(codes[town, permit_type, description]) > 1 else description,
         *figures)
        for town, permit_type, code, description, *figures in rows
    ]


def revenue_by_line(filters: ReportFilters, today: dt.date) -> Table:
    rows = [
        (row["town"], row["permit_type"] or NO_PERMIT_TYPE, row["line"],
         row["line_description"],
         row["placeholder"], row["lines"], row["amount"])
        for row in queries.revenue_by_line(filters)
    ]
    return Table(
        columns=(Column("Town"), Column("Permit type"), Column("Fee code", csv_only=True),
                 Column("Description"), Column("Fee amount", "flag"),
                 Column("Lines", "count"), AMOUNT),
        rows=rows,
        worded_rows=fee_line_words(rows),
        total=total_row(rows, skip=5),
        note="Lines of invoices paid in full on the chosen days; two lines of one description "
             "name their fee codes. “Placeholder”: priced by a fee schedule whose amounts the "
             "town has not yet confirmed.",
    )


def outstanding(filters: ReportFilters, today: dt.date) -> Table:
    found = {(row["age"], row["is_citation"]): row
             for row in queries.outstanding_by_age(filters, today=today)}

    def figures(label: str, is_citation: bool) -> tuple[int, Decimal]:
        row = found.get((label, is_citation), {})
        return row.get("invoices", 0), row.get("owed", ZERO)

    rows = [(label, *figures(label, False), *figures(label, True)) for label, _ in AGE_BUCKETS]
    return Table(
        columns=(Column("Age"), Column("Invoices", "count"), Column("Owed on invoices", "money"),
                 Column("Citations", "count"), Column("Owed on citations", "money")),
        rows=rows,
        total=total_row(rows),
        note=f"Balances still open on {today:%B %-d, %Y}, aged from the day each invoice was "
             "raised; the chosen days do not apply.",
    )


def permits_by_month(filters: ReportFilters, today: dt.date) -> Table:
    rows = by_month(queries.permits_by_month(filters), filters, issued=0, renewals=0)
    return Table(
        columns=(MONTH, ISSUED, RENEWALS),
        rows=rows,
        total=total_row(rows),
        chart=bar_chart(
            chart_id="permits-chart",
            title="Licenses and permits issued by month",
            series=[Series("Issued", [row[1] for row in rows]),
                    Series("Of which renewals", [row[2] for row in rows])],
            **month_axis(rows),
        ),
    )


def permits_by_type(filters: ReportFilters, today: dt.date) -> Table:
    rows = [(row["town"], row["type_name"], row["issued"], row["renewals"])
            for row in queries.permits_by_type(filters)]
    return Table(
        columns=(Column("Town"), Column("Permit type"), ISSUED, RENEWALS),
        rows=rows,
        total=total_row(rows, skip=2),
    )


def cases_by_month(filters: ReportFilters, today: dt.date) -> Table:
    opened = {row["month"]: row["cases"] for row in queries.cases_opened_by_month(filters)}
    closed = {row["month"]: row["cases"] for row in queries.cases_closed_by_month(filters)}
    rows = [(month, opened.get(month, 0), closed.get(month, 0))
            for month in months_between(filters.start, filters.end)]
    return Table(
        columns=(MONTH, Column("Opened", "count"), Column("Closed", "count")),
        rows=rows,
        total=total_row(rows),
        note="Opened: the month the complaint was received. Closed: the month the case "
             "was closed.",
    )


SECTIONS = {
    section.slug: section
    for section in (
        Section("revenue-by-month", "Revenue by month", revenue_by_month),
        Section("revenue-by-day", "Revenue by day", revenue_by_day),
        Section("revenue-by-method", "Revenue by payment method", revenue_by_method),
        Section("revenue-by-fee-line", "Revenue by permit type and fee line", revenue_by_line),
        Section("outstanding", "Outstanding invoices and citations by age", outstanding),
        Section("permits-by-month", "Permits issued and renewed by month", permits_by_month),
        Section("permits-by-type", "Permits issued and renewed by permit type", permits_by_type),
        Section("cases", "Cases opened and closed", cases_by_month),
    )
}
