"""An application's ``details`` in the API: how each permit type reads and shows them.

A permit type whose kind keeps typed details (a dog license: which dog, which
license year) has a handler here. Every other type's details are the facts
of its rule set, validated strictly (unknown, missing and mistyped facts are
refused) and stored as sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rest_framework import serializers

from dogs.models import DogLicense
from dogs.services import DOG_LICENSE
from permits_site.api.public.fields import (
    StrictCharField,
    StrictDateField,
    StrictIntegerField,
    StrictSerializer,
)
from permits_site.licensing.models import Application, PermitType
from permits_site.rules.base import FactsInvalid
from permits_site.rules.registry import get_rule_set


class DogLicenseInputSerializer(StrictSerializer):
    """The types of a dog-license application's details; the dog form then judges the values."""

    dog = StrictIntegerField()
    license_year = StrictIntegerField()
    acquired_on = StrictDateField(required=False, allow_null=True)
    moved_in_on = StrictDateField(required=False, allow_null=True)
    previous_jurisdiction = StrictCharField(required=False, allow_blank=True, max_length=120)
    previous_license_number = StrictCharField(required=False, allow_blank=True, max_length=40)


class DogLicenseOutputSerializer(serializers.ModelSerializer):
    dog = serializers.SerializerMethodField()

    class Meta:
        model = DogLicense
        fields = ["dog", "license_year", "acquired_on", "moved_in_on", "previous_jurisdiction",
                  "previous_license_number"]

    def get_dog(self, details: DogLicense) -> dict:
        return {"id": details.dog_id, "name": details.dog.name}


class FactDetails:
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


class DogLicenseDetails:
    """Which dog and which license year; the rule set reads the dog and its documents."""

    takes_facts = False

    def parse(self, permit_type: PermitType, raw: Mapping[str, Any]) -> dict[str, Any]:
        serializer = DogLicenseInputSerializer(data=raw)
        serializer.is_valid(raise_exception=True)
        return dict(serializer.validated_data)

    def represent(self, application: Application) -> dict[str, Any]:
        return DogLicenseOutputSerializer(application.dog_license).data


_FACTS = FactDetails()
_TYPED = {DOG_LICENSE: DogLicenseDetails()}


def details_for(permit_type_code: str) -> FactDetails | DogLicenseDetails:
    return _TYPED.get(permit_type_code, _FACTS)
