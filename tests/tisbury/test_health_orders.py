"""Tisbury orders with clocks: quarantines (09.7.3), the 24-hour public facility correction
(09.4.8), the UST notification (09.4.7) and the certified food manager (09.5.2).

Every clock is tested the day before, the day of and the day after its last day, around
Memorial Day, Monday May 31, 2027: a deadline rolls past it, a duration does not.
"""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine

from permits_site.enforcement.deadlines import deadlines
from permits_site.exceptions import DomainError, InvalidTransition
from tests.factories import Role, UserFactory, local, municipality, staff
from tisbury_regs.health_orders import services as health_orders

MEMORIAL_DAY = dt.date(2027, 5, 31)
DAY = dt.timedelta(days=1)


def on(day: dt.date):
    return time_machine.travel(local(day, 10), tick=False)


@pytest.fixture
def officer(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "tisbury")


@pytest.fixture
def inspector(db):
    return staff(Role.INSPECTOR, "tisbury")


@pytest.fixture
def owner(db):
    return UserFactory(first_name="Olive", last_name="Owner")


def bite(owner, officer, day: dt.date):
    with on(day):
        return health_orders.record_bite_report(
            owner=owner, animal="Rex, a beagle", bitten_on=day, place="12 Beach Road",
            bitten="a mail carrier", acting_user=officer)


# -- quarantine --------------------------------------------------------------------------


def test_a_bite_report_opens_a_ten_day_quarantine_that_never_rolls(owner, officer):
    case = bite(owner, officer, dt.date(2027, 5, 21))
    order = health_orders.clock_order(case)
    assert order.ends_on == order.comply_by == MEMORIAL_DAY  # a holiday: a duration stays
    assert order.citation == "Tisbury BOH Reg 09.7.3"
    assert case.findings["animal"] == "Rex, a beagle"


def test_the_first_quarantine_is_the_ten_dollar_service_fee_on_the_owners_record(
        owner, officer):
    case = bite(owner, officer, dt.date(2027, 5, 21))
    citation = health_orders.quarantine_citation(case)
    assert (citation.offense_number, citation.amount_per_offense) == (1, Decimal("10.00"))
    assert citation.invoice.payer == owner
    assert citation.invoice.lines.get().amount == Decimal("10.00")


def test_a_second_quarantine_in_the_calendar_year_is_the_25_dollar_fine(owner, officer):
    bite(owner, officer, dt.date(2027, 2, 1))
    second = health_orders.quarantine_citation(bite(owner, officer, dt.date(2027, 5, 21)))
    assert (second.offense_number, second.amount_per_offense) == (2, Decimal("25.00"))
    assert second.invoice.lines.get().amount == Decimal("25.00")


def test_a_quarantine_the_year_before_does_not_count(owner, officer):
    bite(owner, officer, dt.date(2026, 12, 30))
    next_year = health_orders.quarantine_citation(bite(owner, officer, dt.date(2027, 1, 4)))
    assert (next_year.offense_number, next_year.amount_per_offense) == (1, Decimal("10.00"))


def test_another_owners_quarantine_does_not_count(owner, officer):
    bite(UserFactory(), officer, dt.date(2027, 2, 1))
    mine = health_orders.quarantine_citation(bite(owner, officer, dt.date(2027, 5, 21)))
    assert mine.offense_number == 1


@pytest.mark.parametrize(("released_on", "allowed"), [
    (MEMORIAL_DAY - DAY, False), (MEMORIAL_DAY, True), (MEMORIAL_DAY + DAY, True)])
def test_the_animal_is_released_only_once_the_quarantine_ends(owner, officer, released_on,
                                                              allowed):
    case = bite(owner, officer, dt.date(2027, 5, 21))
    with on(released_on):
        if not allowed:
            with pytest.raises(DomainError) as refused:
                health_orders.release_from_quarantine(case=case, released_on=released_on,
                                                      acting_user=officer)
            assert "released_on" in refused.value.errors
            assert health_orders.clock_order(case).complied_on is None
            return
        order = health_orders.release_from_quarantine(case=case, released_on=released_on,
                                                      acting_user=officer)
    assert order.complied_on == released_on


def test_a_bite_report_needs_the_animal_and_a_past_date(owner, officer):
    with on(dt.date(2027, 5, 21)), pytest.raises(DomainError) as refused:
        health_orders.record_bite_report(owner=owner, animal=" ", bitten_on=dt.date(2027, 5, 22),
                                         place="12 Beach Road", acting_user=officer)
    assert "animal" in refused.value.errors


