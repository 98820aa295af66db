"""Dog services: registering a dog at its residence, recording its paper license, applying
for its license, the renewal season, and what the town's records say about a residence
(Limits A)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.core.files.uploadedfile import UploadedFile
from django.db import transaction
from django.db.models import Exists, OuterRef, Q, Subquery
from django.utils import timezone
from django.utils.translation import gettext_noop

from dogs.law import cite
from dogs.models import (
    RABIES_CERTIFICATE,
    RABIES_EXEMPTION,
    Dog,
    DogLicense,
    PaperLicense,
    rabies_certificate_on_file,
)
from dogs.periods import MUNICIPALITY
from dogs.rules import DOG_LICENSE as DOG_LICENSE_RULES
from dogs.rules import license_is_timely
from permits_site import audit
from permits_site.accounts import permissions
from permits_site.enforcement.services.penalties import penalty_fine
from permits_site.exceptions import DomainError
from permits_site.licensing import transitions
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import (
    OPEN_STATUSES,
    Application,
    ApplicationStatus,
    Document,
    DocumentStatus,
    Invoice,
    InvoiceStatus,
    Permit,
    PermitStatus,
    PermitType,
)
from permits_site.licensing.services.applications import create_application
from permits_site.licensing.services.documents import attach_on_file, upload_document
from permits_site.licensing.services.effects import FindingEffect, finding_effect
from permits_site.licensing.services.fees import quote_fee
from permits_site.parties.models import Property
from permits_site.parties.services import (
    find_or_create_property,
    holds_markup,
    link_property,
    properties_of,
)
from permits_site.rules.base import CheckContext
from permits_site.rules.fees import FeeQuote
from permits_site.rules.wording import CitedSection, Dollars, explain
from permits_site.towns.models import Municipality

if TYPE_CHECKING:
    from permits_site.accounts.models import User

DOG_LICENSE = "north_andover.dog_license"
KENNEL_LICENSE = "north_andover.kennel_license"
DOG_FIELDS = ("name", "breed", "color", "sex", "date_of_birth", "spayed_neutered", "microchip")
#: The dog's words its owner types, printed on its license and the town's letters: each is
#: refused, on its field, when it holds markup, as a place's street address is.
TYPED_WORDS = {
    "name": gettext_noop("Enter the dog's name in plain words, without <, >, {, } or a "
                         "backslash."),
    "breed": gettext_noop("Enter the breed in plain words, without <, >, {, } or a backslash."),
    "color": gettext_noop("Enter the color in plain words, without <, >, {, } or a backslash."),
}
#: The license year runs January 1 to December 31 and a license is renewed each year: a
#: renewal follows the license of the year before (Licenses A).
RENEWAL_SECTION = cite("Licenses A")
#: Actions that license the dog (a replacement tag re-issues a tag on a current license).
LICENSING_ACTIONS = ("new", "renewal", "transfer")
#: An application still open: a draft, or submitted and not decided yet.
PENDING_STATUSES = (ApplicationStatus.DRAFT, *OPEN_STATUSES)


def dogs_of(owner):
    """The owner's dogs still kept in town: those a license application may name."""
    return Dog.objects.filter(owner=owner, active=True)


def residence_choices(owner):
    """The owner's own North Andover properties, where a dog of theirs may be kept."""
    return properties_of(owner).filter(municipality__code=MUNICIPALITY)


#: North Andover's ZIP code: the Postal Service gives the whole town this one.
TOWN_ZIP_CODE = "01845"


def mails_in_town(person) -> bool:
    """Whether ``person``'s mailing address is in North Andover, so that a dog kept there
    resides in town (Licenses A(1)): in Massachusetts, at the town's ZIP code or, without a
    ZIP code, in a city written as the town's name (or none)."""
    if person.state and person.state != "MA":
        return False
    zip_code = person.postal_code.strip()
    if zip_code:
        return zip_code[:5] == TOWN_ZIP_CODE
    return person.city.strip().casefold() in ("", "north andover")


def mailing_residence(owner, *, acting_user: User) -> Property:
    """The town's record of the owner's mailing address, found or created: a dog's residence
    when none is named (spec ``lifecycle.md``, North Andover corrections). An address out of
    town is no North Andover residence: the owner names the property in town instead."""
    if not owner.street_address.strip():
        raise DomainError(
            gettext_noop("Choose the property where the dog is kept, or add your street "
                         "address to your profile."),
            field="property",
        )
    if not mails_in_town(owner):
        raise DomainError(explain(gettext_noop(
            "The mailing address %(address)s is not in North Andover: choose the property in "
            "town where the dog is kept, adding it under My properties if it is not listed "
            "(%(section)s)."), address=owner.mailing_address,
            section=CitedSection(cite("Licenses A(1)"))), field="property")
    residence, _created = find_or_create_property(
        municipality=Municipality.objects.get(code=MUNICIPALITY),
        address=owner.street_address,
        acting_user=acting_user,
    )
    link_property(property=residence, user=owner)
    return residence


