"""How a citation is answered (MGL c.40 §21D): paid, heard, or referred to the court.

Within the town's window the party pays (at the counter today) or asks for a
hearing; the citation then waits for the hearing's decision (upheld,
reduced, dismissed), and an upheld or reduced citation gets a new window to
pay. Unpaid after its window, a citation stands referred to the District
Court (never stored: computed from the dates, so it cannot go stale); the
court's decision is recorded afterwards. An offense owed only on conviction
(a forfeiture) is referred from the start and invoiced
when the court's decision is recorded.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import Case as SqlCase
from django.db.models import (
    DateField,
    Exists,
    F,
    OuterRef,
    Prefetch,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.enforcement.models import (
    Citation,
    CitationHearing,
    CourtDecision,
    CourtOutcome,
    HearingOutcome,
    Order,
    SurchargeClassification,
)
from permits_site.enforcement.services.cases import require_text
from permits_site.enforcement.services.citations import (
    checked_surcharge_event,
    citation_total,
    policy_of,
    raise_invoice,
    window_due,
)
from permits_site.enforcement.services.fines import fine_item_in_force
from permits_site.enforcement.steps import Step
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.licensing.models import Invoice, InvoiceLine, InvoiceStatus
from permits_site.rules import fines
from permits_site.rules.calendar import format_date
from permits_site.rules.fees import QuoteRefused, money
from permits_site.rules.fines import parse_money
from permits_site.rules.wording import CitedSection, explain
from permits_site.towns.office_days import (
    require_coming,
    require_hour_coming,
    require_open_day,
)

if TYPE_CHECKING:
    from permits_site.accounts.models import User
    from permits_site.enforcement.registry import CitationPolicy


class Standing(StrEnum):
    """Where a citation stands on a given day."""

    WARNING = "warning"
    ACCRUING = "accruing"
    DUE = "due"
    HEARING = "hearing"
    PAID = "paid"
    DISMISSED = "dismissed"
    REFERRED = "referred"
    COURT_ORDERED = "court_ordered"

    @property
    def label(self) -> str:
        return STANDING_LABELS[self]


STANDING_LABELS = {
    Standing.WARNING: "Written warning, nothing due",
    Standing.ACCRUING: "Accruing daily",
    Standing.DUE: "Due",
    Standing.HEARING: "Hearing requested",
    Standing.PAID: "Paid",
    Standing.DISMISSED: "Dismissed",
    Standing.REFERRED: "Referred to court",
    Standing.COURT_ORDERED: "Ordered by the court",
}
#: Standings in which the citation's invoice may be paid.
PAYABLE = (Standing.DUE, Standing.COURT_ORDERED)


def with_answers(citations: QuerySet[Citation]) -> QuerySet[Citation]:
    """The related rows :func:`standing` and the pages read, in a fixed number of queries."""
    return citations.select_related(
        "case__municipality", "case__party", "case__party_business", "invoice",
        "court_decision", "issued_by",
    ).prefetch_related(
        "hearings",
        "invoice__lines",
        "invoice__payments",
        Prefetch("surcharge_classifications",
                 queryset=SurchargeClassification.objects.order_by("recorded_at", "pk")),
    )


def court_decision_of(citation: Citation) -> CourtDecision | None:
    try:
        return citation.court_decision
    except CourtDecision.DoesNotExist:
        return None


def hearing_of(citation: Citation) -> CitationHearing | None:
    """The citation's hearing (a party may ask for one)."""
    hearings = list(citation.hearings.all())
    return hearings[-1] if hearings else None


def pay_by(citation: Citation) -> dt.date | None:
    """The last day to pay: the window after a hearing's decision, else the citation's."""
    hearing = hearing_of(citation)
    if hearing is not None and hearing.pay_by is not None:
        return hearing.pay_by
    return citation.due_on


