"""Vacated property inspected for abandoned animals (North Andover Code ch. 60, Welfare G).

Not more than three days after the property owner, lessor or person in control knew or
should have known that a property was vacated, they inspect it for abandoned animals
(G(1): the spec's ``vacated_property_inspection``, a duration of three days that never
rolls); an abandoned animal found is reported to the Animal Control Officer at once
(G(2)) and stays on the property (G(3)) until the officer impounds it (G(7), linked to the
impoundment's intake record). Failing either duty is a civil penalty
(``abandoned_animals_not_reported``, G(6)), cited on a case the report links to.

The officer records the report from the notice received (a call of the log, kind
"abandoned").
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from dogs.law import cite
from dogs.models import AnimalCall, Impoundment, VacatedPropertyReport
from dogs.officer_records import require_officer
from dogs.periods import MUNICIPALITY
from permits_site import audit
from permits_site.enforcement.models import Case
from permits_site.enforcement.services.cases import require_not_future
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.rules.calendar import BusinessCalendar, format_date, period_due
from permits_site.rules.registry import town_law

if TYPE_CHECKING:
    from permits_site.accounts.models import User
    from permits_site.towns.models import Municipality

INSPECTION_SECTION = cite("Welfare G(1)")
NOTICE_SECTION = cite("Welfare G(2)")
PENALTY_SECTION = cite("Welfare G(6)")
#: The civil penalty of Welfare G(6) in the town's fine schedule.
PENALTY_OFFENSE = "abandoned_animals_not_reported"


def inspection_due(known_vacated_on: dt.date, calendar: BusinessCalendar) -> dt.date:
    """The last day to inspect: three days after the owner knew or should have known the
    property was vacated (Welfare G(1); a duration, never rolled)."""
    period = town_law(MUNICIPALITY).periods["vacated_property_inspection"]
    return period_due(period, known_vacated_on, calendar)


def penalty_grounds(report: VacatedPropertyReport, today: dt.date) -> list[str]:
    """Why the civil penalty of Welfare G(6) may apply to ``report`` on ``today``."""
    grounds = []
    inspected = report.inspected_on
    if (inspected or today) > report.inspect_by:
        grounds.append(f"Not inspected by {format_date(report.inspect_by)} "
                       f"({INSPECTION_SECTION})")
    if report.animals_found and inspected and (report.officer_notified_on or today) > inspected:
        grounds.append(f"Abandoned animals found on {format_date(inspected)} were not "
                       f"reported to the officer at once ({NOTICE_SECTION})")
    return grounds


def _audit(report: VacatedPropertyReport, action: str, acting_user: User, summary: str,
           **after) -> None:
    audit.record(actor=acting_user, action=f"vacated_property.{action}", subject=report,
                 municipality=report.municipality, summary=summary, after=after)


def _require_past(day: dt.date | None, field: str) -> None:
    if day is not None:
        require_not_future(day, field=field, what="This date")


def record_report(*, municipality: Municipality, acting_user: User, address: str,
                  responsible_party: str, reason: str, known_vacated_on: dt.date,
                  call: int | None = None) -> VacatedPropertyReport:
    """A vacated property the officer learns of, with its inspection's last day (G(1)),
    from the call of the log (by number) that brought the notice (G(2))."""
    require_officer(acting_user, municipality.pk, doing="records vacated properties")
    _require_past(known_vacated_on, "known_vacated_on")
    call = _notice_call(municipality, call)
    report = VacatedPropertyReport.objects.create(
        municipality=municipality, address=address.strip(),
        responsible_party=responsible_party.strip(), reason=reason,
        known_vacated_on=known_vacated_on,
        inspect_by=inspection_due(known_vacated_on, municipality.calendar()),
        call=call, recorded_by=acting_user)
    _audit(report, "recorded", acting_user,
           f"Vacated property {report.address}: inspect by {format_date(report.inspect_by)}",
           inspect_by=report.inspect_by.isoformat())
    return report


def _notice_call(municipality: Municipality, number: int | None) -> AnimalCall | None:
    if number is None:
        return None
    call = AnimalCall.objects.filter(pk=number, municipality=municipality,
                                     vacated_property__isnull=True).first()
    if call is None:
        raise DomainError(f"{municipality.name} has no call #{number} free to link.",
                          field="call")
    return call


def record_inspection(*, report: VacatedPropertyReport, acting_user: User,
                      inspected_on: dt.date, animals_found: bool, animals: str = "",
                      officer_notified_on: dt.date | None = None) -> VacatedPropertyReport:
    """The inspection's day and what it found; animals found need their description and
    the day the officer was told (G(1), G(2))."""
    require_officer(acting_user, report.municipality_id, doing="records inspections")
    if report.inspected_on is not None:
        raise InvalidTransition("The inspection is recorded already.", field="inspected_on")
    _require_past(inspected_on, "inspected_on")
    _require_past(officer_notified_on, "officer_notified_on")
    if inspected_on < report.known_vacated_on:
        raise DomainError("The inspection cannot come before the property was vacated.",
                          field="inspected_on")
    if animals_found and not animals.strip():
        raise DomainError(f"Describe the animals found and their condition ({NOTICE_SECTION}).",
                          field="animals")
    if animals_found and officer_notified_on is None:
        raise DomainError(f"Enter the day the officer was told ({NOTICE_SECTION}).",
                          field="officer_notified_on")
    report.inspected_on, report.animals_found = inspected_on, animals_found
    report.animals = animals.strip() if animals_found else ""
    report.officer_notified_on = officer_notified_on if animals_found else None
    report.save(update_fields=["inspected_on", "animals_found", "animals",
                               "officer_notified_on"])
    _audit(report, "inspected", acting_user, f"Inspected on {format_date(inspected_on)}",
           inspected_on=inspected_on.isoformat(), animals_found=animals_found)
    return report


def link_records(*, report: VacatedPropertyReport, acting_user: User,
                 impoundment: int | None = None, case: int | None = None
                 ) -> VacatedPropertyReport:
    """The impoundment of the abandoned animals (G(7)) and the case of the civil penalty
    (G(6)), by their numbers."""
    require_officer(acting_user, report.municipality_id, doing="links records")
    for field, model, number in (("impoundment", Impoundment, impoundment),
                                 ("case", Case, case)):
        if number is None:
            continue
        record = model.objects.filter(pk=number, municipality_id=report.municipality_id).first()
        if record is None:
            raise DomainError(f"{report.municipality.name} has no {field} #{number}.",
                              field=field)
        setattr(report, field, record)
    report.save(update_fields=["impoundment", "case"])
    _audit(report, "linked", acting_user, "Records linked",
           impoundment=report.impoundment_id, case=report.case_id)
    return report
