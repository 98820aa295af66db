"""A nuisance dog (North Andover Code ch. 60, Restraint E): the Animal Control Officer's
finding with its order of temporary restraint (Temporary restraint A), appealed to the Town
Clerk within 10 business days on the Monday-to-Thursday calendar (Hearing authority B), the
public hearing, the written ruling mailed as letters (C) and the further appeal (E)."""

import datetime as dt
import io

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from dogs.cases import (
    NUISANCE_DOG,
    file_dog_appeal,
    find_nuisance_dog,
    next_appeal_due,
    rule_on_appeal,
    schedule_public_hearing,
)
from permits_site.audit import history_of
from permits_site.enforcement.models import CaseStatus
from permits_site.enforcement.services import open_case
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from tests.clients import api_for
from tests.factories import Role, municipality, staff

pytestmark = pytest.mark.django_db

#: The finding, Wednesday 10 June 2026.
FOUND = dt.date(2026, 6, 10)
#: Ten Monday-to-Thursday business days later: June 11, 15–18, 22–25 and Monday 29.
APPEAL_DUE = dt.date(2026, 6, 29)
#: The ruling, Wednesday 24 June 2026; its further appeal runs to Monday 13 July (July 3 is
#: a Friday and no business day anyway).
RULED = dt.date(2026, 6, 24)
FURTHER_DUE = dt.date(2026, 7, 13)


def at(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=False)


@pytest.fixture
def clerk(db):
    return staff(Role.CLERK, "north_andover")


def nuisance_case(owner, aco):
    return open_case(municipality=municipality("north_andover"), case_type=NUISANCE_DOG,
                     party=owner, party_name="", address="12 Elm St",
                     complaint="Barks all night.", complainant="Sam Neighbor",
                     received_on=timezone.localdate(), acting_user=aco)


def found_nuisance(owner, aco, *, nuisance: bool = True):
    with at(FOUND):
        case = nuisance_case(owner, aco)
        return find_nuisance_dog(
            case=case, nuisance=nuisance, grounds=["E(3)"] if nuisance else [],
            finding="Barking for hours, every night, witnessed twice.",
            order_text="Keep the dog indoors from 9 p.m. to 7 a.m." if nuisance else "",
            acting_user=aco)


def appeal_on(case, day: dt.date, clerk, *, appellant: str = "owner"):
    with at(day):
        return file_dog_appeal(case=case, appellant=appellant, filed_on=day,
                               grounds="The barking was another dog's.", acting_user=clerk)


def ruled_appeal(owner, aco, chief, clerk):
    case = found_nuisance(owner, aco)
    appeal = appeal_on(case, dt.date(2026, 6, 15), clerk)
    with at(dt.date(2026, 6, 15)):
        schedule_public_hearing(appeal=appeal, hearing_date=dt.date(2026, 6, 23), acting_user=clerk)
    with at(RULED):
        return rule_on_appeal(appeal=appeal, outcome="modify", ruling="Indoors from 10 p.m.",
                              decided_on=RULED, acting_user=chief)


# -- the finding (Restraint E; Temporary restraint A) ------------------------------------------


def test_a_nuisance_finding_orders_the_dog_restrained_by_the_same_decision(owner, aco):
    case = found_nuisance(owner, aco)

    assert case.status == CaseStatus.DETERMINED
    assert (case.determined_on, case.determined_by) == (FOUND, aco)
    assert case.findings == {"nuisance": True, "nuisance_grounds": ["E(3)"]}
    order = case.orders.get()
    assert order.issued_on == FOUND and order.ends_on == dt.date(2026, 7, 10)
    assert order.citation.endswith("Temporary restraint A")
    actions = [entry.action for entry in history_of(case)]
    assert "case.determined" in actions and "case.order_issued" in actions


def test_a_dog_found_not_a_nuisance_gets_no_order(owner, aco):
    case = found_nuisance(owner, aco, nuisance=False)

    assert case.findings["nuisance"] is False
    assert not case.orders.exists()


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"grounds": []}, "grounds", "Name the grounds of North Andover Code ch. 60, Restraint E"),
    ({"grounds": ["E(9)"]}, "grounds", "Not a ground of North Andover Code ch. 60, Restraint E"),
    ({"nuisance": False}, "grounds", "A dog found not to be a nuisance has no grounds."),
    ({"order_text": " "}, "order_text", "Temporary restraint A"),
    ({"days": 31}, "days", "in force for 1 to 30 days"),
    ({"finding": ""}, "finding", "Write the finding and its reasons."),
])
def test_a_bad_finding_is_refused_on_its_field_and_changes_nothing(owner, aco, changes, field,
                                                                   message):
    case = nuisance_case(owner, aco)
    data = {"nuisance": True, "grounds": ["E(2)"], "finding": "Barking.",
            "order_text": "Indoors at night.", **changes}
    with pytest.raises(DomainError) as refused:
        find_nuisance_dog(case=case, acting_user=aco, **data)

    assert message in refused.value.errors[field][0]
    case.refresh_from_db()
    assert case.status == CaseStatus.OPEN and not case.orders.exists()