def _residence_for(owner, residence: Property | None, *, acting_user: User) -> Property:
    if residence is None:
        return mailing_residence(owner, acting_user=acting_user)
    if not residence_choices(owner).filter(pk=residence.pk).exists():
        raise DomainError(gettext_noop("Choose one of your own North Andover properties."),
                          field="property")
    return residence


@transaction.atomic
def register_dog(*, owner, acting_user: User, residence: Property | None = None, **fields) -> Dog:
    """Register a dog kept at ``residence`` (one of the owner's properties), else at the
    owner's mailing address."""
    _refuse_markup(fields)
    dog = Dog.objects.create(
        owner=owner,
        residence=_residence_for(owner, residence, acting_user=acting_user),
        **{name: fields[name] for name in DOG_FIELDS if name in fields},
    )
    audit.record(
        actor=acting_user,
        action="dog.registered",
        subject=dog,
        summary=f"Registered {dog.name}",
        after=_dog_state(dog),
    )
    return dog


@transaction.atomic
def update_dog(*, dog: Dog, acting_user: User, residence: Property | None = None, **fields) -> Dog:
    """Correct a dog's details; a named ``residence`` moves it to another of the owner's
    properties."""
    _refuse_markup(fields)
    before = _dog_state(dog)
    for name in DOG_FIELDS:
        if name in fields:
            setattr(dog, name, fields[name])
    if residence is not None:
        dog.residence = _residence_for(dog.owner, residence, acting_user=acting_user)
    dog.save()
    audit.record(
        actor=acting_user,
        action="dog.updated",
        subject=dog,
        summary=f"Updated {dog.name}",
        before=before,
        after=_dog_state(dog),
    )
    return dog


def _refuse_markup(fields: dict) -> None:
    """Refuse the dog's words that hold markup (:data:`TYPED_WORDS`), each on its field."""
    refused = {name: message for name, message in TYPED_WORDS.items()
               if holds_markup(str(fields.get(name) or ""))}
    if refused:
        raise DomainError(refused)


def _dog_state(dog: Dog) -> dict:
    return {
        **{name: str(getattr(dog, name)) for name in DOG_FIELDS},
        "residence": dog.residence.full_address,
    }


#: The earliest paper license year the Clerk's office takes.
FIRST_PAPER_LICENSE_YEAR = 2000


@transaction.atomic
def record_paper_license(*, dog: Dog, number: str, year: int | None, acting_user: User
                         ) -> PaperLicense:
    """Record the dog's last paper license (the owner, with its number and year, or the
    Town Clerk) so that its next license is a renewal, not a late new license (spec
    ``lifecycle.md``, North Andover corrections; Licenses A(8)).

    Recording the same year again corrects the number, until a license application
    follows the paper license: from then on it is never changed.
    """
    _refuse_unless_owner_or_clerk(dog, acting_user)
    number = (number or "").strip()
    paper = dog.paper_licenses.filter(year=year).first()
    errors = _paper_license_errors(dog, number=number, year=year, recorded=paper)
    if errors:
        raise DomainError(errors)
    if paper is None:
        return _create_paper_license(dog, number=number, year=year, acting_user=acting_user)
    before = _paper_state(paper)
    paper.number = number
    paper.save(update_fields=["number"])
    _audit_paper_license(paper, "dog.paper_license_corrected", acting_user, before=before)
    return paper


def _refuse_unless_owner_or_clerk(dog: Dog, user) -> None:
    town = Municipality.objects.get(code=MUNICIPALITY)
    if dog.owner_id != user.pk and not permissions.is_clerk(user, town.pk):
        raise DomainError(gettext_noop("You can only record a paper license for your own dog."),
                          field="dog")


def _paper_license_errors(dog: Dog, *, number: str, year: int | None,
                          recorded: PaperLicense | None) -> dict[str, str]:
    """What is missing or impossible in a paper license record, by field."""
    errors = {}
    limit = PaperLicense._meta.get_field("number").max_length
    if not number:
        errors["number"] = gettext_noop("Enter the license number printed on the paper license.")
    elif len(number) > limit:
        errors["number"] = explain(gettext_noop("Keep the license number under %(limit)s "
                                                "characters."), limit=limit)
    this_year = timezone.localdate().year
    if year is None:
        errors["year"] = gettext_noop("Enter the license year of the paper license.")
    elif not FIRST_PAPER_LICENSE_YEAR <= year <= this_year:
        errors["year"] = explain(gettext_noop("Enter a license year from %(first)s to %(last)s."),
                                 first=str(FIRST_PAPER_LICENSE_YEAR), last=str(this_year))
    elif _latest_license(dog, year=year) is not None:
        errors["year"] = explain(gettext_noop("%(dog)s already has a %(year)s license issued "
                                              "online."), dog=dog.name, year=str(year))
    if recorded is not None and _license_follows(recorded):
        errors["number"] = explain(gettext_noop(
            "A license application follows %(dog)s's %(year)s paper license; the record can no "
            "longer be changed."), dog=dog.name, year=str(year))
    return errors


