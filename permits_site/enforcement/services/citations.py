"""Citations under a town's non-criminal fine schedule (MGL c.40 §21D), as money owed.

The offense number is counted from the party's record when the citation is
written (1st, 2nd, 3rd and later offenses are fined differently) and frozen
on the citation with the amount the schedule in force sets, or the amount
the officer sets within a ranged offense's bounds. A per-day fine counts
every day from the day it is issued through the day the party complies (or
the end the officer set), both included: each day a violation continues is
a separate offense.

What the citation costs is an invoice of the licensing core, its line
citing the offense and section, raised when the amount is known: when the
citation is written, or when a per-day fine stops. A warning owes nothing.
From that day the town's window (:class:`~permits_site.enforcement.registry.CitationPolicy`)
runs on its business calendar: the party pays or asks for a hearing within
it; unpaid after it, the citation stands referred to the District Court,
whose decision is recorded afterwards.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from permits_site import audit
from permits_site.enforcement.models import (
    Case,
    Citation,
    FineItem,
    PriorWindow,
    SurchargeClassification,
)
from permits_site.enforcement.registry import (
    CitationPolicy,
    citation_policy,
    may_cite,
    offenses_of_inspection,
)
from permits_site.enforcement.registry import case_type as registered_case_type
from permits_site.enforcement.services.cases import require_case_open
from permits_site.enforcement.services.fines import citable_fine_item
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.licensing.models import Invoice, InvoiceLine
from permits_site.rules import fines
from permits_site.rules.calendar import format_date, period_due
from permits_site.rules.fees import QuoteRefused, money
from permits_site.rules.wording import explain, gettext_noop

if TYPE_CHECKING:
    from permits_site.accounts.models import User


def citation_days(citation: Citation, *, on: dt.date) -> int:
    """Days a citation counts as of ``on``: one for a single offense; for a per-day fine
    every day from issue through its last day (or through ``on`` while it still runs)."""
    if on < citation.issued_on:
        return 0
    if not citation.per_day:
        return 1
    last = min(citation.accrues_until, on) if citation.accrues_until else on
    return (last - citation.issued_on).days + 1


def citation_total(citation: Citation, *, on: dt.date) -> Decimal:
    """What the citation amounts to as of ``on``: amount × units × days (nothing for a
    warning)."""
    return money(citation.amount_per_offense * citation.units * citation_days(citation, on=on))


def policy_of(citation_or_case: Citation | Case) -> CitationPolicy:
    case = citation_or_case.case if isinstance(citation_or_case, Citation) else citation_or_case
    return citation_policy(case.municipality.code)


def window_due(case: Case, start: dt.date) -> dt.date:
    """The last day of the town's window counted from ``start`` on its business calendar."""
    return period_due(policy_of(case).window, start, case.municipality.calendar())


def same_party(case: Case) -> Q:
    """Cases of the same responsible party in the same town: by business, else by account,
    else by name and address."""
    in_town = Q(case__municipality_id=case.municipality_id)
    if case.party_business_id is not None:
        return in_town & Q(case__party_business_id=case.party_business_id)
    if case.party_id is not None:
        return in_town & Q(case__party_id=case.party_id, case__party_business__isnull=True)
    return in_town & Q(case__party__isnull=True, case__party_business__isnull=True,
                       case__party_name__iexact=case.party_name,
                       case__address__iexact=case.address)


def same_place(case: Case) -> Q:
    """Cases about the same place as ``case``: its property, or the same address."""
    at_address = Q(case__address__iexact=case.address)
    return at_address | Q(case__place_id=case.place_id) if case.place_id else at_address


def counted_offenses() -> Q:
    """Citations that count on a record: not dismissed at a hearing or found not
    responsible in court."""
    return ~Q(hearings__outcome="dismissed") & ~Q(court_decision__outcome="not_responsible")


def prior_offenses(case: Case, fine_item: FineItem, *, on: dt.date) -> int:
    """Earlier citations of the same offense on the party's record, in the fine's window."""
    earlier = Citation.objects.filter(same_party(case), counted_offenses(),
                                      offense=fine_item.offense)
    if fine_item.prior_window == PriorWindow.CALENDAR_YEAR:
        earlier = earlier.filter(issued_on__year=on.year)
    return earlier.distinct().count()


