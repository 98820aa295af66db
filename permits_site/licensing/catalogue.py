"""Reference data the bylaw apps declare: their town, permit types and seeded fees.

Each bylaw app lists a :class:`Catalogue` in its ``catalogue.py``; its data
migration calls :func:`seed_catalogue`, so ``migrate`` on an empty database
alone yields a working system. Demo data lives elsewhere (``seed_demo``).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal

#: Seeded schedules take effect from this date so every quote has a schedule.
SEEDED_FROM = dt.date(2000, 1, 1)


@dataclass(frozen=True)
class FeeItemSpec:
    code: str
    description: str
    amount: str
    citation: str


@dataclass(frozen=True)
class PermitTypeSpec:
    code: str
    name: str
    authority: str
    term: str
    citation: str
    actions: tuple[str, ...]
    number_prefix: str
    fees: tuple[FeeItemSpec, ...]
    check_code: str = ""
    online: bool = True
    #: Amounts not in the text: placeholders the Board must confirm.
    placeholder_fees: bool = False


@dataclass(frozen=True)
class Catalogue:
    municipality_code: str
    municipality_name: str
    business_weekdays: tuple[int, ...]
    permit_types: tuple[PermitTypeSpec, ...]


def seed_catalogue(apps, catalogue: Catalogue) -> None:
    """Create (or bring up to date) a town, its permit types and first fee schedules.

    Uses the migration's historical models; an existing schedule is never
    touched, so re-running after admins have edited fees changes nothing.
    """
    PermitType = apps.get_model("licensing", "PermitType")
    # The town model as this migration state knows it (it moved from licensing to towns).
    Municipality = PermitType._meta.get_field("municipality").related_model
    FeeSchedule = apps.get_model("licensing", "FeeSchedule")
    FeeItem = apps.get_model("licensing", "FeeItem")
    municipality, _ = Municipality.objects.update_or_create(
        code=catalogue.municipality_code,
        defaults={
            "name": catalogue.municipality_name,
            "business_weekdays": list(catalogue.business_weekdays),
        },
    )
    for spec in catalogue.permit_types:
        permit_type, _ = PermitType.objects.update_or_create(
            code=spec.code,
            defaults={
                "municipality": municipality,
                "name": spec.name,
                "authority": spec.authority,
                "term": spec.term,
                "citation": spec.citation,
                "check_code": spec.check_code,
                "actions": list(spec.actions),
                "number_prefix": spec.number_prefix,
                "online": spec.online,
            },
        )
        if FeeSchedule.objects.filter(permit_type=permit_type).exists():
            continue
        schedule = FeeSchedule.objects.create(
            permit_type=permit_type,
            effective_from=SEEDED_FROM,
            seeded=spec.placeholder_fees,
            note="Seeded from the regulation text"
            if not spec.placeholder_fees
            else "Seeded placeholder — the Board must confirm",
        )
        FeeItem.objects.bulk_create(
            FeeItem(
                schedule=schedule,
                code=fee.code,
                description=fee.description,
                amount=Decimal(fee.amount),
                citation=fee.citation,
            )
            for fee in spec.fees
        )
