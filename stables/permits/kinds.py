"""How the core judges, prices and issues Northborough's private (§2) and public (§7) stable
permits (Board of Health Horse and Stable Regulations): what they declare, and the services
that start and change their applications."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from django.utils import timezone
from django.utils.text import capfirst
from django.utils.translation import gettext_noop

from permits_site.exceptions import DomainError
from permits_site.licensing.declarations import (
    PERMIT_FIELD,
    PROPERTY_FIELD,
    REFERENCE,
    About,
    AnnualTerm,
    DeclaredDocument,
    DeclaredField,
    FactSource,
    Gate,
    Purpose,
    VarianceNotice,
    detail_field,
    fact_field,
    reference_field,
)
from permits_site.licensing.kinds import Blocker, PermitKind, display_value
from permits_site.licensing.models import Application, Permit, PermitStatus
from permits_site.rules.base import FactType
from permits_site.rules.calendar import anniversary_eve, days_after, year_end
from permits_site.rules.wording import explain
from stables.facts import OFFICE_FACTS, OFFICE_RULES, office_facts
from stables.law import cite
from stables.models import PLAN_ITEMS, Occupancy, StableApplication
from stables.permits.services import (
    apply_for_stable_permit,
    keeper_panel,
    renew_stable_permit,
    review_panel_context,
    stable_details,
    stable_permit_issued,
    status_in_words,
    transfer_stable_permit,
    transferable_permit,
    update_stable_draft,
)
from stables.permits.statements import STATEMENTS
from stables.rules import HEARING_NOTICE_DAYS

if TYPE_CHECKING:
    from permits_site.accounts.models import User

PLOT_PLAN = "plot_plan"
STABLE_PLAN = "stable_plan"
TRANSFEROR_NOTICE = "transfer_notice_transferor"
TRANSFEREE_NOTICE = "transfer_notice_transferee"
OTHER_DATA = "other_data"

NEW, RENEWAL, TRANSFER = "new", "renewal", "transfer"
#: Whether the applicant maintains the stable as its owner or occupant (§2.2), with the word the
#: generated form shows each by, marked for the catalogues.
OCCUPANCY_WORDS = {Occupancy.OWNER.value: gettext_noop("Owner"),
                   Occupancy.OCCUPANT.value: gettext_noop("Occupant")}
#: The actions whose application describes the stable: its plan items and the answers to the
#: rule set (a transfer keeps the permit's, §2.4).
DESCRIBED = (NEW, RENEWAL)


def _plan_item_field(name: str) -> DeclaredField:
    """One of the items (a)–(f) the stable plan shows (§2.2), described in words."""
    model_field = StableApplication._meta.get_field(name)
    return detail_field(name, FactType.TEXT, capfirst(model_field.verbose_name),
                        actions=DESCRIBED, required=not model_field.blank)


#: What a stable application's ``details`` take besides the resident's answers.
STABLE_FIELDS = (
    reference_field(PROPERTY_FIELD, gettext_noop("The stable's site"), references="property",
                    actions=(NEW,),
                    help=gettext_noop("The property in Northborough where the stable stands; "
                                      "you may live elsewhere.")),
    reference_field(PERMIT_FIELD, gettext_noop("The stable permit renewed"),
                    references="permit", actions=(RENEWAL,)),
    detail_field("permit_number", FactType.TEXT,
                 gettext_noop("Number of the permit being transferred"), actions=(TRANSFER,),
                 help_text=gettext_noop("As on the permit or the transferor's notice, e.g. "
                                        "PVS-2027-00012.")),
    detail_field("address", FactType.TEXT, gettext_noop("Street address of the stable"),
                 actions=(TRANSFER,),
                 help_text=gettext_noop("As the transferor's notice gives it (§2.4).")),
    detail_field("occupancy", FactType.CHOICE, gettext_noop("Owner or occupant of the stable"),
                 choices=tuple(OCCUPANCY_WORDS), actions=(NEW, TRANSFER),
                 help_text=gettext_noop("The applicant is the person maintaining the stable, "
                                        "as owner or occupant (§2.2).")),
    *(_plan_item_field(name) for name in PLAN_ITEMS),
    detail_field("changes_made", FactType.TEXT,
                 gettext_noop("Changes made since the last permit"), actions=(RENEWAL,),
                 help_text=gettext_noop('A renewal specifies the changes made (§2.2); write '
                                        '"No changes" if there are none.')),
)


#: The refusal of a renewal or transfer asked on another type's form, by the action.
OTHER_TYPES_FORM = {
    RENEWAL: gettext_noop("Permit %(number)s is a %(name)s; renew it on the %(form)s form."),
    TRANSFER: gettext_noop("Permit %(number)s is a %(name)s; take it over on the %(form)s "
                           "form."),
}


def _same_type(permit: Permit, permit_type, *, field: str, action: str) -> None:
    """A renewal or transfer is applied for on the form of the permit's own type: a private
    stable's fees and rules are not a public one's (§2.2, §2.4, §7.1)."""
    if permit.permit_type_id != permit_type.pk:
        name = permit.permit_type.name
        raise DomainError(explain(OTHER_TYPES_FORM[action], number=permit.number, name=name,
                                  form=name.lower()), field=field)


class StablePermitKind(PermitKind):
    """What private (§2) and public (§7) stable permits share."""

    about = About.PROPERTY
    place_label = gettext_noop("Stable site")
    statements = STATEMENTS
    purposes = (Purpose.KEEP_HORSES,)
    extra_fields = STABLE_FIELDS
    documents = (
        DeclaredDocument(PLOT_PLAN, gettext_noop("Plot plan (the lot, the stable, contour and "
                                                 "drainage, roughly to scale)"),
                         cite("2.2"), actions=DESCRIBED),
        DeclaredDocument(STABLE_PLAN, gettext_noop("Stable plan (items (a)–(e))"), cite("2.2"),
                         actions=DESCRIBED),
        DeclaredDocument(TRANSFEROR_NOTICE, gettext_noop("Written notice of the transfer from "
                                                         "the transferor"),
                         cite("2.4"), actions=(TRANSFER,)),
        DeclaredDocument(TRANSFEREE_NOTICE, gettext_noop("Written notice of the transfer from "
                                                         "the transferee"),
                         cite("2.4"), actions=(TRANSFER,)),
        DeclaredDocument(OTHER_DATA, gettext_noop("Other data the Board of Health requested"),
                         cite("2.2"), required=False, actions=DESCRIBED),
    )
    list_related = ("stable_application__stable__property__municipality", "previous_permit")
    review_panel = "stables/review_panel.html"
    #: The zoning certification (§2.3) and the Conservation Commission review (§4.1) reach
    #: the Board from those bodies: until the office records them they wait on the office.
    rule_gates = {rule_id: Gate.OFFICE_SIGNOFFS for rule_id in OFFICE_RULES}
    fact_sources = {name: FactSource.OFFICE for name in OFFICE_FACTS}
    own_gates = (Gate.OFFICE_SIGNOFFS, Gate.RULES_MET)
    variance_signatures_required = 1
    variance_citation = cite("8.2")
    #: A variance is granted in writing and, while in effect, a copy is available to the
    #: public at the Board of Health's office (§8.2).
    variance_notice = VarianceNotice(
        noun="variance",
        kept="While it is in effect, a copy of this variance is available to the public at "
             "the office of the Board of Health.",
        link="Copy of the variance for the Board of Health's office",
        public_register=True,
    )
    hearing_notice_days = HEARING_NOTICE_DAYS
    hearing_citation = cite("2.2")
    hearing_notice_by_certified_mail = True

    # -- the declaration -----------------------------------------------------

    def pending_office_facts(self, permit_type) -> dict[str, Any]:
        """No zoning certification (§2.3) nor Conservation Commission review (§4.1) yet."""
        return office_facts(None)

    def fields(self, permit_type) -> tuple[DeclaredField, ...]:
        """The site (new), the permit (renewal) or the transferor's notice (transfer), the
        occupancy, the §2.2 items, then every answer of the rule set that is the
        resident's — asked of a new permit and a renewal, not of a transfer."""
        sources = self.facts_from(permit_type)
        answers = tuple(
            fact_field(fact, actions=DESCRIBED)
            for fact in self.rule_set_for(permit_type).facts
            if sources[fact.name] == FactSource.FIELD
        )
        return (*self.extra_fields, *answers)

    def start_application(self, *, applicant, permit_type, action: str, details,
                          acting_user: User | None = None) -> Application:
        """A new permit for the stable on the named site (§2.2, §7.1), a renewal (§2.2) or
        a transfer (§2.4), by the services the pages use."""
        values = details.values
        if action == TRANSFER:
            followed = transferable_permit(applicant=applicant,
                                           permit_number=values["permit_number"],
                                           address=values["address"])
            _same_type(followed, permit_type, field="permit_number", action=TRANSFER)
            return transfer_stable_permit(
                applicant=applicant, permit_number=values["permit_number"],
                address=values["address"], occupancy=values["occupancy"],
                acting_user=acting_user,
            )
        if action == RENEWAL:
            permit = details.records[PERMIT_FIELD]
            _same_type(permit, permit_type, field=PERMIT_FIELD, action=RENEWAL)
            return renew_stable_permit(
                applicant=applicant, permit=permit, items=values, facts=details.facts,
                acting_user=acting_user,
            )
        return apply_for_stable_permit(
            applicant=applicant, permit_type_code=permit_type.code,
            site=details.records[PROPERTY_FIELD], occupancy=values["occupancy"], items=values,
            facts=details.facts, acting_user=acting_user,
        )

    def update_details(self, application, details, *, acting_user: User) -> Application:
        """Replace a draft's details; a renewal or transfer keeps the permit it follows up."""
        values = details.values
        if application.action == TRANSFER:
            followed = transferable_permit(
                applicant=application.applicant, permit_number=values["permit_number"],
                address=values["address"],
            )
        else:
            followed = details.records.get(PERMIT_FIELD)
        if followed is not None and followed.pk != application.previous_permit_id:
            field = "permit_number" if application.action == TRANSFER else PERMIT_FIELD
            raise DomainError(gettext_noop("A draft follows up the permit it was started "
                                           "for; withdraw it to apply for another."),
                              field=field)
        described = application.action in DESCRIBED
        return update_stable_draft(
            application=application, acting_user=acting_user,
            items=values if described else None, facts=details.facts if described else None,
            site=details.records.get(PROPERTY_FIELD), occupancy=values.get("occupancy", ""),
        )

    def represent_details(self, application) -> dict[str, Any]:
        """The declared fields of the application's action, as a client sends them."""
        known = self._declared_values(application)
        if known is None:
            return super().represent_details(application)
        return {
            declared.name: known[declared.name]
            for declared in self.fields(application.permit_type)
            if declared.applies_to(application.action)
            and known.get(declared.name) not in (None, "")
        }

    def _declared_values(self, application) -> dict[str, Any] | None:
        details = stable_details(application)
        if details is None:
            return None
        previous = application.previous_permit
        return {
            PROPERTY_FIELD: application.place_id,
            PERMIT_FIELD: application.previous_permit_id,
            "permit_number": previous.number if previous else None,
            "address": details.stable.address,
            "occupancy": details.occupancy,
            "changes_made": details.changes_made,
            **{name: getattr(details, name) for name in PLAN_ITEMS},
            **application.facts,
        }

    # -- rules and documents -------------------------------------------------

    def recorded_facts(self, application, *, on: dt.date) -> dict[str, Any]:
        """The zoning certification (§2.3) and the Conservation Commission review (§4.1) as
        the office recorded them."""
        return office_facts(stable_details(application))

    def extra_blockers(self, application) -> list[Blocker]:
        found = []
        details = stable_details(application)
        confirmed = details is not None and details.stable.grandfathered
        if application.facts.get("grandfathered") and not confirmed:
            found.append(
                Blocker(
                    "stable.grandfathered",
                    gettext_noop("The applicant says the stable is grandfathered; the office "
                                 "has not confirmed its permit under the rules in force before "
                                 "May 2, 1990."),
                    cite("2.5"),
                    Gate.OFFICE_SIGNOFFS,
                )
            )
        previous = application.previous_permit
        if application.action == TRANSFER and previous is not None:
            found += self._transfer_blockers(previous)
        return found

    def _transfer_blockers(self, previous: Permit) -> list[Blocker]:
        status = previous.effective_status(timezone.localdate())
        if status == PermitStatus.ACTIVE:
            return []
        return [
            Blocker(
                "stable.transfer_of_inactive_permit",
                explain(gettext_noop("Permit %(number)s is %(status)s; only a permit in force "
                                     "can be transferred. Apply for a renewal or a new permit."),
                        number=previous.number, status=status_in_words(status)),
                cite("2.4"),
                Gate.RULES_MET,
            )
        ]

    # -- issuing -------------------------------------------------------------

    def term_end(self, valid_from: dt.date) -> dt.date:
        """The last day of a term starting on ``valid_from``."""
        raise NotImplementedError

    def term(self, application, *, issued_on: dt.date) -> tuple[dt.date, dt.date]:
        """A new permit runs from its issue date. A renewal continues the permit it renews,
        from the day after that one ends when renewed early; a transfer hands over the
        permit in force and keeps its end date (§2.4, §7.1)."""
        previous = application.previous_permit
        if application.action == TRANSFER and previous is not None:
            return issued_on, previous.valid_through
        valid_from = issued_on
        if application.action == RENEWAL and previous is not None:
            valid_from = max(issued_on, days_after(previous.valid_through, 1))
        return valid_from, self.term_end(valid_from)

    def license_year(self, application, *, on: dt.date) -> int:
        return self.term(application, issued_on=on)[0].year

    def after_issue(self, application, permit: Permit, *, acting_user: User) -> None:
        details = stable_details(application)
        if details is not None:
            stable_permit_issued(details=details, permit=permit)

    def document_context(self, permit: Permit) -> dict[str, Any]:
        """Besides the stable's site (the permit's property): its parcel, the declared
        answers the Board issued it on — the horses, areas and distances of §§3–5 and §7,
        each with its unit, as the core prints every type's — and a confirmed grandfathered
        status (§2.5)."""
        details = stable_details(permit.application)
        if details is None:
            return super().document_context(permit)
        stable = details.stable
        rows = {}
        if stable.property.parcel:
            rows[gettext_noop("Assessors' parcel")] = stable.property.parcel
        rows.update(super().document_context(permit))
        if stable.grandfathered:
            rows[gettext_noop("Grandfathered")] = (
                f"Permitted under the rules in force before May 2, 1990 (§2.5): "
                f"{stable.grandfathered_note}")
        return rows

    # -- pages ---------------------------------------------------------------

    def describe(self, application) -> str:
        place = application.place
        return place.address if place else application.permit_type.name

    def summary(self, application) -> list[tuple[str, str]]:
        """The stable's site, then the declared fields of the action, as answered."""
        known = self._declared_values(application)
        if known is None:
            return super().summary(application)
        site = stable_details(application).stable.property
        return [
            (gettext_noop("Stable"), site.full_address),
            (gettext_noop("Assessors' parcel"), site.parcel or "Not given"),
            *(
                (declared.label, display_value(declared, known[declared.name]))
                for declared in self.fields(application.permit_type)
                if declared.type != REFERENCE and declared.applies_to(application.action)
                and known.get(declared.name) not in (None, "")
            ),
        ]

    def review_context(self, application, user) -> dict[str, Any]:
        return review_panel_context(application, user)


