"""How the core prices, judges and issues a North Andover dog license (Code ch. 60, Licenses A)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import replace
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from django.db.models import Prefetch
from django.urls import reverse
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import gettext, gettext_noop

from dogs.law import cite
from dogs.licenses.exemptions import may_record as may_record_exemption
from dogs.licenses.services import (
    LICENSING_ACTIONS,
    apply_for_dog_license,
    dogs_kept_at,
    dogs_with_licenses,
    holds_or_awaits,
    kennel_licensed,
    license_years_on_offer,
    move_to_license_year,
    update_dog_license,
)
from dogs.models import RABIES_CERTIFICATE, RABIES_EXEMPTION, DogTag
from dogs.rules import rabies_is_current
from permits_site.accounts import permissions
from permits_site.licensing.declarations import (
    PERMIT_FIELD,
    RENEWAL,
    About,
    AnnualTerm,
    DeclaredDocument,
    DeclaredField,
    FactSource,
    Holder,
    ParsedDetails,
    Purpose,
    detail_field,
    reference_field,
)
from permits_site.licensing.kinds import PermitKind, QuoteRequest
from permits_site.licensing.models import DocumentStatus, Permit
from permits_site.licensing.services.numbering import allocate_number
from permits_site.licensing.templatetags.localised import long_date
from permits_site.rules.base import Fact, FactType
from permits_site.rules.calendar import is_past_key_date, year_end
from permits_site.rules.fees import FeeLine, item, line_for, parse_quote_facts
from permits_site.rules.registry import town_law
from permits_site.rules.wording import explain

if TYPE_CHECKING:
    from permits_site.accounts.models import User

OTHER_TOWN_LICENSE = "other_town_license"
DOCUMENTS = (
    DeclaredDocument(RABIES_CERTIFICATE, gettext_noop("Rabies vaccination certificate"),
                     cite("Licenses A(1)"), one_of="rabies", actions=LICENSING_ACTIONS),
    DeclaredDocument(RABIES_EXEMPTION, gettext_noop("Veterinarian's rabies exemption certificate"),
                     cite("Licenses A(1)"), one_of="rabies", actions=LICENSING_ACTIONS),
    DeclaredDocument(OTHER_TOWN_LICENSE, gettext_noop("License surrendered from another town"),
                     cite("Licenses A(4)"), actions=("transfer",)),
)
DOCUMENT_KINDS = {document.kind: document.label for document in DOCUMENTS}
PRICED_BY_NEUTER_STATUS = ("new", "renewal")
#: The two fees of a dog licensed or renewed, spayed or neutered and intact (A(9)).
NEUTER_RATES = ("spayed_neutered", "intact")
LICENSE_YEAR = Fact(
    "license_year",
    FactType.INTEGER,
    gettext_noop("License year"),
    required=False,
    minimum=1900,
    maximum=2200,
    help_text=gettext_noop("Defaults to the year of the quote."),
)
SPAYED_NEUTERED = Fact("spayed_neutered", FactType.BOOL,
                       gettext_noop("Is the dog spayed or neutered?"))
QUOTE_FACTS = (SPAYED_NEUTERED, LICENSE_YEAR)
OPTIONAL_QUOTE_FACTS = (replace(SPAYED_NEUTERED, required=False), LICENSE_YEAR)
DOG_FIELD = reference_field("dog", gettext_noop("The dog"), references="dog",
                            help=gettext_noop("One of the owner's registered dogs still kept "
                                              "in town."))
#: A transfer names the license surrendered from another town (Licenses A(4)).
SURRENDERED_LICENSE_FIELDS = (
    detail_field("previous_jurisdiction", FactType.TEXT, gettext_noop("Previous town and state"),
                 actions=("transfer",),
                 help_text=gettext_noop("Where the license you surrender was issued "
                                        "(Licenses A(4)).")),
    detail_field("previous_license_number", FactType.TEXT,
                 gettext_noop("Previous license number"), actions=("transfer",)),
)


def license_year_field(today: dt.date) -> DeclaredField:
    """This year's license or, once next year's forms are out, next year's (A(7), A(8)):
    the form offers the later of the two, as the dashboard's dog license form does."""
    years_sold = explain(gettext_noop("The license year is %(first)s or %(last)s (%(section)s)."),
                         first=str(today.year), last=str(today.year + 1),
                         section=cite("Licenses A(8)"))
    return detail_field("license_year", FactType.INTEGER, gettext_noop("License year"),
                        minimum=today.year, maximum=today.year + 1,
                        minimum_text=years_sold, maximum_text=years_sold,
                        default=license_years_on_offer(today)[0],
                        help_text=gettext_noop("The license year runs January 1 to December 31."))


