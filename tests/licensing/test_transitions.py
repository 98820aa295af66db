"""The application's and the permit's allowed transitions, written once
(``permits_site.licensing.transitions``): every service refuses what the table does not
allow and takes what it does; the pages and the API offer the same actions, and a
reviewer's decision is the same from the review screen and from the API."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from django.utils import timezone

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.licensing import transitions
from permits_site.licensing.kinds import kind_for, registered_kind
from permits_site.licensing.models import (
    Application,
    ApplicationStatus,
    Invoice,
    Permit,
    PermitStatus,
)
from permits_site.licensing.services import applications as application_services
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.hearings import schedule_hearing
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import (
    approve_and_issue,
    change_permit_status,
    issue_permit,
)
from permits_site.licensing.services.variances import request_variance
from permits_site.parties.services import find_or_create_property
from tests.declared import GardenPartyKind, declared_permit_type
from tests.factories import Role, UserFactory, municipality, staff
from tests.lifecycle.conftest import SITE_PLAN, party_on

pytestmark = pytest.mark.django_db
S = ApplicationStatus
NEIGHBOURS = "garden.1.neighbours"


class HeardGardenPartyKind(GardenPartyKind):
    """The test garden party, with a variance and a public hearing like a Board's permit."""

    variance_citation = "Test Bylaw §3"
    hearing_notice_days = 7
    hearing_citation = "Test Bylaw §4"


@pytest.fixture
def garden_party(db):
    with declared_permit_type() as permit_type, registered_kind(HeardGardenPartyKind()):
        yield permit_type


@pytest.fixture
def host(db):
    return UserFactory(username="hal", first_name="Hal", last_name="Host")


@pytest.fixture
def clerk(db):
    return staff(Role.CLERK, "north_andover", first_name="Carla", last_name="Clerk")


def party_draft(permit_type, host) -> Application:
    """A party big enough to need the Clerk's determination (more than 50 guests)."""
    place, _ = find_or_create_property(municipality=municipality("north_andover"),
                                       address="3 Elm Street", acting_user=host)
    kind = kind_for(permit_type.code)
    details = kind.parse_details(
        permit_type, {"property": place.pk, "party_date": party_on(), "guests": 120},
        action="new", applicant=host,
    )
    return kind.start_application(applicant=host, permit_type=permit_type, action="new",
                                  details=details, acting_user=host)


def submitted_party(permit_type, host) -> Application:
    application = party_draft(permit_type, host)
    return application_services.submit_application(application=application, acting_user=host)


def ready_party(permit_type, host, clerk, *, reference: str = "R-1") -> Application:
    """Submitted, with nothing left blocking issuance: site plan accepted, fee paid,
    the neighbours' finding determined acceptable."""
    application = submitted_party(permit_type, host)
    document = upload_document(application=application, uploaded_by=host, kind="site_plan",
                               upload=site_plan())
    review_document(document=document, accepted=True, acting_user=clerk)
    invoice = application_services.current_invoice(application)
    record_payment(invoice=invoice, method="cash", reference=reference,
                   amount=Decimal(invoice.total), acting_user=clerk)
    application_services.record_determination(
        application=application, rule_id=NEIGHBOURS, acceptable=True,
        note="Neighbours consulted.", acting_user=clerk,
    )
    application.refresh_from_db()
    return application


def site_plan() -> SimpleUploadedFile:
    with open(SITE_PLAN, "rb") as plan:
        return SimpleUploadedFile("plan.pdf", plan.read(), "application/pdf")


def in_status(application: Application, status: str) -> Application:
    Application.objects.filter(pk=application.pk).update(status=status)
    application.refresh_from_db()
    return application


def outgrowing_its_size_rule(application: Application) -> Application:
    """The party grown past 200 guests: a variance covers only a rule the application fails
    (Northborough §8.2, which the test law's variance follows)."""
    Application.objects.filter(pk=application.pk).update(
        facts={**application.facts, "guests": 250})
    application.refresh_from_db()
    return application


#: What an action needs of the ready party before it is taken (nothing, for most).
PREPARED = {"request_variance": outgrowing_its_size_rule}


def ready_for(action: str, application: Application) -> Application:
    return PREPARED.get(action, lambda ready: ready)(application)


