"""A year of one office's records, laid down with the factories, and the figures a report
should show for them, counted here in plain Python from the records themselves.

The generated year (2026) has fee invoices for three permit types of two towns, priced by
a placeholder fee schedule until July and a confirmed one after; payments in every method
at every hour of the day (so some fall on another day in UTC), part payments, void
invoices, citations, permits new and renewed, and cases opened and closed — plus records
just outside the year on both sides.
"""

from __future__ import annotations

import datetime as dt
import random
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from decimal import Decimal

import time_machine
from django.utils import timezone

from permits_site.enforcement.models import Case
from permits_site.enforcement.services.cases import close_case
from permits_site.licensing.models import (
    FeeSchedule,
    Invoice,
    InvoiceStatus,
    Payment,
    PaymentMethod,
    Permit,
    PermitType,
)
from permits_site.reports.queries import AGE_BUCKETS
from permits_site.reports.sections import NO_PERMIT_TYPE
from tests.factories import (
    ApplicationFactory,
    CaseFactory,
    CitationFactory,
    InvoiceFactory,
    InvoiceLineFactory,
    PaymentFactory,
    PermitFactory,
    local,
)

YEAR = 2026
#: The day the reports are read: some invoices are still open.
TODAY = dt.date(2027, 1, 20)
PERMIT_TYPES = (
    "north_andover.dog_license",
    "north_andover.kennel_license",
    "northborough.horse_registration",
)
LINES = {"north_andover.dog_license": ("spayed_neutered", "intact", "late_fee"),
         "north_andover.kennel_license": ("dogs_5_to_10", "late_fee"),
         "northborough.horse_registration": ("new",)}
CONFIRMED_FROM = dt.date(YEAR, 7, 1)


def local_date(moment: dt.datetime) -> dt.date:
    return timezone.localtime(moment).date()


@dataclass
class Records:
    invoices: list[Invoice] = field(default_factory=list)
    payments: list[Payment] = field(default_factory=list)
    permits: list[Permit] = field(default_factory=list)
    cases: list[Case] = field(default_factory=list)
    closed_at: dict[int, dt.datetime] = field(default_factory=dict)
    citation_invoice_ids: set[int] = field(default_factory=set)


class YearOfRecords:
    """Lays down the year (``build``) and keeps every record it wrote."""

    def __init__(self, *, staff, seed: int = 2026):
        self.rng = random.Random(seed)
        self.staff = staff
        self.records = Records()
        self.schedules = {}

    def build(self, first: dt.date = dt.date(YEAR - 1, 12, 20),
              last: dt.date = dt.date(YEAR + 1, 1, 10)) -> Records:
        for code in PERMIT_TYPES:
            permit_type = PermitType.objects.get(code=code)
            self.schedules[code] = (
                FeeSchedule.objects.create(permit_type=permit_type, seeded=True,
                                           effective_from=dt.date(YEAR - 1, 1, 1)),
                FeeSchedule.objects.create(permit_type=permit_type,
                                           effective_from=CONFIRMED_FROM),
            )
        day = first
        while day <= last:
            self.one_day(day)
            day += dt.timedelta(days=3)
        return self.records

    def moment(self, day: dt.date) -> dt.datetime:
        return local(day, self.rng.randrange(24), self.rng.randrange(60))

    def one_day(self, day: dt.date) -> None:
        code = self.rng.choice(PERMIT_TYPES)
        self.fee_invoice(code, day)
        self.permit(code, day)
        if day.day % 3 == 0:
            self.case(day)

    def fee_invoice(self, code: str, day: dt.date) -> None:
        placeholder, confirmed = self.schedules[code]
        schedule = confirmed if day >= CONFIRMED_FROM else placeholder
        application = ApplicationFactory(permit_type=schedule.permit_type, applicant=self.staff)
        invoice = InvoiceFactory(municipality=application.municipality, application=application,
                                 fee_schedule=schedule, created_at=self.moment(day))
        for line_code in self.rng.sample(LINES[code], self.rng.randint(1, len(LINES[code]))):
            InvoiceLineFactory(invoice=invoice, code=line_code,
                               amount=Decimal(self.rng.randrange(500, 10000)) / 100)
        self.settle(invoice, day)

    def settle(self, invoice: Invoice, day: dt.date) -> None:
        """Paid in full (in one or two payments), part paid, left open or voided."""
        outcome = self.rng.choice(("paid", "paid", "paid", "two", "part", "open", "void"))
        total = invoice.total
        if outcome == "void":
            Invoice.objects.filter(pk=invoice.pk).update(status=InvoiceStatus.VOID)
            invoice.status = InvoiceStatus.VOID
        elif outcome == "two":
            self.pay(invoice, (total / 2).quantize(Decimal("0.01")), day)
            self.pay(invoice, total - (total / 2).quantize(Decimal("0.01")),
                     day + dt.timedelta(days=self.rng.randrange(1, 40)), last=True)
        elif outcome == "paid":
            self.pay(invoice, total, day + dt.timedelta(days=self.rng.randrange(0, 20)), last=True)
        elif outcome == "part":
            self.pay(invoice, Decimal("1.00"), day + dt.timedelta(days=1))
        self.records.invoices.append(invoice)

    def pay(self, invoice: Invoice, amount: Decimal, day: dt.date, *, last: bool = False):
        received_at = self.moment(day)
        payment = PaymentFactory(invoice=invoice, amount=amount, received_at=received_at,
                                 method=self.rng.choice(PaymentMethod.values),
                                 received_by=self.staff)
        self.records.payments.append(payment)
        if last:
            Invoice.objects.filter(pk=invoice.pk).update(status=InvoiceStatus.PAID,
                                                         paid_at=received_at)
            invoice.status, invoice.paid_at = InvoiceStatus.PAID, received_at

    def permit(self, code: str, day: dt.date) -> None:
        application = ApplicationFactory(
            permit_type=PermitType.objects.get(code=code), applicant=self.staff,
            action=self.rng.choice(("new", "renewal", "renewal", "transfer")))
        self.records.permits.append(PermitFactory(
            application=application, issued_at=self.moment(day), issued_by=self.staff))

    def case(self, day: dt.date) -> None:
        permit_type = PermitType.objects.get(code=self.rng.choice(PERMIT_TYPES))
        case = CaseFactory(municipality=permit_type.municipality, received_on=day,
                           opened_by=self.staff)
        self.records.cases.append(case)
        if self.rng.random() < 0.5:
            citation = CitationFactory(case=case, issued_on=day, issued_by=self.staff,
                                       invoice__created_at=self.moment(day),
                                       invoice__payer=self.staff)
            InvoiceLineFactory(invoice=citation.invoice, code=citation.offense,
                               amount=Decimal("50.00"), citation=citation.citation)
            self.records.citation_invoice_ids.add(citation.invoice_id)
            self.settle(citation.invoice, day)
        if self.rng.random() < 0.6:
            closed_at = self.moment(day + dt.timedelta(days=self.rng.randrange(0, 90)))
            with time_machine.travel(closed_at, tick=False):
                close_case(case=case, acting_user=self.staff)
            self.records.closed_at[case.pk] = closed_at


