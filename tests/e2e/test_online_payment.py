"""A dog license paid online, end to end: the resident pays by card on a stand-in for
Stripe's hosted checkout, which sends the signed webhook to the real webhook view; the
Clerk then issues the license exactly as after a counter payment, and it verifies.

Only Stripe's HTTP transport and its hosted page are stand-ins; every page visited is
checked with axe.
"""

import datetime as dt
import re
from decimal import Decimal

import pytest
import stripe
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone
from playwright.sync_api import expect

from dogs.licenses.services import apply_for_dog_license
from permits_site.enforcement.services import issue_citation, open_case
from permits_site.licensing.models import InvoiceStatus, PaymentMethod, Permit
from permits_site.licensing.services.applications import submit_application
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.online_payments.models import PaymentOffice, WebhookEvent
from permits_site.online_payments.services import receive_event, start_checkout
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, DogFactory, Role, UserFactory, municipality, staff
from tests.online_payments.stripe_fakes import (
    TOWN_KEYS,
    FakeStripeHTTP,
    charge_refunded,
    session_completed,
    signature,
)


@pytest.fixture
def stand_in_checkout(live_server, settings, monkeypatch) -> FakeStripeHTTP:
    """North Andover takes cards; Stripe's checkout page is the test stand-in."""
    fake = FakeStripeHTTP(hosted_url=f"{live_server.url}/test-checkout/{{id}}/")
    monkeypatch.setattr(stripe, "default_http_client", fake)
    settings.ONLINE_PAYMENT_TOWNS = TOWN_KEYS
    settings.ROOT_URLCONF = "tests.online_payments.checkout_standin"
    return fake


@pytest.fixture
def waiting_for_the_fee(db):
    """Jane's dog license application: rabies certificate accepted, only the fee unpaid."""
    resident = UserFactory(username="jane", first_name="Jane", last_name="Smith")
    clerk = staff(Role.CLERK, username="carla")
    dog = DogFactory(owner=resident, name="Biscuit")
    today = timezone.localdate()
    application = apply_for_dog_license(applicant=resident, dog=dog, action="new",
                                        license_year=today.year,
                                        acquired_on=today - dt.timedelta(days=5))
    with open("tests/fixtures_files/rabies_certificate.png", "rb") as sample:
        upload = SimpleUploadedFile("rabies.png", sample.read(), content_type="image/png")
    document = upload_document(application=application, uploaded_by=resident,
                               kind="rabies_certificate", upload=upload,
                               valid_until=today + dt.timedelta(days=400))
    submit_application(application=application, acting_user=resident)
    review_document(document=document, accepted=True, acting_user=clerk)
    PaymentOffice.objects.create(
        municipality=municipality("north_andover"), office="Town Clerk's office",
        address="120 Main Street, North Andover, MA 01845",
        hours="Monday–Thursday, 8:00 a.m.–4:30 p.m.", payee="Town of North Andover",
        convenience_fee=Decimal("1.00"))
    return application


def test_a_dog_license_paid_online_issues_and_verifies_like_one_paid_at_the_counter(
    browser, page, live_server, stand_in_checkout, waiting_for_the_fee
):
    application = waiting_for_the_fee
    sign_in(page, live_server, "jane", PASSWORD)
    page.goto(f"{live_server.url}/applications/{application.pk}/")
    expect(page.get_by_text(re.compile(r"^In person: .*120 Main Street, North Andover"))
           ).to_be_visible()
    expect(page.get_by_role("strong").filter(has_text="Town of North Andover")).to_be_visible()
    assert_accessible(page)

    page.get_by_role("link", name=re.compile(r"^Pay invoice #\d+$")).click()
    expect(page.get_by_role("heading", name=re.compile(r"Pay invoice #\d+"))).to_be_visible()
    expect(page.get_by_role("cell", name="$11.00")).to_be_visible()
    expect(page.get_by_role("cell", name="Card processing convenience fee")).to_be_visible()
    assert_accessible(page)
    page.get_by_role("button", name="Continue to secure card payment").click()

    expect(page.get_by_role("heading", name="Test card checkout")).to_be_visible()
    assert_accessible(page)
    page.get_by_role("button", name="Pay $11.00").click()

    expect(page.get_by_text("Payment received: $11.00")).to_be_visible()
    assert_accessible(page)
    invoice = application.invoices.get()
    assert invoice.status == InvoiceStatus.PAID
    payment = invoice.payments.get()
    assert (payment.method, payment.amount) == (PaymentMethod.CARD, Decimal("10.00"))
    assert WebhookEvent.objects.get().kind == "checkout.session.completed"

    clerk_page = browser.new_page()
    sign_in(clerk_page, live_server, "carla", PASSWORD)
    clerk_page.goto(f"{live_server.url}/staff/applications/{application.pk}/")
    expect(clerk_page.get_by_text("Nothing blocks issuance")).to_be_visible()
    assert_accessible(clerk_page)
    clerk_page.get_by_role("button", name="Approve and issue license").click()
    expect(clerk_page.get_by_role("status").filter(
        has_text=re.compile(r"Issued DOG-\d{4}-00001"))).to_be_visible()
    clerk_page.close()

    permit = Permit.objects.get(application=application)
    page.goto(f"{live_server.url}/verify/{permit.verification_token}/")
    expect(page.get_by_text("Valid license")).to_be_visible()
    assert_accessible(page)


