"""Stable services: permits applied for, renewed and transferred; the office's sign-offs;
expansions; sanitary inspections (horses are registered in ``stables.horses``, burials
notified in ``stables.burials``).

Northborough Board of Health Horse and Stable Regulations. Each service is one action of a
page or the API: keyword-only, in one transaction, with its own audit entry (the core's
``create_application`` and ``upload_document`` write theirs for the records they create).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.db.models import Prefetch, Q, Sum
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.accounts.models import User
from permits_site.enforcement.services import schedule_inspection
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.licensing import transitions
from permits_site.licensing.kinds import already_renewed, renewal_url
from permits_site.licensing.models import (
    OPEN_STATUSES,
    Application,
    ApplicationStatus,
    Permit,
    PermitStatus,
    PermitType,
)
from permits_site.licensing.services.applications import create_application, place_errors
from permits_site.licensing.services.documents import upload_document
from permits_site.parties.models import Property, normalise_address
from permits_site.parties.services import find_or_create_property, link_property
from permits_site.rules.base import Finding, RuleSet
from permits_site.rules.calendar import format_date
from permits_site.rules.registry import get_rule_set
from permits_site.rules.wording import explain
from permits_site.towns.models import Municipality
from stables import rules
from stables.facts import as_json
from stables.law import cite
from stables.models import (
    PLAN_ITEMS,
    Horse,
    Stable,
    StableApplication,
    StableExpansion,
    northborough,
)
from stables.periods import MUNICIPALITY

PRIVATE_STABLE = "northborough.private_stable"
PUBLIC_STABLE = "northborough.public_stable"
STABLE_PERMIT_TYPES = (PRIVATE_STABLE, PUBLIC_STABLE)

#: A permit's status inside a refusal's sentence ("Permit PVS-2027-00012 is revoked").
STATUS_WORDS = {
    PermitStatus.ACTIVE: gettext_noop("active"),
    PermitStatus.EXPIRED: gettext_noop("expired"),
    PermitStatus.SUSPENDED: gettext_noop("suspended"),
    PermitStatus.REVOKED: gettext_noop("revoked"),
    PermitStatus.SUPERSEDED: gettext_noop("superseded"),
}
#: A site's application in progress, by its action, refusing another (§2.2, §2.4).
IN_PROGRESS = {
    "new": gettext_noop("%(address)s already has a new application in progress (#%(number)s); "
                        "finish or withdraw it first."),
    "renewal": gettext_noop("%(address)s already has a renewal application in progress "
                            "(#%(number)s); finish or withdraw it first."),
    "transfer": gettext_noop("%(address)s already has a transfer application in progress "
                             "(#%(number)s); finish or withdraw it first."),
}


def status_in_words(status: str):
    """The status of a permit as a word of a sentence, said in the reader's language."""
    return explain(STATUS_WORDS[PermitStatus(status)])
SANITARY_INSPECTION = "northborough.sanitary_inspection"
PENDING_STATUSES = (ApplicationStatus.DRAFT, *OPEN_STATUSES)
#: Files chosen with an application, by document kind (``stables.permits.kinds``); None:
#: not chosen.
Documents = Mapping[str, UploadedFile | None]
#: What the office records on a stable application (§2.3, §4.1).
SIGN_OFF_FIELDS = (
    "zoning_certified_on",
    "zoning_certified_by",
    "zoning_note",
    "conservation_reviewed_on",
    "conservation_reviewed_by",
    "conservation_note",
)


def stable_details(application: Application) -> StableApplication | None:
    """The application's stable details, or None for a stable application put on file
    without them (records made outside the services)."""
    return getattr(application, "stable_application", None)


# -- Applying, renewing, transferring ------------------------------------------------


def _stable_permit_type(code: str) -> PermitType:
    if code not in STABLE_PERMIT_TYPES:
        raise DomainError(gettext_noop("Choose a private or a public stable permit."),
                          field="permit_type")
    return PermitType.objects.get(code=code)


