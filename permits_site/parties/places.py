"""What each town's rules read from a place, registered by its bylaw app.

Tisbury's coastal septic rules read the lot's ``zone``; several towns'
rules read residential or business ``zoning``. A town declares these once,
as :class:`~permits_site.rules.base.Fact` s, from its app's ``ready()``; a
property's attributes are validated against them, and a permit type's rule
set takes a fact of the same name from the property (``facts_from``
"property") instead of asking for it again.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from permits_site.rules.base import Fact, FactsInvalid, FactType, RuleSet

#: Every town's properties may say how the lot is zoned.
ZONING = Fact(
    "zoning",
    FactType.CHOICE,
    "How is the lot zoned?",
    choices=("residential", "business"),
    required=False,
)

_PLACE_ATTRIBUTES: dict[str, tuple[Fact, ...]] = {}


def register_place_attributes(municipality: str, *facts: Fact) -> None:
    """Declare the attributes ``municipality``'s rules read from a property."""
    _PLACE_ATTRIBUTES[municipality] = (ZONING, *facts)


def place_attributes(municipality: str) -> tuple[Fact, ...]:
    return _PLACE_ATTRIBUTES.get(municipality, (ZONING,))


def place_attribute_names(municipality: str) -> frozenset[str]:
    """Every attribute a rule set may read from a place: the asked and the derived."""
    return frozenset(fact.name for fact in place_attributes(municipality)) | frozenset(
        derived.fact.name for derived in derived_place_attributes(municipality))


@dataclass(frozen=True)
class Derivation:
    """What a derived attribute is for one place, and why: ``basis`` a short code of the
    rule that settled it (e.g. "lot_list"), ``reason`` a sentence citing the law."""

    value: Any
    basis: str
    reason: str

    @property
    def label(self) -> str:
        """The value as a person reads it ("Barrier beach")."""
        return str(self.value).replace("_", " ").capitalize()

    def describe(self) -> dict[str, Any]:
        return {"value": self.value, "basis": self.basis, "reason": self.reason}


#: Derives one attribute for many places at once (a fixed number of queries):
#: (places, on) → place id → Derivation.
Deriver = Callable[[Sequence[Any], dt.date | None], Mapping[int, Derivation]]
#: Records staff's setting or correction of a derived attribute:
#: (place, value, reason, acting_user) → None; raises a DomainError naming the field.
Recorder = Callable[[Any, Any, str, Any], None]


@dataclass(frozen=True)
class DerivedAttribute:
    """An attribute the town derives from its own records rather than asks (Tisbury's
    ``zone``): a resident never sends it; staff set or correct it with a reason."""

    fact: Fact
    how: str
    derive: Deriver
    record: Recorder
    #: Who may set it: (user, municipality id) → bool.
    may_record: Callable[[Any, int], bool]

    def refusal(self) -> str:
        return f"The {self.fact.name} is not sent: the town derives it. {self.how}"


_DERIVED_ATTRIBUTES: dict[str, tuple[DerivedAttribute, ...]] = {}


def register_derived_attribute(municipality: str, derived: DerivedAttribute) -> None:
    """Declare an attribute ``municipality`` derives for its places."""
    known = [item for item in _DERIVED_ATTRIBUTES.get(municipality, ())
             if item.fact.name != derived.fact.name]
    _DERIVED_ATTRIBUTES[municipality] = (*known, derived)


def derived_place_attributes(municipality: str) -> tuple[DerivedAttribute, ...]:
    return _DERIVED_ATTRIBUTES.get(municipality, ())


def derive_attributes(places: Sequence[Any], *, on: dt.date | None = None
                      ) -> dict[int, dict[str, Derivation]]:
    """Place id → name → :class:`Derivation`, for every derived attribute of the places'
    towns; a fixed number of queries per town whatever the number of places."""
    by_town: dict[str, list[Any]] = {}
    for place in places:
        by_town.setdefault(place.municipality.code, []).append(place)
    derived: dict[int, dict[str, Derivation]] = {place.pk: {} for place in places}
    for town, town_places in by_town.items():
        for attribute in derived_place_attributes(town):
            for pk, derivation in attribute.derive(town_places, on).items():
                derived[pk][attribute.fact.name] = derivation
    return derived


def place_facts(place, *, on: dt.date | None = None) -> dict[str, Any]:
    """What the town's rules read from ``place``: its recorded attributes and the values
    the town derives (Tisbury's ``zone``)."""
    derived = derive_attributes([place], on=on)[place.pk]
    return {**place.attributes, **{name: item.value for name, item in derived.items()}}


def derived_sent(municipality: str, raw: Mapping[str, Any]) -> list[DerivedAttribute]:
    """The derived attributes named in ``raw``."""
    return [item for item in derived_place_attributes(municipality) if item.fact.name in raw]


def parse_place_attributes(municipality: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """Strict-JSON attributes checked like rule-set facts; raises ``FactsInvalid``. A
    derived attribute sent is refused naming it: the town derives it."""
    refused = {item.fact.name: [item.refusal()]
               for item in derived_sent(municipality, raw)}
    if refused:
        raise FactsInvalid(refused)
    declared = RuleSet(
        code=f"{municipality}.place", municipality=municipality, title="Place",
        facts=place_attributes(municipality),
    )
    parsed = declared.parse(raw)
    return {name: value for name, value in parsed.items() if value is not None}


#: A town's panel on the clerk's property page: (template, context of (place, user)).
PlacePanel = tuple[str, Callable[[Any, Any], dict[str, Any]]]
_PLACE_PANELS: dict[str, list[PlacePanel]] = {}


def register_place_panel(municipality: str, template: str,
                         context: Callable[[Any, Any], dict[str, Any]]) -> None:
    """Show ``template`` on the clerk's page of each of ``municipality``'s properties, with
    ``panel`` = ``context(place, user)`` (a bylaw app's records about the place)."""
    panels = _PLACE_PANELS.setdefault(municipality, [])
    if all(registered != template for registered, _context in panels):
        panels.append((template, context))


def place_panels(place, user) -> list[tuple[str, dict[str, Any]]]:
    """The registered panels of ``place``'s town, each with its context."""
    return [(template, context(place, user))
            for template, context in _PLACE_PANELS.get(place.municipality.code, [])]


__all__ = [
    "Derivation",
    "DerivedAttribute",
    "FactsInvalid",
    "ZONING",
    "derive_attributes",
    "derived_place_attributes",
    "derived_sent",
    "place_facts",
    "register_derived_attribute",
    "parse_place_attributes",
    "place_attribute_names",
    "place_attributes",
    "place_panels",
    "register_place_attributes",
    "register_place_panel",
]
