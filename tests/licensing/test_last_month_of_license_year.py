"""Issuing an annual permit in its license year's last month: the clerk is told the permit runs
only to the year's end, citing its section, and — where the law lets one apply ahead, as
North Andover's dog licenses from December 1 (Licenses A(7), A(8); spec ``lifecycle.md``) —
is offered to issue for the next license year instead, on the review screen and in the API."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from dogs.licenses.services import apply_for_dog_license
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import ApplicationStatus, Permit
from permits_site.licensing.services.applications import approve_application, submit_application
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import approve_and_issue, issue_permit
from permits_site.rules.calendar import in_last_month
from tests.declared import declared_permit_type
from tests.dogs.test_license_flow import licensed, png_upload
from tests.factories import ApplicationFactory, DogFactory, PropertyFactory, municipality
from tests.tisbury.support import client_for

pytestmark = pytest.mark.django_db
DEC_10_2026 = dt.datetime(2026, 12, 10, 10, 0)
NOV_30_2026 = dt.datetime(2026, 11, 30, 10, 0)


@pytest.mark.parametrize(("on", "expected"), [
    pytest.param(dt.date(2026, 11, 30), False, id="the-day-before-the-last-month"),
    pytest.param(dt.date(2026, 12, 1), True, id="the-last-months-first-day"),
    pytest.param(dt.date(2026, 12, 31), True, id="the-terms-last-day"),
    pytest.param(dt.date(2027, 1, 1), False, id="after-the-term"),
    pytest.param(dt.date(2025, 12, 15), False, id="december-a-year-before"),
])
def test_in_last_month_is_the_terms_last_calendar_month(on, expected):
    assert in_last_month(on=on, term_ends=dt.date(2026, 12, 31)) is expected


def test_a_term_ending_mid_month_has_its_last_month_from_the_first():
    ends = dt.date(2027, 6, 14)
    assert not in_last_month(on=dt.date(2027, 5, 31), term_ends=ends)
    assert in_last_month(on=dt.date(2027, 6, 1), term_ends=ends)
    assert in_last_month(on=ends, term_ends=ends)
    assert not in_last_month(on=dt.date(2027, 6, 15), term_ends=ends)


# -- a dog license: the next license year is sold from December 1 (Licenses A(7), A(8)) ------


def paid_dog_license(clerk, *, year: int):
    """A new license for a dog acquired this autumn, its rabies proof accepted and paid."""
    dog = DogFactory(name="Biscuit", breed="Beagle")
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=year, acquired_on=dt.date(2026, 11, 20))
    document = upload_document(application=application, uploaded_by=dog.owner,
                               kind="rabies_certificate", upload=png_upload(),
                               valid_until=dt.date(2029, 1, 1))
    submit_application(application=application, acting_user=dog.owner)
    review_document(document=document, accepted=True, acting_user=clerk)
    invoice = application.invoices.get()
    record_payment(invoice=invoice, method="cash", reference=f"R-{application.pk}",
                   amount=invoice.total, acting_user=clerk)
    application.refresh_from_db()
    return application


@time_machine.travel(DEC_10_2026, tick=False)
def test_a_dog_license_issued_in_december_tells_its_end_and_offers_next_year(clerk):
    application = paid_dog_license(clerk, year=2026)

    notice = kind_for(application.permit_type.code).year_end_notice(
        application, on=DEC_10_2026.date())

    assert notice.runs_through == dt.date(2026, 12, 31)
    assert "Licenses A(7)" in notice.citation
    assert notice.next_year == 2027


def test_a_late_renewal_is_told_its_end_but_not_moved_to_next_year_a8(clerk):
    """Its invoice holds this year's late fee: next year's license is applied for anew."""
    dog = DogFactory()
    with time_machine.travel(dt.datetime(2025, 3, 10, 15, 0), tick=False):
        licensed(dog, clerk, year=2025)
    with time_machine.travel(DEC_10_2026, tick=False):
        application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="renewal",
                                            license_year=2026)
        upload_document(application=application, uploaded_by=dog.owner,
                        kind="rabies_certificate", upload=png_upload(),
                        valid_until=dt.date(2029, 1, 1))
        submit_application(application=application, acting_user=dog.owner)
        assert application.invoices.get().lines.filter(code="late_fee").exists()

        notice = kind_for(application.permit_type.code).year_end_notice(
            application, on=DEC_10_2026.date())

    assert notice.runs_through == dt.date(2026, 12, 31)
    assert notice.next_year is None


@time_machine.travel(NOV_30_2026, tick=False)
def test_no_notice_before_the_last_month(clerk):
    application = paid_dog_license(clerk, year=2026)

    assert kind_for(application.permit_type.code).year_end_notice(
        application, on=NOV_30_2026.date()) is None


@time_machine.travel(DEC_10_2026, tick=False)
def test_issuing_a_dog_license_for_the_next_year_runs_all_of_it(clerk):
    application = paid_dog_license(clerk, year=2026)
    approve_application(application=application, acting_user=clerk)

    permit = issue_permit(application=application, acting_user=clerk, next_license_year=True)

    assert (permit.valid_from, permit.valid_through) == (dt.date(2027, 1, 1),
                                                         dt.date(2027, 12, 31))
    assert permit.year == 2027
    assert permit.number.startswith("DOG-2027-")
    assert permit.dog_tags.get().year == 2027
    application.refresh_from_db()
    assert application.dog_license.license_year == 2027
    entry = AuditEntry.objects.get(action="permit.issued", object_id=permit.pk)
    assert entry.after["license_year"] == 2027


@time_machine.travel(DEC_10_2026, tick=False)
def test_issuing_this_years_dog_license_in_december_runs_to_december_31(clerk):
    application = paid_dog_license(clerk, year=2026)

    permit = approve_and_issue(application=application, acting_user=clerk)

    assert (permit.valid_from, permit.valid_through) == (dt.date(2026, 12, 10),
                                                         dt.date(2026, 12, 31))


@time_machine.travel(NOV_30_2026, tick=False)
def test_the_next_year_is_refused_before_it_is_on_sale_and_nothing_is_issued(clerk):
    application = paid_dog_license(clerk, year=2026)

    with pytest.raises(DomainError, match="next license year"):
        approve_and_issue(application=application, acting_user=clerk, next_license_year=True)

    application.refresh_from_db()
    assert application.status == ApplicationStatus.SUBMITTED
    assert not Permit.objects.filter(application=application).exists()


@time_machine.travel(DEC_10_2026, tick=False)
def test_the_review_screen_tells_the_end_and_offers_the_next_year(client, clerk):
    application = paid_dog_license(clerk, year=2026)
    client.force_login(clerk)

    page = client.get(reverse("licensing:review", args=[application.pk])).content.decode()

    assert "This permit runs only to December 31, 2026 (" in page
    assert "Licenses A(7)" in page
    assert "Approve and issue for 2027" in page
    assert 'name="next_license_year"' in page


@time_machine.travel(DEC_10_2026, tick=False)
def test_the_clerk_issues_for_the_next_year_from_the_review_screen(client, clerk):
    application = paid_dog_license(clerk, year=2026)
    client.force_login(clerk)

    response = client.post(reverse("licensing:issue", args=[application.pk]),
                           {"next_license_year": "1"})

    assert response.status_code == 302
    permit = Permit.objects.get(application=application)
    assert permit.valid_through == dt.date(2027, 12, 31)


@time_machine.travel(NOV_30_2026, tick=False)
def test_no_notice_on_the_review_screen_before_december(client, clerk):
    application = paid_dog_license(clerk, year=2026)
    client.force_login(clerk)

    page = client.get(reverse("licensing:review", args=[application.pk])).content.decode()

    assert "runs only to" not in page
    assert "next_license_year" not in page


@time_machine.travel(DEC_10_2026, tick=False)
def test_the_api_issues_for_the_next_license_year(clerk):
    application = paid_dog_license(clerk, year=2026)
    approve_application(application=application, acting_user=clerk)

    response = client_for(clerk).post("/api/v1/permits/", {
        "application": application.pk, "next_license_year": True}, format="json")

    assert response.status_code == 201, response.content
    assert response.json()["valid_through"] == "2027-12-31"


@time_machine.travel(NOV_30_2026, tick=False)
def test_the_api_refuses_the_next_year_before_it_is_on_sale_naming_the_field(clerk):
    application = paid_dog_license(clerk, year=2026)
    approve_application(application=application, acting_user=clerk)

    response = client_for(clerk).post("/api/v1/permits/", {
        "application": application.pk, "next_license_year": True}, format="json")

    assert response.status_code == 400, response.content
    assert "next_license_year" in response.content.decode()
    assert not Permit.objects.filter(application=application).exists()


def test_the_schema_documents_the_next_license_year_choice(client):
    schema = client.get("/api/v1/schema/",
                        HTTP_ACCEPT="application/vnd.oai.openapi+json").json()

    issue = schema["components"]["schemas"]["PermitIssueRequest"]
    assert "next_license_year" in issue["properties"]
    assert issue["properties"]["next_license_year"]["description"]


# -- an annual permit whose law sets no day to apply ahead: told, not offered ---------------


@time_machine.travel(DEC_10_2026, tick=False)
def test_a_calendar_year_permit_is_told_its_end_but_offered_no_next_year(client, clerk):
    with declared_permit_type() as garden_party:
        application = ApplicationFactory(
            permit_type=garden_party, municipality=municipality("north_andover"),
            place=PropertyFactory(), status=ApplicationStatus.APPROVED)
        kind = kind_for(garden_party.code)

        notice = kind.year_end_notice(application, on=DEC_10_2026.date())

        assert notice.runs_through == dt.date(2026, 12, 31)
        assert notice.citation == "Test Bylaw §1"
        assert notice.next_year is None
        with pytest.raises(DomainError, match="next license year"):
            issue_permit(application=application, acting_user=clerk, next_license_year=True)
