"""North Andover's dog cases (Code ch. 60): the potentially dangerous dog counted from the
owner's running-at-large citations, the two seats of officer and hearing authority, the
appeal windows on the Monday-to-Thursday calendar, temporary restraint orders, and the dog
case page with its ruling letters."""

import datetime as dt
import io

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from dogs.cases import (
    DANGEROUS_DOG,
    NUISANCE_DOG,
    POTENTIALLY_DANGEROUS_DOG,
    determine_potentially_dangerous,
    file_dog_appeal,
    issue_restraint_order,
    next_appeal_due,
    propose_potentially_dangerous,
    renew_restraint_order,
    rule_on_appeal,
    running_at_large_citations,
    schedule_public_hearing,
)
from permits_site.audit import history_of
from permits_site.enforcement.models import CaseStatus
from permits_site.enforcement.services import issue_citation, open_case
from permits_site.enforcement.services.dispositions import decide_hearing, request_hearing
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from tests.clients import api_for
from tests.enforcement.test_citation_pages import held_today
from tests.factories import Role, UserFactory, municipality, staff
from tests.page_forms import assert_on_the_page, field_error, post_form

pytestmark = pytest.mark.django_db

#: Three running-at-large citations, the first on Thursday 10 September 2026.
CITED_ON = (dt.date(2026, 9, 10), dt.date(2027, 1, 12), dt.date(2027, 5, 11))
#: A decision on Thursday 2 September 2027; Monday 6 September is Labor Day.
DECIDED = dt.date(2027, 9, 2)
#: Ten Monday-to-Thursday business days later, Labor Day skipped.
APPEAL_DUE = dt.date(2027, 9, 22)


def at(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=False)


def dog_case(case_type: str, owner, officer, *, complainant: str = "Sam Neighbor"):
    return open_case(municipality=municipality("north_andover"), case_type=case_type,
                     party=owner, party_name="", address="12 Elm St",
                     complaint="Dog loose again.", complainant=complainant,
                     received_on=timezone.localdate(), acting_user=officer)


def town_clerk():
    """The Town Clerk, with whom an appeal is filed (Hearing authority B, E)."""
    return staff(Role.CLERK, "north_andover")


def cite_running_at_large(owner, aco, day: dt.date):
    with at(day):
        case = dog_case("north_andover.dog_control", owner, aco)
        return issue_citation(case=case, offense="running_at_large", acting_user=aco)


@pytest.fixture
def cited_three_times(owner, aco):
    return [cite_running_at_large(owner, aco, day) for day in CITED_ON]


def determined_case(owner, aco, chief, *, on: dt.date = DECIDED):
    with at(on):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        propose_potentially_dangerous(case=case, aggressive_in_enclosure=False,
                                      proposal="Potentially dangerous: cited three times.",
                                      acting_user=aco)
        return determine_potentially_dangerous(
            case=case, deemed=True, exceptions=[], determination="Potentially dangerous.",
            acting_user=chief)


# -- the record-counted criterion (Potentially dangerous B(1)(b)) ---------------------------


def test_two_citations_are_not_a_criterion_three_are(owner, aco):
    for day in CITED_ON[:2]:
        cite_running_at_large(owner, aco, day)
    with at(DECIDED):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        assert running_at_large_citations(case, on=DECIDED - dt.timedelta(days=1)) == 2
        proposed = propose_potentially_dangerous(case=case, aggressive_in_enclosure=False,
                                                 proposal="Cited twice.", acting_user=aco)
    assert proposed.findings["criteria"] == []

    cite_running_at_large(owner, aco, CITED_ON[2])
    with at(DECIDED):
        again = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        proposed = propose_potentially_dangerous(case=again, aggressive_in_enclosure=False,
                                                 proposal="Cited three times.", acting_user=aco)
    assert proposed.findings["running_at_large_citations"] == 3
    assert proposed.findings["criteria"] == ["B(1)(b)"]


