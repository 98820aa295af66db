"""The renewal season at volume: many paid renewals issued in one action, each on its own."""

import datetime as dt

import pytest
import time_machine
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from dogs.licenses.services import apply_for_dog_license
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import PermissionDenied
from permits_site.licensing.models import Application, ApplicationStatus, Permit, PermitStatus
from permits_site.licensing.services.applications import approve_application, submit_application
from permits_site.licensing.services.bulk import issue_many
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.payments import record_payment
from tests.clients import queries_of
from tests.dogs.test_license_flow import licensed, png_upload
from tests.factories import DogFactory, Role, staff

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)


def paid_renewal(clerk, *, accept_rabies=True, approve=False):
    """A 2026 license, then its 2027 renewal submitted and paid (rabies proof accepted
    unless told otherwise). The 2026 certificate runs out on December 31, so the renewal
    takes a new one (Licenses A(1))."""
    dog = DogFactory()
    with time_machine.travel(dt.datetime(2026, 3, 10, 15, 0), tick=False):
        licensed(dog, clerk, year=2026, rabies_until=dt.date(2026, 12, 31))
    application = apply_for_dog_license(
        applicant=dog.owner, dog=dog, action="renewal", license_year=2027
    )
    document = upload_document(
        application=application,
        uploaded_by=dog.owner,
        kind="rabies_certificate",
        upload=png_upload(),
        valid_until=dt.date(2029, 1, 1),
    )
    submit_application(application=application, acting_user=dog.owner)
    if accept_rabies:
        review_document(document=document, accepted=True, acting_user=clerk)
    invoice = application.invoices.get()
    record_payment(invoice=invoice, method="cash", reference=f"RN-{application.pk}",
                   amount=invoice.total, acting_user=clerk)
    if approve:
        approve_application(application=application, acting_user=clerk)
    application.refresh_from_db()
    return application


def permit_issued_entries(permits):
    return AuditEntry.objects.filter(
        action="permit.issued",
        content_type=ContentType.objects.get_for_model(Permit),
        object_id__in=[permit.pk for permit in permits],
    )


@time_machine.travel(FEB_2027, tick=False)
def test_issue_many_issues_three_and_refuses_the_unaccepted_rabies_proof_a1(clerk):
    ready = [paid_renewal(clerk), paid_renewal(clerk, approve=True), paid_renewal(clerk)]
    pending_proof = paid_renewal(clerk, accept_rabies=False)

    result = issue_many(applications=[*ready[:2], pending_proof, ready[2]], acting_user=clerk)

    assert result.issued_count == 3
    assert [permit.application_id for permit in result.issued] == [a.pk for a in ready]
    assert all(permit.status == PermitStatus.ACTIVE for permit in result.issued)
    [refusal] = result.refused
    assert refusal.application_id == pending_proof.pk
    assert "Rabies" in refusal.reason and "not been accepted" in refusal.reason
    pending_proof.refresh_from_db()
    assert pending_proof.status == ApplicationStatus.SUBMITTED
    assert not Permit.objects.filter(application=pending_proof).exists()
    assert permit_issued_entries(result.issued).count() == 3
    batch = AuditEntry.objects.get(action="permit.bulk_issued")
    assert batch == result.audit_entry
    assert batch.actor == clerk
    assert [row["number"] for row in batch.after["issued"]] == [
        permit.number for permit in result.issued
    ]
    assert batch.after["refused"][0]["application"] == pending_proof.pk


@time_machine.travel(FEB_2027, tick=False)
def test_one_refusal_does_not_undo_the_licenses_issued_before_it(clerk):
    first = paid_renewal(clerk)
    issue_many(applications=[first], acting_user=clerk)

    result = issue_many(applications=[first, paid_renewal(clerk)], acting_user=clerk)

    assert result.issued_count == 1
    assert "Cannot approve and issue an application that is issued" in result.refused[0].reason
    assert Permit.objects.filter(application=first).count() == 1


@time_machine.travel(FEB_2027, tick=False)
def test_issue_many_is_refused_to_another_towns_clerk(clerk):
    application = paid_renewal(clerk)

    with pytest.raises(PermissionDenied):
        issue_many(applications=[application], acting_user=staff(Role.CLERK, "tisbury"))

    assert not AuditEntry.objects.filter(action="permit.bulk_issued").exists()


@time_machine.travel(FEB_2027, tick=False)
def test_clerk_selects_renewals_on_the_page_and_issues_them(client, clerk):
    chosen = [paid_renewal(clerk), paid_renewal(clerk)]
    left = paid_renewal(clerk)
    client.force_login(clerk)
    url = reverse("dogs:renewal_season")

    page = client.get(url, {"year": 2027})
    assert page.status_code == 200
    for application in (*chosen, left):
        assert f'value="{application.pk}"' in page.content.decode()

    response = client.post(
        reverse("dogs:issue_renewals"),
        {"year": 2027, "scope": "selected", "application": [a.pk for a in chosen],
         "on_page": [a.pk for a in (*chosen, left)]},
    )
    assert response.status_code == 302
    assert "batch=" in response.url

    result = client.get(response.url)
    text = result.content.decode()
    assert "Issued 2, refused 0" in text
    assert "license PDFs" in text
    assert Application.objects.get(pk=left.pk).status == ApplicationStatus.SUBMITTED
    assert all(Permit.objects.filter(application=a).exists() for a in chosen)


