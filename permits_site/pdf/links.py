"""Addresses printed on licenses: the public verification page a QR code points at."""

from django.urls import reverse

from permits_site.links import absolute_url


def verification_url(permit) -> str:
    """``SITE_URL`` + ``/verify/<token>/`` (spec ``lifecycle.md``, "Permits")."""
    return absolute_url(reverse("verify", args=[permit.verification_token]))