#: Each action of the table, taken through its service.
SERVICES = {
    "edit": lambda application, clerk: application_services.update_draft(
        application=application, facts=application.facts, acting_user=application.applicant),
    "submit": lambda application, clerk: application_services.submit_application(
        application=application, acting_user=application.applicant),
    "withdraw": lambda application, clerk: application_services.withdraw_application(
        application=application, acting_user=application.applicant),
    "start_review": lambda application, clerk: application_services.start_review(
        application=application, acting_user=clerk),
    "request_changes": lambda application, clerk: application_services.request_changes(
        application=application, message="Count the band.", acting_user=clerk),
    "record_review": lambda application, clerk: application_services.record_determination(
        application=application, rule_id=NEIGHBOURS, acceptable=True, note="Quiet by 9 pm.",
        acting_user=clerk),
    "attach_document": lambda application, clerk: upload_document(
        application=application, uploaded_by=application.applicant, kind="site_plan",
        upload=site_plan()),
    "request_variance": lambda application, clerk: request_variance(
        application=application, rule_ids=["garden.2.size"], request_text="A marquee.",
        acting_user=application.applicant),
    "schedule_hearing": lambda application, clerk: schedule_hearing(
        application=application,
        hearing_date=application.municipality.calendar().roll_forward(
            timezone.localdate() + dt.timedelta(days=14)),
        notices_mailed_on=timezone.localdate(), location="Town Hall",
        abutters=[{"name": "Ann Abbot", "mailing_address": "5 Elm Street",
                   "certified_mail_number": "7019 0700 0000 1234 5678"}],
        acting_user=clerk),
    "approve": lambda application, clerk: application_services.approve_application(
        application=application, acting_user=clerk),
    "deny": lambda application, clerk: application_services.deny_application(
        application=application, reason="The garden is too small.", acting_user=clerk),
    "issue": lambda application, clerk: issue_permit(application=application, acting_user=clerk),
    "approve_and_issue": lambda application, clerk: approve_and_issue(
        application=application, acting_user=clerk),
}
CASES = [
    (action, status, status in transition.sources)
    for action, transition in transitions.APPLICATION.transitions.items()
    for status in S.values
]


def test_every_action_of_the_table_has_a_service_under_test():
    assert set(SERVICES) == set(transitions.APPLICATION.transitions)


def snapshot(application: Application) -> dict:
    """Everything a refused action must leave as it was."""
    return {
        "application": Application.objects.filter(pk=application.pk).values().get(),
        "invoices": list(Invoice.objects.filter(application=application)
                         .values_list("pk", "status")),
        "determinations": application.determinations.count(),
        "permits": Permit.objects.count(),
        "audit": AuditEntry.objects.count(),
    }


@pytest.mark.parametrize(("action", "status"), [
    (action, status) for action, status, allowed in CASES if not allowed
])
def test_each_service_refuses_what_the_table_does_not_allow_and_changes_nothing(
    garden_party, host, clerk, action, status
):
    application = ready_for(action, in_status(ready_party(garden_party, host, clerk), status))
    before = snapshot(application)

    with pytest.raises(InvalidTransition) as refused:
        SERVICES[action](application, clerk)

    label = S(status).label.lower()
    assert str(refused.value).startswith(
        f"Cannot {transitions.APPLICATION.transitions[action].doing} an application that is "
        f"{label} (only one that is ")
    assert snapshot(application) == before


@pytest.mark.parametrize(("action", "status"), [
    (action, status) for action, status, allowed in CASES if allowed
])
def test_each_service_takes_what_the_table_allows_with_an_audit_entry(
    garden_party, host, clerk, action, status
):
    application = ready_for(action, in_status(ready_party(garden_party, host, clerk), status))
    audited = AuditEntry.objects.count()

    SERVICES[action](application, clerk)

    application.refresh_from_db()
    assert application.status == (transitions.leads_to(action) or status)
    assert AuditEntry.objects.count() > audited


def test_the_statuses_allow_these_actions():
    allowed = {
        status: transitions.allowed_actions(Application(status=status)) for status in S.values
    }

    assert allowed == {
        S.DRAFT: ["edit", "submit", "withdraw", "attach_document"],
        S.SUBMITTED: ["withdraw", "start_review", "request_changes", "attach_document",
                      "record_review", "request_variance", "schedule_hearing", "approve",
                      "deny", "approve_and_issue"],
        S.UNDER_REVIEW: ["withdraw", "request_changes", "attach_document", "record_review",
                         "request_variance", "schedule_hearing", "approve", "deny",
                         "approve_and_issue"],
        S.APPROVED: ["withdraw", "attach_document", "record_review", "request_variance",
                     "schedule_hearing", "deny", "issue", "approve_and_issue"],
        S.ISSUED: [],
        S.DENIED: [],
        S.WITHDRAWN: [],
    }


