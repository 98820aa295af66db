"""Septage pump-out returns (Tisbury BOH Reg 09.6.2).

"Transportation and disposal of privy, cesspool and septic tank contents by licensed person
within the town must turn in monthly collected septic pump-out permits. Permits must be
returned by the fifteenth of each month. Each permit not returned by the fifteenth will be
fined $10.00 per permit and each day constitutes a separate offense." (09.6.2)

The licensed person is the septage handler: the business holding a ``tisbury.septage_handler``
permit (09.1.4), whose members act for it. Each month in which it held a permit it files one
return listing its pump-out permits — where, when and how much was pumped — or an empty return
when it pumped nothing. The return of a month is due by the 15th of the next month, the town's
registered deadline ``pumpout_permits_return`` on Tisbury's calendar (a 15th on a closed day
rolls to the next business day).

A return filed after its due date is received and flagged late, and on filing a citation is
written under the fine schedule's ``septic_pumpout_permit_late``: $10 for each permit listed
and each day late. The core prices a citation as amount × units × days, its days counted from
the day it is written; the days of a late return all lie before that day, so the citation
counts one offense for each permit and each day late (units = permits × days late) over the
single day it is written and invoiced — the same total, every day stated in the case. A late
return listing no permit owes nothing (the fine is per permit): it is flagged late, with no
citation. The fine is paid at the counter like every citation.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.db import IntegrityError, transaction
from django.db.models import Count, Q, Sum
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.enforcement.deadlines import Deadline
from permits_site.enforcement.models import Citation
from permits_site.enforcement.registry import CaseType
from permits_site.enforcement.services import open_case
from permits_site.enforcement.services.citations import citation_total, issue_citation
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.models import Permit, PermitStatus
from permits_site.parties.models import Business, Property
from permits_site.parties.services import matching_property
from permits_site.rules.calendar import add_months, format_date, period_due
from permits_site.rules.registry import town_law
from permits_site.rules.wording import explain
from permits_site.towns.models import Municipality
from tisbury_regs.law import cite
from tisbury_regs.models import PumpoutJob, PumpoutReturn, tisbury
from tisbury_regs.periods import MUNICIPALITY

if TYPE_CHECKING:
    from permits_site.accounts.models import User

SECTION = cite("09.6.2")
HANDLER_PERMIT = "tisbury.septage_handler"
LATE_OFFENSE = "septic_pumpout_permit_late"
LATE_RETURN = "tisbury.pumpout_return_late"
#: More than any one pump-out: a typing slip, refused.
MOST_GALLONS = 100_000
#: Permits that were in force for the days they covered, whatever has happened since.
ISSUED = (PermitStatus.ACTIVE, PermitStatus.EXPIRED, PermitStatus.SUSPENDED)

CASE_TYPE = CaseType(code=LATE_RETURN, municipality=MUNICIPALITY,
                     name="Septic pump-out permits returned late", offenses=(LATE_OFFENSE,),
                     citation=SECTION)


@dataclass(frozen=True)
class Job:
    """One pump-out permit as the handler returns it. ``place`` is the property on file when
    the handler chose it; otherwise the address is matched to one, or kept as written."""

    permit_number: str
    pumped_on: dt.date
    gallons: Any
    address: str = ""
    place: Property | None = None


@dataclass(frozen=True)
class UnfiledReturn:
    """A month a handler held a permit and has filed no return for."""

    municipality_id: int
    handler_id: int
    handler_name: str
    month: dt.date
    due_on: dt.date


def month_of(day: dt.date) -> dt.date:
    return day.replace(day=1)


def month_end(month: dt.date) -> dt.date:
    return add_months(month, 1) - dt.timedelta(days=1)


def return_due(month: dt.date, municipality: Municipality) -> dt.date:
    """The last day to return the month's permits: the 15th of the next month, rolled to the
    next business day when the offices are closed (09.6.2)."""
    return period_due(town_law(MUNICIPALITY).periods["pumpout_permits_return"], month,
                      municipality.calendar())


def _handler_permits(municipality_ids: Collection[int]):
    return Permit.objects.filter(municipality_id__in=municipality_ids,
                                 permit_type__code=HANDLER_PERMIT, status__in=ISSUED,
                                 holder_business__isnull=False)


def handler_permit(handler: Business, month: dt.date, municipality: Municipality
                   ) -> Permit | None:
    """The handler's septage handler permit in force during some day of ``month``."""
    return (_handler_permits([municipality.pk])
            .filter(holder_business=handler, valid_from__lte=month_end(month),
                    valid_through__gte=month)
            .order_by("-valid_from").first())


def handlers_of(user: User) -> list[Business]:
    """The businesses ``user`` acts for that hold, or held, a septage handler permit."""
    ids = permissions.business_ids(user)
    return list(Business.objects.filter(
        pk__in=ids, permits__permit_type__code=HANDLER_PERMIT,
        permits__status__in=ISSUED).distinct().order_by("legal_name", "pk"))



