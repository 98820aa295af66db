"""Enforcement cases: complaint, determination, orders on the calendar, citations with daily
fines, hearings, appeals, charges and the permit's suspension — for any town that registers."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from permits_site.audit import history_of
from permits_site.enforcement.models import CaseStatus, Citation
from permits_site.enforcement.services import (
    add_case_charge,
    citation_total,
    close_case,
    decide_appeal,
    decide_case_hearing,
    determine,
    file_appeal,
    issue_citation,
    issue_order,
    open_case,
    record_compliance,
    schedule_case_hearing,
    suspend_or_revoke_permit,
)
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.licensing.invoice_subjects import invoice_subject, subject_related
from permits_site.licensing.models import Invoice, InvoiceStatus, Permit, PermitStatus
from tests.enforcement.conftest import (
    BITE_QUARANTINE,
    DOG_COMPLAINT,
    STABLE_CASE,
    STABLE_OFFENSE,
    failed_inspection,
    issued_permit,
    stable_case,
)
from tests.factories import (
    BusinessFactory,
    Role,
    UserFactory,
    ViolationFactory,
    municipality,
    staff,
)

pytestmark = pytest.mark.django_db

MONDAY = dt.datetime(2027, 6, 7, 9, 0)
THURSDAY = dt.date(2027, 6, 10)


def at(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=False)


@pytest.fixture(autouse=True)
def _monday():
    """Monday 7 June 2027, unless a test moves the clock on with ``at``."""
    with time_machine.travel(MONDAY, tick=False):
        yield


@pytest.fixture
def case(stable_permit, nb_inspector):
    return stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())


def daily_citation(case, user, amount="25.00"):
    return issue_citation(case=case, offense=STABLE_OFFENSE, amount=amount, acting_user=user)


def dog_case(party_name: str, address: str, user, *, party=None):
    return open_case(municipality=municipality("north_andover"), case_type=DOG_COMPLAINT.code,
                     party=party, party_name=party_name, address=address,
                     complaint="Dog loose on Main St.", received_on=dt.date(2027, 6, 1),
                     acting_user=user)


# -- opening and determining ------------------------------------------------------


def test_a_case_opened_from_an_inspection_takes_over_its_violations(stable_permit, nb_inspector):
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date(),
                       inspection=inspection)

    assert list(case.violations.values_list("rule", flat=True)) == ["nb.6.2.volume"]
    assert case.status == CaseStatus.OPEN
    assert history_of(case).get().action == "case.opened"


def test_a_case_type_of_another_town_is_refused(northborough, nb_inspector):
    with pytest.raises(DomainError) as refused:
        open_case(municipality=northborough, case_type=DOG_COMPLAINT.code, party=None,
                  party_name="Rex's owner", address="1 Main St", complaint="Loose dog",
                  received_on=dt.date(2027, 6, 1), acting_user=nb_inspector)

    assert STABLE_CASE in refused.value.errors["case_type"][0]


def test_a_complaint_needs_its_party_address_and_text_and_no_future_date(
    northborough, nb_inspector
):
    with pytest.raises(DomainError) as refused:
        open_case(municipality=northborough, case_type=STABLE_CASE, party=None, party_name=" ",
                  address="", complaint="", received_on=dt.date(2027, 6, 8),
                  acting_user=nb_inspector)

    assert set(refused.value.errors) == {"party_name", "address", "complaint", "received_on"}


def test_a_determination_is_recorded_once(case, nb_inspector):
    determine(case=case, determination="Manure exceeds two cords.", acting_user=nb_inspector)

    assert (case.status, case.determined_on) == (CaseStatus.DETERMINED, MONDAY.date())
    with pytest.raises(InvalidTransition):
        determine(case=case, determination="Again.", acting_user=nb_inspector)


# -- orders -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("issued", "days", "comply_by"),
    [
        (dt.date(2027, 6, 7), 3, dt.date(2027, 6, 10)),  # Thursday: a business day
        (dt.date(2027, 6, 7), 5, dt.date(2027, 6, 14)),  # Saturday rolls to Monday
        (dt.date(2027, 6, 25), 10, dt.date(2027, 7, 6)),  # Independence Day observed, Mon Jul 5
    ],
)
def test_an_orders_comply_by_rolls_off_weekends_and_holidays(
    case, nb_inspector, issued, days, comply_by
):
    with at(issued):
        order = issue_order(case=case, text="Remove the excess manure.",
                            citation="Northborough Horse & Stable Regs §6.2",
                            comply_within_days=days, acting_user=nb_inspector)

    assert (order.issued_on, order.comply_by) == (issued, comply_by)


def test_an_order_rolls_past_a_town_closure(case, nb_inspector, northborough):
    northborough.closures.create(date=dt.date(2027, 6, 10), reason="Storm")

    with at(dt.date(2027, 6, 7)):
        order = issue_order(case=case, text="Remove the manure.", citation="§6.2",
                            comply_within_days=3, acting_user=nb_inspector)

    assert order.comply_by == dt.date(2027, 6, 11)


def test_an_order_by_a_registered_period_uses_its_length_and_citation(db):
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    case = dog_case("Rex's owner", "1 Main St", officer)

    order = issue_order(case=case, text="Secure the premises.", period_code="pdd_compliance",
                        acting_user=officer)

    assert order.comply_by == dt.date(2027, 6, 28)
    assert order.citation == "North Andover Code ch. 60, Potentially dangerous C(5)"


@pytest.mark.parametrize(
    ("arguments", "field"),
    [
        ({}, "comply_within_days"),
        ({"comply_within_days": 5, "period_code": "x"}, "comply_within_days"),
        ({"comply_within_days": 0}, "comply_within_days"),
        ({"period_code": "no_such_period"}, "period_code"),
        ({"comply_within_days": 5, "citation": ""}, "citation"),
    ],
)
def test_an_order_without_a_clear_deadline_or_citation_is_refused(
    case, nb_inspector, arguments, field
):
    with pytest.raises(DomainError) as refused:
        issue_order(case=case, text="Remove the manure.", acting_user=nb_inspector,
                    **{"citation": "§6.2", **arguments})

    assert field in refused.value.errors


def test_an_order_with_days_only_cites_the_section_of_the_cases_violation(case, nb_inspector):
    ViolationFactory(case=case, rule="nb.6.2.volume",
                     citation="Northborough Horse & Stable Regs §6.2",
                     message="The manure pile is over two cords.")

    order = issue_order(case=case, text="Remove the manure.", comply_within_days=5,
                        acting_user=nb_inspector)

    assert order.citation == "Northborough Horse & Stable Regs §6.2"


def test_an_order_with_days_only_on_a_case_without_violations_is_refused_naming_why(
    case, nb_inspector
):
    with pytest.raises(DomainError) as refused:
        issue_order(case=case, text="Remove the manure.", comply_within_days=5,
                    acting_user=nb_inspector)

    assert refused.value.errors == {"citation": [
        "Cite the section the order enforces: the case records no violation and no period "
        "of the law was chosen."]}
    assert not case.orders.exists()


# -- citations: numbering and amounts --------------------------------------------------


def test_a_ranged_daily_fine_needs_an_amount_within_5_to_100_dollars_8_3(case, nb_inspector):
    for amount, message in ((None, "enter it"), ("4.99", "from $5.00 to $100.00"),
                            ("100.01", "from $5.00 to $100.00")):
        with pytest.raises(DomainError) as refused:
            daily_citation(case, nb_inspector, amount=amount)
        assert message in refused.value.errors["amount"][0]
        assert "§8.3" in refused.value.errors["amount"][0]
    assert not Citation.objects.exists()


def test_an_offense_the_case_type_does_not_list_is_refused(case, nb_inspector):
    with pytest.raises(DomainError) as refused:
        issue_citation(case=case, offense="running_at_large", acting_user=nb_inspector)

    assert STABLE_OFFENSE in refused.value.errors["offense"][0]


def test_the_citation_freezes_the_schedules_description_citation_and_amount(case, nb_inspector):
    citation = daily_citation(case, nb_inspector)

    assert citation.description == "Violation of the Horse and Stable Regulations"
    assert citation.citation == "Northborough Horse & Stable Regs §8.3"
    assert (citation.amount_per_offense, citation.per_day) == (Decimal("25.00"), True)
    assert (citation.offense_number, citation.issued_on) == (1, MONDAY.date())
    assert history_of(case).first().action == "case.citation_issued"


def test_offense_numbers_count_the_partys_record_first_second_later(db):
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    owner = UserFactory()
    citations = [
        issue_citation(case=dog_case(owner.display_name, address, officer, party=owner),
                       offense="running_at_large", acting_user=officer)
        for address in ("1 Main St", "2 Elm St", "3 Oak St", "4 Pine St")
    ]

    assert [c.offense_number for c in citations] == [1, 2, 3, 4]
    assert [c.amount_per_offense for c in citations] == [
        Decimal("25.00"), Decimal("50.00"), Decimal("100.00"), Decimal("100.00")]


def test_without_an_account_the_record_is_the_same_name_and_address(db):
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    first = issue_citation(case=dog_case("Pat Doe", "1 Main St", officer),
                           offense="running_at_large", acting_user=officer)
    again = issue_citation(case=dog_case("pat doe", "1 MAIN ST", officer),
                           offense="running_at_large", acting_user=officer)
    elsewhere = issue_citation(case=dog_case("Pat Doe", "9 Far Rd", officer),
                               offense="running_at_large", acting_user=officer)

    assert [first.offense_number, again.offense_number, elsewhere.offense_number] == [1, 2, 1]


def test_a_first_offense_warning_counts_on_the_record_and_costs_nothing(db):
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    owner = UserFactory()
    warning = issue_citation(case=dog_case("A", "1 Main St", officer, party=owner),
                             offense="animal_limit", acting_user=officer)
    fine = issue_citation(case=dog_case("A", "1 Main St", officer, party=owner),
                          offense="animal_limit", acting_user=officer)

    assert (warning.warning, warning.amount_per_offense) == (True, Decimal("0.00"))
    assert citation_total(warning, on=dt.date(2027, 6, 20)) == Decimal("0.00")
    assert (fine.offense_number, fine.amount_per_offense) == (2, Decimal("25.00"))


def test_a_calendar_year_window_forgets_last_years_quarantine(db):
    officer = staff(Role.INSPECTOR, "tisbury")
    owner = UserFactory()

    def quarantine(on: dt.date) -> Citation:
        with at(on):
            case = open_case(municipality=municipality("tisbury"),
                             case_type=BITE_QUARANTINE.code, party=owner, party_name="Owner",
                             address="5 Beach Rd", complaint="Bite", received_on=on,
                             acting_user=officer)
            return issue_citation(case=case, offense="quarantine", acting_user=officer)

    numbers = [quarantine(day).offense_number
               for day in (dt.date(2027, 3, 1), dt.date(2027, 9, 1), dt.date(2028, 2, 1))]

    assert numbers == [1, 2, 1]


# -- per-day accrual ----------------------------------------------------------------


def test_a_25_dollar_daily_fine_issued_monday_and_complied_thursday_is_4_days_100_dollars(
    case, nb_inspector
):
    order = issue_order(case=case, text="Remove the manure.", citation="§6.2",
                        comply_within_days=7, acting_user=nb_inspector)
    citation = daily_citation(case, nb_inspector)
    with at(THURSDAY):
        record_compliance(order=order, complied_on=THURSDAY, acting_user=nb_inspector)

    citation.refresh_from_db()
    assert citation.accrues_until == THURSDAY
    assert citation_total(citation, on=dt.date(2027, 7, 1)) == Decimal("100.00")
    assert case.violations.filter(corrected_on__isnull=True).count() == 0


def test_a_daily_fine_not_yet_complied_accrues_through_the_day_asked(case, nb_inspector):
    citation = daily_citation(case, nb_inspector)

    assert citation_total(citation, on=MONDAY.date()) == Decimal("25.00")
    assert citation_total(citation, on=dt.date(2027, 6, 16)) == Decimal("250.00")
    assert citation_total(citation, on=dt.date(2027, 6, 6)) == Decimal("0.00")


def test_compliance_before_a_later_citation_still_counts_its_day(case, nb_inspector):
    order = issue_order(case=case, text="Remove the manure.", citation="§6.2",
                        comply_within_days=7, acting_user=nb_inspector)
    with at(THURSDAY):
        citation = daily_citation(case, nb_inspector, amount="10.00")
        record_compliance(order=order, complied_on=dt.date(2027, 6, 9),
                          acting_user=nb_inspector)

    citation.refresh_from_db()
    assert citation_total(citation, on=dt.date(2027, 6, 30)) == Decimal("10.00")


def test_compliance_cannot_predate_the_order_or_lie_in_the_future(case, nb_inspector):
    order = issue_order(case=case, text="Remove the manure.", citation="§6.2",
                        comply_within_days=7, acting_user=nb_inspector)
    for day in (dt.date(2027, 6, 6), dt.date(2027, 6, 8)):
        with pytest.raises(DomainError) as refused:
            record_compliance(order=order, complied_on=day, acting_user=nb_inspector)
        assert "complied_on" in refused.value.errors


# -- hearings, appeals, charges, the permit, closing --------------------------------------


def test_a_hearing_is_decided_once_with_its_written_ruling(case, nb_inspector, nb_board):
    hearing = schedule_case_hearing(case=case, notice_sent_on=dt.date(2027, 6, 7),
                                    hearing_date=dt.date(2027, 6, 21), acting_user=nb_inspector)
    with at(dt.date(2027, 6, 21)):
        with pytest.raises(DomainError) as early:
            decide_case_hearing(hearing=hearing, decision="Fine stands.",
                                decided_on=dt.date(2027, 6, 20), acting_user=nb_board)
        decide_case_hearing(hearing=hearing, decision="Fine stands.", ruling="Written ruling.",
                            decided_on=dt.date(2027, 6, 21), acting_user=nb_board)
        with pytest.raises(InvalidTransition):
            decide_case_hearing(hearing=hearing, decision="Again.",
                                decided_on=dt.date(2027, 6, 21), acting_user=nb_board)

    assert "decided_on" in early.value.errors
    assert (hearing.decision, hearing.ruling) == ("Fine stands.", "Written ruling.")


def test_a_hearing_before_its_notice_is_refused(case, nb_inspector):
    with pytest.raises(DomainError) as refused:
        schedule_case_hearing(case=case, notice_sent_on=dt.date(2027, 6, 10),
                              hearing_date=dt.date(2027, 6, 9), acting_user=nb_inspector)

    assert "hearing_date" in refused.value.errors


def test_an_appeal_is_filed_and_decided(case, nb_inspector, nb_board):
    with at(dt.date(2027, 6, 14)):
        appeal = file_appeal(case=case, filed_on=dt.date(2027, 6, 14),
                             grounds="The pile was measured wrongly.", acting_user=nb_inspector)
        decide_appeal(appeal=appeal, decision="Denied.", decided_on=dt.date(2027, 6, 14),
                      acting_user=nb_board)

    assert appeal.decided_on == dt.date(2027, 6, 14)
    assert [entry.action for entry in history_of(case)][:2] == [
        "case.appeal_decided", "case.appeal_filed"]


def found_in_violation(case):
    """The case's violation, and the determination finding the complaint valid (§8.4)."""
    ViolationFactory(case=case, rule="nb.6.2.volume",
                     citation="Northborough Horse & Stable Regs §6.2",
                     message="The manure pile is over two cords.")
    case.determination = "The manure pile is over two cords."
    case.determined_on = MONDAY.date()
    case.findings = {**case.findings, "complaint_validated": True}
    case.status = CaseStatus.DETERMINED
    case.save(update_fields=["determination", "determined_on", "findings", "status"])
    return case


