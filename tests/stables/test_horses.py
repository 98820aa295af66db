"""Horse registration (B, §3.2), the registry's certificate flags and burial notices (§6.6)."""

import datetime as dt

import pytest
import time_machine

from permits_site.exceptions import DomainError
from permits_site.licensing.models import Document
from permits_site.licensing.services.applications import (
    approve_application,
    submit_application,
)
from permits_site.licensing.services.permits import issue_permit
from stables.burials import services as burials
from stables.horses import services as horses
from stables.horses.kinds import REGISTERED_UNTIL_THE_HORSE_LEAVES
from stables.models import Horse, Stable
from tests.factories import UserFactory
from tests.stables.flow import accept_documents, drafted, pdf, permitted
from tests.stables.test_permit_flow import MARCH_15_2027

pytestmark = pytest.mark.django_db
JUNE_1_2027 = dt.datetime(2027, 6, 1, 10, 0)


@pytest.fixture
def stable(keeper, nb_clerk):
    with time_machine.travel(MARCH_15_2027, tick=False):
        permitted(keeper, nb_clerk)
    return Stable.objects.get()


def horse(owner, stable, *, dated=dt.date(2027, 4, 2), name="Juniper"):
    return horses.register_horse(
        owner=owner,
        stable=stable,
        name=name,
        description="Bay Morgan mare, 12, white star",
        certificate=pdf("eee-tetanus.pdf") if dated else None,
        certificate_dated=dated,
    )


# -- Registration ---------------------------------------------------------------------------


@time_machine.travel(JUNE_1_2027, tick=False)
def test_a_horse_is_registered_free_with_its_inoculation_certificate_b_3_2(
    stable, keeper, nb_clerk
):
    registration = horse(keeper, stable).registration
    submit_application(application=registration, acting_user=keeper)
    accept_documents(registration, nb_clerk)

    permit = issued(registration, nb_clerk)

    assert registration.invoices.get().is_paid
    assert permit.fee_total == 0
    assert permit.valid_through == REGISTERED_UNTIL_THE_HORSE_LEAVES
    assert permit.number == "HRS-2027-00001"


def issued(application, clerk):
    approve_application(application=application, acting_user=clerk)
    return issue_permit(application=application, acting_user=clerk)


@time_machine.travel(JUNE_1_2027, tick=False)
def test_a_registration_without_the_certificate_is_not_submitted_3_2(stable, keeper):
    registration = horse(keeper, stable, dated=None).registration

    with pytest.raises(DomainError) as refused:
        submit_application(application=registration, acting_user=keeper)

    [message] = refused.value.errors["documents"]
    assert "Northborough Horse & Stable Regs §3.2" in message


@time_machine.travel(JUNE_1_2027, tick=False)
def test_a_horse_is_kept_at_ones_own_or_a_permitted_stable(keeper, stable):
    unpermitted = drafted(UserFactory(), address="3 Other Road").stable_application.stable

    boarded = horse(UserFactory(), stable)
    with pytest.raises(DomainError) as refused:
        horse(keeper, unpermitted)

    assert boarded.stable == stable
    assert list(refused.value.errors) == ["stable"]


@time_machine.travel(JUNE_1_2027, tick=False)
def test_a_certificate_cannot_be_dated_in_the_future(keeper, stable):
    with pytest.raises(DomainError) as refused:
        horse(keeper, stable, dated=dt.date(2027, 6, 2))

    assert list(refused.value.errors) == ["certificate_dated"]


def test_a_newer_certificate_after_registration_is_kept_with_the_horse(
    stable, keeper, nb_clerk
):
    with time_machine.travel(JUNE_1_2027, tick=False):
        juniper = horse(keeper, stable)
        submit_application(application=juniper.registration, acting_user=keeper)
        accept_documents(juniper.registration, nb_clerk)
        issued(juniper.registration, nb_clerk)
    with time_machine.travel(dt.datetime(2028, 4, 20, 10, 0), tick=False):
        horses.file_inoculation_certificate(
            horse=juniper, upload=pdf("2028.pdf"), dated=dt.date(2028, 4, 18), acting_user=keeper
        )

    juniper.refresh_from_db()
    assert juniper.certificate_dated == dt.date(2028, 4, 18)
    assert juniper.inoculation_certificate.application is None
    assert juniper.inoculation_certificate.owner == keeper
    assert Document.objects.filter(kind="inoculation_certificate").count() == 2


# -- The registry's flags -------------------------------------------------------------------