def stable_site(*, address: str, parcel: str = "", acting_user: User) -> Property:
    """The town's record of the stable's site as the web form gives it (found by parcel or
    address, or put on file) — the keeper may live elsewhere."""
    site, _ = find_or_create_property(municipality=northborough(), address=address,
                                      parcel=parcel, acting_user=acting_user)
    return site


def _refuse_pending(site: Property, *, field: str) -> None:
    pending = StableApplication.objects.filter(
        stable__property=site, application__status__in=PENDING_STATUSES
    ).select_related("application").first()
    if pending is not None:
        raise DomainError(
            explain(IN_PROGRESS[pending.application.action], address=site.address,
                    number=pending.application.pk),
            field=field,
        )


def _plan_items(items: Mapping[str, str]) -> dict[str, str]:
    """The §2.2 items (a)–(f), trimmed; (a)–(e) must each be described."""
    plan = {name: (items.get(name) or "").strip() for name in PLAN_ITEMS}
    missing = {
        name: [explain(gettext_noop("Describe this: the stable plan shows it (%(section)s)."),
                       section=cite("2.2"))]
        for name, value in plan.items()
        if not value and not StableApplication._meta.get_field(name).blank
    }
    if missing:
        raise DomainError(missing)
    return plan


def _keepers_stable(*, applicant, site: Property, occupancy: str) -> Stable:
    """The applicant's stable on ``site``, put on file the first time. A site whose stable
    has another keeper's permit in force changes hands by transfer (§2.4)."""
    _refuse_pending(site, field="property")
    stable = Stable.objects.filter(property=site, keeper=applicant).first()
    if stable is not None:
        return stable
    today = timezone.localdate()
    held = Permit.objects.filter(
        application__stable_application__stable__property=site,
        status=PermitStatus.ACTIVE, valid_from__lte=today, valid_through__gte=today,
    ).first()
    if held is not None:
        raise DomainError(
            explain(gettext_noop("The stable at %(address)s has permit %(number)s in force: its "
                                 "new owner or occupant applies for its transfer "
                                 "(%(section)s)."),
                    address=site.address, number=held.number, section=cite("2.4")),
            field="property",
        )
    return Stable.objects.create(municipality=site.municipality, keeper=applicant,
                                 occupancy=occupancy, property=site)


@transaction.atomic
def apply_for_stable_permit(
    *,
    applicant,
    permit_type_code: str,
    occupancy: str,
    items: Mapping[str, str],
    facts: Mapping[str, Any],
    site: Property | None = None,
    address: str = "",
    parcel: str = "",
    documents: Documents | None = None,
    acting_user: User | None = None,
) -> Application:
    """Start a draft for a new private (§2) or public (§7) stable permit for the stable on
    its site, the application's place, with the plans chosen with it (``documents``).

    The site is a property on file (``site``) or the ``address`` and ``parcel`` the web
    form gives, put on file the first time. The applicant is the person maintaining the
    stable, as owner or occupant (§2.2), wherever they live; ``facts`` are their answers
    to the rule set (the office's two are recorded later).
    """
    acting_user = acting_user or applicant
    permit_type = _stable_permit_type(permit_type_code)
    plan = _plan_items(items)
    if site is None:
        site = stable_site(address=address, parcel=parcel, acting_user=acting_user)
    application = create_application(
        applicant=applicant, permit_type=permit_type, action="new", facts=as_json(facts),
        place=site, acting_user=acting_user,
    )
    stable = _keepers_stable(applicant=applicant, site=site, occupancy=occupancy)
    details = StableApplication.objects.create(
        application=application, stable=stable, occupancy=occupancy, **plan
    )
    return _started(application, details, documents=documents, acting_user=acting_user)


def _attach(application: Application, documents: Documents | None, *, acting_user: User
            ) -> list[str]:
    """Upload each chosen file as the application's document of its kind; return the
    kinds attached."""
    attached = []
    for kind, upload in (documents or {}).items():
        if upload:
            upload_document(application=application, uploaded_by=acting_user, kind=kind,
                            upload=upload)
            attached.append(kind)
    return attached


