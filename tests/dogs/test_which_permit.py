"""Which permit do I need in North Andover: a dog license, or a kennel license once more than
four dogs over six months are kept at the address (Limits A, Kennel license B(1))."""

import pytest

from dogs.questions import DOGS
from permits_site.licensing.questions import walk


@pytest.mark.parametrize(("dogs", "permit_type"), [
    (0, "north_andover.dog_license"),
    (3, "north_andover.dog_license"),
    (4, "north_andover.dog_license"),
    (5, "north_andover.kennel_license"),
    (11, "north_andover.kennel_license"),
])
def test_more_than_four_dogs_at_the_address_need_a_kennel_license_limits_a(dogs, permit_type):
    answer = walk(DOGS, {"dogs_at_address": dogs}).answer

    assert answer.permit_types == (permit_type,)
    assert "Limits A" in answer.reason or "Licenses A(1)" in answer.reason


def test_the_kennel_answer_cites_kennel_license_b1():
    assert "Kennel license B(1)" in walk(DOGS, {"dogs_at_address": 5}).answer.reason


def test_the_question_waits_for_the_number_of_dogs():
    path = walk(DOGS, {})

    assert path.answer is None
    assert path.waiting_for.fact.name == "dogs_at_address"
