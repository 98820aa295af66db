"""The reports' figures, each one aggregate query in the database.

Every function takes the same :class:`ReportFilters` and runs one query whatever
the number of rows, grouping by day or month in the towns' own time zone
(America/New_York, the site's ``TIME_ZONE``): a payment taken at 11:30 p.m. on
January 31 counts in January although it is February in UTC.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

from django.db.models import (
    BooleanField,
    Case,
    Count,
    DateField,
    DecimalField,
    Exists,
    F,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Coalesce, TruncDate, TruncMonth
from django.utils import timezone

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import Case as EnforcementCase
from permits_site.enforcement.models import Citation
from permits_site.licensing.models import (
    MONEY,
    Invoice,
    InvoiceLine,
    InvoiceStatus,
    Payment,
    Permit,
)

ZERO = Decimal("0.00")
#: Outstanding money is aged by the days since its invoice was raised: (label, most days).
AGE_BUCKETS = (
    ("0–30 days", 30),
    ("31–60 days", 60),
    ("61–90 days", 90),
    ("Over 90 days", None),
)
#: The action an application takes to renew the permit it names (``declarations.py``).
RENEWAL = "renewal"
CASE_CLOSED = "case.closed"


@dataclass(frozen=True)
class ReportFilters:
    """What the office asked for: towns (already limited to the user's), dates, a type."""

    town_ids: frozenset[int]
    start: dt.date
    end: dt.date
    permit_type_id: int | None = None

    @property
    def starts_at(self) -> dt.datetime:
        return local_midnight(self.start)

    @property
    def ends_before(self) -> dt.datetime:
        return local_midnight(self.end + dt.timedelta(days=1))

    def moments(self, field: str) -> Q:
        """``field`` (a moment) falls on one of the chosen days, in local time."""
        return Q(**{f"{field}__gte": self.starts_at, f"{field}__lt": self.ends_before})

    def permit_type(self, field: str) -> Q:
        if self.permit_type_id is None:
            return Q()
        return Q(**{field: self.permit_type_id})


def local_zone():
    return timezone.get_default_timezone()


def local_midnight(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time.min, tzinfo=local_zone())


def local_month(field: str) -> TruncMonth:
    return TruncMonth(field, output_field=DateField(), tzinfo=local_zone())


# -- money received ---------------------------------------------------------------------


def payments(filters: ReportFilters, *, where: Q | None = None) -> QuerySet[Payment]:
    """Payments received in the towns on the chosen days (for one permit type: those paying
    its applications' invoices; ``where``: only those a bylaw app's report counts)."""
    return Payment.objects.filter(
        where or Q(),
        filters.moments("received_at"),
        filters.permit_type("invoice__application__permit_type_id"),
        municipality_id__in=filters.town_ids,
    )


def _payment_totals(rows: QuerySet) -> list[dict]:
    return list(rows.annotate(payments=Count("pk"), amount=Sum("amount")))


def revenue_by_day(filters: ReportFilters, *, where: Q | None = None) -> list[dict]:
    """Payments and their sum by the Massachusetts-local day they were received."""
    return _payment_totals(
        payments(filters, where=where)
        .annotate(day=TruncDate("received_at", tzinfo=local_zone()))
        .values("day")
        .order_by("day")
    )


def revenue_by_month(filters: ReportFilters) -> list[dict]:
    return _payment_totals(
        payments(filters).annotate(month=local_month("received_at")).values("month")
        .order_by("month")
    )


def revenue_by_method(filters: ReportFilters) -> list[dict]:
    return _payment_totals(payments(filters).values("method").order_by("method"))


def revenue_by_line(filters: ReportFilters) -> list[dict]:
    """The lines of invoices paid in full on the chosen days, by permit type, fee code and
    description: lines sharing a code keep their own rows (a dog license's line is coded by
    its action, ``new``, whether it charges the spayed/neutered or the intact fee, A(9)).

    A line is revenue once its invoice is paid; a part payment of an open invoice counts
    in the money received (by day, month and method) but in no line yet. A line priced by
    a seeded fee schedule (``FeeSchedule.seeded``: the catalogue's placeholder amounts, not
    yet confirmed by the town) is its own row, flagged ``placeholder``. Fines and charges
    belong to no permit type.
    """
    lines = InvoiceLine.objects.filter(
        filters.moments("invoice__paid_at"),
        filters.permit_type("invoice__application__permit_type_id"),
        invoice__municipality_id__in=filters.town_ids,
        invoice__status=InvoiceStatus.PAID,
    )
    return list(
        lines.values(
            town=F("invoice__municipality__name"),
            permit_type=F("invoice__application__permit_type__name"),
            line=F("code"),
            line_description=F("description"),
            placeholder=Coalesce(
                "invoice__fee_schedule__seeded", Value(False), output_field=BooleanField()
            ),
        )
        .annotate(lines=Count("pk"), amount=Sum("amount"))
        .order_by("town", F("permit_type").asc(nulls_last=True), "line", "line_description",
                  "placeholder")
    )


# -- money owed -------------------------------------------------------------------------


def _sum_of(model) -> Coalesce:
    """The sum of ``model``'s amounts for the invoice of the outer row, zero when none."""
    totals = (
        model.objects.filter(invoice=OuterRef("pk"))
        .order_by()
        .values("invoice")
        .annotate(total=Sum("amount"))
        .values("total")
    )
    return Coalesce(Subquery(totals), Value(ZERO), output_field=DecimalField(**MONEY))


def _age(today: dt.date) -> Case:
    """Which :data:`AGE_BUCKETS` row an invoice raised at ``created_at`` falls in."""
    whens = [
        When(created_at__gte=local_midnight(today - dt.timedelta(days=oldest)), then=Value(label))
        for label, oldest in AGE_BUCKETS
        if oldest is not None
    ]
    return Case(*whens, default=Value(AGE_BUCKETS[-1][0]))


def outstanding_by_age(filters: ReportFilters, *, today: dt.date) -> list[dict]:
    """Open invoices with a balance today, by age and by whether a citation raised them.

    A snapshot of today: the chosen days do not apply, so an old debt never drops out of
    the report (towns and permit type do). Void invoices (a dismissed citation) owe nothing.
    """
    invoices = (
        Invoice.objects.filter(
            filters.permit_type("application__permit_type_id"),
            municipality_id__in=filters.town_ids,
            status=InvoiceStatus.OPEN,
        )
        .annotate(balance=_sum_of(InvoiceLine) - _sum_of(Payment))
        .filter(balance__gt=0)
    )
    return list(
        invoices.annotate(
            age=_age(today),
            is_citation=Exists(Citation.objects.filter(invoice=OuterRef("pk"))),
        )
        .values("age", "is_citation")
        .annotate(invoices=Count("pk"), owed=Sum("balance"))
        .order_by()
    )


# -- permits and cases ------------------------------------------------------------------


def permits(filters: ReportFilters) -> QuerySet[Permit]:
    return Permit.objects.filter(
        filters.moments("issued_at"),
        filters.permit_type("permit_type_id"),
        municipality_id__in=filters.town_ids,
    )


PERMIT_COUNTS = {
    "issued": Count("pk"),
    "renewals": Count("pk", filter=Q(application__action=RENEWAL)),
}


def permits_by_month(filters: ReportFilters) -> list[dict]:
    """Permits issued each month, and how many of them renew an earlier permit."""
    return list(
        permits(filters).annotate(month=local_month("issued_at")).values("month")
        .annotate(**PERMIT_COUNTS).order_by("month")
    )


def permits_by_type(filters: ReportFilters) -> list[dict]:
    return list(
        permits(filters)
        .values(town=F("municipality__name"), type_name=F("permit_type__name"))
        .annotate(**PERMIT_COUNTS)
        .order_by("town", "type_name")
    )


def cases(filters: ReportFilters) -> QuerySet[EnforcementCase]:
    """The towns' cases; for one permit type, those about its permits or applications."""
    rows = EnforcementCase.objects.filter(municipality_id__in=filters.town_ids)
    if filters.permit_type_id is None:
        return rows
    return rows.filter(
        Q(permit__permit_type_id=filters.permit_type_id)
        | Q(application__permit_type_id=filters.permit_type_id)
    )


def cases_opened_by_month(filters: ReportFilters) -> list[dict]:
    """Cases by the month their complaint was received (``Case.received_on``)."""
    return list(
        cases(filters)
        .filter(received_on__gte=filters.start, received_on__lte=filters.end)
        .annotate(month=TruncMonth("received_on"))
        .values("month")
        .annotate(cases=Count("pk"))
        .order_by("month")
    )


def cases_closed_by_month(filters: ReportFilters) -> list[dict]:
    """Cases by the month they were closed: the audit entry ``close_case`` writes is the
    only record of that moment."""
    closings = AuditEntry.objects.filter(
        filters.moments("at"),
        action=CASE_CLOSED,
        content_type__app_label=EnforcementCase._meta.app_label,
        content_type__model=EnforcementCase._meta.model_name,
        municipality_id__in=filters.town_ids,
    )
    if filters.permit_type_id is not None:
        closings = closings.filter(object_id__in=cases(filters).values("pk"))
    return list(
        closings.annotate(month=local_month("at")).values("month")
        .annotate(cases=Count("object_id", distinct=True)).order_by("month")
    )
