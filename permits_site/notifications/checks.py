"""Deployment check of the site's address: the links in licenses' QR codes and in e-mails."""

from __future__ import annotations

from django.conf import settings
from django.core.checks import Tags, Warning, register

from permits_site.links import is_local


@register(Tags.security, deploy=True)
def site_url_is_local(app_configs, **kwargs) -> list[Warning]:
    """Every link the site prints or sends starts with ``SITE_URL`` (``permits_site.links``):
    a local address there reaches nobody but the server."""
    if not settings.DEBUG and is_local(settings.SITE_URL):
        return [Warning(
            f"SITE_URL is {settings.SITE_URL}, a local address: the QR codes of licenses and "
            "the links in e-mails would point at this machine.",
            hint="Set SITE_URL to the address residents reach the site at, e.g. "
                 "https://permits.example.org.",
            id="notifications.W001",
        )]
    return []