#: The fee item of a license renewed after its due date (A(8)).
LATE_FEE = "late_fee"


def late_fee_due(*, license_year: int, on: dt.date, calendar) -> bool:
    """A renewal after the due date of its license year owes the late fee (Licenses A(8)).

    On the due date itself no late fee is owed; from the next day it is.
    """
    due = town_law("north_andover").key_dates["dog_license_due"]
    return is_past_key_date(due, license_year, on, calendar)


class DogLicenseKind(PermitKind):
    """A license for one dog kept at a residence in town (Licenses A).

    The application names the dog and the license year (and, for a transfer,
    the license surrendered). The rule set reads the dog's record (its age,
    whether it is spayed or neutered, the dogs kept at its residence and the
    residence's kennel license), the rabies documents and the action; of its
    facts the applicant answers only when the dog arrived.
    """

    code = "north_andover.dog_license"
    holder = Holder.PERSON
    about = About.ANIMAL
    purposes = (Purpose.KEEP_DOGS,)
    who_needs_it = explain(gettext_noop(
        "All dogs six months and older, while residing in the Town of North Andover, must have "
        "a license from the Town Clerk; a new dog within 30 days of its acquisition, a puppy "
        "within six months of its birth, a new resident's dog within 30 days after moving in "
        "(%(section)s)."), section=cite("Licenses A"))
    #: The rabies certificate's expiry and the exemption's end are the rule set's rabies
    #: facts (Licenses A(1)).
    expiry_facts = {RABIES_CERTIFICATE: "rabies_vaccination_expires",
                    RABIES_EXEMPTION: "rabies_exemption_until"}
    fact_sources = {
        "date_of_birth": FactSource.RECORD,
        "spayed_neutered": FactSource.RECORD,
        "dogs_at_residence_over_6_months": FactSource.RECORD,
        "kennel_license": FactSource.RECORD,
        **{fact: FactSource.DOCUMENT for fact in expiry_facts.values()},
        "renewal": FactSource.APPLICATION,
    }
    documents = DOCUMENTS
    amending_actions = ("replacement_tag",)
    #: A rabies proof serves a license only while it is valid on the license's first day
    #: (Licenses A(1), A(7)): one issued for next year in December is judged by the rabies
    #: rule again on January 1, as the certificate on file is chosen for that year.
    year_bound_rules = (rabies_is_current.id,)
    list_related = ("dog_license__dog",)
    dashboard_panel = "dogs/dashboard_panel.html"
    review_panel = "dogs/review_panel.html"
    #: The license year runs Jan 1–Dec 31 (A(7)); next year's forms are out in December
    #: (A(8)) and the office sells next year's license from December 1 (spec
    #: ``lifecycle.md``, North Andover corrections).
    annual = AnnualTerm(citation=cite("Licenses A(7)"), next_year_from=(12, 1))

    # -- fees ----------------------------------------------------------------

    def parse_quote_facts(self, facts: Mapping[str, Any], *, action: str) -> dict[str, Any]:
        """``spayed_neutered`` (required for new and renewal) and ``license_year``."""
        declared = QUOTE_FACTS if action in PRICED_BY_NEUTER_STATUS else OPTIONAL_QUOTE_FACTS
        return parse_quote_facts(facts, permit_type=self.code, facts=declared)

    def price(self, request: QuoteRequest) -> list[FeeLine]:
        """Spayed/neutered or intact fee (A(9)); late fee on a late renewal (A(8))."""
        action = request.action
        if action not in PRICED_BY_NEUTER_STATUS:
            return [line_for(item(request.schedule, action), code=action)]
        spayed_neutered, intact = NEUTER_RATES
        rate = spayed_neutered if request.facts["spayed_neutered"] else intact
        lines = [line_for(item(request.schedule, rate), code=action)]
        license_year = request.facts.get("license_year") or request.on.year
        if action == "renewal" and late_fee_due(
            license_year=license_year, on=request.on, calendar=request.calendar
        ):
            lines.append(line_for(item(request.schedule, LATE_FEE)))
        return lines

    def main_items(self, action: str) -> tuple[str, ...]:
        """A new license or a renewal costs the spayed/neutered or the intact fee (A(9))."""
        return NEUTER_RATES if action in PRICED_BY_NEUTER_STATUS else (action,)

    def validate_schedule(self, amounts: Mapping[str, Decimal]) -> dict[str, str]:
        """Licenses A(9): the spayed/neutered fee must be lower than the intact fee."""
        spayed, intact = amounts.get("spayed_neutered"), amounts.get("intact")
        if spayed is not None and intact is not None and not spayed < intact:
            return {
                "spayed_neutered": (
                    f"The spayed/neutered fee (${spayed}) must be lower than the intact fee "
                    f"(${intact}) — {cite('Licenses A(9)')}."
                )
            }
        return {}

    def application_quote_facts(self, application, *, on: dt.date) -> dict[str, Any]:
        details = application.dog_license
        return {
            "spayed_neutered": details.dog.spayed_neutered,
            "license_year": details.license_year,
        }

    # -- applications ----------------------------------------------------------

    @property
    def extra_fields(self) -> tuple[DeclaredField, ...]:
        """The dog, the license year (bounded by today) and, for a transfer, the license
        surrendered; the rule set asks only when the dog arrived."""
        return (DOG_FIELD, license_year_field(timezone.localdate()), *SURRENDERED_LICENSE_FIELDS)

    def fields(self, permit_type) -> tuple[DeclaredField, ...]:
        """No ``permit`` reference: the license a renewal or a replacement tag follows is
        found from the dog's own licenses, and a transfer names the other town's license."""
        return tuple(declared for declared in super().fields(permit_type)
                     if declared.name != PERMIT_FIELD)

    def start_application(self, *, applicant, permit_type, action: str,
                          details: ParsedDetails, acting_user: User | None = None):
        return apply_for_dog_license(applicant=applicant, action=action,
                                     acting_user=acting_user, **_license_details(details))

    def update_details(self, application, details: ParsedDetails, *, acting_user: User):
        return update_dog_license(application=application, acting_user=acting_user,
                                  **_license_details(details))

    def represent_details(self, application) -> dict[str, Any]:
        """The declared fields of the application's action that have a value."""
        details = application.dog_license
        values = {
            "dog": details.dog_id,
            "license_year": details.license_year,
            "acquired_on": details.acquired_on and details.acquired_on.isoformat(),
            "moved_in_on": details.moved_in_on and details.moved_in_on.isoformat(),
            "previous_jurisdiction": details.previous_jurisdiction,
            "previous_license_number": details.previous_license_number,
        }
        return {
            declared.name: values[declared.name]
            for declared in self.fields(application.permit_type)
            if declared.applies_to(application.action) and values[declared.name] not in (None, "")
        }

    # -- rules and documents -------------------------------------------------

    def check_code(self, application) -> str:
        """A replacement tag re-issues a tag on a current license: no check applies."""
        return (
            "" if application.action in self.amending_actions else super().check_code(application)
        )

    def application_facts(self, application, *, on: dt.date) -> dict[str, Any]:
        """The facts of rule set ``north_andover.dog_license`` for this dog on ``on``: the
        dogs counted and the kennel license are those of the dog's residence, whoever of
        its occupants keeps them (Limits A)."""
        details = application.dog_license
        dog = details.dog
        documents = [
            document
            for document in application.documents.all()
            if document.status != DocumentStatus.REJECTED
        ]
        return {
            "date_of_birth": dog.date_of_birth,
            "spayed_neutered": dog.spayed_neutered,
            **{fact: _latest_valid_until(documents, kind)
               for kind, fact in self.expiry_facts.items()},
            "acquired_on": details.acquired_on,
            "moved_in_on": details.moved_in_on,
            "dogs_at_residence_over_6_months": dogs_kept_at(dog.residence, on=on, counting=dog),
            "kennel_license": kennel_licensed(dog.residence, on=on),
            "renewal": application.action == "renewal",
        }

    # -- issuing -------------------------------------------------------------

    def license_year(self, application, *, on: dt.date) -> int:
        return application.dog_license.license_year

    def term(self, application, *, issued_on: dt.date) -> tuple[dt.date, dt.date]:
        """The license year runs Jan 1–Dec 31 (Licenses A(7)); a transfer license ends with it
        (A(4))."""
        year = application.dog_license.license_year
        return max(issued_on, dt.date(year, 1, 1)), year_end(dt.date(year, 1, 1))

    def year_end_notice(self, application, *, on: dt.date):
        """No next year is offered for a renewal invoiced with this year's late fee (A(8)):
        next year's license is priced without it, so the owner applies for that year anew;
        nor for a dog that already holds next year's license or awaits it on another
        application (A(7))."""
        notice = super().year_end_notice(application, on=on)
        if notice is None or notice.next_year is None:
            return notice
        if application.invoices.filter(lines__code=LATE_FEE).exists():
            return replace(notice, next_year=None, next_year_withheld=(
                f"This renewal is invoiced with this year's late fee: the {notice.next_year} "
                f"license is applied for anew, priced without it ({cite('Licenses A(8)')})."))
        details = application.dog_license
        if holds_or_awaits(details, year=notice.next_year):
            return replace(notice, next_year=None, next_year_withheld=(
                f"{details.dog.name} already has a {notice.next_year} license, or an open "
                f"application for one: this one is issued for this year only "
                f"({cite('Licenses A(7)')})."))
        return notice

    def move_to_license_year(self, application, *, year: int) -> None:
        """The license is issued for next year's license year (A(7)): so says its record."""
        move_to_license_year(application.dog_license, year=year)

    def after_issue(self, application, permit: Permit, *, acting_user: User) -> None:
        """Hand out the next tag number of the license year (a replacement keeps the license)."""
        dog = application.dog_license.dog
        previous_tag = (
            permit.dog_tags.first() if application.action in self.amending_actions else None
        )
        number = allocate_number(
            municipality=permit.municipality, series="north_andover.dog_tag", year=permit.year
        )
        DogTag.objects.create(
            municipality=permit.municipality,
            permit=permit,
            dog=dog,
            year=permit.year,
            number=number,
            replaces=previous_tag,
        )

    def document_context(self, permit: Permit) -> dict[str, Any]:
        tag = permit.dog_tags.select_related("dog").first()
        if tag is None:
            return {}
        dog = tag.dog
        return {
            "Tag number": f"{tag.number}",
            "License year": f"{permit.year}",
            "Dog": dog.name,
            "Breed and color": f"{dog.breed}, {dog.color}",
            "Sex": f"{dog.get_sex_display()}{', spayed/neutered' if dog.spayed_neutered else ''}",
            "Date of birth": dog.date_of_birth.strftime("%B %-d, %Y"),
        }

    def permit_prefetches(self) -> list[Prefetch]:
        return [Prefetch("dog_tags", queryset=DogTag.objects.select_related("dog"))]

    def represent_permit(self, permit: Permit) -> dict[str, Any]:
        """The licensed dog and the number of the tag it wears (Licenses A(5)): the last tag
        handed out with the license, a replacement's once one replaced it."""
        tag = next(iter(permit.dog_tags.all()), None)
        if tag is None:
            return {}
        return {"dog": tag.dog_id, "dog_name": tag.dog.name, "tag_number": tag.number}

    def public_subject(self, permit: Permit) -> list[tuple[str, str]]:
        """The dog by its name and the number of the license tag on its collar (Licenses
        A(5), A(6); a replacement's once one replaced it), so that whoever scans the
        license can tell it is this dog's."""
        tag = permit.dog_tags.select_related("dog").first()
        if tag is None:
            return []
        return [(gettext_noop("Dog"), tag.dog.name),
                (gettext_noop("Tag number"), f"{tag.number}")]

    def renewal_url(self, permit: Permit) -> str | None:
        """The dog license form for the same dog and the year after ``permit``'s, once that
        year's licenses are on offer (from December 1, Licenses A(8); or after ``permit``
        has run out): the license's "Renew" on My permits, beside "My dogs"."""
        if permit.year + 1 not in license_years_on_offer(timezone.localdate()):
            return None
        return f"{reverse('dogs:apply')}?{urlencode({'action': RENEWAL, PERMIT_FIELD: permit.pk})}"

    def renewal_details(self, permit: Permit) -> dict[str, Any]:
        """The same dog's license for the year after ``permit``'s (no ``permit`` field: the
        license a renewal follows is found from the dog's own licenses)."""
        return {"dog": permit.application.dog_license.dog_id, "license_year": permit.year + 1}

    def panel_context(self, user) -> dict[str, Any]:
        return {"dogs": dogs_with_licenses(user, on=timezone.localdate())}

    def describe(self, application) -> str:
        details = application.dog_license
        return f"{details.dog.name}, {details.license_year}"

    def review_context(self, application, user) -> dict[str, Any]:
        """The dog's paper licenses on record, which the Clerk records from here, and the
        issued license's tag exemptions (Licenses A(6))."""
        dog = application.dog_license.dog
        permit = getattr(application, "permit", None)
        return {"dog": dog, "paper_licenses": list(dog.paper_licenses.all()),
                "may_record": permissions.is_clerk(user, application.municipality_id),
                "permit": permit,
                "exemptions": list(permit.tag_exemptions.all()) if permit else [],
                "may_record_exemption": permit is not None and permit.status == "active"
                and may_record_exemption(user, application.municipality_id)}

    def summary(self, application) -> list[tuple[str, str]]:
        """The dog and the license, each label marked for the page to translate and each
        value written in the language of the request (English for staff, as before)."""
        details = application.dog_license
        dog = details.dog
        rows = [
            (gettext_noop("Dog"), dog.name),
            (gettext_noop("Breed and color"), f"{dog.breed}, {dog.color}"),
            (gettext_noop("Sex"), gettext(dog.get_sex_display())),
            (gettext_noop("Spayed or neutered"), gettext("Yes" if dog.spayed_neutered else "No")),
            (gettext_noop("Date of birth"), long_date(dog.date_of_birth)),
            (gettext_noop("Kept at"), dog.residence.full_address),
            (gettext_noop("License year"), str(details.license_year)),
        ]
        if details.acquired_on:
            rows.append((gettext_noop("Acquired on"), long_date(details.acquired_on)))
        if details.moved_in_on:
            rows.append((gettext_noop("Moved to North Andover on"),
                         long_date(details.moved_in_on)))
        if details.previous_jurisdiction:
            rows.append((gettext_noop("License surrendered"), gettext(
                "%(town)s no. %(number)s") % {"town": details.previous_jurisdiction,
                                              "number": details.previous_license_number}))
        paper = dog.paper_licenses.filter(year__lt=details.license_year).first()
        if paper is not None:
            rows.append((gettext_noop("Licensed on paper"), gettext(
                "%(year)s, no. %(number)s") % {"year": paper.year, "number": paper.number}))
        if dog.microchip:
            rows.append((gettext_noop("Microchip"), dog.microchip))
        return rows


def _latest_valid_until(documents, kind: str) -> dt.date | None:
    dates = [
        document.valid_until
        for document in documents
        if document.kind == kind and document.valid_until is not None
    ]
    return max(dates, default=None)


def _license_details(details: ParsedDetails) -> dict[str, Any]:
    """The dog-license service's arguments from parsed ``details``."""
    values = {**details.values, **details.facts}
    return {
        "dog": details.records["dog"],
        "license_year": values["license_year"],
        "acquired_on": _date(values.get("acquired_on")),
        "moved_in_on": _date(values.get("moved_in_on")),
        "previous_jurisdiction": values.get("previous_jurisdiction", ""),
        "previous_license_number": values.get("previous_license_number", ""),
    }


def _date(value: str | dt.date | None) -> dt.date | None:
    return dt.date.fromisoformat(value) if isinstance(value, str) else value

