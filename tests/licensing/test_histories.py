"""Histories show every event with its date and actor: the review screen lists documents
accepted or refused, payments and the permit's issue beside the application's own steps,
and the impoundment page dates each of its lines."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from dogs.impoundment.services import record_intake
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.payments import record_payment
from tests.e2e.plain_language import page_text
from tests.factories import Role, UserFactory, local, staff
from tests.stables.flow import issue, pdf, submitted

pytestmark = pytest.mark.django_db
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_review_history_shows_documents_payments_and_issue_with_date_and_actor(client):
    clerk = staff(Role.CLERK, "northborough", first_name="Nora", last_name="Clerk")
    keeper = UserFactory(first_name="Kate", last_name="Keeper")
    application = submitted(keeper)
    extra = upload_document(application=application, uploaded_by=keeper, kind="other_data",
                            upload=pdf("extra.pdf"))
    review_document(document=extra, accepted=False, reason="Not legible.", acting_user=clerk)
    issue(application, clerk)
    client.force_login(clerk)

    history = client.get(reverse("licensing:review", args=[application.pk])).context["history"]
    actions = {entry.action for entry in history}

    assert {"document.reviewed", "payment.recorded", "permit.issued"} <= actions
    assert any(entry.after.get("status") == "rejected" for entry in history
               if entry.action == "document.reviewed")
    page = page_text(client.get(reverse("licensing:review", args=[application.pk]))
                     .content.decode())
    history_text = page[page.index("History"):]
    assert "— Not accepted: Other data the Board of Health requested (Nora Clerk)" in \
        history_text
    assert history_text.count("Mar 15, 2027") >= 5


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_review_history_says_how_each_payment_was_made(client):
    clerk = staff(Role.CLERK, "northborough", first_name="Nora", last_name="Clerk")
    application = submitted(UserFactory(first_name="Kate", last_name="Keeper"))
    invoice = application.invoices.get()
    record_payment(invoice=invoice, method="money_order", reference="MO-7",
                   amount=Decimal("5.00"), acting_user=clerk)
    record_payment(invoice=invoice, method="cash", reference="R-8", amount=invoice.balance(),
                   acting_user=clerk)
    client.force_login(clerk)

    page = page_text(client.get(reverse("licensing:review", args=[application.pk]))
                     .content.decode())

    history = page[page.index("History"):]
    assert "— $5.00 by money order (ref. MO-7) (Nora Clerk)" in history
    assert f"— ${invoice.total - 5:.2f} in cash (ref. R-8) (Nora Clerk)" in history


def test_the_impoundment_history_dates_each_line(client):
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, first_name="Alex", last_name="Officer")
    with time_machine.travel(local(dt.date(2026, 6, 4), 9), tick=False):
        record = record_intake(municipality=aco.memberships.get().municipality,
                               impounded_on=dt.date(2026, 6, 4), acting_user=aco,
                               description="Beagle, tricolor, female")
    client.force_login(aco)

    page = page_text(client.get(reverse("dogs:impoundment", args=[record.pk])).content.decode())

    history = page[page.index("History"):]
    assert "Jun 4, 2026 9:00 AM —" in history
    assert "(Alex Officer)" in history
