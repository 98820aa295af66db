"""No one acts for the town on their own matter: a member of staff who applied — or whose
business applied — takes none of the office's steps on that application (its payment, its
documents' decisions, its review, approval and issuing). The services refuse and change
nothing, the review screen offers no step and says why, its forms and the API refuse with
the same sentence; another member of the town's staff takes every step. A clerk still
applies for their own license as a resident and starts one for someone else at the counter.
The Board's relief and the hearing: tests/licensing/test_own_application_relief.py; the
bylaw apps' own office steps: tests/stables/test_own_application_sign_offs.py and
tests/tisbury/test_own_application_office_records.py; flagged online payments:
tests/online_payments/test_own_application_flags.py.
"""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from dogs.licenses.services import apply_for_dog_license
from permits_site.accounts import permissions
from permits_site.accounts.models import Role
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import PermissionDenied
from permits_site.licensing.models import (
    ApplicationStatus,
    DocumentStatus,
    InvoiceStatus,
    Payment,
    Permit,
)
from permits_site.licensing.services.applications import (
    approve_application,
    decide_review,
    deny_application,
    record_determination,
    request_changes,
    start_review,
    submit_application,
)
from permits_site.licensing.services.bulk import issue_many
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import approve_and_issue, issue_permit
from tests.api.conftest import client_for
from tests.dogs.test_license_flow import ACQUIRED, png_upload
from tests.factories import (
    ApplicationFactory,
    BusinessMemberFactory,
    DogFactory,
    staff,
)
from tests.licensing.test_pages import FEB_2027, submitted
from tests.own_application import OWN, OWN_ON_PAGE

pytestmark = pytest.mark.django_db

#: What the review screen offers the town's clerk on a submitted application.
OFFERED = ("Approve and issue license", "Record payment", "Start review", "Request changes",
           ">Deny</button>", 'name="decision" value="accept"', 'name="decision" value="reject"')


@pytest.fixture(autouse=True)
def _february():
    with time_machine.travel(FEB_2027, tick=False):
        yield


@pytest.fixture
def own(clerk):
    """The clerk's own dog license application, made and submitted as a resident."""
    return submitted(DogFactory(owner=clerk, name="Rex"))


@pytest.fixture
def colleague(db):
    """Another clerk of the same town."""
    return staff(Role.CLERK, "north_andover", first_name="Colin", last_name="Colleague")


# -- the office's steps, each as a service call -------------------------------------------


def pay(application, user):
    invoice = application.invoices.get()
    return record_payment(invoice=invoice, method="cash", reference=f"R-{application.pk}",
                          amount=invoice.total, acting_user=user)


def accept_documents(application, user):
    for document in application.documents.all():
        review_document(document=document, accepted=True, acting_user=user)


def ready(application, user):
    """Documents accepted and fee paid by ``user``: nothing blocks approval."""
    accept_documents(application, user)
    pay(application, user)


def approved(application, user):
    ready(application, user)
    approve_application(application=application, acting_user=user)


#: Each step: (what ``colleague`` does first so that the step may be taken, the step).
STEPS = {
    "record a payment": (None, pay),
    "accept a document": (None, accept_documents),
    "refuse a document": (None, lambda application, user: review_document(
        document=application.documents.get(), accepted=False, reason="Unreadable.",
        acting_user=user)),
    "start the review": (None, lambda application, user: start_review(
        application=application, acting_user=user)),
    "request changes": (None, lambda application, user: request_changes(
        application=application, message="Add the breed.", acting_user=user)),
    "deny": (None, lambda application, user: deny_application(
        application=application, reason="Not a dog of this town.", acting_user=user)),
    "approve": (ready, lambda application, user: approve_application(
        application=application, acting_user=user)),
    "approve through the review decision": (ready, lambda application, user: decide_review(
        application=application, decision="approve", acting_user=user)),
    "approve and issue": (ready, lambda application, user: approve_and_issue(
        application=application, acting_user=user)),
    "issue": (approved, lambda application, user: issue_permit(
        application=application, acting_user=user)),
}


def state(application) -> tuple:
    """Everything a step could change: the status, the invoice, its payments, the documents'
    decisions, the permit and the audit log."""
    application.refresh_from_db()
    invoice = application.invoices.get()
    return (application.status, invoice.status, Payment.objects.filter(invoice=invoice).count(),
            sorted(application.documents.values_list("status", flat=True)),
            Permit.objects.filter(application=application).exists(), AuditEntry.objects.count())


