"""Dog license fees: spayed/neutered vs intact (Licenses A(9)) and the late fee (A(8))."""

import datetime as dt
from decimal import Decimal

import pytest

from permits_site.exceptions import DomainError
from permits_site.licensing.models import PermitType
from permits_site.licensing.services.fees import create_fee_schedule_version, quote_fee
from permits_site.rules.fees import QuoteRefused

pytestmark = pytest.mark.django_db


@pytest.fixture
def dog_license():
    return PermitType.objects.get(code="north_andover.dog_license")


def quote(permit_type, action, on, **facts):
    result, _schedule = quote_fee(permit_type=permit_type, action=action, facts=facts, on=on)
    return result


@pytest.mark.parametrize(("spayed", "amount"), [(True, "10.00"), (False, "15.00")])
def test_new_license_fee_depends_on_spayed_or_neutered_a9(dog_license, spayed, amount):
    result = quote(dog_license, "new", dt.date(2027, 2, 1), spayed_neutered=spayed)

    assert [(line.code, line.amount) for line in result.lines] == [("new", Decimal(amount))]
    assert result.lines[0].citation == "North Andover Code ch. 60, Licenses A(9)"


@pytest.mark.parametrize(
    ("on", "late"),
    [
        (dt.date(2027, 2, 28), False),  # the day before the due date
        (dt.date(2027, 3, 1), False),  # Monday March 1, 2027: the due date itself
        (dt.date(2027, 3, 2), True),  # the day after
    ],
)
def test_renewal_late_fee_starts_the_day_after_march_1_a8(dog_license, on, late):
    result = quote(dog_license, "renewal", on, spayed_neutered=True, license_year=2027)

    codes = [line.code for line in result.lines]
    assert codes == (["renewal", "late_fee"] if late else ["renewal"])
    assert result.total == (Decimal("35.00") if late else Decimal("10.00"))


@pytest.mark.parametrize(
    ("on", "late"),
    [
        (dt.date(2030, 3, 1), False),  # Friday March 1, 2030 is not a North Andover business day
        (dt.date(2030, 3, 4), False),  # so the due date rolls to Monday March 4
        (dt.date(2030, 3, 5), True),
    ],
)
def test_late_fee_follows_the_friday_roll_forward_a8(dog_license, on, late):
    result = quote(dog_license, "renewal", on, spayed_neutered=False, license_year=2030)

    assert ("late_fee" in [line.code for line in result.lines]) is late


def test_a_new_license_never_owes_the_late_fee(dog_license):
    result = quote(dog_license, "new", dt.date(2027, 6, 1), spayed_neutered=True, license_year=2027)

    assert [line.code for line in result.lines] == ["new"]


@pytest.mark.parametrize(("action", "amount"), [("transfer", "2.00"), ("replacement_tag", "5.00")])
def test_transfer_and_replacement_tag_fees(dog_license, action, amount):
    result = quote(dog_license, action, dt.date(2027, 6, 1))

    assert result.total == Decimal(amount)
    assert result.lines[0].code == action


def test_renewal_quote_without_spayed_neutered_is_refused_naming_the_fact(dog_license):
    with pytest.raises(QuoteRefused) as refusal:
        quote(dog_license, "renewal", dt.date(2027, 6, 1))

    assert "spayed_neutered" in refusal.value.errors


def test_quote_for_an_action_the_type_lacks_is_refused(dog_license):
    with pytest.raises(QuoteRefused) as refusal:
        quote(dog_license, "expansion", dt.date(2027, 6, 1))

    assert "action" in refusal.value.errors


def test_admin_cannot_save_a_spayed_fee_not_lower_than_intact_a9(dog_license, town_admin):
    amounts = {
        "spayed_neutered": Decimal("15.00"),
        "intact": Decimal("15.00"),
        "late_fee": Decimal("25.00"),
        "transfer": Decimal("2.00"),
        "replacement_tag": Decimal("5.00"),
    }

    with pytest.raises(DomainError) as refusal:
        create_fee_schedule_version(
            permit_type=dog_license,
            effective_from=dt.date(2030, 1, 1),
            amounts=amounts,
            acting_user=town_admin,
        )

    assert "Licenses A(9)" in refusal.value.errors["spayed_neutered"][0]
    assert dog_license.fee_schedules.count() == 1


def test_new_fee_version_prices_from_its_date_only(dog_license, town_admin):
    amounts = {
        "spayed_neutered": Decimal("12.00"),
        "intact": Decimal("20.00"),
        "late_fee": Decimal("25.00"),
        "transfer": Decimal("2.00"),
        "replacement_tag": Decimal("5.00"),
    }
    create_fee_schedule_version(
        permit_type=dog_license,
        effective_from=dt.date(2030, 1, 1),
        amounts=amounts,
        acting_user=town_admin,
    )

    before = quote(dog_license, "new", dt.date(2029, 12, 31), spayed_neutered=True)
    after = quote(dog_license, "new", dt.date(2030, 1, 1), spayed_neutered=True)

    assert (before.total, after.total) == (Decimal("10.00"), Decimal("12.00"))


def test_fee_version_cannot_start_in_the_past(dog_license, town_admin):
    amounts = {
        "spayed_neutered": Decimal("9.00"),
        "intact": Decimal("15.00"),
        "late_fee": Decimal("25.00"),
        "transfer": Decimal("2.00"),
        "replacement_tag": Decimal("5.00"),
    }

    with pytest.raises(DomainError) as refusal:
        create_fee_schedule_version(
            permit_type=dog_license,
            effective_from=dt.date(2001, 1, 1),
            amounts=amounts,
            acting_user=town_admin,
        )

    assert "effective_from" in refusal.value.errors
