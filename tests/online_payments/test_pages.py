"""The pages around online payment: counter instructions on every open invoice, the
confirmation before paying, the return page, the admin's instructions and the Clerk's flags."""

from decimal import Decimal

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from permits_site.audit.models import AuditEntry
from permits_site.licensing.models import Invoice, InvoiceLine
from permits_site.notifications.events import citation_issued
from permits_site.online_payments.models import (
    CheckoutStatus,
    FlagKind,
    OnlineCheckout,
    PaymentOffice,
)
from tests.factories import PaymentFlagFactory, Role, UserFactory, municipality, staff
from tests.online_payments.stripe_fakes import session_completed, signature

pytestmark = pytest.mark.django_db

NORTH_ANDOVER_OFFICE = {
    "office": "Town Clerk's office", "address": "120 Main Street, North Andover, MA 01845",
    "hours": "Monday–Thursday, 8:00 a.m.–4:30 p.m.", "payee": "Town of North Andover",
    "accepts": "Cash, check or money order", "phone": "(978) 555-0100",
    "convenience_fee": Decimal("1.50"),
}


@pytest.fixture
def office(north_andover):
    return PaymentOffice.objects.create(municipality=north_andover, **NORTH_ANDOVER_OFFICE)


def text_of(response) -> str:
    return response.content.decode()


def test_an_open_invoice_says_where_when_and_to_whom_to_pay_and_offers_card_payment(
    client, resident, application, office, stripe_http
):
    client.force_login(resident)

    page = text_of(client.get(reverse("licensing:application", args=[application.pk])))

    for text in ("120 Main Street, North Andover, MA 01845",
                 "Hours: Monday–Thursday, 8:00 a.m.–4:30 p.m. The office takes",
                 "payable to <strong>Town of North Andover</strong>",
                 f"Pay invoice #{application.invoices.get().pk}", "online by card"):
        assert text in page, text
    assert "p.m.." not in page


def test_without_keys_the_town_is_paid_at_the_counter_only(client, resident, application,
                                                          office, settings):
    settings.ONLINE_PAYMENT_TOWNS = {}
    client.force_login(resident)

    page = text_of(client.get(reverse("licensing:application", args=[application.pk])))

    invoice = application.invoices.get()
    assert "120 Main Street" in page and "online by card" not in page
    pay_page = reverse("online_payments:pay", args=[invoice.pk])
    assert pay_page in page
    refused = text_of(client.get(pay_page))
    assert "does not take payment online yet" in refused
    assert "Continue to secure card payment" not in refused
    assert "The office takes: Cash, check or money order" in refused


def test_the_clerk_sees_the_counter_instructions_but_no_card_button(client, clerk, application,
                                                                    office, stripe_http):
    client.force_login(clerk)

    page = text_of(client.get(reverse("licensing:review", args=[application.pk])))

    assert "120 Main Street" in page and "Pay invoice" not in page


def test_before_paying_the_resident_sees_the_fee_and_the_convenience_fee(
    client, resident, invoice, office, stripe_http
):
    client.force_login(resident)

    page = text_of(client.get(reverse("online_payments:pay", args=[invoice.pk])))

    assert f"North Andover invoice #{invoice.pk}" in page
    assert "$10.00" in page and "Card processing convenience fee" in page and "$1.50" in page
    assert "$11.50" in page and "not part of the town's fee" in page


def test_continuing_sends_the_resident_to_stripe_checkout(client, resident, invoice,
                                                          stripe_http):
    client.force_login(resident)

    response = client.post(reverse("online_payments:pay", args=[invoice.pk]))

    checkout = OnlineCheckout.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"https://checkout.stripe.com/c/pay/{checkout.session_id}"
    assert AuditEntry.objects.filter(action="payments.checkout_started").count() == 1


def test_when_stripe_does_not_answer_nothing_is_started_and_the_resident_is_told(
    client, resident, invoice, stripe_http
):
    stripe_http.fail_with = 500
    client.force_login(resident)

    response = client.post(reverse("online_payments:pay", args=[invoice.pk]))

    assert response.status_code == 400
    assert "The card processor did not answer" in text_of(response)
    assert not OnlineCheckout.objects.exists()


def test_another_person_cannot_pay_or_see_my_invoice_or_checkout(
    client, resident, other_resident, invoice, checkout_of
):
    checkout, _session = checkout_of(invoice, resident)
    client.force_login(other_resident)

    assert client.get(reverse("online_payments:pay", args=[invoice.pk])).status_code == 404
    assert client.post(reverse("online_payments:pay", args=[invoice.pk])).status_code == 404
    assert client.get(reverse("online_payments:returned",
                              args=[checkout.token])).status_code == 404
    assert OnlineCheckout.objects.count() == 1


