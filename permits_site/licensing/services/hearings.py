"""Public hearings on an application: the abutters' notice, the date and the decision.

The permit kind says how long before the hearing the notices must be mailed
(``hearing_notice_days``, 0 for permit types that have no hearings) and under
which section. A town whose law states the notice rule registers it as the
rule set ``<town code>.hearing_notice``; the hearing is then judged by that
rule set — Northborough Horse & Stable Regs §2.2 (``nb.2.2.notice_days``):
every abutter notified by certified mail at least 10 days before the hearing.
An undecided hearing blocks issuance.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone

from permits_site import audit
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.licensing import transitions
from permits_site.licensing.kinds import PermitKind, kind_for
from permits_site.licensing.models import Application, HearingAbutter, PermitHearing
from permits_site.licensing.services.variances import cited
from permits_site.pdf.notices import render_hearing_notices_pdf
from permits_site.rules.calendar import format_date
from permits_site.rules.registry import get_rule_set

if TYPE_CHECKING:
    from permits_site.accounts.models import User

HEARING_NOTICE_CHECK = "hearing_notice"
ABUTTER_FIELDS = {"name": 200, "mailing_address": 300, "certified_mail_number": 40}
LOCATION_LENGTH = 200


@transaction.atomic
def schedule_hearing(
    *,
    application: Application,
    hearing_date: dt.date,
    notices_mailed_on: dt.date,
    location: str,
    abutters: Sequence[Mapping[str, str]],
    acting_user: User,
) -> PermitHearing:
    """Schedule the hearing and record the abutters sent its notice by certified mail.

    Refused when the notices would reach the abutters too late, naming the
    ``hearing_date`` and the section; one hearing is pending at a time.
    """
    application = Application.objects.select_for_update().get(pk=application.pk)
    kind = kind_for(application.permit_type.code)
    _check_can_schedule(application, kind)
    errors: dict[str, list[str]] = {}
    if hearing_date < timezone.localdate():
        errors["hearing_date"] = ["The hearing date has already passed; choose a later date."]
    else:
        refusals = notice_refusals(
            application,
            hearing_date=hearing_date,
            notices_mailed_on=notices_mailed_on,
            abutter_count=len(abutters),
        )
        if refusals:
            errors["hearing_date"] = refusals
    if not location.strip():
        errors["location"] = ["Say when and where the hearing will be held."]
    elif len(location.strip()) > LOCATION_LENGTH:
        errors["location"] = [f"Keep the time and place under {LOCATION_LENGTH} characters."]
    abutter_errors = _abutter_errors(abutters, citation=kind.hearing_citation)
    if abutter_errors:
        errors["abutters"] = abutter_errors
    if errors:
        raise DomainError(errors)
    hearing = PermitHearing.objects.create(
        application=application,
        hearing_date=hearing_date,
        notices_mailed_on=notices_mailed_on,
        location=location.strip(),
        scheduled_by=acting_user,
    )
    HearingAbutter.objects.bulk_create(
        HearingAbutter(
            hearing=hearing, **{name: row.get(name, "").strip() for name in ABUTTER_FIELDS}
        )
        for row in abutters
    )
    audit.record(
        actor=acting_user,
        action="hearing.scheduled",
        subject=hearing,
        municipality=application.municipality,
        summary=(
            f"Hearing on {format_date(hearing_date)} scheduled; {len(abutters)} abutter notices "
            f"mailed on {format_date(notices_mailed_on)}"
        ),
        after={
            "hearing_date": str(hearing_date),
            "notices_mailed_on": str(notices_mailed_on),
            "location": hearing.location,
            "abutters": len(abutters),
        },
    )
    return hearing


def _check_can_schedule(application: Application, kind: PermitKind) -> None:
    if not kind.holds_hearing(application):
        raise InvalidTransition(
            f"This {application.permit_type.name.lower()} application has no public hearing"
            f"{f' ({kind.hearing_citation})' if kind.hearing_citation else ''}.",
            field="hearing_date",
        )
    transitions.require("schedule_hearing", application)
    pending = next((h for h in application.hearings.all() if not h.is_decided), None)
    if pending is not None:
        raise InvalidTransition(
            f"The hearing on {format_date(pending.hearing_date)} is still to be decided; record "
            f"its decision (or its continuance) first.",
            field="hearing_date",
        )


def notice_refusals(
    application: Application,
    *,
    hearing_date: dt.date,
    notices_mailed_on: dt.date,
    abutter_count: int,
) -> list[str]:
    """Why notices mailed on ``notices_mailed_on`` are too late for ``hearing_date``, if they are.

    The notices go to every listed abutter by certified mail; what is left to
    judge is their timing, by the town's hearing-notice rule set when it has
    one, else by the permit kind's number of calendar days.
    """
    kind = kind_for(application.permit_type.code)
    rule_set = get_rule_set(f"{application.municipality.code}.{HEARING_NOTICE_CHECK}")
    if rule_set is None:
        days_between = (hearing_date - notices_mailed_on).days
        if days_between >= kind.hearing_notice_days:
            return []
        return [
            cited(
                f"The notices mailed on {format_date(notices_mailed_on)} must reach the abutters "
                f"at least {kind.hearing_notice_days} days before the hearing; a hearing on "
                f"{format_date(hearing_date)} is {_days(days_between)} after the mailing.",
                kind.hearing_citation,
            )
        ]
    stated = {
        "hearing_date": hearing_date.isoformat(),
        "mailed_date": notices_mailed_on.isoformat(),
        "certified_mail": True,
        "abutters_total": abutter_count,
        "abutters_notified": abutter_count,
    }
    facts = rule_set.parse(
        {name: value for name, value in stated.items() if name in rule_set.fact_map}
    )
    result = rule_set.evaluate(
        facts, on=timezone.localdate(), calendar=application.municipality.calendar()
    )
    return [cited(finding.message, finding.citation) for finding in result.failures]


def _days(count: int) -> str:
    return f"{count} day" if abs(count) == 1 else f"{count} days"


def _abutter_errors(abutters: Sequence[Mapping[str, str]], *, citation: str) -> list[str]:
    if not abutters:
        return [cited("List every abutter: each is sent the notice by certified mail.", citation)]
    errors = []
    for number, row in enumerate(abutters, start=1):
        if not row.get("name", "").strip():
            errors.append(f"Abutter {number}: give the name.")
        if not row.get("mailing_address", "").strip():
            errors.append(f"Abutter {number}: give the mailing address.")
        errors += [
            f"Abutter {number}: keep the {name.replace('_', ' ')} under {limit} characters."
            for name, limit in ABUTTER_FIELDS.items()
            if len(row.get(name, "").strip()) > limit
        ]
    return errors


@transaction.atomic
def decide_hearing(
    *, hearing: PermitHearing, decision: str, decided_on: dt.date, acting_user: User
) -> PermitHearing:
    """Record the Board's decision after the hearing; an undecided hearing blocks issuance."""
    hearing = PermitHearing.objects.select_for_update(of=("self",)).get(pk=hearing.pk)
    if hearing.is_decided:
        raise InvalidTransition(
            f"The hearing on {format_date(hearing.hearing_date)} was already decided on "
            f"{format_date(hearing.decided_on)}."
        )
    errors: dict[str, list[str]] = {}
    if not decision.strip():
        errors["decision"] = ["Write down the Board's decision."]
    if decided_on < hearing.hearing_date:
        errors["decided_on"] = [
            f"The decision cannot come before the hearing on {format_date(hearing.hearing_date)}."
        ]
    elif decided_on > timezone.localdate():
        errors["decided_on"] = ["The decision date cannot be in the future."]
    if errors:
        raise DomainError(errors)
    hearing.decision = decision.strip()
    hearing.decided_on = decided_on
    hearing.save(update_fields=["decision", "decided_on"])
    audit.record(
        actor=acting_user,
        action="hearing.decided",
        subject=hearing,
        municipality=hearing.application.municipality,
        summary=f"Hearing of {format_date(hearing.hearing_date)} decided: {hearing.decision}",
        before={"decided_on": None},
        after={"decided_on": str(decided_on), "decision": hearing.decision},
    )
    return hearing


def render_notice_letters(hearing: PermitHearing) -> bytes:
    """The abutters' notice letters as one PDF, a page per abutter, ready for certified mail."""
    return render_hearing_notices_pdf(hearing)