def _license_follows(paper: PaperLicense) -> bool:
    return DogLicense.objects.filter(dog_id=paper.dog_id, license_year__gt=paper.year).exists()


def _create_paper_license(dog: Dog, *, number: str, year: int, acting_user: User) -> PaperLicense:
    paper = PaperLicense.objects.create(
        dog=dog, number=number, year=year, recorded_by=acting_user,
        recorded_on=timezone.localdate(),
    )
    _audit_paper_license(paper, "dog.paper_license_recorded", acting_user)
    return paper


def _audit_paper_license(paper: PaperLicense, action: str, acting_user: User, *,
                         before: dict | None = None) -> None:
    audit.record(
        actor=acting_user,
        action=action,
        subject=paper,
        municipality=Municipality.objects.get(code=MUNICIPALITY),
        summary=f"{paper.dog.name}: paper license {paper.year} no. {paper.number}",
        before=before,
        after=_paper_state(paper),
    )


def _paper_state(paper: PaperLicense) -> dict:
    return {"dog": paper.dog_id, "number": paper.number, "year": paper.year}


def dogs_kept_at(residence: Property, *, on: dt.date, counting: Dog | None = None) -> int:
    """Active dogs six months or older kept at ``residence`` on ``on``, whoever of its
    occupants owns them (Limits A: "no person and/or combination of occupants"); the dog
    ``counting`` is licensed for counts even when it is no longer marked active."""
    kept = Q(active=True)
    if counting is not None:
        kept |= Q(pk=counting.pk)
    return sum(dog.is_licensable_on(on)
               for dog in residence.dogs.filter(kept).only("date_of_birth"))


def kennel_licensed(residence: Property, *, on: dt.date) -> bool:
    """Is any kennel license in force on ``on`` for ``residence`` (or a duplicate record of
    it merged into it), whichever occupant holds it (Limits A, Kennel license B(1))?"""
    return Permit.objects.filter(
        Q(place=residence) | Q(place__merged_into=residence),
        permit_type__code=KENNEL_LICENSE,
        status=PermitStatus.ACTIVE,
        valid_from__lte=on,
        valid_through__gte=on,
    ).exists()


def default_license_year(today: dt.date) -> int:
    """The license year the forms offer first: next year's from the day its licenses go on
    sale (the dog license's declared term: December 1, so that its forms are out by December
    31, Licenses A(8)), else this year's."""
    return kind_for(DOG_LICENSE).annual.next_year_on_sale(today) or today.year


def license_years_on_offer(today: dt.date) -> tuple[int, ...]:
    """The license years the resident's form offers, the default first: this year's license
    and, from December 1, next year's (spec ``lifecycle.md``, North Andover corrections)."""
    return tuple(sorted({today.year, default_license_year(today)}, reverse=True))


def current_license(dog: Dog, *, year: int) -> Permit | None:
    return (
        Permit.objects.filter(
            permit_type__code=DOG_LICENSE,
            application__dog_license__dog=dog,
            year=year,
            status=PermitStatus.ACTIVE,
        )
        .order_by("-issued_at")
        .first()
    )


@dataclass(frozen=True)
class RabiesProof:
    """A rabies vaccination certificate or a veterinarian's exemption (its document kind),
    with the date the vaccination expires or the exemption ends (Licenses A(1))."""

    kind: str
    upload: UploadedFile
    valid_until: dt.date