# -- public facility ---------------------------------------------------------------------


def warn(owner, inspector, day: dt.date):
    with on(day):
        return health_orders.warn_public_facility(
            party=owner, facility="Owen Park restrooms", condition="Toilets blocked",
            acting_user=inspector)


def test_a_warning_opens_a_24_hour_correction_order_that_never_rolls(owner, inspector):
    case = warn(owner, inspector, MEMORIAL_DAY - DAY)
    assert health_orders.clock_order(case).comply_by == MEMORIAL_DAY
    warning = case.citations.get()
    assert warning.warning and warning.invoice is None


@pytest.mark.parametrize(("day", "allowed"), [
    (MEMORIAL_DAY - DAY, False), (MEMORIAL_DAY, False), (MEMORIAL_DAY + DAY, True)])
def test_the_per_day_fine_comes_only_after_the_24_hours(owner, inspector, day, allowed):
    case = warn(owner, inspector, MEMORIAL_DAY - DAY)
    with on(day):
        if not allowed:
            with pytest.raises(DomainError) as refused:
                health_orders.fine_public_facility(case=case, acting_user=inspector)
            assert "offense" in refused.value.errors
            return
        fine = health_orders.fine_public_facility(case=case, acting_user=inspector)
    assert (fine.per_day, fine.amount_per_offense, fine.offense_number) == (
        True, Decimal("50.00"), 2)


def test_the_fine_stops_with_the_correction_and_is_invoiced(owner, inspector):
    case = warn(owner, inspector, MEMORIAL_DAY - DAY)
    with on(MEMORIAL_DAY + DAY):
        fine = health_orders.fine_public_facility(case=case, acting_user=inspector)
        with pytest.raises(InvalidTransition):
            health_orders.fine_public_facility(case=case, acting_user=inspector)
    with on(MEMORIAL_DAY + 3 * DAY):
        health_orders.record_facility_correction(
            case=case, corrected_on=MEMORIAL_DAY + 3 * DAY, acting_user=inspector)
    fine.refresh_from_db()
    assert fine.invoice.lines.get().amount == Decimal("150.00")  # three days


def test_a_second_fine_while_the_first_accrues_is_refused_naming_the_running_one(
        owner, inspector):
    case = warn(owner, inspector, MEMORIAL_DAY - DAY)
    with on(MEMORIAL_DAY + DAY):
        fine = health_orders.fine_public_facility(case=case, acting_user=inspector)
    with on(MEMORIAL_DAY + 2 * DAY), pytest.raises(InvalidTransition) as refused:
        health_orders.fine_public_facility(case=case, acting_user=inspector)
    assert str(refused.value) == (
        f"Citation #{fine.pk} fines this offense for each day until the party complies: "
        "it counts today already.")
    assert case.citations.count() == 2  # the warning and the running fine


def test_a_party_already_warned_gets_the_order_without_a_second_warning(owner, inspector):
    warn(owner, inspector, dt.date(2027, 3, 1))
    case = warn(owner, inspector, MEMORIAL_DAY - DAY)
    assert not case.citations.exists()
    assert health_orders.clock_order(case).comply_by == MEMORIAL_DAY


# -- underground storage tank ------------------------------------------------------------


def new_tank(owner, inspector, *, recorded_on: dt.date):
    with on(recorded_on):
        return health_orders.record_new_tank(
            owner=owner, tank="1,000 gallon heating oil", address="3 Main Street",
            in_use_on=dt.date(2027, 5, 1), acting_user=inspector)


def test_the_notification_deadline_rolls_past_memorial_day(owner, inspector):
    case = new_tank(owner, inspector, recorded_on=dt.date(2027, 5, 3))
    assert health_orders.clock_order(case).comply_by == dt.date(2027, 6, 1)


@pytest.mark.parametrize(("filed_on", "late"), [
    (MEMORIAL_DAY, False), (dt.date(2027, 6, 1), False), (dt.date(2027, 6, 2), True)])
