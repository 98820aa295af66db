"""A permit type declared only in a test: its row, a fee schedule and its kind, registered
for the test's duration (``declared_permit_type``) and forgotten afterwards."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from decimal import Decimal

from permits_site.licensing.declarations import About, DeclaredDocument, Holder, detail_field
from permits_site.licensing.kinds import PermitKind, registered_kind
from permits_site.licensing.models import FeeItem, FeeSchedule, PermitType
from permits_site.rules.base import (
    CheckContext,
    Fact,
    FactType,
    RuleSet,
    Verdict,
    at_most,
    needs_review,
    passed,
)
from permits_site.rules.registry import registered_law
from permits_site.towns.models import Municipality

CODE = "north_andover.garden_party"


#: A large party is for the Clerk to judge: the one rule a reviewer determines.
NEIGHBOURS_LIMIT = 50
GARDEN_PARTY = RuleSet(
    code=CODE,
    municipality="north_andover",
    title="Garden party",
    facts=(Fact("guests", FactType.INTEGER, "How many guests?", minimum=1, maximum=500),),
)


@GARDEN_PARTY.rule("garden.1.neighbours", "Test Bylaw §1(a)",
                   "A party of more than 50 guests is reviewed for the neighbours",
                   reviewable=True)
def neighbours(facts, context: CheckContext) -> Verdict:
    if facts["guests"] > NEIGHBOURS_LIMIT:
        return needs_review(f"{facts['guests']} guests: the Clerk judges the neighbours' "
                            "quiet.", required=NEIGHBOURS_LIMIT, actual=facts["guests"])
    return passed("A small party.")


@GARDEN_PARTY.rule("garden.2.size", "Test Bylaw §1(b)", "At most 200 guests")
def size(facts, context: CheckContext) -> Verdict:
    return at_most(facts["guests"], 200, unit="", what="The number of guests")


class GardenPartyKind(PermitKind):
    """A garden party permit: no law of any town, no page, form or view of its own."""

    code = CODE
    holder = Holder.PERSON_OR_BUSINESS
    about = About.PROPERTY
    extra_fields = (
        detail_field("party_date", FactType.DATE, "Date of the party"),
        detail_field("band", FactType.TEXT, "Band playing (if any)", required=False),
    )
    documents = (
        DeclaredDocument("site_plan", "Site plan of the garden", "Test Bylaw §1", may_follow=True),
    )


@contextmanager
def declared_permit_type(*, fee: str = "12.00") -> Iterator[PermitType]:
    """Create the test permit type in North Andover and register its kind."""
    permit_type = PermitType.objects.create(
        code=CODE,
        municipality=Municipality.objects.get(code="north_andover"),
        name="Garden Party Permit",
        authority="Town Clerk",
        term="Valid through December 31 of the year issued",
        citation="Test Bylaw §1",
        check_code=CODE,
        actions=["new", "renewal"],
        number_prefix="GPP",
    )
    schedule = FeeSchedule.objects.create(permit_type=permit_type,
                                          effective_from=dt.date(2000, 1, 1))
    FeeItem.objects.bulk_create(
        FeeItem(schedule=schedule, code=action, description=f"Garden party ({action})",
                amount=Decimal(fee), citation="Test Bylaw §2")
        for action in ("new", "renewal")
    )
    with registered_law("north_andover", rule_sets=[GARDEN_PARTY]), \
            registered_kind(GardenPartyKind()):
        yield permit_type
