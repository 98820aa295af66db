"""A determined dangerous or potentially dangerous dog (Code ch. 60): the owner's duties as
orders, the 21-day security window the Chief alone extends up to 60 days, the compliance
check of Dangerous D, the release after two years, the fines of Dangerous F with the Chief's
hearing, and relocation notices. Windows are tested the day before, of and after, on North
Andover's Monday-to-Thursday calendar."""

import datetime as dt

import pytest
import time_machine
from django.utils import timezone

from dogs.cases import (
    DANGEROUS_DOG,
    POTENTIALLY_DANGEROUS_DOG,
    citations_awaiting_hearing,
    cite_owner,
    close_dog_case,
    describe_security,
    determine_dangerous,
    determine_potentially_dangerous,
    duty_orders,
    extend_security_compliance,
    order_owner_duties,
    propose_potentially_dangerous,
    record_compliance_check,
    record_relocation_notice,
    record_security_compliance,
    record_written_verification,
    release_on,
    release_potentially_dangerous,
    relocations,
    schedule_euthanasia_hearing,
)
from permits_site.audit import history_of
from permits_site.enforcement.models import CaseStatus
from permits_site.enforcement.services import decide_case_hearing, open_case
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from tests.factories import municipality

pytestmark = pytest.mark.django_db

#: Determined on Thursday 2 September 2027; the owner notified on Friday 3 September.
DECIDED = dt.date(2027, 9, 2)
NOTIFIED = dt.date(2027, 9, 3)
#: 21 days from the notice: Friday 24 September, a duration — not rolled to Monday.
SECURITY_DUE = dt.date(2027, 9, 24)
#: 60 days from the notice: Tuesday 2 November.
EXTENSION_LIMIT = dt.date(2027, 11, 2)

PASSING_FACTS = {
    "enclosure_distance_to_property_line_ft": 12, "enclosure_has_bottom": True,
    "sides_embedded_ft": 0, "enclosure_has_secure_top": True, "enclosure_weather_protection": True,
    "warning_signs_all_sides": True, "child_warning_symbol_sign": True,
    "abutters_notified_certified": True, "insurance_per_incident": 100000,
    "lead_length_ft": 4, "muzzled_off_premises": True, "handler_age": 30,
}


def at(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=False)


def open_dog_case(case_type: str, owner, aco):
    return open_case(municipality=municipality("north_andover"), case_type=case_type,
                     party=owner, party_name="", address="12 Elm St",
                     complaint="The dog lunges at the fence.", received_on=timezone.localdate(),
                     acting_user=aco)


@pytest.fixture
def determined(owner, aco, chief):
    """A dog the hearing authority declared dangerous: its premises are judged by the rules
    of Dangerous D (a potentially dangerous dog's are not: see test_dog_case_readings)."""
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        return determine_dangerous(case=case, deemed=True, exceptions=[], grounds=["B(1)(a)"],
                                   determination="Bit a passer-by.", acting_user=chief)


@pytest.fixture
def potentially_dangerous(owner, aco, chief):
    with at(DECIDED):
        case = open_dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        propose_potentially_dangerous(case=case, aggressive_in_enclosure=True,
                                      proposal="Aggressive in a low-fenced yard.",
                                      acting_user=aco)
        return determine_potentially_dangerous(case=case, deemed=True, exceptions=[],
                                               determination="Potentially dangerous.",
                                               acting_user=chief)


@pytest.fixture
def ordered(determined, chief):
    with at(NOTIFIED):
        order_owner_duties(case=determined, notified_on=NOTIFIED, acting_user=chief)
    return determined


# -- the orders ----------------------------------------------------------------------------


def test_every_duty_is_ordered_within_21_days_of_the_notice_unless_chosen(ordered):
    orders = duty_orders(ordered)
    assert sorted(orders) == ["indoor_confinement", "microchip", "security", "spay_neuter",
                              "training"]
    assert {order.comply_by for order in orders.values()} == {SECURITY_DUE}
    assert orders["security"].citation == "North Andover Code ch. 60, Dangerous D"
    assert orders["spay_neuter"].citation.endswith("Dangerous E(1)(a)")


def test_a_veterinarians_certificate_skips_the_spay_neuter_order(determined, chief):
    with at(NOTIFIED):
        order_owner_duties(case=determined, notified_on=NOTIFIED, acting_user=chief,
                           unfit_certificate="Dr. Vale, Sept 1: heart condition.")
    assert sorted(duty_orders(determined)) == ["indoor_confinement", "microchip", "security",
                                               "training"]
    assert determined.findings["unfit_certificate"] == "Dr. Vale, Sept 1: heart condition."