def test_a_refusal_names_the_status_and_the_statuses_that_allow_it():
    with pytest.raises(InvalidTransition) as refused:
        transitions.require("withdraw", Application(status=S.ISSUED))

    assert refused.value.errors == {"non_field_errors": [
        "Cannot withdraw an application that is issued "
        "(only one that is draft, submitted, under review or approved)."
    ]}


# -- permits ------------------------------------------------------------------------------------


PERMIT_CHANGES = ("suspend", "reinstate", "revoke")


@pytest.fixture
def permit(garden_party, host, clerk):
    return approve_and_issue(application=ready_party(garden_party, host, clerk),
                             acting_user=clerk)


@pytest.mark.parametrize(("change", "status"), [
    (change, status) for change in PERMIT_CHANGES for status in PermitStatus.values
])
def test_a_permit_changes_status_only_as_the_table_allows(permit, clerk, change, status):
    Permit.objects.filter(pk=permit.pk).update(status=status)
    permit.refresh_from_db()
    audited = AuditEntry.objects.count()
    allowed = transitions.PERMIT.can(change, permit)

    if allowed:
        change_permit_status(permit=permit, change=change, reason="Noise.", acting_user=clerk)
    else:
        with pytest.raises(InvalidTransition, match=f"^Cannot {change} a permit that is"):
            change_permit_status(permit=permit, change=change, reason="Noise.",
                                 acting_user=clerk)

    permit.refresh_from_db()
    assert permit.status == (transitions.PERMIT.leads_to(change) if allowed else status)
    assert AuditEntry.objects.count() == audited + allowed


def test_suspension_is_allowed_only_from_active():
    assert [status for status in PermitStatus.values
            if transitions.PERMIT.can("suspend", Permit(status=status))] == [PermitStatus.ACTIVE]


# -- approve and issue: one service, one transaction -----------------------------------------


def test_approve_and_issue_approves_then_issues_with_both_audit_entries(
    garden_party, host, clerk
):
    application = ready_party(garden_party, host, clerk)

    permit = approve_and_issue(application=application, acting_user=clerk)

    application.refresh_from_db()
    assert application.status == S.ISSUED
    assert permit.application == application
    assert list(AuditEntry.objects.filter(action__in=["application.approved", "permit.issued"])
                .order_by("pk").values_list("action", "actor")) == [
        ("application.approved", clerk.pk), ("permit.issued", clerk.pk)]


def test_approve_and_issue_issues_an_application_already_approved(garden_party, host, clerk):
    application = application_services.approve_application(
        application=ready_party(garden_party, host, clerk), acting_user=clerk)

    permit = approve_and_issue(application=application, acting_user=clerk)

    assert permit.number.startswith("GPP-")
    assert AuditEntry.objects.filter(action="application.approved").count() == 1


def test_approve_and_issue_refused_for_a_blocker_leaves_the_application_submitted(
    garden_party, host, clerk
):
    application = submitted_party(garden_party, host)

    with pytest.raises(InvalidTransition) as refused:
        approve_and_issue(application=application, acting_user=clerk)

    application.refresh_from_db()
    assert any("is not paid" in message for message in refused.value.errors["non_field_errors"])
    assert application.status == S.SUBMITTED
    assert not AuditEntry.objects.filter(action="application.approved").exists()
    assert not Permit.objects.exists()


# -- the pages and the API offer what the table allows ------------------------------------------


def test_the_api_shows_the_applicant_the_actions_the_status_leaves_them(
    api, garden_party, host, clerk
):
    application = party_draft(garden_party, host)
    api.force_authenticate(host)
    url = f"/api/v1/applications/{application.pk}/"

    as_draft = api.get(url).json()["allowed_actions"]
    api.post(f"{url}submit/")
    as_submitted = api.get(url).json()["allowed_actions"]
    listed = api.get("/api/v1/applications/").json()["results"][0]["allowed_actions"]

    assert as_draft == ["edit", "submit", "withdraw", "attach_document"]
    assert as_submitted == listed == ["withdraw", "attach_document", "request_variance"]