# -- filing -------------------------------------------------------------------------------


def _month_errors(month: dt.date, today: dt.date) -> dict[str, list[str]]:
    if month >= month_of(today):
        return {"month": [explain(gettext_noop("Return a month once it is over: %(month)s ends "
                                               "on %(ends)s (%(section)s)."),
                                  month=f"{month:%B %Y}", ends=month_end(month),
                                  section=SECTION)]}
    return {}


def _job_errors(index: int, job: Job, month: dt.date, municipality: Municipality
                ) -> dict[str, list[str]]:
    gallons = job.gallons
    whole = isinstance(gallons, int) and not isinstance(gallons, bool)
    checks = (
        ("permit_number", not job.permit_number.strip(),
         gettext_noop("Enter the pump-out permit number.")),
        ("address", job.place is None and not job.address.strip(),
         gettext_noop("Enter the address pumped out.")),
        ("address", job.place is not None and (job.place.municipality_id != municipality.pk
                                               or job.place.merged_into_id is not None),
         gettext_noop("Choose a property in Tisbury.")),
        ("pumped_on", month_of(job.pumped_on) != month,
         explain(gettext_noop("The date pumped falls in %(month)s, the month returned."),
                 month=f"{month:%B %Y}")),
        ("gallons", not whole or not 1 <= gallons <= MOST_GALLONS,
         explain(gettext_noop("Enter the volume pumped, in whole gallons from 1 to %(most)s "
                              "(%(section)s)."), most=f"{MOST_GALLONS:,}", section=SECTION)),
    )
    return {f"jobs-{index}-{field}": [message] for field, refused, message in checks if refused}


def _jobs_errors(jobs: Sequence[Job], month: dt.date, municipality: Municipality
                 ) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    seen: set[str] = set()
    for index, job in enumerate(jobs):
        errors.update(_job_errors(index, job, month, municipality))
        number = job.permit_number.strip().upper()
        if number and number in seen:
            errors[f"jobs-{index}-permit_number"] = [gettext_noop("This permit is listed twice.")]
        seen.add(number)
    return errors


def _require_member(handler: Business, acting_user: User) -> None:
    if handler.pk not in permissions.business_ids(acting_user):
        raise PermissionDenied(f"Only a member of {handler.display_name} files its "
                               f"pump-out returns ({SECTION}).")


def _place_of(job: Job, municipality: Municipality) -> tuple[Property | None, str]:
    if job.place is not None:
        return job.place, job.place.full_address
    address = job.address.strip()
    return matching_property(municipality=municipality, address=address), address


@transaction.atomic
def file_return(*, handler: Business, month: dt.date, jobs: Sequence[Job], acting_user: User
                ) -> PumpoutReturn:
    """A member of a septage handler files the month's return of pump-out permits (09.6.2),
    empty when nothing was pumped. Late, it is flagged and, listing permits, cited."""
    municipality = tisbury()
    _require_member(handler, acting_user)
    today = timezone.localdate()
    month = month_of(month)
    errors = {**_month_errors(month, today), **_jobs_errors(jobs, month, municipality)}
    if errors:
        raise DomainError(errors)
    permit = handler_permit(handler, month, municipality)
    if permit is None:
        raise PermissionDenied(f"{handler.display_name} held no septage handler permit in "
                               f"{month:%B %Y}: only a licensed handler returns pump-out "
                               f"permits ({SECTION}).")
    try:
        with transaction.atomic():
            filed = PumpoutReturn.objects.create(
                municipality=municipality, handler=handler, handler_permit=permit, month=month,
                due_on=return_due(month, municipality), filed_on=today, filed_by=acting_user)
    except IntegrityError:
        raise InvalidTransition(f"{handler.display_name} already filed its return for "
                                f"{month:%B %Y}.", field="month") from None
    for job in jobs:
        place, address = _place_of(job, municipality)
        PumpoutJob.objects.create(pumpout_return=filed, permit_number=job.permit_number.strip(),
                                  property=place, address=address, pumped_on=job.pumped_on,
                                  gallons=job.gallons)
    audit.record(actor=acting_user, action="pumpout.return_filed", subject=filed,
                 municipality=municipality,
                 summary=f"{handler.display_name} returned {len(jobs)} pump-out permit(s) for "
                         f"{month:%B %Y}{', late' if filed.late else ''}",
                 after={"month": str(month), "permits": len(jobs), "due_on": str(filed.due_on),
                        "days_late": filed.days_late})
    if filed.late and jobs:
        _cite_late(filed, permits=len(jobs), acting_user=acting_user)
    return filed


