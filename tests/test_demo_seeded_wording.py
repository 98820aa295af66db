"""Amounts the law's text does not state are the schedule in force, and residents read them
like any other fee: no license PDF of the demo says "seeded", "placeholder" or "confirm"
about a fee (the pages: ``tests/test_demo_plain_words.py``; the town's admin sees the flag:
``tests/fees/test_confirming_seeded_amounts.py``)."""

from __future__ import annotations

import pytest

from fixtures.demo import build
from permits_site.licensing.models import Permit
from permits_site.pdf import rendering
from tests.e2e.plain_language import read_page
from tests.test_demo_plain_words import FLAG_WORDS

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo():
    build()


def test_no_license_pdf_of_the_demo_flags_a_fee_as_seeded(demo):
    permits = list(Permit.objects.select_related("permit_type", "municipality", "holder"))

    assert permits
    for permit in permits:
        html = rendering.permit_html(permit)
        assert not FLAG_WORDS.findall(" ".join(read_page(html).parts)), permit.number


@pytest.mark.parametrize("text", [
    "Seeded — confirm", "These amounts are placeholders",
    "placeholder amounts the Board has yet to confirm", "Confirm the fees the town adopted",
])
def test_the_flag_words_are_found(text):
    assert FLAG_WORDS.search(text)


@pytest.mark.parametrize("text", [
    "Payment received: the processor confirmed it", "A check confirms nothing until it clears",
    "It stays so until you open the link we send to the new address and press Confirm.",
])
def test_ordinary_words_are_not_flag_words(text):
    assert FLAG_WORDS.search(text) is None
