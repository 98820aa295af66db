"""A penalty finding does not stop issuance; the clerk cites its offense on the applicant's
record instead (spec ``lifecycle.md``, "What a failed rule does").

North Andover's ``na.lic.A.timely``: a new dog license applied for more than 30
days after the dog was acquired is issued, and the Licenses A(10) offense
``unlicensed_dog`` is cited on the owner's record.
"""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from dogs.licenses.services import apply_for_dog_license
from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import Case, Citation
from permits_site.enforcement.services.penalties import (
    penalty_rows,
    record_penalty_offense,
    register_penalty,
)
from permits_site.exceptions import DomainError
from permits_site.licensing.models import ApplicationStatus, PermitStatus
from permits_site.licensing.services.applications import (
    approve_application,
    blockers,
    evaluate,
    submit_application,
)
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import issue_permit
from tests.api.conftest import client_for
from tests.dogs.test_license_flow import png_upload
from tests.factories import DogFactory, Role, staff

pytestmark = pytest.mark.django_db

TIMELY = "na.lic.A.timely"
#: Tuesday 16 March 2027; the dog came on 10 January, so its license was due by 9 February.
APPLIED = dt.datetime(2027, 3, 16, 10, 0)
ACQUIRED_LATE = dt.date(2027, 1, 10)
ACQUIRED_RECENTLY = dt.date(2027, 3, 1)


@pytest.fixture(autouse=True)
def _frozen_clock():
    with time_machine.travel(APPLIED, tick=False):
        yield


def submitted_license(dog, clerk, *, acquired_on=ACQUIRED_LATE, rabies_until=dt.date(2029, 1, 1)):
    """A new license applied for today with its rabies certificate accepted and its fee paid."""
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=2027, acquired_on=acquired_on)
    document = upload_document(application=application, uploaded_by=dog.owner,
                               kind="rabies_certificate", upload=png_upload(),
                               valid_until=rabies_until)
    submit_application(application=application, acting_user=dog.owner)
    review_document(document=document, accepted=True, acting_user=clerk)
    invoice = application.invoices.get()
    record_payment(invoice=invoice, method="cash", reference=f"R-{application.pk}",
                   amount=invoice.total, acting_user=clerk)
    return application


@pytest.fixture
def late(dog, clerk):
    return submitted_license(dog, clerk)


def test_a_late_new_license_is_issued_and_its_offense_cited_on_the_owners_record_a10(
    late, clerk, api
):
    timely = next(finding for finding in evaluate(late).findings if finding.rule == TIMELY)
    assert (timely.outcome, timely.consequence) == ("fail", "penalty")
    assert blockers(late) == []

    approve_application(application=late, acting_user=clerk)
    permit = issue_permit(application=late, acting_user=clerk)
    verified = api.get(f"/api/v1/verify/{permit.verification_token}/")
    citation = record_penalty_offense(application=late, rule_id=TIMELY, acting_user=clerk)

    assert permit.status == PermitStatus.ACTIVE
    assert verified.status_code == 200
    assert verified.json()["number"] == permit.number
    assert (citation.offense, citation.offense_number) == ("unlicensed_dog", 1)
    assert citation.amount_per_offense == Decimal("50.00")
    assert citation.citation == "North Andover Code ch. 60, Licenses A(10)"
    case = citation.case
    assert (case.case_type, case.party, case.permit) == (
        "north_andover.unlicensed_dog", late.applicant, permit)
    assert AuditEntry.objects.filter(action="application.penalty_cited",
                                     object_id=late.pk).exists()


def test_a_second_attempt_is_refused_naming_the_rule(late, clerk):
    record_penalty_offense(application=late, rule_id=TIMELY, acting_user=clerk)

    with pytest.raises(DomainError) as refusal:
        record_penalty_offense(application=late, rule_id=TIMELY, acting_user=clerk)

    assert list(refusal.value.errors) == ["rule"]
    assert Citation.objects.count() == 1


def test_a_later_late_license_is_the_owners_second_offense_on_a_new_case(late, clerk, dog):
    first = record_penalty_offense(application=late, rule_id=TIMELY, acting_user=clerk)
    another = submitted_license(DogFactory(owner=dog.owner), clerk)

    second = record_penalty_offense(application=another, rule_id=TIMELY, acting_user=clerk)

    assert second.offense_number == 2
    assert second.amount_per_offense == Decimal("50.00")
    assert second.case != first.case
    assert Case.objects.count() == 2


def test_a_license_on_time_has_no_offense_to_cite(dog, clerk):
    on_time = submitted_license(dog, clerk, acquired_on=ACQUIRED_RECENTLY)

    with pytest.raises(DomainError) as refusal:
        record_penalty_offense(application=on_time, rule_id=TIMELY, acting_user=clerk)

    assert list(refusal.value.errors) == ["rule"]
    assert not Case.objects.exists()


