"""The applicant withdraws an application after a confirmation page that says what
happens to the fee; the withdrawn application's page shows no price to pay and no
document waiting for review."""

from __future__ import annotations

import pytest
from django.urls import reverse

from permits_site.licensing.models import ApplicationStatus
from tests.factories import Role, UserFactory, staff
from tests.stables.flow import drafted, pay, submitted

pytestmark = pytest.mark.django_db


@pytest.fixture
def keeper(db):
    return UserFactory(first_name="Kate", last_name="Keeper", city="Northborough")


@pytest.fixture
def nb_clerk(db):
    return staff(Role.CLERK, "northborough", first_name="Nora", last_name="Clerk")


def test_the_withdraw_button_leads_to_a_confirmation_that_changes_nothing(client, keeper):
    application = drafted(keeper)
    client.force_login(keeper)
    confirm_url = reverse("licensing:withdraw", args=[application.pk])

    detail = client.get(reverse("licensing:application", args=[application.pk])).content.decode()
    assert f'href="{confirm_url}"' in detail
    page = client.get(confirm_url)

    assert page.status_code == 200
    body = page.content.decode()
    assert "Withdraw this application?" in body
    assert f'<form method="post" action="{confirm_url}"' in body
    assert "Yes, withdraw it" in body
    application.refresh_from_db()
    assert application.status == ApplicationStatus.DRAFT


def test_confirming_withdraws_and_the_page_says_nothing_is_owed(client, keeper):
    application = submitted(keeper)
    client.force_login(keeper)
    confirm = client.get(reverse("licensing:withdraw", args=[application.pk])).content.decode()
    assert "its unpaid invoice is cancelled" in confirm

    client.post(reverse("licensing:withdraw", args=[application.pk]))

    application.refresh_from_db()
    assert application.status == ApplicationStatus.WITHDRAWN
    body = client.get(reverse("licensing:application", args=[application.pk])).content.decode()
    assert "Submitting today costs" not in body
    assert "How to pay" not in body
    assert "Nothing is owed on a withdrawn application." in body
    assert "Waiting for review" not in body


def test_a_paid_fee_is_not_refunded_by_withdrawing_and_the_page_names_whom_to_ask(
    client, keeper, nb_clerk
):
    application = submitted(keeper)
    pay(application, nb_clerk)
    client.force_login(keeper)
    confirm = client.get(reverse("licensing:withdraw", args=[application.pk])).content.decode()
    assert "Withdrawing does not refund the fee you paid" in confirm

    client.post(reverse("licensing:withdraw", args=[application.pk]))

    body = client.get(reverse("licensing:application", args=[application.pk])).content.decode()
    assert "Withdrawing does not refund the fee you paid" in body
    assert "Board of Health" in body