def test_legal_fees_8_4_are_invoiced_to_the_permit_holder(case, nb_clerk):
    found_in_violation(case)
    invoice = add_case_charge(case=case, code="legal_fees", amount="450.00",
                              description="Town counsel, bill 2027-118", acting_user=nb_clerk)

    line = invoice.lines.get()
    assert (invoice.payer, invoice.application, invoice.status) == (
        case.party, None, InvoiceStatus.OPEN)
    assert (line.code, line.amount) == ("legal_fees", Decimal("450.00"))
    assert line.citation == "Northborough Horse & Stable Regs §8.4"
    assert line.description == "Town counsel, bill 2027-118"
    assert case.charges.get().invoice == invoice


def test_a_charge_on_a_case_is_named_by_its_case_to_the_party_and_to_staff(case, nb_clerk,
                                                                          client):
    found_in_violation(case)
    invoice = add_case_charge(case=case, code="legal_fees", amount="450.00",
                              acting_user=nb_clerk)

    subject = invoice_subject(Invoice.objects.select_related(
        "municipality", *subject_related()).get(pk=invoice.pk))
    assert (subject.staff_label, subject.staff_url) == (
        f"Case #{case.pk}", reverse("enforcement:case", args=[case.pk]))
    client.force_login(case.party)
    page = client.get(reverse("licensing:dashboard")).content.decode()
    assert (f"Invoice #{invoice.pk} (Charge on case #{case.pk} at {case.address}, "
            f"Northborough): $450.00") in page