@pytest.mark.parametrize(("on", "counted"), [
    (dt.date(2027, 9, 9), 3),   # the day before the first citation's anniversary
    (dt.date(2027, 9, 10), 2),  # the anniversary: twelve months have run
    (dt.date(2027, 9, 11), 2),  # the day after
])
def test_citations_count_for_twelve_months(owner, aco, cited_three_times, on, counted):
    case = cited_three_times[0].case
    assert running_at_large_citations(case, on=on) == counted


def test_a_dismissed_citation_does_not_count(owner, aco, chief, cited_three_times):
    with at(CITED_ON[2]):
        request_hearing(citation=cited_three_times[2], acting_user=owner)
        held_today(cited_three_times[2])
        decide_hearing(citation=cited_three_times[2], outcome="dismissed", acting_user=chief)
    assert running_at_large_citations(cited_three_times[0].case, on=CITED_ON[2]) == 2


def test_another_owners_citations_do_not_count(owner, aco, cited_three_times):
    with at(DECIDED):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, UserFactory(), aco)
    assert running_at_large_citations(case, on=CITED_ON[2]) == 0


def test_deemed_without_a_criterion_is_refused(owner, aco, chief):
    with at(DECIDED):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        propose_potentially_dangerous(case=case, aggressive_in_enclosure=False,
                                      proposal="Cited once.", acting_user=aco)
        with pytest.raises(DomainError) as refused:
            determine_potentially_dangerous(case=case, deemed=True, exceptions=[],
                                            determination="Potentially dangerous.",
                                            acting_user=chief)
    assert refused.value.errors["deemed"] == [
        "No criterion of North Andover Code ch. 60, Potentially dangerous B(1) is met."]


# -- the hearing authority determines, recording the exceptions -----------------------------


def test_the_hearing_authority_determines_with_the_exceptions_recorded(
        owner, aco, chief, cited_three_times):
    with at(DECIDED):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        propose_potentially_dangerous(case=case, aggressive_in_enclosure=True,
                                      proposal="Aggressive behind a low fence.", acting_user=aco)
        determine_potentially_dangerous(case=case, deemed=False, exceptions=["C(6)", "C(5)"],
                                        determination="Not potentially dangerous: in pain.",
                                        acting_user=chief)
    case.refresh_from_db()
    assert case.status == CaseStatus.DETERMINED
    assert case.determined_by == chief and case.proposed_by == aco
    assert case.findings["exceptions"] == ["C(5)", "C(6)"]
    assert case.findings["criteria"] == ["B(1)(a)", "B(1)(b)"]
    assert history_of(case).filter(action="case.determined").exists()


def test_an_exception_forbids_deeming_the_dog_dangerous(owner, aco, chief, cited_three_times):
    with at(DECIDED):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        propose_potentially_dangerous(case=case, aggressive_in_enclosure=False,
                                      proposal="Cited.", acting_user=aco)
        with pytest.raises(DomainError) as refused:
            determine_potentially_dangerous(case=case, deemed=True, exceptions=["C(3)"],
                                            determination="Potentially dangerous.",
                                            acting_user=chief)
    assert "exception" in refused.value.errors["deemed"][0]


def test_an_unknown_exception_is_refused(owner, aco, chief, cited_three_times):
    with at(DECIDED):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        propose_potentially_dangerous(case=case, aggressive_in_enclosure=False,
                                      proposal="Cited.", acting_user=aco)
        with pytest.raises(DomainError) as refused:
            determine_potentially_dangerous(case=case, deemed=True, exceptions=["C(9)"],
                                            determination="x", acting_user=chief)
    assert "C(9)" in refused.value.errors["exceptions"][0]


def test_the_officer_who_proposed_does_not_also_decide(owner, aco, chief):
    with at(DECIDED):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        propose_potentially_dangerous(case=case, aggressive_in_enclosure=False,
                                      proposal="Cited.", acting_user=aco)
        with pytest.raises(PermissionDenied):
            determine_potentially_dangerous(case=case, deemed=False, exceptions=[],
                                            determination="No.", acting_user=aco)


