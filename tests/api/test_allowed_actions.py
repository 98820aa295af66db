"""``allowed_actions`` names what the caller may do to the record now: the actions its status
allows that the caller is one to take. Each one listed is accepted when taken, and each one
the status allows but the list leaves out is refused as the caller's (a 403, or a 404 for a
record the caller may not see)."""

import pytest
from django.test import Client
from django.urls import reverse

from permits_site.licensing.services.applications import submit_application
from permits_site.licensing.services.permits import change_permit_status
from tests.api.conftest import (
    approve,
    client_for,
    draft_for,
    licensed,
    sample_upload,
    with_rabies_proof,
)
from tests.factories import DogFactory, UserFactory

pytestmark = pytest.mark.django_db

APPLICATIONS = "/api/v1/applications/"
PERMITS = "/api/v1/permits/"

#: What each status allows (``transitions.APPLICATION``), whoever takes it.
STATUS_ALLOWS = {
    "draft": ["edit", "submit", "withdraw", "attach_document"],
    "submitted": ["withdraw", "start_review", "request_changes", "attach_document",
                  "record_review", "request_variance", "schedule_hearing", "approve", "deny",
                  "approve_and_issue"],
    "approved": ["withdraw", "attach_document", "record_review", "request_variance",
                 "schedule_hearing", "deny", "issue", "approve_and_issue"],
}
PERMIT_STATUS_ALLOWS = {"active": ["suspend", "revoke"], "suspended": ["reinstate", "revoke"]}


@pytest.fixture
def people(resident, clerk, board_member, inspector, tisbury_clerk):
    return {"owner": resident, "clerk": clerk, "board member": board_member,
            "inspector": inspector, "another town's clerk": tisbury_clerk}


def application_in(status: str, owner, clerk):
    """A new dog license application of ``owner`` in ``status``."""
    application = draft_for(DogFactory(owner=owner))
    if status == "draft":
        return application
    with_rabies_proof(application)
    submit_application(application=application, acting_user=owner)
    return approve(application, clerk) if status == "approved" else application


def permit_in(status: str, owner, clerk):
    permit = licensed(DogFactory(owner=owner), clerk)
    if status == "suspended":
        change_permit_status(permit=permit, change="suspend", reason="Noise.", acting_user=clerk)
    return permit


def allowed_actions(user, url: str):
    response = client_for(user).get(url)
    return response.json()["allowed_actions"] if response.status_code == 200 else None


# -- what each caller is shown -------------------------------------------------------------


@pytest.mark.parametrize(("who", "expected"), [
    ("owner", ["withdraw", "attach_document", "request_variance"]),
    ("clerk", ["start_review", "request_changes", "attach_document", "record_review",
               "request_variance", "schedule_hearing", "approve", "deny",
               "approve_and_issue"]),
    ("board member", ["start_review", "request_changes", "record_review", "request_variance",
                      "approve", "deny"]),
    ("inspector", []),
    ("another town's clerk", None),
])
def test_a_submitted_application_lists_the_callers_own_actions(people, who, expected):
    application = application_in("submitted", people["owner"], people["clerk"])
    caller = people[who]

    detail = allowed_actions(caller, f"{APPLICATIONS}{application.pk}/")
    rows = client_for(caller).get(APPLICATIONS).json()["results"]

    assert detail == expected
    assert [row["allowed_actions"] for row in rows] == ([] if expected is None else [expected])


@pytest.mark.parametrize(("who", "expected"), [
    ("owner", ["edit", "submit", "withdraw", "attach_document"]),
    ("clerk", ["submit", "attach_document"]),
    ("board member", []),
])
def test_a_draft_lists_the_callers_own_actions(people, who, expected):
    application = application_in("draft", people["owner"], people["clerk"])

    assert allowed_actions(people[who], f"{APPLICATIONS}{application.pk}/") == expected


@pytest.mark.parametrize(("who", "expected"), [
    ("owner", []),
    ("clerk", ["suspend", "revoke"]),
    ("board member", []),
    ("inspector", []),
    ("another town's clerk", None),
])
def test_an_issued_permit_lists_the_callers_own_status_changes(people, who, expected):
    permit = permit_in("active", people["owner"], people["clerk"])
    caller = people[who]

    detail = allowed_actions(caller, f"{PERMITS}{permit.pk}/")
    rows = client_for(caller).get(PERMITS).json()["results"]

    assert detail == expected
    assert [row["allowed_actions"] for row in rows] == ([] if expected is None else [expected])


