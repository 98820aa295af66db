"""Admins change fines by effective-dated versions: a version prices offenses from its date."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine

from permits_site.audit import history_of
from permits_site.enforcement.models import FineSchedule
from permits_site.enforcement.services import (
    create_fine_schedule_version,
    fine_schedule_in_force,
    quote_fine,
    retire_fine_schedule,
)
from permits_site.exceptions import DomainError
from permits_site.licensing.adoption import Adoption
from permits_site.rules.fees import QuoteRefused
from tests.factories import Role, municipality, staff

pytestmark = pytest.mark.django_db

TODAY = dt.datetime(2027, 6, 1, 10, 0)
FROM = dt.date(2027, 7, 1)
#: Tisbury's Board amends its fine schedule after notice and hearing (09.0.4).
HEARD = Adoption(notice_given_on=dt.date(2027, 5, 3), hearing_held_on=dt.date(2027, 5, 17))


@pytest.fixture
def tisbury(db):
    return municipality("tisbury")


@pytest.fixture
def tisbury_admin(db):
    return staff(Role.ADMIN, "tisbury")


def current_amounts(town):
    schedule = fine_schedule_in_force(town, dt.date(2027, 6, 1))
    return {item.offense: item.rate().amounts() for item in schedule.items.all()}


def with_changes(town, **changes):
    return {**current_amounts(town), **changes}


def excrement_total(town, on, prior_offenses=0):
    return quote_fine(municipality=town, offense="animal_excrement",
                      prior_offenses=prior_offenses, on=on).total


@time_machine.travel(TODAY, tick=False)
def test_a_new_version_changes_quotes_from_its_effective_date_only(tisbury, tisbury_admin):
    amounts = with_changes(tisbury, animal_excrement={"first": "40.00", "second": "80.00",
                                                      "later": "80.00"})

    create_fine_schedule_version(municipality=tisbury, effective_from=FROM, amounts=amounts,
                                 acting_user=tisbury_admin, adoption=HEARD)

    assert excrement_total(tisbury, FROM - dt.timedelta(days=1)) == Decimal("25.00")
    assert excrement_total(tisbury, FROM) == Decimal("40.00")
    assert excrement_total(tisbury, FROM, prior_offenses=1) == Decimal("80.00")


@time_machine.travel(TODAY, tick=False)
def test_a_new_version_keeps_the_laws_wording_and_counting(tisbury, tisbury_admin):
    schedule = create_fine_schedule_version(
        municipality=tisbury, effective_from=FROM, amounts=current_amounts(tisbury),
        acting_user=tisbury_admin, adoption=HEARD,
    )
    boat = schedule.items.get(offense="living_aboard_boat")

    assert schedule.seeded is False and schedule.created_by == tisbury_admin
    assert schedule.items.count() == 23
    assert (boat.per_day, boat.per_unit, boat.unit_name) == (True, True, "boat")
    assert boat.citation == "Tisbury BOH Reg 09.4.10"


@time_machine.travel(TODAY, tick=False)
def test_an_admin_can_turn_a_first_offense_into_a_warning(tisbury, tisbury_admin):
    amounts = with_changes(tisbury, dumpster={"first": None, "second": "50.00", "later": "75"})
    create_fine_schedule_version(municipality=tisbury, effective_from=FROM, amounts=amounts,
                                 acting_user=tisbury_admin, adoption=HEARD)

    first = quote_fine(municipality=tisbury, offense="dumpster", on=FROM)
    third = quote_fine(municipality=tisbury, offense="dumpster", prior_offenses=2, on=FROM)

    assert first.warning and first.total == Decimal("0.00")
    assert third.total == Decimal("75.00")


@time_machine.travel(TODAY, tick=False)
def test_a_ranged_offense_gets_a_new_range(tisbury, tisbury_admin):
    amounts = with_changes(tisbury, living_aboard_boat={"minimum": "150", "maximum": "400"})
    create_fine_schedule_version(municipality=tisbury, effective_from=FROM, amounts=amounts,
                                 acting_user=tisbury_admin, adoption=HEARD)

    assert quote_fine(municipality=tisbury, offense="living_aboard_boat", amount=Decimal("400"),
                      on=FROM).total == Decimal("400.00")
    with pytest.raises(QuoteRefused) as refused:
        quote_fine(municipality=tisbury, offense="living_aboard_boat", amount=Decimal("100"),
                   on=FROM)
    assert "from $150.00 to $400.00" in refused.value.errors["amount"][0]


@time_machine.travel(TODAY, tick=False)
def test_creating_a_version_is_audited_with_the_amounts_before_and_after(tisbury, tisbury_admin):
    amounts = with_changes(tisbury, lead_law={"first": "400", "second": "400", "later": "400"})
    schedule = create_fine_schedule_version(municipality=tisbury, effective_from=FROM,
                                            amounts=amounts, acting_user=tisbury_admin,
                                            adoption=HEARD)
    entry = history_of(schedule).get()

    assert entry.action == "fine_schedule.created"
    assert entry.actor == tisbury_admin
    assert entry.before["lead_law"] == {"first": "500.00", "second": "500.00", "later": "500.00"}
    assert entry.after["lead_law"] == {"first": "400.00", "second": "400.00", "later": "400.00"}
    assert schedule.history.count() == 1


@time_machine.travel(TODAY, tick=False)
def test_a_version_cannot_take_effect_in_the_past(tisbury, tisbury_admin):
    with pytest.raises(DomainError) as refused:
        create_fine_schedule_version(municipality=tisbury, effective_from=dt.date(2027, 5, 31),
                                     amounts=current_amounts(tisbury), acting_user=tisbury_admin,
                                     adoption=HEARD)

    assert list(refused.value.errors) == ["effective_from"]


@time_machine.travel(TODAY, tick=False)
@pytest.mark.parametrize(("change", "field"), [
    ({"littering": {"first": "-1", "second": "100", "later": "100"}}, "littering"),
    ({"littering": {"first": "50"}}, "littering"),
    ({"living_aboard_boat": {"minimum": "300", "maximum": "100"}}, "living_aboard_boat"),
    ({"no_such_offense": {"first": "1", "second": "1", "later": "1"}}, "no_such_offense"),
])
def test_malformed_or_foreign_amounts_are_refused_naming_the_offense(
    tisbury, tisbury_admin, change, field
):
    with pytest.raises(DomainError) as refused:
        create_fine_schedule_version(municipality=tisbury, effective_from=FROM,
                                     amounts=with_changes(tisbury, **change),
                                     acting_user=tisbury_admin, adoption=HEARD)

    assert list(refused.value.errors) == [field]
    assert FineSchedule.objects.filter(municipality=tisbury).count() == 1


@time_machine.travel(TODAY, tick=False)
def test_every_offense_needs_its_amounts(tisbury, tisbury_admin):
    amounts = current_amounts(tisbury)
    del amounts["quarantine"]

    with pytest.raises(DomainError) as refused:
        create_fine_schedule_version(municipality=tisbury, effective_from=FROM, amounts=amounts,
                                     acting_user=tisbury_admin, adoption=HEARD)

    assert list(refused.value.errors) == ["quarantine"]


@time_machine.travel(TODAY, tick=False)
def test_retiring_a_version_before_its_date_restores_the_previous_amounts(
    tisbury, tisbury_admin
):
    amounts = with_changes(tisbury, animal_excrement={"first": "40", "second": "80",
                                                      "later": "80"})
    schedule = create_fine_schedule_version(municipality=tisbury, effective_from=FROM,
                                            amounts=amounts, acting_user=tisbury_admin,
                                            adoption=HEARD)

    retire_fine_schedule(schedule=schedule, acting_user=tisbury_admin)

    assert excrement_total(tisbury, FROM) == Decimal("25.00")
    assert history_of(schedule).first().action == "fine_schedule.retired"
    with pytest.raises(DomainError, match="already retired"):
        retire_fine_schedule(schedule=schedule, acting_user=tisbury_admin)


@time_machine.travel(TODAY, tick=False)
def test_a_version_already_in_force_cannot_be_retired(tisbury, tisbury_admin):
    seeded = fine_schedule_in_force(tisbury, dt.date(2027, 6, 1))

    with pytest.raises(DomainError, match="publish a new version"):
        retire_fine_schedule(schedule=seeded, acting_user=tisbury_admin)

    seeded.refresh_from_db()
    assert seeded.retired_at is None