def _started(application: Application, details: StableApplication, *,
             documents: Documents | None, acting_user: User) -> Application:
    """Attach the documents chosen with a new draft and audit the start."""
    attached = _attach(application, documents, acting_user=acting_user)
    audit.record(
        actor=acting_user,
        action=f"stable_application.{application.action}",
        subject=application,
        municipality=application.municipality,
        summary=f"{application.permit_type.name}, {application.action}, for the stable at "
        f"{details.stable.address}" + (f"; documents: {', '.join(attached)}" if attached
                                       else ""),
        after={**_draft_state(application, details), "documents": attached},
    )
    return application


def _draft_state(application: Application, details: StableApplication) -> dict[str, Any]:
    return {
        "place": application.place_id,
        "occupancy": details.occupancy,
        **{name: getattr(details, name) for name in (*PLAN_ITEMS, "changes_made")},
        "facts": dict(application.facts),
    }


@transaction.atomic
def update_stable_draft(
    *,
    application: Application,
    acting_user: User,
    items: Mapping[str, str] | None = None,
    facts: Mapping[str, Any] | None = None,
    site: Property | None = None,
    occupancy: str = "",
    documents: Documents | None = None,
) -> Application:
    """Change a draft (after the office asked for changes): the §2.2 items and answers of a
    new permit or a renewal, a new permit's site, the maintainer's occupancy, and add the
    plans chosen with the change (``documents``)."""
    details = stable_details(application)
    if details is None or application.applicant_id != acting_user.pk:
        raise InvalidTransition("Only the applicant edits a stable application.")
    transitions.require("edit", application)
    before = _draft_state(application, details)
    if items is not None:
        for name, value in _plan_items(items).items():
            setattr(details, name, value)
        if application.action == "renewal":
            details.changes_made = _changes_made(items)
    if facts is not None:
        application.facts = as_json(facts)
    details.occupancy = occupancy or details.occupancy
    if site is not None and site.pk != application.place_id:
        if refused := place_errors(application.permit_type, site):
            raise DomainError(refused)
        details.stable = _keepers_stable(applicant=application.applicant, site=site,
                                         occupancy=details.occupancy)
        application.place = site
    details.save()
    application.save(update_fields=["facts", "place"])
    attached = _attach(application, documents, acting_user=acting_user)
    audit.record(
        actor=acting_user,
        action="stable_application.updated",
        subject=application,
        municipality=application.municipality,
        summary="Stable application draft updated"
        + (f"; documents added: {', '.join(attached)}" if attached else ""),
        before=before,
        after={**_draft_state(application, details), "documents": attached},
    )
    return application


def _changes_made(items: Mapping[str, str]) -> str:
    changes = (items.get("changes_made") or "").strip()
    if not changes:
        raise DomainError(
            explain(gettext_noop('Say what changed since the last permit, or write "No changes" '
                                 '(%(section)s).'), section=cite("2.2")),
            field="changes_made",
        )
    return changes


@transaction.atomic
def renew_stable_permit(
    *, applicant, permit: Permit, items: Mapping[str, str], facts: Mapping[str, Any],
    documents: Documents | None = None, acting_user: User | None = None,
) -> Application:
    """Start a renewal "specifying changes made" (§2.2, §7.1): the holder's own permit, in
    force or expired, with the answers as they stand now and the plans chosen with it."""
    acting_user = acting_user or applicant
    if permit.permit_type.code not in STABLE_PERMIT_TYPES or permit.holder_id != applicant.pk:
        raise DomainError(gettext_noop("Choose one of your own stable permits."),
                          field="permit")
    if renewed := already_renewed(permit, section=permit.permit_type.citation):
        raise DomainError(renewed, field="permit")
    if not permit.renewable:
        raise DomainError(
            explain(gettext_noop("Permit %(number)s is %(status)s and cannot be renewed; apply "
                                 "for a new permit."),
                    number=permit.number, status=status_in_words(permit.status)),
            field="permit",
        )
    previous = permit.application.stable_application
    site = previous.stable.property
    _refuse_pending(site, field="permit")
    plan = _plan_items(items)
    changes_made = _changes_made(items)
    application = create_application(
        applicant=applicant,
        permit_type=permit.permit_type,
        action="renewal",
        facts=as_json(facts),
        place=site,
        previous_permit=permit,
        acting_user=acting_user,
    )
    details = StableApplication.objects.create(
        application=application,
        stable=previous.stable,
        occupancy=previous.occupancy,
        changes_made=changes_made,
        **plan,
    )
    return _started(application, details, documents=documents, acting_user=acting_user)