def test_only_the_animal_control_officer_issues_the_finding(owner, aco, chief):
    case = nuisance_case(owner, aco)
    with pytest.raises(PermissionDenied):
        find_nuisance_dog(case=case, nuisance=True, grounds=["E(5)"], finding="Dug up beds.",
                          order_text="Leash.", acting_user=chief)
    case.refresh_from_db()
    assert case.status == CaseStatus.OPEN


def test_a_finding_is_issued_once(owner, aco):
    case = found_nuisance(owner, aco)
    with pytest.raises(InvalidTransition):
        find_nuisance_dog(case=case, nuisance=True, grounds=["E(3)"], finding="Again.",
                          order_text="Leash.", acting_user=aco)


# -- the appeal to the Town Clerk (Hearing authority B) ----------------------------------------


def test_the_window_runs_ten_monday_to_thursday_business_days(owner, aco):
    window = next_appeal_due(found_nuisance(owner, aco))

    assert (window["from"], window["due"]) == (FOUND, APPEAL_DUE)
    assert window["period"].citation.endswith("Hearing authority B")


@pytest.mark.parametrize("filed_on", [APPEAL_DUE - dt.timedelta(days=1), APPEAL_DUE])
def test_an_appeal_up_to_the_last_day_is_recorded(owner, aco, clerk, filed_on):
    case = found_nuisance(owner, aco)

    appeal = appeal_on(case, filed_on, clerk)

    assert (appeal.filed_on, appeal.appellant) == (filed_on, "Pat Doe")


def test_an_appeal_the_day_after_is_refused_naming_the_section(owner, aco, clerk):
    case = found_nuisance(owner, aco)

    with pytest.raises(DomainError) as refused:
        appeal_on(case, APPEAL_DUE + dt.timedelta(days=1), clerk)

    message = refused.value.errors["filed_on"][0]
    assert "due by June 29, 2026" in message and "Hearing authority B" in message
    assert not case.appeals.exists()


def test_the_complainant_appeals_a_finding_of_no_nuisance(owner, aco, clerk):
    case = found_nuisance(owner, aco, nuisance=False)

    appeal = appeal_on(case, APPEAL_DUE, clerk, appellant="complainant")

    assert appeal.appellant == "Sam Neighbor"


def test_nothing_to_appeal_before_the_finding(owner, aco, clerk):
    with at(FOUND):
        case = nuisance_case(owner, aco)
    with pytest.raises(InvalidTransition):
        appeal_on(case, FOUND, clerk)


# -- the public hearing, the ruling and the further appeal (Hearing authority B, C, E) --------


@pytest.mark.parametrize(("filed_on", "recorded"), [
    (FURTHER_DUE - dt.timedelta(days=1), True),
    (FURTHER_DUE, True),
    (FURTHER_DUE + dt.timedelta(days=1), False),
])
def test_the_ruling_opens_the_further_appeal_window(owner, aco, chief, clerk, filed_on,
                                                    recorded):
    appeal = ruled_appeal(owner, aco, chief, clerk)
    case = appeal.case
    window = next_appeal_due(case)
    assert (window["from"], window["due"]) == (RULED, FURTHER_DUE)
    assert window["period"].citation.endswith("Hearing authority E")

    if recorded:
        assert appeal_on(case, filed_on, clerk).filed_on == filed_on
    else:
        with pytest.raises(DomainError) as refused:
            appeal_on(case, filed_on, clerk)
        assert "Hearing authority E" in refused.value.errors["filed_on"][0]
        assert case.appeals.count() == 1


def test_the_officer_cannot_rule_on_the_appeal_of_her_finding(owner, aco, clerk):
    case = found_nuisance(owner, aco)
    appeal = appeal_on(case, FOUND, clerk)
    with at(RULED):
        schedule_public_hearing(appeal=appeal, hearing_date=RULED, acting_user=clerk)
        with pytest.raises(PermissionDenied):
            rule_on_appeal(appeal=appeal, outcome="uphold", ruling="Stands.", decided_on=RULED,
                           acting_user=aco)


# -- the page --------------------------------------------------------------------------------


def page_of(case) -> str:
    return reverse("dogs:case", args=[case.pk])


def post(client, case, action: str, **data):
    """Post one of the case page's forms: to the page, naming its action."""
    return client.post(page_of(case), {
        "action": action, **{f"{action}-{name}": value for name, value in data.items()}})


