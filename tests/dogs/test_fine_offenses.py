"""Every offense of North Andover's chapter 60 on the fine schedule, with a case type to cite
it on; amounts the Select Board leaves unset cannot be cited; the exemptions the text gives
answered on the citation (Code ch. 60, Rabies C and the sections listed below)."""

import datetime as dt
from decimal import Decimal

import pytest
from django.apps import apps as live_apps
from django.utils import timezone

from dogs.fines import CASE_TYPES, CITATION_POLICY, FINES
from permits_site.enforcement.catalogue import add_new_offenses
from permits_site.enforcement.models import Citation, FineItem, FineSchedule
from permits_site.enforcement.registry import case_types
from permits_site.enforcement.services import (
    add_case_charge,
    issue_citation,
    open_case,
    quote_fine,
    set_offense_amounts,
)
from permits_site.exceptions import DomainError
from permits_site.rules.fees import QuoteRefused
from tests.factories import FineItemFactory, FineScheduleFactory, Role, municipality, staff

pytestmark = pytest.mark.django_db

#: Every sentence of chapter 60 that fines or penalizes, as (article, part of the section),
#: with the offense that fines it. The Restraint offenses are fined under Rabies C ("each
#: violation of this chapter").
PENALTY_SENTENCES = {
    ("Licenses", "A(10)"): "unlicensed_dog",
    ("Kennel license", "B(6)"): "kennel_after_revocation",
    ("Rabies", "C"): "rabies_vaccination_missing",
    ("Restraint", "A"): "running_at_large",
    ("Restraint", "A(2)"): "chasing",
    ("Restraint", "A(3)"): "large_animal_at_large",
    ("Restraint", "B(1)"): "biting_or_menacing",
    ("Restraint", "C"): "nuisance_noise",
    ("Restraint", "D"): "dog_litter",
    ("Restraint", "F(1)"): "dog_in_heat_not_confined",
    ("Restraint", "G(1)"): "dog_on_school_grounds",
    ("Restraint", "G(2)"): "dog_on_athletic_field",
    ("Restraint", "G(4)"): "dog_in_lake_or_pond",
    ("Welfare", "A(1)"): "animal_in_vehicle",
    ("Welfare", "A(2)"): "animal_unsecured_in_vehicle_load",
    ("Welfare", "B(1)"): "dog_tethered",
    ("Welfare", "C(2)"): "quarantine_order_violated",
    ("Welfare", "E(4)"): "trap_not_checked",
    ("Welfare", "G(6)"): "abandoned_animals_not_reported",
    ("Limits", "E"): "animal_limit",
    ("Feeding wildlife", "A(4)"): "feeding_wildlife",
    ("Dangerous", "F(1)"): "dangerous_dog_at_large",
    ("Dangerous", "F(2)"): "dangerous_dog_unregistered",
    ("Potentially dangerous", "F"): "pdd_noncompliance",
    ("Potentially dangerous", "G, H"): "pdd_relocation_not_notified",
    ("Temporary restraint", "C"): "temporary_restraint_violated",
    ("Impoundment", "B(2)"): "stray_not_turned_over",
    ("Pet shop", "B(1)"): "pet_shop_unlawful_sale",
    ("Pet shop", "B(2)"): "pet_shop_unlawful_space",
}
SELECT_BOARD_SETS = [
    "chasing", "large_animal_at_large", "biting_or_menacing", "dog_in_heat_not_confined",
    "dog_on_school_grounds", "dog_on_athletic_field", "dog_in_lake_or_pond",
    "rabies_vaccination_missing", "kennel_after_revocation", "quarantine_order_violated",
    "trap_not_checked", "abandoned_animals_not_reported", "pdd_noncompliance",
    "pdd_relocation_not_notified", "temporary_restraint_violated", "stray_not_turned_over",
    "pet_shop_unlawful_sale", "pet_shop_unlawful_space",
]
RESTRAINT_CASE = "north_andover.animal_restraint"


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")


@pytest.fixture
def admin(db):
    return staff(Role.ADMIN, "north_andover")


def a_case(case_type, officer, owner=None):
    return open_case(municipality=municipality("north_andover"), case_type=case_type,
                     party=owner, party_name="Pat Doe", address="12 Elm St",
                     complaint="Seen by the officer.", received_on=timezone.localdate(),
                     acting_user=officer)


