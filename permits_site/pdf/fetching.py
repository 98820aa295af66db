"""What a PDF may load while WeasyPrint writes it: the site's own static files and ``data:``
URIs (the QR codes), nothing else.

A PDF is written from records people typed; WeasyPrint would otherwise follow any address
the HTML names, reading a file of the server (``file:///etc/passwd``) or reaching the
network from the worker. Relative addresses resolve against the site (``SITE_URL``), so
``/static/css/site.css`` names the static file ``css/site.css``, which is read from disk
through the staticfiles finders or ``STATIC_ROOT`` and never requested over HTTP.

This module imports WeasyPrint: :mod:`permits_site.pdf.html` imports it only when a PDF
is written.
"""

from __future__ import annotations

import mimetypes
import posixpath
from pathlib import Path
from urllib.parse import unquote, urljoin, urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.exceptions import SuspiciousFileOperation
from django.utils._os import safe_join
from weasyprint.urls import URLFetcher, URLFetcherResponse

from permits_site.links import site_url


class FetchRefused(ValueError):
    """An address outside the site's static files and ``data:`` URIs; WeasyPrint skips the
    resource and logs this message."""


def base_url() -> str:
    """Where a PDF's relative addresses resolve: the site itself."""
    return site_url() + "/"


def _static_name(url: str) -> str | None:
    """The static file's name in ``url`` (``css/site.css``), or None when ``url`` is not
    under the site's ``STATIC_URL`` or climbs out of it."""
    static, asked = urlsplit(urljoin(base_url(), settings.STATIC_URL)), urlsplit(url)
    if (asked.scheme, asked.netloc) != (static.scheme, static.netloc):
        return None
    if not asked.path.startswith(static.path):
        return None
    name = unquote(asked.path[len(static.path):])
    if not name or "\x00" in name or posixpath.normpath(name) != name or name.startswith(".."):
        return None
    return name


def static_file(url: str) -> Path | None:
    """The file on disk that ``url`` names among the site's static files, or None: found by
    the staticfiles finders (the source folders), else in ``STATIC_ROOT`` (collected)."""
    name = _static_name(url)
    if name is None:
        return None
    found = finders.find(name)
    if found is None and settings.STATIC_ROOT:
        try:
            found = safe_join(settings.STATIC_ROOT, name)
        except SuspiciousFileOperation:
            return None
    path = Path(found) if found else None
    return path if path is not None and path.is_file() else None


class SiteFetcher(URLFetcher):
    """WeasyPrint's fetcher limited to ``data:`` URIs and :func:`static_file`; anything
    else raises :class:`FetchRefused`."""

    def __init__(self) -> None:
        super().__init__(allowed_protocols={"data"}, allow_redirects=False)

    def fetch(self, url: str, headers: dict | None = None) -> URLFetcherResponse:
        if urlsplit(url).scheme.lower() == "data":
            return super().fetch(url, headers)
        path = static_file(url)
        if path is None:
            raise FetchRefused(f"{url} is neither a static file of the site nor a data: URI")
        content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": content_type})
