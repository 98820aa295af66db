"""Issuing an annual permit in its license year's last month: the clerk is told the permit runs
only to the year's end, citing its section, and — where the law lets one apply ahead, as
North Andover's dog licenses from December 1 (Licenses A(7), A(8); spec ``lifecycle.md``) —
is offered to issue for the next license year instead, on the review screen and in the API."""

from __future__ import annotations

import datetime as dt
import html

import pytest
import time_machine
from django.contrib.messages import get_messages
from django.urls import reverse

from dogs.licenses.services import apply_for_dog_license
from dogs.models import RABIES_CERTIFICATE, RABIES_EXEMPTION, DogTag
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import ApplicationStatus, Permit
from permits_site.licensing.services.applications import (
    approve_application,
    blockers,
    evaluate,
    submit_application,
)
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import approve_and_issue, issue_permit
from permits_site.rules.base import Outcome
from permits_site.rules.calendar import in_last_month
from tests.clients import api_for, page_text
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


def paid_dog_license(clerk, *, year: int, rabies_until: dt.date = dt.date(2029, 1, 1),
                     proof: str = RABIES_CERTIFICATE):
    """A new license for a dog acquired this autumn, its rabies proof accepted and paid."""
    dog = DogFactory(name="Biscuit", breed="Beagle")
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=year, acquired_on=dt.date(2026, 11, 20))
    document = upload_document(application=application, uploaded_by=dog.owner,
                               kind=proof, upload=png_upload(), valid_until=rabies_until)
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
    assert notice.next_year_withheld == (
        "This renewal is invoiced with this year's late fee: the 2027 license is applied for "
        "anew, priced without it (North Andover Code ch. 60, Licenses A(8)).")


@time_machine.travel(DEC_10_2026, tick=False)
def test_a_dog_awaiting_next_years_license_elsewhere_is_not_offered_it_a7(client, clerk):
    """The dog has an open application for 2027 already: this one is told its end, and the
    review screen offers no "Approve and issue for 2027" that would be refused."""
    application = paid_dog_license(clerk, year=2026)
    dog = application.dog_license.dog
    apply_for_dog_license(applicant=dog.owner, dog=dog, action="new", license_year=2027,
                          acquired_on=dt.date(2026, 11, 20))

    notice = kind_for(application.permit_type.code).year_end_notice(
        application, on=DEC_10_2026.date())
    client.force_login(clerk)
    screen = client.get(reverse("licensing:review", args=[application.pk])).content.decode()

    pressed_anyway = client.post(reverse("licensing:issue", args=[application.pk]),
                                 {"next_license_year": "1"})

    assert notice.runs_through == dt.date(2026, 12, 31)
    assert notice.next_year is None
    assert "Approve and issue for 2027" not in screen
    withheld = ("Biscuit already has a 2027 license, or an open application for one: this "
                "one is issued for this year only (North Andover Code ch. 60, Licenses A(7)).")
    assert notice.next_year_withheld == withheld
    assert withheld in html.unescape(screen)
    assert [str(message) for message in get_messages(pressed_anyway.wsgi_request)] == [
        f"Issuing for the next license year: {withheld}"]


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


# -- the next year judged on its own first day: the rabies proof must still serve it (A(1)) --
#
# A resident's application for 2027 takes the rabies certificate on file only when it is
# valid on January 1, 2027, the license's first day; moved to 2027 by the clerk, the
# application's rabies rule is judged again on that day. The day before, of and after it:

DEC_31_2026 = dt.date(2026, 12, 31)
JAN_1_2027 = dt.date(2027, 1, 1)
JAN_2_2027 = dt.date(2027, 1, 2)


def stays_for_this_year(application, *, status=ApplicationStatus.SUBMITTED):
    """Nothing issued and nothing changed: as it was (``status``), for 2026, no tag."""
    application.refresh_from_db()
    assert application.status == status
    assert application.dog_license.license_year == 2026
    assert not Permit.objects.filter(application=application).exists()
    assert not DogTag.objects.exists()
    assert not AuditEntry.objects.filter(action="permit.issued").exists()


@pytest.mark.parametrize("proof", [RABIES_CERTIFICATE, RABIES_EXEMPTION])
@time_machine.travel(DEC_10_2026, tick=False)
def test_a_rabies_proof_ending_before_next_year_refuses_it_on_its_field_a1(clerk, proof):
    application = paid_dog_license(clerk, year=2026, rabies_until=DEC_31_2026, proof=proof)

    with pytest.raises(DomainError) as refused:
        approve_and_issue(application=application, acting_user=clerk, next_license_year=True)

    assert list(refused.value.errors) == ["next_license_year"]
    [message] = refused.value.errors["next_license_year"]
    assert message.startswith("A Dog License cannot be issued for the 2027 license year, "
                              "which starts on January 1, 2027: No current rabies "
                              "vaccination on January 1, 2027.")
    assert message.endswith("(North Andover Code ch. 60, Licenses A(1))")
    stays_for_this_year(application)


