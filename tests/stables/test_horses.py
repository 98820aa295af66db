"""Horse registration (B, §3.2), the registry's certificate flags and burial notices (§6.6)."""

import datetime as dt

import pytest
import time_machine

from permits_site.exceptions import DomainError, ImmutableRecord, InvalidTransition
from permits_site.licensing.models import Document
from permits_site.licensing.services.applications import (
    approve_application,
    submit_application,
)
from permits_site.licensing.services.permits import end_open_term, issue_permit
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


# -- Regulation C: horses kept in a permitted stable -------------------------------------------


@time_machine.travel(JUNE_1_2027, tick=False)
def test_a_horse_at_a_stable_without_a_permit_is_flagged_to_the_board_not_refused_c_2_1(
    keeper, stable, nb_clerk
):
    own_unpermitted = drafted(keeper, address="3 Other Road").stable_application.stable
    grandfathered = drafted(keeper, address="5 Old Farm Road").stable_application.stable
    Stable.objects.filter(pk=grandfathered.pk).update(grandfathered=True)

    horse(keeper, stable, name="Juniper")
    horse(keeper, own_unpermitted, name="Pepper")
    horse(keeper, grandfathered, name="Sage")

    flags = {row.name: row.stable_unpermitted
             for row in horses.horse_registry(stable.municipality)}
    assert flags == {"Juniper": False, "Pepper": True, "Sage": False}


def test_a_stable_whose_permit_has_expired_is_flagged_c_2_1(keeper, stable):
    with time_machine.travel(JUNE_1_2027, tick=False):
        horse(keeper, stable, name="Juniper")
    permit_ends = stable.applications.get().application.permit.valid_through

    for day, flagged in ((permit_ends, False), (permit_ends + dt.timedelta(days=1), True)):
        with time_machine.travel(dt.datetime.combine(day, dt.time(10)), tick=False):
            [row] = horses.horse_registry(stable.municipality)
            assert row.stable_unpermitted is flagged, day


@time_machine.travel(JUNE_1_2027, tick=False)
def test_the_registry_page_shows_and_filters_the_unpermitted_stables_c(
    client, keeper, stable, nb_clerk, django_assert_max_num_queries
):
    own_unpermitted = drafted(keeper, address="3 Other Road").stable_application.stable
    horse(keeper, stable, name="Juniper")
    horse(keeper, own_unpermitted, name="Pepper")
    client.force_login(nb_clerk)

    with django_assert_max_num_queries(20):
        page = client.get("/stables/horses/registry/?show=unpermitted").content.decode()

    assert "No stable permit in force (C, §2.1)" in page
    assert "Pepper" in page and "Juniper" not in page


# -- Leaving the register (B) ------------------------------------------------------------------


def registered(owner, stable, clerk, name="Juniper"):
    juniper = horse(owner, stable, name=name)
    submit_application(application=juniper.registration, acting_user=owner)
    accept_documents(juniper.registration, clerk)
    issued(juniper.registration, clerk)
    return juniper


@time_machine.travel(JUNE_1_2027, tick=False)
@pytest.mark.parametrize("departure", ["sold", "moved", "died"])
def test_a_horse_leaves_the_register_with_its_date_and_reason_b(
    keeper, stable, nb_clerk, departure
):
    juniper = registered(keeper, stable, nb_clerk)

    horses.record_departure(horse=juniper, departure=departure, left_on=dt.date(2027, 6, 1),
                            acting_user=keeper)

    juniper.refresh_from_db()
    registration = juniper.registration.permit
    assert (juniper.kept_until, juniper.departure) == (dt.date(2027, 6, 1), departure)
    assert registration.valid_through == dt.date(2027, 6, 1)
    assert registration.effective_status(dt.date(2027, 6, 1)) == "active"
    assert registration.effective_status(dt.date(2027, 6, 2)) == "expired"
    assert list(horses.horse_registry(stable.municipality)) == []


@time_machine.travel(JUNE_1_2027, tick=False)
def test_a_registration_ended_by_departure_cannot_be_ended_again(keeper, stable, nb_clerk):
    juniper = registered(keeper, stable, nb_clerk)
    horses.record_departure(horse=juniper, departure="sold", left_on=dt.date(2027, 6, 1),
                            acting_user=keeper)
    registration = juniper.registration.permit

    with pytest.raises(InvalidTransition):
        end_open_term(permit=registration, last_day=dt.date(2027, 6, 1), reason="again",
                      acting_user=keeper)
    registration.valid_through = dt.date(2027, 5, 31)
    with pytest.raises(ImmutableRecord):
        registration.save()


@time_machine.travel(JUNE_1_2027, tick=False)
@pytest.mark.parametrize(("departure", "left_on", "field"), [
    ("sold", dt.date(2027, 6, 2), "left_on"),
    ("stolen", dt.date(2027, 6, 1), "departure"),
    ("died", dt.date(2020, 1, 1), "left_on"),
])
def test_a_departure_in_the_future_before_registration_or_unknown_is_refused(
    keeper, stable, nb_clerk, departure, left_on, field
):
    juniper = registered(keeper, stable, nb_clerk)

    with pytest.raises(DomainError) as refused:
        horses.record_departure(horse=juniper, departure=departure, left_on=left_on,
                                acting_user=keeper)

    assert list(refused.value.errors) == [field]
    juniper.refresh_from_db()
    assert juniper.kept_in_town


@time_machine.travel(JUNE_1_2027, tick=False)
def test_the_owner_records_a_departure_on_the_page_and_through_the_api(
    client, keeper, stable, nb_clerk
):
    juniper = registered(keeper, stable, nb_clerk)
    pepper = registered(keeper, stable, nb_clerk, name="Pepper")
    stranger = UserFactory()
    client.force_login(stranger)
    strangers_try = client.post(f"/stables/horses/{juniper.pk}/departure/",
                                {"departure": "sold", "left_on": "2027-06-01"})
    client.force_login(keeper)

    dashboard = client.get("/dashboard/").content.decode()
    page = client.post(f"/stables/horses/{juniper.pk}/departure/",
                       {"departure": "sold", "left_on": "2027-06-01"})
    api = client.post(f"/api/v1/horses/{pepper.pk}/departure/",
                      {"departure": "died", "left_on": "2027-06-01"},
                      content_type="application/json")

    assert strangers_try.status_code == 404
    assert f"/stables/horses/{juniper.pk}/departure/" in dashboard
    assert page.status_code == 302
    assert api.status_code == 200
    assert (api.json()["departure"], api.json()["kept_until"]) == ("died", "2027-06-01")
    assert {horse.departure for horse in Horse.objects.all()} == {"sold", "died"}