def test_one_person_never_sits_as_officer_and_hearing_authority(owner, chief):
    both = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    both.memberships.create(municipality=municipality("north_andover"),
                            role=Role.HEARING_AUTHORITY)
    with at(DECIDED):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, both)
        propose_potentially_dangerous(case=case, aggressive_in_enclosure=True,
                                      proposal="Aggressive.", acting_user=both)
        with pytest.raises(PermissionDenied) as refused:
            determine_potentially_dangerous(case=case, deemed=True, exceptions=[],
                                            determination="Yes.", acting_user=both)
    assert "another person must decide" in refused.value.errors["determination"][0]
    case.refresh_from_db()
    assert case.status == CaseStatus.OPEN


# -- appeals within 10 Monday-to-Thursday business days -------------------------------------


def test_the_window_runs_on_the_monday_to_thursday_calendar(owner, aco, chief,
                                                           cited_three_times):
    case = determined_case(owner, aco, chief)
    window = next_appeal_due(case)
    assert window["due"] == APPEAL_DUE
    assert window["period"].citation == "North Andover Code ch. 60, Hearing authority B"


@pytest.mark.parametrize("filed_on", [APPEAL_DUE - dt.timedelta(days=1), APPEAL_DUE])
def test_an_appeal_on_or_before_the_last_day_is_filed(owner, aco, chief, cited_three_times,
                                                     filed_on):
    case = determined_case(owner, aco, chief)
    with at(filed_on):
        appeal = file_dog_appeal(case=case, appellant="complainant", filed_on=filed_on,
                                 grounds="The dog should be deemed dangerous.",
                                 acting_user=town_clerk())
    assert appeal.appellant == "Sam Neighbor"


def test_an_appeal_the_day_after_is_refused_with_the_section(owner, aco, chief,
                                                            cited_three_times):
    case = determined_case(owner, aco, chief)
    late = APPEAL_DUE + dt.timedelta(days=1)
    with at(late), pytest.raises(DomainError) as refused:
        file_dog_appeal(case=case, appellant="owner", filed_on=late, grounds="Unfair.",
                        acting_user=town_clerk())
    message = refused.value.errors["filed_on"][0]
    assert "September 22, 2027" in message
    assert "North Andover Code ch. 60, Hearing authority B" in message
    assert not case.appeals.exists()


def test_nothing_to_appeal_before_the_determination(owner, aco):
    with at(DECIDED):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        with pytest.raises(InvalidTransition):
            file_dog_appeal(case=case, appellant="owner", filed_on=DECIDED, grounds="No.",
                            acting_user=town_clerk())


def test_a_complainant_must_be_named_to_appeal(owner, aco, chief, cited_three_times):
    with at(DECIDED):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco, complainant="")
        case.status, case.determined_on = CaseStatus.DETERMINED, DECIDED
        case.save()
        with pytest.raises(DomainError) as refused:
            file_dog_appeal(case=case, appellant="complainant", filed_on=DECIDED,
                            grounds="No.", acting_user=town_clerk())
    assert "appellant" in refused.value.errors


#: The ruling on Thursday 7 October 2027; Monday 11 October is Columbus Day.
RULED = dt.date(2027, 10, 7)
FURTHER_DUE = dt.date(2027, 10, 27)


def heard_appeal(owner, aco, chief):
    case = determined_case(owner, aco, chief)
    with at(APPEAL_DUE):
        appeal = file_dog_appeal(case=case, appellant="owner", filed_on=APPEAL_DUE,
                                 grounds="My dog was provoked.", acting_user=town_clerk())
        return schedule_public_hearing(appeal=appeal, hearing_date=RULED, acting_user=aco)


