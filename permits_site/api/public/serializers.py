"""Request and response shapes of the public API (api.md, "Public (no login)").

Response serializers read the rule engine's dataclasses and the catalogue
models directly; request serializers are strict (see :mod:`.fields`).
"""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from permits_site.api.public.fields import (
    BoundedDateField,
    BoundedModelSerializer,
    FieldsOnceSerializer,
    JSONObjectField,
    JSONValueField,
    MoneyField,
    QueryIntegerField,
    StrictCharField,
    StrictDateField,
    StrictIntegerField,
    StrictSerializer,
    to_json,
)
from permits_site.licensing.declarations import (
    FIELD_TYPES,
    GATE_CODES,
    About,
    FactSource,
    Holder,
    Purpose,
)
from permits_site.licensing.fact_forms import EARLIEST_DATE, LATEST_DATE, bounds_errors
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import PermitType
from permits_site.rules.base import (
    CheckResult,
    Consequence,
    Fact,
    FactsInvalid,
    FactType,
    Finding,
    Outcome,
    RuleSet,
)
from permits_site.rules.fines import MOST_DAYS, MOST_PRIOR_OFFENSES, MOST_UNITS
from permits_site.rules.periods import PeriodKind
from permits_site.search.matching import MAX_LENGTH as MAX_QUERY_LENGTH
from permits_site.towns.models import Municipality

ON_HELP = "The date to judge at, YYYY-MM-DD; null or absent means today in America/New_York."
MONEY = {"max_digits": None, "decimal_places": 2, "coerce_to_string": True}


# -- Towns and their calendars -------------------------------------------------


class MunicipalitySerializer(BoundedModelSerializer):
    """A town whose local law the site applies; its ``code`` names it in addresses and
    request bodies."""

    business_days = serializers.ListField(
        source="business_day_codes", child=serializers.CharField(),
        help_text='The weekdays the offices keep: "mon" … "sun".',
    )

    class Meta:
        model = Municipality
        fields = ["code", "name", "business_days"]


@extend_schema_field(OpenApiTypes.NUMBER)
class NumberValueField(JSONValueField):
    """A bound of a number field, as a JSON number."""


class DeclaredFieldSerializer(serializers.Serializer):
    """One entry of a permit type's ``fields`` (``DeclaredField.describe``): what a client
    sends under that name. Keys marked optional appear only where they apply."""

    name = serializers.CharField()
    type = serializers.ChoiceField(choices=FIELD_TYPES)
    required = serializers.BooleanField()
    label = serializers.CharField()
    help = serializers.CharField(allow_blank=True)
    unit = serializers.CharField(allow_blank=True)
    choices = serializers.ListField(child=serializers.CharField(), required=False,
                                    help_text="The values a choice or list field takes.")
    minimum = NumberValueField(required=False, help_text="Number fields: the least value.")
    maximum = NumberValueField(required=False, help_text="Number fields: the greatest value.")
    min_date = serializers.CharField(
        required=False, help_text='Date fields: the earliest day taken, YYYY-MM-DD or "today" '
        "(the day the application is sent).")
    max_date = serializers.CharField(
        required=False, help_text='Date fields: the latest day taken, YYYY-MM-DD or "today".')
    max_items = serializers.IntegerField(
        required=False, help_text="List fields: the most entries taken.")
    references = serializers.CharField(
        required=False, help_text="Reference fields: the kind of the applicant's record whose "
        "id the field takes (property, business, permit, dog…).")
    actions = serializers.ListField(child=serializers.CharField(), required=False,
                                    help_text="Only for these actions; absent: every action.")


class PlaceAttributeSerializer(DeclaredFieldSerializer):
    """One place attribute, in the shape of a permit type's field."""

    derived = serializers.BooleanField(
        help_text="True when the town derives it: read-only for a resident, who does not "
        "send it (a property sent with it is refused naming it).")
    how = serializers.CharField(required=False,
                                help_text="How the town derives it (derived ones only).")


class MunicipalityDetailSerializer(serializers.Serializer):
    code = serializers.CharField()
    name = serializers.CharField()
    business_days = serializers.ListField(child=serializers.CharField())
    place_attributes = PlaceAttributeSerializer(many=True)
    hearing_time = serializers.TimeField(
        allow_null=True, format="%H:%M",
        help_text="The hour the town's hearings begin unless a hearing's notice names "
                  "another (HH:MM); null when the town has set none.")
    hearing_place = serializers.CharField(
        allow_blank=True,
        help_text="Where the town's hearings are held unless a hearing's notice names "
                  "another place; empty when the town has set none.")


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


class DeclaredDocumentSerializer(serializers.Serializer):
    kind = serializers.CharField()
    label = serializers.CharField()
    required = serializers.BooleanField()
    may_follow = serializers.BooleanField(
        help_text="The application may be submitted without it; it follows before issue.")
    section = serializers.CharField()
    one_of = serializers.CharField(required=False,
                                   help_text="Documents sharing it are alternatives.")
    actions = serializers.ListField(child=serializers.CharField(), required=False)