@transaction.atomic
def apply_for_dog_license(
    *,
    applicant,
    dog: Dog,
    action: str,
    license_year: int,
    acquired_on: dt.date | None = None,
    moved_in_on: dt.date | None = None,
    previous_jurisdiction: str = "",
    previous_license_number: str = "",
    rabies_proof: RabiesProof | None = None,
    acting_user: User | None = None,
) -> Application:
    """Start a draft application for a new license, renewal, transfer or replacement tag,
    with the rabies proof chosen with it (``acting_user``: a clerk starting it at the
    counter for the owner)."""
    acting_user = acting_user or applicant
    previous = _checked_license(
        dog, applicant=applicant, action=action, license_year=license_year,
        previous_jurisdiction=previous_jurisdiction,
        previous_license_number=previous_license_number,
    )
    application = create_application(
        applicant=applicant,
        permit_type=PermitType.objects.get(code=DOG_LICENSE),
        action=action,
        previous_permit=previous,
        acting_user=acting_user,
    )
    details = DogLicense.objects.create(
        application=application,
        dog=dog,
        license_year=license_year,
        acquired_on=acquired_on,
        moved_in_on=moved_in_on,
        previous_jurisdiction=previous_jurisdiction,
        previous_license_number=previous_license_number,
    )
    on_file = None
    if rabies_proof is not None:
        upload_document(application=application, uploaded_by=acting_user,
                        kind=rabies_proof.kind, upload=rabies_proof.upload,
                        valid_until=rabies_proof.valid_until)
    else:
        on_file = rabies_certificate_for_renewal(dog, action=action, license_year=license_year,
                                                 on=timezone.localdate())
    if on_file is not None:
        attach_on_file(application=application, document=on_file, acting_user=acting_user)
    audit.record(
        actor=acting_user,
        action="dog_license.applied",
        subject=application,
        municipality=application.municipality,
        summary=f"{dog.name}: {action.replace('_', ' ')} application for {license_year}"
        + (f" with {rabies_proof.kind.replace('_', ' ')}" if rabies_proof else "")
        + (" with the rabies certificate on file" if on_file else ""),
        after={**_license_state(details),
               "rabies_proof": rabies_proof.kind if rabies_proof else None,
               "rabies_certificate_on_file": on_file.pk if on_file else None},
    )
    return application


def rabies_certificate_for_renewal(dog: Dog, *, action: str, license_year: int, on: dt.date
                                   ) -> Document | None:
    """A renewal's rabies certificate on file: the one the Clerk accepted with the license it
    renews, when it is still valid on the new license's first day — January 1 of its year,
    or ``on`` when later (Licenses A(1), A(7)). None otherwise: a new one is asked."""
    previous = _latest_license(dog, year=license_year - 1) if action == "renewal" else None
    if previous is None:
        return None
    certificate = rabies_certificate_on_file(
        Application.objects.filter(pk=previous.application_id))
    starts = max(on, dt.date(license_year, 1, 1))
    return certificate if certificate and certificate.valid_until >= starts else None


@transaction.atomic
def update_dog_license(
    *,
    application: Application,
    dog: Dog,
    license_year: int,
    acquired_on: dt.date | None = None,
    moved_in_on: dt.date | None = None,
    previous_jurisdiction: str = "",
    previous_license_number: str = "",
    acting_user: User,
) -> Application:
    """Replace a draft's dog-license details, judged as when it was started."""
    transitions.require("edit", application)
    details = application.dog_license
    before = _license_state(details)
    application.previous_permit = _checked_license(
        dog, applicant=application.applicant, action=application.action,
        license_year=license_year, previous_jurisdiction=previous_jurisdiction,
        previous_license_number=previous_license_number, editing=application,
    )
    application.save(update_fields=["previous_permit"])
    details.dog = dog
    details.license_year = license_year
    details.acquired_on = acquired_on
    details.moved_in_on = moved_in_on
    details.previous_jurisdiction = previous_jurisdiction
    details.previous_license_number = previous_license_number
    details.save()
    audit.record(
        actor=acting_user,
        action="application.updated",
        subject=application,
        municipality=application.municipality,
        summary="Draft updated",
        before=before,
        after=_license_state(details),
    )
    _check_certificate_on_file(application, details, acting_user=acting_user)
    return application


#: The documents that prove a dog's rabies vaccination (Licenses A(1)): a certificate, or a
#: veterinarian's exemption.
RABIES_PROOFS = (RABIES_CERTIFICATE, RABIES_EXEMPTION)


def _check_certificate_on_file(application: Application, details: DogLicense, *,
                               acting_user: User) -> None:
    """A draft changed (another dog, another license year, a later day) takes the rabies
    certificate on file that serves it now, as when it was started: a copy attached on file
    that no longer does — another dog's, or one that ends before the new license's first
    day — goes, audited; the one that does comes attached unless the owner attached a proof
    of their own, which is never touched (Licenses A(1))."""
    serves = rabies_certificate_for_renewal(details.dog, action=application.action,
                                            license_year=details.license_year,
                                            on=timezone.localdate())
    copies = _on_file_copies(application)
    for copy in copies:
        if serves is None or copy.file.name != serves.file.name:
            _detach_on_file(copy, application=application, acting_user=acting_user)
    kept = serves is not None and any(copy.file.name == serves.file.name for copy in copies)
    own_proof = (application.documents.filter(kind__in=RABIES_PROOFS)
                 .exclude(status=DocumentStatus.REJECTED)
                 .exclude(pk__in=[copy.pk for copy in copies]).exists())
    if serves is not None and not kept and not own_proof:
        attach_on_file(application=application, document=serves, acting_user=acting_user)