def test_the_ruling_opens_the_further_appeal_window(owner, aco, chief, designee,
                                                    cited_three_times):
    appeal = heard_appeal(owner, aco, chief)
    with at(RULED):
        rule_on_appeal(appeal=appeal, outcome="modify", ruling="Keep the dog leashed.",
                       decided_on=RULED, acting_user=designee)
    appeal.refresh_from_db()
    assert (appeal.decision, appeal.decided_by) == ("Modified", designee)
    window = next_appeal_due(appeal.case)
    assert window["due"] == FURTHER_DUE
    assert window["period"].citation == "North Andover Code ch. 60, Hearing authority E"
    with at(FURTHER_DUE + dt.timedelta(days=1)), pytest.raises(DomainError) as refused:
        file_dog_appeal(case=appeal.case, appellant="owner",
                        filed_on=FURTHER_DUE + dt.timedelta(days=1), grounds="Still unfair.",
                        acting_user=town_clerk())
    assert "Hearing authority E" in refused.value.errors["filed_on"][0]
    with at(FURTHER_DUE):
        file_dog_appeal(case=appeal.case, appellant="owner", filed_on=FURTHER_DUE,
                        grounds="Still unfair.", acting_user=town_clerk())
    assert appeal.case.appeals.count() == 2


def test_a_ruling_needs_its_public_hearing_and_the_hearing_authority(owner, aco, chief,
                                                                     designee,
                                                                     cited_three_times):
    case = determined_case(owner, aco, chief)
    with at(APPEAL_DUE):
        appeal = file_dog_appeal(case=case, appellant="owner", filed_on=APPEAL_DUE,
                                 grounds="Provoked.", acting_user=town_clerk())
        with pytest.raises(InvalidTransition):
            rule_on_appeal(appeal=appeal, outcome="uphold", ruling="Upheld.",
                           decided_on=APPEAL_DUE, acting_user=designee)
        schedule_public_hearing(appeal=appeal, hearing_date=APPEAL_DUE, acting_user=aco)
        with pytest.raises(PermissionDenied):
            rule_on_appeal(appeal=appeal, outcome="uphold", ruling="Upheld.",
                           decided_on=APPEAL_DUE, acting_user=aco)
        with pytest.raises(DomainError) as refused:
            rule_on_appeal(appeal=appeal, outcome="uphold", ruling=" ",
                           decided_on=APPEAL_DUE, acting_user=designee)
    assert "Hearing authority C" in refused.value.errors["ruling"][0]


def test_a_holder_of_the_officer_role_cannot_rule_on_the_appeal(owner, chief,
                                                               cited_three_times):
    both = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    both.memberships.create(municipality=municipality("north_andover"),
                            role=Role.HEARING_AUTHORITY)
    appeal = heard_appeal(owner, both, chief)
    with at(RULED), pytest.raises(PermissionDenied) as refused:
        rule_on_appeal(appeal=appeal, outcome="reverse", ruling="Reversed.", decided_on=RULED,
                       acting_user=both)
    assert "Hearing authority A" in str(refused.value)
    appeal.refresh_from_db()
    assert appeal.decided_on is None


# -- temporary restraint orders --------------------------------------------------------------


ORDERED = dt.date(2027, 6, 1)


def restraint_order(owner, aco, **options):
    with at(ORDERED):
        case = dog_case(NUISANCE_DOG, owner, aco)
        return issue_restraint_order(case=case, text="Confine the dog; leash of 6 ft or less.",
                                     acting_user=aco, **options)


def test_a_restraint_order_is_in_force_for_30_days(owner, aco):
    order = restraint_order(owner, aco)
    assert order.ends_on == dt.date(2027, 7, 1)
    assert order.citation == "North Andover Code ch. 60, Temporary restraint A"


def test_a_shorter_order_is_allowed_a_longer_one_refused(owner, aco):
    assert restraint_order(owner, aco, days=10).ends_on == dt.date(2027, 6, 11)
    with pytest.raises(DomainError) as refused:
        restraint_order(owner, aco, days=31)
    assert "1 to 30 days" in refused.value.errors["days"][0]


def test_a_renewal_runs_30_days_from_the_current_end(owner, aco):
    order = restraint_order(owner, aco)
    with at(order.ends_on):
        renewal = renew_restraint_order(order=order, note="Still escaping.", acting_user=aco)
    order.refresh_from_db()
    assert renewal.ends_on == order.ends_on == order.comply_by == dt.date(2027, 7, 31)
    assert [row.renewed_on for row in order.renewals.all()] == [dt.date(2027, 7, 1)]


