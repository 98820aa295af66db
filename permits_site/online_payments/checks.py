"""Deployment checks of online payment: the demo checkout never serves a production site."""

from __future__ import annotations

from django.conf import settings
from django.core.checks import Error, Tags, register


@register(Tags.security, deploy=True)
def demo_checkout_in_production(app_configs, **kwargs) -> list[Error]:
    """``PAYMENT_DEMO_CHECKOUT`` marks invoices paid without a card being charged: it is for
    trying the site (``make run``), never for a site that serves residents."""
    if settings.PAYMENT_DEMO_CHECKOUT and not settings.DEBUG:
        return [Error(
            "PAYMENT_DEMO_CHECKOUT is on with DEBUG off: the demo checkout marks invoices "
            "paid while no money moves.",
            hint="Unset PAYMENT_DEMO_CHECKOUT and give each town its Stripe keys "
                 "(STRIPE_SECRET_KEY__<TOWN>, STRIPE_WEBHOOK_SECRET__<TOWN>).",
            id="online_payments.E001",
        )]
    return []