@pytest.mark.parametrize("rabies_until", [
    pytest.param(JAN_1_2027, id="ending-on-next-years-first-day"),
    pytest.param(JAN_2_2027, id="ending-the-day-after"),
])
@time_machine.travel(DEC_10_2026, tick=False)
def test_a_rabies_proof_valid_on_next_years_first_day_serves_it_a1(clerk, rabies_until):
    application = paid_dog_license(clerk, year=2026, rabies_until=rabies_until)

    permit = approve_and_issue(application=application, acting_user=clerk,
                               next_license_year=True)

    assert (permit.year, permit.valid_from, permit.valid_through) == (
        2027, JAN_1_2027, dt.date(2027, 12, 31))


@time_machine.travel(DEC_10_2026, tick=False)
def test_refused_next_year_the_license_is_still_issued_for_this_one(clerk):
    application = paid_dog_license(clerk, year=2026, rabies_until=DEC_31_2026)
    with pytest.raises(DomainError):
        approve_and_issue(application=application, acting_user=clerk, next_license_year=True)

    permit = approve_and_issue(application=application, acting_user=clerk)

    assert (permit.year, permit.valid_from, permit.valid_through) == (
        2026, DEC_10_2026.date(), DEC_31_2026)


@pytest.mark.parametrize(("rabies_until", "offered"), [
    pytest.param(DEC_31_2026, False, id="ending-the-day-before-next-year"),
    pytest.param(JAN_1_2027, True, id="ending-on-next-years-first-day"),
    pytest.param(JAN_2_2027, True, id="ending-the-day-after"),
])
@time_machine.travel(DEC_10_2026, tick=False)
def test_the_review_screen_offers_next_year_only_to_a_proof_valid_on_its_first_day(
        client, clerk, rabies_until, offered):
    application = paid_dog_license(clerk, year=2026, rabies_until=rabies_until)
    client.force_login(clerk)

    page = page_text(client.get(reverse("licensing:review", args=[application.pk])))
    notice = page.split('id="year-end-notice"', 1)[1].split("</div>", 1)[0]

    assert ("Approve and issue for 2027" in page) is offered
    assert ('name="next_license_year"' in page) is offered
    assert ("it cannot be issued for the 2027 license year, which starts on January 1, 2027:"
            in notice) is not offered
    assert ("No current rabies vaccination on January 1, 2027." in notice) is not offered
    assert ("North Andover Code ch. 60, Licenses A(1)" in notice) is not offered
    assert ("na.lic.A1.rabies" in notice) is not offered
    assert "Approve and issue license" in page


@time_machine.travel(DEC_10_2026, tick=False)
def test_issuing_next_year_from_a_review_screen_left_open_is_refused(client, clerk):
    application = paid_dog_license(clerk, year=2026, rabies_until=DEC_31_2026)
    client.force_login(clerk)

    response = client.post(reverse("licensing:issue", args=[application.pk]),
                           {"next_license_year": "1"})

    assert response.status_code == 302
    [refusal] = [str(message) for message in get_messages(response.wsgi_request)]
    assert refusal.startswith("Issuing for the next license year: A Dog License cannot be "
                              "issued for the 2027 license year")
    assert "No current rabies vaccination on January 1, 2027." in refusal
    assert "Licenses A(1)" in refusal
    stays_for_this_year(application)


@time_machine.travel(DEC_10_2026, tick=False)
def test_the_api_refuses_next_year_to_a_rabies_proof_ending_before_it_a1(clerk):
    application = paid_dog_license(clerk, year=2026, rabies_until=DEC_31_2026)
    approve_application(application=application, acting_user=clerk)

    response = api_for(clerk).post("/api/v1/permits/", {
        "application": application.pk, "next_license_year": True}, format="json")

    assert response.status_code == 400, response.content
    [message] = response.json()["next_license_year"]
    assert "No current rabies vaccination on January 1, 2027." in message
    assert "Licenses A(1)" in message
    stays_for_this_year(application, status=ApplicationStatus.APPROVED)


@time_machine.travel(DEC_10_2026, tick=False)
def test_the_api_issues_next_year_to_a_rabies_proof_valid_on_its_first_day_a1(clerk):
    application = paid_dog_license(clerk, year=2026, rabies_until=JAN_1_2027)
    approve_application(application=application, acting_user=clerk)

    response = api_for(clerk).post("/api/v1/permits/", {
        "application": application.pk, "next_license_year": True}, format="json")

    assert response.status_code == 201, response.content
    assert (response.json()["valid_from"], response.json()["valid_through"]) == (
        "2027-01-01", "2027-12-31")


