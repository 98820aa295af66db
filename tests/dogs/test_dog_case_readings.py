"""North Andover's dog cases as the text reads them (Code ch. 60): Dangerous F fines only a dog
determined dangerous; the Chief chooses "any or all" of Potentially dangerous C's duties and
the Animal Control Officer writes C(5)'s security, never judged by the dangerous-dog rules;
the officer may determine a potentially dangerous dog (B(2)) and no holder of the officer's
role sits as the hearing authority (Hearing authority A). Then temporary restraint (A–C),
Dangerous A's exceptions and B(1)'s grounds, D(2), and Potentially dangerous D–H. Dates are
tested the day before, of and after, on North Andover's calendar."""

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from dogs.cases import (
    DANGEROUS_DOG,
    NUISANCE_DOG,
    POTENTIALLY_DANGEROUS_DOG,
    cite_owner,
    decide_restraint_petition,
    describe_security,
    determine_dangerous,
    determine_potentially_dangerous,
    duty_orders,
    extend_security_compliance,
    file_dog_appeal,
    file_restraint_petition,
    is_adult,
    issue_restraint_order,
    noncompliance_fines_from,
    order_owner_duties,
    order_sheltering,
    propose_potentially_dangerous,
    record_compliance_check,
    record_relocation_notice,
    record_responsible_person,
    record_security_compliance,
    record_sign_check,
    renew_restraint_order,
    rescind_restraint_order,
    rescinded_orders,
    rule_on_appeal,
    schedule_public_hearing,
    sign_failures,
)
from dogs.cases.home import petitions_to_decide
from permits_site.enforcement.models import CaseStatus, Citation
from permits_site.enforcement.services.fines import set_offense_amounts
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.towns.calendar import town_calendar
from tests.dogs.test_dangerous_dog import PASSING_FACTS, at, open_dog_case
from tests.factories import Role, municipality, staff

pytestmark = pytest.mark.django_db

#: Thursday 2 September 2027; the owner is notified on Friday 3 September.
DECIDED = dt.date(2027, 9, 2)
NOTIFIED = dt.date(2027, 9, 3)
#: Potentially dangerous F: "after 21 days of being notified" — the 21st day is Friday
#: 24 September, so the fine runs from Saturday 25 September (a duration, not rolled).
TWENTY_FIRST_DAY = dt.date(2027, 9, 24)


def fine_on_schedule(offense: str, *, per_day: bool = False):
    """The Select Board's amounts for ``offense``, entered by the town admin: the chapter
    lists it with none until then (per day or not, as the catalogue declares)."""
    set_offense_amounts(municipality=municipality("north_andover"), offense=offense,
                        effective_from=timezone.localdate(),
                        amounts={"first": "50", "second": "100", "later": "100"},
                        acting_user=staff(Role.ADMIN, "north_andover"))


@pytest.fixture
def both_roles():
    """Someone holding both the officer's and the hearing authority's roles in town, as
    data granted before Hearing authority A was enforced may show."""
    person = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", first_name="Bo",
                   last_name="Both")
    person.memberships.create(municipality=municipality("north_andover"),
                              role=Role.HEARING_AUTHORITY)
    return person


def declared_dangerous(owner, aco, chief):
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        return determine_dangerous(case=case, deemed=True, exceptions=[], grounds=["B(1)(a)"],
                                   determination="Bit a jogger.", acting_user=chief)


@pytest.fixture
def pdd(owner, aco):
    """A potentially dangerous dog determined by the officer, without a proposal."""
    with at(DECIDED):
        case = open_dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        return determine_potentially_dangerous(
            case=case, deemed=True, exceptions=[], aggressive_in_enclosure=True,
            determination="Lunges over a low fence.", acting_user=aco)


@pytest.fixture
def pdd_two_duties(pdd, chief):
    with at(NOTIFIED):
        order_owner_duties(case=pdd, notified_on=NOTIFIED, duties=["microchip", "security"],
                           acting_user=chief)
    return pdd


