"""Strict-JSON fields, the JSON parser and the serializer bases of the API.

The contract takes JSON types at their word (api.md, "General"): an integer
is a JSON integer, a date a ``YYYY-MM-DD`` string, a code a JSON string.
DRF's own fields are lenient ("3" passes as an integer, ``3`` as text), so
these refuse what they would coerce, and name the field in the 400.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from decimal import Decimal
from typing import Any

from django.db import models
from django.utils.functional import cached_property
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.exceptions import ValidationError
from rest_framework.utils.serializer_helpers import BindingDict

from permits_site.licensing.fact_forms import DATE_BOUNDS_MESSAGE, EARLIEST_DATE, LATEST_DATE
from permits_site.rules.fines import PLAIN_AMOUNT, parse_money

DATE_PATTERN = re.compile(r"\d{4}-\d{2}-\d{2}")
INTEGER_PATTERN = re.compile(r"-?\d{1,9}")


class StrictIntegerField(serializers.IntegerField):
    """A JSON integer: ``"3"``, ``3.0`` and ``true`` are refused; one out of its bounds is
    refused in the words a rule set's facts use ("Must be 0 or more.")."""

    default_error_messages = {
        "invalid": "Enter a whole number (a JSON integer).",
        "min_value": "Must be {min_value} or more.",
        "max_value": "Must be {max_value} or less.",
    }

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return super().to_internal_value(data)


class StrictBooleanField(serializers.BooleanField):
    """A JSON boolean: ``"true"``, ``1`` and ``"yes"`` are refused."""

    default_error_messages = {"invalid": "Enter true or false (a JSON boolean)."}

    def to_internal_value(self, data: Any) -> bool:
        if not isinstance(data, bool):
            self.fail("invalid")
        return data


class StrictCharField(serializers.CharField):
    """A JSON string taken as sent: numbers and booleans are refused rather than turned
    into text, and a code with stray spaces is not silently trimmed into another."""

    default_error_messages = {"invalid": "Enter text (a JSON string)."}

    def __init__(self, **kwargs: Any):
        kwargs.setdefault("trim_whitespace", False)
        super().__init__(**kwargs)

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class BoundedDateField(serializers.DateField):
    """A date within the one bound every date input of the site shares.

    The bound is :data:`~permits_site.licensing.fact_forms.EARLIEST_DATE`–
    :data:`~permits_site.licensing.fact_forms.LATEST_DATE`, the same the
    page forms carry: a year 1 or year 9999 date is a typing mistake, and
    beyond what the calendar arithmetic can carry.
    """

    default_error_messages = {"out_of_bounds": DATE_BOUNDS_MESSAGE}

    def to_internal_value(self, data: Any) -> dt.date:
        day = super().to_internal_value(data)
        if not EARLIEST_DATE <= day <= LATEST_DATE:
            self.fail("out_of_bounds")
        return day


class StrictDateField(BoundedDateField):
    """A ``YYYY-MM-DD`` string naming a real day within the dates the site judges."""

    default_error_messages = {"invalid": "Enter a date as YYYY-MM-DD."}

    def to_internal_value(self, data: Any) -> dt.date:
        if not isinstance(data, str) or not DATE_PATTERN.fullmatch(data):
            self.fail("invalid")
        try:
            dt.date.fromisoformat(data)
        except ValueError:
            self.fail("invalid")
        return super().to_internal_value(data)


class BoundedModelSerializer(serializers.ModelSerializer):
    """The base of every model serializer of the project: a model's date is read through
    :class:`BoundedDateField`, so no record takes a day outside the site's one bound
    through the API, and a model's boolean through :class:`StrictBooleanField`, so
    ``"yes"`` is never read as true, whichever serializer writes it."""

    serializer_field_mapping = {
        **serializers.ModelSerializer.serializer_field_mapping,
        models.BooleanField: StrictBooleanField,
        models.DateField: BoundedDateField,
    }


class NamedRecordField(serializers.SlugRelatedField):
    """A record named by a field of its own (a permit type or a town by its ``code``, a
    person by ``username``): a JSON string, refused in the API's words ("There is no permit
    type 'bogus'."), not DRF's, which quote the lookup and a Python list sent as
    ``code=['a']``."""

    default_error_messages = {
        "does_not_exist": "There is no {noun} '{value}'.",
        "invalid": "Enter a code (a JSON string).",
        "null_characters": "Null characters are not allowed.",
    }

    def to_internal_value(self, data: Any) -> models.Model:
        if not isinstance(data, str):
            self.fail("invalid")
        if "\x00" in data:  # PostgreSQL stores no NUL: refused as a CharField refuses it
            self.fail("null_characters")
        queryset = self.get_queryset()
        try:
            return queryset.get(**{self.slug_field: data})
        except queryset.model.DoesNotExist:
            self.fail("does_not_exist", noun=queryset.model._meta.verbose_name, value=data)


