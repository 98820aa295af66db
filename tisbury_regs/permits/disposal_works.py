"""The disposal works construction permit and the private well registration (Tisbury BOH Reg
09.3.1, 09.9, 09.0.8).

Both are about a property, whose ``zone`` the rule sets read (09.9.1). The private well is
registered first: "Private potable water supply wells must be installed, proven, and tested
before the Board of Health will accept an application for an on-site wastewater disposal
facility … [the Board] does not issue the aforementioned permit without compliance of
09.3.1(3)". So the disposal works permit waits on the gate ``well_ready`` until the property
has an active well registration whose recorded facts pass ``ti.3.1.3.ready`` — or until the
clerk records that the lot is served by public water, which no well serves. An alternative or
advanced treatment system "requires abutter notification and a hearing prior to Board of
Health approval" (09.0.8(13)): the application's own ``alternative_system`` answer, not a
fact of the coastal septic rules, opens the gate ``hearing_decided``.

Each declaration is a mapping that ``tisbury_regs.permits.kinds.declared`` turns into a permit
kind: plain attributes, and the hooks below (functions of the kind) that it overrides.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.declarations import DeclaredDocument, Gate, detail_field
from permits_site.licensing.kinds import Blocker, HolderLink, PermitKind
from permits_site.licensing.models import (
    OPEN_ENDED,
    Application,
    ApplicationStatus,
    Permit,
    PermitStatus,
)
from permits_site.parties.places import derive_attributes
from permits_site.rules.base import FactsInvalid, FactType, Outcome
from permits_site.rules.calendar import format_date
from permits_site.rules.wording import explain
from tisbury_regs.catalogue import WELL_REGISTRATION_CODE
from tisbury_regs.law import cite
from tisbury_regs.permits.forms import PublicWaterForm
from tisbury_regs.permits.septic_plans import (
    PERC_TESTED_ON,
    perc_blockers,
    perc_panel,
    plans_from_the_owner,
    with_owner_authority,
)
from tisbury_regs.rules import PRIVATE_WELL

if TYPE_CHECKING:
    from permits_site.accounts.models import User

DISPOSAL_WORKS_CODE = "tisbury.disposal_works"
WELL_READY_RULE = "ti.3.1.3.ready"
WELL_SECTION = cite("09.3.1(3)")
HEARING_SECTION = cite("09.0.8(13)")
REPORT_SECTION = cite("09.0.8(4)")
#: The notice rule Northborough Horse & Stable Regs §2.2 states, which the Board follows for
#: the hearing 09.0.8(13) requires: abutters notified at least 10 days before it.
HEARING_NOTICE_DAYS = 10
#: The clerk's record that the lot is served by public water, kept with the application's
#: details (the applicant cannot send it: it is no declared field).
PUBLIC_WATER = "public_water"
#: Before a decision the clerk may still record how the lot is served.
RECORDABLE = (ApplicationStatus.DRAFT, ApplicationStatus.SUBMITTED,
              ApplicationStatus.UNDER_REVIEW)

ALTERNATIVE_SYSTEM = detail_field(
    "alternative_system",
    FactType.BOOL,
    gettext_noop("Is the system an alternative or advanced treatment system?"),
    default=False,
    help_text=explain(gettext_noop("An alternative or advanced treatment system needs abutter "
                                   "notification and a public hearing before the Board approves "
                                   "it (%(section)s)."), section=HEARING_SECTION),
)


def until_further_notice(self: PermitKind, application: Application, *, issued_on: dt.date
                         ) -> tuple[dt.date, dt.date]:
    """No expiry: the registration stands while the well does (09.3.1), the construction
    permit for the construction; the permit type's ``term`` says which in words."""
    return issued_on, OPEN_ENDED


# -- private well registration (09.3.1, 09.9.5, 09.9.6) -------------------------------------


def passes_well_ready(permit: Permit) -> bool:
    """Whether the facts recorded with an issued well registration — the answers frozen with
    its application and the zone of the property as issued — pass ``ti.3.1.3.ready`` (the well
    installed, proven and tested, 09.3.1(3)). A waiver of that rule does not make it pass."""
    application = permit.application
    recorded = {**application.facts, **permit.place_attributes}
    try:
        facts = PRIVATE_WELL.parse({name: value for name, value in recorded.items()
                                    if name in PRIVATE_WELL.fact_map and value is not None})
    except FactsInvalid:
        return False
    result = PRIVATE_WELL.evaluate(facts, on=permit.valid_from,
                                   calendar=permit.municipality.calendar())
    return any(finding.rule == WELL_READY_RULE and finding.outcome is Outcome.PASS
               for finding in result.findings)