@pytest.fixture
def pdd_described(pdd_two_duties, aco):
    with at(NOTIFIED + dt.timedelta(days=4)):
        describe_security(case=pdd_two_duties, received_on=NOTIFIED + dt.timedelta(days=4),
                          description="Raise the back fence to six feet and lock the gate.",
                          acting_user=aco)
    return pdd_two_duties


# -- Reading 1: Dangerous F(1), F(2) fine "the owner of any dangerous dog" ------------------


def test_dangerous_f_is_refused_on_a_dog_not_determined_dangerous(owner, aco):
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        for offense in ("dangerous_dog_at_large", "dangerous_dog_unregistered"):
            with pytest.raises(InvalidTransition) as refused:
                cite_owner(case=case, offense=offense, acting_user=aco)
            assert "Dangerous F" in str(refused.value)
    assert not Citation.objects.filter(case=case).exists()


def test_dangerous_f_is_refused_on_a_dog_found_not_dangerous(owner, aco, chief):
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        determine_dangerous(case=case, deemed=False, exceptions=["C(5)"],
                            determination="Skin not broken.", acting_user=chief)
        with pytest.raises(InvalidTransition):
            cite_owner(case=case, offense="dangerous_dog_at_large", acting_user=aco)


def test_dangerous_f_cites_a_dog_determined_dangerous_at_200(owner, aco, chief):
    case = declared_dangerous(owner, aco, chief)
    with at(DECIDED):
        citation = cite_owner(case=case, offense="dangerous_dog_at_large",
                              accrues_until=DECIDED, acting_user=aco)
    assert (citation.offense_number, citation.amount_per_offense) == (1, Decimal("200.00"))


def test_dangerous_f_refusal_is_shown_on_the_page_and_in_the_api(client, owner, aco):
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        client.force_login(aco)
        page = client.post(reverse("dogs:case", args=[case.pk]),
                           {"action": "cite", "cite-offense": "dangerous_dog_at_large"})
        api = APIClient()
        api.force_authenticate(aco)
        answer = api.post(f"/api/v1/dog-cases/{case.pk}/citations/",
                          {"offense": "dangerous_dog_at_large"}, format="json")
    assert page.status_code == 400
    assert "Dangerous F" in page.content.decode()
    assert answer.status_code == 400
    assert list(answer.json()) == ["offense"]
    assert "Dangerous F" in answer.json()["offense"][0]
    assert not Citation.objects.filter(case=case).exists()


# -- Reading 2: Potentially dangerous C — any or all duties; C(5) as the officer writes it --


def test_pdd_c_the_chief_orders_only_the_duties_chosen(pdd_two_duties):
    assert list(duty_orders(pdd_two_duties)) == ["microchip"]
    assert pdd_two_duties.findings["ordered_duties"] == ["microchip", "security"]


def test_pdd_c_no_duty_chosen_is_refused_by_name(pdd, chief):
    with at(NOTIFIED), pytest.raises(DomainError) as refused:
        order_owner_duties(case=pdd, notified_on=NOTIFIED, duties=[], acting_user=chief)
    assert "Potentially dangerous C" in refused.value.errors["duties"][0]
    with at(NOTIFIED), pytest.raises(DomainError) as unknown:
        order_owner_duties(case=pdd, notified_on=NOTIFIED, duties=["insurance"],
                           acting_user=chief)
    assert "insurance" in unknown.value.errors["duties"][0]


def test_pdd_c5_the_officer_writes_the_security_and_21_days_run_from_its_receipt(
        pdd_described):
    security = duty_orders(pdd_described)["security"]
    assert security.text == "Raise the back fence to six feet and lock the gate."
    assert security.citation == "North Andover Code ch. 60, Potentially dangerous C(5)"
    # Received Tuesday 7 September: 21 days is Tuesday 28 September.
    assert security.comply_by == dt.date(2027, 9, 28)


