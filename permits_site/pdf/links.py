"""Addresses printed on licenses: the public verification page a QR code points at."""

from django.conf import settings
from django.urls import reverse


def verification_url(permit) -> str:
    """``SITE_URL`` + ``/verify/<token>/`` (spec ``lifecycle.md``, "Permits")."""
    return settings.SITE_URL.rstrip("/") + reverse("verify", args=[permit.verification_token])