def ready_well_registration(place, *, on: dt.date) -> Permit | None:
    """The property's well registration in force on ``on`` showing the well ready, if any."""
    return next((permit for permit in _well_registrations(place)
                 if permit.effective_status(on) == PermitStatus.ACTIVE), None)


def _well_registrations(place) -> list[Permit]:
    """The property's issued well registrations passing ``ti.3.1.3.ready``, newest first."""
    if place is None:
        return []
    registrations = (
        Permit.objects.filter(place=place, permit_type__code=WELL_REGISTRATION_CODE)
        .select_related("application", "municipality")
        .order_by("-issued_at")
    )
    return [permit for permit in registrations if passes_well_ready(permit)]


WELL_REGISTRATION = {
    "documents": (
        DeclaredDocument(
            "potability_report",
            gettext_noop("Certified laboratory report of the water's potability (tested)"),
            WELL_SECTION,
        ),
        DeclaredDocument(
            "pumping_test",
            gettext_noop("Record of the pumping test at rated capacity (proven)"),
            WELL_SECTION,
        ),
    ),
    "term": until_further_notice,
    #: A metered well's owner records its spring and fall readings (09.3.1(4)).
    "holder_links": (HolderLink(gettext_noop("Meter readings"), "tisbury_regs:my_wells"),),
}


# -- disposal works construction (09.3.1(3), 09.9, 09.0.8) -----------------------------------


def public_water_record(application: Application) -> dict[str, Any] | None:
    return application.details.get(PUBLIC_WATER)


def is_alternative_system(application: Application) -> bool:
    return application.details.get(ALTERNATIVE_SYSTEM.name) is True


def hearing_on_alternative_system(self: PermitKind, application: Application) -> bool:
    """An alternative or advanced treatment system is always heard (09.0.8(13)); a
    conventional system only where the Board hears a waiver asked on it (09.0.3)."""
    return is_alternative_system(application) or super(type(self), self).holds_hearing(
        application)


def disposal_works_blockers(self: PermitKind, application: Application) -> list[Blocker]:
    """``well_ready`` until the well is registered ready or public water recorded (09.3.1(3));
    ``hearing_decided`` for an alternative system until a hearing is held (09.0.8(13)) — a
    scheduled, undecided hearing is the core's own blocker."""
    found = []
    if public_water_record(application) is None and ready_well_registration(
        application.place, on=timezone.localdate()
    ) is None:
        found.append(Blocker(
            "well.not_ready",
            "The property has no private well registration showing the well installed, "
            "proven and tested; register the well first, or the clerk records that the lot "
            "is served by public water.",
            WELL_SECTION,
            Gate.WELL_READY,
        ))
    if is_alternative_system(application) and not application.hearings.all():
        found.append(Blocker(
            "hearing.required",
            "An alternative or advanced treatment system needs abutter notification and a "
            "public hearing before approval; schedule the hearing.",
            HEARING_SECTION,
            Gate.HEARING_DECIDED,
        ))
    found += perc_blockers(application)
    return found


def keep_office_record(self: PermitKind, application: Application, details, *, acting_user: User
                       ) -> Application:
    """The applicant's edit of a returned draft keeps the clerk's public water record."""
    recorded = public_water_record(application)
    if recorded is not None:
        details.values[PUBLIC_WATER] = recorded
    return PermitKind.update_details(self, application, details, acting_user=acting_user)


def water_supply_rows(self: PermitKind, permit: Permit) -> dict[str, Any]:
    """The declared answers, and how the lot's water supply met 09.3.1(3)."""
    rows = PermitKind.document_context(self, permit)
    recorded = public_water_record(permit.application)
    if recorded is not None:
        rows["Water supply"] = (f"Public water, recorded by the clerk on "
                                f"{format_date(dt.date.fromisoformat(recorded['recorded_on']))}")
    else:
        # The registration that opened the gate, whatever became of it since.
        well = next((well for well in _well_registrations(permit.place)
                     if well.issued_at <= permit.issued_at), None)
        if well is not None:
            rows["Water supply"] = f"Private well, registration {well.number}"
    return rows