@time_machine.travel(FEB_2027, tick=False)
def test_issue_all_on_this_page_shows_each_refusal_with_its_reason(client, clerk):
    ready = paid_renewal(clerk)
    refused = paid_renewal(clerk, accept_rabies=False)
    client.force_login(clerk)

    response = client.post(
        reverse("dogs:issue_renewals"),
        {"year": 2027, "scope": "page", "on_page": [ready.pk, refused.pk]},
        follow=True,
    )

    text = response.content.decode()
    assert "Issued 1, refused 1" in text
    assert f"Application #{refused.pk}" in text
    assert "has not been accepted yet" in text
    batch = AuditEntry.objects.get(action="permit.bulk_issued")
    status = client.get(reverse("dogs:batch_pdf_status", args=[batch.pk]))
    assert status.status_code == 200
    assert 'id="pdf-status"' in status.content.decode()


@time_machine.travel(FEB_2027, tick=False)
def test_nothing_selected_issues_nothing(client, clerk):
    paid_renewal(clerk)
    client.force_login(clerk)

    response = client.post(
        reverse("dogs:issue_renewals"), {"year": 2027, "scope": "selected"}, follow=True
    )

    assert "Select at least one renewal" in response.content.decode()
    assert not AuditEntry.objects.filter(action="permit.bulk_issued").exists()


@time_machine.travel(FEB_2027, tick=False)
def test_residents_cannot_issue_renewals(client, clerk, resident):
    application = paid_renewal(clerk)
    client.force_login(resident)

    response = client.post(
        reverse("dogs:issue_renewals"), {"year": 2027, "application": [application.pk]}
    )

    assert response.status_code == 403
    assert not Permit.objects.filter(application=application).exists()


@time_machine.travel(FEB_2027, tick=False)
def test_renewal_season_is_paged_and_bad_page_numbers_show_the_first(client, clerk, monkeypatch):
    monkeypatch.setattr("dogs.licenses.views.PAGE_SIZE", 2)
    applications = sorted(
        (paid_renewal(clerk) for _ in range(3)),
        key=lambda a: (a.applicant.last_name, a.applicant.first_name, a.pk),
    )
    client.force_login(clerk)
    url = reverse("dogs:renewal_season")

    def listed(page):
        text = client.get(url, {"year": 2027, "page": page}).content.decode()
        return [a.pk for a in applications if f'id="issue-{a.pk}"' in text]

    assert listed("1") == [a.pk for a in applications[:2]]
    assert listed("2") == [applications[2].pk]
    assert listed("abc") == listed("1")
    assert listed("99") == listed("1")
    assert listed("-1") == listed("1")
    assert "Page 1 of 2" in client.get(url, {"year": 2027}).content.decode()


@time_machine.travel(FEB_2027, tick=False)
def test_renewal_season_runs_a_fixed_number_of_queries(client, clerk):
    client.force_login(clerk)
    url = reverse("dogs:renewal_season")
    paid_renewal(clerk)
    one = queries_of(client, url, {"year": 2027})
    for _ in range(3):
        paid_renewal(clerk)

    assert queries_of(client, url, {"year": 2027}) == one


#: Queries to approve and issue one paid renewal in ``issue_many`` (with its audit entry).
ISSUE_QUERY_CAP = 37


def queries_to_issue(clerk, application) -> int:
    with time_machine.travel(FEB_2027, tick=False), \
            CaptureQueriesContext(connection) as issuing:
        issue_many(applications=[application], acting_user=clerk)
    return len(issuing.captured_queries)


def test_issuing_reads_an_applications_records_once_however_many_there_are(clerk):
    """Approving and issuing read the application's documents, variances,
    determinations, hearings and invoice once, with the locked row: a renewal with three
    more accepted documents costs not one query more (the renewal season issues
    hundreds in one action)."""
    queries_to_issue(clerk, paid_renewal(clerk))  # the clerk's roles, content types: cached
    plain = queries_to_issue(clerk, paid_renewal(clerk))
    busier = paid_renewal(clerk)
    for _ in range(3):
        document = upload_document(application=busier, uploaded_by=busier.applicant,
                                   kind="rabies_certificate", upload=png_upload(),
                                   valid_until=dt.date(2029, 1, 1))
        review_document(document=document, accepted=True, acting_user=clerk)
    assert queries_to_issue(clerk, busier) == plain
    # 48 when approval and issue each read them again, the town and the permit type too.
    assert plain <= ISSUE_QUERY_CAP