# -- what each caller is shown is what each caller may do ----------------------------------


def dog_details(application) -> dict:
    dog = application.dog_license.dog
    return {"details": {"dog": dog.pk, "license_year": 2027, "acquired_on": "2027-02-01"}}


def on_application(method: str, path: str, body=None, *, format="json"):
    """The caller's request to ``path`` under the application (``body`` may be made from
    it)."""

    def take(caller, application):
        data = body(application) if callable(body) else body
        return getattr(client_for(caller), method)(f"{APPLICATIONS}{application.pk}/{path}",
                                                   data, format=format)
    return take


def review(decision: str, **said):
    return on_application("post", "review/", {"decision": decision, **said})


def on_page(name: str):
    """The review screen's form, posted by the caller signed in to the site."""

    def take(caller, application):
        page = Client()
        page.force_login(caller)
        return page.post(reverse(name, args=[application.pk]))
    return take


def issue(caller, application):
    return client_for(caller).post(PERMITS, {"application": application.pk}, format="json")


VARIANCE = {"rule_ids": ["na.lic.A1.rabies"], "request_text": "Relief, please."}
HEARING = {"hearing_date": "2027-03-15", "location": "Town Hall, 7 pm", "abutters": []}

#: The requests that take each action; an action taken by either of two requests (a
#: variance: the reviewer's, or the applicant's own) lists both.
TAKING = {
    "edit": [on_application("put", "", dog_details)],
    "submit": [on_application("post", "submit/")],
    "withdraw": [on_application("post", "withdraw/")],
    "start_review": [review("start")],
    "request_changes": [review("request_changes", message="Add the dog's breed.")],
    "approve": [review("approve")],
    "deny": [review("deny", reason="Not a dog of this town.")],
    "attach_document": [on_application(
        "post", "documents/",
        lambda application: {"kind": "rabies_certificate", "file": sample_upload(),
                             "valid_until": "2029-01-01"},
        format="multipart")],
    "record_review": [on_application("post", "determinations/",
                                     {"rule": "na.lic.A1.rabies", "acceptable": True,
                                      "note": "Seen the certificate."})],
    "request_variance": [on_application("post", "variances/", VARIANCE),
                         on_application("post", "variance-requests/", VARIANCE)],
    "schedule_hearing": [on_application("post", "hearings/", HEARING)],
    "issue": [issue],
    "approve_and_issue": [on_page("licensing:issue")],
}
NOT_THEIRS = {403, 404}


def caller(people, who: str, record):
    return record.applicant if who == "owner" else people[who]


@pytest.mark.parametrize("status", list(STATUS_ALLOWS))
@pytest.mark.parametrize("who", ["owner", "clerk", "board member", "inspector"])
def test_each_listed_action_is_accepted_and_each_left_out_is_refused(people, status, who):
    def fresh():
        """An application of a new resident (a resident keeps at most four dogs)."""
        return application_in(status, UserFactory(), people["clerk"])

    application = fresh()
    listed = allowed_actions(caller(people, who, application),
                             f"{APPLICATIONS}{application.pk}/")

    answers = {
        action: [take(caller(people, who, application), application).status_code
                 for take in TAKING[action] for application in [fresh()]]
        for action in STATUS_ALLOWS[status]
    }

    assert all(code < 500 for codes in answers.values() for code in codes), answers
    accepted = [action for action, codes in answers.items()
                if any(code not in NOT_THEIRS for code in codes)]
    assert listed == accepted, answers


def holder(people, who: str, permit):
    return permit.holder if who == "owner" else people[who]


def change_status(caller, permit, change: str):
    return client_for(caller).post(f"{PERMITS}{permit.pk}/{change}/",
                                   {"reason": "Noise complaints."}, format="json")


@pytest.mark.parametrize("status", list(PERMIT_STATUS_ALLOWS))
@pytest.mark.parametrize("who", ["owner", "clerk", "board member", "inspector"])
def test_each_listed_status_change_is_accepted_and_each_left_out_is_refused(people, status,
                                                                             who):
    def fresh():
        return permit_in(status, UserFactory(), people["clerk"])

    permit = fresh()
    listed = allowed_actions(holder(people, who, permit), f"{PERMITS}{permit.pk}/")

    answers = {change: change_status(holder(people, who, permit), permit, change).status_code
               for change in PERMIT_STATUS_ALLOWS[status] for permit in [fresh()]}

    assert listed == [change for change, code in answers.items() if code == 200], answers
    assert set(answers.values()) <= {200, 403}, answers
