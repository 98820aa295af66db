"""HTML to PDF with WeasyPrint, the one place every PDF of the site is written.

WeasyPrint (with Pango, cffi and fontTools behind it) costs about a second to import,
so it is imported when a PDF is written, not when this module is.
"""

from __future__ import annotations

from django.conf import settings


def html_to_pdf(html: str) -> bytes:
    """The PDF of ``html``; static files resolve from the project's base directory."""
    from weasyprint import HTML

    return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()