class PrivateStableKind(StablePermitKind):
    code = "northborough.private_stable"
    who_needs_it = explain(gettext_noop(
        "Any private stable proposed to be constructed or substantially (25%% or more) expanded "
        "in size must first be granted a private stable permit by the Board of Health "
        "(%(section)s). The applicant is the person maintaining the private stable, whether as "
        "owner or occupant (%(section_applicant)s)."),
        section=cite("2.1"), section_applicant=cite("2.2"))
    dashboard_panel = "stables/dashboard_panel.html"
    #: A year from issuance (§2.2), not a license year.
    annual = None

    def term_end(self, valid_from: dt.date) -> dt.date:
        """"Licenses issued will expire one year from the date of issuance" (§2.2): through
        the day before the anniversary."""
        return anniversary_eve(valid_from)

    def term_outlasts(self, permit: Permit, days: int) -> bool:
        """A year from issuance (§2.2), even for a transfer that keeps the end date of the
        permit it hands over in its last weeks (§2.4): its new holder hears of the renewal
        on its first day in force."""
        return True

    def panel_context(self, user) -> dict[str, Any]:
        return keeper_panel(user)


class PublicStableKind(StablePermitKind):
    code = "northborough.public_stable"
    who_needs_it = explain(gettext_noop(
        "A place where horses and/or riding instruction are provided for a fee, or, if no fee, "
        "a stable where three or more horses are kept, provided the occupants/owners of the "
        "horses reside at different locations, is a public stable (%(section)s); its permit "
        "is renewable annually each January 1st (%(section_renewal)s)."),
        section=cite("1.1"), section_renewal=cite("7.1"))
    #: Through December 31, renewable each January 1 (§7.1); the text sets no day before it.
    annual = AnnualTerm(citation=cite("7.1"))

    def term_end(self, valid_from: dt.date) -> dt.date:
        """"Renewable annually each January 1st" (§7.1): through December 31."""
        return year_end(valid_from)