def test_a_renewal_after_the_order_ended_is_refused(owner, aco):
    order = restraint_order(owner, aco)
    with at(dt.date(2027, 7, 2)), pytest.raises(InvalidTransition) as refused:
        renew_restraint_order(order=order, note="Late.", acting_user=aco)
    assert "ended on July 1, 2027" in str(refused.value)
    assert "Temporary restraint A" in str(refused.value)
    assert not order.renewals.exists()


def test_a_renewal_is_in_writing_by_the_officer(owner, aco, chief):
    order = restraint_order(owner, aco)
    with at(ORDERED):
        with pytest.raises(DomainError) as refused:
            renew_restraint_order(order=order, note="", acting_user=aco)
        assert "note" in refused.value.errors
        with pytest.raises(PermissionDenied):
            renew_restraint_order(order=order, note="Renewed.", acting_user=chief)


# -- the dog case page -----------------------------------------------------------------------


def page_of(case) -> str:
    return reverse("dogs:case", args=[case.pk])


def post(client, case, action: str, **data):
    """Post one of the case page's forms: to the page, naming its action."""
    return client.post(page_of(case), {
        "action": action, **{f"{action}-{name}": value for name, value in data.items()}})


def test_the_officer_proposes_with_the_count_from_the_record(client, owner, aco,
                                                             cited_three_times):
    with at(DECIDED):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        client.force_login(aco)
        shown = client.get(page_of(case)).content.decode()
        response = post(client, case, "propose", proposal="Cited three times.")
        assert response.status_code == 302
        after = client.get(page_of(case)).content.decode()
    assert '<strong id="at-large-count">3</strong>' in shown
    assert "Propose a determination" in shown
    assert "B(1)(b) Owner cited more than twice in 12 months" in after
    assert "Determine (hearing authority)" not in after


def test_the_hearing_authority_determines_with_exceptions(client, owner, aco, chief,
                                                          cited_three_times):
    with at(DECIDED):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        client.force_login(aco)
        post(client, case, "propose", proposal="Cited three times.")
        client.force_login(chief)
        refused = post(client, case, "determine", deemed="yes", exceptions=["C(5)"],
                       determination="Deemed.")
        response = post(client, case, "determine", deemed="no", exceptions=["C(5)"],
                        determination="Skin not broken.")
        shown = client.get(page_of(case)).content.decode()
    assert refused.status_code == 400
    assert "An exception of North Andover Code ch. 60, Dangerous C applies" in (
        refused.content.decode())
    assert response.status_code == 302
    assert "C(5) The person&#x27;s skin was not broken" in shown
    assert "through <strong>Wednesday, September 22, 2027</strong>" in shown


def test_the_officer_may_not_post_the_hearing_authoritys_form(client, owner, aco):
    with at(DECIDED):
        case = dog_case(DANGEROUS_DOG, owner, aco)
        client.force_login(aco)
        response = post(client, case, "determine_dangerous", deemed="no", determination="No.")
    assert response.status_code == 403


def test_a_resident_sees_no_dog_case(client, owner, aco):
    with at(DECIDED):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
    client.force_login(UserFactory())
    assert client.get(page_of(case)).status_code == 404


def test_a_late_appeal_is_refused_on_its_field(client, owner, aco, chief, cited_three_times):
    case = determined_case(owner, aco, chief)
    late = APPEAL_DUE + dt.timedelta(days=1)
    with at(late):
        client.force_login(staff(Role.CLERK, "north_andover"))
        response = post(client, case, "appeal", appellant="owner", filed_on=late.isoformat(),
                        grounds="Unfair.")
    assert response.status_code == 400
    assert ("The appeal was due by September 22, 2027" in response.content.decode())
    assert not case.appeals.exists()


def test_a_refused_step_leaves_the_browser_on_the_case_page(client, owner, aco, chief,
                                                            cited_three_times):
    case = determined_case(owner, aco, chief)
    late = APPEAL_DUE + dt.timedelta(days=1)
    with at(late):
        client.force_login(staff(Role.CLERK, "north_andover"))
        refused = post_form(client, page_of(case), 'name="appeal-grounds"', {
            "appeal-appellant": "owner", "appeal-filed_on": late.isoformat(),
            "appeal-grounds": "Unfair."})
        assert_on_the_page(client, refused, page_of(case))
    assert refused.status_code == 400
    on_the_field = field_error(refused.content.decode(), "appeal-filed_on")
    assert "The appeal was due by September 22, 2027" in on_the_field
    assert "(North Andover Code ch. 60, Hearing authority B)" in on_the_field
    assert not case.appeals.exists()


