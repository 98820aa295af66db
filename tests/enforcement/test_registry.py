"""Case types come from the bylaw apps' registrations; the core names no town of its own."""

import datetime as dt
import re
from decimal import Decimal
from pathlib import Path

import pytest
import time_machine

from permits_site.enforcement.models import Case
from permits_site.enforcement.registry import (
    CaseType,
    ChargeType,
    case_type,
    case_type_name,
    case_types,
    hearings_page_url,
    register_case_type,
    registered_case_types,
)
from permits_site.enforcement.services import issue_citation, open_case
from tests.enforcement.conftest import STABLE_CASE, STABLE_OFFENSE
from tests.factories import Role, municipality, staff

ROOT = Path(__file__).resolve().parents[2]
CORE = [ROOT / "permits_site" / "enforcement", ROOT / "templates" / "enforcement",
        ROOT / "permits_site" / "api" / "enforcement.py"]
TOWNS = re.compile(r"northborough|north.andover|tisbury", re.IGNORECASE)
LITTER = CaseType(code="north_andover.litter", municipality="north_andover", name="Dog litter",
                  offenses=("dog_litter",))


@pytest.fixture
def clean_registry():
    """Registrations made in the test are forgotten after it."""
    with registered_case_types():
        yield


def test_the_stables_app_registers_its_case_type_with_legal_fees_8_4():
    stable = case_type(STABLE_CASE)

    assert stable.municipality == "northborough"
    assert stable.offenses == (STABLE_OFFENSE,)
    assert stable.charge("legal_fees").citation == "Northborough Horse & Stable Regs §8.4"
    assert stable in case_types("northborough")


@time_machine.travel(dt.datetime(2027, 6, 7, 9, 0), tick=False)
def test_a_new_towns_case_type_works_by_registration_alone(clean_registry, db):
    register_case_type(LITTER)
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    case = open_case(municipality=municipality("north_andover"), case_type=LITTER.code,
                     party=None, party_name="Pat", address="1 Main St", complaint="Litter",
                     received_on=dt.date(2027, 6, 1), acting_user=officer)

    citation = issue_citation(case=case, offense="dog_litter", acting_user=officer)

    assert citation.amount_per_offense == Decimal("25.00")
    assert citation.citation == "North Andover Code ch. 60, Restraint D"
    assert case_type_name(LITTER.code) == "Dog litter"


def test_registering_the_same_case_type_again_is_harmless_but_a_different_one_is_refused(
    clean_registry,
):
    register_case_type(LITTER)
    register_case_type(CaseType(code=LITTER.code, municipality="north_andover",
                                name="Dog litter", offenses=("dog_litter",)))

    with pytest.raises(ValueError, match="registered twice"):
        register_case_type(CaseType(code=LITTER.code, municipality="north_andover",
                                    name="Other", offenses=(),
                                    charges=(ChargeType("x", "X", "§1"),)))


def test_a_case_types_hearings_are_managed_on_the_page_it_names_else_the_case_page(
        clean_registry):
    register_case_type(LITTER)
    register_case_type(CaseType(code="north_andover.review", municipality="north_andover",
                                name="Review", offenses=(), hearings_page="dogs:kennel_review"))

    assert hearings_page_url(Case(pk=7, case_type=LITTER.code)) == "/enforcement/cases/7/"
    assert hearings_page_url(Case(pk=7, case_type="north_andover.review")) == (
        "/dogs/kennel-reviews/7/")
    assert hearings_page_url(Case(pk=7, case_type="nowhere.nothing")) == (
        "/enforcement/cases/7/")


def test_an_unregistered_code_reads_as_itself():
    assert case_type("nowhere.nothing") is None
    assert case_type_name("nowhere.nothing") == "nowhere.nothing"


def test_the_enforcement_core_names_no_town():
    files = [path for folder in CORE
             for path in ([folder] if folder.is_file() else folder.rglob("*"))
             if path.suffix in (".py", ".html") and "migrations" not in path.parts]

    naming_a_town = [str(path.relative_to(ROOT)) for path in files
                     if TOWNS.search(path.read_text())]

    assert files and naming_a_town == []
