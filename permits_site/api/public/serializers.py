"""Request and response shapes of the public API (api.md, "Public (no login)").

Response serializers read the rule engine's dataclasses and the catalogue
models directly; request serializers are strict (see :mod:`.fields`).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from permits_site.api.public.fields import (
    BoundedDateField,
    BoundedModelSerializer,
    JSONValueField,
    MoneyField,
    QueryIntegerField,
    StrictCharField,
    StrictDateField,
    StrictIntegerField,
    StrictSerializer,
)
from permits_site.licensing.declarations import Purpose
from permits_site.licensing.fact_forms import EARLIEST_DATE, LATEST_DATE, bounds_errors
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import PermitType
from permits_site.rules.base import Consequence, Fact, FactsInvalid, FactType, Outcome, RuleSet
from permits_site.rules.periods import PeriodKind
from permits_site.search.matching import MAX_LENGTH as MAX_QUERY_LENGTH
from permits_site.towns.models import Municipality

ON_HELP = "The date to judge at, YYYY-MM-DD; null or absent means today in America/New_York."
MONEY = {"max_digits": None, "decimal_places": 2, "coerce_to_string": True}


# -- Towns and their calendars -------------------------------------------------


class MunicipalitySerializer(BoundedModelSerializer):
    business_days = serializers.ListField(
        source="business_day_codes", child=serializers.CharField(),
        help_text='The weekdays the offices keep: "mon" … "sun".',
    )

    class Meta:
        model = Municipality
        fields = ["code", "name", "business_days"]


class PlaceAttributeSerializer(serializers.Serializer):
    """One place attribute, in the shape of a permit type's field."""

    name = serializers.CharField()
    type = serializers.CharField()
    required = serializers.BooleanField()
    label = serializers.CharField()
    help = serializers.CharField(allow_blank=True)
    unit = serializers.CharField(allow_blank=True)
    choices = serializers.ListField(child=serializers.CharField(), required=False)
    derived = serializers.BooleanField(
        help_text="True when the town derives it: a resident does not send it.")
    how = serializers.CharField(required=False,
                                help_text="How the town derives it (derived ones only).")


class MunicipalityDetailSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    business_days = serializers.ListField(child=serializers.CharField())
    place_attributes = PlaceAttributeSerializer(many=True)


class KeyDatesQuerySerializer(serializers.Serializer):
    year = QueryIntegerField(
        required=False, min_value=EARLIEST_DATE.year, max_value=LATEST_DATE.year,
        help_text="The license or permit year; the current year when absent.",
    )


class KeyDateSerializer(serializers.Serializer):
    code = serializers.CharField()
    date = BoundedDateField()
    citation = serializers.CharField()


class KeyDatesSerializer(serializers.Serializer):
    municipality = serializers.CharField()
    year = serializers.IntegerField()
    dates = KeyDateSerializer(many=True)


class DeadlineQuerySerializer(serializers.Serializer):
    """``?from=YYYY-MM-DD`` (``from`` is a Python keyword, hence ``get_fields``)."""

    def get_fields(self) -> dict[str, serializers.Field]:
        return {"from": StrictDateField(help_text="The day the period is counted from.")}


class DeadlineSerializer(serializers.Serializer):
    def get_fields(self) -> dict[str, serializers.Field]:
        return {
            "period": serializers.CharField(),
            "from": BoundedDateField(),
            "due": BoundedDateField(
                help_text="The last day: a deadline rolls to the next business day, "
                "a duration does not."
            ),
            "kind": serializers.ChoiceField(choices=[kind.value for kind in PeriodKind]),
            "citation": serializers.CharField(),
        }


# -- Permit types ----------------------------------------------------------------


class PermitTypeQuerySerializer(serializers.Serializer):
    municipality = serializers.CharField(
        required=False, help_text="Only this town's permit types (a municipality code)."
    )
    purpose = serializers.ChoiceField(
        required=False, choices=[(purpose.value, purpose.label) for purpose in Purpose],
        help_text="Only the types serving what the person wants to do (a purpose code, as "
        "each type lists under `purposes`).",
    )
    q = serializers.CharField(
        required=False, allow_blank=True, max_length=MAX_QUERY_LENGTH * 2,
        help_text="Words, each of which must be found in the type's name, town, authority, "
        "citation, who needs it or purposes (case-insensitive; a plural finds the singular).",
    )


class PermitTypeSerializer(BoundedModelSerializer):
    municipality = serializers.SlugRelatedField(slug_field="code", read_only=True)
    check = serializers.SerializerMethodField(
        help_text="The rule set that judges an application, or null."
    )
    actions = serializers.ListField(child=serializers.CharField())
    purposes = serializers.SerializerMethodField(
        help_text="What a person applying wants to do: the purpose codes the type serves."
    )

    class Meta:
        model = PermitType
        fields = ["code", "municipality", "name", "authority", "term", "check", "actions",
                  "purposes"]

    @extend_schema_field(serializers.ListField(child=serializers.ChoiceField(
        choices=[purpose.value for purpose in Purpose])))
    def get_purposes(self, permit_type: PermitType) -> list[str]:
        return [purpose.value for purpose in kind_for(permit_type.code).purposes]

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_check(self, permit_type: PermitType) -> str | None:
        return permit_type.check_code or None