def transferable_permit(*, applicant, permit_number: str, address: str) -> Permit:
    """The stable permit in force that the transferor's notice names by number and by the
    stable's street address (§2.4); the transferee cannot already hold it."""
    permit = (
        Permit.objects.filter(
            municipality__code=MUNICIPALITY,
            permit_type__code__in=STABLE_PERMIT_TYPES,
            number=permit_number.strip().upper(),
        )
        .select_related("permit_type", "application__stable_application__stable__property")
        .first()
    )
    details = stable_details(permit.application) if permit else None
    if details is None or normalise_address(details.stable.address) != normalise_address(
        address
    ):
        raise DomainError(
            gettext_noop("No stable permit has this number at this address; copy both from the "
                         "transferor's notice."),
            field="permit_number",
        )
    if permit.holder_id == applicant.pk:
        raise DomainError(gettext_noop("You already hold this permit."), field="permit_number")
    if permit.effective_status(timezone.localdate()) != PermitStatus.ACTIVE:
        raise DomainError(
            explain(gettext_noop("Permit %(number)s is not in force, so it cannot be "
                                 "transferred; apply for a new permit (%(section)s)."),
                    number=permit.number, section=cite("2.4")),
            field="permit_number",
        )
    return permit


@transaction.atomic
def transfer_stable_permit(
    *, applicant, permit_number: str, address: str, occupancy: str,
    documents: Documents | None = None, acting_user: User | None = None,
) -> Application:
    """Start the transfer of a stable permit in force to its new owner or occupant (§2.4).

    The transferee applies, naming the permit and the stable's address as the
    transferor's notice gives them; both parties' written notices are the transfer's
    documents, attached when chosen with it (``documents``). The stable is unchanged, so
    its answers and the office's zoning certification and Conservation Commission review
    carry over from the permit.
    """
    acting_user = acting_user or applicant
    permit = transferable_permit(applicant=applicant, permit_number=permit_number,
                                 address=address)
    details = permit.application.stable_application
    site = details.stable.property
    _refuse_pending(site, field="permit_number")
    application = create_application(
        applicant=applicant,
        permit_type=permit.permit_type,
        action="transfer",
        facts=dict(permit.application.facts),
        place=site,
        previous_permit=permit,
        acting_user=acting_user,
    )
    link_property(property=site, user=applicant)
    transferred = StableApplication.objects.create(
        application=application,
        stable=details.stable,
        occupancy=occupancy,
        **{name: getattr(details, name) for name in (*PLAN_ITEMS, *SIGN_OFF_FIELDS)},
    )
    return _started(application, transferred, documents=documents, acting_user=acting_user)


def stable_permit_issued(*, details: StableApplication, permit: Permit) -> None:
    """Inside the issuing transaction: a new or renewed permit fixes the floor area that later
    expansions are cumulated against (§2.1); a transfer hands the stable to its new keeper
    (§2.4). The core's issuing audit entry records the permit."""
    stable = details.stable
    application = details.application
    if application.action == "transfer":
        stable.keeper = application.applicant
        stable.occupancy = details.occupancy
    else:
        stable.permitted_floor_area_sqft = Decimal(
            str(application.facts["stable_floor_area_sqft"])
        )
        stable.area_permitted_by = permit
    stable.save()


# -- The office's sign-offs (§2.3, §4.1, §2.5) ------------------------------------------