# -- the figures, counted independently ----------------------------------------------


def _in(day: dt.date, start: dt.date, end: dt.date) -> bool:
    return start <= day <= end


def revenue(records: Records, *, towns, start, end, key, permit_type=None) -> dict:
    """{key(payment): (payments, amount)} of payments received in ``towns`` on the days."""
    totals = defaultdict(lambda: [0, Decimal("0.00")])
    for payment in records.payments:
        invoice = payment.invoice
        if payment.municipality_id not in towns or not _in(local_date(payment.received_at),
                                                           start, end):
            continue
        if permit_type and (invoice.application is None
                            or invoice.application.permit_type_id != permit_type):
            continue
        totals[key(payment)][0] += 1
        totals[key(payment)][1] += payment.amount
    return {name: tuple(value) for name, value in totals.items()}


def fee_lines(records: Records, *, towns, start, end) -> dict:
    """{(town, permit type, code, description, placeholder): (lines, amount)} of invoices
    paid in full."""
    totals = defaultdict(lambda: [0, Decimal("0.00")])
    for invoice in records.invoices:
        if (invoice.municipality_id not in towns or invoice.status != InvoiceStatus.PAID
                or not _in(local_date(invoice.paid_at), start, end)):
            continue
        permit_type = invoice.application.permit_type.name if invoice.application else (
            NO_PERMIT_TYPE)
        seeded = bool(invoice.fee_schedule and invoice.fee_schedule.seeded)
        for line in invoice.lines.all():
            key = (invoice.municipality.name, permit_type, line.code, line.description, seeded)
            totals[key][0] += 1
            totals[key][1] += line.amount
    return {name: tuple(value) for name, value in totals.items()}


def outstanding(records: Records, *, towns, today) -> dict:
    """{(age label, is citation): (invoices, owed)} of open balances."""
    totals = Counter(), defaultdict(lambda: Decimal("0.00"))
    for invoice in records.invoices:
        if invoice.municipality_id not in towns or invoice.status != InvoiceStatus.OPEN:
            continue
        balance = invoice.total - sum(
            (payment.amount for payment in records.payments if payment.invoice_id == invoice.pk),
            Decimal("0.00"))
        if balance <= 0:
            continue
        age = (today - local_date(invoice.created_at)).days
        label = next(label for label, oldest in AGE_BUCKETS if oldest is None or age <= oldest)
        key = (label, invoice.pk in records.citation_invoice_ids)
        totals[0][key] += 1
        totals[1][key] += balance
    return {key: (totals[0][key], totals[1][key]) for key in totals[0]}


def permits(records: Records, *, towns, start, end, key, permit_type=None) -> dict:
    """{key(permit): (issued, renewals)}."""
    totals = defaultdict(lambda: [0, 0])
    for permit in records.permits:
        if permit.municipality_id not in towns or not _in(local_date(permit.issued_at),
                                                          start, end):
            continue
        if permit_type and permit.permit_type_id != permit_type:
            continue
        totals[key(permit)][0] += 1
        totals[key(permit)][1] += permit.application.action == "renewal"
    return {name: tuple(value) for name, value in totals.items()}


def cases(records: Records, *, towns, start, end) -> tuple[Counter, Counter]:
    """(opened by month, closed by month)."""
    opened, closed = Counter(), Counter()
    for case in records.cases:
        if case.municipality_id not in towns:
            continue
        if _in(case.received_on, start, end):
            opened[case.received_on.replace(day=1)] += 1
        closed_at = records.closed_at.get(case.pk)
        if closed_at and _in(local_date(closed_at), start, end):
            closed[local_date(closed_at).replace(day=1)] += 1
    return opened, closed