WAIT_FOR_DETERMINATION = (
    "Legal fees reimbursed by the permit holder are charged only to a party found in "
    "violation (Northborough Horse & Stable Regs §8.4): record the case's determination that "
    "the complaint was valid first.")


@pytest.mark.parametrize(
    "finding", ["none", "a failed checklist only", "determined, complaint not validated"])
def test_legal_fees_wait_for_a_determination_of_violation_8_4(case, nb_clerk, nb_inspector,
                                                              finding):
    """§8.4: the holder reimburses legal fees "if the stable permit holder is found in
    violation": a determination finds it, not a complaint, nor an inspector's failed
    checklist, nor a determination that the complaint was not valid."""
    if finding == "a failed checklist only":
        ViolationFactory(case=case, rule="nb.6.2.volume",
                         citation="Northborough Horse & Stable Regs §6.2",
                         message="The manure pile is over two cords.")
    if finding == "determined, complaint not validated":
        determine(case=case, determination="No manure found.", complaint_validated=False,
                  acting_user=nb_inspector)

    with pytest.raises(DomainError) as refused:
        add_case_charge(case=case, code="legal_fees", amount="450.00", acting_user=nb_clerk)

    assert refused.value.errors == {"code": [WAIT_FOR_DETERMINATION]}
    assert not case.charges.exists()