def _cite_late(filed: PumpoutReturn, *, permits: int, acting_user: User) -> Citation:
    """$10 for each permit and each day late (09.6.2), written on the day of filing."""
    days = filed.days_late
    case = open_case(
        municipality=filed.municipality, case_type=LATE_RETURN, party=acting_user,
        party_business=filed.handler, party_name=filed.handler.display_name,
        address=filed.handler.mailing_address, permit=filed.handler_permit,
        complaint=f"The pump-out return for {filed.month:%B %Y}, due by "
                  f"{format_date(filed.due_on)}, was filed on {format_date(filed.filed_on)}: "
                  f"{permits} permit(s) × {days} day(s) late, each a separate offense "
                  f"({SECTION}).",
        received_on=filed.filed_on, acting_user=acting_user)
    citation = issue_citation(case=case, offense=LATE_OFFENSE, units=permits * days,
                              accrues_until=filed.filed_on, acting_user=acting_user)
    filed.citation = citation
    filed.save(update_fields=["citation"])
    return citation


# -- what the Board sees ------------------------------------------------------------------


def _months(first: dt.date, last: dt.date) -> Iterator[dt.date]:
    month = month_of(first)
    while month <= last:
        yield month
        month = add_months(month, 1)


def unfiled_returns(municipality_ids: Collection[int], *, due_through: dt.date,
                    today: dt.date) -> list[UnfiledReturn]:
    """Every month before this one in which a handler held a permit, with no return filed
    and its due date no later than ``due_through``: one query, and the town's calendar when
    there is a row."""
    rows = (_handler_permits(municipality_ids)
            .filter(valid_from__lt=month_of(today))
            .values("municipality_id", "holder_business_id", "holder_business__legal_name",
                    "holder_business__dba", "valid_from", "valid_through",
                    "holder_business__pumpout_returns__month"))
    covered: dict[tuple[int, int, str], set[dt.date]] = defaultdict(set)
    filed: set[tuple[int, dt.date]] = set()
    last_month = add_months(month_of(today), -1)
    for row in rows:
        business = row["holder_business_id"]
        name = row["holder_business__legal_name"] + (
            f" d/b/a {row['holder_business__dba']}" if row["holder_business__dba"] else "")
        covered[(row["municipality_id"], business, name)].update(
            _months(row["valid_from"], min(row["valid_through"], last_month)))
        if row["holder_business__pumpout_returns__month"] is not None:
            filed.add((business, row["holder_business__pumpout_returns__month"]))
    towns = {town for town, _business, _name in covered}
    calendars = {pk: town.calendar()
                 for pk, town in Municipality.objects.in_bulk(towns).items()} if towns else {}
    period = town_law(MUNICIPALITY).periods["pumpout_permits_return"]
    unfiled = []
    for (town, business, name), months in covered.items():
        for month in sorted(months - {month for handler, month in filed if handler == business}):
            due = period_due(period, month, calendars[town])
            if due <= due_through:
                unfiled.append(UnfiledReturn(town, business, name, month, due))
    return sorted(unfiled, key=lambda row: (row.due_on, row.handler_name))


def overdue_returns(municipality: Municipality, *, today: dt.date) -> list[UnfiledReturn]:
    """The returns missing after their due date (09.6.2)."""
    return unfiled_returns([municipality.pk], due_through=today - dt.timedelta(days=1),
                           today=today)


def deadline_rows(towns: Collection[int], *, today: dt.date, horizon: dt.date
                  ) -> Iterator[Deadline]:
    """The deadlines screen's rows: each return due through ``horizon`` or overdue."""
    url = reverse("tisbury_regs:pumpout_returns_board")
    for row in unfiled_returns(towns, due_through=horizon, today=today):
        yield Deadline(row.municipality_id, row.due_on,
                       f"Return of the {row.month:%B %Y} pump-out permits", row.handler_name,
                       url, SECTION)


def filed_returns(municipality: Municipality):
    """Every filed return with what the list shows, in one query."""
    return _with_counts(PumpoutReturn.objects.filter(municipality=municipality))


def returns_of(user: User):
    """The returns of the handlers ``user`` acts for."""
    return _with_counts(PumpoutReturn.objects.filter(
        handler_id__in=permissions.business_ids(user)))


def _with_counts(returns):
    return (returns.select_related("handler", "citation", "filed_by")
            .annotate(permits=Count("jobs"), gallons=Sum("jobs__gallons"))
            .order_by("-month", "handler__legal_name", "pk"))


def visible_to(user: User, municipality: Municipality) -> Q:
    """The returns ``user`` may read: the town's staff read all, a member its handler's."""
    if permissions.is_town_staff(user, municipality.pk):
        return Q(municipality=municipality)
    return Q(handler_id__in=permissions.business_ids(user))


# -- the clerk's property page ------------------------------------------------------------


def property_jobs(place: Property) -> list[PumpoutJob]:
    return list(place.pumpout_jobs.select_related("pumpout_return__handler")
                .order_by("-pumped_on", "-pk"))


def late_fine(filed: PumpoutReturn) -> Decimal | None:
    """What the return's late citation amounts to, if one was written."""
    if filed.citation is None:
        return None
    return citation_total(filed.citation, on=filed.filed_on)


def property_panel(place: Property, user: User) -> dict[str, Any]:
    """The property's returned pump-outs."""
    return {"jobs": property_jobs(place), "pumpout_section": SECTION}