def _on_file_copies(application: Application) -> list[Document]:
    """The rabies certificates attached to ``application`` on file: the same file as a
    document of another application (``attach_on_file``); an upload has a file of its own."""
    elsewhere = Document.objects.filter(file=OuterRef("file")).exclude(
        application=application)
    return list(application.documents.filter(kind=RABIES_CERTIFICATE)
                .filter(Exists(elsewhere)))


def _detach_on_file(copy: Document, *, application: Application, acting_user: User) -> None:
    """Take a certificate attached on file off a draft it no longer serves, audited; the file
    stays with the application it was accepted on."""
    audit.record(
        actor=acting_user,
        action="document.on_file_detached",
        subject=application,
        municipality=application.municipality,
        summary=f"Rabies vaccination certificate on file (valid until {copy.valid_until}) "
                f"taken off application #{application.pk}: it no longer serves "
                f"{application.dog_license.dog.name}'s {application.dog_license.license_year} "
                "license",
        before={"document": copy.pk, "kind": copy.kind,
                "valid_until": str(copy.valid_until) if copy.valid_until else None},
    )
    copy.delete()


def _license_state(details: DogLicense) -> dict:
    return {
        "dog": details.dog_id,
        "license_year": details.license_year,
        "acquired_on": str(details.acquired_on or ""),
        "moved_in_on": str(details.moved_in_on or ""),
        "previous_jurisdiction": details.previous_jurisdiction,
        "previous_license_number": details.previous_license_number,
    }


def _checked_license(
    dog: Dog,
    *,
    applicant,
    action: str,
    license_year: int,
    previous_jurisdiction: str,
    previous_license_number: str,
    editing: Application | None = None,
) -> Permit | None:
    """Refuse what no draft may ask for; returns the license it follows up, if any."""
    if dog.owner_id != applicant.pk:
        raise DomainError(gettext_noop("You can only apply for your own dog."), field="dog")
    today = timezone.localdate()
    if license_year not in (today.year, today.year + 1):
        raise DomainError(
            explain(gettext_noop("Apply for the %(year)s or %(next_year)s license year."),
                    year=str(today.year), next_year=str(today.year + 1)),
            field="license_year",
        )
    _refuse_duplicate(dog, action=action, license_year=license_year, editing=editing)
    previous = _previous_permit(dog, action=action, license_year=license_year)
    errors = _surrendered_license_errors(
        action, jurisdiction=previous_jurisdiction, number=previous_license_number
    )
    if errors:
        raise DomainError(errors)
    return previous


def _surrendered_license_errors(action: str, *, jurisdiction: str, number: str
                                ) -> dict[str, str]:
    """A transfer names the license surrendered from another town (Licenses A(4))."""
    errors = {}
    if action == "transfer" and not jurisdiction:
        errors["previous_jurisdiction"] = explain(
            gettext_noop("Name the town and state of the license you surrender (%(section)s)."),
            section=CitedSection(cite("Licenses A(4)")))
    if action == "transfer" and not number:
        errors["previous_license_number"] = gettext_noop("Enter that license's number.")
    for name, value in (("previous_jurisdiction", jurisdiction),
                        ("previous_license_number", number)):
        limit = DogLicense._meta.get_field(name).max_length
        if len(value) > limit:
            errors[name] = explain(gettext_noop("Keep this under %(limit)s characters."),
                                   limit=limit)
    return errors


def move_to_license_year(details: DogLicense, *, year: int) -> None:
    """Issue an application for ``year`` instead of the license year it asked (the clerk's
    choice in December, Licenses A(7), A(8)); refused when the dog already holds or awaits
    that year's license."""
    _refuse_duplicate(details.dog, action=details.application.action, license_year=year,
                      editing=details.application)
    details.license_year = year
    details.save(update_fields=["license_year"])


def holds_or_awaits(details: DogLicense, *, year: int) -> bool:
    """Whether the dog already holds ``year``'s license or awaits it on another open
    application, so that this one cannot be issued for that year (``move_to_license_year``
    refuses it)."""
    return _duplicate_refusal(details.dog, action=details.application.action,
                              license_year=year, editing=details.application) is not None


def _refuse_duplicate(dog: Dog, *, action: str, license_year: int,
                      editing: Application | None = None) -> None:
    refusal = _duplicate_refusal(dog, action=action, license_year=license_year,
                                 editing=editing)
    if refusal is not None:
        raise refusal


