"""HTML to PDF with WeasyPrint, the one place every PDF of the site is written.

WeasyPrint (with Pango, cffi and fontTools behind it) costs about a second to import,
so it is imported when a PDF is written, not when this module is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.template.loader import render_to_string
from django.utils import translation


def html_to_pdf(html: str) -> bytes:
    """The PDF of ``html``; it loads only the site's static files and ``data:`` URIs
    (:mod:`permits_site.pdf.fetching`)."""
    from weasyprint import HTML

    from permits_site.pdf.fetching import SiteFetcher, base_url

    return HTML(string=html, base_url=base_url(), url_fetcher=SiteFetcher()).write_pdf()


def render_pdf(template: str, context: Mapping[str, Any], *, language: str = "en") -> bytes:
    """The PDF of ``template`` rendered in ``language``: English by default, the language
    of the towns' law and of the papers they send, post or file (notices, rosters, the court
    packet), its dates too, whatever language the person printing it reads the site in."""
    with translation.override(language):
        html = render_to_string(template, context)
    return html_to_pdf(html)