def test_the_ruling_letters_go_to_owner_complainant_and_officer(client, owner, aco, chief,
                                                               designee, cited_three_times):
    appeal = heard_appeal(owner, aco, chief)
    with at(appeal.hearing_date):
        client.force_login(designee)
        response = post(client, appeal.case, "ruling", appeal=appeal.pk, outcome="uphold",
                        ruling="The determination stands.",
                        decided_on=appeal.hearing_date.isoformat())
        assert response.status_code == 302
        letters = client.get(reverse("dogs:case_ruling_letters",
                                     args=[appeal.case.pk, appeal.pk]))
    assert letters["Content-Type"] == "application/pdf"
    pages = PdfReader(io.BytesIO(letters.content)).pages
    texts = [page.extract_text() for page in pages]
    assert len(pages) == 3
    assert "(Owner)" in texts[0] and "Sam Neighbor (Complainant)" in texts[1]
    assert "Alice Officer (Animal Control Officer)" in texts[2]
    assert all("Upheld" in text and "Hearing authority E" in text for text in texts)
    assert "October 27, 2027" in " ".join(texts[0].split()), texts[0]


def test_no_letters_before_the_ruling(client, owner, aco, chief, cited_three_times):
    appeal = heard_appeal(owner, aco, chief)
    client.force_login(chief)
    response = client.get(reverse("dogs:case_ruling_letters", args=[appeal.case.pk, appeal.pk]))
    assert response.status_code == 404


def test_a_restraint_order_is_issued_and_renewed_with_its_end_date(client, owner, aco):
    with at(dt.date(2027, 6, 1)):
        case = dog_case(NUISANCE_DOG, owner, aco)
        client.force_login(aco)
        post(client, case, "restraint", text="Confine the dog.", days=30)
        order = case.orders.get()
        shown = client.get(page_of(case)).content.decode()
    with at(dt.date(2027, 7, 1)):
        client.force_login(aco)  # a month on: the session of June has expired
        response = post(client, case, "renew", order=order.pk, note="Still escaping.")
        renewed = client.get(page_of(case)).content.decode()
    with at(dt.date(2027, 8, 1)):
        client.force_login(aco)
        late = client.get(page_of(case)).content.decode()
    assert "in force through Thursday, July 1, 2027" in shown
    assert response.status_code == 302
    assert "in force through Saturday, July 31, 2027" in renewed
    assert "Renew a restraint order" not in late and "(ended)" in late


def test_the_core_case_page_links_to_the_dog_case_page(client, owner, aco):
    order = restraint_order(owner, aco)
    client.force_login(aco)
    response = client.get(reverse("enforcement:case", args=[order.case.pk]))
    assert f'href="{page_of(order.case)}"' in response.content.decode()


def test_the_core_case_page_leaves_determination_and_appeals_to_the_dog_case_page(
    client, owner, aco, chief, cited_three_times
):
    """The generic forms would skip the proposal, the exceptions and the rulings."""
    case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
    propose_potentially_dangerous(case=case, aggressive_in_enclosure=False,
                                  proposal="Potentially dangerous: cited three times.",
                                  acting_user=aco)
    client.force_login(chief)
    core_page = client.get(reverse("enforcement:case", args=[case.pk])).content.decode()

    assert "Record determination" not in core_page
    assert "Appeal decision" not in core_page
    assert "Determine" in client.get(page_of(case)).content.decode()


