"""The town page: its checks, its permit types with today's fees, and a link to key dates."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from permits_site.licensing.models import FeeItem, FeeSchedule, PermitType
from permits_site.licensing.services.fees import schedule_in_force
from tests.factories import municipality

pytestmark = pytest.mark.django_db


def town_page(client, code="northborough"):
    return client.get(reverse("law:town", args=[code]))


def test_the_town_page_lists_its_checks_with_links(client):
    response = town_page(client)

    assert response.status_code == 200
    content = response.content.decode()
    assert "Check before you apply" in content
    check_url = reverse("law:check", args=["northborough", "northborough.private_stable"])
    assert f'href="{check_url}"' in content
    assert "Private stable permit application" in content
    assert "north_andover.dog_license" not in content


def test_the_town_page_shows_each_permit_types_authority_term_and_fees(client):
    content = town_page(client).content.decode()

    assert "Private Stable Permit" in content
    assert "Board of Health" in content
    assert "$50.00" in content and "$40.00" in content and "$20.00" in content


def test_the_town_page_links_to_the_key_dates(client):
    content = town_page(client, "north_andover").content.decode()

    assert reverse("law:key_dates", args=["north_andover"]) in content


@time_machine.travel(dt.datetime(2027, 6, 1, 12, 0), tick=False)
def test_fees_shown_are_the_schedule_in_force_today_not_a_future_one(client):
    permit_type = PermitType.objects.get(code="northborough.private_stable")
    FeeSchedule.objects.create(
        permit_type=permit_type, effective_from=dt.date(2028, 1, 1)
    ).items.create(code="new", description="Filing fee from 2028", amount=Decimal("75.00"),
                   citation="Northborough Horse & Stable Regs §2.2")

    content = town_page(client).content.decode()

    assert "Filing fee from 2028" not in content
    shown = schedule_in_force(permit_type, dt.date(2027, 6, 1))
    for fee_item in shown.items.all():
        assert fee_item.description in content


def test_the_town_page_runs_a_fixed_number_of_queries(client, django_assert_num_queries):
    with django_assert_num_queries(4):
        town_page(client, "tisbury")
    northborough = municipality("northborough")
    for number in range(3):
        extra = PermitType.objects.create(
            code=f"northborough.extra_{number}", municipality=northborough,
            name=f"Extra permit {number}", authority="Board of Health", term="One year",
            citation="§9", actions=["new"], number_prefix=f"X{number}",
        )
        schedule = FeeSchedule.objects.create(permit_type=extra, effective_from=dt.date(2000, 1, 1))
        FeeItem.objects.create(schedule=schedule, code="new", description="Extra fee",
                               amount=Decimal("5.00"), citation="§9")

    with django_assert_num_queries(4):
        town_page(client, "northborough")


def test_an_unknown_town_is_not_found(client):
    assert town_page(client, "springfield").status_code == 404
