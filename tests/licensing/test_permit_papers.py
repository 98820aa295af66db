"""A permit's paper shows what the permit is about — the establishment's name and address for
a food service, the stable's site, the dog — and prints the declared answers as sentences a
reader understands, never a bare field name or a bare "Yes"/"No" beside a question.

Most cases read the license's HTML, the same page WeasyPrint is handed; one writes the PDF."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
import time_machine

from permits_site.licensing.declarations import (
    FIELD_TYPE_OF_FACT,
    LIST,
    REFERENCE,
    DeclaredField,
    answer_sentence,
)
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import PermitType
from permits_site.pdf.rendering import permit_html, render_permit_pdf_bytes
from permits_site.rules.base import FactType
from tests.dogs.test_license_flow import licensed
from tests.e2e.plain_language import pdf_title_and_text
from tests.factories import (
    ApplicationFactory,
    BusinessFactory,
    DogFactory,
    PermitFactory,
    PropertyFactory,
    StableApplicationFactory,
)

pytestmark = pytest.mark.django_db

BOOLEAN = FIELD_TYPE_OF_FACT[FactType.BOOL]
#: A cell holding a bare answer: "Yes" or "No" alone beside a label.
BARE_ANSWER = re.compile(r"<td>\s*(Yes|No)\s*</td>")
SNAKE_CASE = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)+$")


def applied_for_types() -> list[PermitType]:
    return [permit_type for permit_type in PermitType.objects.select_related("municipality")
            .order_by("code") if kind_for(permit_type.code).applied_for]


def sample_answer(declared: DeclaredField, index: int) -> Any:
    """A valid answer of the field's type; yes/no answers alternate so both wordings print."""
    if declared.type == BOOLEAN:
        return index % 2 == 0
    if declared.choices and declared.type != LIST:
        return declared.choices[-1]
    if declared.type == LIST:
        return ["First entry"]
    fact = declared.fact
    if fact is not None and fact.type in (FactType.INTEGER, FactType.NUMBER):
        return max(int(fact.minimum or 0), 1) if fact.maximum is None else int(fact.maximum)
    if fact is not None and fact.type == FactType.DATE:
        return "2026-06-10"
    if fact is not None and fact.type == FactType.TIME:
        return "10:00"
    return "As described"


def issued_with_every_answer(permit_type: PermitType):
    """A permit of the type whose application answered every declared scalar field, held by
    a business where the type allows one, about a property where it is about one."""
    kind = kind_for(permit_type.code)
    town = permit_type.municipality
    place = PropertyFactory(municipality=town, address="14 Lantern Lane")
    business = BusinessFactory(legal_name="Harbor Grill LLC", dba="The Harbor Grill",
                               mailing_address="5 Wharf Street, Tisbury, MA 02568")
    facts, details = {}, {}
    for index, declared in enumerate(kind.fields(permit_type)):
        if declared.type == REFERENCE:
            continue
        target = facts if declared.answers_fact else details
        target[declared.name] = sample_answer(declared, index)
    holds = kind.holder.value != "person"
    application = ApplicationFactory(permit_type=permit_type, municipality=town, facts=facts,
                                     details=details, place=place,
                                     business=business if holds else None)
    return PermitFactory(application=application, place=place, place_address=place.full_address,
                         holder_business=business if holds else None,
                         holder_name=business.display_name if holds else "Pat Holder",
                         holder_address=business.mailing_address if holds else "")


# -- sentences: pure ----------------------------------------------------------------------


@pytest.mark.parametrize(("value", "sentence"), [
    (True, "The roof is weatherproof."),
    (False, "The roof is not weatherproof."),
])
def test_a_yes_no_answer_reads_as_its_own_wording(value, sentence):
    assert answer_sentence("The roof {is|is not} weatherproof.", value, shown="") == sentence


def test_a_choice_reads_as_its_label_inside_the_sentence():
    assert answer_sentence("The well serves a {value} use.", "business",
                           shown="business") == "The well serves a business use."


def test_every_yes_no_field_of_every_permit_type_declares_its_sentence():
    """No type prints a question and a bare yes or no: each yes/no field has its wording."""
    missing = {
        permit_type.code: [declared.name for declared in kind_for(permit_type.code)
                           .fields(permit_type)
                           if declared.type == BOOLEAN
                           and declared.name not in kind_for(permit_type.code).statements]
        for permit_type in applied_for_types()
    }
    assert {code: names for code, names in missing.items() if names} == {}