#: The description received Tuesday 7 September: 21 days is Tuesday 28 September, and the
#: Chief's extension reaches 60 days, Saturday 6 November (durations, never rolled).
DESCRIPTION_DUE = dt.date(2027, 9, 28)
DESCRIPTION_LIMIT = dt.date(2027, 11, 6)


@pytest.mark.parametrize(("day", "allowed"), [
    (DESCRIPTION_DUE - dt.timedelta(days=1), True),
    (DESCRIPTION_DUE, True),
    (DESCRIPTION_DUE + dt.timedelta(days=1), False),
])
def test_pdd_c5_secured_as_described_within_21_days_of_receipt(pdd_described, aco, day,
                                                                allowed):
    with at(day):
        if allowed:
            assert record_security_compliance(case=pdd_described, acting_user=aco).complied_on
        else:
            with pytest.raises(DomainError) as refused:
                record_security_compliance(case=pdd_described, acting_user=aco)
            assert "Potentially dangerous C(5)" in refused.value.errors["complied_on"][0]


def test_pdd_c5_the_chief_extends_up_to_60_days_from_the_descriptions_receipt(pdd_described,
                                                                              chief):
    with at(DESCRIPTION_DUE):
        with pytest.raises(DomainError) as too_far:
            extend_security_compliance(case=pdd_described,
                                       until=DESCRIPTION_LIMIT + dt.timedelta(days=1),
                                       reason="Contractor booked.", acting_user=chief)
        extend_security_compliance(case=pdd_described, until=DESCRIPTION_LIMIT,
                                   reason="Contractor booked.", acting_user=chief)
    assert "November 6, 2027" in too_far.value.errors["until"][0]
    assert duty_orders(pdd_described)["security"].comply_by == DESCRIPTION_LIMIT


def test_pdd_c1_a_veterinarians_certificate_skips_the_spay_neuter_order(pdd, chief):
    with at(NOTIFIED):
        order_owner_duties(case=pdd, notified_on=NOTIFIED, duties=["spay_neuter", "microchip"],
                           unfit_certificate="Dr. Vale: heart condition.", acting_user=chief)
    assert list(duty_orders(pdd)) == ["microchip"]
    assert pdd.findings["ordered_duties"] == ["microchip"]


def test_pdd_c5_only_the_officer_describes_the_security(pdd_two_duties, chief):
    with at(NOTIFIED), pytest.raises(PermissionDenied):
        describe_security(case=pdd_two_duties, received_on=NOTIFIED, description="Fence.",
                          acting_user=chief)


def test_pdd_c5_is_never_judged_by_the_dangerous_dog_rules(pdd_described, aco):
    with at(dt.date(2027, 9, 20)):
        with pytest.raises(InvalidTransition) as refused:
            record_compliance_check(case=pdd_described, facts=PASSING_FACTS, acting_user=aco)
        complied = record_security_compliance(case=pdd_described, acting_user=aco)
    assert "Dangerous D" in str(refused.value)
    assert complied.complied_on == dt.date(2027, 9, 20)
    assert "compliance_check" not in pdd_described.findings


def test_pdd_c5_security_letter_and_page_show_the_officers_description(client, pdd_described,
                                                                       aco):
    with at(NOTIFIED + dt.timedelta(days=4)):
        client.force_login(aco)
        page = client.get(reverse("dogs:case", args=[pdd_described.pk])).content.decode()
        letter = client.get(reverse("dogs:case_security_letter", args=[pdd_described.pk]))
    assert "Raise the back fence to six feet" in page
    assert "insurance" not in page.lower()
    assert letter.status_code == 200
    assert letter["Content-Type"] == "application/pdf"


# -- Reading 3: Potentially dangerous B(2); Hearing authority A -------------------------------


def test_pdd_b2_the_officer_determines_without_a_proposal(pdd, aco):
    assert pdd.status == CaseStatus.DETERMINED
    assert pdd.determined_by == aco
    assert pdd.findings["criteria"] == ["B(1)(a)"]