@dataclass(frozen=True)
class SignOff:
    """A fact the office records on a stable application: its date, recorder and note."""

    on_field: str
    by_field: str
    note_field: str
    what: str
    action: str


ZONING = SignOff(
    "zoning_certified_on", "zoning_certified_by", "zoning_note",
    "The zoning authority's certification", "stable_application.zoning_certified",
)
CONSERVATION = SignOff(
    "conservation_reviewed_on", "conservation_reviewed_by", "conservation_note",
    "The Conservation Commission review", "stable_application.conservation_reviewed",
)
SIGN_OFFS = {"zoning": ZONING, "conservation": CONSERVATION}


@transaction.atomic
def record_sign_off(
    *, application: Application, kind: str, on: dt.date, note: str = "", acting_user: User
) -> StableApplication:
    """Record the zoning certification (§2.3) or the Conservation Commission review (§4.1)."""
    return _record_signoff(
        application=application, sign_off=SIGN_OFFS[kind], on=on, note=note,
        acting_user=acting_user,
    )


def _record_signoff(
    *, application: Application, sign_off: SignOff, on: dt.date, note: str, acting_user: User
) -> StableApplication:
    """Record ``sign_off`` once, dated no later than today, while the application is under
    review; never by a member of staff on their own application
    (``permissions.refuse_own_application``)."""
    details = _office_details(application, acting_user)
    transitions.require("record_review", application)
    if getattr(details, sign_off.on_field) is not None:
        raise InvalidTransition(f"{sign_off.what} is already recorded.")
    if on > timezone.localdate():
        raise DomainError("The date cannot be in the future.", field="on")
    note = note.strip()[:300]
    setattr(details, sign_off.on_field, on)
    setattr(details, sign_off.by_field, acting_user)
    setattr(details, sign_off.note_field, note)
    details.save()
    audit.record(
        actor=acting_user,
        action=sign_off.action,
        subject=application,
        municipality=application.municipality,
        summary=f"{sign_off.what} recorded, dated {format_date(on)}"
        + (f": {note}" if note else ""),
        after={"on": on.isoformat(), "note": note},
    )
    return details


@transaction.atomic
def record_zoning_certification(
    *, application: Application, certified_on: dt.date, note: str = "", acting_user: User
) -> StableApplication:
    """The zoning authority certified that the stable does not conflict with zoning (§2.3)."""
    return _record_signoff(
        application=application, sign_off=ZONING, on=certified_on, note=note,
        acting_user=acting_user,
    )


@transaction.atomic
def record_conservation_review(
    *, application: Application, reviewed_on: dt.date, note: str = "", acting_user: User
) -> StableApplication:
    """The stable location was reviewed with the Conservation Commission (§4.1)."""
    return _record_signoff(
        application=application, sign_off=CONSERVATION, on=reviewed_on, note=note,
        acting_user=acting_user,
    )


def _office_details(application: Application, acting_user: User) -> StableApplication:
    """The stable details of an application the office records on; refused on an application
    without them, and on the acting member of staff's own (the core's
    ``permissions.refuse_own_application``)."""
    details = stable_details(application)
    if details is None:
        raise InvalidTransition("This application has no stable on file.")
    permissions.refuse_own_application(acting_user, application)
    return details


@transaction.atomic
def confirm_grandfathered(*, application: Application, note: str, acting_user: User) -> Stable:
    """The office found the permit of the application's stable under the rules in force
    before May 2, 1990 and its satisfactory operation since (§2.5): §4 and §5 then do not
    bind it. Never by a member of staff on their own application."""
    stable = _office_details(application, acting_user).stable
    if stable.grandfathered:
        raise InvalidTransition("This stable is already confirmed as grandfathered.")
    if not note.strip():
        raise DomainError(
            "Name the earlier permit and how it was confirmed (§2.5).", field="note"
        )
    stable.grandfathered = True
    stable.grandfathered_note = note.strip()[:300]
    stable.grandfathered_confirmed_by = acting_user
    stable.grandfathered_confirmed_on = timezone.localdate()
    stable.save()
    audit.record(
        actor=acting_user,
        action="stable.grandfathered",
        subject=stable,
        municipality=stable.municipality,
        summary=f"{stable.address} confirmed grandfathered: {stable.grandfathered_note}",
        before={"grandfathered": False},
        after={"grandfathered": True, "note": stable.grandfathered_note},
    )
    return stable


