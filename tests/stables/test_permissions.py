"""Who sees and changes a stable's records (``stables.permissions``)."""

import pytest

from permits_site.towns.models import Municipality
from stables.models import HorseBurialNotice, Stable
from stables.permissions import can_record_expansion, can_view_burial_notice, can_view_stable
from tests.factories import Role, UserFactory, staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def stable(keeper):
    return Stable(keeper=keeper, municipality=Municipality.objects.get(code="northborough"))


def test_the_keeper_and_the_towns_staff_see_a_stable(stable, keeper, inspector):
    assert can_view_stable(keeper, stable)
    assert can_view_stable(inspector, stable)
    assert not can_view_stable(UserFactory(), stable)
    assert not can_view_stable(staff(Role.CLERK, "tisbury"), stable)


def test_the_keeper_or_the_clerk_records_an_expansion_2_1(stable, keeper, nb_clerk, inspector):
    assert can_record_expansion(keeper, stable)
    assert can_record_expansion(nb_clerk, stable)
    assert not can_record_expansion(inspector, stable)


def test_whoever_filed_a_burial_notice_and_the_towns_staff_see_it(stable, keeper, inspector):
    notice = HorseBurialNotice(filed_by=keeper, municipality=stable.municipality)

    assert can_view_burial_notice(keeper, notice)
    assert can_view_burial_notice(inspector, notice)
    assert not can_view_burial_notice(UserFactory(), notice)
