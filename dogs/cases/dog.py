"""The dog a dangerous or potentially dangerous dog case is about (North Andover Code ch. 60,
Dangerous B; Potentially dangerous B).

The complaint is about a dog, and the owner's notice of determination names it. The officer
names it when opening the case — on the Cases page, by ``POST /api/v1/cases/`` or from a bite
record — through the core's case subjects (:class:`DogOfCase`, registered from
``DogsConfig.ready``): a dog of the town's register, found on the page by its tag or license
number, microchip, name or owner's name, whose owner and residence the case then takes; or a
dog on no register as the officer describes it. Another town's dog is refused on its field.
Until the case is determined, whoever may open it names the dog of a case opened without one,
or corrects it (:func:`record_case_dog`, from the case page and ``POST
/api/v1/dog-cases/{id}/dog/``); the notice of determination then names it for good.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from django.db.models import Q
from django.utils import timezone

from dogs.cases.common import DANGEROUS_DOG, DETERMINED_DOG_CASES
from dogs.law import cite
from dogs.models import CaseDog, Dog, DogLicense, DogTag
from permits_site import audit
from permits_site.enforcement.models import CaseStatus
from permits_site.enforcement.registry import CaseSubject
from permits_site.enforcement.steps import Step
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.rules.calendar import format_date
from permits_site.search.matching import words_match

if TYPE_CHECKING:
    import datetime as dt

    from django.db.models import QuerySet

    from permits_site.accounts.models import User
    from permits_site.enforcement.models import Case
    from permits_site.towns.models import Municipality

#: Naming (or correcting) the dog a case is about: whoever may open the case (a case worker
#: of its town), as the case page offers it and the service refuses anyone else.
NAMING_THE_DOG = Step("name the dog a case is about")
#: A tag number as it is written: "17", "#17", "tag 17", "2027-17".
TAG_WORDS = re.compile(r"(?:tag\s*)?#?\s*(?:(\d{4})\s*[-/]\s*)?(\d{1,9})", re.IGNORECASE)
#: The dogs a refusal lists for the officer to tell apart.
LISTED = 5
#: The dog's name and its owner's, where the page's words are looked for.
NAMES = ("name", "owner__first_name", "owner__last_name")


def _register(municipality: Municipality) -> QuerySet[Dog]:
    return (Dog.objects.filter(residence__municipality=municipality)
            .select_related("owner", "residence__municipality")
            .prefetch_related("tags"))


def dogs_named_by(municipality: Municipality, words: str, *, on: dt.date) -> list[Dog]:
    """The dogs of the town's register that ``words`` name, at most ``LISTED + 1``: the dog
    whose tag has the number (of the year written, else of the newest license year up to
    ``on``'s), whose license has it or whose microchip it is; else every dog whose name or
    owner's name holds each word, by name."""
    text = " ".join(words.split())
    if not text:
        return []
    dogs = _register(municipality)
    tag = _tag_named(municipality, text, on=on)
    if tag is not None:
        return list(dogs.filter(pk=tag.dog_id))
    licensed = DogLicense.objects.filter(application__permit__municipality=municipality,
                                         application__permit__number__iexact=text)
    identified = list(dogs.filter(Q(microchip__iexact=text)
                                  | Q(pk__in=licensed.values("dog_id")))[: LISTED + 1])
    return identified or list(dogs.filter(words_match(NAMES, text.split()))
                              .order_by("name", "pk")[: LISTED + 1])


def _tag_named(municipality: Municipality, text: str, *, on: dt.date) -> DogTag | None:
    match = TAG_WORDS.fullmatch(text)
    if match is None:
        return None
    year, number = match.groups()
    tags = DogTag.objects.filter(municipality=municipality, number=int(number))
    tags = tags.filter(year=int(year)) if year else tags.filter(year__lte=on.year)
    return tags.order_by("-year", "-issued_at").first()


def dog_words(dog: Dog) -> str:
    """The dog as a notice names it: name, breed, color, sex, its newest license tag and
    its microchip."""
    tag = max(dog.tags.all(), key=lambda tag: (tag.year, tag.issued_at), default=None)
    return ", ".join(part for part in (
        f"{dog.name} ({dog.breed}, {dog.color}, {dog.get_sex_display().lower()})",
        f"license tag {tag.number} of {tag.year}" if tag else "",
        f"microchip {dog.microchip}" if dog.microchip else "",
    ) if part)


def case_dog(case: Case) -> CaseDog | None:
    """The dog named on the case, if any, with its tags: two queries."""
    return (CaseDog.objects.filter(case=case).select_related("dog")
            .prefetch_related("dog__tags").first())


def dog_named(case: Case) -> str:
    """The dog the case is about, as its notice names it; blank when none was named."""
    return named_dog_words(case_dog(case))


def named_dog_words(named: CaseDog | None) -> str:
    if named is None:
        return ""
    return dog_words(named.dog) if named.dog else f"{named.description} (on no register)"


def dog_refusals(municipality: Municipality, dog: Dog | None,
                 description: str) -> dict[str, list[str]]:
    """A dog of another town's register, or a dog both chosen and described, by field."""
    if dog is not None and dog.residence.municipality_id != municipality.pk:
        return {"dog": [f"This dog is not on {municipality.short_name}'s register."]}
    if dog is not None and description:
        return {"dog_description": ["Describe only a dog that is on no register: this case "
                                    "names a dog of the register."]}
    return {}


def _refuse_unless_named(case: Case, dog: Dog | None, description: str) -> None:
    refusals = dog_refusals(case.municipality, dog, description)
    if case.case_type not in DETERMINED_DOG_CASES:
        refusals["dog"] = ["Only a dangerous or potentially dangerous dog case names its dog."]
    if dog is None and not description:
        refusals["dog"] = ["Choose the dog from the register or describe it."]
    if refusals:
        raise DomainError(refusals)


def _named(named: CaseDog) -> dict:
    return {"dog": named.dog_id, "description": named.description}


def _summary(named: CaseDog) -> str:
    return dog_words(named.dog) if named.dog else named.description


def name_case_dog(*, case: Case, acting_user: User, dog: Dog | None = None,
                  description: str = "") -> CaseDog:
    """Record the dog the case is about as it is opened (Dangerous B; Potentially dangerous
    B), audited."""
    _refuse_unless_named(case, dog, description.strip())
    named = CaseDog.objects.create(case=case, dog=dog, description=description.strip())
    audit.record(actor=acting_user, action="case.dog_named", subject=case,
                 municipality=case.municipality,
                 summary=f"Dog named: {_summary(named)}", after=_named(named))
    return named


def _refuse_once_determined(case: Case) -> None:
    """The owner's notice of determination names the dog (Dangerous B(2); Potentially
    dangerous B(2)): from the determination on, the dog is the one it names."""
    if case.status == CaseStatus.CLOSED:
        raise InvalidTransition("The case is closed: its dog is no longer named or corrected.",
                                field="dog")
    if case.status != CaseStatus.OPEN:
        section = "Dangerous B(2)" if case.case_type == DANGEROUS_DOG else (
            "Potentially dangerous B(2)")
        raise InvalidTransition(
            f"The case was determined on {format_date(case.determined_on)} and its notice of "
            "determination names the dog: the dog is no longer named or corrected "
            f"({cite(section)}).", field="dog")


def record_case_dog(*, case: Case, acting_user: User, dog: Dog | None = None,
                    description: str = "") -> CaseDog:
    """Name the dog of a case opened without one, or correct the dog named, while the case is
    open and not yet determined; whoever may open the case may (a case worker of its town).
    Audited with the dog named before; the person responsible and the address stay as the
    case recorded them."""
    if not NAMING_THE_DOG.allows(acting_user, case.municipality_id):
        raise NAMING_THE_DOG.denied(town=case.municipality_id)
    _refuse_once_determined(case)
    description = description.strip()
    _refuse_unless_named(case, dog, description)
    named = CaseDog.objects.filter(case=case).select_related("dog").first()
    if named is None:
        return name_case_dog(case=case, dog=dog, description=description,
                             acting_user=acting_user)
    before = _named(named)
    named.dog, named.description = dog, description
    named.save(update_fields=["dog", "description"])
    audit.record(actor=acting_user, action="case.dog_corrected", subject=case,
                 municipality=case.municipality,
                 summary=f"Dog corrected: {_summary(named)}", before=before,
                 after=_named(named))
    return named


def _listed(dogs: list[Dog]) -> str:
    listed = "; ".join(f"{dog_words(dog)}, {dog.owner.display_name}, {dog.residence.address}"
                       for dog in dogs[:LISTED])
    return listed + ("; and more" if len(dogs) > LISTED else "")


class DogOfCase(CaseSubject):
    """The dog a dangerous or potentially dangerous dog case is about, asked on the Cases
    page and taken by ``POST /api/v1/cases/``."""

    field = "dog"
    noun = "dog"
    label = "Dog (a dangerous or potentially dangerous dog case)"
    help_text = ("The dog of the register: its license tag or license number, microchip, "
                 "name or owner's name. Its owner and residence are the person responsible "
                 "and the address when those are left empty.")
    description_label = "Or a dog on no register, described"
    description_help = "Breed, color, markings, the name it answers to."

    def find(self, municipality: Municipality, words: str) -> Dog:
        town = municipality.short_name
        dogs = dogs_named_by(municipality, words, on=timezone.localdate())
        if not dogs:
            raise DomainError(
                f"No dog of {town} has the tag, license or microchip “{words}”, or that name "
                "or owner's name. Describe a dog that is on no register instead.",
                field=self.field)
        if len(dogs) > 1:
            raise DomainError(
                f"Several dogs of {town} match “{words}”: {_listed(dogs)}. Enter the one's tag "
                "or license number or microchip, or more of its name and its owner's.",
                field=self.field)
        return dogs[0]

    def records(self) -> QuerySet[Dog]:
        return Dog.objects.select_related("owner", "residence")

    def responsible(self, record: Dog) -> dict:
        """The dog's owner at its residence, as a case opened from a bite record has."""
        return {"party": record.owner, "party_name": record.owner.display_name,
                "address": record.residence.full_address, "place": record.residence}

    def refusals(self, municipality: Municipality, record: Dog | None,
                 description: str) -> dict[str, list[str]]:
        return dog_refusals(municipality, record, description)

    def attach(self, *, case: Case, record: Dog | None, description: str,
               acting_user: User) -> None:
        name_case_dog(case=case, dog=record, description=description, acting_user=acting_user)
