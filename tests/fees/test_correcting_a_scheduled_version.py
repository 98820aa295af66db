"""A fee schedule version that has not taken effect yet may be corrected or withdrawn by the
town's admin — a typo in an amount would otherwise become a wrong fee on the day it takes
effect. A version in force, or one that has been, never changes: invoices and quotes priced
by it keep their amounts (a change is a new version). A correction passes every check a new
version passes, and is audited with what it changed."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.adoption import Adoption
from permits_site.licensing.models import FeeSchedule, PermitType
from permits_site.licensing.services.fees import (
    correct_fee_schedule_version,
    create_fee_schedule_version,
    retire_fee_schedule,
    schedule_in_force,
)
from tests.api.conftest import client_for
from tests.factories import InvoiceFactory, Role, staff

pytestmark = pytest.mark.django_db

DAY = dt.timedelta(days=1)
TODAY = dt.date(2027, 2, 10)
TOMORROW = TODAY + DAY
DOG_LICENSE = "north_andover.dog_license"
DOG_AMOUNTS = {"spayed_neutered": Decimal("12.00"), "intact": Decimal("20.00"),
               "late_fee": Decimal("25.00"), "transfer": Decimal("2.00"),
               "replacement_tag": Decimal("5.00")}
TOOK_EFFECT = "took effect on {}: a version that has taken effect is never changed"


@pytest.fixture(autouse=True)
def _february_10_2027():
    with time_machine.travel(dt.datetime(2027, 2, 10, 15, 0), tick=False):
        yield


def dog_license() -> PermitType:
    return PermitType.objects.get(code=DOG_LICENSE)


def scheduled(admin, effective_from=TOMORROW, **amounts) -> FeeSchedule:
    """A new dog license version; ``intact`` typed as $200 unless told otherwise."""
    return create_fee_schedule_version(
        permit_type=dog_license(), effective_from=effective_from,
        amounts={**DOG_AMOUNTS, "intact": Decimal("200.00"), **amounts},
        acting_user=admin, note="Select Board vote of February 2, 2027")


def correct(schedule, admin, *, effective_from=None, amounts=None, **changes):
    return correct_fee_schedule_version(
        schedule=schedule, effective_from=effective_from or schedule.effective_from,
        amounts={**DOG_AMOUNTS, **changes} if amounts is None else amounts,
        acting_user=admin, note="Typo in the intact fee corrected")


def stored_amounts(schedule) -> dict[str, Decimal]:
    return FeeSchedule.objects.get(pk=schedule.pk).amounts()


def corrections() -> int:
    return AuditEntry.objects.filter(action="fee_schedule.corrected").count()


# -- the service -----------------------------------------------------------------------------


def test_a_version_taking_effect_tomorrow_is_corrected_in_place_and_audited(town_admin):
    schedule = scheduled(town_admin)
    versions = FeeSchedule.objects.count()

    corrected = correct(schedule, town_admin, effective_from=TOMORROW + DAY)

    assert corrected.pk == schedule.pk and FeeSchedule.objects.count() == versions
    assert stored_amounts(schedule)["intact"] == Decimal("20.00")
    corrected.refresh_from_db()
    assert corrected.effective_from == TOMORROW + DAY
    assert corrected.note == "Typo in the intact fee corrected"
    assert corrected.created_by == town_admin
    entry = AuditEntry.objects.get(action="fee_schedule.corrected")
    assert entry.actor == town_admin and str(entry.object_id) == str(schedule.pk)
    assert entry.before["amounts"]["intact"] == "200.00"
    assert entry.after["amounts"]["intact"] == "20.00"
    assert (entry.before["effective_from"], entry.after["effective_from"]) == (
        "2027-02-11", "2027-02-12")


@pytest.mark.parametrize(("effective_from", "corrected"), [(TODAY, False), (TOMORROW, True)])
def test_a_version_taking_effect_tomorrow_is_corrected_one_in_force_today_is_not(
        town_admin, effective_from, corrected):
    schedule = scheduled(town_admin, effective_from=effective_from)

    if corrected:
        correct(schedule, town_admin)
    else:
        with pytest.raises(DomainError, match=TOOK_EFFECT.format("February 10, 2027")):
            correct(schedule, town_admin)

    assert stored_amounts(schedule)["intact"] == (Decimal("20.00") if corrected
                                                  else Decimal("200.00"))
    assert corrections() == int(corrected)


def test_on_the_day_it_takes_effect_the_version_is_no_longer_corrected(town_admin):
    schedule = scheduled(town_admin)

    with (time_machine.travel(dt.datetime(2027, 2, 11, 5, 30), tick=False),  # 00:30, Boston
          pytest.raises(DomainError, match="publish a new version instead")):
        correct(schedule, town_admin)

    assert stored_amounts(schedule)["intact"] == Decimal("200.00")


def test_the_version_in_force_since_2000_is_never_corrected(town_admin):
    in_force = schedule_in_force(dog_license(), TODAY)

    with pytest.raises(DomainError, match=TOOK_EFFECT.format("January 1, 2000")):
        correct(in_force, town_admin)

    assert stored_amounts(in_force)["spayed_neutered"] == Decimal("10.00")


@pytest.mark.parametrize(("amounts", "field", "words"), [
    ({**DOG_AMOUNTS, "intact": Decimal("-1.00")}, "intact", "cannot be negative"),
    ({code: amount for code, amount in DOG_AMOUNTS.items() if code != "late_fee"},
     "late_fee", "Enter an amount"),
    ({**DOG_AMOUNTS, "grooming": Decimal("3.00")}, "grooming", "Not an item"),
    ({**DOG_AMOUNTS, "spayed_neutered": Decimal("20.00")}, "spayed_neutered",
     "Licenses A(9)"),
])
def test_a_bad_correction_is_refused_naming_the_field_and_changes_nothing(
        town_admin, amounts, field, words):
    schedule = scheduled(town_admin)

    with pytest.raises(DomainError) as refused:
        correct(schedule, town_admin, amounts=amounts)

    assert field in refused.value.errors and words in refused.value.errors[field][0]
    assert stored_amounts(schedule)["intact"] == Decimal("200.00")
    assert corrections() == 0


def test_a_correction_cannot_move_the_version_into_the_past(town_admin):
    schedule = scheduled(town_admin)

    with pytest.raises(DomainError) as refused:
        correct(schedule, town_admin, effective_from=TODAY - DAY)

    assert list(refused.value.errors) == ["effective_from"]
    schedule.refresh_from_db()
    assert schedule.effective_from == TOMORROW


def test_a_version_an_invoice_was_priced_by_is_not_corrected_nor_withdrawn(town_admin):
    schedule = scheduled(town_admin)
    InvoiceFactory(fee_schedule=schedule)

    with pytest.raises(DomainError, match="invoice"):
        correct(schedule, town_admin)
    with pytest.raises(DomainError, match="invoice"):
        retire_fee_schedule(schedule=schedule, acting_user=town_admin)

    schedule.refresh_from_db()
    assert schedule.retired_at is None and stored_amounts(schedule)["intact"] == 200


def test_a_withdrawn_version_is_not_corrected(town_admin):
    schedule = retire_fee_schedule(schedule=scheduled(town_admin), acting_user=town_admin)

    with pytest.raises(DomainError, match="withdrawn"):
        correct(schedule, town_admin)

    assert stored_amounts(schedule)["intact"] == Decimal("200.00")


@pytest.mark.parametrize("who", [(Role.CLERK, "north_andover"), (Role.ADMIN, "tisbury")])
def test_only_the_towns_admin_corrects_or_withdraws_its_fees(town_admin, who):
    schedule = scheduled(town_admin)
    other = staff(*who)

    with pytest.raises(PermissionDenied, match="Admin"):
        correct(schedule, other)
    with pytest.raises(PermissionDenied, match="Admin"):
        retire_fee_schedule(schedule=schedule, acting_user=other)

    schedule.refresh_from_db()
    assert schedule.retired_at is None and stored_amounts(schedule)["intact"] == 200


def test_a_tisbury_correction_still_needs_the_boards_notice_and_hearing_0904():
    admin = staff(Role.ADMIN, "tisbury")
    stable = PermitType.objects.get(code="tisbury.stable")
    held = Adoption(notice_given_on=TODAY - 14 * DAY, hearing_held_on=TODAY)
    schedule = create_fee_schedule_version(
        permit_type=stable, effective_from=TOMORROW, adoption=held, acting_user=admin,
        amounts={"new": Decimal("15.00"), "renewal": Decimal("20.00")})

    with pytest.raises(DomainError) as unheard:
        correct_fee_schedule_version(
            schedule=schedule, effective_from=TOMORROW, acting_user=admin,
            amounts={"new": Decimal("12.00"), "renewal": Decimal("20.00")},
            adoption=Adoption(notice_given_on=TODAY - 14 * DAY))
    with pytest.raises(DomainError) as too_high:
        correct_fee_schedule_version(
            schedule=schedule, effective_from=TOMORROW, acting_user=admin, adoption=held,
            amounts={"new": Decimal("12.00"), "renewal": Decimal("25.00")})

    assert "Tisbury BOH Reg 09.0.4" in unheard.value.errors["hearing_held_on"][0]
    assert "09.7.2" in too_high.value.errors["renewal"][0]
    assert stored_amounts(schedule)["new"] == Decimal("15.00")


def test_a_version_taking_effect_tomorrow_is_withdrawn_one_in_force_is_not(town_admin):
    tomorrows = retire_fee_schedule(schedule=scheduled(town_admin), acting_user=town_admin)
    in_force = schedule_in_force(dog_license(), TODAY)

    with pytest.raises(DomainError, match=TOOK_EFFECT.format("January 1, 2000")):
        retire_fee_schedule(schedule=in_force, acting_user=town_admin)

    assert tomorrows.retired_at is not None
    in_force.refresh_from_db()
    assert in_force.retired_at is None
    assert schedule_in_force(dog_license(), TOMORROW) == in_force


# -- the pages -------------------------------------------------------------------------------


def correction_form(**changes) -> dict[str, str]:
    return {"effective_from": "2027-02-11", "note": "Typo corrected",
            **{f"amount_{code}": str(amount) for code, amount in DOG_AMOUNTS.items()},
            **changes}


def test_the_fee_schedules_page_offers_to_correct_or_withdraw_only_a_scheduled_version(
        client, town_admin):
    schedule = scheduled(town_admin)
    in_force = schedule_in_force(dog_license(), TODAY)
    client.force_login(town_admin)

    page = client.get(reverse("licensing:fee_schedules"), {"q": "dog license"}).content.decode()

    assert reverse("licensing:fee_schedule_correct", args=[schedule.pk]) in page
    assert reverse("licensing:fee_schedule_withdraw", args=[schedule.pk]) in page
    assert reverse("licensing:fee_schedule_correct", args=[in_force.pk]) not in page
    assert reverse("licensing:fee_schedule_withdraw", args=[in_force.pk]) not in page
    assert "Takes effect on February 11, 2027" in page
    assert "Dog license, not spayed or neutered $200.00" in page


def test_the_admin_corrects_a_scheduled_version_on_its_page(client, town_admin):
    schedule = scheduled(town_admin)
    url = reverse("licensing:fee_schedule_correct", args=[schedule.pk])
    client.force_login(town_admin)

    form = client.get(url)
    saved = client.post(url, correction_form(), follow=True)

    assert form.status_code == 200
    assert 'value="200.00"' in form.content.decode()  # the version's own amounts
    assert saved.redirect_chain[-1][0] == reverse("licensing:fee_schedules")
    assert "Fee schedule corrected: Dog License" in saved.content.decode()
    assert stored_amounts(schedule)["intact"] == Decimal("20.00")
    assert corrections() == 1


@pytest.mark.parametrize(("value", "words"), [
    ("-1.00", "An amount cannot be negative."),
    ("lots", "Enter an amount in dollars and cents, such as 50.00.")])
def test_a_bad_amount_on_the_page_is_named_and_changes_nothing(client, town_admin, value,
                                                                words):
    schedule = scheduled(town_admin)
    client.force_login(town_admin)

    refused = client.post(reverse("licensing:fee_schedule_correct", args=[schedule.pk]),
                          correction_form(amount_intact=value))

    assert refused.status_code == 400
    page = refused.content.decode()
    assert "Dog license, not spayed or neutered ($)</a>:" in page and words in page
    assert stored_amounts(schedule)["intact"] == Decimal("200.00")
    assert corrections() == 0


def test_the_page_refuses_the_version_in_force_saying_why(client, town_admin):
    in_force = schedule_in_force(dog_license(), TODAY)
    url = reverse("licensing:fee_schedule_correct", args=[in_force.pk])
    client.force_login(town_admin)

    opened = client.get(url, follow=True)
    posted = client.post(url, correction_form(effective_from="2027-03-01"), follow=True)

    for response in (opened, posted):
        assert response.redirect_chain[-1][0] == reverse("licensing:fee_schedules")
        assert TOOK_EFFECT.format("January 1, 2000") in response.content.decode()
    assert stored_amounts(in_force)["spayed_neutered"] == Decimal("10.00")
    assert corrections() == 0


def test_the_admin_withdraws_a_scheduled_version_on_the_page_but_not_one_in_force(
        client, town_admin):
    schedule = scheduled(town_admin)
    in_force = schedule_in_force(dog_license(), TODAY)
    client.force_login(town_admin)

    withdrawn = client.post(reverse("licensing:fee_schedule_withdraw", args=[schedule.pk]),
                            follow=True)
    refused = client.post(reverse("licensing:fee_schedule_withdraw", args=[in_force.pk]),
                          follow=True)

    assert "Fee schedule withdrawn: Dog License, from February 11, 2027." in \
        withdrawn.content.decode()
    assert TOOK_EFFECT.format("January 1, 2000") in refused.content.decode()
    schedule.refresh_from_db()
    in_force.refresh_from_db()
    assert schedule.retired_at is not None and in_force.retired_at is None
    assert AuditEntry.objects.filter(action="fee_schedule.retired",
                                     object_id=str(schedule.pk)).exists()


def test_an_admin_of_another_town_finds_no_such_version_and_a_clerk_is_refused(
        client, town_admin, clerk):
    schedule = scheduled(town_admin)
    urls = (reverse("licensing:fee_schedule_correct", args=[schedule.pk]),
            reverse("licensing:fee_schedule_withdraw", args=[schedule.pk]))

    client.force_login(staff(Role.ADMIN, "tisbury"))
    assert [client.post(url, correction_form()).status_code for url in urls] == [404, 404]
    client.force_login(clerk)
    assert [client.post(url, correction_form()).status_code for url in urls] == [403, 403]

    schedule.refresh_from_db()
    assert schedule.retired_at is None and stored_amounts(schedule)["intact"] == 200


# -- the API: list, create and retire (api.md); a correction is the page's --------------------


def test_the_api_retires_a_version_in_force_with_the_same_refusal(town_admin):
    in_force = schedule_in_force(dog_license(), TODAY)

    response = client_for(town_admin).post(f"/api/v1/fee-schedules/{in_force.pk}/retire/")

    assert response.status_code == 400
    assert TOOK_EFFECT.format("January 1, 2000") in str(response.json())
    in_force.refresh_from_db()
    assert in_force.retired_at is None