def test_pdd_b2_the_officer_who_proposed_leaves_the_decision_to_another(owner, aco):
    with at(DECIDED):
        case = open_dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        propose_potentially_dangerous(case=case, aggressive_in_enclosure=True,
                                      proposal="Aggressive.", acting_user=aco)
        with pytest.raises(PermissionDenied):
            determine_potentially_dangerous(case=case, deemed=True, exceptions=[],
                                            determination="Yes.", acting_user=aco)


def test_hearing_authority_a_refuses_any_holder_of_the_officer_role(owner, aco, both_roles):
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        with pytest.raises(PermissionDenied) as refused:
            determine_dangerous(case=case, deemed=True, exceptions=[], grounds=["B(1)(a)"],
                                determination="Bit.", acting_user=both_roles)
    assert "Hearing authority A" in str(refused.value)
    case.refresh_from_db()
    assert case.status == CaseStatus.OPEN


def test_hearing_authority_a_refuses_the_officer_the_ruling_on_an_appeal(pdd, aco, both_roles):
    heard = dt.date(2027, 9, 7)  # the next office day: Friday, then Labor Day Monday
    with at(NOTIFIED):
        appeal = file_dog_appeal(case=pdd, appellant="owner", filed_on=NOTIFIED,
                                 grounds="Not aggressive.",
                                 acting_user=staff(Role.CLERK, "north_andover"))
        schedule_public_hearing(appeal=appeal, hearing_date=heard, acting_user=aco)
    with at(heard), pytest.raises(PermissionDenied) as refused:
        rule_on_appeal(appeal=appeal, outcome="uphold", ruling="Upheld.",
                       decided_on=heard, acting_user=both_roles)
    assert "Hearing authority A" in str(refused.value)


def test_hearing_authority_a_refuses_the_officer_the_chiefs_orders(pdd, both_roles):
    with at(NOTIFIED), pytest.raises(PermissionDenied):
        order_owner_duties(case=pdd, notified_on=NOTIFIED, duties=["microchip"],
                           acting_user=both_roles)


# -- Temporary restraint A–C -----------------------------------------------------------------


@pytest.mark.parametrize("case_type", [DANGEROUS_DOG, POTENTIALLY_DANGEROUS_DOG])
def test_temporary_restraint_a_orders_a_dog_awaiting_a_decision(owner, aco, chief, case_type):
    with at(DECIDED):
        case = open_dog_case(case_type, owner, aco)
        order = issue_restraint_order(case=case, text="Confine to the yard.", acting_user=aco)
    # At most 30 days: Thursday 2 September to Saturday 2 October (a duration).
    assert order.ends_on == dt.date(2027, 10, 2)
    assert order.citation == "North Andover Code ch. 60, Temporary restraint A"
    with at(DECIDED), pytest.raises(DomainError):
        issue_restraint_order(case=case, text="Confine.", days=31, acting_user=aco)


def test_temporary_restraint_a_ends_with_the_awaited_decision(owner, aco, chief):
    case = declared_dangerous(owner, aco, chief)
    with at(DECIDED), pytest.raises(InvalidTransition) as refused:
        issue_restraint_order(case=case, text="Confine.", acting_user=aco)
    assert "awaiting a decision" in str(refused.value)


def test_temporary_restraint_a_is_renewed_in_writing_for_30_days(owner, aco):
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        order = issue_restraint_order(case=case, text="Confine.", acting_user=aco)
    with at(dt.date(2027, 10, 2)):
        renewal = renew_restraint_order(order=order, note="Still awaiting the hearing.",
                                        acting_user=aco)
    assert renewal.ends_on == dt.date(2027, 11, 1)
    with at(dt.date(2027, 11, 2)), pytest.raises(InvalidTransition):
        renew_restraint_order(order=order, note="Too late.", acting_user=aco)