# -- every permit type's paper ------------------------------------------------------------


#: Every permit type an application can be made for, in the three towns.
PAPER_TYPES = [
    "north_andover.kennel_license", "northborough.private_stable",
    "northborough.public_stable", "northborough.horse_registration",
    "tisbury.dumpster", "tisbury.dumpster_contractor", "tisbury.temporary_dumpster",
    "tisbury.septage_handler", "tisbury.sandblasting", "tisbury.food_service",
    "tisbury.temporary_food", "tisbury.residential_kitchen", "tisbury.stable",
    "tisbury.disposal_works", "tisbury.well_registration", "tisbury.campground",
    "tisbury.body_art_establishment", "tisbury.body_art_practitioner",
    "tisbury.tobacco_sales", "north_andover.dog_license",
    "tisbury.woodwaste_burial", "tisbury.subdivision_review", "tisbury.inlet_approval",
]


@pytest.mark.parametrize("code", PAPER_TYPES)
def test_the_paper_names_its_subject_and_prints_no_field_name_or_bare_answer(code):
    permit_type = PermitType.objects.get(code=code)
    kind = kind_for(code)
    permit = issued_with_every_answer(permit_type)

    page = permit_html(permit)

    field_names = [declared.name for declared in kind.fields(permit_type)
                   if SNAKE_CASE.match(declared.name)]
    assert [name for name in field_names if name in page] == []
    assert BARE_ANSWER.findall(page) == []
    if kind.about.value == "property":
        assert "14 Lantern Lane" in page
    if kind.about.value == "business":
        assert "The Harbor Grill" in page
        assert "5 Wharf Street" in page


def test_every_type_of_the_catalogue_is_on_the_papers_list():
    assert sorted(PAPER_TYPES) == sorted(permit_type.code for permit_type in applied_for_types())


def test_a_food_service_permit_names_the_establishment_and_says_its_answers():
    permit = issued_with_every_answer(PermitType.objects.get(code="tisbury.food_service"))

    page = permit_html(permit)

    assert "Establishment" in page
    assert "Harbor Grill LLC" in page and "The Harbor Grill" in page
    assert "5 Wharf Street, Tisbury, MA 02568" in page
    assert "The establishment supplies retail products to the public." in page
    assert "The establishment does not rent its residential licensed kitchen" in page


def test_a_northborough_private_stable_permit_names_the_stables_site():
    permit = issued_with_every_answer(PermitType.objects.get(code="northborough.private_stable"))

    page = permit_html(permit)

    assert "Stable site" in page
    assert "14 Lantern Lane" in page


def test_a_grandfathered_stables_permit_says_so_in_words_2_5():
    details = StableApplicationFactory(stable__grandfathered=True,
                                       stable__grandfathered_note="Barn on the 1985 plan.")
    application = details.application
    place = details.stable.property
    permit = PermitFactory(application=application, place=place,
                           place_address=place.full_address)

    page = permit_html(permit)

    assert "Permitted under the rules in force before May 2, 1990 (§2.5): Barn on the 1985 " \
           "plan." in page
    assert f"<th>Stable site</th><td>{place.full_address}</td>" in page
    assert BARE_ANSWER.findall(page) == []


@time_machine.travel(dt.datetime(2027, 2, 10, 15, 0), tick=False)
def test_a_dog_license_names_the_dog_its_breed_and_its_tag(clerk):
    dog = DogFactory(name="Biscuit", breed="Beagle", color="Tricolor")
    permit = licensed(dog, clerk)

    page = permit_html(permit)

    assert "Biscuit" in page
    assert "Beagle, Tricolor" in page
    assert permit.dog_tags.get().number and f"<td>{permit.dog_tags.get().number}</td>" in page


def test_the_written_pdf_carries_the_subject_and_the_sentences():
    permit = issued_with_every_answer(PermitType.objects.get(code="tisbury.well_registration"))

    _title, text = pdf_title_and_text(render_permit_pdf_bytes(permit))

    words = " ".join(text.split())
    assert "14 Lantern Lane" in words
    assert "anti-siphon device" in words
    assert "anti_siphon" not in words