def test_legal_fees_follow_a_determination_that_the_complaint_was_valid_8_4(
    case, nb_clerk, nb_inspector
):
    determine(case=case, determination="Manure by the brook.", complaint_validated=True,
              acting_user=nb_inspector)

    invoice = add_case_charge(case=case, code="legal_fees", amount="450.00", acting_user=nb_clerk)

    assert invoice.lines.get().citation == "Northborough Horse & Stable Regs §8.4"


def test_legal_fees_8_4_are_charged_to_a_business_holding_the_stable_permit(
    stable_owner, nb_clerk, nb_inspector
):
    """A stable permit issued to a business binds the business (lifecycle: the business is
    the party everywhere): a case against it, found in violation, charges it §8.4's fees."""
    farm = BusinessFactory(legal_name="Bartlett Farm LLC")
    permit = issued_permit(stable_owner, issued_by=nb_clerk, holder_business=farm)
    case = open_case(municipality=permit.municipality, case_type=STABLE_CASE, party=None,
                     party_business=farm, party_name="", address="7 Green Lane",
                     complaint="Manure piled by the brook.", received_on=MONDAY.date(),
                     acting_user=nb_inspector)
    found_in_violation(case)

    invoice = add_case_charge(case=case, code="legal_fees", amount="450.00",
                              acting_user=nb_clerk)

    assert invoice.lines.get().citation == "Northborough Horse & Stable Regs §8.4"
    assert invoice.payer_business == farm
    assert case.charges.get().invoice == invoice