def test_temporary_restraint_a_the_officer_rescinds_the_order(owner, aco):
    fine_on_schedule("temporary_restraint_violated")
    with at(DECIDED):
        case = open_dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        order = issue_restraint_order(case=case, text="Confine.", acting_user=aco)
    with at(dt.date(2027, 9, 9)):
        rescind_restraint_order(order=order, reason="Fence repaired.", acting_user=aco)
        with pytest.raises(InvalidTransition):
            cite_owner(case=case, offense="temporary_restraint_violated", acting_user=aco)
        with pytest.raises(InvalidTransition):
            rescind_restraint_order(order=order, reason="Again.", acting_user=aco)
    order.refresh_from_db()
    assert order.ends_on == dt.date(2027, 9, 9)
    assert (order.rescinded_on, order.rescinded_by, order.rescission_reason) == (
        dt.date(2027, 9, 9), aco, "Fence repaired.")
    assert "rescissions" not in case.findings
    assert rescinded_orders(case)[order.pk]["by"] == "Animal Control Officer"


def test_temporary_restraint_a_the_keepers_petition_is_decided_by_the_hearing_authority(
        owner, aco, chief, both_roles):
    with at(DECIDED):
        case = open_dog_case(NUISANCE_DOG, owner, aco)
        order = issue_restraint_order(case=case, text="Confine.", acting_user=aco)
        file_restraint_petition(order=order, filed_on=DECIDED, grounds="The dog is calm.",
                                acting_user=aco)
        with pytest.raises(PermissionDenied):
            decide_restraint_petition(case=case, number=1, rescind=True, ruling="Rescinded.",
                                      acting_user=aco)
        with pytest.raises(PermissionDenied):
            decide_restraint_petition(case=case, number=1, rescind=True, ruling="Rescinded.",
                                      acting_user=both_roles)
        decided = decide_restraint_petition(case=case, number=1, rescind=True,
                                            ruling="Restraint no longer required.",
                                            acting_user=chief)
    case.refresh_from_db()
    order.refresh_from_db()
    assert decided["rescind"] is True
    assert (order.rescinded_on, order.rescinded_by) == (DECIDED, chief)
    assert rescinded_orders(case)[order.pk] == {
        "on": str(DECIDED), "by": "Hearing authority",
        "reason": "Restraint no longer required."}
    assert case.findings["petitions"][0]["ruling"] == "Restraint no longer required."


def test_temporary_restraint_b_sheltering_is_an_order_with_its_invoice(owner, aco):
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        order = order_sheltering(case=case, facility="Merrimack Valley Kennel", days=10,
                                 amount="250.00", acting_user=aco)
    assert order.text == "The dog is sheltered at Merrimack Valley Kennel at the owner's expense."
    assert order.ends_on == dt.date(2027, 9, 12)
    line = case.charges.get().invoice.lines.get()
    assert line.amount == Decimal("250.00")
    assert line.citation == "North Andover Code ch. 60, Temporary restraint A, B"
    assert line.invoice.payer == owner


def test_temporary_restraint_c_is_citable_while_an_order_is_in_force(owner, aco):
    fine_on_schedule("temporary_restraint_violated")
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        with pytest.raises(InvalidTransition) as refused:
            cite_owner(case=case, offense="temporary_restraint_violated", acting_user=aco)
        issue_restraint_order(case=case, text="Confine.", days=5, acting_user=aco)
        citation = cite_owner(case=case, offense="temporary_restraint_violated",
                              acting_user=aco)
    assert "Temporary restraint C" in str(refused.value)
    assert citation.offense == "temporary_restraint_violated"
    with at(dt.date(2027, 9, 8)), pytest.raises(InvalidTransition):
        cite_owner(case=case, offense="temporary_restraint_violated", acting_user=aco)


# -- Dangerous A, B(1), D(2) ------------------------------------------------------------------


@pytest.mark.parametrize("exception", ["A(puppy)", "A(animal on the keeper's property)"])
def test_dangerous_a_exceptions_refuse_a_dangerous_determination(owner, aco, chief, exception):
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        with pytest.raises(DomainError) as refused:
            determine_dangerous(case=case, deemed=True, exceptions=[exception],
                                grounds=["B(1)(a)"], determination="Bit.", acting_user=chief)
        assert "Dangerous A" in refused.value.errors["deemed"][0]
        determine_dangerous(case=case, deemed=False, exceptions=[exception],
                            determination="Excepted.", acting_user=chief)
    assert case.findings["exceptions"] == [exception]