def test_the_admin_sets_the_counter_instructions_and_the_clerk_sees_a_refund_flagged(
    browser, page, live_server, stand_in_checkout, waiting_for_the_fee
):
    application = waiting_for_the_fee
    invoice = application.invoices.get()
    checkout, _url = start_checkout(invoice=invoice, acting_user=application.applicant,
                                    return_url=lambda token: f"{live_server.url}/")
    session = stand_in_checkout.sessions[checkout.session_id]
    north_andover = municipality("north_andover")
    for payload in (session_completed(session, payment_intent="pi_e2e"),
                    charge_refunded("pi_e2e", amount_refunded=1100)):
        receive_event(municipality=north_andover, payload=payload.encode(),
                      signature=signature(payload))
    staff(Role.ADMIN, username="adam")

    sign_in(page, live_server, "adam", PASSWORD)
    page.get_by_role("link", name="Payments").click()
    assert_accessible(page)
    page.get_by_role("link", name="Town of North Andover").click()
    page.get_by_label("Make checks payable to").fill("")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("There is a problem with your answers")).to_be_visible()
    assert_accessible(page)
    page.get_by_label("Make checks payable to").fill("Town of North Andover")
    page.locator("#id_hours").fill("Monday–Thursday, 8:30 a.m.–4:30 p.m.")
    page.get_by_role("button", name="Save").click()
    expect(page.get_by_text("Payment instructions of the Town of North Andover saved")
           ).to_be_visible()

    clerk_page = browser.new_page()
    sign_in(clerk_page, live_server, "carla", PASSWORD)
    clerk_page.get_by_role("link", name="Payments").click()
    expect(clerk_page.get_by_text("Refunded through the card processor")).to_be_visible()
    assert_accessible(clerk_page)
    clerk_page.get_by_role("link", name=f"Dog license #{application.pk}").click()
    expect(clerk_page.get_by_role("heading", name="Online payment flagged")).to_be_visible()
    assert_accessible(clerk_page)
    clerk_page.get_by_role("button", name=re.compile("Mark reviewed")).click()
    expect(clerk_page.get_by_text(f"Flag on invoice #{invoice.pk} reviewed")).to_be_visible()
    expect(clerk_page.get_by_role("heading", name="Online payment flagged")).to_have_count(0)
    clerk_page.close()


def test_a_resident_pays_a_citation_online_on_a_phone(phone_page, live_server,
                                                      stand_in_checkout, waiting_for_the_fee):
    resident = waiting_for_the_fee.applicant
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, username="andy")
    case = open_case(municipality=municipality("north_andover"),
                     case_type="north_andover.dog_control", party=resident, party_business=None,
                     party_name=resident.display_name, address="1 Main St",
                     complaint="Seen by the officer.", received_on=timezone.localdate(),
                     acting_user=aco)
    citation = issue_citation(case=case, offense="running_at_large", acting_user=aco)

    sign_in(phone_page, live_server, "jane", PASSWORD)
    phone_page.goto(f"{live_server.url}/citations/{citation.pk}/")
    expect(phone_page.get_by_role("strong").filter(has_text="Town of North Andover")
           ).to_be_visible()
    assert_accessible(phone_page)
    phone_page.get_by_role("link", name=f"Pay invoice #{citation.invoice.pk}").click()
    assert_accessible(phone_page)
    phone_page.get_by_role("button", name="Continue to secure card payment").click()
    phone_page.get_by_role("button", name=re.compile(r"Pay \$")).click()

    expect(phone_page.get_by_text("Payment received")).to_be_visible()
    assert_accessible(phone_page)
    phone_page.get_by_role("link", name=f"Back to Citation #{citation.pk}").click()
    expect(phone_page.get_by_role("row", name="Still owed $0.00")).to_be_visible()
    citation.invoice.refresh_from_db()
    assert citation.invoice.status == InvoiceStatus.PAID