def test_only_the_hearing_authority_orders_duties_and_only_once(determined, aco, chief):
    with at(NOTIFIED), pytest.raises(PermissionDenied):
        order_owner_duties(case=determined, notified_on=NOTIFIED, acting_user=aco)
    with at(NOTIFIED):
        order_owner_duties(case=determined, notified_on=NOTIFIED, acting_user=chief)
        with pytest.raises(InvalidTransition):
            order_owner_duties(case=determined, notified_on=NOTIFIED, acting_user=chief)


def test_no_duties_before_the_dog_is_deemed(owner, aco, chief):
    with at(DECIDED):
        case = open_dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        propose_potentially_dangerous(case=case, aggressive_in_enclosure=True,
                                      proposal="Aggressive.", acting_user=aco)
        with pytest.raises(InvalidTransition):
            order_owner_duties(case=case, notified_on=DECIDED, acting_user=chief)
        determine_potentially_dangerous(case=case, deemed=False, exceptions=["C(5)"],
                                        determination="Skin not broken.", acting_user=chief)
        with pytest.raises(InvalidTransition):
            order_owner_duties(case=case, notified_on=DECIDED, acting_user=chief)


def test_a_notice_before_the_determination_is_refused(determined, chief):
    with at(NOTIFIED), pytest.raises(DomainError) as refused:
        order_owner_duties(case=determined, notified_on=DECIDED - dt.timedelta(days=1),
                           acting_user=chief)
    assert "notified_on" in refused.value.errors


def test_a_dangerous_dog_gets_the_duties_of_dangerous_e(dangerous, chief):
    with at(DECIDED):
        order_owner_duties(case=dangerous, notified_on=DECIDED, acting_user=chief)
    assert duty_orders(dangerous)["microchip"].citation.endswith("Dangerous E(1)(b)")


# -- the security window (Potentially dangerous C(5)) ----------------------------------------


@pytest.mark.parametrize(("day", "allowed"), [
    (SECURITY_DUE - dt.timedelta(days=1), True),
    (SECURITY_DUE, True),
    (SECURITY_DUE + dt.timedelta(days=1), False),  # Saturday: a duration does not roll
])
def test_compliance_is_recorded_within_the_21_days(ordered, aco, day, allowed):
    with at(day):
        record_compliance_check(case=ordered, facts=PASSING_FACTS, acting_user=aco)
        if allowed:
            assert record_security_compliance(case=ordered, acting_user=aco).complied_on == day
        else:
            with pytest.raises(DomainError) as refused:
                record_security_compliance(case=ordered, acting_user=aco)
            assert "Potentially dangerous C(5)" in refused.value.errors["complied_on"][0]
            assert duty_orders(ordered)["security"].complied_on is None


def test_a_failed_check_names_each_rule_and_refuses_compliance(ordered, aco):
    facts = {**PASSING_FACTS, "enclosure_distance_to_property_line_ft": 6,
             "insurance_per_incident": 50000}
    with at(NOTIFIED):
        failures = record_compliance_check(case=ordered, facts=facts, acting_user=aco)
        assert [failure["rule"] for failure in failures] == ["na.dd.D1a.setback",
                                                             "na.dd.D3.insurance"]
        assert failures[0]["citation"] == "North Andover Code ch. 60, Dangerous D(1)(a)"
        with pytest.raises(DomainError) as refused:
            record_security_compliance(case=ordered, acting_user=aco)
    assert len(refused.value.errors["non_field_errors"]) == 2
    assert ordered.findings["compliance_check"]["facts"]["insurance_per_incident"] == "50000"


def test_missing_facts_are_refused_by_name(ordered, aco):
    with at(NOTIFIED), pytest.raises(DomainError) as refused:
        record_compliance_check(case=ordered, facts={"handler_age": 30}, acting_user=aco)
    assert "enclosure_has_secure_top" in refused.value.errors


@pytest.mark.parametrize(("day", "allowed"), [
    (SECURITY_DUE - dt.timedelta(days=1), True),
    (SECURITY_DUE, True),
    (SECURITY_DUE + dt.timedelta(days=1), False),
])
def test_the_chief_extends_while_the_time_runs(ordered, chief, day, allowed):
    with at(day):
        if allowed:
            extend_security_compliance(case=ordered, until=EXTENSION_LIMIT,
                                       reason="Fence contractor booked.", acting_user=chief)
            assert duty_orders(ordered)["security"].comply_by == EXTENSION_LIMIT
        else:
            with pytest.raises(DomainError) as refused:
                extend_security_compliance(case=ordered, until=EXTENSION_LIMIT,
                                           reason="Late request.", acting_user=chief)
            assert "until" in refused.value.errors