def test_dangerous_b1_grounds_are_required_and_recorded(owner, aco, chief):
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        with pytest.raises(DomainError) as refused:
            determine_dangerous(case=case, deemed=True, exceptions=[],
                                determination="Bit.", acting_user=chief)
        assert "Dangerous B(1)(a)–(e)" in refused.value.errors["grounds"][0]
        determine_dangerous(case=case, deemed=True, exceptions=[],
                            grounds=["B(1)(c)", "B(1)(a)"], determination="Bit.",
                            acting_user=chief)
    assert case.findings["grounds"] == ["B(1)(a)", "B(1)(c)"]


def test_dangerous_b1_grounds_are_shown_on_the_page_letter_and_api(client, owner, aco, chief):
    case = declared_dangerous(owner, aco, chief)
    with at(DECIDED):
        client.force_login(aco)
        page = client.get(reverse("dogs:case", args=[case.pk])).content.decode()
        letter = client.get(reverse("dogs:case_determination_letter", args=[case.pk]))
        api = APIClient()
        api.force_authenticate(aco)
        body = api.get(f"/api/v1/dog-cases/{case.pk}/").json()
    assert "B(1)(a) Bit or attacked a person" in page
    assert letter.status_code == 200
    assert letter["Content-Type"] == "application/pdf"
    assert body["dangerous_grounds"] == [
        {"code": "B(1)(a)", "label": "Bit or attacked a person, or attempted to"}]


def test_dangerous_d2_indoor_confinement_is_an_orderable_duty(owner, aco, chief):
    case = declared_dangerous(owner, aco, chief)
    with at(DECIDED):
        order_owner_duties(case=case, notified_on=DECIDED,
                           duties=["indoor_confinement", "security"], acting_user=chief)
    orders = duty_orders(case)
    assert sorted(orders) == ["indoor_confinement", "security"]
    assert orders["indoor_confinement"].citation == "North Andover Code ch. 60, Dangerous D(2)"


# -- Potentially dangerous D–H -----------------------------------------------------------------


@pytest.mark.parametrize(("born", "adult"), [
    (dt.date(2009, 9, 3), False),  # 18 tomorrow
    (dt.date(2009, 9, 2), True),   # 18 today
    (dt.date(2009, 9, 1), True),
])
def test_pdd_d_is_adult_from_the_18th_birthday(born, adult):
    assert is_adult(born, on=DECIDED) is adult


@pytest.mark.parametrize("capacity", ["owner", "controls", "responsible"])
def test_pdd_d_no_one_under_18_owns_controls_or_is_responsible(pdd, aco, capacity):
    with at(DECIDED):
        with pytest.raises(DomainError) as refused:
            record_responsible_person(case=pdd, name="Kid Doe", capacity=capacity,
                                      date_of_birth=dt.date(2009, 9, 3), acting_user=aco)
        record_responsible_person(case=pdd, name="Pat Doe", capacity=capacity,
                                  date_of_birth=dt.date(2009, 9, 2), acting_user=aco)
    assert "Potentially dangerous D" in refused.value.errors["date_of_birth"][0]
    assert [person["name"] for person in pdd.findings["responsible_persons"]] == ["Pat Doe"]


def test_pdd_e_signs_on_the_premises_and_on_the_pen():
    assert sign_failures(premises_sign=True, pen_sign=True) == []
    missing = sign_failures(premises_sign=True, pen_sign=False)
    assert len(missing) == 1
    assert "kennel or pen" in missing[0] and "Potentially dangerous E" in missing[0]
    assert len(sign_failures(premises_sign=False, pen_sign=False)) == 2