def test_the_officer_issues_the_finding_on_the_page(client, owner, aco):
    with at(FOUND):
        case = nuisance_case(owner, aco)
        client.force_login(aco)
        response = post(client, case, "nuisance_finding", nuisance="yes", grounds=["E(2)", "E(3)"],
                        finding="Barks at night; a sick neighbor.", order_text="Indoors at night.",
                        days=30)
        page = client.get(page_of(case)).content.decode()

    assert response.status_code == 302
    assert "E(2) Excessive barking or other disturbance annoying a sick person" in page
    assert "in force through Friday, July 10, 2026" in page
    assert "through <strong>Monday, June 29, 2026</strong>" in page
    assert "Issue the finding" not in page


def test_a_finding_without_grounds_is_refused_on_its_field(client, owner, aco):
    with at(FOUND):
        case = nuisance_case(owner, aco)
        client.force_login(aco)
        response = post(client, case, "nuisance_finding", nuisance="yes", finding="Barks.",
                        order_text="Indoors.", days=30)

    assert response.status_code == 400
    assert "Name the grounds" in response.content.decode()
    case.refresh_from_db()
    assert case.status == CaseStatus.OPEN


def test_the_clerk_records_the_appeal_and_a_late_one_is_refused(client, owner, aco, clerk):
    case = found_nuisance(owner, aco)
    late = APPEAL_DUE + dt.timedelta(days=1)
    client.force_login(clerk)
    with at(late):
        refused = post(client, case, "appeal", appellant="owner", filed_on=late.isoformat(),
                       grounds="Unfair.")
    with at(APPEAL_DUE):
        recorded = post(client, case, "appeal", appellant="owner",
                        filed_on=APPEAL_DUE.isoformat(), grounds="Unfair.")

    assert refused.status_code == 400
    assert "The appeal was due by June 29, 2026" in refused.content.decode()
    assert recorded.status_code == 302
    assert case.appeals.get().filed_on == APPEAL_DUE


def test_the_ruling_letters_name_the_finding_and_the_further_appeal(client, owner, aco, chief,
                                                                   clerk):
    appeal = ruled_appeal(owner, aco, chief, clerk)
    client.force_login(clerk)

    letters = client.get(reverse("dogs:case_ruling_letters", args=[appeal.case.pk, appeal.pk]))

    assert letters["Content-Type"] == "application/pdf"
    texts = [" ".join(page.extract_text().split())
             for page in PdfReader(io.BytesIO(letters.content)).pages]
    assert len(texts) == 3
    assert "Pat Doe (Owner)" in texts[0] and "Sam Neighbor (Complainant)" in texts[1]
    assert "Alice Officer (Animal Control Officer)" in texts[2]
    for text in texts:
        assert "Barking for hours, every night" in text and "Modified" in text
        assert "Monday, July 13, 2026" in text and "Hearing authority E" in text


def test_another_towns_staff_sees_no_nuisance_case(client, owner, aco):
    case = found_nuisance(owner, aco)
    client.force_login(staff(Role.ANIMAL_CONTROL_OFFICER, "tisbury"))

    assert client.get(page_of(case)).status_code == 404


# -- the API ---------------------------------------------------------------------------------



def test_the_api_records_the_finding_and_refuses_a_late_appeal(owner, aco, clerk):
    with at(FOUND):
        case = nuisance_case(owner, aco)
        found = api_for(aco).post(f"/api/v1/dog-cases/{case.pk}/nuisance-finding/", {
            "nuisance": True, "grounds": ["E(4)"], "finding": "Chased a jogger.",
            "order_text": "Leash of six feet or less.", "days": 14}, format="json")
    late = APPEAL_DUE + dt.timedelta(days=1)
    with at(late):
        refused = api_for(clerk).post(f"/api/v1/dog-cases/{case.pk}/appeals/", {
            "appellant": "owner", "filed_on": late.isoformat(), "grounds": "No."},
            format="json")

    assert found.status_code == 200, found.json()
    body = found.json()
    assert body["findings"]["nuisance_grounds"] == ["E(4)"]
    assert body["restraint_orders"][0]["ends_on"] == "2026-06-24"
    assert body["next_appeal"]["due"] == "2026-06-29"
    assert refused.status_code == 400
    assert "June 29, 2026" in str(refused.json())
    assert not case.appeals.exists()


def test_the_api_refuses_the_finding_to_the_clerk(owner, aco, clerk):
    case = nuisance_case(owner, aco)

    response = api_for(clerk).post(f"/api/v1/dog-cases/{case.pk}/nuisance-finding/", {
        "nuisance": False, "finding": "Quiet."}, format="json")

    assert response.status_code == 403
    case.refresh_from_db()
    assert case.status == CaseStatus.OPEN