def test_an_extension_beyond_60_days_or_by_the_officer_or_twice_is_refused(ordered, aco, chief):
    with at(NOTIFIED):
        with pytest.raises(DomainError) as too_far:
            extend_security_compliance(case=ordered, until=EXTENSION_LIMIT + dt.timedelta(1),
                                       reason="Long job.", acting_user=chief)
        assert "November 2, 2027" in too_far.value.errors["until"][0]
        with pytest.raises(PermissionDenied):
            extend_security_compliance(case=ordered, until=EXTENSION_LIMIT,
                                       reason="Long job.", acting_user=aco)
        extend_security_compliance(case=ordered, until=dt.date(2027, 10, 14),
                                   reason="Long job.", acting_user=chief)
        with pytest.raises(InvalidTransition):
            extend_security_compliance(case=ordered, until=EXTENSION_LIMIT,
                                       reason="Longer.", acting_user=chief)
    assert [entry.action for entry in history_of(ordered)].count("case.order_extended") == 1


@pytest.mark.parametrize(("day", "allowed"), [
    (EXTENSION_LIMIT - dt.timedelta(days=1), True),
    (EXTENSION_LIMIT, True),
    (EXTENSION_LIMIT + dt.timedelta(days=1), False),
])
def test_compliance_within_the_extended_time(ordered, aco, chief, day, allowed):
    with at(NOTIFIED):
        extend_security_compliance(case=ordered, until=EXTENSION_LIMIT, reason="Good cause.",
                                   acting_user=chief)
    with at(day):
        record_compliance_check(case=ordered, facts=PASSING_FACTS, acting_user=aco)
        if allowed:
            record_security_compliance(case=ordered, acting_user=aco)
        else:
            with pytest.raises(DomainError):
                record_security_compliance(case=ordered, acting_user=aco)
    assert (duty_orders(ordered)["security"].complied_on is not None) is allowed


def test_a_late_written_verification_is_refused(ordered, aco):
    microchip = duty_orders(ordered)["microchip"]
    with at(SECURITY_DUE + dt.timedelta(days=1)), pytest.raises(DomainError) as refused:
        record_written_verification(order=microchip, acting_user=aco)
    assert "Potentially dangerous C(5)" in refused.value.errors["order"][0]
    with at(SECURITY_DUE):
        assert record_written_verification(order=microchip, acting_user=aco).complied_on


# -- the release after two years (Potentially dangerous C(6)) -------------------------------


def test_the_release_comes_two_years_after_the_last_compliance(potentially_dangerous, aco,
                                                                chief):
    ordered = potentially_dangerous
    complied = dt.date(2027, 9, 20)
    with at(NOTIFIED):
        order_owner_duties(case=ordered, notified_on=NOTIFIED, acting_user=chief)
    with at(complied):
        for order in duty_orders(ordered).values():
            record_written_verification(order=order, acting_user=aco)
        with pytest.raises(InvalidTransition):
            release_potentially_dangerous(case=ordered, acting_user=aco)
        describe_security(case=ordered, description="Lock the gate.", received_on=complied,
                          acting_user=aco)
        record_security_compliance(case=ordered, acting_user=aco)
    assert release_on(ordered) == dt.date(2029, 9, 20)
    with at(dt.date(2029, 9, 19)), pytest.raises(InvalidTransition) as early:
        release_potentially_dangerous(case=ordered, acting_user=aco)
    assert "Potentially dangerous C(6)" in str(early.value)
    with at(dt.date(2029, 9, 20)):
        released = release_potentially_dangerous(case=ordered, acting_user=aco)
    assert (released.status, released.findings["released_on"]) == (CaseStatus.CLOSED,
                                                                    "2029-09-20")


# -- the fines of Dangerous F ----------------------------------------------------------------


@pytest.fixture
def dangerous(owner, aco, chief):
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        return determine_dangerous(case=case, deemed=True, exceptions=[], grounds=["B(1)(b)"],
                                   determination="Bit a passer-by.", acting_user=chief)


def test_a_dog_an_exception_covers_is_not_deemed_dangerous(owner, aco, chief):
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        with pytest.raises(PermissionDenied):
            determine_dangerous(case=case, deemed=True, exceptions=[],
                                determination="Bit a passer-by.", acting_user=aco)
        with pytest.raises(DomainError) as refused:
            determine_dangerous(case=case, deemed=True, exceptions=["C(1)"], grounds=["B(1)(a)"],
                                determination="Bit a trespasser.", acting_user=chief)
        assert "Dangerous C" in refused.value.errors["deemed"][0]
        determine_dangerous(case=case, deemed=False, exceptions=["C(1)"],
                            determination="Bit a trespasser.", acting_user=chief)
        with pytest.raises(InvalidTransition):
            order_owner_duties(case=case, notified_on=DECIDED, acting_user=chief)
    assert case.findings == {"grounds": [], "exceptions": ["C(1)"], "deemed": False}


