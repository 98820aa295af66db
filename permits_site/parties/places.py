"""What each town's rules read from a place, registered by its bylaw app.

Tisbury's coastal septic rules read the lot's ``zone``; several towns'
rules read residential or business ``zoning``. A town declares these once,
as :class:`~permits_site.rules.base.Fact` s, from its app's ``ready()``; a
property's attributes are validated against them, and a permit type's rule
set takes a fact of the same name from the property (``facts_from``
"property") instead of asking for it again.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
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
    return frozenset(fact.name for fact in place_attributes(municipality))


def parse_place_attributes(municipality: str, raw: Mapping[str, Any]) -> dict[str, Any]:
    """Strict-JSON attributes checked like rule-set facts; raises ``FactsInvalid``."""
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
    "FactsInvalid",
    "ZONING",
    "parse_place_attributes",
    "place_attribute_names",
    "place_attributes",
    "place_panels",
    "register_place_attributes",
    "register_place_panel",
]