def in_force(offense) -> FineItem:
    return FineItem.objects.get(schedule__municipality__code="north_andover", offense=offense)


# -- the chapter's offenses and their case types (contract) ------------------------------

@pytest.mark.parametrize(("section", "offense"), PENALTY_SENTENCES.items(),
                         ids=[f"{article} {part}" for article, part in PENALTY_SENTENCES])
def test_every_fine_sentence_of_chapter_60_has_an_offense_citing_its_section(section, offense):
    article, part = section
    cited = {spec.offense: spec.citation for spec in FINES.items}

    assert offense in cited, f"{article} {part} fines, but no offense {offense} is listed"
    assert article in cited[offense] and part in cited[offense]


def test_every_offense_of_the_catalogue_has_a_case_type_to_cite_it_on():
    citable = {offense for case_type in CASE_TYPES for offense in case_type.offenses}

    assert set(FINES.offenses()) - citable == set()


def test_every_case_types_offense_is_on_the_catalogue():
    listed = set(FINES.offenses())

    assert {offense for case_type in case_types("north_andover")
            for offense in case_type.offenses} <= listed


def test_the_migrations_list_every_offense_of_the_catalogue_on_the_schedule_in_force():
    schedule = FineSchedule.objects.get(municipality__code="north_andover")

    assert set(schedule.items.values_list("offense", flat=True)) == set(FINES.offenses())


# -- who sets the amounts ----------------------------------------------------------------

@pytest.mark.parametrize("offense", SELECT_BOARD_SETS)
def test_an_offense_the_select_board_fines_has_no_amount_until_it_is_set(offense):
    fine_item = in_force(offense)

    assert fine_item.amount_pending
    assert fine_item.amount_set_by == "the Select Board"
    assert (fine_item.first_amount, fine_item.second_amount, fine_item.later_amount) == (
        None, None, None)


def test_dangerous_f_amounts_are_the_law_texts_200_300_and_100():
    at_large, unregistered = in_force("dangerous_dog_at_large"), in_force(
        "dangerous_dog_unregistered")

    assert (at_large.first_amount, at_large.second_amount) == (Decimal("200"), Decimal("300"))
    assert unregistered.first_amount == Decimal("100")
    assert not at_large.amount_pending and at_large.amount_set_by == ""


@pytest.mark.parametrize(("offense", "statute", "amounts"), [
    ("animal_in_vehicle", "§174F", ("150.00", "300.00", "500.00")),
    ("dog_tethered", "§174E", ("50.00", "200.00", "500.00")),
])
def test_welfare_a_and_b_fines_are_the_commonwealths(offense, statute, amounts):
    fine_item = in_force(offense)

    assert statute in fine_item.amount_set_by and statute in fine_item.citation
    assert (f"{fine_item.first_amount}", f"{fine_item.second_amount}",
            f"{fine_item.later_amount}") == amounts


def test_restraint_a2_chasing_cannot_be_cited_before_the_select_board_sets_the_amount(aco):
    case = a_case(RESTRAINT_CASE, aco)

    with pytest.raises(DomainError) as refused:
        issue_citation(case=case, offense="chasing", acting_user=aco)

    message = refused.value.errors["offense"][0]
    assert "Restraint A(2)" in message and "the Select Board" in message
    assert "no amount is set on the town's fine schedule yet" in message
    assert not Citation.objects.filter(case=case).exists()


def test_a_fine_not_set_is_not_quoted_either():
    with pytest.raises(QuoteRefused) as refused:
        quote_fine(municipality=municipality("north_andover"), offense="dog_in_lake_or_pond",
                   on=timezone.localdate())

    assert "Restraint G(4)" in refused.value.errors["offense"][0]


@pytest.mark.parametrize("offense", ["chasing", "large_animal_at_large", "dog_in_heat_not_confined",
                                     "dog_on_school_grounds", "dog_on_athletic_field",
                                     "dog_in_lake_or_pond"])
