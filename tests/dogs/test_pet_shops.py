"""The pet shop inspection checklist: the sale ban, the terms of displaying shelter and
rescue animals, the records of their source, and the offenses a failed item points to
(North Andover Code ch. 60, Pet shop A(1), A(2)(a)–(c), B(1), B(2))."""

import pytest
from django.utils import timezone

from dogs.pet_shops.checklist import PET_SHOP_VISIT, offenses_found
from permits_site.enforcement.forms import CitationForm
from permits_site.enforcement.services import (
    close_inspection,
    issue_citation,
    open_case_from_inspection,
    record_inspection,
    schedule_inspection,
)
from permits_site.exceptions import DomainError
from permits_site.rules.registry import inspection_checks
from tests.factories import CaseFactory, Role, municipality, staff

pytestmark = pytest.mark.django_db
ALL_KEPT = {fact.name: True for fact in PET_SHOP_VISIT.facts}


def visit(answers):
    officer = staff(Role.ANIMAL_CONTROL_OFFICER)
    inspection = schedule_inspection(
        municipality=municipality("north_andover"), check_code=PET_SHOP_VISIT.code,
        scheduled_for=timezone.localdate(),
        inspector=officer, address="1 Pet Plaza, North Andover", acting_user=officer)
    record_inspection(inspection=inspection, answers=answers, notes="", acting_user=officer)
    return close_inspection(inspection=inspection, acting_user=officer)


def test_the_pet_shop_checklist_is_registered_for_inspections():
    assert PET_SHOP_VISIT.code in inspection_checks("north_andover")


def test_a_shop_keeping_every_term_passes_pet_shop_a():
    inspection = visit(ALL_KEPT)

    assert inspection.result == "passed"
    assert offenses_found(inspection) == []


def test_a_sale_of_a_dog_fails_and_points_to_the_sale_offense_pet_shop_a1_b1():
    inspection = visit({**ALL_KEPT, "no_sale_of_dogs_cats_guinea_pigs_rabbits": False})

    [violation] = inspection.violations.all()
    assert violation.citation.endswith("Pet shop A(1)")
    assert offenses_found(inspection) == ["pet_shop_unlawful_sale"]


@pytest.mark.parametrize(("item", "section"), [
    ("displayed_only_for_shelter_or_rescue", "Pet shop A(2)"),
    ("no_share_of_fees", "Pet shop A(2)(a)"),
    ("no_ownership_interest", "Pet shop A(2)(b)"),
    ("source_records_kept_one_year", "Pet shop A(2)(c)"),
    ("records_produced_on_request", "Pet shop A(2)(c)"),
])
def test_a_broken_display_term_points_to_the_space_offense_pet_shop_a2_b2(item, section):
    inspection = visit({**ALL_KEPT, item: False})

    [violation] = inspection.violations.all()
    assert violation.citation.endswith(section)
    assert offenses_found(inspection) == ["pet_shop_unlawful_space"]


def test_both_offenses_once_each_whatever_the_items_failed():
    inspection = visit({name: False for name in ALL_KEPT})

    assert offenses_found(inspection) == ["pet_shop_unlawful_sale", "pet_shop_unlawful_space"]


def case_from(inspection):
    return open_case_from_inspection(inspection=inspection, case_type="north_andover.pet_shop",
                                     acting_user=inspection.inspector,
                                     party_name="Paws & Claws Pet Shop")


def test_a_case_from_a_failed_sale_item_offers_only_the_sale_offense_pet_shop_b1():
    case = case_from(visit({**ALL_KEPT, "no_sale_of_dogs_cats_guinea_pigs_rabbits": False}))

    offered = [code for code, _ in CitationForm(case=case).fields["offense"].choices if code]

    assert offered == ["pet_shop_unlawful_sale"]


def test_citing_an_offense_no_failed_item_points_to_is_refused_on_the_offense_field():
    case = case_from(visit({**ALL_KEPT, "no_share_of_fees": False}))

    with pytest.raises(DomainError) as refused:
        issue_citation(case=case, offense="pet_shop_unlawful_sale",
                       acting_user=case.inspection.inspector)

    assert list(refused.value.errors) == ["offense"]
    assert "pet_shop_unlawful_space" in str(refused.value)
    assert not case.citations.exists()


def test_a_pet_shop_case_opened_on_a_complaint_offers_both_offenses():
    officer = staff(Role.ANIMAL_CONTROL_OFFICER)
    case = CaseFactory(case_type="north_andover.pet_shop",
                       municipality=municipality("north_andover"), opened_by=officer)

    offered = [code for code, _ in CitationForm(case=case).fields["offense"].choices if code]

    assert offered == ["pet_shop_unlawful_sale", "pet_shop_unlawful_space"]
