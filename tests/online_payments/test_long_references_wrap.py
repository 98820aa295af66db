"""A receipt reference is one long word; the page after paying lets it wrap, so a phone
screen (390 px) does not scroll sideways."""

import pytest
from django.urls import reverse

from tests.online_payments.stripe_fakes import session_completed, signature

pytestmark = pytest.mark.django_db
REFERENCE = "pi_demo_129c4a4159a749d7b3b4d410aa3e1e5b"


def test_the_receipt_reference_is_marked_to_wrap(client, resident, invoice, checkout_of):
    checkout, session = checkout_of(invoice, resident)
    payload = session_completed(session, payment_intent=REFERENCE)
    client.post(reverse("online_payments:webhook", args=["north_andover"]), data=payload,
                content_type="application/json", HTTP_STRIPE_SIGNATURE=signature(payload))
    client.force_login(resident)

    page = client.get(reverse("online_payments:returned", args=[checkout.token]))

    body = page.content.decode()
    alert = body[body.rindex("<div", 0, body.index(REFERENCE)):body.index(REFERENCE)]
    assert 'class="alert alert-success reference"' in alert
    with open("static/css/site.css") as css:
        assert ".reference {\n  overflow-wrap: anywhere;" in css.read()
