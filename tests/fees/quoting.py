"""Quote a fee through the service and read its lines."""

import datetime as dt

import pytest

from permits_site.licensing.models import PermitType
from permits_site.licensing.services.fees import quote_fee
from permits_site.rules.fees import QuoteRefused


def quote(permit_type: str, action: str, facts=None, *, on: dt.date):
    """The fee lines of a quote as (code, amount, percent) triples, and its total."""
    result, _ = quote_fee(permit_type=PermitType.objects.get(code=permit_type), action=action,
                          facts={} if facts is None else facts, on=on)
    return [(line.code, str(line.amount), line.percent) for line in result.lines], str(result.total)


def refusal(permit_type: str, action: str, facts=None, *, on: dt.date) -> dict:
    with pytest.raises(QuoteRefused) as refused:
        quote(permit_type, action, facts, on=on)
    return refused.value.errors
