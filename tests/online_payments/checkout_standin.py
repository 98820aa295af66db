"""A stand-in for Stripe's hosted checkout page, for browser tests only.

It is mounted by this module's ``urlpatterns`` (the site's own, plus the stand-in),
which a browser test selects with ``settings.ROOT_URLCONF``; the site's URLs never
include it. "Paying" here does what Stripe does once a card is charged: it posts the
signed ``checkout.session.completed`` event to the town's real webhook view, then
sends the browser back to the checkout's success address.
"""

from __future__ import annotations

import urllib.request

import stripe
from django.conf import settings
from django.http import Http404, HttpResponse
from django.shortcuts import redirect
from django.template import engines
from django.urls import path, reverse

from permits_site.urls import urlpatterns as site_urlpatterns
from tests.online_payments.stripe_fakes import CreatedSession, session_completed, signature

PAGE = engines["django"].from_string("""{% extends "base.html" %}
{% block title %}Test checkout{% endblock %}
{% block content %}
<h1 class="h3">Test card checkout</h1>
<p>Amount: ${{ amount }} {{ session.currency|upper }}</p>
<form method="post">{% csrf_token %}
  <button type="submit" class="btn btn-primary">Pay ${{ amount }}</button>
</form>
{% endblock %}""")


def _session(session_id: str) -> CreatedSession:
    sessions = getattr(stripe.default_http_client, "sessions", {})
    if session_id not in sessions:
        raise Http404("No such test checkout session.")
    return sessions[session_id]


def _town_of(session: CreatedSession) -> tuple[str, str]:
    """The town whose Stripe account opened the session, and its webhook secret."""
    for code, keys in settings.ONLINE_PAYMENT_TOWNS.items():
        if keys["secret_key"] == session.api_key:
            return code, keys["webhook_secret"]
    raise Http404("No town has this session's account.")


def checkout_page(request, session_id: str):
    session = _session(session_id)
    if request.method != "POST":
        return HttpResponse(PAGE.render({"session": session,
                                         "amount": f"{session.amount_total / 100:.2f}"}, request))
    town, secret = _town_of(session)
    payload = session_completed(session)
    delivery = urllib.request.Request(
        request.build_absolute_uri(reverse("online_payments:webhook", args=[town])),
        data=payload.encode(), method="POST",
        headers={"Content-Type": "application/json",
                 "Stripe-Signature": signature(payload, secret)},
    )
    with urllib.request.urlopen(delivery, timeout=10) as answer:  # noqa: S310 (the live server)
        answer.read()
    return redirect(session.success_url)


urlpatterns = [
    *site_urlpatterns,
    path("test-checkout/<str:session_id>/", checkout_page, name="test_checkout"),
]
