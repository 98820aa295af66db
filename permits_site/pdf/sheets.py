"""Mailing-ready license and tag sheets: one letter page per license, the holder's
mailing address placed for a #10 window envelope, the tag number printed large beside the tag it
goes out with."""

from __future__ import annotations

from collections.abc import Iterable

from django.template.loader import render_to_string

from permits_site.accounts.addresses import window_lines
from permits_site.pdf.html import html_to_pdf
from permits_site.pdf.links import verification_url


def address_lines(name: str, address: str) -> list[str]:
    """The window block: the holder's name, then the street, then "Town, ST ZIP" on one
    line (``addresses.window_lines`` of the address frozen on the license)."""
    return [name, *window_lines(address)]


def sheet_context(permit) -> dict:
    """What one page prints: the address block, the license summary and its tag."""
    from permits_site.pdf.rendering import qr_svg_data_uri

    tags = list(permit.dog_tags.all())
    tag = tags[0] if tags else None
    details = getattr(permit.application, "dog_license", None)
    url = verification_url(permit)
    return {
        "permit": permit,
        "address": address_lines(permit.holder_name, permit.holder_address),
        "tag_number": tag.number if tag else None,
        "dog": details.dog if details else None,
        "verify_url": url,
        "qr_code": qr_svg_data_uri(url),
    }


def render_mailing_sheets_pdf_bytes(permits: Iterable) -> bytes:
    """One page per license, in the order given."""
    html = render_to_string(
        "pdf/mailing_sheets.html", {"sheets": [sheet_context(permit) for permit in permits]}
    )
    return html_to_pdf(html)
