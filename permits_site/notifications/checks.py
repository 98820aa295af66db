"""Deployment check of the site's address: the links in licenses' QR codes and in e-mails."""

from __future__ import annotations

from urllib.parse import urlsplit

from django.conf import settings
from django.core.checks import Tags, Warning, register

#: Host names that reach only the machine that prints them.
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0"})  # noqa: S104


def is_local(url: str) -> bool:
    host = (urlsplit(url).hostname or "").lower()
    return host in LOCAL_HOSTS or host.endswith(".localhost")


@register(Tags.security, deploy=True)
def site_url_is_local(app_configs, **kwargs) -> list[Warning]:
    """Every link the site prints or sends starts with ``SITE_URL`` (``pdf/links.py``,
    ``notifications.services.absolute_url``): a local address there reaches nobody."""
    if not settings.DEBUG and is_local(settings.SITE_URL):
        return [Warning(
            f"SITE_URL is {settings.SITE_URL}, a local address: the QR codes of licenses and "
            "the links in e-mails would point at this machine.",
            hint="Set SITE_URL to the address residents reach the site at, e.g. "
                 "https://permits.example.org.",
            id="notifications.W001",
        )]
    return []