def test_pdd_e_the_sign_check_is_kept_with_its_failures(pdd, aco):
    with at(DECIDED):
        failures = record_sign_check(case=pdd, premises_sign=True, pen_sign=False,
                                     acting_user=aco)
    assert pdd.findings["sign_check"]["failures"] == failures
    assert len(failures) == 1


def test_pdd_f_fines_run_from_the_22nd_day_after_the_notice(pdd_two_duties):
    assert noncompliance_fines_from(pdd_two_duties) == TWENTY_FIRST_DAY + dt.timedelta(days=1)


@pytest.mark.parametrize(("day", "allowed"), [
    (TWENTY_FIRST_DAY - dt.timedelta(days=1), False),
    (TWENTY_FIRST_DAY, False),
    (TWENTY_FIRST_DAY + dt.timedelta(days=1), True),  # Saturday: a duration does not roll
])
def test_pdd_f_noncompliance_is_not_citable_before_day_22(pdd_two_duties, aco, day, allowed):
    fine_on_schedule("pdd_noncompliance", per_day=True)
    with at(day):
        if allowed:
            citation = cite_owner(case=pdd_two_duties, offense="pdd_noncompliance",
                                  acting_user=aco)
            assert citation.per_day
        else:
            with pytest.raises(DomainError) as refused:
                cite_owner(case=pdd_two_duties, offense="pdd_noncompliance", acting_user=aco)
            assert "September 25, 2027" in refused.value.errors["offense"][0]


def test_pdd_f_is_not_citable_before_the_notice(pdd, aco):
    fine_on_schedule("pdd_noncompliance", per_day=True)
    with at(dt.date(2027, 12, 1)), pytest.raises(InvalidTransition):
        cite_owner(case=pdd, offense="pdd_noncompliance", acting_user=aco)


def test_pdd_h_moving_out_names_the_other_towns_officer(pdd, aco):
    with at(DECIDED):
        with pytest.raises(DomainError) as refused:
            record_relocation_notice(case=pdd, direction="out", community="Andover",
                                     description="Brown boxer.", notified_on=DECIDED,
                                     acting_user=aco)
        notice = record_relocation_notice(case=pdd, direction="out", community="Andover",
                                          description="Brown boxer.", notified_on=DECIDED,
                                          other_officer="Andover Animal Control, R. Lee",
                                          acting_user=aco)
    assert "Potentially dangerous H" in refused.value.errors["other_officer"][0]
    assert notice["other_officer"] == "Andover Animal Control, R. Lee"


def test_pdd_g_h_a_move_not_notified_is_citable(pdd, aco):
    fine_on_schedule("pdd_relocation_not_notified")
    with at(DECIDED):
        record_relocation_notice(case=pdd, direction="in", community="Lawrence",
                                 description="Brown boxer.", notified_on=DECIDED,
                                 acting_user=aco)
        with pytest.raises(InvalidTransition):
            cite_owner(case=pdd, offense="pdd_relocation_not_notified", acting_user=aco)
        record_relocation_notice(case=pdd, direction="in", community="Lawrence",
                                 description="Brown boxer.", notified_on=DECIDED,
                                 owner_notified=False, acting_user=aco)
        citation = cite_owner(case=pdd, offense="pdd_relocation_not_notified",
                              acting_user=aco)
    assert citation.offense == "pdd_relocation_not_notified"


# -- the API and the page take the same steps -------------------------------------------------


def api_step(user, case, step: str, body: dict):
    client = APIClient()
    client.force_authenticate(user)
    return client.post(f"/api/v1/dog-cases/{case.pk}/{step}/", body, format="json")


