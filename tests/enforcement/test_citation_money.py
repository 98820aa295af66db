"""Citations as money owed (MGL c.40 §21D): invoices, each town's window on its calendar,
hearings, court referral and decisions, surcharge events, and the party's record."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.utils import timezone

from dogs.fines import FINES as NORTH_ANDOVER_FINES
from permits_site.audit import history_of
from permits_site.enforcement.models import Citation
from permits_site.enforcement.registry import case_types, citation_policy
from permits_site.enforcement.services import issue_citation, issue_order, open_case
from permits_site.enforcement.services.dispositions import (
    Standing,
    balance,
    classify_surcharge,
    current_surcharge_event,
    decide_hearing,
    party_totals,
    record_court_decision,
    request_hearing,
    standing,
    with_answers,
)
from permits_site.enforcement.services.orders import record_compliance
from permits_site.exceptions import DomainError, ImmutableRecord, InvalidTransition
from permits_site.licensing.models import InvoiceStatus
from permits_site.licensing.services.payments import record_payment
from permits_site.parties.services import create_business
from stables.fines import FINES as NORTHBOROUGH_FINES
from tests.enforcement.test_citation_pages import held_today
from tests.factories import Role, UserFactory, municipality, staff
from tisbury_regs.fines import FINES as TISBURY_FINES

pytestmark = pytest.mark.django_db

#: Monday 14 June 2027: 21 days later is Monday 5 July, Independence Day observed, so North
#: Andover's window ends on Tuesday 6 July.
MONDAY = dt.date(2027, 6, 14)
NA_DUE = dt.date(2027, 7, 6)


def at(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=False)


def reloaded(citation: Citation) -> Citation:
    return with_answers(Citation.objects.filter(pk=citation.pk)).get()


def case_in(town: str, case_type: str, officer, *, party=None, business=None,
            party_name="Pat Doe", address="1 Main St"):
    return open_case(municipality=municipality(town), case_type=case_type, party=party,
                     party_business=business, party_name=party_name, address=address,
                     complaint="Seen by the officer.", received_on=timezone.localdate(),
                     acting_user=officer)


def pay(citation, clerk, *, reference="R-1", amount=None):
    invoice = citation.invoice
    return record_payment(invoice=invoice, method="cash", reference=reference,
                          amount=invoice.total if amount is None else amount, acting_user=clerk)


@pytest.fixture
def owner(db):
    return UserFactory(first_name="Pat", last_name="Doe")


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")


@pytest.fixture
def na_clerk(db):
    return staff(Role.CLERK, "north_andover")


@pytest.fixture
def chief(db):
    return staff(Role.HEARING_AUTHORITY, "north_andover")


@pytest.fixture
def tisbury_officer(db):
    return staff(Role.INSPECTOR, "tisbury")


def running_at_large(owner, aco, **options):
    case = case_in("north_andover", "north_andover.dog_control", aco, party=owner)
    return issue_citation(case=case, offense="running_at_large", acting_user=aco, **options)


# -- every town registers its whole schedule -----------------------------------------


@pytest.mark.parametrize("catalogue", [NORTH_ANDOVER_FINES, NORTHBOROUGH_FINES, TISBURY_FINES],
                         ids=lambda catalogue: catalogue.municipality_code)
def test_every_offense_of_a_towns_schedule_can_be_cited_under_its_policy(catalogue):
    town = catalogue.municipality_code
    citable = {offense for registered in case_types(town) for offense in registered.offenses}

    assert set(catalogue.offenses()) <= citable
    assert citation_policy(town).window.days == 21


# -- a citation is an invoice -------------------------------------------------------


def test_a_fine_is_an_invoice_to_the_party_whose_line_cites_the_offense(owner, aco):
    with at(MONDAY):
        citation = running_at_large(owner, aco)

    line = citation.invoice.lines.get()
    assert (citation.invoice.payer, citation.invoice.status) == (owner, InvoiceStatus.OPEN)
    assert (line.code, line.amount) == ("running_at_large", Decimal("25.00"))
    assert line.citation == "North Andover Code ch. 60, Restraint A"
    assert "offense #1" in line.description


def test_the_second_offense_on_the_same_owner_is_priced_as_the_second_untyped(owner, aco):
    with at(MONDAY):
        running_at_large(owner, aco)
        second = running_at_large(owner, aco)

    assert second.offense_number == 2
    assert second.invoice.total == Decimal("50.00")


def test_a_first_offense_warning_owes_nothing_and_counts_on_the_record(tisbury_officer):
    case = case_in("tisbury", "tisbury.health_violation", tisbury_officer)
    with at(MONDAY):
        warning = issue_citation(case=case, offense="feeding_waterfowl",
                                 acting_user=tisbury_officer)
    with at(MONDAY + dt.timedelta(days=1)):
        second = issue_citation(case=case, offense="feeding_waterfowl",
                                acting_user=tisbury_officer)

    assert warning.warning and warning.invoice is None
    assert standing(reloaded(warning), on=MONDAY) is Standing.WARNING
    assert balance(warning) == Decimal("0.00")
    assert second.invoice.total == Decimal("100.00")


def test_a_per_unit_offense_takes_its_units(tisbury_officer):
    case = case_in("tisbury", "tisbury.health_violation", tisbury_officer)
    with at(MONDAY):
        citation = issue_citation(case=case, offense="septic_pumpout_permit_late", units=3,
                                  accrues_until=MONDAY, acting_user=tisbury_officer)

    assert citation.invoice.total == Decimal("30.00")
    assert "3 × $10.00" in citation.invoice.lines.get().description


@pytest.mark.parametrize(("amount", "accepted"), [("99.99", False), ("100.00", True),
                                                  ("300.00", True), ("300.01", False)])
def test_an_officer_set_amount_outside_the_range_is_refused_naming_it(
        tisbury_officer, amount, accepted):
    case = case_in("tisbury", "tisbury.health_violation", tisbury_officer)
    with at(MONDAY):
        if accepted:
            citation = issue_citation(case=case, offense="living_aboard_boat", amount=amount,
                                      accrues_until=MONDAY, acting_user=tisbury_officer)
            assert citation.invoice.total == Decimal(amount)
            return
        with pytest.raises(DomainError) as refused:
            issue_citation(case=case, offense="living_aboard_boat", amount=amount,
                           accrues_until=MONDAY, acting_user=tisbury_officer)
    assert "100.00" in str(refused.value.errors["amount"]) and "300.00" in str(
        refused.value.errors["amount"])
    assert not Citation.objects.exists()


# -- per-day fines ----------------------------------------------------------------------


@pytest.fixture
def nb_inspector(db):
    return staff(Role.INSPECTOR, "northborough")


def stable_case(nb_inspector, owner):
    return case_in("northborough", "northborough.stable_violation", nb_inspector, party=owner,
                   address="12 Bartlett St, Northborough")


def test_a_daily_fine_accrues_until_compliance_then_is_invoiced_with_a_window(
        nb_inspector, owner):
    case = stable_case(nb_inspector, owner)
    with at(MONDAY):
        order = issue_order(case=case, text="Remove the manure.",
                            citation="Northborough Horse & Stable Regs §6.2",
                            comply_within_days=7, acting_user=nb_inspector)
        citation = issue_citation(case=case, offense="stable_regulation_violation",
                                  amount="25.00", acting_user=nb_inspector)
    with at(dt.date(2027, 6, 16)):
        assert standing(reloaded(citation), on=dt.date(2027, 6, 16)) is Standing.ACCRUING
    with at(dt.date(2027, 6, 17)):
        record_compliance(order=order, complied_on=dt.date(2027, 6, 17),
                          acting_user=nb_inspector)

    citation = reloaded(citation)
    assert citation.accrues_until == dt.date(2027, 6, 17)
    assert citation.invoice.total == Decimal("100.00")  # Mon–Thu: 4 days × $25
    assert citation.due_on == dt.date(2027, 7, 8)  # 21 days from Thursday 17 June
    assert standing(citation, on=dt.date(2027, 6, 17)) is Standing.DUE


def test_a_set_end_invoices_the_days_through_it_at_once(nb_inspector, owner):
    with at(MONDAY):
        citation = issue_citation(case=stable_case(nb_inspector, owner),
                                  offense="stable_regulation_violation", amount="10.00",
                                  accrues_until=dt.date(2027, 6, 18), acting_user=nb_inspector)

    assert citation.invoice.total == Decimal("50.00")


@pytest.mark.parametrize(("offense", "accrues_until", "message"), [
    ("stable_regulation_violation", dt.date(2027, 6, 13), "before the day it is written"),
])
def test_a_set_end_before_the_citation_is_refused(nb_inspector, owner, offense, accrues_until,
                                                   message):
    with at(MONDAY), pytest.raises(DomainError) as refused:
        issue_citation(case=stable_case(nb_inspector, owner), offense=offense, amount="10.00",
                       accrues_until=accrues_until, acting_user=nb_inspector)
    assert message in str(refused.value.errors["accrues_until"])


def test_only_a_per_day_offense_takes_an_end(owner, aco):
    with at(MONDAY), pytest.raises(DomainError) as refused:
        running_at_large(owner, aco, accrues_until=MONDAY)
    assert "per day" in str(refused.value.errors["accrues_until"])


# -- each town's window, on its calendar ----------------------------------------------


@pytest.mark.parametrize(("day", "expected"), [
    (NA_DUE - dt.timedelta(days=1), Standing.DUE),
    (NA_DUE, Standing.DUE),
    (NA_DUE + dt.timedelta(days=1), Standing.REFERRED),
])
def test_north_andover_21_days_roll_past_independence_day(owner, aco, day, expected):
    with at(MONDAY):
        citation = running_at_large(owner, aco)

    assert citation.due_on == NA_DUE
    assert standing(reloaded(citation), on=day) is expected


@pytest.mark.parametrize(("day", "accepted"), [
    (NA_DUE - dt.timedelta(days=1), True), (NA_DUE, True), (NA_DUE + dt.timedelta(days=1), False),
])
def test_a_hearing_is_asked_for_within_the_window_only(owner, aco, day, accepted):
    with at(MONDAY):
        citation = running_at_large(owner, aco)
    with at(day):
        if accepted:
            request_hearing(citation=citation, acting_user=owner)
            assert standing(reloaded(citation), on=day) is Standing.HEARING
            return
        with pytest.raises(DomainError):
            request_hearing(citation=citation, acting_user=owner)
    assert not citation.hearings.exists()


def test_a_hearing_past_the_window_names_the_section(owner, aco, chief):
    with at(MONDAY):
        citation = running_at_large(owner, aco)
    with at(NA_DUE + dt.timedelta(days=1)), pytest.raises(DomainError) as refused:
        request_hearing(citation=citation, acting_user=owner)
    assert refused.value.errors["citation"] == [
        "The time to ask for a hearing ended on July 6, 2027 "
        "(North Andover Code ch. 60, Non-criminal disposition A, B)."]


@pytest.mark.parametrize(("day", "expected"), [
    (dt.date(2027, 7, 5), Standing.DUE),
    (dt.date(2027, 7, 6), Standing.DUE),
    (dt.date(2027, 7, 7), Standing.REFERRED),
])
def test_tisbury_a_saturday_citation_due_on_a_saturday_rolls_past_the_holiday(
        tisbury_officer, day, expected):
    saturday = dt.date(2027, 6, 12)  # + 21 days = Saturday 3 July → Tuesday 6 July
    with at(saturday):
        citation = issue_citation(case=case_in("tisbury", "tisbury.health_violation",
                                               tisbury_officer),
                                  offense="littering", acting_user=tisbury_officer)

    assert citation.due_on == dt.date(2027, 7, 6)
    assert standing(reloaded(citation), on=day) is expected


@pytest.mark.parametrize(("day", "expected"), [
    (dt.date(2027, 6, 28), Standing.DUE),
    (dt.date(2027, 6, 29), Standing.DUE),
    (dt.date(2027, 6, 30), Standing.REFERRED),
])
def test_northborough_window_rolls_past_a_closure_the_admin_entered(
        nb_inspector, owner, day, expected):
    municipality("northborough").closures.create(date=dt.date(2027, 6, 28), reason="Storm")
    with at(dt.date(2027, 6, 7)):
        citation = issue_citation(case=stable_case(nb_inspector, owner),
                                  offense="stable_regulation_violation", amount="5.00",
                                  accrues_until=dt.date(2027, 6, 7), acting_user=nb_inspector)

    assert citation.due_on == dt.date(2027, 6, 29)
    assert standing(reloaded(citation), on=day) is expected


# -- paying -----------------------------------------------------------------------------


def test_paid_at_the_counter_within_the_window(owner, aco, na_clerk):
    with at(MONDAY):
        citation = running_at_large(owner, aco)
        pay(citation, na_clerk)

    assert standing(reloaded(citation), on=MONDAY) is Standing.PAID


def test_a_referred_citation_cannot_be_paid_at_the_counter_until_the_court_decides(
        owner, aco, na_clerk):
    with at(MONDAY):
        citation = running_at_large(owner, aco)
    with at(NA_DUE + dt.timedelta(days=1)):
        with pytest.raises(DomainError) as refused:
            pay(citation, na_clerk)
        assert "Lawrence District Court" in str(refused.value.errors["invoice"])
        record_court_decision(citation=citation, outcome="responsible",
                              decided_on=NA_DUE + dt.timedelta(days=1), acting_user=na_clerk)
        pay(citation, na_clerk)
        assert standing(reloaded(citation), on=NA_DUE) is Standing.PAID


def test_a_citation_waiting_for_its_hearing_cannot_be_paid(owner, aco, na_clerk):
    with at(MONDAY):
        citation = running_at_large(owner, aco)
        request_hearing(citation=citation, acting_user=owner)
        with pytest.raises(DomainError) as refused:
            pay(citation, na_clerk)
    assert "hearing requested" in str(refused.value.errors["invoice"])


# -- hearings -----------------------------------------------------------------------------


def test_an_upheld_citation_gets_a_new_window_from_the_decision(owner, aco, chief):
    with at(MONDAY):
        citation = running_at_large(owner, aco)
        request_hearing(citation=citation, acting_user=owner)
    with at(dt.date(2027, 7, 1)):
        held_today(citation)
        hearing = decide_hearing(citation=citation, outcome="upheld", acting_user=chief)

    assert hearing.pay_by == dt.date(2027, 7, 22)
    assert standing(reloaded(citation), on=dt.date(2027, 7, 22)) is Standing.DUE
    assert standing(reloaded(citation), on=dt.date(2027, 7, 23)) is Standing.REFERRED


def test_a_reduced_citation_owes_the_reduced_amount_by_a_line_of_its_own(owner, aco, chief):
    with at(MONDAY):
        running_at_large(owner, aco)
        citation = running_at_large(owner, aco)  # the second offense: $50
        request_hearing(citation=citation, acting_user=owner)
        held_today(citation)
        decide_hearing(citation=citation, outcome="reduced", reduced_to="20.00",
                       acting_user=chief, note="First time in a year.")

    citation = reloaded(citation)
    assert citation.invoice.total == Decimal("20.00")
    assert [line.amount for line in citation.invoice.lines.all()] == [Decimal("50.00"),
                                                                      Decimal("-30.00")]


@pytest.mark.parametrize("reduced_to", ["50.00", "0.00", "60", "abc"])
def test_a_reduction_must_lie_between_nothing_and_the_total(owner, aco, chief, reduced_to):
    with at(MONDAY):
        running_at_large(owner, aco)
        citation = running_at_large(owner, aco)
        request_hearing(citation=citation, acting_user=owner)
        held_today(citation)
        with pytest.raises(DomainError) as refused:
            decide_hearing(citation=citation, outcome="reduced", reduced_to=reduced_to,
                           acting_user=chief)
    assert "reduced_to" in refused.value.errors
    assert reloaded(citation).invoice.total == Decimal("50.00")


def test_a_dismissed_citation_voids_its_invoice_and_leaves_the_record(owner, aco, chief):
    with at(MONDAY):
        first = running_at_large(owner, aco)
        request_hearing(citation=first, acting_user=owner)
        held_today(first)
        decide_hearing(citation=first, outcome="dismissed", acting_user=chief)
        again = running_at_large(owner, aco)

    assert standing(reloaded(first), on=MONDAY) is Standing.DISMISSED
    assert reloaded(first).invoice.status == InvoiceStatus.VOID
    assert again.offense_number == 1


def test_a_hearing_is_asked_for_once(owner, aco, chief):
    with at(MONDAY):
        citation = running_at_large(owner, aco)
        request_hearing(citation=citation, acting_user=owner)
        held_today(citation)
        decide_hearing(citation=citation, outcome="upheld", acting_user=chief)
        with pytest.raises(InvalidTransition):
            request_hearing(citation=citation, acting_user=owner)


# -- forfeitures: the court's decision sets them -------------------------------------


def test_a_board_regulation_forfeiture_is_owed_only_after_conviction(tisbury_officer):
    case = case_in("tisbury", "tisbury.health_violation", tisbury_officer)
    with at(MONDAY):
        citation = issue_citation(case=case, offense="board_regulation_violation",
                                  amount="200.00", accrues_until=dt.date(2027, 6, 15),
                                  acting_user=tisbury_officer)
    assert citation.invoice is None
    assert standing(reloaded(citation), on=MONDAY) is Standing.REFERRED
    with at(dt.date(2027, 8, 2)):
        with pytest.raises(DomainError) as refused:
            record_court_decision(citation=citation, outcome="responsible",
                                  decided_on=dt.date(2027, 8, 2), amount_per_offense="500.01",
                                  acting_user=tisbury_officer)
        assert "amount_per_offense" in refused.value.errors
        record_court_decision(citation=citation, outcome="responsible",
                              decided_on=dt.date(2027, 8, 2), amount_per_offense="150.00",
                              acting_user=tisbury_officer)

    citation = reloaded(citation)
    assert citation.invoice.total == Decimal("300.00")  # 2 days × $150 the court set
    assert standing(citation, on=dt.date(2027, 8, 2)) is Standing.COURT_ORDERED


def test_a_running_forfeiture_counts_each_day_through_the_courts_decision(tisbury_officer):
    case = case_in("tisbury", "tisbury.health_violation", tisbury_officer)
    with at(MONDAY):
        citation = issue_citation(case=case, offense="board_regulation_violation",
                                  amount="10.00", acting_user=tisbury_officer)
    with at(dt.date(2027, 6, 20)):
        record_court_decision(citation=citation, outcome="responsible",
                              decided_on=dt.date(2027, 6, 16), acting_user=tisbury_officer)

    citation = reloaded(citation)
    assert citation.accrues_until == dt.date(2027, 6, 16)
    assert citation.invoice.total == Decimal("30.00")  # 14–16 June at the officer's $10


def test_only_a_forfeiture_takes_the_courts_amount(owner, aco, na_clerk):
    with at(MONDAY):
        citation = running_at_large(owner, aco)
    with at(NA_DUE + dt.timedelta(days=1)), pytest.raises(DomainError) as refused:
        record_court_decision(citation=citation, outcome="responsible", decided_on=NA_DUE,
                              amount_per_offense="10.00", acting_user=na_clerk)
    assert "amount_per_offense" in refused.value.errors


def test_not_responsible_in_court_dismisses_and_voids(owner, aco, na_clerk):
    with at(MONDAY):
        citation = running_at_large(owner, aco)
    with at(NA_DUE + dt.timedelta(days=3)):
        record_court_decision(citation=citation, outcome="not_responsible",
                              decided_on=NA_DUE + dt.timedelta(days=3), acting_user=na_clerk)
        assert standing(reloaded(citation), on=NA_DUE) is Standing.DISMISSED
    assert reloaded(citation).invoice.status == InvoiceStatus.VOID


def test_a_court_decision_needs_a_referred_citation_and_a_date_in_range(owner, aco, na_clerk):
    with at(MONDAY):
        citation = running_at_large(owner, aco)
        with pytest.raises(InvalidTransition):
            record_court_decision(citation=citation, outcome="responsible", decided_on=MONDAY,
                                  acting_user=na_clerk)
    with at(NA_DUE + dt.timedelta(days=1)), pytest.raises(DomainError) as refused:
        record_court_decision(citation=citation, outcome="responsible",
                              decided_on=NA_DUE + dt.timedelta(days=2), acting_user=na_clerk)
    assert "decided_on" in refused.value.errors


# -- a citation is never edited ------------------------------------------------------


def test_a_citation_cannot_be_edited_or_deleted_once_written(owner, aco):
    with at(MONDAY):
        citation = running_at_large(owner, aco)
    citation.amount_per_offense = Decimal("1.00")
    with pytest.raises(ImmutableRecord):
        citation.save()
    with pytest.raises(ImmutableRecord):
        Citation.objects.get(pk=citation.pk).delete()
    assert Citation.objects.get(pk=citation.pk).amount_per_offense == Decimal("25.00")


def test_a_stopped_daily_fine_cannot_be_stopped_again(nb_inspector, owner):
    with at(MONDAY):
        citation = issue_citation(case=stable_case(nb_inspector, owner),
                                  offense="stable_regulation_violation", amount="10.00",
                                  accrues_until=MONDAY, acting_user=nb_inspector)
    citation.accrues_until = dt.date(2027, 6, 20)
    with pytest.raises(ImmutableRecord):
        citation.save()


# -- surcharge events ---------------------------------------------------------------------


def test_the_officer_sets_the_surcharge_event_and_an_admin_reclassifies_it(tisbury_officer):
    admin = staff(Role.ADMIN, "tisbury")
    case = case_in("tisbury", "tisbury.health_violation", tisbury_officer)
    with at(MONDAY):
        citation = issue_citation(case=case, offense="state_sanitary_code",
                                  surcharge_event="citation_noncritical",
                                  acting_user=tisbury_officer)
        classify_surcharge(citation=citation, event="citation_critical",
                           reason="Critical violation per the inspection report.",
                           acting_user=admin)

    assert current_surcharge_event(reloaded(citation)) == "citation_critical"
    assert [row.event for row in citation.surcharge_classifications.all()] == [
        "citation_noncritical", "citation_critical"]
    assert any(entry.action == "citation.surcharge_reclassified"
               for entry in history_of(citation))


@pytest.mark.parametrize(("town", "case_type", "offense"), [
    ("tisbury", "tisbury.health_violation", "littering"),
    ("north_andover", "north_andover.dog_control", "running_at_large"),
])
def test_an_event_off_the_towns_schedules_is_refused(town, case_type, offense):
    officer = staff(Role.INSPECTOR, town)
    case = case_in(town, case_type, officer)
    with at(MONDAY), pytest.raises(DomainError) as refused:
        issue_citation(case=case, offense=offense, surcharge_event="parking",
                       acting_user=officer)
    assert "surcharge_event" in refused.value.errors


def test_a_reclassification_needs_a_reason(tisbury_officer):
    case = case_in("tisbury", "tisbury.health_violation", tisbury_officer)
    with at(MONDAY):
        citation = issue_citation(case=case, offense="littering", acting_user=tisbury_officer)
        with pytest.raises(DomainError) as refused:
            classify_surcharge(citation=citation, event="trash_violation", reason=" ",
                               acting_user=tisbury_officer)
    assert "reason" in refused.value.errors


# -- the party's record ------------------------------------------------------------------


def test_a_business_record_counts_offenses_whichever_member_was_there(tisbury_officer):
    owner, partner = UserFactory(), UserFactory()
    business = create_business(legal_name="Harbor Eats LLC", kind="llc",
                               mailing_address="3 Beach Rd, Tisbury", acting_user=owner)
    with at(MONDAY):
        first = issue_citation(case=case_in("tisbury", "tisbury.health_violation",
                                            tisbury_officer, party=owner, business=business),
                               offense="dumpster", acting_user=tisbury_officer)
        second = issue_citation(case=case_in("tisbury", "tisbury.health_violation",
                                             tisbury_officer, party=partner, business=business),
                                offense="dumpster", acting_user=tisbury_officer)
        own = issue_citation(case=case_in("tisbury", "tisbury.health_violation",
                                          tisbury_officer, party=owner),
                             offense="dumpster", acting_user=tisbury_officer)

    assert (first.offense_number, second.offense_number, own.offense_number) == (1, 2, 1)
    assert second.invoice.payer_business == business
    assert second.invoice.total == Decimal("50.00")


def test_party_totals_add_up_owed_paid_hearing_and_referred(owner, aco, na_clerk):
    with at(MONDAY):
        paid = running_at_large(owner, aco)
        pay(paid, na_clerk)
        owed = running_at_large(owner, aco)
    with at(dt.date(2027, 7, 1)):
        heard = running_at_large(owner, aco)
        request_hearing(citation=heard, acting_user=owner)
    citations = list(with_answers(Citation.objects.filter(pk__in=[paid.pk, owed.pk, heard.pk])))

    totals = party_totals(citations, on=dt.date(2027, 7, 7))

    assert (totals.paid, totals.owed, totals.in_hearing, totals.referred) == (
        Decimal("25.00"), Decimal("0.00"), 1, 1)
    assert party_totals(citations, on=dt.date(2027, 7, 1)).owed == Decimal("50.00")
