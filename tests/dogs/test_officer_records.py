"""The Animal Control Officer's records (North Andover Code ch. 60): the log of calls and
the bite records of ACO B(2), the Animal Inspector's quarantine orders (Welfare C), a
motorist's report (Welfare D), vacated property (Welfare G) and the Clerk's list of
records kept past their two years (ACO B(2)).

North Andover's offices keep a Monday–Thursday week; the quarantine and the three days to
inspect a vacated property are durations: their last day never rolls."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from dogs.bites.services import (
    bite_from_call,
    bites_on_record,
    issue_quarantine,
    open_potentially_dangerous_case,
    quarantine_ends,
    record_bite,
    record_investigation,
    release_quarantine,
)
from dogs.calls.services import (
    csv_rows,
    matching,
    monthly_report,
    record_call,
    record_outcome,
)
from dogs.models import AnimalCall, CallKind, kept_until
from dogs.officer_records import first_day_kept
from dogs.periods import BUSINESS_WEEK
from dogs.records.services import oldest_past_keeping, past_keeping
from dogs.welfare.services import (
    inspection_due,
    penalty_grounds,
    record_inspection,
    record_report,
)
from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import CaseStatus
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.rules.calendar import BusinessCalendar
from tests.factories import (
    AnimalCallFactory,
    BiteRecordFactory,
    CaseFactory,
    ImpoundmentFactory,
    Role,
    local,
    municipality,
    staff,
)

CALENDAR = BusinessCalendar(BUSINESS_WEEK)
THU_JUNE_4 = dt.date(2026, 6, 4)
MON_JUNE_15 = dt.date(2026, 6, 15)


def on(day: dt.date, hour: int = 12):
    return time_machine.travel(local(day, hour), tick=False)


@pytest.fixture
def town(db):
    return municipality("north_andover")


@pytest.fixture
def inspector(db):
    return staff(Role.INSPECTOR, first_name="Ivy", last_name="Inspector")


@pytest.fixture
def clerk(db):
    return staff(Role.CLERK, first_name="Cleo", last_name="Clerk")


def log_call(aco, town, **fields) -> AnimalCall:
    values = {"received_at": local(THU_JUNE_4, 9), "kind": CallKind.BITE,
              "caller_name": "Robin Caller", "place": "Stevens Street playground",
              "what_happened": "A dog bit a child on the hand.", "animal": "Brown shepherd"}
    return record_call(municipality=town, acting_user=aco, **{**values, **fields})


# -- the log of calls (ACO B(2)) ---------------------------------------------------------

def test_aco_b2_call_logged_with_time_caller_place_animal_and_audited(aco, town):
    with on(THU_JUNE_4):
        call = log_call(aco, town)
    assert (call.caller_name, call.place, call.animal) == (
        "Robin Caller", "Stevens Street playground", "Brown shepherd")
    assert call.received_at == local(THU_JUNE_4, 9)
    assert AuditEntry.objects.filter(action="animal_call.logged", object_id=call.pk).exists()


def test_aco_b2_only_the_officer_logs_calls(clerk, town):
    with on(THU_JUNE_4), pytest.raises(PermissionDenied, match="ACO B\\(2\\)"):
        log_call(clerk, town)


def test_aco_b2_call_cannot_be_received_in_the_future(aco, town):
    with on(THU_JUNE_4, 8), pytest.raises(DomainError) as refused:
        log_call(aco, town)
    assert "received_at" in refused.value.errors


def test_welfare_d1_motorist_report_is_a_call_of_its_own_kind(aco, town):
    with on(THU_JUNE_4):
        call = log_call(aco, town, kind=CallKind.MOTORIST_STRUCK, species="cat",
                        what_happened="Driver struck a grey cat on Route 114; cat injured.")
    assert call.get_kind_display() == "A motorist struck a dog or cat (Welfare D)"


def test_aco_b2_outcome_links_the_case_impoundment_and_citation_of_the_town(aco, town):
    case, intake = CaseFactory(municipality=town), ImpoundmentFactory()
    with on(THU_JUNE_4):
        call = log_call(aco, town)
        record_outcome(call=call, acting_user=aco, outcome="Dog impounded, case opened",
                       closed_on=THU_JUNE_4, case=case.pk, impoundment=intake.pk)
    call.refresh_from_db()
    assert (call.case, call.impoundment, call.closed_on) == (case, intake, THU_JUNE_4)


def test_aco_b2_outcome_refuses_another_towns_case_naming_the_field(aco, town):
    other = CaseFactory(municipality=municipality("tisbury"))
    with on(THU_JUNE_4):
        call = log_call(aco, town)
        with pytest.raises(DomainError) as refused:
            record_outcome(call=call, acting_user=aco, outcome="x", closed_on=THU_JUNE_4,
                           case=other.pk)
    assert "case" in refused.value.errors
    call.refresh_from_db()
    assert call.outcome == "" and call.case is None


def test_aco_b2_calls_found_by_caller_place_or_animal_and_filtered_by_kind(aco, town):
    AnimalCallFactory(caller_name="Morgan Neighbor", kind="complaint")
    AnimalCallFactory(place="Great Pond Road", kind="at_large")
    calls = AnimalCall.objects.all()
    assert [call.caller_name for call in matching(calls, text="neighbor")] == ["Morgan Neighbor"]
    assert [call.place for call in matching(calls, kind="at_large")] == ["Great Pond Road"]
    assert matching(calls, status="closed").count() == 0


def test_aco_b2_monthly_report_counts_the_months_calls_by_kind(aco, town):
    AnimalCallFactory(received_at=local(dt.date(2026, 5, 31), 23), kind="complaint")
    AnimalCallFactory(received_at=local(dt.date(2026, 6, 1), 0), kind="complaint")
    AnimalCallFactory(received_at=local(dt.date(2026, 6, 30), 23), kind="bite")
    AnimalCallFactory(received_at=local(dt.date(2026, 7, 1), 0), kind="bite")
    report = monthly_report({town.pk}, dt.date(2026, 6, 1))
    assert len(report.calls) == 2
    assert report.by_kind == [("Complaint about an animal", 1), ("Bite or attack", 1)]
    assert report.still_open == 2


def test_aco_b2_monthly_csv_has_every_call_and_never_a_formula(aco, town):
    AnimalCallFactory(received_at=local(dt.date(2026, 6, 3), 10), caller_name="=HYPERLINK()")
    header, row = list(csv_rows(monthly_report({town.pk}, dt.date(2026, 6, 1))))
    assert header[:3] == ("call", "received", "kind")
    assert row[1] == "2026-06-03 10:00" and row[3] == "'=HYPERLINK()"


# -- bite records (ACO B(2)) -------------------------------------------------------------

def test_aco_b2_call_becomes_a_bite_record_in_one_step(aco, town, dog):
    with on(THU_JUNE_4):
        call = log_call(aco, town, kind=CallKind.COMPLAINT, dog=dog)
        bite = bite_from_call(call=call, acting_user=aco, victim_name="Casey Child")
    call.refresh_from_db()
    assert (bite.call, bite.bitten_on, bite.place, bite.dog) == (
        call, THU_JUNE_4, "Stevens Street playground", dog)
    assert call.kind == CallKind.BITE
    assert dog.owner.display_name in bite.keeper


def test_aco_b2_a_call_has_one_bite_record(aco, town):
    with on(THU_JUNE_4):
        call = log_call(aco, town)
        bite_from_call(call=call, acting_user=aco, victim_name="Casey Child")
        with pytest.raises(InvalidTransition):
            bite_from_call(call=call, acting_user=aco, victim_name="Casey Child")


def test_aco_b2_bite_names_the_dog_or_describes_the_animal(aco, town):
    with on(THU_JUNE_4), pytest.raises(DomainError) as refused:
        record_bite(municipality=town, acting_user=aco, bitten_on=THU_JUNE_4,
                    place="Main Street", victim_name="Casey Child")
    assert "animal" in refused.value.errors


def test_aco_b2_investigation_result_recorded_not_before_the_bite(aco, town):
    bite = BiteRecordFactory(bitten_on=THU_JUNE_4)
    with on(MON_JUNE_15):
        with pytest.raises(DomainError):
            record_investigation(bite=bite, acting_user=aco, result="x",
                                 investigated_on=dt.date(2026, 6, 3), provoked=False)
        record_investigation(bite=bite, acting_user=aco, result="Unprovoked bite, skin broken",
                             investigated_on=dt.date(2026, 6, 8), provoked=False)
    bite.refresh_from_db()
    assert bite.investigation_result == "Unprovoked bite, skin broken"
    assert bite.provoked is False


def test_potentially_dangerous_a_case_opened_from_a_bite_links_them(aco, town, dog):
    bite = BiteRecordFactory(dog=dog, bitten_on=THU_JUNE_4)
    with on(MON_JUNE_15):
        case = open_potentially_dangerous_case(bite=bite, acting_user=aco)
    bite.refresh_from_db()
    assert bite.case == case
    assert case.case_type == "north_andover.potentially_dangerous_dog"
    assert case.party == dog.owner and f"Bite record #{bite.pk}" in case.complaint
    assert bites_on_record(case=case) == [bite]
    assert bites_on_record(dog=dog) == [bite]


def test_potentially_dangerous_case_lists_every_bite_of_the_same_dog(aco, town, dog):
    earlier = BiteRecordFactory(dog=dog, bitten_on=dt.date(2026, 3, 2))
    bite = BiteRecordFactory(dog=dog, bitten_on=THU_JUNE_4)
    with on(MON_JUNE_15):
        case = open_potentially_dangerous_case(bite=bite, acting_user=aco)
    assert bites_on_record(case=case) == [bite, earlier]


def test_potentially_dangerous_a_case_needs_the_dog_of_the_register(aco, town):
    bite = BiteRecordFactory(bitten_on=THU_JUNE_4)
    with on(MON_JUNE_15), pytest.raises(DomainError) as refused:
        open_potentially_dangerous_case(bite=bite, acting_user=aco)
    assert "dog" in refused.value.errors


# -- quarantine orders (Welfare C) -------------------------------------------------------

@pytest.mark.parametrize(("bitten_on", "ends_on"), [
    (dt.date(2026, 6, 4), dt.date(2026, 6, 14)),    # ends on a Sunday: a duration, no roll
    (dt.date(2026, 6, 25), dt.date(2026, 7, 5)),    # across the month and July 4th
    (dt.date(2026, 12, 31), dt.date(2027, 1, 10)),  # across the year
])
def test_welfare_c_quarantine_ends_ten_days_after_the_bite_never_rolled(bitten_on, ends_on):
    assert quarantine_ends(bitten_on, CALENDAR) == ends_on


def test_welfare_c_animal_inspector_orders_the_quarantine(inspector, town):
    bite = BiteRecordFactory(bitten_on=THU_JUNE_4)
    with on(dt.date(2026, 6, 5)):
        order = issue_quarantine(bite=bite, acting_user=inspector, issued_on=dt.date(2026, 6, 5),
                                 confined_at="Keeper's house", served_to="Sam Keeper",
                                 additional_restrictions="No visitors")
    assert order.ends_on == dt.date(2026, 6, 14)
    assert AuditEntry.objects.filter(action="quarantine.issued").exists()


def test_welfare_c_only_the_animal_inspector_orders_a_quarantine(aco):
    bite = BiteRecordFactory(bitten_on=THU_JUNE_4)
    with on(dt.date(2026, 6, 5)), pytest.raises(PermissionDenied, match="Animal Inspector"):
        issue_quarantine(bite=bite, acting_user=aco, issued_on=dt.date(2026, 6, 5),
                         confined_at="Home", served_to="Sam Keeper")


def test_welfare_c_ten_day_quarantine_is_for_dogs_cats_and_ferrets(inspector):
    bite = BiteRecordFactory(bitten_on=THU_JUNE_4, species="livestock")
    with on(dt.date(2026, 6, 5)), pytest.raises(DomainError) as refused:
        issue_quarantine(bite=bite, acting_user=inspector, issued_on=dt.date(2026, 6, 5),
                         confined_at="Barn", served_to="Sam Keeper")
    assert "species" in refused.value.errors


@pytest.mark.parametrize(("released_on", "released"), [
    (dt.date(2026, 6, 13), False),  # the day before the end
    (dt.date(2026, 6, 14), True),   # the last day
    (dt.date(2026, 6, 15), True),   # the day after
])
def test_welfare_c_release_by_the_inspector_once_the_quarantine_has_run(
        inspector, released_on, released):
    bite = BiteRecordFactory(bitten_on=THU_JUNE_4)
    with on(dt.date(2026, 6, 5)):
        order = issue_quarantine(bite=bite, acting_user=inspector, issued_on=dt.date(2026, 6, 5),
                                 confined_at="Home", served_to="Sam Keeper")
    with on(dt.date(2026, 6, 20)):
        if released:
            release_quarantine(order=order, acting_user=inspector, released_on=released_on)
        else:
            with pytest.raises(DomainError, match="runs through June 14, 2026"):
                release_quarantine(order=order, acting_user=inspector, released_on=released_on)
    order.refresh_from_db()
    assert (order.released_on == released_on) is released


# -- vacated property (Welfare G) --------------------------------------------------------

@pytest.mark.parametrize(("known_on", "inspect_by"), [
    (dt.date(2026, 6, 1), dt.date(2026, 6, 4)),   # Monday: by Thursday
    (dt.date(2026, 6, 2), dt.date(2026, 6, 5)),   # Tuesday: Friday, not rolled
    (dt.date(2026, 6, 4), dt.date(2026, 6, 7)),   # Thursday: Sunday, not rolled
])
def test_welfare_g1_inspection_within_three_days_never_rolled(known_on, inspect_by):
    assert inspection_due(known_on, CALENDAR) == inspect_by


def test_welfare_g1_report_records_its_inspection_day(aco, town):
    with on(THU_JUNE_4):
        report = record_report(municipality=town, acting_user=aco, address="40 Chickering Rd",
                               responsible_party="Lakeside Bank", reason="foreclosure",
                               known_vacated_on=dt.date(2026, 6, 2))
    assert report.inspect_by == dt.date(2026, 6, 5)


@pytest.mark.parametrize(("inspected_on", "late"), [
    (dt.date(2026, 6, 4), False),  # the day before the last
    (dt.date(2026, 6, 5), False),  # the last day
    (dt.date(2026, 6, 6), True),   # the day after
])
def test_welfare_g6_penalty_when_not_inspected_within_three_days(aco, town, inspected_on, late):
    with on(dt.date(2026, 6, 8)):
        report = record_report(municipality=town, acting_user=aco, address="40 Chickering Rd",
                               responsible_party="Lakeside Bank", reason="foreclosure",
                               known_vacated_on=dt.date(2026, 6, 2))
        record_inspection(report=report, acting_user=aco, inspected_on=inspected_on,
                          animals_found=False)
    assert bool(penalty_grounds(report, dt.date(2026, 6, 8))) is late


def test_welfare_g2_animals_found_need_the_day_the_officer_was_told(aco, town):
    with on(THU_JUNE_4):
        report = record_report(municipality=town, acting_user=aco, address="40 Chickering Rd",
                               responsible_party="Lakeside Bank", reason="foreclosure",
                               known_vacated_on=dt.date(2026, 6, 2))
        with pytest.raises(DomainError) as refused:
            record_inspection(report=report, acting_user=aco, inspected_on=THU_JUNE_4,
                              animals_found=True, animals="Two cats, thin")
    assert "officer_notified_on" in refused.value.errors


def test_welfare_g6_penalty_when_animals_found_were_reported_late(aco, town):
    with on(dt.date(2026, 6, 8)):
        report = record_report(municipality=town, acting_user=aco, address="40 Chickering Rd",
                               responsible_party="Lakeside Bank", reason="foreclosure",
                               known_vacated_on=dt.date(2026, 6, 2))
        record_inspection(report=report, acting_user=aco, inspected_on=THU_JUNE_4,
                          animals_found=True, animals="Two cats, thin",
                          officer_notified_on=dt.date(2026, 6, 8))
    [ground] = penalty_grounds(report, dt.date(2026, 6, 8))
    assert "Welfare G(2)" in ground


# -- retention (ACO B(2)) ----------------------------------------------------------------

@pytest.mark.parametrize(("made_on", "keep_until"), [
    (dt.date(2024, 6, 4), dt.date(2026, 6, 4)),
    (dt.date(2024, 2, 29), dt.date(2026, 2, 28)),
])
def test_aco_b2_records_kept_two_years(made_on, keep_until):
    assert kept_until(made_on) == keep_until


@pytest.mark.parametrize(("today", "listed"), [
    (dt.date(2026, 6, 3), False),  # the day before the keep-until date
    (dt.date(2026, 6, 4), False),  # the keep-until date: still kept
    (dt.date(2026, 6, 5), True),   # the day after: past it
])
def test_aco_b2_clerk_lists_records_past_their_two_years(town, today, listed):
    BiteRecordFactory(bitten_on=dt.date(2024, 6, 4))
    AnimalCallFactory(received_at=local(dt.date(2024, 6, 4), 10))
    ImpoundmentFactory(impounded_on=dt.date(2024, 5, 1), forwarded_to_clerk_on=dt.date(2024, 6, 4))
    CaseFactory(municipality=town, case_type="north_andover.dog_control",
                received_on=dt.date(2024, 6, 4), status=CaseStatus.CLOSED)
    rows = past_keeping({town.pk}, today)
    assert len(rows) == (4 if listed else 0)
    assert {row.kind for row in rows} == ({"Bite", "Call", "Impoundment", "Case"}
                                          if listed else set())


def test_aco_b2_retention_list_never_counts_an_open_case_or_another_towns(town):
    CaseFactory(municipality=town, case_type="north_andover.dog_control",
                received_on=dt.date(2020, 1, 6))
    BiteRecordFactory(municipality=municipality("tisbury"), bitten_on=dt.date(2020, 1, 6))
    assert past_keeping({town.pk}, dt.date(2026, 6, 4)) == []


def test_aco_b2_retention_list_runs_a_fixed_number_of_queries(town, django_assert_max_num_queries):
    for _ in range(5):
        BiteRecordFactory(bitten_on=dt.date(2023, 1, 5))
        AnimalCallFactory(received_at=local(dt.date(2023, 1, 5), 10))
    with django_assert_max_num_queries(5):
        assert len(past_keeping({town.pk}, dt.date(2026, 6, 4))) == 10


@pytest.mark.parametrize(("today", "first_kept"), [
    (dt.date(2026, 6, 5), dt.date(2024, 6, 5)),
    (dt.date(2028, 2, 29), dt.date(2026, 3, 1)),   # Feb 28, 2026 was kept until Feb 28
    (dt.date(2026, 3, 1), dt.date(2024, 3, 1)),    # Feb 29, 2024 was kept until Feb 28
])
def test_aco_b2_first_day_still_kept(today, first_kept):
    assert first_day_kept(today) == first_kept
    assert kept_until(first_kept) >= today
    assert kept_until(first_kept - dt.timedelta(days=1)) < today


def test_aco_b2_home_heads_of_the_retention_list_in_one_query(town,
                                                              django_assert_num_queries):
    BiteRecordFactory(bitten_on=dt.date(2023, 1, 5))
    AnimalCallFactory(received_at=local(dt.date(2023, 1, 4), 10))
    CaseFactory(municipality=town, case_type="north_andover.dog_control",
                received_on=dt.date(2023, 1, 6), status=CaseStatus.CLOSED)
    with django_assert_num_queries(1):
        rows = oldest_past_keeping({town.pk}, dt.date(2026, 6, 4), 11)
    assert [row.kind for row in rows] == ["Call", "Bite", "Case"]


def test_welfare_g2_report_links_the_call_that_brought_the_notice_once(aco, town):
    call = AnimalCallFactory(kind="abandoned")
    with on(THU_JUNE_4):
        report = record_report(municipality=town, acting_user=aco, address="40 Chickering Rd",
                               responsible_party="Lakeside Bank", reason="foreclosure",
                               known_vacated_on=dt.date(2026, 6, 2), call=call.pk)
        with pytest.raises(DomainError) as refused:
            record_report(municipality=town, acting_user=aco, address="40 Chickering Rd",
                          responsible_party="Lakeside Bank", reason="foreclosure",
                          known_vacated_on=dt.date(2026, 6, 2), call=call.pk)
    assert report.call == call
    assert "call" in refused.value.errors