def standing(citation: Citation, *, on: dt.date) -> Standing:
    court = court_decision_of(citation)
    hearing = hearing_of(citation)
    invoice = citation.invoice
    if court is not None and court.outcome == CourtOutcome.NOT_RESPONSIBLE:
        return Standing.DISMISSED
    if hearing is not None and hearing.outcome == HearingOutcome.DISMISSED:
        return Standing.DISMISSED
    if invoice is not None and invoice.status == InvoiceStatus.PAID:
        return Standing.PAID
    if court is not None:
        return Standing.COURT_ORDERED
    if hearing is not None and hearing.decided_on is None:
        return Standing.HEARING
    if citation.warning:
        return Standing.WARNING
    if citation.forfeiture:
        return Standing.REFERRED
    if invoice is None:
        return Standing.ACCRUING
    last_day = pay_by(citation)
    return Standing.REFERRED if last_day is not None and on > last_day else Standing.DUE


def annotate_standing(citations: QuerySet[Citation], *, on: dt.date) -> QuerySet[Citation]:
    """``standing_code`` and ``last_day`` (the last day to pay) as SQL, for filtering,
    sorting and paging in the database; the same order of tests as
    :func:`standing`."""
    hearings = CitationHearing.objects.filter(citation=OuterRef("pk"))
    latest = hearings.order_by("-requested_on", "-pk")
    return citations.annotate(
        hearing_outcome=Subquery(latest.values("outcome")[:1]),
        hearing_decided_on=Subquery(latest.values("decided_on")[:1]),
        hearing_asked=Exists(hearings),
        last_day=Coalesce(Subquery(latest.values("pay_by")[:1]), F("due_on"),
                          output_field=DateField()),
    ).annotate(standing_code=SqlCase(
        When(court_decision__outcome=CourtOutcome.NOT_RESPONSIBLE,
             then=Value(Standing.DISMISSED.value)),
        When(hearing_outcome=HearingOutcome.DISMISSED, then=Value(Standing.DISMISSED.value)),
        When(invoice__status=InvoiceStatus.PAID, then=Value(Standing.PAID.value)),
        When(court_decision__isnull=False, then=Value(Standing.COURT_ORDERED.value)),
        When(hearing_asked=True, hearing_decided_on__isnull=True,
             then=Value(Standing.HEARING.value)),
        When(warning=True, then=Value(Standing.WARNING.value)),
        When(forfeiture=True, then=Value(Standing.REFERRED.value)),
        When(invoice__isnull=True, then=Value(Standing.ACCRUING.value)),
        When(last_day__lt=on, then=Value(Standing.REFERRED.value)),
        default=Value(Standing.DUE.value),
    ))


def paid(citation: Citation) -> Decimal:
    """What the party has paid on the citation's invoice so far."""
    if citation.invoice is None:
        return Decimal("0.00")
    return sum((payment.amount for payment in citation.invoice.payments.all()), Decimal("0.00"))


def balance(citation: Citation) -> Decimal:
    """What is still owed on the citation's invoice (nothing once dismissed or void)."""
    invoice = citation.invoice
    if invoice is None or invoice.status == InvoiceStatus.VOID:
        return Decimal("0.00")
    return money(invoice.total - paid(citation))


def amount(citation: Citation, *, on: dt.date) -> Decimal:
    """What the citation amounts to: its invoice's total, else what it has accrued."""
    if citation.invoice is not None:
        return citation.invoice.total
    return citation_total(citation, on=on)


def current_surcharge_event(record: Citation | Order) -> str:
    """The newest classification's event code of a citation or an order ('' when none)."""
    classifications = list(record.surcharge_classifications.all())
    return classifications[-1].event if classifications else ""


def checked_classification(record: Citation | Order, *, policy: CitationPolicy, event: str,
                           reason: str, noun: str) -> tuple[str, str, str]:
    """``(event, reason, event before)`` of an administrator's surcharge classification of
    a citation or an order: one of the town's events, with a reason, and a change."""
    event = checked_surcharge_event(policy, event, field="event")
    reason = (reason or "").strip()
    if not reason:
        raise DomainError(f"Say why the {noun} is classified so.", field="reason")
    before = current_surcharge_event(record)
    if event == before:
        raise DomainError(f"The {noun} already carries this event.", field="event")
    return event, reason, before


def _locked(citation: Citation) -> Citation:
    return with_answers(Citation.objects.select_for_update(of=("self",))).get(pk=citation.pk)


def _record(citation: Citation, *, acting_user: User, action: str, summary: str, **after) -> None:
    audit.record(
        actor=acting_user,
        action=action,
        subject=citation,
        municipality=citation.case.municipality,
        summary=summary,
        after={name: str(value) for name, value in after.items()},
    )