@pytest.mark.parametrize("step", list(STEPS))
def test_the_service_refuses_a_clerk_their_own_application_and_changes_nothing(
        own, clerk, colleague, step):
    prepare, take = STEPS[step]
    if prepare:
        prepare(own, colleague)
    before = state(own)

    with pytest.raises(PermissionDenied) as refused:
        take(own, clerk)

    assert str(refused.value) == OWN
    assert state(own) == before


def test_a_refused_payment_leaves_the_invoice_unpaid(own, clerk):
    with pytest.raises(PermissionDenied, match="You applied for this"):
        pay(own, clerk)

    invoice = own.invoices.get()
    assert invoice.status == InvoiceStatus.OPEN
    assert not invoice.payments.exists()
    assert not AuditEntry.objects.filter(action="payment.recorded").exists()
    own.refresh_from_db()
    assert own.status == ApplicationStatus.SUBMITTED


def test_a_determination_on_ones_own_application_is_refused_first(own, clerk):
    before = state(own)

    with pytest.raises(PermissionDenied, match="You applied for this"):
        record_determination(application=own, rule_id="na.lic.A1.rabies", acceptable=True,
                             note="Seen it.", acting_user=clerk)

    assert state(own) == before


@pytest.mark.parametrize("step", list(STEPS))
def test_another_clerk_of_the_town_takes_each_step(own, colleague, step):
    prepare, take = STEPS[step]
    if prepare:
        prepare(own, colleague)
    before = state(own)

    take(own, colleague)

    assert state(own) != before


def test_another_clerk_issues_it_from_start_to_finish(own, colleague):
    ready(own, colleague)

    permit = approve_and_issue(application=own, acting_user=colleague)

    assert permit.holder == own.applicant
    assert permit.issued_by == colleague


def test_the_renewal_seasons_batch_lists_ones_own_application_as_refused(own, clerk):
    ready(own, staff(Role.CLERK, "north_andover"))

    result = issue_many(applications=[own], acting_user=clerk)

    assert result.issued_count == 0
    assert [refusal.reason for refusal in result.refused] == [OWN]


def test_a_member_of_the_business_that_applied_is_refused_too(clerk):
    member = BusinessMemberFactory(user=clerk)
    application = ApplicationFactory(business=member.business,
                                     status=ApplicationStatus.SUBMITTED)

    with pytest.raises(PermissionDenied) as refused:
        start_review(application=application, acting_user=clerk)

    assert str(refused.value) == ("Your business applied for this: another member of the "
                                  "town's staff reviews it.")
    assert permissions.permitted_actions(clerk, application) == ["withdraw", "attach_document",
                                                                 "request_variance"]


# -- what a clerk may still do ---------------------------------------------------------------


def test_a_clerk_pays_their_own_fee_online(own, clerk):
    """The provider's signed webhook records the clerk's own card payment: they paid it, no
    member of staff recorded it."""
    invoice = own.invoices.get()

    record_payment(invoice=invoice, method="card", reference="pi_own", amount=invoice.total,
                   acting_user=clerk, online=True)

    invoice.refresh_from_db()
    assert invoice.status == InvoiceStatus.PAID


def test_a_clerk_still_starts_and_submits_an_application_at_the_counter(clerk, resident):
    application = apply_for_dog_license(applicant=resident, dog=DogFactory(owner=resident),
                                        action="new", license_year=2027, acquired_on=ACQUIRED,
                                        acting_user=clerk)
    document = upload_document(application=application, uploaded_by=clerk,
                               kind="rabies_certificate", upload=png_upload(),
                               valid_until=dt.date(2029, 1, 1))

    submit_application(application=application, acting_user=clerk)
    review_document(document=document, accepted=True, acting_user=clerk)
    start_review(application=application, acting_user=clerk)

    application.refresh_from_db()
    assert application.status == ApplicationStatus.UNDER_REVIEW
    document.refresh_from_db()
    assert document.status == DocumentStatus.ACCEPTED


# -- the review screen -----------------------------------------------------------------------


def review_page(client, user, application) -> str:
    client.force_login(user)
    response = client.get(reverse("licensing:review", args=[application.pk]))
    assert response.status_code == 200
    return response.content.decode()


def test_the_review_screen_offers_no_step_and_says_why(client, own, clerk):
    page = review_page(client, clerk, own)

    assert OWN_ON_PAGE in page
    for offered in OFFERED:
        assert offered not in page, offered


def test_another_clerk_is_offered_every_step(client, own, colleague):
    page = review_page(client, colleague, own)

    assert OWN_ON_PAGE not in page
    for offered in OFFERED:
        assert offered in page, offered