def test_temporary_restraint_a_b_through_the_api(owner, aco, chief):
    with at(DECIDED):
        case = open_dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        sheltered = api_step(aco, case, "sheltering",
                             {"facility": "Main St Vet", "days": 10, "amount": "120.00"})
        order_id = sheltered.json()["restraint_orders"][0]["id"]
        petition = api_step(aco, case, "petitions", {"order": order_id, "filed_on": "2027-09-02",
                                                     "grounds": "Home is secure."})
        refused = api_step(aco, case, "petition-decisions",
                           {"number": 1, "rescind": True, "ruling": "Rescinded."})
        decided = api_step(chief, case, "petition-decisions",
                           {"number": 1, "rescind": False, "ruling": "Kept: fence unfinished."})
        rescinded = api_step(aco, case, "rescissions", {"order": order_id,
                                                        "reason": "Fence finished."})
    assert sheltered.status_code == 201
    assert petition.status_code == 201
    assert refused.status_code == 403
    assert decided.json()["petitions"][0]["rescind"] is False
    assert rescinded.status_code == 200
    assert rescinded.json()["findings"]["rescissions"][str(order_id)]["by"] == (
        "Animal Control Officer")


def test_temporary_restraint_a_is_offered_on_the_page_of_a_dog_awaiting_a_decision(
        client, owner, aco):
    with at(DECIDED):
        case = open_dog_case(DANGEROUS_DOG, owner, aco)
        client.force_login(aco)
        shown = client.get(reverse("dogs:case", args=[case.pk])).content.decode()
        response = client.post(reverse("dogs:case", args=[case.pk]),
                               {"action": "restraint", "restraint-text": "Confine to the yard.",
                                "restraint-days": "30"})
        after = client.get(reverse("dogs:case", args=[case.pk])).content.decode()
    assert 'id="restraint-heading"' in shown and 'id="sheltering-heading"' in shown
    assert response.status_code == 302
    assert "in force through Saturday, October 2, 2027" in after
    assert 'id="rescind-heading"' in after


def test_pdd_duties_chosen_on_the_page(client, pdd, chief):
    with at(NOTIFIED):
        client.force_login(chief)
        response = client.post(reverse("dogs:case", args=[pdd.pk]),
                               {"action": "duties", "duties-notified_on": NOTIFIED.isoformat(),
                                "duties-duties": ["training", "security"]})
        shown = client.get(reverse("dogs:case", args=[pdd.pk])).content.decode()
    assert response.status_code == 302
    assert list(duty_orders(pdd)) == ["training"]
    assert 'id="security-awaiting"' in shown
    assert 'id="duties-section"' not in shown


def test_pdd_c_security_alone_is_ordered_once(client, pdd, chief):
    with at(NOTIFIED):
        order_owner_duties(case=pdd, notified_on=NOTIFIED, duties=["security"],
                           acting_user=chief)
        with pytest.raises(InvalidTransition):
            order_owner_duties(case=pdd, notified_on=NOTIFIED, duties=["microchip"],
                               acting_user=chief)
        client.force_login(chief)
        shown = client.get(reverse("dogs:case", args=[pdd.pk])).content.decode()
    assert duty_orders(pdd) == {}
    assert 'id="duties-section"' not in shown


def test_temporary_restraint_a_petitions_wait_on_the_hearing_authoritys_home(
        client, owner, aco, chief, django_assert_max_num_queries):
    with at(DECIDED):
        cases_petitioned = []
        for _ in range(3):
            case = open_dog_case(NUISANCE_DOG, owner, aco)
            order = issue_restraint_order(case=case, text="Confine.", acting_user=aco)
            file_restraint_petition(order=order, filed_on=DECIDED, grounds="Calm now.",
                                    acting_user=aco)
            cases_petitioned.append(case)
        decide_restraint_petition(case=cases_petitioned[0], number=1, rescind=False,
                                  ruling="Kept.", acting_user=chief)
        town = town_calendar("north_andover")
        with django_assert_max_num_queries(1):
            [waiting] = petitions_to_decide(town, user=chief, today=DECIDED)
        client.force_login(chief)
        home = client.get(reverse("staff_home")).content.decode()
    assert [item.record.split(" ")[1] for item in waiting.items] == [
        f"#{case.pk}" for case in cases_petitioned[1:]]
    assert "Decide the petition to rescind the restraint order" in home
