"""North Andover's residence limits (Code ch. 60, Limits A–E): the animals at a residence
counted across its occupants, the first offense's written warning, and the per-day fine that
starts only after the time allowed to re-home."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine

from dogs.limits.services import (
    cite_animal_limit,
    dogs_on_record,
    latest_count,
    open_limits_case,
    order_rehoming,
    record_animal_count,
    record_rehoming,
)
from permits_site.audit import history_of
from permits_site.enforcement.services import citation_total
from permits_site.exceptions import DomainError, PermissionDenied
from tests.factories import (
    DogFactory,
    PermitFactory,
    PropertyFactory,
    Role,
    UserFactory,
    permit_type,
    staff,
)

pytestmark = pytest.mark.django_db

#: Wednesday, June 10, 2026; the officer allows until Friday, June 19 (a day North
#: Andover's offices are closed: the re-homing time is a duration and does not roll).
OPENED = dt.date(2026, 6, 10)
REHOME_BY = dt.date(2026, 6, 19)
WITHIN = {"cats_over_4_months": 0, "wild_or_dangerous_animals": 0}


def at(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=False)


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")


@pytest.fixture
def residence(db):
    return PropertyFactory(address="40 Osgood Street")


@pytest.fixture
def owner(db):
    return UserFactory(first_name="Robin", last_name="Keeper")


def keep_dogs(residence, owner, count: int, **fields):
    return [DogFactory(owner=owner, residence=residence, **fields) for _ in range(count)]


def limits_case(residence, owner, aco, **counts):
    return open_limits_case(residence=residence, party=owner, complaint="Many animals.",
                            received_on=OPENED, counts={**WITHIN, **counts}, acting_user=aco)


def outcomes(case) -> dict[str, str]:
    return {finding["rule"]: finding["outcome"] for finding in latest_count(case)["findings"]}


@pytest.mark.parametrize(("dogs", "outcome"), [(4, "pass"), (5, "fail")])
def test_four_dogs_are_allowed_and_five_are_not(residence, owner, aco, dogs, outcome):
    keep_dogs(residence, owner, dogs)
    with at(OPENED):
        case = limits_case(residence, owner, aco)
    assert outcomes(case)["na.lim.A.dogs"] == outcome
    assert latest_count(case)["facts"]["dogs_over_6_months"] == dogs


def test_dogs_of_two_occupants_are_counted_together(residence, owner, aco):
    housemate = UserFactory()
    keep_dogs(residence, owner, 3)
    keep_dogs(residence, housemate, 2)
    keep_dogs(PropertyFactory(), owner, 2)
    with at(OPENED):
        case = limits_case(residence, owner, aco)
    assert latest_count(case)["facts"]["dogs_over_6_months"] == 5
    assert outcomes(case)["na.lim.A.dogs"] == "fail"


def test_puppies_and_dogs_gone_are_not_counted_but_dogs_seen_are(residence, owner, aco):
    keep_dogs(residence, owner, 3)
    keep_dogs(residence, owner, 1, date_of_birth=dt.date(2026, 1, 11))
    keep_dogs(residence, owner, 1, active=False)
    with at(OPENED):
        assert len(dogs_on_record(residence, on=OPENED)) == 3
        case = limits_case(residence, owner, aco, dogs_not_on_record=2)
    assert latest_count(case)["facts"]["dogs_over_6_months"] == 5


def test_a_kennel_license_at_the_property_allows_more_dogs(residence, owner, aco):
    keep_dogs(residence, owner, 6)
    with at(OPENED):
        PermitFactory(application__permit_type=permit_type("north_andover.kennel_license"),
                      place=residence)
        case = limits_case(residence, owner, aco)
    assert outcomes(case)["na.lim.A.dogs"] == "pass"
    assert latest_count(case)["facts"]["kennel_license"] is True


@pytest.mark.parametrize(("cats", "outcome"), [(4, "pass"), (5, "fail")])
def test_four_cats_are_allowed_and_five_are_not(residence, owner, aco, cats, outcome):
    with at(OPENED):
        case = limits_case(residence, owner, aco, cats_over_4_months=cats)
    assert outcomes(case)["na.lim.B.cats"] == outcome


@pytest.mark.parametrize(("wild", "outcome"), [(0, "pass"), (1, "fail")])
def test_no_wild_animal_is_allowed(residence, owner, aco, wild, outcome):
    with at(OPENED):
        case = limits_case(residence, owner, aco, wild_or_dangerous_animals=wild)
    assert outcomes(case)["na.lim.D.wild"] == outcome


def test_only_the_officer_opens_a_case_and_counts_are_whole_numbers(residence, owner, aco):
    with at(OPENED), pytest.raises(PermissionDenied):
        limits_case(residence, owner, staff(Role.CLERK, "north_andover"))
    with at(OPENED), pytest.raises(DomainError) as refused:
        limits_case(residence, owner, aco, cats_over_4_months=-1)
    assert refused.value.errors == {"cats_over_4_months": ["Enter a whole number, zero or more."]}


@pytest.fixture
def over_limit_case(residence, owner, aco):
    with at(OPENED):
        return limits_case(residence, owner, aco, cats_over_4_months=6)


def test_the_first_offense_is_a_written_warning(over_limit_case, aco):
    with at(OPENED):
        warning = cite_animal_limit(case=over_limit_case, acting_user=aco)
    assert warning.warning is True
    assert warning.invoice is None
    assert "case.citation_issued" in [entry.action for entry in history_of(over_limit_case)]


def test_a_residence_within_the_limits_is_not_cited(residence, owner, aco):
    with at(OPENED):
        case = limits_case(residence, owner, aco)
        with pytest.raises(DomainError) as refused:
            cite_animal_limit(case=case, acting_user=aco)
    assert "offense" in refused.value.errors


@pytest.fixture
def warned_and_ordered(over_limit_case, aco):
    with at(OPENED):
        cite_animal_limit(case=over_limit_case, acting_user=aco)
        order = order_rehoming(case=over_limit_case, rehome_by=REHOME_BY,
                               text="Place two cats in alternate care.", acting_user=aco)
    return over_limit_case, order


def test_the_rehoming_date_is_the_officers_and_does_not_roll(warned_and_ordered):
    _case, order = warned_and_ordered
    assert order.comply_by == REHOME_BY
    assert order.citation == "North Andover Code ch. 60, Limits E(1)"


@pytest.mark.parametrize("day", [REHOME_BY - dt.timedelta(days=1), REHOME_BY])
def test_no_fine_before_the_time_to_rehome_has_passed(warned_and_ordered, aco, day):
    case, _order = warned_and_ordered
    with at(day), pytest.raises(DomainError) as refused:
        cite_animal_limit(case=case, acting_user=aco)
    assert "a fine can be written from June 20, 2026" in refused.value.errors[
        "offense"][0]


def test_the_day_after_the_rehoming_date_a_per_day_fine_runs_until_compliance(
        warned_and_ordered, aco):
    case, order = warned_and_ordered
    fine_day = REHOME_BY + dt.timedelta(days=1)
    with at(fine_day):
        fine = cite_animal_limit(case=case, acting_user=aco)
    assert (fine.warning, fine.per_day, fine.offense_number) == (False, True, 2)
    assert fine.amount_per_offense == Decimal("25.00")
    assert fine.issued_on == fine_day
    with at(fine_day + dt.timedelta(days=3)):
        assert citation_total(fine, on=fine_day + dt.timedelta(days=3)) == Decimal("100.00")
        with pytest.raises(DomainError) as refused:
            record_rehoming(order=order, complied_on=fine_day + dt.timedelta(days=3),
                            counts={**WITHIN, "cats_over_4_months": 5}, acting_user=aco)
        assert "counts" in refused.value.errors
        record_rehoming(order=order, complied_on=fine_day + dt.timedelta(days=3),
                        counts={**WITHIN, "cats_over_4_months": 4}, acting_user=aco)
    fine.refresh_from_db()
    assert fine.accrues_until == fine_day + dt.timedelta(days=3)
    assert fine.invoice.lines.get().amount == Decimal("100.00")


def test_a_second_fine_while_the_first_runs_is_refused_naming_the_running_one(
        warned_and_ordered, aco):
    case, _order = warned_and_ordered
    fine_day = REHOME_BY + dt.timedelta(days=1)
    with at(fine_day):
        fine = cite_animal_limit(case=case, acting_user=aco)
    with at(fine_day + dt.timedelta(days=1)), pytest.raises(DomainError) as refused:
        cite_animal_limit(case=case, acting_user=aco)
    assert refused.value.errors["offense"] == [
        f"Citation #{fine.pk} fines this offense for each day until the party complies: "
        "it counts today already."]
    assert case.citations.count() == 2  # the warning and the running fine


def test_a_repeat_offender_is_fined_only_after_an_order_to_rehome(
        residence, owner, aco, warned_and_ordered):
    with at(OPENED):
        second = limits_case(residence, owner, aco, wild_or_dangerous_animals=1)
        with pytest.raises(DomainError) as refused:
            cite_animal_limit(case=second, acting_user=aco)
    assert "Order the animals re-homed" in refused.value.errors["offense"][0]


def test_a_recount_is_added_to_the_case(over_limit_case, aco):
    with at(OPENED):
        record_animal_count(case=over_limit_case, counts=WITHIN, acting_user=aco)
    assert len(over_limit_case.findings["counts"]) == 2
    assert all(finding["outcome"] != "fail" for finding in latest_count(over_limit_case)[
        "findings"])
