"""An application's ``details`` in the API: how each permit type reads and shows them.

A permit type whose kind keeps typed details (a dog license: which dog, which
license year) has a handler that its bylaw app registers (see ``registry``).
Every other type's details are the facts of its rule set, validated strictly
(unknown, missing and mistyped facts are refused) and stored as sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers

from permits_site.api.registry import DetailsHandler, registered_details
from permits_site.licensing.models import Application, PermitType
from permits_site.rules.base import FactsInvalid
from permits_site.rules.registry import get_rule_set


class FactDetails(DetailsHandler):
    """Details that are the facts of the permit type's rule set, edited while a draft."""

    takes_facts = True

    def parse(self, permit_type: PermitType, raw: Mapping[str, Any]) -> dict[str, Any]:
        """Check ``raw`` against the rule set; a type without one takes no facts at all."""
        rule_set = get_rule_set(permit_type.check_code)
        try:
            if rule_set is None and raw:
                raise FactsInvalid({name: [f"{permit_type.name} takes no facts."] for name in raw})
            if rule_set is not None:
                rule_set.parse(raw)
        except FactsInvalid as invalid:
            raise serializers.ValidationError(invalid.errors) from invalid
        return dict(raw)

    def represent(self, application: Application) -> dict[str, Any]:
        return dict(application.facts)


_FACTS = FactDetails()


def details_for(permit_type_code: str) -> DetailsHandler:
    """The registered handler of the permit type, or its rule set's facts."""
    return registered_details(permit_type_code) or _FACTS
