"""A permit holder's surcharge events of the past year, read from the services' own records.

Some towns surcharge a permit's renewal by "the highest level of compliance
effort required during the past year", as their regulations word it. The
level is never typed: it is derived from what the enforcement and licensing
services recorded about the business holding the permit, in the permit's
town. The town declares which record stands for which of its event codes
(``CitationPolicy.surcharge_sources``); this module, which knows no town,
gathers them in a fixed number of queries:

- **citations** on the business's record, by their current surcharge
  classification (the officer's when citing, or an administrator's audited
  reclassification, the newest counting) — except those dismissed at a hearing
  or found not responsible in court, as every count of a party's record;
- **orders** on the business's cases, by their current classification (an
  administrator's, see :mod:`permits_site.enforcement.services.surcharges`);
- **suspensions and revocations** of the business's permits of the type
  renewed, as ``change_permit_status`` audited them;
- **hearings** held on enforcement cases about those permits (a case whose
  ``permit`` is one of them): the hearing the holder is called to answer at;
- **re-inspections**: an inspection of one of those permits closed after the
  permit's previous closed inspection failed follows that inspection up; the
  event is raised on the day the count the town declares is reached;
- **late renewals**: a renewal application of the type submitted after the
  permit it renews had expired. The application being priced is not its own
  event: what it shows is assessed at the renewal after it;
- **validated complaints**: cases against the business whose determination
  validated the complaint (``findings["complaint_validated"]``, recorded by
  :func:`~permits_site.enforcement.services.cases.determine`), on the day it
  was determined.

The past year is the twelve months ending on the renewal day: from the day
after the same date a year earlier, through the renewal day (as the twelve
months of a dog's running-at-large record are counted).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.contenttypes.models import ContentType
from django.db.models import F, OuterRef, Prefetch, Subquery
from django.urls import reverse
from django.utils import timezone

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import (
    Case,
    CaseHearing,
    Citation,
    Inspection,
    InspectionResult,
    InspectionStatus,
    Order,
    SurchargeClassification,
)
from permits_site.enforcement.registry import CitationPolicy, SurchargeSources, citation_policy
from permits_site.enforcement.registry import case_type as registered_case_type
from permits_site.enforcement.services.citations import counted_offenses
from permits_site.enforcement.services.dispositions import current_surcharge_event
from permits_site.licensing.models import Application, Permit, PermitType
from permits_site.parties.models import Business
from permits_site.rules.calendar import add_months, days_after, format_date

#: The audited permit status changes that are a suspension or a revocation.
SUSPENDED_OR_REVOKED = {"permit.suspend": "suspension", "permit.revoke": "revocation"}
PAST_YEAR_MONTHS = 12


@dataclass(frozen=True)
class RecordedEvent:
    """One record that raises a surcharge event: its event code, the day it happened, what
    it is in a few words, the section it was made under, and its page for the staff."""

    code: str
    on: dt.date
    what: str
    citation: str
    url: str

    @property
    def named(self) -> str:
        """The record as a fee line names it: "citation #12 of March 2, 2026"."""
        return f"{self.what} of {format_date(self.on)}"


def past_year(on: dt.date) -> tuple[dt.date, dt.date]:
    """The first and last day of the twelve months ending on ``on`` (the day after the same
    date a year earlier; Feb 29 clamps to Feb 28)."""
    return days_after(add_months(on, -PAST_YEAR_MONTHS), 1), on


def recorded_events(
    *, business: Business, permit_type: PermitType, on: dt.date,
    excluding: Application | None = None,
) -> list[RecordedEvent]:
    """The surcharge events the business's record raises in its permit type's town in the
    past year as of ``on``, oldest first; ``excluding`` is the application being priced."""
    try:
        policy = citation_policy(permit_type.municipality.code)
    except LookupError:
        return []
    since, until = past_year(on)
    sources = policy.surcharge_sources
    permits = Permit.objects.filter(holder_business=business, permit_type=permit_type)
    events = [
        *_citations(policy, business, permit_type.municipality_id, since, until),
        *_orders(policy, business, permit_type.municipality_id, since, until),
        *_suspensions(sources, permits, since, until),
        *_hearings(sources, permits, since, until),
        *_reinspections(sources, permits, since, until),
        *_late_renewals(sources, business, permit_type, since, until, excluding),
        *_validated_complaints(sources, business, permit_type.municipality_id, since, until),
    ]
    return sorted(events, key=lambda event: (event.on, event.what))


def _citations(policy: CitationPolicy, business: Business, town_id: int, since: dt.date,
               until: dt.date) -> Iterable[RecordedEvent]:
    citations = Citation.objects.filter(counted_offenses(), case__municipality_id=town_id,
                                        case__party_business=business,
                                        issued_on__range=(since, until)).distinct()
    for citation in _classified(citations):
        code = current_surcharge_event(citation)
        if code and policy.surcharge_event(code) is not None:
            yield RecordedEvent(code, citation.issued_on, f"citation #{citation.pk}",
                                citation.citation,
                                reverse("enforcement:citation", args=[citation.pk]))


def _orders(policy: CitationPolicy, business: Business, town_id: int, since: dt.date,
            until: dt.date) -> Iterable[RecordedEvent]:
    orders = Order.objects.filter(case__municipality_id=town_id, case__party_business=business,
                                  issued_on__range=(since, until))
    for order in _classified(orders):
        code = current_surcharge_event(order)
        if code and policy.surcharge_event(code) is not None:
            yield RecordedEvent(code, order.issued_on, f"order #{order.pk} on case "
                                f"#{order.case_id}", order.citation,
                                reverse("enforcement:order_surcharge", args=[order.pk]))


def _classified(records):
    """The records with their surcharge classifications, oldest first (the newest counts)."""
    return records.prefetch_related(Prefetch(
        "surcharge_classifications",
        queryset=SurchargeClassification.objects.order_by("recorded_at", "pk")))


def _suspensions(sources: SurchargeSources, permits, since: dt.date, until: dt.date
                 ) -> Iterable[RecordedEvent]:
    if not sources.suspension_revocation:
        return
    changes = (
        AuditEntry.objects.filter(
            content_type=ContentType.objects.get_for_model(Permit),
            object_id__in=permits.values("pk"),
            action__in=SUSPENDED_OR_REVOKED,
            at__date__range=(since, until),
        )
        .annotate(
            number=Subquery(Permit.objects.filter(pk=OuterRef("object_id")).values("number")),
            application_id=Subquery(
                Permit.objects.filter(pk=OuterRef("object_id")).values("application_id")),
            section=Subquery(Permit.objects.filter(pk=OuterRef("object_id"))
                             .values("permit_type__citation")),
        )
    )
    for change in changes:
        yield RecordedEvent(
            sources.suspension_revocation, timezone.localdate(change.at),
            f"{SUSPENDED_OR_REVOKED[change.action]} of permit {change.number}", change.section,
            reverse("licensing:review", args=[change.application_id]))


def _hearings(sources: SurchargeSources, permits, since: dt.date, until: dt.date
              ) -> Iterable[RecordedEvent]:
    if not sources.case_hearing:
        return
    hearings = CaseHearing.objects.filter(
        case__permit__in=permits, hearing_date__range=(since, until)
    ).select_related("case__permit")
    for hearing in hearings:
        yield RecordedEvent(
            sources.case_hearing, hearing.hearing_date,
            f"hearing on case #{hearing.case_id} (permit {hearing.case.permit.number})",
            getattr(registered_case_type(hearing.case.case_type), "citation", ""),
            reverse("enforcement:case", args=[hearing.case_id]))


def _reinspections(sources: SurchargeSources, permits, since: dt.date, until: dt.date
                   ) -> Iterable[RecordedEvent]:
    if not sources.reinspections:
        return
    closed = Inspection.objects.filter(
        permit__in=permits, status=InspectionStatus.CLOSED, inspected_on__lte=until,
    ).order_by("permit_id", "inspected_on", "pk")
    follow_ups = [visit for visit in reinspections(closed) if visit.inspected_on >= since]
    follow_ups.sort(key=lambda visit: (visit.inspected_on, visit.pk))
    if len(follow_ups) < sources.reinspections_counted:
        return
    counted = follow_ups[:sources.reinspections_counted]
    last = counted[-1]
    yield RecordedEvent(
        sources.reinspections, last.inspected_on,
        "re-inspections " + " and ".join(f"#{visit.pk}" for visit in counted), "",
        reverse("enforcement:inspection", args=[last.pk]))


def reinspections(closed: Iterable[Inspection]) -> list[Inspection]:
    """The closed inspections, ordered by permit and day, that follow up their permit's
    previous closed inspection because it failed."""
    follow_ups, previous = [], None
    for visit in closed:
        if (previous is not None and previous.permit_id == visit.permit_id
                and previous.result == InspectionResult.FAILED):
            follow_ups.append(visit)
        previous = visit
    return follow_ups


def _late_renewals(sources: SurchargeSources, business: Business, permit_type: PermitType,
                   since: dt.date, until: dt.date, excluding: Application | None
                   ) -> Iterable[RecordedEvent]:
    if not sources.late_renewal:
        return
    renewals = Application.objects.filter(
        business=business, permit_type=permit_type, action="renewal",
        submitted_on__range=(since, until), submitted_on__gt=F("previous_permit__valid_through"),
    ).select_related("previous_permit")
    if excluding is not None:
        renewals = renewals.exclude(pk=excluding.pk)
    for renewal in renewals:
        expired = renewal.previous_permit
        yield RecordedEvent(
            sources.late_renewal, renewal.submitted_on,
            f"late renewal application #{renewal.pk} (permit {expired.number} expired "
            f"{format_date(expired.valid_through)})", permit_type.citation,
            reverse("licensing:review", args=[renewal.pk]))



def _validated_complaints(sources: SurchargeSources, business: Business, town_id: int,
                          since: dt.date, until: dt.date) -> Iterable[RecordedEvent]:
    if not sources.validated_complaint:
        return
    cases = Case.objects.filter(municipality_id=town_id, party_business=business,
                                determined_on__range=(since, until),
                                findings__complaint_validated=True)
    for case in cases:
        yield RecordedEvent(
            sources.validated_complaint, case.determined_on,
            f"validated complaint, case #{case.pk}",
            getattr(registered_case_type(case.case_type), "citation", ""),
            reverse("enforcement:case", args=[case.pk]))
