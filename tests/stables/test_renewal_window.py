"""A stable permit's "Renew" is offered from the day its renewal reminder goes out, 30 days
before its valid-through date (the spec's Northborough calendar), and after it has run out —
not from the day it is issued (§2.2: a year from issuance; §7.1: renewable each January 1)."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from permits_site.licensing.kinds import kind_for
from tests.stables.flow import PUBLIC, permitted

pytestmark = pytest.mark.django_db
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)


def renew_links(client, permit) -> int:
    """How many "Renew" links of ``permit`` the dashboard offers its holder (My permits, My
    stables)."""
    client.force_login(permit.holder)
    response = client.get(reverse("licensing:dashboard"))
    assert response.status_code == 200
    page = response.content.decode()
    return page.count(f"action=renewal&amp;permit={permit.pk}")


@pytest.fixture
def private_permit(keeper, nb_clerk):
    """A private stable permit issued March 15, 2027: valid through March 14, 2028 (§2.2)."""
    with time_machine.travel(MARCH_15_2027, tick=False):
        return permitted(keeper, nb_clerk)


@pytest.mark.parametrize(("day", "offered"), [
    (dt.datetime(2027, 3, 15, 15, 0), False),   # the day it is issued
    (dt.datetime(2028, 2, 12, 10, 0), False),   # 31 days before it runs out
    (dt.datetime(2028, 2, 13, 10, 0), True),    # 30 days before: the reminder goes out
    (dt.datetime(2028, 3, 14, 10, 0), True),    # its last day
    (dt.datetime(2028, 3, 20, 10, 0), True),    # run out, still renewed (§2.2)
])
def test_the_private_stable_permit_is_renewed_from_thirty_days_before_it_runs_out(
        client, private_permit, day, offered):
    with time_machine.travel(day, tick=False):
        links = renew_links(client, private_permit)
        url = kind_for(private_permit.permit_type.code).renewal_url(private_permit)

    assert (links > 0) is offered
    assert (url is not None) is offered


@pytest.mark.parametrize(("day", "offered"), [
    (dt.datetime(2028, 2, 12, 10, 0), False),   # the day before the window opens
    (dt.datetime(2028, 2, 13, 10, 0), True),    # the day it opens, 30 days before
    (dt.datetime(2028, 2, 14, 10, 0), True),    # the day after
])
def test_my_stables_offers_the_renewal_on_the_days_my_permits_does(
        client, private_permit, day, offered):
    with time_machine.travel(day, tick=False):
        links = renew_links(client, private_permit)

    assert links == (2 if offered else 0)  # My permits and My stables, or neither


@pytest.mark.parametrize(("day", "offered"), [
    (dt.datetime(2027, 11, 30, 10, 0), False),
    (dt.datetime(2027, 12, 1, 10, 0), True),
])
def test_the_public_stable_permit_is_renewed_from_december_1_for_january_1_7_1(
        client, keeper, nb_clerk, day, offered):
    with time_machine.travel(MARCH_15_2027, tick=False):
        permit = permitted(keeper, nb_clerk, code=PUBLIC)

    with time_machine.travel(day, tick=False):
        assert (renew_links(client, permit) > 0) is offered


def test_the_former_renewal_address_still_leads_to_the_form(client, keeper, private_permit):
    with time_machine.travel(MARCH_15_2027, tick=False):
        client.force_login(keeper)
        response = client.get(reverse("stables:renew", args=[private_permit.pk]))

    assert response.status_code == 301
    assert f"action=renewal&permit={private_permit.pk}" in response.url