def _duplicate_refusal(dog: Dog, *, action: str, license_year: int,
                       editing: Application | None) -> DomainError | None:
    """Why ``dog`` takes no other ``action`` application for ``license_year``: one is open
    already (``OpenApplication``, naming it), or the dog holds that year's license, online or
    on paper; else None."""
    pending = DogLicense.objects.filter(
        dog=dog,
        license_year=license_year,
        application__action=action,
        application__status__in=PENDING_STATUSES,
    )
    if editing is not None:
        pending = pending.exclude(application=editing)
    open_one = pending.select_related("application").order_by("-application_id").first()
    if open_one is not None:
        return OpenApplication(open_one.application, dog=dog, license_year=license_year)
    if action == "replacement_tag":
        return None
    values = {"dog": dog.name, "year": str(license_year)}
    if current_license(dog, year=license_year):
        return DomainError(explain(gettext_noop("%(dog)s is already licensed for %(year)s."),
                                   **values), field="action")
    if dog.paper_licenses.filter(year=license_year).exists():
        return DomainError(explain(gettext_noop(
            "%(dog)s is already licensed on paper for %(year)s."), **values), field="action")
    return None


#: "Biscuit already has an open renewal application for 2027 (application #12).", one
#: sentence per action so that each reads whole in every language.
OPEN_APPLICATION_REFUSALS = {
    "new": gettext_noop(
        "%(dog)s already has an open new application for %(year)s (application #%(number)s)."),
    "renewal": gettext_noop(
        "%(dog)s already has an open renewal application for %(year)s (application "
        "#%(number)s)."),
    "transfer": gettext_noop(
        "%(dog)s already has an open transfer application for %(year)s (application "
        "#%(number)s)."),
    "replacement_tag": gettext_noop(
        "%(dog)s already has an open replacement tag application for %(year)s (application "
        "#%(number)s)."),
}


class OpenApplication(DomainError):
    """A second application for the same dog, action and license year, refused on
    ``action`` naming the one still open (``application``), which the pages link to: the
    owner continues it rather than starting another (one license a year, Licenses A(7))."""

    def __init__(self, application: Application, *, dog: Dog, license_year: int):
        self.application = application
        self.dog = dog
        super().__init__(explain(OPEN_APPLICATION_REFUSALS[application.action], dog=dog.name,
                                 year=str(license_year), number=str(application.pk)),
                         field="action")


def license_action_refusal(dog: Dog, *, action: str, license_year: int
                           ) -> DomainError | None:
    """Why ``action`` is refused for ``dog``'s ``license_year`` license as the records stand
    — an application for it still open (naming it), a license already held, a renewal of a
    dog not licensed the year before (with the new license offered), a new license of one
    that was, a replacement tag with no license to replace — or None: what the form's fee
    says before it prices an application that would be refused."""
    refused = _duplicate_refusal(dog, action=action, license_year=license_year, editing=None)
    if refused is not None:
        return refused
    try:
        _previous_permit(dog, action=action, license_year=license_year)
    except DomainError as refused:
        return refused
    return None


def _previous_permit(dog: Dog, *, action: str, license_year: int) -> Permit | None:
    """Renewal follows the license of the year before, online (the permit it supersedes) or
    on paper (no permit to supersede); a replacement tag, this year's. A dog licensed the
    year before is renewed, not licensed anew: it is "a dog licensed last year", judged and
    priced as a renewal (its late fee included)."""
    if action in ("new", "renewal"):
        previous = _latest_license(dog, year=license_year - 1)
        licensed_before = (previous is not None
                           or dog.paper_licenses.filter(year=license_year - 1).exists())
        if action == "new" and licensed_before:
            raise DomainError(explain(A_RENEWAL, dog=dog.name, year=str(license_year - 1),
                                      section=CitedSection(RENEWAL_SECTION)), field="action")
        if action == "renewal" and not licensed_before:
            raise NotARenewal(new_license_offer(dog, license_year=license_year,
                                                on=timezone.localdate()))
        return previous
    if action == "replacement_tag":
        current = current_license(dog, year=license_year)
        if current is None:
            raise DomainError(
                explain(gettext_noop("%(dog)s has no %(year)s license to replace a tag for."),
                        dog=dog.name, year=str(license_year)),
                field="action",
            )
        return current
    return None


@dataclass(frozen=True)
class NewLicenseOffer:
    """The new license a dog needs instead of a renewal: its fee as the schedule prices a
    new license, and whether it is late (``na.lic.A.timely``, Licenses A(2)–(4)) with what
    that does to the license — the fine of the unlicensed dog's offense (Licenses A(10))."""

    dog: Dog
    license_year: int
    quote: FeeQuote
    timeliness: FindingEffect

    @property
    def refusal(self) -> str:
        """The refusal, with the new license's timeliness finding when it is late."""
        values = {"dog": self.dog.name, "year": str(self.license_year - 1),
                  "section": CitedSection(RENEWAL_SECTION), "fee": Dollars(self.quote.total)}
        late = self.timeliness.finding
        if not late.failed:
            return explain(NOT_A_RENEWAL, **values)
        return explain(LATE_NOT_A_RENEWAL, **values, late=late.message,
                       late_section=CitedSection(late.citation))