def test_the_schema_documents_the_next_license_year_choice(client):
    schema = client.get("/api/v1/schema/",
                        HTTP_ACCEPT="application/vnd.oai.openapi+json").json()

    issue = schema["components"]["schemas"]["PermitIssueRequest"]
    assert "next_license_year" in issue["properties"]
    assert issue["properties"]["next_license_year"]["description"]


# -- a resident's application for next year: its rabies proof judged on January 1 (A(1)) ---


def rabies_finding(application):
    [finding] = [finding for finding in evaluate(application).findings
                 if finding.rule == "na.lic.A1.rabies"]
    return finding


@pytest.mark.parametrize(("year", "rabies_until", "judged_on", "passes"), [
    pytest.param(2027, DEC_31_2026, JAN_1_2027, False, id="next-year-ending-the-day-before"),
    pytest.param(2027, JAN_1_2027, JAN_1_2027, True, id="next-year-ending-on-its-first-day"),
    pytest.param(2027, JAN_2_2027, JAN_1_2027, True, id="next-year-ending-the-day-after"),
    pytest.param(2026, DEC_31_2026, DEC_10_2026.date(), True, id="this-year-on-submission"),
])
@time_machine.travel(DEC_10_2026, tick=False)
def test_an_application_for_next_year_is_judged_by_rabies_on_its_first_day_a1(
        clerk, year, rabies_until, judged_on, passes):
    application = paid_dog_license(clerk, year=year, rabies_until=rabies_until)

    finding = rabies_finding(application)

    assert application.submitted_on == DEC_10_2026.date()
    assert finding.outcome is (Outcome.PASS if passes else Outcome.FAIL)
    assert (finding.required, finding.actual) == (judged_on, rabies_until)
    judged_later = "Judged on January 1, 2027, the first day of the license year applied for."
    assert finding.message.endswith(judged_later) is (year == 2027)
    assert [finding.rule for finding in evaluate(application).findings
            if finding.failed] == ([] if passes else ["na.lic.A1.rabies"])
    rules_met = [blocker for blocker in blockers(application) if blocker.gate == "rules_met"]
    assert bool(rules_met) is not passes
    if not passes:
        with pytest.raises(DomainError):
            approve_and_issue(application=application, acting_user=clerk)
        assert not Permit.objects.filter(application=application).exists()


@pytest.mark.parametrize(("rabies_until", "outcome"), [
    pytest.param(DEC_31_2026, "fail", id="ending-the-day-before-next-year"),
    pytest.param(JAN_1_2027, "pass", id="ending-on-next-years-first-day"),
])
@time_machine.travel(DEC_10_2026, tick=False)
def test_the_api_finds_an_application_for_next_year_on_its_first_day_a1(
        clerk, rabies_until, outcome):
    application = paid_dog_license(clerk, year=2027, rabies_until=rabies_until)

    response = api_for(clerk).get(f"/api/v1/applications/{application.pk}/")

    assert response.status_code == 200, response.content
    [finding] = [finding for finding in response.json()["findings"]
                 if finding["rule"] == "na.lic.A1.rabies"]
    assert (finding["outcome"], finding["required"], finding["actual"]) == (
        outcome, "2027-01-01", rabies_until.isoformat())
    assert "Judged on January 1, 2027" in finding["message"]
    refusing = [blocker for blocker in response.json()["blockers"]
                if "Licenses A(1)" in blocker["citation"]]
    assert bool(refusing) is (outcome == "fail")


@time_machine.travel(DEC_10_2026, tick=False)
def test_the_review_screen_refuses_next_year_to_a_certificate_ending_before_it_a1(
        client, clerk):
    application = paid_dog_license(clerk, year=2027, rabies_until=DEC_31_2026)
    client.force_login(clerk)

    page = page_text(client.get(reverse("licensing:review", args=[application.pk])))
    finding = page.split('data-rule="na.lic.A1.rabies"', 1)[1].split("</li>", 1)[0]

    assert "Blocks the permit" in finding
    assert "No current rabies vaccination on January 1, 2027." in finding
    assert "Judged on January 1, 2027, the first day of the license year applied for." \
        in finding
    assert "North Andover Code ch. 60, Licenses A(1)" in finding
    blocking = page.split('id="blockers-heading"', 1)[1].split("</section>", 1)[0]
    assert "No current rabies vaccination on January 1, 2027." in blocking
    assert "Licenses A(1)" in blocking
    assert 'id="issue-blocked"' in page


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
