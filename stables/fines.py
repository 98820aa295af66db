"""Northborough's fines under the Horse and Stable Regulations (§8.3).

"$5.00 to $100.00 per day": the Board of Health sets the amount by the
severity of the violation, and each day is a separate offense.
"""

from django.utils.translation import gettext_noop

from permits_site.enforcement.catalogue import FineCatalogue, FineItemSpec
from permits_site.enforcement.registry import (
    CaseType,
    ChargeType,
    CitationPolicy,
    statutory_window,
)
from stables.catalogue import PRIVATE_STABLE, PUBLIC_STABLE
from stables.law import cite
from stables.periods import MUNICIPALITY

FINES = FineCatalogue(
    municipality_code=MUNICIPALITY,
    items=(
        FineItemSpec(
            "stable_regulation_violation",
            gettext_noop("Violation of the Horse and Stable Regulations"),
            cite("8.3"),
            range=("5.00", "100.00"),
            per_day=True,
        ),
    ),
)

#: The regulations set no window of their own: MGL c.40 §21D's 21 days, then the
#: Westborough District Court, which sits for Northborough.
CITATION_POLICY = CitationPolicy(
    municipality=MUNICIPALITY,
    window=statutory_window(MUNICIPALITY),
    court="Westborough District Court",
)
CASE_TYPES = (
    CaseType(
        code="northborough.stable_violation",
        municipality=MUNICIPALITY,
        name="Horse and stable regulation violation",
        offenses=FINES.offenses(),
        charges=(
            ChargeType(
                "legal_fees",
                "Legal fees reimbursed by the permit holder",
                cite("8.4"),
                requires_violation_found=True,
                holder_of=(PRIVATE_STABLE.code, PUBLIC_STABLE.code),
            ),
        ),
    ),
)