def test_the_applicants_page_offers_submit_only_to_a_draft(client, garden_party, host):
    application = party_draft(garden_party, host)
    client.force_login(host)
    url = reverse("licensing:application", args=[application.pk])

    as_draft = client.get(url).content.decode()
    in_status(application, S.SUBMITTED)
    as_submitted = client.get(url).content.decode()

    assert "Submit application" in as_draft and "Change your application" in as_draft
    assert "Submit application" not in as_submitted
    assert "Change your application" not in as_submitted
    assert "Withdraw" in as_submitted


def test_the_review_screen_offers_only_the_decisions_the_status_allows(
    client, garden_party, host, clerk
):
    application = ready_party(garden_party, host, clerk)
    client.force_login(clerk)
    url = reverse("licensing:review", args=[application.pk])

    submitted = client.get(url).content.decode()
    in_status(application, S.APPROVED)
    approved = client.get(url).content.decode()
    in_status(application, S.DENIED)
    denied = client.get(url).content.decode()

    assert "Start review" in submitted and "Request changes" in submitted
    assert "Start review" not in approved and "Request changes" not in approved
    assert "Approve and issue license" in approved
    assert "Decision" not in denied


# -- one review decision dispatch for the web and the API --------------------------------------


DECISIONS = [
    ("start", {}),
    ("approve", {}),
    ("deny", {"reason": "The garden is too small."}),
    ("request_changes", {"message": "Count the band."}),
]


def decided_by_web(client, application, clerk, decision, body) -> Application:
    client.force_login(clerk)
    client.post(reverse("licensing:decide", args=[application.pk, decision]), body)
    return Application.objects.get(pk=application.pk)


def decided_by_api(api, application, clerk, decision, body) -> Application:
    api.force_authenticate(clerk)
    response = api.post(f"/api/v1/applications/{application.pk}/review/",
                        {"decision": decision, **body}, format="json")
    assert response.status_code == 200, response.content
    return Application.objects.get(pk=application.pk)


def outcome(application: Application) -> tuple:
    actions = AuditEntry.objects.filter(object_id=application.pk,
                                        action__startswith="application.")
    return (application.status, application.changes_requested, application.decision_reason,
            actions.order_by("-pk").values_list("action", flat=True).first())


@pytest.mark.parametrize(("decision", "body"), DECISIONS)
def test_a_decision_has_the_same_result_from_the_review_screen_and_the_api(
    client, api, garden_party, host, clerk, decision, body
):
    by_web = decided_by_web(client, ready_party(garden_party, host, clerk, reference="W"),
                            clerk, decision, body)
    by_api = decided_by_api(api, ready_party(garden_party, host, clerk, reference="A"),
                            clerk, decision, body)

    assert outcome(by_web) == outcome(by_api)
    assert by_web.status != S.SUBMITTED


def test_a_refused_decision_gives_the_same_words_on_the_review_screen_and_in_the_api(
    client, api, garden_party, host, clerk
):
    application = in_status(ready_party(garden_party, host, clerk), S.APPROVED)
    client.force_login(clerk)
    api.force_authenticate(clerk)

    page = client.post(reverse("licensing:decide", args=[application.pk, "request_changes"]),
                       {"message": "Count the band."}, follow=True)
    response = api.post(f"/api/v1/applications/{application.pk}/review/",
                        {"decision": "request_changes", "message": "Count the band."},
                        format="json")

    refusal = response.json()["non_field_errors"][0]
    assert response.status_code == 400
    assert refusal.startswith("Cannot request changes to an application that is approved")
    assert [str(message) for message in page.context["messages"]] == [refusal]
    assert Application.objects.get(pk=application.pk).status == S.APPROVED


def test_an_unknown_decision_is_refused_naming_the_decision(garden_party, host, clerk):
    application = ready_party(garden_party, host, clerk)

    with pytest.raises(DomainError) as refused:
        application_services.decide_review(application=application, decision="rubber_stamp",
                                           acting_user=clerk)

    assert list(refused.value.errors) == ["decision"]


def test_approve_and_issue_evaluates_the_blockers_once(garden_party, host, clerk, monkeypatch):
    """Approval refuses on every blocker with the application locked until issued, so the
    clerk's one step (and the renewal season's hundreds of them) judges them once."""
    application = ready_party(garden_party, host, clerk)
    evaluated = []
    counted = application_services.blockers
    monkeypatch.setattr(application_services, "blockers",
                        lambda *args, **kwargs: evaluated.append(1) or counted(*args, **kwargs))

    permit = approve_and_issue(application=application, acting_user=clerk)

    assert permit.application_id == application.pk
    assert len(evaluated) == 1