def test_coming_back_before_and_after_the_webhook(client, resident, invoice, checkout_of):
    checkout, session = checkout_of(invoice, resident)
    client.force_login(resident)
    page = reverse("online_payments:returned", args=[checkout.token])

    assert "has not confirmed a payment yet" in text_of(client.get(page))
    payload = session_completed(session, payment_intent="pi_77")
    client.post(reverse("online_payments:webhook", args=["north_andover"]), data=payload,
                content_type="application/json", HTTP_STRIPE_SIGNATURE=signature(payload))
    assert "Payment received: $10.00" in text_of(client.get(page))
    assert "pi_77" in text_of(client.get(page))


def test_the_webhook_takes_only_posts(client, stripe_http):
    response = client.get(reverse("online_payments:webhook", args=["north_andover"]))

    assert response.status_code == 405


def test_a_due_citation_can_be_paid_online_and_names_the_payee(client, resident, citation,
                                                               office, stripe_http):
    client.force_login(resident)

    page = text_of(client.get(reverse("citations:detail", args=[citation.pk])))

    assert reverse("online_payments:pay", args=[citation.invoice.pk]) in page
    assert "payable to <strong>Town of North Andover</strong>" in page
    assert "120 Main Street" in page and f"citation #{citation.pk} written on it" in page


def test_every_page_says_what_the_counter_takes_as_the_admin_wrote_it(
    client, resident, application, citation, office, stripe_http
):
    """The application, the citation, the payment page and the list of citations never
    contradict each other: the counter takes what the town's admin says, and only that."""
    office.accepts = "Cash or check only"
    office.save()
    client.force_login(resident)
    invoice = application.invoices.get()
    pages = {
        "application": reverse("licensing:application", args=[application.pk]),
        "citation": reverse("citations:detail", args=[citation.pk]),
        "pay": reverse("online_payments:pay", args=[invoice.pk]),
    }

    for name, url in pages.items():
        page = text_of(client.get(url))
        assert "The office takes: Cash or check only" in page, name
        assert "money order or card" not in page and "pay at the counter" not in page, name
    listing = text_of(client.get(reverse("citations:mine")))
    assert "money order or card" not in listing and "at the Town Clerk's counter" not in listing


def test_the_dashboard_and_the_messages_lead_to_the_same_pay_page(
    client, resident, application, citation, office, settings
):
    client.force_login(resident)
    dashboard = text_of(client.get(reverse("licensing:dashboard")))

    for invoice in (application.invoices.get(), citation.invoice):
        assert reverse("online_payments:pay", args=[invoice.pk]) in dashboard
    draft, _people = citation_issued(AuditEntry.objects.get(action="case.citation_issued"))
    message = render_to_string("notifications/email/citation_issued.txt",
                               {**draft.context, "recipient": resident})
    pay_url = reverse("online_payments:pay", args=[citation.invoice.pk])
    assert f"{settings.SITE_URL}{pay_url}" in message


# -- the admin's counter instructions ------------------------------------------------------


def office_form(**changes):
    return {**NORTH_ANDOVER_OFFICE, **changes}


def test_the_town_admin_sets_the_counter_instructions(client, town_admin, north_andover):
    client.force_login(town_admin)
    url = reverse("online_payments:office", args=["north_andover"])
    assert client.get(url).status_code == 200

    response = client.post(url, office_form())

    assert response.status_code == 302
    saved = PaymentOffice.objects.get(municipality=north_andover)
    assert (saved.address, saved.payee, saved.convenience_fee, saved.updated_by) == (
        NORTH_ANDOVER_OFFICE["address"], "Town of North Andover", Decimal("1.50"), town_admin)
    assert AuditEntry.objects.filter(action="payments.office_updated").count() == 1


@pytest.mark.parametrize(("changes", "field", "message"), [
    ({"address": ""}, "address", "This field is required."),
    ({"payee": ""}, "payee", "This field is required."),
    ({"convenience_fee": "-1"}, "convenience_fee", "greater than or equal to 0"),
    ({"convenience_fee": "25.01"}, "convenience_fee", "less than or equal to 25.00"),
    ({"hours": ""}, "hours", "This field is required."),
    ({"convenience_fee": "ten"}, "convenience_fee", "Enter a number."),
])
def test_bad_instructions_are_refused_naming_the_field(client, town_admin, office, changes,
                                                       field, message):
    client.force_login(town_admin)

    response = client.post(reverse("online_payments:office", args=["north_andover"]),
                           office_form(**changes))

    assert response.status_code == 400
    assert message in " ".join(response.context["form"].errors[field])
    office.refresh_from_db()
    assert office.address == NORTH_ANDOVER_OFFICE["address"]
    assert office.convenience_fee == Decimal("1.50")
    assert not AuditEntry.objects.filter(action="payments.office_updated").exists()


