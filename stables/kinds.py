"""How the core judges, prices and issues Northborough's stable permits and horse registrations
(Board of Health Horse and Stable Regulations)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.utils import timezone
from django.utils.text import capfirst

from permits_site.licensing.fact_forms import humanize
from permits_site.licensing.declarations import FactSource, Gate
from permits_site.licensing.kinds import Blocker, PermitKind, RequiredDocument
from permits_site.licensing.models import Application, Permit, PermitStatus
from permits_site.rules.calendar import anniversary_eve, days_after, format_date, year_end
from permits_site.rules.registry import get_rule_set
from stables.facts import OFFICE_FACTS, OFFICE_RULES, office_facts
from stables.rules import HEARING_NOTICE_DAYS

CITE = "Northborough Horse & Stable Regs "

PLOT_PLAN = "plot_plan"
STABLE_PLAN = "stable_plan"
TRANSFEROR_NOTICE = "transfer_notice_transferor"
TRANSFEREE_NOTICE = "transfer_notice_transferee"
OTHER_DATA = "other_data"
INOCULATION_CERTIFICATE = "inoculation_certificate"

STABLE_DOCUMENT_KINDS = {
    PLOT_PLAN: "Plot plan",
    STABLE_PLAN: "Stable plan",
    TRANSFEROR_NOTICE: "Transfer notice from the current holder (transferor)",
    TRANSFEREE_NOTICE: "Transfer notice from the new owner or occupant (transferee)",
    OTHER_DATA: "Other data the Board of Health requested",
}

PLANS = (
    RequiredDocument(
        kinds=(PLOT_PLAN,),
        label="The plot plan (lot, stable, contour and drainage, roughly to scale)",
        citation=CITE + "§2.2",
    ),
    RequiredDocument(
        kinds=(STABLE_PLAN,),
        label="The proposed stable plan (items (a)–(e))",
        citation=CITE + "§2.2",
    ),
)
TRANSFER_NOTICES = (
    RequiredDocument(
        kinds=(TRANSFEROR_NOTICE,),
        label="Written notice of the transfer from the transferor",
        citation=CITE + "§2.4",
    ),
    RequiredDocument(
        kinds=(TRANSFEREE_NOTICE,),
        label="Written notice of the transfer from the transferee",
        citation=CITE + "§2.4",
    ),
)

#: A horse stays registered until it leaves town (B): the registration has no end date, and
#: this stands for "no end" in ``Permit.valid_through``, which cannot be empty.
REGISTERED_UNTIL_THE_HORSE_LEAVES = dt.date.max


def stable_details(application: Application):
    """The application's stable details, or None for a draft the API started with facts only."""
    return getattr(application, "stable_application", None)


def _fact_value(fact, value: Any) -> str:
    if isinstance(value, bool):
        return "Yes" if value else "No"
    if fact.choices:
        return humanize(value)
    return f"{value} {fact.unit}".strip() if fact.unit else str(value)