@time_machine.travel(JUNE_1_2027, tick=False)
@pytest.mark.parametrize(
    ("dated", "flag"),
    [
        (dt.date(2026, 6, 2), "current"),  # 364 days old
        (dt.date(2026, 6, 1), "current"),  # 365 days: a year old today, not older
        (dt.date(2026, 5, 31), "stale"),  # 366 days: older than a year
        (None, "missing"),
    ],
)
def test_the_registry_flags_certificates_missing_or_older_than_a_year_3_2(
    keeper, stable, dated, flag
):
    juniper = horse(keeper, stable, dated=dated)

    assert juniper.certificate_flag(on=dt.date(2027, 6, 1)).code == flag


@time_machine.travel(JUNE_1_2027, tick=False)
def test_the_registry_lists_horses_still_kept_in_town(keeper, stable, nb_clerk):
    horse(keeper, stable, name="Juniper")
    gone = horse(keeper, stable, name="Old Tom")
    Horse.objects.filter(pk=gone.pk).update(kept_until=dt.date(2027, 5, 1))

    names = [row.name for row in horses.horse_registry(stable.municipality)]

    assert names == ["Juniper"]


# -- Burial notices (§6.6) ------------------------------------------------------------------

HOLE = {
    "bottom_above_high_water_ft": 5,
    "cover_depth_ft": 6,
    "distance_to_lot_line_ft": 20,
    "distance_to_wetland_ft": 150,
    "distance_to_well_ft": 120,
}


def notice(keeper, stable, *, buried, notified, **hole):
    facts = {**HOLE, **hole, "burial_date": buried, "notice_date": notified}
    return burials.file_burial_notice(
        filed_by=keeper, stable=stable, horse=None, site="North corner of the back pasture",
        facts=facts,
    )


def notice_outcome(filed):
    [finding] = [finding for finding in filed.findings if finding["rule"] == "nb.6.6.notice"]
    return finding["outcome"]


@time_machine.travel(dt.datetime(2027, 6, 3, 10, 0), tick=False)
@pytest.mark.parametrize(
    ("buried", "notified", "outcome"),
    [
        (dt.date(2027, 6, 2), dt.date(2027, 6, 1), "pass"),  # in advance
        (dt.date(2027, 6, 2), dt.date(2027, 6, 2), "pass"),  # the same day
        (dt.date(2027, 6, 2), dt.date(2027, 6, 3), "fail"),  # after a Wednesday burial
        (dt.date(2027, 5, 29), dt.date(2027, 6, 1), "pass"),  # Saturday; Monday is Memorial Day
        (dt.date(2027, 5, 29), dt.date(2027, 6, 2), "fail"),  # a day after the working day
        (dt.date(2027, 5, 31), dt.date(2027, 6, 1), "pass"),  # Memorial Day burial
    ],
)
def test_after_a_weekend_or_holiday_burial_notice_is_due_the_next_working_day_6_6(
    keeper, stable, buried, notified, outcome
):
    filed = notice(keeper, stable, buried=buried, notified=notified)

    assert notice_outcome(filed) == outcome
    assert filed.compliant is (outcome == "pass")


@time_machine.travel(dt.datetime(2027, 6, 3, 10, 0), tick=False)
def test_a_burial_notice_records_each_measurement_rule_with_its_section(keeper, stable):
    filed = notice(keeper, stable, buried=dt.date(2027, 6, 2), notified=dt.date(2027, 6, 2),
                   cover_depth_ft=5, distance_to_well_ft=80)

    failed = [finding["rule"] for finding in filed.findings if finding["outcome"] == "fail"]
    assert failed == ["nb.6.6.cover", "nb.6.6.wetland_well"]
    assert {finding["citation"] for finding in filed.findings} == {
        "Northborough Horse & Stable Regs §6.6"
    }
    assert filed.facts["burial_date"] == "2027-06-02"


@time_machine.travel(dt.datetime(2027, 6, 3, 10, 0), tick=False)
def test_a_buried_horse_is_no_longer_kept_in_town(keeper, stable):
    juniper = horse(keeper, stable)

    burials.file_burial_notice(
        filed_by=keeper, stable=stable, horse=juniper, site="Back pasture",
        facts={**HOLE, "burial_date": dt.date(2027, 6, 2), "notice_date": dt.date(2027, 6, 2)},
    )

    juniper.refresh_from_db()
    assert juniper.kept_until == dt.date(2027, 6, 2)
    assert list(horses.horse_registry(stable.municipality)) == []


@time_machine.travel(dt.datetime(2027, 6, 3, 10, 0), tick=False)
def test_a_stranger_cannot_file_a_notice_for_anothers_stable(stable, other_resident):
    with pytest.raises(DomainError) as refused:
        notice(other_resident, stable, buried=dt.date(2027, 6, 2), notified=dt.date(2027, 6, 2))

    assert list(refused.value.errors) == ["stable"]