def already_cited(case: Case, fine_item: FineItem, *, on: dt.date) -> str | None:
    """Why a citation already cites ``fine_item``'s offense on ``on``, if one does: a later
    offense is a later violation (MGL c.40 §21D), so a second citation on the case the same
    day, or for the violations the case's inspection found, would double and escalate the
    fine. Where each day is a separate offense (the schedule's per-day fines), a later day
    is a new offense once the earlier fine stopped running: while it runs — on this case or
    on another case of the same party at the same place — it counts that day already. A
    citation dismissed or found not responsible does not count."""
    earlier = (case.citations.filter(counted_offenses(), offense=fine_item.offense)
               .order_by("-issued_on", "-pk").distinct())
    same_day = earlier.filter(issued_on=on).first()
    if same_day is not None:
        return explain(gettext_noop("Citation #%(number)s already cites this offense on "
                                    "this case today."), number=str(same_day.pk))
    if fine_item.per_day:
        running = (Citation.objects.filter(same_party(case), same_place(case),
                                           counted_offenses(), offense=fine_item.offense,
                                           warning=False)
                   .filter(Q(accrues_until__isnull=True) | Q(accrues_until__gte=on))
                   .order_by("-issued_on", "-pk").first())
        if running is not None:
            return explain(gettext_noop(
                "Citation #%(number)s fines this offense for each day until the party "
                "complies: it counts today already."), number=str(running.pk))
    elif case.inspection_id is not None and (found := earlier.first()) is not None:
        return explain(gettext_noop(
            "Citation #%(number)s already cites this offense for the violations of "
            "inspection #%(inspection)s."), number=str(found.pk),
            inspection=str(case.inspection_id))
    return None


def _last_day(fine_item: FineItem, accrues_until: dt.date | None, today: dt.date
              ) -> dt.date | None:
    if accrues_until is None:
        return None
    if not fine_item.per_day:
        raise DomainError("Only an offense fined per day takes an end date.",
                          field="accrues_until")
    if accrues_until < today:
        raise DomainError("A per-day fine cannot end before the day it is written.",
                          field="accrues_until")
    return accrues_until


def exemption_answers(policy: CitationPolicy, offense: str,
                      answers: Mapping[str, Any]) -> dict[str, bool]:
    """The answers to ``offense``'s exemptions, to record; refused on an exemption's code
    when the answer takes the offense out of its provision (or is not a yes or no)."""
    recorded = {}
    for exemption in policy.exemptions_for(offense):
        answer = answers.get(exemption.code)
        if answer is None:
            continue
        if not isinstance(answer, bool):
            raise DomainError("Answer yes or no.", field=exemption.code)
        if answer:
            raise DomainError(exemption.refusal, field=exemption.code)
        recorded[exemption.code] = answer
    return recorded


def checked_surcharge_event(policy: CitationPolicy, event: str, *,
                            field: str = "surcharge_event") -> str:
    """``event`` stripped ('' for none), refused on ``field`` unless the town lists it."""
    event = (event or "").strip()
    if event and policy.surcharge_event(event) is None:
        offered = ", ".join(known.code for known in policy.surcharge_events) or "none"
        raise DomainError(f"Choose one of this town's surcharge events: {offered}.",
                          field=field)
    return event


