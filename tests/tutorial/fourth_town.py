"""Westborough, the fourth town of the tutorial "Add a town" (``docs/development/add-a-town.md``).

A bylaw app for a made-up regulation, written in one module so that the tests in
``test_add_a_town.py`` run every line the page shows: the page includes the sections
marked below, each under the name of the app's file it belongs in. Westborough's
Board of Health Regulation 4.2, Keeping of Poultry, is invented for the tutorial:

    4.2(a) No person shall keep hens without a permit from the Board of Health.
    4.2(b) A coop and its run shall stand at least twenty (20) feet from every lot line.
    4.2(c) The fee for a permit is twenty-five dollars ($25.00).
"""

from __future__ import annotations

# --8<-- [start:imports]
from django.apps import AppConfig
from django.db import migrations

from permits_site.licensing.catalogue import (
    Catalogue,
    FeeItemSpec,
    PermitTypeSpec,
    seed_catalogue,
)
from permits_site.licensing.declarations import About, detail_field
from permits_site.licensing.kinds import PermitKind
from permits_site.rules.base import CheckContext, Fact, FactType, RuleSet, Verdict, at_least
from permits_site.rules.calendar import MONDAY_TO_THURSDAY

# --8<-- [end:imports]


# --8<-- [start:law]
MUNICIPALITY = "westborough"


def cite(section: str) -> str:
    """The citation of a section of the Board of Health regulations, e.g. ``cite("4.2(b)")``."""
    return f"Westborough BOH Reg {section}"
# --8<-- [end:law]


# --8<-- [start:rules]
CODE = "westborough.backyard_chickens"
SETBACK_FT = 20

BACKYARD_CHICKENS = RuleSet(
    code=CODE,
    municipality=MUNICIPALITY,
    title="Backyard chickens",
    facts=(
        Fact("coop_setback_ft", FactType.NUMBER,
             "Distance from the coop to the nearest lot line", unit="ft",
             help_text="Measure from the coop or its run, whichever is closer."),
    ),
)


@BACKYARD_CHICKENS.rule("wb.4.2.b.setback", cite("4.2(b)"),
                        "The coop and its run stand at least 20 ft from every lot line")
def coop_setback(facts, context: CheckContext) -> Verdict:
    """4.2(b): twenty feet from every lot line, so the nearest one decides."""
    return at_least(facts["coop_setback_ft"], SETBACK_FT, unit="ft",
                    what="The coop's distance from the nearest lot line")
# --8<-- [end:rules]


# --8<-- [start:kind]
class BackyardChickenKind(PermitKind):
    """A backyard chicken permit (4.2(a)): held by a person, about the property where the
    hens are kept. The generated form, the API and the review screen read this alone."""

    code = CODE
    about = About.PROPERTY
    extra_fields = (
        detail_field("hens", FactType.INTEGER, "Number of hens", minimum=1),
    )
    who_needs_it = f"Anyone who keeps hens in Westborough ({cite('4.2(a)')})."
# --8<-- [end:kind]


# --8<-- [start:fees]
FEES = (
    FeeItemSpec("new", "Backyard chicken permit", "25.00", cite("4.2(c)")),
)
# --8<-- [end:fees]


# --8<-- [start:permit_type]
BACKYARD_CHICKEN_PERMIT = PermitTypeSpec(
    code=CODE,
    name="Backyard Chicken Permit",
    authority="Board of Health",
    term="Valid through December 31 of the year issued",
    citation=cite("4.2"),
    actions=("new",),
    number_prefix="BCP",
    check_code=CODE,
    fees=FEES,
)
# --8<-- [end:permit_type]


# --8<-- [start:town]
CATALOGUE = Catalogue(
    municipality_code=MUNICIPALITY,
    municipality_name="Town of Westborough",
    business_weekdays=tuple(sorted(MONDAY_TO_THURSDAY)),
    permit_types=(BACKYARD_CHICKEN_PERMIT,),
)
# --8<-- [end:town]


# --8<-- [start:migration]
def seed(apps, schema_editor):
    seed_catalogue(apps, CATALOGUE)


class Migration(migrations.Migration):
    dependencies = [
        ("licensing", "0007_towns_and_audit_log_move_out"),
    ]

    operations = [migrations.RunPython(seed, migrations.RunPython.noop)]
# --8<-- [end:migration]


# --8<-- [start:apps]
class WestboroughConfig(AppConfig):
    """Westborough Board of Health Regulation 4.2, Keeping of Poultry."""

    name = "westborough"
    verbose_name = "Westborough — Board of Health Regulations"

    def ready(self) -> None:
        from permits_site.licensing.kinds import register_kind
        from permits_site.rules.registry import register_law

        register_law(MUNICIPALITY, rule_sets=[BACKYARD_CHICKENS])
        register_kind(BackyardChickenKind())
# --8<-- [end:apps]
