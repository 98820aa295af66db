"""License and notice PDFs, rendered with WeasyPrint from HTML templates.

WeasyPrint (with Pango, cffi and fontTools behind it) costs about a second to import,
so it is imported where a PDF is written, not when this module is: every process that
imports the issuing services would otherwise pay for it at start-up (issue 13).
"""

from __future__ import annotations

import segno
from django.template.loader import render_to_string

from permits_site.licensing.kinds import kind_for
from permits_site.pdf.html import html_to_pdf
from permits_site.pdf.links import verification_url
from permits_site.rules.base import Rule
from permits_site.rules.registry import all_rule_sets

#: How a rule reads on a PDF when the town's law no longer has it.
WITHDRAWN_RULE = "A rule no longer in the town's law"


def qr_svg_data_uri(url: str) -> str:
    return segno.make(url, error="m").svg_data_uri(scale=4, border=2)


def rule_by_id(rule_id: str) -> Rule | None:
    """The rule of any town's law with this id (ids carry their town's prefix)."""
    return next((rule for rule_set in all_rule_sets() for rule in rule_set.rules
                 if rule.id == rule_id), None)


def rule_in_plain_words(rule_id: str) -> str:
    """What the rule asks and its section, as holders and the public read it: rule ids
    are the office's vocabulary and are never printed."""
    rule = rule_by_id(rule_id)
    return f"{rule.summary} ({rule.citation})" if rule else WITHDRAWN_RULE


def variance_in_plain_words(variance: dict) -> dict:
    """A variance frozen on the license, its rules named in words."""
    return {**variance, "rules": [rule_in_plain_words(rule_id) for rule_id in variance["rules"]]}


def render_permit_pdf_bytes(permit) -> bytes:
    """Town, type, number, holder, term, fee paid, conditions, variances, QR code to /verify."""
    url = verification_url(permit)
    html = render_to_string(
        "pdf/permit.html",
        {
            "permit": permit,
            "details": kind_for(permit.permit_type.code).document_context(permit),
            "conditions": [item for item in permit.conditions if item.get("kind") != "variance"],
            "variances": [variance_in_plain_words(item) for item in permit.conditions
                          if item.get("kind") == "variance"],
            "verify_url": url,
            "qr_code": qr_svg_data_uri(url),
        },
    )
    return html_to_pdf(html)
