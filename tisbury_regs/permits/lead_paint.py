"""The lead paint determination before work on an old building (Tisbury BOH Reg 09.4.6):
"Before any painting or renovating of any building … constructed prior to 1978 is commenced a
lead paint determination … must be performed and filed with the Tisbury Board of Health".

The work the Board permits that strips a building's paint is sandblasting (09.4.3): its
application says the year the building was built and whether the determination is filed, and
the permit waits on the gate ``rules_met`` — naming 09.4.6 — until it is, for a building built
before 1978. The judgement is the ``tisbury.lead_paint`` rule set's ``ti.4.6.lead``."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site.licensing.declarations import Gate, detail_field
from permits_site.licensing.kinds import Blocker
from permits_site.rules.base import Outcome
from permits_site.rules.wording import explain
from tisbury_regs.law import cite
from tisbury_regs.rules import LEAD_PAINT

SECTION = cite("09.4.6")
YEAR_BUILT = "building_year_built"
FILED = "lead_determination_filed"

_BUILT = LEAD_PAINT.fact_map["year_built"]

FIELDS = (
    detail_field(YEAR_BUILT, _BUILT.type,
                 gettext_noop("Year the building being sandblasted was built"), required=False,
                 minimum=_BUILT.minimum, maximum=_BUILT.maximum,
                 help_text=explain(gettext_noop("Leave empty when the job is not on a building "
                                                "(a boat hull). A building built before 1978 "
                                                "needs a lead paint determination filed with the "
                                                "Board before work starts (%(section)s)."),
                                   section=SECTION)),
    detail_field(FILED, LEAD_PAINT.fact_map["determination_filed"].type,
                 LEAD_PAINT.fact_map["determination_filed"].label, default=False),
)


def lead_facts(details: dict[str, Any]) -> dict[str, Any] | None:
    """The ``tisbury.lead_paint`` facts of an application, or None when no building is named."""
    year = details.get(YEAR_BUILT)
    if year is None:
        return None
    return {"year_built": year, "determination_filed": bool(details.get(FILED))}


def lead_blockers(application) -> list[Blocker]:
    """A blocker naming 09.4.6 while a pre-1978 building has no determination filed."""
    facts = lead_facts(application.details)
    if facts is None:
        return []
    result = LEAD_PAINT.evaluate(LEAD_PAINT.parse(facts), on=timezone.localdate())
    return [Blocker(code=finding.rule, message=finding.message, citation=finding.citation,
                    gate=Gate.RULES_MET)
            for finding in result.findings if finding.outcome is Outcome.FAIL]
