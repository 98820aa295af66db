"""Citations under a town's non-criminal fine schedule (MGL c.40 §21D).

The offense number is counted from the party's record when the citation is
written (1st, 2nd, 3rd and later offenses are fined differently) and frozen
on the citation with the amount the schedule in force sets, or the amount
the officer sets within a ranged offense's bounds. A per-day fine counts
every day from the day it is issued through the day the party complies,
both included: each day a violation continues is a separate offense.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from permits_site.enforcement.models import Case, Citation, FineItem, PriorWindow
from permits_site.enforcement.registry import case_type as registered_case_type
from permits_site.enforcement.services.cases import require_case_open
from permits_site.enforcement.services.fines import fine_item_in_force
from permits_site.licensing import audit
from permits_site.licensing.exceptions import DomainError
from permits_site.rules import fines
from permits_site.rules.fees import QuoteRefused, money


def citation_days(citation: Citation, *, on: dt.date) -> int:
    """Days a citation counts as of ``on``: one for a single offense; for a per-day fine
    every day from issue through compliance (or through ``on`` while it still runs)."""
    if on < citation.issued_on:
        return 0
    if not citation.per_day:
        return 1
    last = min(citation.accrues_until, on) if citation.accrues_until else on
    return (last - citation.issued_on).days + 1


def citation_total(citation: Citation, *, on: dt.date) -> Decimal:
    """What the citation amounts to as of ``on``: amount × units × days."""
    return money(citation.amount_per_offense * citation.units * citation_days(citation, on=on))


def same_party(case: Case) -> Q:
    """Cases of the same responsible party in the same town: by account when known, else by
    name and address."""
    in_town = Q(case__municipality_id=case.municipality_id)
    if case.party_id is not None:
        return in_town & Q(case__party_id=case.party_id)
    return in_town & Q(case__party__isnull=True, case__party_name__iexact=case.party_name,
                       case__address__iexact=case.address)


def prior_offenses(case: Case, fine_item: FineItem, *, on: dt.date) -> int:
    """Earlier citations of the same offense on the party's record, in the fine's window."""
    earlier = Citation.objects.filter(same_party(case), offense=fine_item.offense)
    if fine_item.prior_window == PriorWindow.CALENDAR_YEAR:
        earlier = earlier.filter(issued_on__year=on.year)
    return earlier.count()


@transaction.atomic
def issue_citation(
    *, case: Case, offense: str, amount: Any = None, units: int = 1, acting_user
) -> Citation:
    """Cite the party for an offense the case type allows, priced by the schedule in force.

    A ranged offense needs ``amount`` within its bounds; a fixed one takes
    none. Refusals name the field (``offense``, ``amount``, ``units``).
    """
    case = Case.objects.select_for_update().select_related("municipality").get(pk=case.pk)
    require_case_open(case, doing="issue a citation on")
    registered = registered_case_type(case.case_type)
    if registered is None or offense not in registered.offenses:
        offered = ", ".join(registered.offenses) if registered else "none"
        raise DomainError(f"This case may cite: {offered}.", field="offense")
    today = timezone.localdate()
    try:
        fine_item = fine_item_in_force(case.municipality, offense, today)
        quote = fines.quote_fine(fine_item.rate(), units=units, amount=amount,
                                 prior_offenses=prior_offenses(case, fine_item, on=today))
    except QuoteRefused as refused:
        raise DomainError(refused.errors) from refused
    citation = Citation.objects.create(
        case=case,
        offense=offense,
        description=fine_item.description,
        citation=quote.citation,
        offense_number=quote.offense_number,
        warning=quote.warning,
        amount_per_offense=quote.amount_per_offense,
        units=quote.units,
        per_day=fine_item.per_day,
        issued_on=today,
        issued_by=acting_user,
    )
    audit.record(
        actor=acting_user,
        action="case.citation_issued",
        subject=case,
        municipality=case.municipality,
        summary=f"Citation on case #{case.pk}: {fine_item.description}, offense "
                f"#{quote.offense_number}, ${quote.amount_per_offense}"
                + (" per day" if fine_item.per_day else ""),
        after={"citation": citation.pk, **quote.as_dict()},
    )
    return citation