# -- Expansions (§2.1) ------------------------------------------------------------------


@dataclass(frozen=True)
class ExpansionStanding:
    """The floor area at the last permit and the expansions cumulated since (§2.1)."""

    permitted_area: Decimal | None
    cumulated: Decimal

    @property
    def threshold(self) -> Decimal | None:
        return None if self.permitted_area is None else self.permitted_area * rules.EXPANSION_SHARE


def expansion_standing(stable: Stable) -> ExpansionStanding:
    cumulated = StableExpansion.objects.filter(
        stable=stable, since_permit_id=stable.area_permitted_by_id
    ).aggregate(total=Sum("area_sqft"))["total"]
    return ExpansionStanding(stable.permitted_floor_area_sqft, cumulated or Decimal("0"))


def expansion_finding(*, stable: Stable, proposed_sqft: Decimal, on: dt.date) -> Finding:
    """Judge an expansion, cumulated with the earlier ones, by rule ``nb.2.1.expansion``."""
    standing = expansion_standing(stable)
    if standing.permitted_area is None:
        raise DomainError(
            explain(gettext_noop("%(address)s has no permit on record to measure an expansion "
                                 "against; apply for a stable permit first (%(section)s)."),
                    address=stable.address, section=cite("2.1")),
            field="area_sqft",
        )
    rule_set: RuleSet = get_rule_set(rules.STABLE_EXPANSION.code)
    facts = rule_set.parse(
        as_json(
            {
                "permitted_area_sqft": standing.permitted_area,
                "prior_expansions_sqft": standing.cumulated,
                "proposed_expansion_sqft": proposed_sqft,
            }
        )
    )
    [finding] = rule_set.evaluate(facts, on=on).findings
    return finding


@transaction.atomic
def record_expansion(
    *, stable: Stable, area_sqft: Decimal, made_on: dt.date, description: str = "",
    acting_user: User
) -> StableExpansion:
    """Record an expansion of less than 25 %, cumulated since the last permit (§2.1).

    One that brings the expansions since the last permit to 25 % or more of the permitted
    area is refused: the stable "must first be granted" a new permit, whose floor area
    then starts the count again.
    """
    stable = Stable.objects.select_for_update().get(pk=stable.pk)
    if area_sqft is None or area_sqft <= 0:
        raise DomainError(gettext_noop("Enter the added floor area in square feet."),
                          field="area_sqft")
    finding = expansion_finding(stable=stable, proposed_sqft=area_sqft, on=made_on)
    if finding.failed:
        raise DomainError(explain(gettext_noop("%(finding)s (%(section)s)"),
                                  finding=finding.message, section=finding.citation),
                          field="area_sqft")
    expansion = StableExpansion.objects.create(
        stable=stable,
        since_permit_id=stable.area_permitted_by_id,
        area_sqft=area_sqft,
        made_on=made_on,
        description=description.strip(),
        recorded_by=acting_user,
    )
    audit.record(
        actor=acting_user,
        action="stable.expansion_recorded",
        subject=stable,
        municipality=stable.municipality,
        summary=f"{area_sqft} sq ft expansion of {stable.address} on {format_date(made_on)}",
        after={"area_sqft": str(area_sqft), "made_on": made_on.isoformat(),
               "finding": finding.message},
    )
    return expansion


# -- Sanitary inspections (§6) ----------------------------------------------------------


def inspectors(municipality: Municipality):
    """The staff a town's inspections may be assigned to."""
    return (
        User.objects.filter(
            memberships__municipality=municipality,
            memberships__role__in=permissions.INSPECTOR_ROLES,
        )
        .distinct()
        .order_by("last_name", "first_name", "pk")
    )


