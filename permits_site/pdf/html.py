"""HTML to PDF with WeasyPrint, the one place every PDF of the site is written.

WeasyPrint (with Pango, cffi and fontTools behind it) costs about a second to import,
so it is imported when a PDF is written, not when this module is.
"""

from __future__ import annotations


def html_to_pdf(html: str) -> bytes:
    """The PDF of ``html``; it loads only the site's static files and ``data:`` URIs
    (:mod:`permits_site.pdf.fetching`)."""
    from weasyprint import HTML

    from permits_site.pdf.fetching import SiteFetcher, base_url

    return HTML(string=html, base_url=base_url(), url_fetcher=SiteFetcher()).write_pdf()
