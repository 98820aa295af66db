"""Which permit do I need in Tisbury: which food permit (09.5, 09.5.3, 09.5.5) and which
dumpster permit (09.2.5)."""

import pytest

from permits_site.licensing.questions import walk
from tisbury_regs.questions import DUMPSTERS, FOOD


@pytest.mark.parametrize(("serving", "permit_type", "section"), [
    ("event", "tisbury.temporary_food", "09.5.3"),
    ("home", "tisbury.residential_kitchen", "09.5.5"),
    ("establishment", "tisbury.food_service", "09.5"),
])
def test_where_food_is_served_chooses_the_food_permit(serving, permit_type, section):
    answer = walk(FOOD, {"serving": serving}).answer

    assert answer.permit_types == (permit_type,)
    assert f"Tisbury BOH Reg {section}" in answer.reason


@pytest.mark.parametrize(("days", "permit_type"), [
    (1, "tisbury.temporary_dumpster"),
    (29, "tisbury.temporary_dumpster"),
    (30, "tisbury.temporary_dumpster"),
    (31, "tisbury.dumpster"),
])
def test_a_dumpster_for_thirty_days_or_less_is_temporary_09_2_5_3(days, permit_type):
    answer = walk(DUMPSTERS, {"supplies_dumpsters": False, "dumpster_days": days}).answer

    assert answer.permit_types == (permit_type,)


def test_supplying_dumpsters_needs_the_contractors_permit_09_2_5_2():
    path = walk(DUMPSTERS, {"supplies_dumpsters": True, "dumpster_days": 3})

    assert path.answer.permit_types == ("tisbury.dumpster_contractor",)
    assert [ask.fact.name for ask in path.asked] == ["supplies_dumpsters"]
    assert "09.2.5(2)" in path.answer.reason
