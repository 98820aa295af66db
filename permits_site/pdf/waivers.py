"""The notice of a granted waiver, to post at the site while the work goes on.

Tisbury BOH Reg 09.0.3: a waiver is effective when two Board members have
signed it and is posted at the site during construction. The notice names
the locus, the owner, the regulation waived, the waiver granted, its
conditions and the members who signed it.
"""

from __future__ import annotations

from django.template.loader import render_to_string

from permits_site.licensing.kinds import kind_for
from permits_site.pdf.html import html_to_pdf
from permits_site.pdf.rendering import rule_in_plain_words


def render_waiver_notice_pdf(variance) -> bytes:
    """One page for a granted variance (its application and signatures loaded)."""
    application = variance.application
    html = render_to_string("pdf/waiver_notice.html", {
        "variance": variance,
        "application": application,
        "rules": [rule_in_plain_words(rule_id) for rule_id in variance.rule_ids],
        "signatures": [signature for signature in variance.signatures.all()
                       if signature.approve],
        "citation": kind_for(application.permit_type.code).variance_citation,
    })
    return html_to_pdf(html)
