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
    """One offense: fixed ``amounts`` (1st, 2nd, 3rd and later) or an officer-set ``range``.

    Where the law leaves the amount to someone (``set_by``: "the Select Board") the offense
    may declare neither: it is listed with no amount, and cannot be cited, until an admin
    enters the amounts that body set.
    """

    offense: str
    description: str
    citation: str
    amounts: tuple[str | None, str | None, str | None] | None = None
    range: tuple[str, str] | None = None
    per_day: bool = False
    #: What one unit is ("permit", "boat") when the fine counts per unit; blank otherwise.
    unit: str = ""
    prior_window: str = PriorWindow.RECORD
    #: Who sets the amount where the law text does not state it; blank: the text states it.
    set_by: str = ""

    def __post_init__(self) -> None:
        if self.amounts is not None and self.range is not None:
            raise ValueError(f"{self.offense}: declare either three amounts or a range")
        if self.pending and not self.set_by:
            raise ValueError(f"{self.offense}: declare amounts, a range, or who sets them")
        if self.amounts is not None and len(self.amounts) != 3:
            raise ValueError(f"{self.offense}: declare the 1st, 2nd and later amounts")

    @property
    def pending(self) -> bool:
        """No amount until the body the law names sets one."""
        return self.amounts is None and self.range is None


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
    FineItem.objects.bulk_create(
        _fine_item(FineItem, schedule, spec) for spec in catalogue.items
        if _representable(FineItem, spec)
    )


def _knows_who_sets_amounts(FineItem) -> bool:
    """Whether the migration state's fine item records who sets its amount (later states)."""
    return any(field.name == "amount_pending" for field in FineItem._meta.get_fields())


def _representable(FineItem, spec: FineItemSpec) -> bool:
    """An offense saying who sets its amount is seeded only once the state records it: an
    earlier state would read one with no amount yet as a written warning
    (:func:`add_new_offenses` adds it later)."""
    return not spec.set_by or _knows_who_sets_amounts(FineItem)


def add_new_offenses(apps, catalogue: FineCatalogue) -> None:
    """Add the catalogue's offenses a town's existing schedule versions lack, as declared.

    For a migration run after the catalogue grew: nothing an admin set is changed, and an
    offense a version already lists (the admin's, or an earlier seeding) is left as it is.
    Retired versions are left alone.
    """
    FineSchedule = apps.get_model("enforcement", "FineSchedule")
    FineItem = apps.get_model("enforcement", "FineItem")
    versions = FineSchedule.objects.filter(
        municipality__code=catalogue.municipality_code, retired_at__isnull=True)
    for schedule in versions:
        listed = set(FineItem.objects.filter(schedule=schedule).values_list("offense", flat=True))
        FineItem.objects.bulk_create(
            _fine_item(FineItem, schedule, spec) for spec in catalogue.items
            if spec.offense not in listed
        )


def _fine_item(FineItem, schedule, spec: FineItemSpec):
    first, second, later = spec.amounts or (None, None, None)
    minimum, maximum = spec.range or (None, None)
    who_sets = ({"amount_set_by": spec.set_by, "amount_pending": spec.pending}
                if _knows_who_sets_amounts(FineItem) else {})
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
        **who_sets,
    )