def _window_citation(citation: Citation) -> str:
    return policy_of(citation).window.citation


@transaction.atomic
def request_hearing(*, citation: Citation, acting_user: User) -> CitationHearing:
    """The party asks for a hearing within the window; the citation waits for its decision."""
    citation = _locked(citation)
    today = timezone.localdate()
    current = standing(citation, on=today)
    if current is Standing.ACCRUING:
        raise InvalidTransition(gettext_noop(
            "A hearing can be asked for once the per-day fine stops (compliance or the end "
            "the officer set)."))
    if citation.due_on is not None and today > citation.due_on and not citation.hearings.exists():
        raise DomainError(explain(
            gettext_noop("The time to ask for a hearing ended on %(day)s (%(section)s)."),
            day=citation.due_on, section=CitedSection(_window_citation(citation))),
            field="citation")
    if current not in (Standing.DUE, Standing.WARNING) or citation.hearings.exists():
        raise InvalidTransition(
            f"This citation is {current.label.lower()}; a hearing is asked for once, "
            "within the window to answer it.")
    hearing = CitationHearing.objects.create(
        citation=citation, requested_on=today, requested_by=acting_user)
    _record(citation, acting_user=acting_user, action="citation.hearing_requested",
            summary=f"Hearing requested on citation #{citation.pk}", hearing=hearing.pk)
    return hearing


#: Who sets a citation hearing's date: those who decide it (the page, the API, the service).
HEARING_DATE_STEP = Step("set the date of a citation's hearing", permissions.CASE_DECIDER_ROLES)


@transaction.atomic
def set_hearing_date(*, citation: Citation, hearing_date: dt.date, acting_user: User,
                     hearing_time: dt.time | None = None, location: str = "",
                     reason: str = "") -> CitationHearing:
    """The hearing authority (or Board) sets the day, hour and place of the hearing the
    party asked for (the hour and place left out: the town's usual ones), or moves it while
    it is undecided, saying why, as a case hearing's continuance does: today (at an hour
    still to come) or later, on a day the town's offices are open. The party is told each
    time (:mod:`permits_site.notifications.events`); the reason stays in the audit entry."""
    citation = _locked(citation)
    municipality = citation.case.municipality
    if not HEARING_DATE_STEP.allows(acting_user, municipality.pk):
        raise HEARING_DATE_STEP.denied(town=municipality.pk)
    hearing = hearing_of(citation)
    if hearing is None or hearing.decided_on is not None:
        raise InvalidTransition("This citation has no hearing waiting for a decision: "
                                "no date is set for it.")
    require_coming(hearing_date, field="hearing_date", what="That day")
    before = _when_and_where(hearing)
    hearing.hearing_date = hearing_date
    hearing.fill_time_and_place(municipality, hearing_time=hearing_time, location=location)
    if _when_and_where(hearing) == before:
        raise DomainError("The hearing is already set for that day, hour and place.",
                          field="hearing_date")
    moved_because = (require_text(reason, field="reason",
                                  message="Say why the hearing is moved.")[:500]
                     if before["hearing_date"] else "")
    require_hour_coming(hearing_date, hearing.hearing_time, hour_given=hearing_time is not None)
    require_open_day(municipality, hearing_date, field="hearing_date")
    hearing.save(update_fields=["hearing_date", "hearing_time", "location"])
    previous = before["hearing_date"]
    audit.record(
        actor=acting_user, action="citation.hearing_date_set", subject=citation,
        municipality=municipality,
        summary=(f"Hearing on citation #{citation.pk} moved from "
                 f"{format_date(dt.date.fromisoformat(previous))} to "
                 f"{format_date(hearing_date)}: {moved_because}" if previous else
                 f"Hearing on citation #{citation.pk} set for {format_date(hearing_date)}"),
        before=before,
        after={"hearing": str(hearing.pk), **_when_and_where(hearing),
               **({"reason": moved_because} if moved_because else {})},
    )
    return hearing


def _when_and_where(hearing: CitationHearing) -> dict[str, str]:
    """The hearing's day, hour and place as the audit log keeps them ("" when not set)."""
    return {"hearing_date": str(hearing.hearing_date or ""),
            "hearing_time": hearing.hearing_time.strftime("%H:%M") if hearing.hearing_time
            else "",
            "location": hearing.location}