def test_restraint_offenses_are_cited_once_the_admin_enters_the_select_boards_amounts(
        offense, aco, admin):
    set_offense_amounts(municipality=municipality("north_andover"), offense=offense,
                        effective_from=timezone.localdate(),
                        amounts={"first": "30", "second": "60", "later": "90"},
                        acting_user=admin)

    citation = issue_citation(case=a_case(RESTRAINT_CASE, aco), offense=offense,
                              acting_user=aco)

    assert citation.amount_per_offense == Decimal("30.00")
    assert citation.offense_number == 1


@pytest.mark.parametrize(("case_type", "offense", "section"), [
    ("north_andover.rabies_vaccination", "rabies_vaccination_missing", "Rabies A, C"),
    ("north_andover.kennel_without_license", "kennel_after_revocation", "Kennel license B(6)"),
    ("north_andover.animal_welfare", "trap_not_checked", "Welfare E(2), E(4)"),
    ("north_andover.animal_welfare", "quarantine_order_violated", "Welfare C(2)"),
    ("north_andover.nuisance_dog", "temporary_restraint_violated",
     "Temporary restraint C"),
    ("north_andover.stray_not_turned_over", "stray_not_turned_over", "Impoundment B(2)"),
    ("north_andover.potentially_dangerous_dog", "pdd_noncompliance",
     "Potentially dangerous F"),
    ("north_andover.potentially_dangerous_dog", "pdd_relocation_not_notified",
     "Potentially dangerous G, H"),
    ("north_andover.animal_welfare", "abandoned_animals_not_reported",
     "Welfare G(1), G(2), G(6)"),
    ("north_andover.pet_shop", "pet_shop_unlawful_space", "Pet shop A(2), B(2)"),
], ids=["rabies_c", "kennel_b6", "welfare_e4", "welfare_c2", "temporary_restraint_c",
        "impoundment_b2", "pdd_f", "pdd_g_h", "welfare_g6", "pet_shop_b2"])
def test_each_chapter_offense_is_cited_on_its_case_type_naming_its_section(
        case_type, offense, section, aco, admin):
    set_offense_amounts(municipality=municipality("north_andover"), offense=offense,
                        effective_from=timezone.localdate(),
                        amounts={"first": "50", "second": "100", "later": "100"},
                        acting_user=admin)

    citation = issue_citation(case=a_case(case_type, aco), offense=offense, acting_user=aco)

    assert citation.citation.endswith(section)


def test_welfare_a_vehicle_is_cited_at_the_commonwealths_150(aco):
    citation = issue_citation(case=a_case("north_andover.animal_welfare", aco),
                              offense="animal_in_vehicle", acting_user=aco)

    assert citation.amount_per_offense == Decimal("150.00")
    assert "§174F" in citation.citation


def test_welfare_b_tethering_cites_174e_and_impounds_at_the_owners_expense(aco):
    owner = staff(Role.CLERK, "tisbury")  # any account: the owner to invoice
    case = a_case("north_andover.animal_welfare", aco, owner=owner)
    citation = issue_citation(case=case, offense="dog_tethered", acting_user=aco)

    invoice = add_case_charge(case=case, code="impoundment_at_owners_expense",
                              amount="45.00", acting_user=aco)

    assert citation.amount_per_offense == Decimal("50.00")
    line = invoice.lines.get()
    assert "Welfare B(1)" in line.citation and line.amount == Decimal("45.00")
    assert invoice.payer == owner


def test_pet_shop_b1_counts_each_unlawful_sale_as_a_violation(aco, admin):
    set_offense_amounts(municipality=municipality("north_andover"),
                        offense="pet_shop_unlawful_sale", effective_from=timezone.localdate(),
                        amounts={"first": "300", "second": "300", "later": "300"},
                        acting_user=admin)

    citation = issue_citation(case=a_case("north_andover.pet_shop", aco),
                              offense="pet_shop_unlawful_sale", units=3, acting_user=aco)

    assert (citation.units, citation.amount_per_offense) == (3, Decimal("300.00"))
    assert "Pet shop A(1), B(1)" in citation.citation


# -- the exemptions answered on the citation ----------------------------------------------

def test_restraint_d4_a_service_dog_on_duty_is_not_cited_for_dog_litter(aco):
    case = a_case("north_andover.dog_control", aco)

    with pytest.raises(DomainError) as refused:
        issue_citation(case=case, offense="dog_litter", acting_user=aco,
                       answers={"service_dog_on_duty": True})

    assert "Restraint D(4)" in refused.value.errors["service_dog_on_duty"][0]
    assert not Citation.objects.filter(case=case).exists()