@pytest.mark.parametrize("determined", [False, True])
def test_legal_fees_are_not_charged_to_a_party_holding_no_stable_permit_8_4(
    stable_permit, nb_clerk, nb_inspector, determined
):
    """§8.4 binds the person "to whom a stable permit is issued": an applicant, or a neighbour
    holding only a horse registration, is not one, even once found in violation."""
    neighbour = UserFactory(first_name="Jane", last_name="Smith")
    issued_permit(neighbour, issued_by=nb_clerk, code="northborough.horse_registration",
                  sequence=2)
    case = open_case(municipality=stable_permit.municipality, case_type=STABLE_CASE,
                     party=neighbour, party_name="Jane Smith", address="24 Whitney St",
                     complaint="Manure piled by the brook.", received_on=MONDAY.date(),
                     acting_user=nb_inspector)
    if determined:
        found_in_violation(case)

    with pytest.raises(DomainError) as refused:
        add_case_charge(case=case, code="legal_fees", amount="350.00", acting_user=nb_clerk)

    assert refused.value.errors == {"code": [
        "Legal fees reimbursed by the permit holder are charged only to the holder of a "
        "Private Stable Permit or Public Stable Permit (Northborough Horse & Stable Regs "
        "§8.4): Jane Smith holds none."]}
    assert not case.charges.exists()