def water_supply_panel(self: PermitKind, application: Application, user) -> dict[str, Any]:
    """The review screen's water supply: the registered well or the clerk's public water
    record, and the clerk's form to record the connection while the gate is open (not on
    the clerk's own application, ``permissions.clerk_step``)."""
    recorded = public_water_record(application)
    well = ready_well_registration(application.place, on=timezone.localdate())
    may_record = (recorded is None and well is None and application.status in RECORDABLE
                  and permissions.clerk_step(user, application))
    return {"public_water": recorded, "ready_well": well, "well_section": WELL_SECTION,
            "public_water_form": PublicWaterForm() if may_record else None}


def disposal_works_review(self: PermitKind, application: Application, user) -> dict[str, Any]:
    """The review screen's water supply (09.3.1(3)), the property's current septic
    inspection report (09.0.8(4)), shown as on the clerk's property page, and the lot's zone
    with why (09.9.1(1), 09.9.2) — where the Board records it."""
    place = application.place
    septic = ({"report": place.septic_reports.current(on=timezone.localdate()),
               "section": REPORT_SECTION} if place else None)
    zone = derive_attributes([place])[place.pk].get("zone") if place else None
    return {"water": water_supply_panel(self, application, user), "septic": septic,
            "zone": zone, "place": place, "perc": perc_panel(application, user)}


DISPOSAL_WORKS = {
    "extra_fields": (ALTERNATIVE_SYSTEM, PERC_TESTED_ON),
    "documents": (
        DeclaredDocument(
            "septic_design",
            gettext_noop("Septic system design plan, for the registered owner of the property"),
            cite("09.0.8(5)"),
        ),
        DeclaredDocument(
            "floor_plan", gettext_noop("Floor plan (house plan) of the "
                                       "building served"), cite("09.0.8(9)"),
        ),
    ),
    "own_gates": (Gate.WELL_READY,),
    "hearing_citation": HEARING_SECTION,
    "holds_hearing": hearing_on_alternative_system,
    "term": until_further_notice,
    "extra_blockers": disposal_works_blockers,
    "update_details": keep_office_record,
    "document_context": water_supply_rows,
    "review_panel": "tisbury_regs/disposal_works_review.html",
    "review_context": disposal_works_review,
    # Plans only from the registered owner, or with the owner's signed authority (09.0.8(5)).
    "required_documents": plans_from_the_owner,
    "document_kinds": property(with_owner_authority),
}


@transaction.atomic
def record_public_water(*, application: Application, note: str, acting_user: User) -> Application:
    """The clerk records that the lot is served by public water, which clears ``well_ready``
    (no private well to prove, 09.3.1(3)); audited, with the clerk's note of how it is known.
    Never on the clerk's own application (``permissions.refuse_own_application``)."""
    application = Application.objects.select_for_update().get(pk=application.pk)
    if application.permit_type.code != DISPOSAL_WORKS_CODE:
        raise InvalidTransition(
            f"{application.permit_type.name} applications do not wait on a private well.")
    if not permissions.is_clerk(acting_user, application.municipality_id):
        raise PermissionDenied("Only the town's clerk records a public water connection.")
    permissions.refuse_own_application(acting_user, application)
    if application.status not in RECORDABLE:
        raise InvalidTransition(
            f"A public water connection is recorded before the decision; this application is "
            f"{application.get_status_display().lower()}.")
    if public_water_record(application) is not None:
        raise InvalidTransition("The public water connection is already recorded.",
                                field=PUBLIC_WATER)
    note = note.strip()
    if not note:
        raise DomainError({"note": [
            f"Say how the connection is known (e.g. the water department's account) "
            f"({WELL_SECTION})."]})
    if len(note) > 300:
        raise DomainError({"note": ["Keep the note under 300 characters."]})
    recorded = {"recorded_on": timezone.localdate().isoformat(),
                "recorded_by": acting_user.get_full_name() or acting_user.get_username(),
                "note": note}
    application.details = {**application.details, PUBLIC_WATER: recorded}
    application.save(update_fields=["details"])
    audit.record(
        actor=acting_user,
        action="application.public_water_recorded",
        subject=application,
        municipality=application.municipality,
        summary=f"Lot recorded as served by public water: {note}",
        before={PUBLIC_WATER: None},
        after={PUBLIC_WATER: recorded},
    )
    return application
