"""The Town's advice to take remedial action against wildlife (North Andover Code ch. 60,
Feeding wildlife A(2), A(4)).

"No person shall fail to take remedial action to avoid contact or conflict with wild
animals ... after being advised by the Town to undertake such remedial action." The Animal
Control Officer or the Health Agent records the advice on the complaint's case as an order:
what to do (secure or remove the food sources and attractants) and the days allowed. Failing
to take the remedial action is cited as ``feeding_wildlife`` (A(4)) only once that time has
passed with no compliance recorded; feeding itself (A(1)) needs no advice and is cited on
the case as any offense.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from dogs.law import cite
from dogs.limits.services import require_officer
from permits_site.enforcement.models import Case, CaseStatus, Citation, Order
from permits_site.enforcement.services import issue_citation, issue_order
from permits_site.enforcement.services.orders import MOST_DAYS_TO_COMPLY
from permits_site.exceptions import DomainError
from permits_site.rules.calendar import format_date

if TYPE_CHECKING:
    from permits_site.accounts.models import User
    from permits_site.towns.models import Municipality

#: The case type whose offenses include feeding wildlife (``dogs.fines``).
FEEDING_CASE = "north_andover.dog_control"
FEEDING_WILDLIFE = "feeding_wildlife"
ADVICE_SECTION = "Feeding wildlife A(2)"


def _require_feeding_case(case: Case) -> None:
    if case.case_type != FEEDING_CASE:
        raise DomainError("This case is of another kind.", field="case_type")


def feeding_cases(municipality: Municipality):
    """The town's open cases on which feeding wildlife may be cited, newest first."""
    return (Case.objects.filter(municipality=municipality, case_type=FEEDING_CASE)
            .exclude(status=CaseStatus.CLOSED).order_by("-received_on", "-pk"))


def advice_of(case: Case) -> Order | None:
    """The Town's latest advice to take remedial action on the case."""
    return (case.orders.filter(citation=cite(ADVICE_SECTION))
            .order_by("-issued_on", "-pk").first())


@transaction.atomic
def advise_remedial_action(*, case: Case, advice: str, remedy_within_days: int,
                           acting_user: User) -> Order:
    """Record the Town's advice to take remedial action, with the days allowed (A(2))."""
    _require_feeding_case(case)
    require_officer(case.municipality_id, acting_user, doing="advises on wildlife")
    if not 1 <= remedy_within_days <= MOST_DAYS_TO_COMPLY:
        raise DomainError(f"Allow from 1 to {MOST_DAYS_TO_COMPLY} days.",
                          field="remedy_within_days")
    return issue_order(case=case, text=advice, citation=cite(ADVICE_SECTION),
                       comply_within_days=remedy_within_days, acting_user=acting_user)


def cite_failure_to_remediate(*, case: Case, acting_user: User) -> Citation:
    """Cite ``feeding_wildlife`` for failing to take the remedial action the Town advised,
    from the day after the time allowed (A(2), A(4))."""
    _require_feeding_case(case)
    require_officer(case.municipality_id, acting_user, doing="cites the failure to act")
    advice = advice_of(case)
    if advice is None:
        raise DomainError(f"Record the Town's advice to take remedial action first "
                          f"({cite(ADVICE_SECTION)}).", field="offense")
    if advice.complied_on is not None:
        raise DomainError(f"The remedial action was taken on {format_date(advice.complied_on)}.",
                          field="offense")
    if timezone.localdate() <= advice.comply_by:
        raise DomainError(f"The advice allows until {format_date(advice.comply_by)} to act "
                          f"({cite(ADVICE_SECTION)}).", field="offense")
    return issue_citation(case=case, offense=FEEDING_WILDLIFE, acting_user=acting_user)
