"""The written notice of a granted variance, in the words of its town's law.

Tisbury BOH Reg 09.0.3: a waiver is effective when two Board members have signed it and
is posted at the site during construction; its notice names the locus, the owner, the
regulation waived, the waiver granted, its conditions and the members who signed it.
Northborough Horse & Stable Regs §8.2: a variance is granted in writing and a copy is
available to the public at the Board of Health's office while it is in effect; its
conditions and specific bases are listed on the stable license too.
"""

from __future__ import annotations

from permits_site.licensing.kinds import kind_for
from permits_site.pdf.html import render_pdf
from permits_site.rules.registry import rule_in_plain_words


def render_variance_notice_pdf(variance) -> bytes:
    """One page for a granted variance (its application and signatures loaded), in
    English."""
    application = variance.application
    kind = kind_for(application.permit_type.code)
    return render_pdf("pdf/variance_notice.html", {
        "variance": variance,
        "application": application,
        "notice": kind.variance_notice,
        "written_application": kind.written_waiver_application,
        "rules": [rule_in_plain_words(rule_id) for rule_id in variance.rule_ids],
        "signatures": [signature for signature in variance.signatures.all()
                       if signature.approve],
        "citation": kind.variance_citation,
    })
