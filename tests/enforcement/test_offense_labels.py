"""The offenses an officer cites from, as the citation form lists them: the amounts, and
what they are counted by (per day, per boat, per permit), with the section."""

import pytest
from django.utils import timezone

from permits_site.enforcement.forms import offense_label
from permits_site.enforcement.services import fine_item_in_force
from tests.factories import municipality

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("offense", "counted"), [
    ("living_aboard_boat", "per boat per day"),
    ("septic_pumpout_permit_late", "per permit per day"),
])
def test_an_offense_fined_per_unit_says_its_unit(offense, counted):
    fine_item = fine_item_in_force(municipality=municipality("tisbury"), offense=offense,
                                   on=timezone.localdate())

    label = offense_label(fine_item)

    assert f" {counted} (" in label, label
    assert label.endswith(f"({fine_item.citation})")


def test_an_offense_fined_once_says_no_unit():
    fine_item = fine_item_in_force(municipality=municipality("north_andover"),
                                   offense="running_at_large", on=timezone.localdate())

    assert offense_label(fine_item) == (
        "Dog running at large — $25.00 / $50.00 / $100.00 (North Andover Code ch. 60, "
        "Restraint A)")