class StablePermitKind(PermitKind):
    """What private (§2) and public (§7) stable permits share."""

    list_related = ("stable_application__stable",)
    review_panel = "stables/review_panel.html"
    #: The zoning certification (§2.3) and the Conservation Commission review (§4.1) reach
    #: the Board from those bodies: until the office records them they wait on the office.
    rule_gates = {rule_id: Gate.OFFICE_SIGNOFFS for rule_id in OFFICE_RULES}
    fact_sources = {name: FactSource.OFFICE for name in OFFICE_FACTS}
    own_gates = (Gate.OFFICE_SIGNOFFS, Gate.RULES_MET)
    variance_signatures_required = 1
    variance_citation = CITE + "§8.2"
    hearing_notice_days = HEARING_NOTICE_DAYS
    hearing_citation = CITE + "§2.2"
    document_kinds = STABLE_DOCUMENT_KINDS

    # -- rules and documents -------------------------------------------------

    def application_facts(self, application, *, on: dt.date) -> dict[str, Any]:
        """The applicant's answers, with the zoning certification and the Conservation
        Commission review as the office recorded them (§2.3, §4.1)."""
        rule_set = get_rule_set(self.check_code(application))
        return rule_set.parse({**application.facts, **office_facts(stable_details(application))})

    def required_documents(self, application) -> list[RequiredDocument]:
        """Plot plan and stable plan (§2.2); a transfer, both parties' written notices (§2.4)."""
        if application.action == "transfer":
            return list(TRANSFER_NOTICES)
        return list(PLANS)

    def extra_blockers(self, application) -> list[Blocker]:
        found = []
        details = stable_details(application)
        confirmed = details is not None and details.stable.grandfathered
        if application.facts.get("grandfathered") and not confirmed:
            found.append(
                Blocker(
                    "stable.grandfathered",
                    "The applicant says the stable is grandfathered; the office has not "
                    "confirmed its permit under the rules in force before May 2, 1990.",
                    CITE + "§2.5",
                    Gate.OFFICE_SIGNOFFS,
                )
            )
        previous = application.previous_permit
        if application.action == "transfer" and previous is not None:
            found += self._transfer_blockers(previous)
        return found

    def _transfer_blockers(self, previous: Permit) -> list[Blocker]:
        status = previous.effective_status(timezone.localdate())
        if status == PermitStatus.ACTIVE:
            return []
        return [
            Blocker(
                "stable.transfer_of_inactive_permit",
                f"Permit {previous.number} is {PermitStatus(status).label.lower()}; only a "
                "permit in force can be transferred. Apply for a renewal or a new permit.",
                CITE + "§2.4",
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
        if application.action == "transfer" and previous is not None:
            return issued_on, previous.valid_through
        valid_from = issued_on
        if application.action == "renewal" and previous is not None:
            valid_from = max(issued_on, days_after(previous.valid_through, 1))
        return valid_from, self.term_end(valid_from)

    def license_year(self, application, *, on: dt.date) -> int:
        return self.term(application, issued_on=on)[0].year

    def after_issue(self, application, permit: Permit, *, acting_user) -> None:
        from stables.services import stable_permit_issued

        details = stable_details(application)
        if details is not None:
            stable_permit_issued(details=details, permit=permit)

    def document_context(self, permit: Permit) -> dict[str, Any]:
        details = stable_details(permit.application)
        if details is None:
            return {}
        stable = details.stable
        facts = permit.application.facts
        rows = {"Stable": stable.address}
        if stable.parcel:
            rows["Assessors' parcel"] = stable.parcel
        rows["Horses"] = str(facts.get("horses", ""))
        if stable.grandfathered:
            rows["Grandfathered"] = f"Yes (§2.5): {stable.grandfathered_note}"
        return rows

    # -- pages ---------------------------------------------------------------

    def describe(self, application) -> str:
        details = stable_details(application)
        return details.stable.address if details else application.permit_type.name

    def summary(self, application) -> list[tuple[str, str]]:
        details = stable_details(application)
        rows: list[tuple[str, str]] = []
        if details is not None:
            stable = details.stable
            rows += [
                ("Stable", stable.address),
                ("Assessors' parcel", stable.parcel or "Not given"),
                ("The applicant maintains it as", details.get_occupancy_display()),
            ]
            rows += [
                (capfirst(field.verbose_name), value)
                for field, value in details.plan_items()
                if value
            ]
        rule_set = get_rule_set(self.check_code(application))
        facts = rule_set.fact_map
        rows += [
            (facts[name].label, _fact_value(facts[name], value))
            for name, value in application.facts.items()
            if name in facts
        ]
        return rows

    def review_context(self, application, user) -> dict[str, Any]:
        from stables.services import review_panel_context

        return review_panel_context(application, user)


class PrivateStableKind(StablePermitKind):
    code = "northborough.private_stable"
    dashboard_panel = "stables/dashboard_panel.html"

    def term_end(self, valid_from: dt.date) -> dt.date:
        """"Licenses issued will expire one year from the date of issuance" (§2.2): through
        the day before the anniversary."""
        return anniversary_eve(valid_from)

    def panel_context(self, user) -> dict[str, Any]:
        from stables.services import keeper_panel

        return keeper_panel(user)


class PublicStableKind(StablePermitKind):
    code = "northborough.public_stable"

    def term_end(self, valid_from: dt.date) -> dt.date:
        """"Renewable annually each January 1st" (§7.1): through December 31."""
        return year_end(valid_from)


class HorseRegistrationKind(PermitKind):
    """Every horse kept in town is registered, no fee, with its certificate of inoculation
    against equine encephalitis and tetanus (B, §3.2)."""

    code = "northborough.horse_registration"
    list_related = ("horse__stable",)
    document_kinds = {
        INOCULATION_CERTIFICATE: "Certificate of inoculation against EEE and tetanus"
    }

    def required_documents(self, application) -> list[RequiredDocument]:
        return [
            RequiredDocument(
                kinds=(INOCULATION_CERTIFICATE,),
                label="The veterinarian's certificate of inoculation against equine "
                "encephalitis and tetanus",
                citation=CITE + "§3.2",
            )
        ]

    def term(self, application, *, issued_on: dt.date) -> tuple[dt.date, dt.date]:
        """Registered from issue until the horse leaves town; the certificate's age is
        tracked on the horse, not by the registration's term."""
        return issued_on, REGISTERED_UNTIL_THE_HORSE_LEAVES

    def document_context(self, permit: Permit) -> dict[str, Any]:
        horse = getattr(permit.application, "horse", None)
        if horse is None:
            return {}
        rows = {
            "Horse": horse.name,
            "Description": horse.description,
            "Kept at": horse.stable.address,
            "Registered": "Until the horse leaves town (B)",
        }
        if horse.certificate_dated:
            rows["EEE and tetanus certificate"] = (
                f"Dated {format_date(horse.certificate_dated)}; renew it yearly (§3.2)"
            )
        return rows

    def describe(self, application) -> str:
        horse = getattr(application, "horse", None)
        return f"{horse.name} at {horse.stable.address}" if horse else application.permit_type.name

    def summary(self, application) -> list[tuple[str, str]]:
        horse = getattr(application, "horse", None)
        if horse is None:
            return []
        return [
            ("Horse", horse.name),
            ("Description", horse.description),
            ("Kept at", horse.stable.address),
            (
                "Inoculation certificate dated",
                format_date(horse.certificate_dated) if horse.certificate_dated else "Not filed",
            ),
        ]