A_RENEWAL = gettext_noop(
    "%(dog)s was licensed for %(year)s: renew that license instead of applying for a new one "
    "(%(section)s).")
NOT_A_RENEWAL = gettext_noop(
    "%(dog)s has no %(year)s license, online or on paper, to renew: a renewal follows the "
    "license of the year before (%(section)s). Apply for a new license instead: %(fee)s.")
LATE_NOT_A_RENEWAL = gettext_noop(
    "%(dog)s has no %(year)s license, online or on paper, to renew: a renewal follows the "
    "license of the year before (%(section)s). Apply for a new license instead: %(fee)s. "
    "%(late)s (%(late_section)s)")


class NotARenewal(DomainError):
    """A "renewal" of a dog not licensed the year before, refused on ``action`` with the new
    license offered in its place (``offer``)."""

    def __init__(self, offer: NewLicenseOffer):
        self.offer = offer
        super().__init__(offer.refusal, field="action")


def new_license_offer(dog: Dog, *, license_year: int, on: dt.date) -> NewLicenseOffer:
    """The dog's new license of ``license_year`` as it would be priced and judged on ``on``."""
    permit_type = PermitType.objects.select_related("municipality").get(code=DOG_LICENSE)
    quote, _schedule = quote_fee(
        permit_type=permit_type, action="new", on=on,
        facts={"spayed_neutered": dog.spayed_neutered, "license_year": license_year},
    )
    facts = DOG_LICENSE_RULES.with_defaults({"date_of_birth": dog.date_of_birth,
                                             "spayed_neutered": dog.spayed_neutered,
                                             "renewal": False})
    context = CheckContext(on=on, calendar=permit_type.municipality.calendar())
    timeliness = license_is_timely.evaluate(facts, context)
    fine = penalty_fine(timeliness.rule, municipality=permit_type.municipality,
                        applicant=dog.owner) if timeliness.failed else None
    return NewLicenseOffer(dog=dog, license_year=license_year, quote=quote,
                           timeliness=finding_effect(timeliness, license_is_timely.summary,
                                                     kind=kind_for(DOG_LICENSE), fine=fine))


def _latest_license(dog: Dog, *, year: int | None = None) -> Permit | None:
    """The dog's newest license issued online (of ``year``, when given)."""
    licenses = Permit.objects.filter(permit_type__code=DOG_LICENSE,
                                     application__dog_license__dog=dog)
    if year is not None:
        licenses = licenses.filter(year=year)
    return licenses.order_by("-year", "-issued_at").first()


def dogs_not_renewed(*, municipality, year: int):
    """Active dogs licensed for the year before ``year`` and not yet for ``year``, with
    their owners' contacts: the renewals of the season (Licenses A(8)).

    Last year's license is the town's, issued online, or a paper license the Clerk's office
    issued before and that was recorded for the dog: its next license is a renewal all the
    same. A license for ``year``, online or on paper, takes the dog off the list, and so
    does a renewal for ``year`` paid and waiting to be issued: its owner has renewed. One
    query whatever the number of rows: the owner comes joined. The dogs licensed last year,
    and those licensed for ``year``, are sets the database builds once each (not a lookup per
    dog, which stale planner statistics turn into a scan per dog). The owners come in
    alphabetical order, then the dog's name: an order the database takes from the rows
    themselves, so the list reads no license number to count or page it
    (``attach_last_years_numbers`` reads those of the page shown).
    """
    licensed_on_paper = PaperLicense.objects.filter(year=year - 1).values("dog")
    licensed_for_year = DogLicense.objects.filter(
        application__permit__permit_type__code=DOG_LICENSE, application__permit__year=year,
    ).values("dog")
    return (
        Dog.objects.filter(active=True)
        .filter(Q(pk__in=_last_years_licenses(municipality, year)
                  .values("application__dog_license__dog"))
                | Q(pk__in=licensed_on_paper))
        .exclude(pk__in=licensed_for_year)
        .exclude(pk__in=PaperLicense.objects.filter(year=year).values("dog"))
        .exclude(pk__in=renewals_ready_to_issue(municipality=municipality, year=year)
                 .values("dog_license__dog"))
        .select_related("owner")
        .order_by("owner__last_name", "owner__first_name", "name", "pk")
    )