@pytest.mark.parametrize(
    ("code", "amount", "field"),
    [("court_costs", "10.00", "code"), ("legal_fees", "0", "amount"),
     ("legal_fees", "ten", "amount")],
)
def test_a_charge_the_case_type_does_not_allow_or_a_bad_amount_is_refused(
    case, nb_clerk, code, amount, field
):
    found_in_violation(case)
    with pytest.raises(DomainError) as refused:
        add_case_charge(case=case, code=code, amount=amount, acting_user=nb_clerk)

    assert field in refused.value.errors


def test_suspension_through_a_case_keeps_the_permit_row_and_its_history(
    case, stable_permit, nb_board
):
    suspend_or_revoke_permit(case=case, change="suspend", reason="Repeated violations of §6.2",
                             acting_user=nb_board)
    suspend_or_revoke_permit(case=case, change="revoke", reason="No compliance",
                             acting_user=nb_board)

    permit = Permit.objects.get(pk=stable_permit.pk)
    assert permit.status == PermitStatus.REVOKED
    assert permit.number == stable_permit.number
    assert [record.status for record in permit.history.order_by("history_id")] == [
        PermitStatus.ACTIVE, PermitStatus.SUSPENDED, PermitStatus.REVOKED]
    assert f"Case #{case.pk}" in history_of(permit).first().summary
    assert history_of(case).first().action == "case.permit_revoke"


def test_a_case_without_a_permit_cannot_suspend_one(nb_board):
    case = dog_case("Pat", "1 Main St", staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover"))

    with pytest.raises(DomainError) as refused:
        suspend_or_revoke_permit(case=case, change="suspend", reason="x", acting_user=nb_board)

    assert "permit" in refused.value.errors


def test_a_case_closes_only_when_nothing_is_pending(case, nb_inspector):
    order = issue_order(case=case, text="Remove the manure.", citation="§6.2",
                        comply_within_days=7, acting_user=nb_inspector)
    with pytest.raises(InvalidTransition):
        close_case(case=case, acting_user=nb_inspector)
    record_compliance(order=order, complied_on=MONDAY.date(), acting_user=nb_inspector)
    close_case(case=case, acting_user=nb_inspector)

    with pytest.raises(InvalidTransition):
        daily_citation(case, nb_inspector)
    assert case.status == CaseStatus.CLOSED