class QueryIntegerField(serializers.IntegerField):
    """A whole number written in a query string: digits only, no ``2030.0``."""

    default_error_messages = {"invalid": "Enter a whole number such as 2030."}

    def to_internal_value(self, data: Any) -> int:
        if not isinstance(data, str) or not INTEGER_PATTERN.fullmatch(data):
            self.fail("invalid")
        return super().to_internal_value(data)


@extend_schema_field(
    {"type": "string", "format": "decimal", "pattern": r"^\d+(\.\d{1,2})?$", "nullable": True,
     "example": "75.00"}
)
class MoneyField(serializers.Field):
    """Dollars and cents as a decimal string with up to two places ("75.00", "75"), the
    one way every amount a request sends is read (api.md, "General": money as decimal
    strings). A JSON number, an exponent ("1e2") and a third decimal place are refused."""

    default_error_messages = {"invalid": 'Enter an amount in dollars and cents as a string, '
                                         'such as "50.00".'}

    def to_internal_value(self, data: Any) -> Decimal:
        if not isinstance(data, str) or not PLAIN_AMOUNT.fullmatch(data):
            self.fail("invalid")
        try:
            return parse_money(data)
        except ValueError as error:
            raise ValidationError(str(error)) from error

    def to_representation(self, value: Decimal) -> str:
        return f"{value}"


@extend_schema_field(OpenApiTypes.ANY)
class JSONValueField(serializers.Field):
    """A rule's threshold or measured value, as plain JSON (see :func:`to_json`)."""

    def to_representation(self, value: Any) -> Any:
        return to_json(value)


def to_json(value: Any) -> Any:
    """Dates as ISO strings, Decimals as JSON numbers (integers when whole), recursively.

    A finding's ``required`` and ``actual`` may be a date, a number, a list of
    fact names or a mapping of fact name to number (a rule joining several
    limits): ``Decimal("50")`` becomes ``50``, ``Decimal("112.5")`` ``112.5``.
    """
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(key): to_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [to_json(item) for item in value]
    return value


class JSONObjectField(serializers.DictField):
    """A JSON object taken as sent, its values left to whoever reads them (a rule set's
    facts, which :meth:`~permits_site.rules.base.RuleSet.parse` judges by name).

    ``DictField`` would run each value through a field of its own that accepts anything:
    a copy of the object, at the cost of a validation per value on a busy path. Its
    schema (an object of any values) and its refusal of anything but an object stay.
    """

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, dict):
            self.fail("not_a_dict", input_type=type(data).__name__)
        return data


class StrictSerializer(serializers.Serializer):
    """A request body: a JSON object of the fields a request sets. An unknown key is
    refused by name, and so is a read-only field, which only the answer carries (a
    payment's ``id`` or ``received_at``): sending one is never silently ignored."""

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, Mapping):
            return super().to_internal_value(data)  # refused: "Expected a dictionary"
        refused = {str(name): ["Read-only field." if name in self.fields else "Unknown field."]
                   for name in data if name not in self.fields or self.fields[name].read_only}
        try:
            validated = super().to_internal_value(data)
        except ValidationError as error:
            raise ValidationError({**error.detail, **refused}) from error
        if refused:
            raise ValidationError(refused)
        return validated


class FieldsOnceSerializer(StrictSerializer):
    """A request body whose fields are built and bound once per class, not per request.

    DRF deep-copies every declared field for each serializer it makes; a busy view's
    request serializer whose fields read nothing from the serializer (no ``context``, no
    instance, no ``partial``) can share one set: validating only reads them.
    """

    @cached_property
    def fields(self) -> BindingDict:
        cls = type(self)
        if cls not in _SHARED_FIELDS:
            _SHARED_FIELDS[cls] = serializers.Serializer.fields.func(cls())
        return _SHARED_FIELDS[cls]


_SHARED_FIELDS: dict[type[FieldsOnceSerializer], BindingDict] = {}


def validated_body(
    serializer_class: type[StrictSerializer], data: Any, **context: Any
) -> dict[str, Any]:
    """The request body validated by ``serializer_class``; anything but an object is a 400."""
    if not isinstance(data, Mapping):
        raise ValidationError({"non_field_errors": ["Send a JSON object as the request body."]})
    serializer = serializer_class(data=data, context=context)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data