def attach_last_years_numbers(dogs: list[Dog], *, municipality, year: int) -> list[Dog]:
    """Set on each of ``dogs`` — the page of ``dogs_not_renewed`` shown — the numbers of
    its licenses of the year before ``year``: ``license_number``, the town's license issued
    online (the latest issued, not revoked), and ``paper_license_number``, its recorded
    paper license (``None`` when there is none).

    The list reads no number: reading them for the page shown only, in two queries whatever
    its size (none for no dog), keeps the list's cost independent of how the database's
    planner estimates the year (a number looked up per dog to sort thousands of them ran a
    scan of the year's licenses per dog on stale statistics).
    """
    if not dogs:
        return dogs
    ids = [dog.pk for dog in dogs]
    online: dict[int, str] = {}
    for dog_id, number in (
        _last_years_licenses(municipality, year)
        .filter(application__dog_license__dog__in=ids)
        .order_by("-issued_at", "-pk")
        .values_list("application__dog_license__dog", "number")
    ):
        online.setdefault(dog_id, number)
    paper = dict(PaperLicense.objects.filter(dog__in=ids, year=year - 1).order_by()
                 .values_list("dog", "number"))
    for dog in dogs:
        dog.license_number = online.get(dog.pk)
        dog.paper_license_number = paper.get(dog.pk)
    return dogs


def _last_years_licenses(municipality, year: int):
    """The town's dog licenses of the year before ``year``, except those revoked."""
    return Permit.objects.filter(
        municipality=municipality, permit_type__code=DOG_LICENSE, year=year - 1,
    ).exclude(status=PermitStatus.REVOKED)


#: How many dogs a search on the renewal season screen lists.
FOUND_DOGS_SHOWN = 25


def find_dogs(text: str):
    """Active dogs whose name, or whose owner's name or email, contains ``text``: how the
    Clerk finds the dog whose paper license a resident brings in. One query."""
    words = text.split()
    if not words:
        return Dog.objects.none()
    matching = Q()
    for word in words:
        matching &= (Q(name__icontains=word) | Q(owner__first_name__icontains=word)
                     | Q(owner__last_name__icontains=word) | Q(owner__email__icontains=word))
    return (Dog.objects.filter(matching, active=True).select_related("owner")
            .order_by("owner__last_name", "owner__first_name", "name", "pk")
            [:FOUND_DOGS_SHOWN])


def dogs_with_licenses(owner, *, on: dt.date) -> list[Dog]:
    """The owner's dogs with their license applications and permits, the year and number
    of their latest paper license, and ``open_application``: the application for the license
    year the form offers first on ``on`` that is still open (a draft, or submitted and not
    decided), which "My dogs" continues instead of offering a second one that would be
    refused (Licenses A(7)); None when there is none. In a fixed few queries: the open
    application is read from the applications fetched with the dogs."""
    latest_paper = PaperLicense.objects.filter(dog=OuterRef("pk")).order_by("-year")
    dogs = list(dogs_of(owner).annotate(
        paper_license_year=Subquery(latest_paper.values("year")[:1]),
        paper_license_number=Subquery(latest_paper.values("number")[:1]),
    ).prefetch_related("license_applications__application__permit"))
    year = default_license_year(on)
    for dog in dogs:
        dog.open_application = max(
            (details.application for details in dog.license_applications.all()
             if details.license_year == year
             and details.application.action in LICENSING_ACTIONS
             and details.application.status in PENDING_STATUSES),
            key=lambda application: application.pk, default=None)
    return dogs


def renewals_ready_to_issue(*, municipality, year: int):
    """Renewal applications for ``year`` that are paid and submitted, under review or
    approved: what the Clerk may issue in one action in the renewal season.

    One query whatever the number of rows: the applicant and dog come joined.
    """
    paid = Invoice.objects.filter(application=OuterRef("pk"), status=InvoiceStatus.PAID)
    return (
        Application.objects.filter(
            municipality=municipality,
            permit_type__code=DOG_LICENSE,
            action="renewal",
            status__in=OPEN_STATUSES,
            dog_license__license_year=year,
        )
        .filter(Exists(paid))
        .select_related("applicant", "dog_license__dog")
        .order_by("applicant__last_name", "applicant__first_name", "pk")
    )


def issued_licenses(*, municipality, permit_ids):
    """The town's issued dog licenses among ``permit_ids``, with dog and tags, in a fixed
    number of queries (for the mailing sheets and the PDF-rendering status)."""
    return (
        Permit.objects.filter(
            municipality=municipality, permit_type__code=DOG_LICENSE, pk__in=list(permit_ids)
        )
        .select_related("municipality", "permit_type", "application__dog_license__dog")
        .prefetch_related("dog_tags")
        .order_by("holder_name", "number")
    )