def test_the_second_at_large_offense_needs_the_chiefs_hearing(dangerous, aco, chief):
    with at(dt.date(2027, 9, 13)):
        first = cite_owner(case=dangerous, offense="dangerous_dog_at_large",
                                   accrues_until=dt.date(2027, 9, 13), acting_user=aco)
    assert (first.offense_number, first.amount_per_offense) == (1, 200)
    assert citations_awaiting_hearing(dangerous) == []
    with at(dt.date(2027, 9, 14)):
        second = cite_owner(case=dangerous, offense="dangerous_dog_at_large",
                                    accrues_until=dt.date(2027, 9, 14), acting_user=aco)
        assert (second.offense_number, second.amount_per_offense) == (2, 300)
        assert citations_awaiting_hearing(dangerous) == [second]
        with pytest.raises(InvalidTransition) as refused:
            close_dog_case(case=dangerous, acting_user=chief)
        assert "Dangerous F(1)(b)" in refused.value.errors["non_field_errors"][0]
        hearing = schedule_euthanasia_hearing(case=dangerous, notice_sent_on=dt.date(2027, 9, 14),
                                              hearing_date=dt.date(2027, 9, 21),
                                              acting_user=chief)
        assert citations_awaiting_hearing(dangerous) == []
    with at(dt.date(2027, 9, 21)):
        decide_case_hearing(hearing=hearing, decision="Not euthanized; muzzle ordered.",
                            decided_on=dt.date(2027, 9, 21), acting_user=chief)
        assert close_dog_case(case=dangerous, acting_user=chief).status == CaseStatus.CLOSED


def test_a_first_offense_hearing_is_the_chiefs_choice(dangerous, aco, chief):
    with at(dt.date(2027, 9, 13)):
        with pytest.raises(InvalidTransition):
            schedule_euthanasia_hearing(case=dangerous, notice_sent_on=dt.date(2027, 9, 13),
                                        hearing_date=dt.date(2027, 9, 20), acting_user=chief)
        cite_owner(case=dangerous, offense="dangerous_dog_at_large",
                           acting_user=aco)
        with pytest.raises(PermissionDenied):
            schedule_euthanasia_hearing(case=dangerous, notice_sent_on=dt.date(2027, 9, 13),
                                        hearing_date=dt.date(2027, 9, 20), acting_user=aco)
        assert schedule_euthanasia_hearing(case=dangerous, notice_sent_on=dt.date(2027, 9, 13),
                                           hearing_date=dt.date(2027, 9, 20),
                                           acting_user=chief).pk


def test_an_unregistered_dog_opens_ten_days_to_register(dangerous, aco):
    #: Tuesday 14 September + 10 days is Friday 24 September: a deadline rolls to Monday.
    with at(dt.date(2027, 9, 14)):
        citation = cite_owner(case=dangerous, offense="dangerous_dog_unregistered",
                                      accrues_until=dt.date(2027, 9, 14), acting_user=aco)
    order = dangerous.orders.get()
    assert (citation.amount_per_offense, order.comply_by) == (100, dt.date(2027, 9, 27))
    assert order.citation == "North Andover Code ch. 60, Dangerous F(2)"


def test_a_potentially_dangerous_case_cites_no_dangerous_fines(potentially_dangerous, aco):
    with at(NOTIFIED), pytest.raises(DomainError):
        cite_owner(case=potentially_dangerous, offense="dangerous_dog_at_large", acting_user=aco)


# -- relocation notices (Potentially dangerous G, H) -----------------------------------------


def test_a_relocation_notice_is_kept_with_its_date_and_section(ordered, aco, chief):
    with at(dt.date(2027, 10, 4)):
        with pytest.raises(PermissionDenied):
            record_relocation_notice(case=ordered, direction="out", community="Andover",
                                     description="Tan boxer", notified_on=dt.date(2027, 10, 1),
                                     acting_user=chief)
        with pytest.raises(DomainError) as refused:
            record_relocation_notice(case=ordered, direction="out", community=" ",
                                     description="Tan boxer", notified_on=dt.date(2027, 10, 1),
                                     acting_user=aco)
        assert "community" in refused.value.errors
        record_relocation_notice(case=ordered, direction="out", community="Andover",
                                 description="Tan boxer, 60 lb", notified_on=dt.date(2027, 10, 1),
                                 other_officer="Andover Animal Control", acting_user=aco)
    [notice] = relocations(ordered)
    assert (notice["community"], notice["notified_on"], notice["citation"]) == (
        "Andover", dt.date(2027, 10, 1), "North Andover Code ch. 60, Potentially dangerous H")