def _reduced_total(citation: Citation, value: Any) -> Decimal:
    if citation.invoice is None:
        raise DomainError("A written warning has no amount to reduce; uphold or dismiss it.",
                          field="outcome")
    try:
        reduced = parse_money(value)
    except ValueError as error:
        raise DomainError(str(error), field="reduced_to") from error
    if not Decimal("0.00") < reduced < citation.invoice.total:
        raise DomainError(
            f"A reduced amount is more than $0.00 and less than ${citation.invoice.total}; "
            "dismiss the citation to cancel it.", field="reduced_to")
    return reduced


def decision_refusal(hearing: CitationHearing, *, on: dt.date) -> str | None:
    """Why the hearing may not be decided on ``on`` (None when it may): the party is heard
    before the citation is decided (MGL c.40 §21D), so its day is set and has come."""
    if hearing.hearing_date is None:
        return "Set the hearing's day first."
    if on < hearing.hearing_date:
        return (f"The hearing is set for {format_date(hearing.hearing_date)}: it is decided "
                "on that day or later, once the party is heard.")
    return None


@transaction.atomic
def decide_hearing(*, citation: Citation, outcome: str, acting_user: User, reduced_to: Any = None,
                   note: str = "") -> CitationHearing:
    """Record the hearing's decision, on its day or later: upheld or reduced (a new window
    to pay runs from today; a reduction is a line of its own on the invoice), or dismissed
    (the invoice is void and the offense no longer counts on the party's record). The party
    is told (:mod:`permits_site.notifications.events`)."""
    citation = _locked(citation)
    hearing = hearing_of(citation)
    if hearing is None or hearing.decided_on is not None:
        raise InvalidTransition("This citation has no hearing waiting for a decision.")
    today = timezone.localdate()
    refusal = decision_refusal(hearing, on=today)
    if refusal:
        raise DomainError(refusal, field="outcome")
    if outcome not in HearingOutcome.values:
        raise DomainError(f"Choose one of: {', '.join(HearingOutcome.values)}.", field="outcome")
    if outcome == HearingOutcome.REDUCED:
        reduced = _reduced_total(citation, reduced_to)
        InvoiceLine.objects.create(
            invoice=citation.invoice, code="hearing_reduction",
            description=f"Reduced at the hearing of {format_date(today)}",
            amount=reduced - citation.invoice.total, citation=_window_citation(citation))
    if outcome == HearingOutcome.DISMISSED:
        _void(citation.invoice)
    elif citation.invoice is not None:
        hearing.pay_by = window_due(citation.case, today)
    hearing.outcome = outcome
    hearing.reduced_to = reduced if outcome == HearingOutcome.REDUCED else None
    hearing.decided_on = today
    hearing.decided_by = acting_user
    hearing.note = (note or "").strip()
    hearing.save()
    _record(citation, acting_user=acting_user, action="citation.hearing_decided",
            summary=f"Hearing on citation #{citation.pk}: {hearing.get_outcome_display()}",
            hearing=hearing.pk, outcome=outcome, reduced_to=hearing.reduced_to or "",
            pay_by=hearing.pay_by or "")
    return hearing


def _void(invoice: Invoice | None) -> None:
    if invoice is not None:
        invoice.status = InvoiceStatus.VOID
        invoice.save(update_fields=["status"])


def _court_amount(citation: Citation, value: Any) -> Decimal:
    """A forfeiture's amount per offense: the officer's unless the court set another,
    within the offense's range."""
    if value in (None, ""):
        return citation.amount_per_offense
    fine_item = fine_item_in_force(citation.case.municipality, citation.offense,
                                   citation.issued_on)
    try:
        quote = fines.quote_fine(fine_item.rate(), amount=value, units=citation.units)
    except QuoteRefused as refused:
        raise DomainError({"amount_per_offense" if field == "amount" else field: messages
                           for field, messages in refused.errors.items()}) from refused
    return quote.amount_per_offense