def test_a_failed_rule_that_blocks_is_not_a_penalty(dog, clerk):
    expired = submitted_license(dog, clerk, rabies_until=dt.date(2027, 3, 1))

    with pytest.raises(DomainError):
        record_penalty_offense(application=expired, rule_id="na.lic.A1.rabies",
                               acting_user=clerk)


def test_a_draft_is_not_cited(dog, clerk):
    draft = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                  license_year=2027, acquired_on=ACQUIRED_LATE)

    with pytest.raises(DomainError):
        record_penalty_offense(application=draft, rule_id=TIMELY, acting_user=clerk)

    assert draft.status == ApplicationStatus.DRAFT


def test_a_rule_leads_to_one_offense():
    with pytest.raises(ValueError):
        register_penalty(TIMELY, case_type="north_andover.unlicensed_dog",
                         offense="running_at_large", label="Cite running at large")


# -- the review screen ------------------------------------------------------------------


def rows(application, user):
    return penalty_rows(application, evaluate(application), user=user)


def test_the_review_screen_offers_the_clerk_the_citation_with_its_amount(late, clerk):
    [row] = rows(late, clerk)

    html = render_to_string("includes/penalties.html",
                            {"penalty_rows": [row], "application": late})

    assert row.may_record
    assert row.quote.amount_per_offense == Decimal("50.00")
    assert "Record the Licenses A(10) offense on the owner&#x27;s record" in html
    assert "Pay a citation or ask for a hearing within 21 days." in html


def test_a_board_member_sees_the_penalty_without_the_button(late):
    [row] = rows(late, staff(Role.BOARD_MEMBER, "north_andover"))

    assert not row.may_record


def test_once_cited_the_screen_shows_the_citation_and_its_payment_window(late, clerk):
    citation = record_penalty_offense(application=late, rule_id=TIMELY, acting_user=clerk)
    [row] = rows(late, clerk)

    html = render_to_string("includes/penalties.html",
                            {"penalty_rows": [row], "application": late})

    assert row.citation == citation
    assert row.respond_by == dt.date(2027, 4, 6)
    assert "Pay or ask for a hearing by <strong>April 6, 2027</strong>" in html
    assert "Record the Licenses A(10)" not in html


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_clerk_records_it_from_the_review_screen(late, clerk):
    response = signed_in(clerk).post(f"/staff/applications/{late.pk}/penalties/",
                                      {"rule": TIMELY})

    assert response.status_code == 302
    assert response["Location"] == f"/staff/applications/{late.pk}/"
    assert Citation.objects.get().case.party == late.applicant


def test_the_recorded_citation_and_its_case_are_linked_in_the_message_and_the_panel(
    late, clerk
):
    """Staff reach the citation from the review screen to print or serve it."""
    client = signed_in(clerk)

    page = client.post(f"/staff/applications/{late.pk}/penalties/", {"rule": TIMELY},
                       follow=True).content.decode()

    citation = Citation.objects.get()
    citation_link = f'href="{reverse("enforcement:citation", args=[citation.pk])}"'
    case_link = f'href="{reverse("enforcement:case", args=[citation.case_id])}"'
    assert page.count(citation_link) == 2
    assert page.count(case_link) == 2


def test_the_applicant_cannot_record_an_offense_on_the_page(late):
    response = signed_in(late.applicant).post(f"/staff/applications/{late.pk}/penalties/",
                                               {"rule": TIMELY})

    assert response.status_code == 403
    assert not Citation.objects.exists()


# -- the API ----------------------------------------------------------------------------


def post_penalty(user, application, body):
    return client_for(user).post(f"/api/v1/applications/{application.pk}/penalties/", body,
                                 format="json")


def test_the_api_cites_the_penalty_with_201(late, clerk):
    response = post_penalty(clerk, late, {"rule": TIMELY})

    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["offense"], body["amount_per_offense"], body["rule"]) == (
        "unlicensed_dog", "50.00", TIMELY)
    assert body["respond_by"] == "2027-04-06"
    assert body["case"] == Citation.objects.get().case_id


def test_the_api_refuses_a_second_citation_with_400(late, clerk):
    post_penalty(clerk, late, {"rule": TIMELY})

    response = post_penalty(clerk, late, {"rule": TIMELY})

    assert response.status_code == 400
    assert "rule" in response.json()


@pytest.mark.parametrize("body", [{}, {"rule": 5}, {"rule": TIMELY, "amount": "10.00"}])
def test_malformed_bodies_are_400(late, clerk, body):
    assert post_penalty(clerk, late, body).status_code == 400


def test_only_the_towns_clerk_cites(late):
    assert post_penalty(late.applicant, late, {"rule": TIMELY}).status_code == 403
    board = staff(Role.BOARD_MEMBER, "north_andover")
    assert post_penalty(board, late, {"rule": TIMELY}).status_code == 403
    assert post_penalty(staff(Role.CLERK, "tisbury"), late, {"rule": TIMELY}).status_code == 404
    assert not Citation.objects.exists()