def schedule_sanitary_inspection(
    *, permit: Permit, scheduled_for: dt.date, inspector, acting_user: User
):
    """Schedule the §6 sanitary inspection of a stable with a permit, on the shared
    inspection screen (check ``northborough.sanitary_inspection``), at the stable's site as
    it stands on file (the keeper may live elsewhere)."""
    if permit.permit_type.code not in STABLE_PERMIT_TYPES:
        raise DomainError("Sanitary inspections are scheduled for stable permits.",
                          field="permit")
    site = permit.application.stable_application.stable.property
    return schedule_inspection(
        municipality=permit.municipality,
        check_code=SANITARY_INSPECTION,
        scheduled_for=scheduled_for,
        inspector=inspector,
        acting_user=acting_user,
        permit=permit,
        address=site.full_address,
    )


# -- Pages' data ------------------------------------------------------------------------


def permit_in_force(stable: Stable, *, on: dt.date) -> Permit | None:
    """The stable's permit in force on ``on`` (the newest, should a renewal overlap)."""
    return (
        Permit.objects.filter(
            application__stable_application__stable=stable,
            status=PermitStatus.ACTIVE,
            valid_from__lte=on,
            valid_through__gte=on,
        )
        .select_related("permit_type", "municipality")
        .order_by("-issued_at")
        .first()
    )


def keeper_panel(user) -> dict[str, Any]:
    """The resident's stables with their latest permit and draft, and their horses (kept
    at their stables or boarded elsewhere) with the certificate flag.

    One query for a resident with neither, three otherwise, whatever their number.
    """
    if not user.is_authenticated:
        return {}
    own_horses = Horse.objects.filter(owner=user, kept_until__isnull=True)
    stables = (
        Stable.objects.filter(Q(keeper=user) | Q(horses__in=own_horses))
        .distinct()
        .select_related("property")
        .prefetch_related(
            Prefetch(
                "applications",
                queryset=StableApplication.objects.select_related(
                    "application__permit__permit_type"
                ).order_by("-application__created_at"),
            ),
            Prefetch(
                "horses",
                queryset=own_horses.select_related("registration__permit"),
                to_attr="own_horses",
            ),
        )
    )
    today = timezone.localdate()
    return {
        "stables": [
            _stable_row(stable, user=user, on=today)
            for stable in stables
            if stable.keeper_id == user.pk
        ],
        "horses": [
            (horse, horse.certificate_flag(on=today))
            for stable in stables
            for horse in stable.own_horses
        ],
    }


def _stable_row(stable: Stable, *, user, on: dt.date) -> dict[str, Any]:
    """One stable of the keeper's panel: its latest permit with its status on ``on``, where
    its holder renews it (``renewable``: the core's answer, the "Renew" of My permits; None
    while no renewal is offered) and the keeper's draft."""
    applications = [details.application for details in stable.applications.all()]
    permits = [application.permit for application in applications
               if hasattr(application, "permit")]
    permit = max(permits, key=lambda permit: permit.issued_at, default=None)
    status = permit.effective_status(on) if permit else None
    own_permit = permit is not None and permit.holder_id == user.pk
    return {
        "stable": stable,
        "permit": permit,
        "status": STATUS_WORDS[PermitStatus(status)] if status else "",
        "renewable": renewal_url(permit) if own_permit else None,
        "draft": next(
            (
                application
                for application in applications
                if transitions.can_edit(application) and application.applicant_id == user.pk
            ),
            None,
        ),
    }


def review_panel_context(application: Application, user) -> dict[str, Any]:
    """What the office sees of the stable on the review screen."""
    details = stable_details(application)
    if details is None:
        return {}
    stable = details.stable
    return {
        "details": details,
        "stable": stable,
        "standing": expansion_standing(stable),
        "expansions": list(stable.expansions.select_related("recorded_by")),
        "grandfathered_claimed": bool(application.facts.get("grandfathered")),
        # The clerk's sign-offs (§2.3, §4.1, §2.5), never on their own application.
        "may_record": permissions.clerk_step(user, application),
        "today": timezone.localdate(),
    }
