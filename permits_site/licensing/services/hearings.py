"""Public hearings on an application: the abutters' notice, the date and the decision.

The permit kind says how long before the hearing the notices must be mailed
(``hearing_notice_days``, 0 for permit types that have no hearings) and under
which section. A town whose law states the notice rule registers it as the
rule set ``<town code>.hearing_notice``; the hearing is then judged by that
rule set — Northborough Horse & Stable Regs §2.2 (``nb.2.2.notice_days``):
every abutter notified by certified mail at least 10 days before the hearing.
An undecided hearing blocks issuance. A hearing is continued to a new day, hour or
place (:func:`continue_hearing`): postponed before its day, its abutters are noticed
again; opened and continued at the hearing, the notice mailed for it stands.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.accounts.models import Role
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.exceptions import PermissionDenied as DomainPermissionDenied
from permits_site.licensing import transitions
from permits_site.licensing.kinds import PermitKind, kind_for
from permits_site.licensing.models import (
    AbutterRelation,
    Application,
    HearingAbutter,
    PermitHearing,
    PermitHearingContinuance,
)
from permits_site.licensing.relief import relief_noun, unvaried_failures
from permits_site.licensing.services.applications import evaluate
from permits_site.licensing.services.variances import cited
from permits_site.licensing.templatetags.localised import day_time_and_place
from permits_site.parties.models import Property, normalise_parcel
from permits_site.pdf.notices import render_hearing_notices_pdf
from permits_site.rules.calendar import format_date
from permits_site.rules.registry import get_rule_set
from permits_site.rules.units import measure
from permits_site.towns.office_days import closed_day_refusal, passed_hour_errors

if TYPE_CHECKING:
    from permits_site.accounts.models import User

HEARING_NOTICE_CHECK = "hearing_notice"
ABUTTER_FIELDS = {"name": 200, "mailing_address": 300, "certified_mail_number": 40}
LOCATION_LENGTH = 200
RELIEF_LENGTH = 2000
REASON_LENGTH = 500


@transaction.atomic
def schedule_hearing(
    *,
    application: Application,
    hearing_date: dt.date,
    abutters: Sequence[Mapping[str, Any]],
    acting_user: User,
    hearing_time: dt.time | None = None,
    location: str = "",
    notices_mailed_on: dt.date | None = None,
    relief_sought: str = "",
) -> PermitHearing:
    """Schedule the hearing with the abutters its notice goes to by certified mail.

    It is held at the hour and place given, else at the town's usual ones
    (``HeldAtTimeAndPlace.fill_time_and_place``): the notice tells the abutters when and
    where to come, so a hearing with no place, given or usual, is refused naming
    ``location``. The letters are printed once the hearing is scheduled; the mailing date
    and the article numbers may come with it or later (:func:`record_notice_mailing`).
    Refused when the notices — mailed on the day given, else today at the earliest — would
    reach the abutters too late, naming the ``hearing_date`` and the section, and today at an
    hour already past (``passed_hour_errors``); one hearing is pending at a time.
    ``relief_sought`` defaults to what the application's failed rules ask of the
    Board (:func:`describe_relief`). No one schedules the hearing of an application they or
    their business made (``permissions.own_application_refusal``).
    """
    permissions.refuse_own_application(acting_user, application)
    application = Application.objects.select_for_update().get(pk=application.pk)
    kind = kind_for(application.permit_type.code)
    _check_can_schedule(application, kind)
    hearing = PermitHearing(application=application, hearing_date=hearing_date,
                            notices_mailed_on=notices_mailed_on, scheduled_by=acting_user)
    hearing.fill_time_and_place(application.municipality, hearing_time=hearing_time,
                                location=location)
    errors = passed_hour_errors(hearing_date, hearing.hearing_time,
                                hour_given=hearing_time is not None)
    if hearing_date < timezone.localdate():
        errors["hearing_date"] = ["The hearing date has already passed; choose a later date."]
    elif not errors:
        closed = closed_day_refusal(application.municipality, hearing_date)
        refusals = [closed] if closed else []
        refusals += notice_refusals(
            application,
            hearing_date=hearing_date,
            notices_mailed_on=notices_mailed_on or timezone.localdate(),
            abutter_count=len(abutters),
        )
        if refusals:
            errors["hearing_date"] = refusals
    errors |= _place_errors(hearing.location)
    if len(relief_sought.strip()) > RELIEF_LENGTH:
        errors["relief_sought"] = [f"Keep the relief sought under {RELIEF_LENGTH} characters."]
    places = _places_by_parcel(application, abutters)
    rows = [_abutter_row(row, places) for row in abutters]
    errors |= _abutter_errors(rows, citation=kind.hearing_citation)
    if errors:
        raise DomainError(errors)
    hearing.relief_sought = relief_sought.strip() or describe_relief(application)
    hearing.save()
    HearingAbutter.objects.bulk_create(
        HearingAbutter(
            hearing=hearing,
            relation=row["relation"],
            place=row["place"],
            **{name: row[name] for name in ABUTTER_FIELDS},
        )
        for row in rows
    )
    audit.record(
        actor=acting_user,
        action="hearing.scheduled",
        subject=hearing,
        municipality=application.municipality,
        summary=(f"Hearing on {format_date(hearing_date)} scheduled; "
                 f"{measure(len(rows), 'abutters')} listed"),
        after={
            **_held_at_record(hearing),
            "relief_sought": hearing.relief_sought,
            "abutters": len(rows),
        },
    )
    return hearing


def _place_errors(location: str) -> dict[str, list[str]]:
    """The notice tells the abutters where to come: a place is needed, of a length kept."""
    if not location:
        return {"location": ["Say where the hearing will be held: the town has no usual "
                             "hearing place."]}
    if len(location) > LOCATION_LENGTH:
        return {"location": [f"Keep the place under {LOCATION_LENGTH} characters."]}
    return {}


def describe_relief(application: Application) -> str:
    """What the notice says the applicant asks: each of the Board's own rules the application
    fails and no granted variance covers, one sentence each with its measure ("A variance of
    §4.1(a): 42 ft where 50 ft is required."), else the permit. Another body's sign-off is the
    office's to record, not the Board's to vary (Northborough §8.2), and a rule already varied
    is no longer asked. Where the law provides no relief, the notice asks for the permit."""
    kind = kind_for(application.permit_type.code)
    noun = relief_noun(kind)
    failures = unvaried_failures(evaluate(application), application.variances.all(), kind=kind)
    if not (failures and noun):
        return f"A {application.permit_type.name.lower()}."
    return " ".join(_relief_asked(noun, finding) for finding in failures)


def _relief_asked(noun: str, finding) -> str:
    """ "A variance of §4.1(a): 42 ft where 50 ft is required." (the law's own noun); the
    rule's own sentence where the finding gives no one figure against another (a yes/no
    rule, or figures by fact: a sealed meter for more than 2 bedrooms or 4 occupants)."""
    section = finding.citation[finding.citation.find("§"):] if "§" in finding.citation \
        else finding.citation
    if not (_one_figure(finding.actual) and _one_figure(finding.required)):
        return f"A {noun} of {section}: {finding.message.rstrip('.')}."
    return (f"A {noun} of {section}: {measure(finding.actual, finding.unit)} where "
            f"{measure(finding.required, finding.unit)} is required.")


def _one_figure(value: Any) -> bool:
    """A number or a date, not figures by fact (a mapping) nor a list of facts."""
    return value is not None and not isinstance(value, Mapping | list | tuple)


def _places_by_parcel(application: Application,
                      abutters: Sequence[Mapping[str, Any]]) -> dict[str, Property]:
    """The town's properties the abutters pick by parcel, in one query."""
    parcels = {normalise_parcel(str(row.get("parcel") or "")) for row in abutters} - {""}
    if not parcels:
        return {}
    places = Property.objects.select_related("municipality").filter(
        municipality_id=application.municipality_id, parcel__in=parcels,
        merged_into__isnull=True)
    return {place.parcel: place for place in places}


def _abutter_row(row: Mapping[str, Any], places: Mapping[str, Property]) -> dict[str, Any]:
    """An abutter as sent: typed, or picked from the town's properties (``place``), whose
    address is the mailing address unless another is given (§1.2's owners, tenants and
    occupants alike)."""
    relation = row.get("relation") or AbutterRelation.OWNER
    cleaned = {name: str(row.get(name) or "").strip() for name in ABUTTER_FIELDS}
    parcel = str(row.get("parcel") or "").strip()
    place = None
    if parcel:
        place = places.get(normalise_parcel(parcel))
        if place is None:
            cleaned["place_error"] = f"No property with parcel {parcel} is on the town's record."
        else:
            cleaned["mailing_address"] = cleaned["mailing_address"] or str(place)
            if not cleaned["name"] and relation in AbutterRelation.values:
                cleaned["name"] = AbutterRelation(relation).label
    return {**cleaned, "relation": relation, "place": place}


@transaction.atomic
def record_notice_mailing(
    *,
    hearing: PermitHearing,
    notices_mailed_on: dt.date,
    certified_mail_numbers: Mapping[int, str],
    acting_user: User,
) -> PermitHearing:
    """Record the day the printed letters were mailed and each letter's certified-mail
    article number (keyed by abutter id; numbers already recorded may be left out).

    Every abutter must end with a number, and the mailing must be in time for the hearing
    (Northborough §2.2: "all abutters shall be notified … by certified mail at least 10 days
    prior"); otherwise nothing changes. Not on one's own application
    (``permissions.own_application_refusal``).
    """
    permissions.refuse_own_application(acting_user, hearing.application)
    hearing = PermitHearing.objects.select_for_update(of=("self",)).get(pk=hearing.pk)
    application = hearing.application
    kind = kind_for(application.permit_type.code)
    if hearing.is_decided:
        raise InvalidTransition(
            f"The hearing on {format_date(hearing.hearing_date)} was already decided.",
            field="notices_mailed_on")
    abutters = list(hearing.abutters.all())
    known = {abutter.pk for abutter in abutters}
    errors: dict[str, list[str]] = {}
    unknown = sorted(set(certified_mail_numbers) - known)
    if unknown:
        errors["abutters"] = [f"Abutter {pk} is not listed on this hearing." for pk in unknown]
    numbers = {abutter.pk: (certified_mail_numbers.get(abutter.pk) or "").strip()
               or abutter.certified_mail_number for abutter in abutters}
    missing = [abutter.name for abutter in abutters
               if kind.hearing_notice_by_certified_mail and not numbers[abutter.pk]]
    too_long = [abutter.name for abutter in abutters
                if len(numbers[abutter.pk]) > ABUTTER_FIELDS["certified_mail_number"]]
    if missing or too_long:
        errors.setdefault("abutters", []).extend(
            [cited(f"Record the certified-mail article number of {name}'s letter.",
                   kind.hearing_citation) for name in missing]
            + [f"{name}: keep the article number under 40 characters." for name in too_long])
    if notices_mailed_on > timezone.localdate():
        errors["notices_mailed_on"] = ["The letters cannot have been mailed in the future."]
    else:
        refusals = notice_refusals(application, hearing_date=hearing.hearing_date,
                                   notices_mailed_on=notices_mailed_on,
                                   abutter_count=len(abutters))
        if refusals:
            errors["notices_mailed_on"] = refusals
    if errors:
        raise DomainError(errors)
    for abutter in abutters:
        abutter.certified_mail_number = numbers[abutter.pk]
    HearingAbutter.objects.bulk_update(abutters, ["certified_mail_number"])
    hearing.notices_mailed_on = notices_mailed_on
    hearing.save(update_fields=["notices_mailed_on"])
    audit.record(
        actor=acting_user,
        action="hearing.notices_mailed",
        subject=hearing,
        municipality=application.municipality,
        summary=(f"Notices of the {format_date(hearing.hearing_date)} hearing mailed on "
                 f"{format_date(notices_mailed_on)} to {measure(len(abutters), 'abutters')}"),
        after={"notices_mailed_on": str(notices_mailed_on), "certified_mail_numbers": {
            str(pk): number for pk, number in numbers.items()}},
    )
    return hearing


def missing_notices(hearing: PermitHearing) -> list[str]:
    """What still stops the hearing from being held: the mailing date and, where the law
    sends the notices by certified mail, abutters without an article number (abutters
    prefetched)."""
    waiting = [] if hearing.notices_mailed_on else ["the day the notices were mailed"]
    if kind_for(hearing.application.permit_type.code).hearing_notice_by_certified_mail:
        waiting += [f"the certified-mail article number of {abutter.name}'s letter"
                    for abutter in hearing.abutters.all() if not abutter.certified_mail_number]
    return waiting


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


def _abutter_errors(abutters: Sequence[Mapping[str, Any]], *,
                    citation: str) -> dict[str, list[str]]:
    """What is wrong with the abutters, each named by its place in the list: a parcel not on
    the town's record under ``parcel`` (the abutter's field it was sent in), the rest under
    ``abutters``."""
    if not abutters:
        return {"abutters": [
            cited("List every abutter: each is sent the notice by certified mail.", citation)]}
    errors: list[str] = []
    unknown_parcels = [f"Abutter {number}: {row['place_error']}"
                       for number, row in enumerate(abutters, start=1) if row.get("place_error")]
    for number, row in enumerate(abutters, start=1):
        if row.get("place_error"):
            continue
        if row["relation"] not in AbutterRelation.values:
            errors.append(f"Abutter {number}: say whether the abutter is the owner, a tenant "
                          "or another occupant.")
        if not row.get("name", "").strip():
            errors.append(f"Abutter {number}: give the name.")
        if not row.get("mailing_address", "").strip():
            errors.append(f"Abutter {number}: give the mailing address.")
        errors += [
            f"Abutter {number}: keep the {name.replace('_', ' ')} under {limit} characters."
            for name, limit in ABUTTER_FIELDS.items()
            if len(row.get(name, "").strip()) > limit
        ]
    return {name: messages for name, messages in (("parcel", unknown_parcels),
                                                  ("abutters", errors)) if messages}


@transaction.atomic
def decide_hearing(
    *, hearing: PermitHearing, decision: str, decided_on: dt.date, acting_user: User
) -> PermitHearing:
    """Record the Board's decision after the hearing (Northborough §2.2); an undecided hearing
    blocks issuance. Not on one's own application (``permissions.own_application_refusal``)."""
    permissions.refuse_own_application(acting_user, hearing.application)
    hearing = PermitHearing.objects.select_for_update(of=("self",)).get(pk=hearing.pk)
    if hearing.is_decided:
        raise InvalidTransition(
            f"The hearing on {format_date(hearing.hearing_date)} was already decided on "
            f"{format_date(hearing.decided_on)}."
        )
    waiting = missing_notices(hearing)
    if waiting:
        kind = kind_for(hearing.application.permit_type.code)
        raise InvalidTransition(cited(
            "The hearing cannot be held until every abutter's notice is recorded as mailed; "
            f"still to record: {', '.join(waiting)}.", kind.hearing_citation),
            field="decision")
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


@transaction.atomic
def continue_hearing(
    *,
    hearing: PermitHearing,
    hearing_date: dt.date,
    reason: str,
    acting_user: User,
    hearing_time: dt.time | None = None,
    location: str = "",
    notices_mailed_on: dt.date | None = None,
) -> PermitHearing:
    """Continue an undecided hearing to ``hearing_date``, at the hour and place given, else
    the town's usual ones; the day, hour and place it replaces are kept
    (:class:`PermitHearingContinuance`).

    Postponed before its day, the hearing is noticed again (Northborough §2.2: "all
    abutters shall be notified … by certified mail at least 10 days prior to the date of the
    hearing"): the earlier letters' article numbers move to the continuance, the mailing is
    recorded anew — on ``notices_mailed_on`` if the new letters are mailed already, else by
    :func:`record_notice_mailing` — and the new day is judged by the town's notice rule as if
    they were mailed that day, else today. Continued on or after its day, it was opened and
    continued at the hearing, where those noticed of it were told: the notice mailed for it
    stands, so no mailing date is taken. Refused for a decided hearing or a closed
    application, a day past (or today, an hour past) or the offices closed, and the same day,
    hour and place again.
    The Board holds the hearing: a member of it continues it, or the Clerk for the Board —
    never on their own application (``permissions.own_application_refusal``).
    """
    application = hearing.application
    if not permissions.can_decide_application_hearing(acting_user, application):
        raise DomainPermissionDenied(str(permissions.Refused(
            "continue an application's hearing", [Role.BOARD_MEMBER, Role.CLERK],
            town=application.municipality_id)))
    permissions.refuse_own_application(acting_user, application)
    hearing = PermitHearing.objects.select_for_update(of=("self",)).select_related(
        "application__municipality", "application__permit_type").get(pk=hearing.pk)
    application = hearing.application
    if hearing.is_decided:
        raise InvalidTransition(
            f"The hearing on {format_date(hearing.hearing_date)} was already decided on "
            f"{format_date(hearing.decided_on)}: it is not continued.", field="hearing_date")
    if not transitions.can("schedule_hearing", application):
        raise InvalidTransition(
            f"The application is {application.get_status_display().lower()}: its hearing is "
            "not continued.", field="hearing_date")
    continuance = PermitHearingContinuance(
        hearing=hearing, previous_date=hearing.hearing_date, previous_time=hearing.hearing_time,
        previous_location=hearing.location, previous_notices_mailed_on=hearing.notices_mailed_on,
        hearing_date=hearing_date, reason=reason.strip(), renoticed=before_its_day(hearing),
        recorded_by=acting_user)
    continuance.fill_time_and_place(application.municipality, hearing_time=hearing_time,
                                    location=location)
    abutters = list(hearing.abutters.all())
    errors = _continuance_errors(hearing, continuance, notices_mailed_on=notices_mailed_on,
                                 abutter_count=len(abutters),
                                 hour_given=hearing_time is not None)
    if errors:
        raise DomainError(errors)
    before = _held_at_record(hearing)
    if continuance.renoticed:
        continuance.previous_certified_mail_numbers = [
            {"abutter": abutter.pk, "name": abutter.name,
             "certified_mail_number": abutter.certified_mail_number}
            for abutter in abutters if abutter.certified_mail_number]
        for abutter in abutters:
            abutter.certified_mail_number = ""
        HearingAbutter.objects.bulk_update(abutters, ["certified_mail_number"])
        hearing.notices_mailed_on = notices_mailed_on
    hearing.hearing_date = continuance.hearing_date
    hearing.hearing_time, hearing.location = continuance.hearing_time, continuance.location
    hearing.save(update_fields=["hearing_date", "hearing_time", "location", "notices_mailed_on"])
    continuance.save()
    audit.record(
        actor=acting_user,
        action="hearing.continued",
        subject=hearing,
        municipality=application.municipality,
        summary=(f"Hearing continued from {day_time_and_place(continuance.replaced)} to "
                 f"{day_time_and_place(hearing)}: {continuance.reason}"),
        before=before,
        after={"continuance": str(continuance.pk), **_held_at_record(hearing),
               "renoticed": continuance.renoticed, "reason": continuance.reason},
    )
    return hearing


def before_its_day(hearing: PermitHearing) -> bool:
    """Whether a continuance recorded today postpones the hearing before its day, so that its
    abutters are noticed again (§2.2), rather than continuing it at the hearing, on its day
    or after."""
    return timezone.localdate() < hearing.hearing_date


def _continuance_errors(hearing: PermitHearing, continuance: PermitHearingContinuance, *,
                        notices_mailed_on: dt.date | None, abutter_count: int,
                        hour_given: bool) -> dict[str, list[str]]:
    """Why the continuance is refused, by field: its reason, its place, its new day (past,
    unchanged, today at an hour already past, the offices closed, or too soon for the new
    letters, §2.2) and the new letters' mailing date, which only a postponement takes."""
    application = hearing.application
    today = timezone.localdate()
    errors = _place_errors(continuance.location)
    if not continuance.reason:
        errors["reason"] = ["Say why the hearing is continued."]
    elif len(continuance.reason) > REASON_LENGTH:
        errors["reason"] = [f"Keep the reason under {REASON_LENGTH} characters."]
    if notices_mailed_on is not None and not continuance.renoticed:
        mailed = (f" mailed on {format_date(hearing.notices_mailed_on)}"
                  if hearing.notices_mailed_on else "")
        errors["notices_mailed_on"] = [f"Continued at the hearing, its notice{mailed} stands: "
                                       "no new letters are mailed."]
    elif notices_mailed_on is not None and notices_mailed_on > today:
        errors["notices_mailed_on"] = ["The letters cannot have been mailed in the future."]
    new_day = continuance.hearing_date
    if new_day < today:
        errors["hearing_date"] = ["The hearing date has already passed; choose a later date."]
    elif (new_day, continuance.hearing_time, continuance.location) == (
            hearing.hearing_date, hearing.hearing_time, hearing.location):
        errors["hearing_date"] = ["The hearing is already set for that day, hour and place."]
    elif passed := passed_hour_errors(new_day, continuance.hearing_time, hour_given=hour_given):
        errors |= passed
    else:
        closed = closed_day_refusal(application.municipality, new_day)
        refusals = [closed] if closed else []
        if continuance.renoticed:
            mailing = notices_mailed_on if "notices_mailed_on" not in errors else None
            refusals += notice_refusals(application, hearing_date=new_day,
                                        notices_mailed_on=mailing or today,
                                        abutter_count=abutter_count)
        if refusals:
            errors["hearing_date"] = refusals
    return errors


def _held_at_record(hearing: PermitHearing) -> dict[str, str | None]:
    """The hearing's day, hour, place and notice mailing as an audit entry keeps them."""
    return {
        "hearing_date": str(hearing.hearing_date),
        "hearing_time": hearing.hearing_time.isoformat("minutes")
        if hearing.hearing_time else None,
        "location": hearing.location,
        "notices_mailed_on": str(hearing.notices_mailed_on)
        if hearing.notices_mailed_on else None,
    }


def render_notice_letters(hearing: PermitHearing) -> bytes:
    """The abutters' notice letters as one PDF, a page per abutter, ready for certified mail."""
    return render_hearing_notices_pdf(hearing)