@pytest.mark.parametrize("who", ["clerk", "other_admin", "resident"])
def test_only_the_towns_admin_edits_its_instructions(client, request, who):
    user = (staff(Role.ADMIN, "northborough") if who == "other_admin"
            else request.getfixturevalue(who))
    client.force_login(user)
    url = reverse("online_payments:office", args=["north_andover"])

    assert client.get(url).status_code == 404
    assert client.post(url, office_form()).status_code == 404
    assert not PaymentOffice.objects.exists()


# -- the Clerk's flags ------------------------------------------------------------------------


def flagged(invoice, resident, *, kind=FlagKind.REFUND, n=0):
    return PaymentFlagFactory(
        checkout__invoice=invoice, checkout__started_by=resident,
        checkout__status=CheckoutStatus.PAID, checkout__provider_payment_id=f"pi_{kind}_{n}",
        kind=kind, reason="Refunded by the bank")


def test_the_review_screen_flags_a_refunded_payment(client, clerk, invoice, resident):
    flagged(invoice, resident)
    client.force_login(clerk)

    page = text_of(client.get(reverse("licensing:review", args=[invoice.application_id])))

    assert "Online payment flagged" in page and "Refunded by the bank" in page


@pytest.mark.parametrize("rows", [2, 10])
def test_the_flag_list_runs_a_fixed_number_of_queries(client, clerk, invoice, resident, citation,
                                                      django_assert_num_queries, rows):
    for n in range(rows):
        flagged(invoice if n % 2 else citation.invoice, resident, n=n)
    client.force_login(clerk)
    client.get(reverse("online_payments:overview"))  # the session and roles, once

    # The flags with their invoices and subjects, and the flagged citations' hearings.
    with django_assert_num_queries(5):
        page = text_of(client.get(reverse("online_payments:overview")))

    assert page.count("Mark reviewed") == rows


def test_the_clerk_of_another_town_sees_no_flags_of_this_one(client, invoice, resident):
    flag = flagged(invoice, resident)
    other_clerk = staff(Role.CLERK, "northborough")
    client.force_login(other_clerk)

    assert "Refunded by the bank" not in text_of(client.get(reverse("online_payments:overview")))
    response = client.post(reverse("online_payments:flag_reviewed", args=[flag.pk]))
    assert response.status_code == 404
    flag.refresh_from_db()
    assert flag.reviewed_at is None


def test_the_clerk_marks_a_flag_reviewed_and_it_leaves_the_list(client, clerk, invoice, resident):
    flag = flagged(invoice, resident)
    client.force_login(clerk)

    response = client.post(reverse("online_payments:flag_reviewed", args=[flag.pk]),
                           {"next": "https://elsewhere.example/"})

    assert response["Location"] == reverse("online_payments:overview")
    flag.refresh_from_db()
    assert flag.reviewed_by == clerk
    assert AuditEntry.objects.filter(action="payments.flag_reviewed").count() == 1
    assert "Refunded by the bank" not in text_of(client.get(reverse("online_payments:overview")))


def test_residents_have_no_payments_overview(client):
    client.force_login(UserFactory())

    assert client.get(reverse("online_payments:overview")).status_code == 404


def test_the_checkout_stand_in_is_not_reachable_with_the_sites_own_urls(client, stripe_http):
    assert client.get("/test-checkout/cs_test_1/").status_code == 404
    assert client.post("/test-checkout/cs_test_1/").status_code == 404


def test_municipality_fixture_is_north_andover(north_andover):
    assert north_andover == municipality("north_andover")


def test_an_invoice_for_neither_an_application_nor_a_citation_is_payable_and_flaggable(
    client, resident, clerk, north_andover, stripe_http
):
    invoice = Invoice.objects.create(municipality=north_andover, payer=resident)
    InvoiceLine.objects.create(invoice=invoice, code="legal_fees", description="Legal fees",
                               amount=Decimal("40.00"), citation="ch. 60")
    client.force_login(resident)

    page = text_of(client.get(reverse("online_payments:pay", args=[invoice.pk])))

    assert "$40.00" in page and "Back to My permits" in page
    flagged(invoice, resident)
    client.force_login(clerk)
    assert f"Invoice #{invoice.pk}" in text_of(client.get(reverse("online_payments:overview")))