class DeclaredFeeSerializer(serializers.Serializer):
    code = serializers.CharField(
        help_text="The code a fee quote's line carries: the action for its main line (several "
        "entries of one action are its amounts by the quote's facts), else the line's own "
        "code (`late_fee`).")
    item = serializers.CharField(
        help_text="The fee schedule item the amount is (`/fee-schedules/` items' `code`).")
    label = serializers.CharField()
    amount = serializers.CharField(help_text="A decimal string with two places.")
    section = serializers.CharField()
    placeholder = serializers.BooleanField(
        help_text="True while the schedule is the seeded one the town has not confirmed.")


class PermitTypeDeclarationSerializer(serializers.Serializer):
    """A permit type's declaration (``services.declarations.declaration``; lifecycle.md)."""

    code = serializers.CharField()
    municipality = serializers.CharField()
    name = serializers.CharField()
    authority = serializers.CharField()
    term = serializers.CharField()
    check = serializers.CharField(allow_null=True,
                                  help_text="The rule set that judges an application, or null.")
    inspection_check = serializers.CharField(
        allow_null=True, help_text="The check (GET /checks/{code}/) the inspector answers "
        "on the inspection that gates issuance, or null when none is declared.")
    actions = serializers.ListField(child=serializers.CharField())
    online = serializers.BooleanField()
    holder = serializers.ChoiceField(choices=[holder.value for holder in Holder])
    about = serializers.ChoiceField(choices=[about.value for about in About])
    purposes = serializers.ListField(child=serializers.ChoiceField(
        choices=[purpose.value for purpose in Purpose]))
    fields = DeclaredFieldSerializer(many=True, help_text="Exactly what `details` of "
                                     "POST /applications/ takes.")
    facts_from = serializers.DictField(child=serializers.ChoiceField(
        choices=[source.value for source in FactSource]))
    documents = DeclaredDocumentSerializer(many=True)
    gates = serializers.ListField(child=serializers.ChoiceField(choices=GATE_CODES))
    fees = DeclaredFeeSerializer(many=True, help_text="The fees in force today.")


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


class CheckRequestSerializer(FieldsOnceSerializer):
    """Facts judged by the rule set in ``context["rule_set"]``, parsed to Python values."""

    facts = JSONObjectField(
        help_text="The rule set's facts by name, as strict JSON (see GET /checks/{code}/)."
    )
    on = StrictDateField(required=False, allow_null=True, default=None, help_text=ON_HELP)

    def validate_facts(self, raw: dict[str, Any]) -> dict[str, Any]:
        rule_set: RuleSet = self.context["rule_set"]
        try:
            facts = rule_set.parse(raw)
        except FactsInvalid as invalid:
            raise serializers.ValidationError(invalid.errors) from invalid
        return facts

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        """The facts' bounds, "today" being the day they are judged on."""
        if errors := bounds_errors(self.context["rule_set"], attrs["facts"], on=attrs["on"]):
            raise serializers.ValidationError({"facts": errors})
        return attrs


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


# The schema of a check's answer; check_result_json writes it.
class CheckResultSerializer(serializers.Serializer):
    check = serializers.CharField()
    on = BoundedDateField()
    compliant = serializers.BooleanField(help_text="False when any finding is a fail.")
    findings = FindingSerializer(many=True)


def check_result_json(result: CheckResult) -> dict[str, Any]:
    """A check's answer in the shape of :class:`CheckResultSerializer`, built directly.

    The public check is the API's busiest call: building a serializer per request
    deep-copies its fields and each finding's, which cost half its time (issue 24).
    """
    return {
        "check": result.check,
        "on": result.on.isoformat(),
        "compliant": result.compliant,
        "findings": [finding_json(finding) for finding in result.findings],
    }


def finding_json(finding: Finding) -> dict[str, Any]:
    """One finding in the shape of :class:`FindingSerializer`."""
    return {
        "rule": finding.rule,
        "citation": finding.citation,
        "outcome": finding.outcome.value,
        "message": finding.message,
        "required": to_json(finding.required),
        "actual": to_json(finding.actual),
        "unit": finding.unit,
        "consequence": finding.consequence.value,
    }


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
        required=False, default=0, min_value=0, max_value=MOST_PRIOR_OFFENSES,
        help_text="Earlier offenses of the same kind by the same party.",
    )
    days = StrictIntegerField(
        required=False, default=1, min_value=1, max_value=MOST_DAYS,
        help_text="More than 1 only for offenses fined for each day.",
    )
    units = StrictIntegerField(
        required=False, default=1, min_value=1, max_value=MOST_UNITS,
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