@transaction.atomic
def issue_citation(
    *,
    case: Case,
    offense: str,
    acting_user: User,
    amount: Any = None,
    units: int = 1,
    accrues_until: dt.date | None = None,
    surcharge_event: str = "",
    answers: Mapping[str, bool] | None = None,
    cited_as_transition: bool = False,
) -> Citation:
    """Cite the party for an offense the case type allows, priced by the schedule in force.

    A ranged offense needs ``amount`` within its bounds; a fixed one takes
    none. A per-day offense runs until compliance unless ``accrues_until``
    sets its last day. An offense whose amount is not set yet is refused
    (see :func:`~permits_site.enforcement.services.fines.pending_reason`).
    ``answers`` are the officer's to the exemptions the town's law gives the
    offense (by code): recorded on the citation, a "yes" refuses it. What a
    citation on the case already cites is refused (:func:`already_cited`), on
    ``offense``; where the step that cites chooses no offense (the law names the one it
    fines), the case is in no state for it: ``cited_as_transition`` refuses it as an
    invalid transition, naming no field. Other refusals name the field (``offense``,
    ``amount``, ``units``, ``accrues_until``, ``surcharge_event``, an exemption's code).
    """
    case = Case.objects.select_for_update().select_related("municipality").get(pk=case.pk)
    require_case_open(case, doing="issue a citation on")
    registered = registered_case_type(case.case_type)
    if not may_cite(registered, offense):
        offered = ", ".join(registered.offenses) if registered else "none"
        if registered and registered.other_offenses:
            offered = (offered + ", " if offered else "") + "an offense an admin added"
        raise DomainError(f"This case may cite: {offered}.", field="offense")
    found = offenses_of_inspection(case)
    if found is not None and offense not in found:
        raise DomainError(f"The failed items of inspection #{case.inspection_id} point to: "
                          f"{', '.join(found)}.", field="offense")
    policy = policy_of(case)
    today = timezone.localdate()
    recorded = exemption_answers(policy, offense, answers or {})
    try:
        fine_item = citable_fine_item(case.municipality, offense, today)
        quote = fines.quote_fine(fine_item.rate(), units=units, amount=amount,
                                 prior_offenses=prior_offenses(case, fine_item, on=today))
    except QuoteRefused as refused:
        raise DomainError(refused.errors) from refused
    cited = already_cited(case, fine_item, on=today)
    if cited and cited_as_transition:
        raise InvalidTransition(cited)
    if cited:
        raise DomainError(cited, field="offense")
    last_day = _last_day(fine_item, accrues_until, today)
    event = checked_surcharge_event(policy, surcharge_event)
    citation = Citation.objects.create(
        case=case,
        offense=offense,
        description=fine_item.description,
        description_pt_br=fine_item.description_pt_br,
        description_es=fine_item.description_es,
        citation=quote.citation,
        offense_number=quote.offense_number,
        warning=quote.warning,
        amount_per_offense=quote.amount_per_offense,
        units=quote.units,
        per_day=fine_item.per_day,
        forfeiture=offense in policy.forfeitures,
        issued_on=today,
        accrues_until=last_day,
        due_on=window_due(case, today) if quote.warning else None,
        issued_by=acting_user,
        answers=recorded,
    )
    if not citation.warning and not citation.forfeiture and (not citation.per_day or last_day):
        raise_invoice(citation, known_on=today)
    if event:
        SurchargeClassification.objects.create(citation=citation, event=event,
                                               recorded_by=acting_user)
    audit.record(
        actor=acting_user,
        action="case.citation_issued",
        subject=case,
        municipality=case.municipality,
        summary=f"Citation on case #{case.pk}: {fine_item.description}, offense "
                f"#{quote.offense_number}, "
                + ("a written warning" if quote.warning else f"${quote.amount_per_offense}")
                + (" per day" if fine_item.per_day else ""),
        after={**quote.as_dict(), "citation_id": citation.pk, "invoice": citation.invoice_id,
               "due_on": str(citation.due_on or ""), "surcharge_event": event},
    )
    return citation


def line_description(citation: Citation, *, through: dt.date) -> str:
    """The invoice line: the offense, its number on the record, units and days."""
    text = f"{citation.description} — offense #{citation.offense_number}"
    if citation.units > 1:
        text += f", {citation.units} × ${citation.amount_per_offense}"
    if citation.per_day:
        days = citation_days(citation, on=through)
        text += (f", {days} day{'s' if days != 1 else ''} "
                 f"({format_date(citation.issued_on)} – {format_date(through)})")
    return text[:200]


def raise_invoice(citation: Citation, *, known_on: dt.date,
                   amount_per_offense: Decimal | None = None, due: bool = True) -> Invoice:
    """Invoice what the citation costs; the window to answer it runs from ``known_on``."""
    case = citation.case
    through = citation.accrues_until or citation.issued_on
    per_offense = citation.amount_per_offense if amount_per_offense is None else amount_per_offense
    invoice = Invoice.objects.create(
        municipality=case.municipality, payer=case.party, payer_business=case.party_business
    )
    InvoiceLine.objects.create(
        invoice=invoice,
        code=citation.offense,
        description=line_description(citation, through=through),
        amount=money(per_offense * citation.units * citation_days(citation, on=through)),
        citation=citation.citation,
    )
    citation.invoice = invoice
    fields = ["invoice"]
    if due:
        citation.due_on = window_due(case, known_on)
        fields.append("due_on")
    citation.save(update_fields=fields)
    return invoice


def stop_accrual(citation: Citation, *, on: dt.date) -> Invoice | None:
    """A running per-day fine stops on ``on`` (compliance): its invoice is raised today
    and the window to answer it starts today. A forfeiture waits for the court."""
    citation.accrues_until = max(on, citation.issued_on)
    citation.save(update_fields=["accrues_until"])
    if citation.forfeiture or citation.warning:
        return None
    return raise_invoice(citation, known_on=timezone.localdate())
