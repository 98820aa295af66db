"""Every boolean and every amount of money a request writes takes JSON at its word.

api.md ("General"): a boolean is JSON ``true``/``false`` (``"yes"``, ``"true"`` and ``1``
are a 400, never read as true), and money is a decimal string with up to two places
(``"50.00"``; ``"1e2"`` or a JSON number is refused). The walk takes the request body of
every operation of the published schema and checks each field a client writes, a nested
object's, a list's and an object's values included: an operation added later whose body
forgets fails here.
"""

from __future__ import annotations

from decimal import Decimal
from unittest import mock

import pytest
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import force_instance
from rest_framework import serializers
from rest_framework.exceptions import ValidationError

from permits_site.api.public.fields import MoneyField


def _request_serializers() -> dict[str, serializers.BaseSerializer]:
    """The request body of each operation of the schema, by its serializer's class."""
    bodies = {}
    described = AutoSchema._get_request_for_media_type

    def recording(schema, serializer, *args, **kwargs):
        body = force_instance(serializer)
        if isinstance(body, serializers.BaseSerializer):
            bodies[f"{type(body).__module__}.{type(body).__qualname__}"] = body
        return described(schema, serializer, *args, **kwargs)

    with mock.patch.object(AutoSchema, "_get_request_for_media_type", recording):
        SchemaGenerator().get_schema(request=None, public=True)
    return bodies


def _written(name: str, field: serializers.Field):
    """``field`` and every field inside it a client writes, each with its dotted name."""
    if field.read_only:
        return
    if isinstance(field, serializers.ListSerializer):
        yield from _written(f"{name}[]", field.child)
    elif isinstance(field, serializers.Serializer):
        for inner_name, inner in field.fields.items():
            yield from _written(f"{name}.{inner_name}", inner)
    else:
        yield name, field
        if isinstance(getattr(field, "child", None), serializers.Field):
            yield from _written(f"{name}[]", field.child)


WRITTEN = sorted(
    (written for name, body in _request_serializers().items() for written in _written(name, body)),
    key=lambda written: written[0],
)
BOOLEANS = [(name, field) for name, field in WRITTEN if isinstance(field, serializers.BooleanField)]
#: Money: the shared field, and any decimal with cents a request body declares on its own.
AMOUNTS = [(name, field) for name, field in WRITTEN
           if isinstance(field, MoneyField)
           or (isinstance(field, serializers.DecimalField) and field.decimal_places == 2)]

NOT_BOOLEANS = ["yes", "true", "false", "1", 1, 0, "on"]
NOT_MONEY = ["1e2", "1E2", 100, 100.5, "100.", ".5", "1.234", "-1.00", " 1.00", "1,00",
             "NaN", "Infinity", True]


def test_the_walk_finds_the_fields_the_review_named():
    """A walk that found nothing would prove nothing."""
    booleans = {name for name, _field in BOOLEANS}
    amounts = {name for name, _field in AMOUNTS}

    assert {
        "dogs.cases.api.DangerousDeterminationSerializer.deemed",
        "permits_site.api.serializers.DocumentReviewSerializer.accepted",
        "permits_site.api.serializers.ReviewDeterminationSerializer.acceptable",
        "dogs.licenses.api.DogSerializer.spayed_neutered",
        "permits_site.api.enforcement.CitationCreateSerializer.answers[]",
    } <= booleans
    assert {
        "permits_site.api.public.serializers.FineQuoteRequestSerializer.amount",
        "permits_site.api.enforcement.ChargeCreateSerializer.amount",
        "permits_site.api.serializers.FeeScheduleCreateSerializer.amounts[]",
        "permits_site.api.fines.FineScheduleCreateSerializer.amounts[].first",
    } <= amounts


@pytest.mark.parametrize(("name", "field"), BOOLEANS, ids=[name for name, _field in BOOLEANS])
def test_every_boolean_a_request_writes_is_a_json_boolean(name, field):
    for sent in NOT_BOOLEANS:
        with pytest.raises(ValidationError):
            field.run_validation(sent)
    assert field.run_validation(True) is True
    assert field.run_validation(False) is False


@pytest.mark.parametrize(("name", "field"), AMOUNTS, ids=[name for name, _field in AMOUNTS])
def test_every_amount_a_request_writes_is_a_decimal_string_with_cents(name, field):
    for sent in NOT_MONEY:
        with pytest.raises(ValidationError):
            field.run_validation(sent)
    assert field.run_validation("75") == Decimal("75.00")
    assert field.run_validation("75.5") == Decimal("75.50")
    assert field.run_validation("0.05") == Decimal("0.05")
