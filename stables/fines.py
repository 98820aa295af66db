"""Northborough's fines under the Horse and Stable Regulations (§8.3).

"$5.00 to $100.00 per day": the Board of Health sets the amount by the
severity of the violation, and each day is a separate offense.
"""

from permits_site.enforcement.catalogue import FineCatalogue, FineItemSpec

FINES = FineCatalogue(
    municipality_code="northborough",
    items=(
        FineItemSpec(
            "stable_regulation_violation",
            "Violation of the Horse and Stable Regulations",
            "Northborough Horse & Stable Regs §8.3",
            range=("5.00", "100.00"),
            per_day=True,
        ),
    ),
)
