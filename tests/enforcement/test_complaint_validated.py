"""Whether a determination validated the complaint: an explicit yes or no on the core case
page and in the API's determination, kept in the case's findings, audited with the
determination and shown on the case page; optional for the bylaw apps' own determinations.
A validated consumer complaint is a surcharge event at a renewal (Tisbury BOH Reg 09.1.4,
09.5.1)."""


import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from permits_site.audit import history_of
from permits_site.enforcement.models import CaseStatus
from permits_site.enforcement.services import determine
from tests.enforcement.conftest import MONDAY, stable_case

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]


@pytest.fixture
def case(stable_permit, nb_inspector):
    return stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())


def case_page(client, user, case):
    client.force_login(user)
    return client.get(reverse("enforcement:case", args=[case.pk])).content.decode()


def post_determination(client, user, case, **data):
    client.force_login(user)
    return client.post(reverse("enforcement:case", args=[case.pk]), {
        "action": "determine", **{f"determine-{name}": value for name, value in data.items()}})


def api_determination(user, case, body):
    client = APIClient()
    client.force_authenticate(user)
    return client.post(f"/api/v1/cases/{case.pk}/determination/", body, format="json")


# -- the service -----------------------------------------------------------------------------


@pytest.mark.parametrize("validated", [True, False])
def test_the_determination_records_whether_the_complaint_was_validated(
        case, nb_inspector, validated):
    determine(case=case, determination="Manure by the brook.", complaint_validated=validated,
              acting_user=nb_inspector)

    case.refresh_from_db()
    assert case.findings == {"complaint_validated": validated}
    entry = history_of(case).first()
    assert (entry.action, entry.after) == (
        "case.determined", {"determination": "Manure by the brook.",
                            "complaint_validated": str(validated)})


def test_a_bylaw_app_s_own_determination_need_not_say_and_keeps_its_findings(
        case, nb_inspector):
    determine(case=case, determination="Potentially dangerous.",
              findings={"criteria": ["B(1)(b)"]}, acting_user=nb_inspector)

    case.refresh_from_db()
    assert case.status == CaseStatus.DETERMINED
    assert case.findings == {"criteria": ["B(1)(b)"]}
    assert "complaint_validated" not in history_of(case).first().after


# -- the case page ---------------------------------------------------------------------------


def test_the_page_asks_yes_or_no_and_refuses_a_determination_without_it(
        client, case, nb_inspector):
    form = case_page(client, nb_inspector, case)
    refused = post_determination(client, nb_inspector, case, determination="Manure.")

    assert "<legend class=\"form-label fs-6 mb-1\">Was the complaint validated?</legend>" in form
    assert refused.status_code == 200
    assert "Say whether the complaint was validated: yes or no." in refused.content.decode()
    case.refresh_from_db()
    assert (case.status, case.determination, case.findings) == (CaseStatus.OPEN, "", {})


@pytest.mark.parametrize(("answer", "shown"), [("yes", "Complaint validated: yes"),
                                                ("no", "Complaint validated: no")])
def test_the_page_records_the_answer_and_shows_it(client, case, nb_inspector, answer, shown):
    response = post_determination(client, nb_inspector, case, determination="Manure.",
                                  complaint_validated=answer)

    assert response.status_code == 302
    case.refresh_from_db()
    assert case.findings == {"complaint_validated": answer == "yes"}
    assert shown in case_page(client, nb_inspector, case)


def test_a_case_determined_without_the_answer_shows_none(client, case, nb_inspector):
    determine(case=case, determination="Potentially dangerous.", acting_user=nb_inspector)

    assert "Complaint validated" not in case_page(client, nb_inspector, case)


# -- the API ---------------------------------------------------------------------------------


@pytest.mark.parametrize("body", [
    {"determination": "Manure."},
    {"determination": "Manure.", "complaint_validated": "yes"},
    {"determination": "Manure.", "complaint_validated": None},
])
def test_the_api_requires_a_json_boolean_and_names_the_field(case, nb_inspector, body):
    response = api_determination(nb_inspector, case, body)

    assert response.status_code == 400
    assert list(response.json()) == ["complaint_validated"]
    case.refresh_from_db()
    assert (case.status, case.findings) == (CaseStatus.OPEN, {})


def test_the_api_records_the_answer_and_returns_it(case, nb_inspector):
    response = api_determination(nb_inspector, case,
                                 {"determination": "Manure.", "complaint_validated": False})

    assert response.status_code == 200, response.json()
    assert (response.json()["status"], response.json()["complaint_validated"]) == (
        "determined", False)
    case.refresh_from_db()
    assert case.findings == {"complaint_validated": False}
