"""The pet shop inspection checklist: the sale ban, the terms of displaying shelter and
rescue animals, the records of their source, and the offenses a failed item points to
(North Andover Code ch. 60, Pet shop A(1), A(2)(a)–(c), B(1), B(2))."""

import pytest
from django.utils import timezone

from dogs.pet_shops.checklist import PET_SHOP_VISIT, offenses_found
from permits_site.enforcement.services import (
    close_inspection,
    record_inspection,
    schedule_inspection,
)
from permits_site.rules.registry import inspection_checks
from tests.factories import Role, municipality, staff

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