def test_the_generic_steps_are_refused_on_a_case_with_its_own_page(client, owner, aco, chief,
                                                                   cited_three_times):
    """Posting the core form or calling the core API cannot skip the proposal's steps."""
    case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
    propose_potentially_dangerous(case=case, aggressive_in_enclosure=False,
                                  proposal="Potentially dangerous: cited three times.",
                                  acting_user=aco)
    client.force_login(chief)

    posted = client.post(reverse("enforcement:case", args=[case.pk]),
                         {"action": "determine",
                          "determine-determination": "Dangerous."}, follow=True)
    called = api_for(chief).post(f"/api/v1/cases/{case.pk}/determination/",
                                 {"determination": "Dangerous."}, format="json")

    case.refresh_from_db()
    assert "its own page takes the steps its law sets" in posted.content.decode()
    assert called.status_code == 400
    assert "its own endpoints" in str(called.json())
    assert case.determination == ""


# -- the API -----------------------------------------------------------------------------------



def api_step(user, case, step: str, body: dict):
    return api_for(user).post(f"/api/v1/dog-cases/{case.pk}/{step}/", body, format="json")


def test_the_api_walks_a_determination_an_appeal_and_its_ruling(owner, aco, chief, designee,
                                                                cited_three_times):
    with at(DECIDED):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)
        proposed = api_step(aco, case, "proposal", {"proposal": "Cited three times."})
        refused = api_step(aco, case, "determination",
                           {"deemed": True, "determination": "Mine to decide?"})
        determined = api_step(chief, case, "determination",
                              {"deemed": True, "exceptions": [], "determination": "Deemed."})
    late = APPEAL_DUE + dt.timedelta(days=1)
    with at(late):
        clerk = town_clerk()
        too_late = api_step(clerk, case, "appeals", {"appellant": "owner",
                                                     "filed_on": late.isoformat(),
                                                     "grounds": "Unfair."})
        filed = api_step(clerk, case, "appeals", {"appellant": "owner",
                                                  "filed_on": APPEAL_DUE.isoformat(),
                                                  "grounds": "Unfair."})
        appeal_id = filed.json()["appeals"][0]["id"]
        api_step(aco, case, "appeal-hearing", {"appeal": appeal_id,
                                               "hearing_date": late.isoformat()})
        ruled = api_step(designee, case, "ruling", {"appeal": appeal_id,
                                                    "outcome": "reverse",
                                                    "ruling": "Reversed.",
                                                    "decided_on": late.isoformat()})
    assert proposed.status_code == 200
    assert proposed.json()["running_at_large_citations"] == 3
    assert refused.status_code == 403
    assert determined.json()["next_appeal"] == {
        "due": "2027-09-22", "decided_on": "2027-09-02",
        "citation": "North Andover Code ch. 60, Hearing authority B"}
    assert too_late.status_code == 400 and "filed_on" in too_late.json()
    assert filed.status_code == 201
    assert ruled.json()["appeals"][0]["decision"] == "Reversed"
    assert ruled.json()["next_appeal"]["citation"].endswith("Hearing authority E")


def test_the_api_renews_a_restraint_order_only_while_it_is_in_force(owner, aco):
    with at(ORDERED):
        case = dog_case(NUISANCE_DOG, owner, aco)
        issued = api_step(aco, case, "restraint-orders", {"text": "Confine the dog."})
    order_id = issued.json()["restraint_orders"][0]["id"]
    with at(dt.date(2027, 7, 1)):
        renewed = api_step(aco, case, "renewals", {"order": order_id, "note": "Again."})
    with at(dt.date(2027, 8, 1)):
        late = api_step(aco, case, "renewals", {"order": order_id, "note": "Late."})
    assert issued.status_code == 201
    assert issued.json()["restraint_orders"][0]["ends_on"] == "2027-07-01"
    assert renewed.json()["restraint_orders"][0]["ends_on"] == "2027-07-31"
    assert late.status_code == 400
    assert "ended on July 31, 2027" in str(late.json())


def test_the_api_shows_no_dog_case_to_a_resident(owner, aco):
    with at(ORDERED):
        case = dog_case(NUISANCE_DOG, owner, aco)
    assert api_for(owner).get(f"/api/v1/dog-cases/{case.pk}/").status_code == 404
    assert api_for(aco).get(f"/api/v1/dog-cases/{case.pk}/").json()["case_type"] == NUISANCE_DOG
