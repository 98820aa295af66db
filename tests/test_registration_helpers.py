"""The registries' ``registered_*`` and ``restored_*`` context managers: what a test
registers is there for the ``with`` block only, and whatever was registered before comes
back, even on an error."""

import pytest

from permits_site.enforcement.registry import (
    CaseType,
    case_type,
    register_case_type,
    registered_case_types,
)
from permits_site.licensing.kinds import (
    PermitKind,
    kind_for,
    register_kind,
    registered_kind,
    restored_kinds,
)
from permits_site.rules.base import RuleSet
from permits_site.rules.registry import (
    get_check,
    get_rule_set,
    register_law,
    registered_law,
    restored_law,
    town_law,
)

DISPOSAL_WORKS = "tisbury.disposal_works"
ROCKETS = "exampleton.rocket_launch"
STABLE_RULES = "northborough.private_stable"


class RocketKind(PermitKind):
    code = ROCKETS


class DisposalWorksVariant(PermitKind):
    code = DISPOSAL_WORKS


class Boom(Exception):
    pass


# -- permit kinds ----------------------------------------------------------------------

def test_a_kind_is_registered_for_the_block_only():
    rockets = RocketKind()

    with registered_kind(rockets) as registered:
        assert registered is rockets
        assert kind_for(ROCKETS) is rockets

    assert type(kind_for(ROCKETS)) is PermitKind


def test_a_kind_registered_in_place_of_an_apps_kind_gives_it_back():
    the_apps_kind = kind_for(DISPOSAL_WORKS)

    with registered_kind(DisposalWorksVariant()) as variant:
        assert kind_for(DISPOSAL_WORKS) is variant

    assert kind_for(DISPOSAL_WORKS) is the_apps_kind


def test_a_kind_is_forgotten_even_when_the_block_raises():
    with pytest.raises(Boom), registered_kind(RocketKind()):
        raise Boom

    assert type(kind_for(ROCKETS)) is PermitKind


def test_kinds_registered_inside_the_block_are_forgotten_with_it():
    with registered_kind(DisposalWorksVariant()):
        register_kind(RocketKind())

    assert type(kind_for(ROCKETS)) is PermitKind


def test_kinds_an_apps_ready_registers_in_restored_kinds_are_forgotten_even_on_an_error():
    with pytest.raises(Boom), restored_kinds():
        register_kind(RocketKind())
        raise Boom

    assert type(kind_for(ROCKETS)) is PermitKind


# -- case types ------------------------------------------------------------------------

LAUNCH = CaseType(code="exampleton.launch", municipality="exampleton", name="Loud launch",
                  offenses=("noise",))


def test_case_types_are_registered_for_the_block_only():
    with registered_case_types(LAUNCH):
        assert case_type(LAUNCH.code) is LAUNCH

    assert case_type(LAUNCH.code) is None


def test_a_case_type_registered_in_place_of_an_apps_gives_it_back():
    stable = case_type("northborough.stable_violation")
    renamed = CaseType(code=stable.code, municipality=stable.municipality, name="Renamed",
                       offenses=stable.offenses)

    with registered_case_types(renamed):
        assert case_type(stable.code) is renamed

    assert case_type(stable.code) is stable


def test_case_types_are_forgotten_even_when_the_block_raises():
    with pytest.raises(Boom), registered_case_types():
        register_case_type(LAUNCH)
        raise Boom

    assert case_type(LAUNCH.code) is None


# -- rule sets and checklists ----------------------------------------------------------

LAUNCH_RULES = RuleSet(code="exampleton.launch", municipality="exampleton", title="Launch",
                       facts=())
LAUNCH_CHECKLIST = RuleSet(code="exampleton.pad", municipality="exampleton", title="Pad", facts=())


def test_rule_sets_and_checklists_are_registered_for_the_block_only():
    with registered_law("exampleton", rule_sets=[LAUNCH_RULES],
                        checklists=[LAUNCH_CHECKLIST]) as law:
        assert law is town_law("exampleton")
        assert get_rule_set(LAUNCH_RULES.code) is LAUNCH_RULES
        assert get_check(LAUNCH_CHECKLIST.code) is LAUNCH_CHECKLIST

    assert get_rule_set(LAUNCH_RULES.code) is None
    assert get_check(LAUNCH_CHECKLIST.code) is None
    assert town_law("exampleton").rule_sets == {}


def test_a_rule_set_registered_in_place_of_an_apps_gives_it_back():
    the_apps = get_rule_set(STABLE_RULES)
    variant = RuleSet(code=STABLE_RULES, municipality="northborough", title="Variant", facts=())

    with registered_law("northborough", rule_sets=[variant]):
        assert get_rule_set(STABLE_RULES) is variant

    assert the_apps is not None and get_rule_set(STABLE_RULES) is the_apps


def test_law_is_forgotten_even_when_the_block_raises():
    with pytest.raises(Boom), registered_law("exampleton"):
        register_law("north_andover", rule_sets=[LAUNCH_RULES])
        raise Boom

    assert get_rule_set(LAUNCH_RULES.code) is None


def test_law_an_apps_ready_registers_in_restored_law_is_forgotten_even_on_an_error():
    with pytest.raises(Boom), restored_law():
        register_law("exampleton", rule_sets=[LAUNCH_RULES])
        raise Boom

    assert get_rule_set(LAUNCH_RULES.code) is None
    assert town_law("exampleton").rule_sets == {}