@transaction.atomic
def record_court_decision(*, citation: Citation, outcome: str, decided_on: dt.date,
                          acting_user: User, amount_per_offense: Any = None, note: str = ""
                          ) -> CourtDecision:
    """Record the District Court's decision on a referred citation. Responsible: what is
    owed stays payable (a forfeiture is invoiced now, at the amount the court set within
    the offense's range); not responsible: the invoice is void."""
    citation = _locked(citation)
    today = timezone.localdate()
    if standing(citation, on=today) is not Standing.REFERRED:
        raise InvalidTransition("Only a citation referred to the court takes its decision.")
    if outcome not in CourtOutcome.values:
        raise DomainError(f"Choose one of: {', '.join(CourtOutcome.values)}.", field="outcome")
    if not citation.issued_on <= decided_on <= today:
        raise DomainError("The court decides between the day of the citation and today.",
                          field="decided_on")
    if amount_per_offense not in (None, "") and not citation.forfeiture:
        raise DomainError("The court sets an amount only for a forfeiture; this citation "
                          "keeps the amount it was written for.", field="amount_per_offense")
    forfeit = None
    if outcome == CourtOutcome.RESPONSIBLE and citation.forfeiture:
        forfeit = _court_amount(citation, amount_per_offense)
        if citation.per_day and citation.accrues_until is None:
            # Each day after notice is a separate offense, through the court's decision.
            citation.accrues_until = decided_on
            citation.save(update_fields=["accrues_until"])
        raise_invoice(citation, known_on=today, amount_per_offense=forfeit, due=False)
    elif outcome == CourtOutcome.NOT_RESPONSIBLE:
        _void(citation.invoice)
    decision = CourtDecision.objects.create(
        citation=citation, decided_on=decided_on, outcome=outcome,
        amount_per_offense=forfeit, note=(note or "").strip(), recorded_by=acting_user)
    _record(citation, acting_user=acting_user, action="citation.court_decided",
            summary=f"Court decision on citation #{citation.pk}: "
                    f"{decision.get_outcome_display()}",
            outcome=outcome, decided_on=decided_on, amount_per_offense=forfeit or "")
    return decision


@transaction.atomic
def classify_surcharge(*, citation: Citation, event: str, acting_user: User, reason: str = ""
                       ) -> SurchargeClassification:
    """Reclassify the surcharge event a citation represents (an admin's correction)."""
    citation = _locked(citation)
    event, reason, before = checked_classification(
        citation, policy=policy_of(citation), event=event, reason=reason, noun="citation")
    classification = SurchargeClassification.objects.create(
        citation=citation, event=event, reason=reason, recorded_by=acting_user)
    audit.record(
        actor=acting_user, action="citation.surcharge_reclassified", subject=citation,
        municipality=citation.case.municipality,
        summary=f"Citation #{citation.pk} reclassified: {before or 'none'} → {event or 'none'}",
        before={"surcharge_event": before}, after={"surcharge_event": event, "reason": reason},
    )
    return classification


def payment_refusal(invoice: Invoice) -> str | None:
    """Why a citation's invoice may not be paid today (a check the payment service runs)."""
    citation = with_answers(Citation.objects.filter(invoice=invoice)).first()
    if citation is None:
        return None
    current = standing(citation, on=timezone.localdate())
    if current in PAYABLE:
        return None
    if current is Standing.REFERRED:
        return (f"Citation #{citation.pk} was not paid by {format_date(pay_by(citation))} and "
                f"stands referred to the {policy_of(citation).court}; record the court's "
                f"decision first ({_window_citation(citation)}).")
    return f"Citation #{citation.pk} is {current.label.lower()}; nothing can be paid on it now."


@dataclass(frozen=True)
class PartyTotals:
    """A party's citations at a glance: owed now (payable), paid so far (part payments
    included), in hearing, referred to the court, and warnings."""

    owed: Decimal
    paid: Decimal
    in_hearing: int
    referred: int
    warnings: int


def party_totals(citations: list[Citation], *, on: dt.date) -> PartyTotals:
    rows = [(citation, standing(citation, on=on)) for citation in citations]
    standings = [current for _, current in rows]
    return PartyTotals(
        owed=sum((balance(citation) for citation, current in rows if current in PAYABLE),
                 Decimal("0.00")),
        paid=sum((paid(citation) for citation, _ in rows), Decimal("0.00")),
        in_hearing=standings.count(Standing.HEARING),
        referred=standings.count(Standing.REFERRED),
        warnings=standings.count(Standing.WARNING),
    )