PAGE_POSTS = {
    "issue": lambda application: (reverse("licensing:issue", args=[application.pk]), {}),
    "payment": lambda application: (reverse("licensing:payment", args=[application.pk]),
                                    {"method": "cash", "reference": "R-1", "amount": "10.00"}),
    "start": lambda application: (reverse("licensing:decide", args=[application.pk, "start"]),
                                  {}),
    "approve": lambda application: (
        reverse("licensing:decide", args=[application.pk, "approve"]), {}),
    "deny": lambda application: (reverse("licensing:decide", args=[application.pk, "deny"]),
                                 {"reason": "No."}),
    "request_changes": lambda application: (
        reverse("licensing:decide", args=[application.pk, "request_changes"]),
        {"message": "Add the breed."}),
    "document": lambda application: (
        reverse("licensing:document_decision", args=[application.documents.get().pk]),
        {"decision": "accept"}),
    "determination": lambda application: (
        reverse("licensing:review", args=[application.pk]),
        {"action": "determination", "finding": "0", "determine-0-rule": "na.lic.A1.rabies",
         "determine-0-acceptable": "True", "determine-0-note": "Seen."}),
}


@pytest.mark.parametrize("post", list(PAGE_POSTS))
def test_posting_a_step_on_the_page_is_refused_saying_why(client, own, clerk, post):
    url, data = PAGE_POSTS[post](own)
    before = state(own)
    client.force_login(clerk)

    response = client.post(url, data)

    assert response.status_code == 403
    page = response.content.decode()
    assert OWN_ON_PAGE in page
    assert "administrator gives the" not in page  # no role to ask for: they hold it
    assert state(own) == before


# -- the API ---------------------------------------------------------------------------------

APPLICATION = "/api/v1/applications/{pk}/"

API_POSTS = {
    "start": lambda application: (f"/api/v1/applications/{application.pk}/review/",
                                  {"decision": "start"}),
    "approve": lambda application: (f"/api/v1/applications/{application.pk}/review/",
                                    {"decision": "approve"}),
    "deny": lambda application: (f"/api/v1/applications/{application.pk}/review/",
                                 {"decision": "deny", "reason": "No."}),
    "request_changes": lambda application: (f"/api/v1/applications/{application.pk}/review/",
                                            {"decision": "request_changes",
                                             "message": "Add the breed."}),
    "determination": lambda application: (
        f"/api/v1/applications/{application.pk}/determinations/",
        {"rule": "na.lic.A1.rabies", "acceptable": True, "note": "Seen."}),
    "document": lambda application: (
        f"/api/v1/documents/{application.documents.get().pk}/review/", {"accepted": True}),
    "payment": lambda application: ("/api/v1/payments/", {
        "invoice": application.invoices.get().pk, "method": "cash", "reference": "R-1",
        "amount": str(application.invoices.get().total)}),
    "issue": lambda application: ("/api/v1/permits/", {"application": application.pk}),
}


@pytest.mark.parametrize("post", list(API_POSTS))
def test_the_api_answers_403_saying_why(own, clerk, colleague, post):
    if post == "issue":
        approved(own, colleague)
    url, body = API_POSTS[post](own)
    before = state(own)

    response = client_for(clerk).post(url, body, format="json")

    assert response.status_code == 403
    assert response.json() == {"detail": OWN}
    assert state(own) == before


def test_the_api_lists_only_the_applicants_own_actions(own, clerk, colleague):
    mine = client_for(clerk).get(APPLICATION.format(pk=own.pk)).json()["allowed_actions"]
    theirs = client_for(colleague).get(APPLICATION.format(pk=own.pk)).json()["allowed_actions"]

    assert mine == ["withdraw", "attach_document", "request_variance"]
    assert {"start_review", "request_changes", "record_review", "schedule_hearing", "approve",
            "deny", "approve_and_issue"} <= set(theirs)


def test_another_clerk_takes_the_steps_through_the_api(own, colleague):
    api = client_for(colleague)
    document = own.documents.get()
    invoice = own.invoices.get()

    answers = [
        api.post(f"/api/v1/documents/{document.pk}/review/", {"accepted": True},
                 format="json").status_code,
        api.post("/api/v1/payments/", {"invoice": invoice.pk, "method": "cash",
                                       "reference": "R-9", "amount": str(invoice.total)},
                 format="json").status_code,
        api.post(f"/api/v1/applications/{own.pk}/review/", {"decision": "approve"},
                 format="json").status_code,
        api.post("/api/v1/permits/", {"application": own.pk}, format="json").status_code,
    ]

    assert answers == [200, 201, 200, 201]
