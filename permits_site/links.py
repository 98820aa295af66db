"""The site's own address: every link it prints (a license's QR code) or sends (the outbox's
messages, the password reset and email change links) starts with ``SITE_URL``, never with
the host a request came in on — behind a proxy or on one node of several, that host is not
the address residents reach."""

from __future__ import annotations

from urllib.parse import parse_qsl, urlencode, urlsplit

from django.conf import settings
from django.utils.http import url_has_allowed_host_and_scheme

#: Host names that reach only the machine that prints them.
LOCAL_HOSTS = frozenset({"localhost", "127.0.0.1", "::1", "0.0.0.0"})  # noqa: S104


def site_url() -> str:
    """``SITE_URL`` without a trailing slash: the scheme and host links start with."""
    return settings.SITE_URL.rstrip("/")


def absolute_url(path: str) -> str:
    return f"{site_url()}{path}"


def is_local(url: str) -> bool:
    """Whether ``url`` names this machine only (``check --deploy`` warns of it)."""
    host = (urlsplit(url).hostname or "").lower()
    return host in LOCAL_HOSTS or host.endswith(".localhost")


def page_to_return_to(request) -> str:
    """The ``next`` page a form was opened from (GET or POST), when it is a page of this
    site; else an empty string."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    return target if url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()) else ""


def back_with_chosen(request, default: str, **chosen) -> str:
    """Where a page that records something (a dog, a property) goes once it is saved: back
    to the ``next`` form it was opened from, with the new record chosen there (``?dog=7``,
    which the application form reads as the answer to its ``dog`` list); else ``default``."""
    back = page_to_return_to(request)
    if not back:
        return default
    parts = urlsplit(back)
    query = [(name, value) for name, value in parse_qsl(parts.query, keep_blank_values=True)
             if name not in chosen]
    query += [(name, str(value)) for name, value in chosen.items()]
    return parts._replace(query=urlencode(query)).geturl()