# -- Checks (rule sets) --------------------------------------------------------------


class FactSerializer(serializers.Serializer):
    name = serializers.CharField()
    type = serializers.ChoiceField(choices=[fact_type.value for fact_type in FactType])
    required = serializers.SerializerMethodField(
        help_text="False where the fact may be omitted or null."
    )
    unit = serializers.CharField()
    choices = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Only for choice facts."
    )

    @extend_schema_field(serializers.BooleanField())
    def get_required(self, fact: Fact) -> bool:
        return not fact.optional

    def to_representation(self, fact: Fact) -> dict[str, Any]:
        shown = super().to_representation(fact)
        if fact.type is not FactType.CHOICE:
            del shown["choices"]
        return shown


class RuleSerializer(serializers.Serializer):
    id = serializers.CharField()
    citation = serializers.CharField()
    summary = serializers.CharField()


class RuleSetSerializer(serializers.Serializer):
    code = serializers.CharField()
    municipality = serializers.CharField()
    title = serializers.CharField()
    facts = FactSerializer(many=True)
    rules = RuleSerializer(many=True)


class CheckRequestSerializer(StrictSerializer):
    """Facts judged by the rule set in ``context["rule_set"]``, parsed to Python values."""

    facts = serializers.DictField(
        help_text="The rule set's facts by name, as strict JSON (see GET /checks/{code}/)."
    )
    on = StrictDateField(required=False, allow_null=True, default=None, help_text=ON_HELP)

    def validate_facts(self, raw: dict[str, Any]) -> dict[str, Any]:
        rule_set: RuleSet = self.context["rule_set"]
        try:
            facts = rule_set.parse(raw)
        except FactsInvalid as invalid:
            raise serializers.ValidationError(invalid.errors) from invalid
        if errors := bounds_errors(rule_set, facts):
            raise serializers.ValidationError(errors)
        return facts


class FindingSerializer(serializers.Serializer):
    rule = serializers.CharField()
    citation = serializers.CharField()
    outcome = serializers.ChoiceField(choices=[outcome.value for outcome in Outcome])
    message = serializers.CharField()
    required = JSONValueField(help_text="The threshold, where the rule compares one; else null.")
    actual = JSONValueField(help_text="The fact's value the rule compared; else null.")
    unit = serializers.CharField()
    consequence = serializers.ChoiceField(
        choices=[consequence.value for consequence in Consequence],
        help_text="What a failure does: blocks issuance, a penalty follows, or advisory.",
    )


class CheckResultSerializer(serializers.Serializer):
    check = serializers.CharField()
    on = BoundedDateField()
    compliant = serializers.BooleanField(help_text="False when any finding is a fail.")
    findings = FindingSerializer(many=True)


# -- Quotes --------------------------------------------------------------------------


class FeeQuoteRequestSerializer(StrictSerializer):
    permit_type = StrictCharField(help_text="A permit type code, e.g. north_andover.dog_license.")
    action = StrictCharField(help_text="One of the permit type's actions, e.g. new or renewal.")
    facts = serializers.DictField(
        required=False, default=dict, help_text="The facts this quote uses (api.md)."
    )
    on = StrictDateField(required=False, allow_null=True, default=None, help_text=ON_HELP)


class FeeLineSerializer(serializers.Serializer):
    code = serializers.CharField()
    description = serializers.CharField()
    amount = serializers.DecimalField(**MONEY)
    citation = serializers.CharField()
    percent = serializers.IntegerField(
        required=False, help_text="Surcharge or pro-rating lines only."
    )


class FeeQuoteSerializer(serializers.Serializer):
    permit_type = serializers.CharField()
    action = serializers.CharField()
    on = BoundedDateField()
    lines = FeeLineSerializer(many=True)
    total = serializers.DecimalField(**MONEY)


class FineQuoteRequestSerializer(StrictSerializer):
    municipality = StrictCharField(help_text="A municipality code, e.g. tisbury.")
    offense = StrictCharField(help_text="An offense code of the town's fine schedule.")
    prior_offenses = StrictIntegerField(
        required=False, default=0, min_value=0,
        help_text="Earlier offenses of the same kind by the same party.",
    )
    days = StrictIntegerField(
        required=False, default=1, min_value=1,
        help_text="More than 1 only for offenses fined for each day.",
    )
    units = StrictIntegerField(
        required=False, default=1, min_value=1,
        help_text="More than 1 only for offenses fined per permit or per boat.",
    )
    amount = MoneyField(
        required=False, allow_null=True, default=None,
        help_text="Only for offenses whose amount the officer sets within a range.",
    )
    on = StrictDateField(required=False, allow_null=True, default=None, help_text=ON_HELP)


class FineQuoteSerializer(serializers.Serializer):
    offense = serializers.CharField()
    offense_number = serializers.IntegerField()
    warning = serializers.BooleanField(help_text="A written warning: nothing is due.")
    amount_per_offense = serializers.DecimalField(**MONEY)
    days = serializers.IntegerField()
    total = serializers.DecimalField(**MONEY)
    citation = serializers.CharField()
