"""Leak tests of storage tanks at the owner's expense (Tisbury BOH Reg 09.4.7).

"If a site visit by the Board of Health or its agent(s) does not satisfactorily determine that
such materials are or are not leaking then the Board of Health may require testing for
detection by a recognized fuel leak inspector at the property owner's expense" (09.4.7).

The Board's agent orders the test on the property after the site visit: a case on the place,
addressed to its owners of record, with one order giving the days the Board allows (the text
sets none, so the agent states them; the order's date is a deadline on Tisbury's calendar).
The owner's tester's result is recorded against the order; a passing test complies with the
order and closes the case, a failing one is kept and the order stays open for the Board's next
step (the fuel storage case and its fine, 09.4.7).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.utils import timezone

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.enforcement.models import Case, CaseStatus, Order
from permits_site.enforcement.registry import CaseType
from permits_site.enforcement.services import close_case, issue_order, open_case
from permits_site.enforcement.services.orders import record_compliance
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.parties.models import Property
from permits_site.parties.owners import current_owners
from permits_site.rules.calendar import format_date
from tisbury_regs.law import cite
from tisbury_regs.models import LeakTestResult, TankLeakTest
from tisbury_regs.periods import MUNICIPALITY

if TYPE_CHECKING:
    from permits_site.accounts.models import User

SECTION = cite("09.4.7")
LEAK_TEST = "tisbury.tank_leak_test"
#: The most days an order may give: a season, longer is a typing slip.
MOST_DAYS = 180
CASE_TYPE = CaseType(code=LEAK_TEST, municipality=MUNICIPALITY,
                     name="Storage tank leak test ordered", offenses=(), citation=SECTION)


def _require_agent(municipality_id: int, acting_user: User) -> None:
    if not permissions.can_work_case(acting_user, municipality_id):
        raise PermissionDenied(f"Only the Board of Health's staff order and record tank leak "
                               f"tests ({SECTION}).")


def _owner_party(place: Property) -> tuple[User | None, str]:
    """The one owner's account, if exactly one owner of record has one; the owners' names."""
    owners = list(current_owners(place))
    accounts = [owner.account for owner in owners if owner.account is not None]
    names = ", ".join(owner.name for owner in owners) or "The owner of record"
    return (accounts[0] if len(accounts) == 1 else None), names


@transaction.atomic
def order_leak_test(*, place: Property, tank: str, site_visit: str, comply_within_days: int,
                    acting_user: User) -> Order:
    """After a site visit that did not settle whether the tank leaks, order the owner to have
    it tested by a recognized fuel leak inspector at the owner's expense (09.4.7)."""
    _require_agent(place.municipality_id, acting_user)
    tank, site_visit = (tank or "").strip(), (site_visit or "").strip()
    checks = (
        ("place", place.municipality.code != MUNICIPALITY or place.merged_into_id is not None,
         "Choose a property in Tisbury."),
        ("tank", not tank, "Describe the tank (e.g. 1,000-gallon underground fuel oil tank)."),
        ("site_visit", not site_visit,
         f"Say what the site visit found and why it did not settle the question ({SECTION})."),
        ("comply_within_days", not 1 <= comply_within_days <= MOST_DAYS,
         f"Give the owner from 1 to {MOST_DAYS} days."),
    )
    errors = {field: [message] for field, refused, message in checks if refused}
    if errors:
        raise DomainError(errors)
    party, names = _owner_party(place)
    case = open_case(
        municipality=place.municipality, case_type=LEAK_TEST, party=party, party_name=names,
        address=place.full_address, place=place,
        complaint=f"Site visit: whether the {tank} leaks was not determined. {site_visit}",
        received_on=timezone.localdate(), acting_user=acting_user)
    return issue_order(
        case=case, citation=SECTION, comply_within_days=comply_within_days,
        text=f"Have the {tank} tested for leaks by a recognized fuel leak inspector, at the "
             f"property owner's expense, and send the result to the Board of Health.",
        acting_user=acting_user)


@transaction.atomic
def record_leak_test(*, order: Order, tested_on: dt.date, tester: str, result: str,
                     document: UploadedFile | None = None, acting_user: User) -> TankLeakTest:
    """Record the tester's result against the order; a pass complies with it and closes the
    case (09.4.7)."""
    case = order.case
    _require_agent(case.municipality_id, acting_user)
    if case.case_type != LEAK_TEST:
        raise InvalidTransition("This order is not a tank leak test order.")
    if order.complied_on is not None or case.status == CaseStatus.CLOSED:
        raise InvalidTransition("The order is already closed by a passing test.")
    tester = (tester or "").strip()
    checks = (
        ("tested_on", tested_on > timezone.localdate(), "The test cannot be in the future."),
        ("tested_on", tested_on < order.issued_on, "The test comes after the order."),
        ("tester", not tester, "Name the fuel leak inspector who tested the tank."),
        ("result", result not in LeakTestResult.values, "Choose passed or failed."),
    )
    errors = {field: [message] for field, refused, message in checks if refused}
    if errors:
        raise DomainError(errors)
    test = TankLeakTest.objects.create(order=order, tested_on=tested_on, tester=tester,
                                       result=result, document=document or "",
                                       recorded_by=acting_user)
    audit.record(actor=acting_user, action="tank.leak_test_recorded", subject=case,
                 municipality=case.municipality,
                 summary=f"Tank leak test of {format_date(tested_on)} by {tester}: "
                         f"{test.get_result_display().lower()} ({SECTION})",
                 after={"order": order.pk, "result": result, "tested_on": str(tested_on)})
    if result == LeakTestResult.PASSED:
        record_compliance(order=order, complied_on=tested_on, acting_user=acting_user)
        close_case(case=Case.objects.get(pk=case.pk), acting_user=acting_user)
    return test


def leak_test_orders(place: Property) -> list[Order]:
    """The property's leak test orders, newest first, with their tests."""
    return list(Order.objects.filter(case__place=place, case__case_type=LEAK_TEST)
                .select_related("case").prefetch_related("tank_leak_tests")
                .order_by("-issued_on", "-pk"))