def test_a_notification_after_the_deadline_is_late_and_may_be_fined(owner, inspector,
                                                                    filed_on, late):
    case = new_tank(owner, inspector, recorded_on=dt.date(2027, 5, 3))
    with on(filed_on):
        order = health_orders.record_tank_notification(case=case, filed_on=filed_on,
                                                       acting_user=inspector)
        assert health_orders.is_past(order, on=filed_on + DAY) is late
    with on(filed_on + DAY):
        if not late:
            with pytest.raises(DomainError):
                health_orders.cite_fuel_storage(case=case, acting_user=inspector)
            return
        fine = health_orders.cite_fuel_storage(case=case, acting_user=inspector)
    assert fine.invoice.lines.get().amount == Decimal("200.00")


def test_an_unfiled_notification_is_fined_each_day_until_filed(owner, inspector):
    case = new_tank(owner, inspector, recorded_on=dt.date(2027, 5, 3))
    with on(dt.date(2027, 6, 1)), pytest.raises(DomainError):
        health_orders.cite_fuel_storage(case=case, acting_user=inspector)
    with on(dt.date(2027, 6, 2)):
        fine = health_orders.cite_fuel_storage(case=case, acting_user=inspector)
    with on(dt.date(2027, 6, 3)):
        health_orders.record_tank_notification(case=case, filed_on=dt.date(2027, 6, 3),
                                               acting_user=inspector)
    fine.refresh_from_db()
    assert fine.invoice.lines.get().amount == Decimal("400.00")


# -- certified food manager --------------------------------------------------------------


def ownership_change(owner, inspector):
    with on(dt.date(2027, 4, 2)):
        return health_orders.record_ownership_change(
            owner=owner, establishment="Harbor Grill", address="5 Water Street",
            changed_on=dt.date(2027, 4, 1), acting_user=inspector)


def test_sixty_days_after_a_change_of_ownership_never_roll(owner, inspector):
    case = ownership_change(owner, inspector)
    assert health_orders.clock_order(case).comply_by == MEMORIAL_DAY


@pytest.mark.parametrize(("day", "flagged"), [
    (MEMORIAL_DAY - DAY, False), (MEMORIAL_DAY, False), (MEMORIAL_DAY + DAY, True)])
def test_operating_after_the_sixty_days_is_flagged_and_may_be_cited(owner, inspector, day,
                                                                    flagged):
    case = ownership_change(owner, inspector)
    assert health_orders.is_past(health_orders.clock_order(case), on=day) is flagged
    with on(day):
        if not flagged:
            with pytest.raises(DomainError):
                health_orders.cite_food_manager(case=case, amount="100", acting_user=inspector)
            return
        citation = health_orders.cite_food_manager(case=case, amount="100",
                                                   acting_user=inspector)
    assert citation.forfeiture and citation.citation.startswith("Tisbury BOH Reg 09.0.7(B)")


def test_a_certified_manager_in_time_stops_the_clock(owner, inspector):
    case = ownership_change(owner, inspector)
    with on(MEMORIAL_DAY):
        order = health_orders.record_certified_manager(case=case, certified_on=MEMORIAL_DAY,
                                                       acting_user=inspector)
    assert not health_orders.is_past(order, on=MEMORIAL_DAY + 10 * DAY)
    with on(MEMORIAL_DAY + DAY), pytest.raises(DomainError):
        health_orders.cite_food_manager(case=case, amount="100", acting_user=inspector)


# -- the staff deadlines screen ----------------------------------------------------------


def test_every_clock_is_on_the_deadlines_screen(owner, officer, inspector):
    bite(owner, officer, dt.date(2027, 5, 21))
    warn(owner, inspector, MEMORIAL_DAY - DAY)
    new_tank(owner, inspector, recorded_on=dt.date(2027, 5, 21))
    ownership_change(owner, inspector)
    rows = deadlines([municipality("tisbury").pk], today=dt.date(2027, 5, 21))
    assert {(row.on, row.citation) for row in rows} >= {
        (MEMORIAL_DAY, "Tisbury BOH Reg 09.7.3"), (MEMORIAL_DAY, "Tisbury BOH Reg 09.4.8"),
        (dt.date(2027, 6, 1), "Tisbury BOH Reg 09.4.7"),
        (MEMORIAL_DAY, "Tisbury BOH Reg 09.5.2")}


def test_a_tank_brought_into_use_in_the_future_is_refused_on_its_field(owner, inspector):
    with on(dt.date(2027, 5, 3)), pytest.raises(DomainError) as refused:
        health_orders.record_new_tank(owner=owner, tank="Oil", address="3 Main Street",
                                      in_use_on=dt.date(2027, 5, 4), acting_user=inspector)
    assert "in_use_on" in refused.value.errors
