"""Non-criminal fine schedules the bylaw apps declare, seeded by their migrations.

Each bylaw app lists a :class:`FineCatalogue` in its ``fines.py``; its data
migration calls :func:`seed_fine_catalogue`, so ``migrate`` on an empty
database alone yields every town's fine schedule. Admins change amounts by
saving new effective-dated versions (``enforcement.services``).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from permits_site.enforcement.models import PriorWindow
from permits_site.licensing.catalogue import SEEDED_FROM

#: An offense that draws a recorded written warning and no amount.
WARNING = None


@dataclass(frozen=True)
class FineItemSpec:
    """One offense: fixed ``amounts`` (1st, 2nd, 3rd and later) or an officer-set ``range``."""

    offense: str
    description: str
    citation: str
    amounts: tuple[str | None, str | None, str | None] | None = None
    range: tuple[str, str] | None = None
    per_day: bool = False
    #: What one unit is ("permit", "boat") when the fine counts per unit; blank otherwise.
    unit: str = ""
    prior_window: str = PriorWindow.RECORD

    def __post_init__(self) -> None:
        if (self.amounts is None) == (self.range is None):
            raise ValueError(f"{self.offense}: declare either three amounts or a range")
        if self.amounts is not None and len(self.amounts) != 3:
            raise ValueError(f"{self.offense}: declare the 1st, 2nd and later amounts")


def every_offense(amount: str) -> tuple[str, str, str]:
    """The same amount for every offense."""
    return (amount, amount, amount)


def first_then(first: str | None, later: str) -> tuple[str | None, str, str]:
    """One amount (or a warning) for the first offense, another for the second and later."""
    return (first, later, later)


@dataclass(frozen=True)
class FineCatalogue:
    municipality_code: str
    items: tuple[FineItemSpec, ...]
    #: Amounts not in the law text: placeholders the town must confirm.
    placeholder_amounts: bool = False

    def offenses(self) -> tuple[str, ...]:
        return tuple(item.offense for item in self.items)


def _decimal(amount: str | None) -> Decimal | None:
    return None if amount is None else Decimal(amount)


def seed_fine_catalogue(apps, catalogue: FineCatalogue) -> None:
    """Create a town's first fine schedule; an existing schedule is never touched.

    Uses the migration's historical models, so re-running after admins have
    saved versions changes nothing.
    """
    FineSchedule = apps.get_model("enforcement", "FineSchedule")
    # The town model as this migration state knows it (it moved from licensing to towns).
    Municipality = FineSchedule._meta.get_field("municipality").related_model
    FineItem = apps.get_model("enforcement", "FineItem")
    municipality = Municipality.objects.get(code=catalogue.municipality_code)
    if FineSchedule.objects.filter(municipality=municipality).exists():
        return
    schedule = FineSchedule.objects.create(
        municipality=municipality,
        effective_from=SEEDED_FROM,
        seeded=catalogue.placeholder_amounts,
        note="Seeded placeholder — the town must confirm" if catalogue.placeholder_amounts
        else "Seeded from the regulation text",
    )
    FineItem.objects.bulk_create(_fine_item(FineItem, schedule, spec) for spec in catalogue.items)


def _fine_item(FineItem, schedule, spec: FineItemSpec):
    first, second, later = spec.amounts or (None, None, None)
    minimum, maximum = spec.range or (None, None)
    return FineItem(
        schedule=schedule,
        offense=spec.offense,
        description=spec.description,
        citation=spec.citation,
        first_amount=_decimal(first),
        second_amount=_decimal(second),
        later_amount=_decimal(later),
        minimum_amount=_decimal(minimum),
        maximum_amount=_decimal(maximum),
        per_day=spec.per_day,
        per_unit=bool(spec.unit),
        unit_name=spec.unit,
        prior_window=spec.prior_window,
    )
