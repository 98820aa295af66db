"""How a page writes an amount of money (``|money``): a reduction's negative line reads as a
payment's does on the same statement, "−$15.00", never "$-15.00"."""

from decimal import Decimal

import pytest
from django.utils import translation

from permits_site.licensing.templatetags.localised import money


@pytest.mark.parametrize(("language", "amount", "written"), [
    ("en", Decimal("-15.00"), "−$15.00"),
    ("en", Decimal("0.00"), "$0.00"),
    ("en", Decimal("1234.50"), "$1234.50"),
    ("pt-br", Decimal("-1234.50"), "−US$ 1.234,50"),
    ("es", Decimal("15.00"), "US$ 15,00"),
])
def test_an_amount_is_written_with_its_sign_before_the_currency(language, amount, written):
    with translation.override(language):
        assert money(amount) == written


def test_no_amount_writes_nothing():
    assert money(None) == ""