def test_restraint_d4_the_officers_no_is_recorded_on_the_citation(aco):
    citation = issue_citation(case=a_case("north_andover.dog_control", aco),
                              offense="dog_litter", acting_user=aco,
                              answers={"service_dog_on_duty": False})

    assert Citation.objects.get(pk=citation.pk).answers == {"service_dog_on_duty": False}


def test_restraint_c3_a_watchdog_on_its_keepers_property_is_not_cited_for_noise(aco):
    with pytest.raises(DomainError) as refused:
        issue_citation(case=a_case("north_andover.dog_control", aco), offense="nuisance_noise",
                       acting_user=aco, answers={"watchdog_on_keepers_property": True})

    assert "C(3)" in refused.value.errors["watchdog_on_keepers_property"][0]


def test_restraint_b1_a_watchdog_on_its_keepers_property_is_not_cited_for_menacing(aco, admin):
    set_offense_amounts(municipality=municipality("north_andover"), offense="biting_or_menacing",
                        effective_from=timezone.localdate(),
                        amounts={"first": "50", "second": "100", "later": "100"},
                        acting_user=admin)

    with pytest.raises(DomainError) as refused:
        issue_citation(case=a_case(RESTRAINT_CASE, aco), offense="biting_or_menacing",
                       acting_user=aco, answers={"watchdog_on_keepers_property": True})

    assert "B(1)" in refused.value.errors["watchdog_on_keepers_property"][0]


def test_an_exemption_of_another_offense_is_neither_asked_nor_recorded(aco):
    citation = issue_citation(case=a_case("north_andover.dog_control", aco),
                              offense="running_at_large", acting_user=aco,
                              answers={"service_dog_on_duty": True})

    assert citation.answers == {}


def test_the_exemptions_name_their_sections():
    sections = {exemption.code: exemption.citation for exemption in CITATION_POLICY.exemptions}

    assert sections["service_dog_on_duty"].endswith("Restraint D(4)")
    assert sections["watchdog_on_keepers_property"].endswith("Restraint B(1), C(3)")


# -- the data migration adds offenses to the existing schedule ---------------------------

def test_new_offenses_join_an_existing_schedule_and_the_admins_amounts_stay():
    town = municipality("north_andover")
    FineSchedule.objects.filter(municipality=town).update(retired_at=timezone.now())
    admins = FineScheduleFactory(municipality=town, effective_from=dt.date(2026, 1, 1))
    FineItemFactory(schedule=admins, offense="running_at_large", first_amount=Decimal("40"))
    FineItemFactory(schedule=admins, offense="chasing", first_amount=Decimal("35"))

    add_new_offenses(live_apps, FINES)

    items = {item.offense: item for item in admins.items.all()}
    assert set(items) == set(FINES.offenses())
    assert items["running_at_large"].first_amount == Decimal("40.00")
    assert items["chasing"].first_amount == Decimal("35.00")
    assert items["trap_not_checked"].amount_pending
    assert items["dangerous_dog_at_large"].first_amount == Decimal("200.00")


def test_a_retired_version_is_left_as_it_was():
    town = municipality("north_andover")
    retired = FineScheduleFactory(municipality=town, effective_from=dt.date(2030, 1, 1),
                                  retired_at=timezone.now())
    FineItemFactory(schedule=retired, offense="running_at_large")

    add_new_offenses(live_apps, FINES)

    assert list(retired.items.values_list("offense", flat=True)) == ["running_at_large"]


@pytest.mark.parametrize("offense", ["unlicensed_dog", "running_at_large", "dog_litter",
                                     "nuisance_noise", "animal_limit", "feeding_wildlife"])
def test_a_seeded_amount_of_the_select_board_says_who_sets_it(offense):
    """The chapter leaves these fines to the Select Board; the spec seeds their amounts,
    which stay citable: the schedule says who sets them, not "the law text"."""
    fine_item = in_force(offense)

    assert fine_item.amount_set_by == "the Select Board"
    assert not fine_item.amount_pending and fine_item.second_amount is not None
