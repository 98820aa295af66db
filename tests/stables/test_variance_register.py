"""Northborough §8.2: "A copy of any such variance shall, while it is in effect, be available
to the public" — the town's public register of the variances in force: what the Board
varied, where, on which conditions and on which bases."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from permits_site.licensing.models import PermitStatus
from permits_site.licensing.services.applications import approve_application
from permits_site.licensing.services.permits import issue_permit
from permits_site.licensing.services.variances import request_variance, sign_variance
from tests.factories import Role, UserFactory, staff
from tests.stables.flow import accept_documents, answers, pay, sign_off, submitted

pytestmark = pytest.mark.django_db
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)


def varied_permit(address: str = "12 Bartlett Street"):
    """A stable 42 ft from the lot line, varied by the Board, then licensed."""
    clerk = staff(Role.CLERK, "northborough")
    application = submitted(UserFactory(), address=address,
                            facts=answers(distance_to_abutter_property_line_ft=42))
    accept_documents(application, clerk)
    pay(application, clerk)
    sign_off(application, clerk)
    variance = request_variance(application=application, rule_ids=["nb.4.1a.lot_line"],
                                request_text="The lot is narrow.", acting_user=clerk)
    sign_variance(variance=variance, board_member=staff(Role.BOARD_MEMBER, "northborough"),
                  approve=True, conditions="Evergreen screen on the east line.",
                  bases="The lot predates the regulations.")
    approve_application(application=application, acting_user=clerk)
    return issue_permit(application=application, acting_user=clerk)


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_public_sees_each_variance_in_effect_with_its_conditions_and_bases_8_2(client):
    permit = varied_permit()

    town = client.get(reverse("law:town", args=["northborough"])).content.decode()
    page = client.get(reverse("law:variances", args=["northborough"]))
    text = " ".join(page.content.decode().split())

    assert reverse("law:variances", args=["northborough"]) in town
    assert page.status_code == 200
    assert permit.place_address in text
    assert f"no. {permit.number}" in text
    assert "(Northborough Horse &amp; Stable Regs §4.1(a))" in text
    assert "Evergreen screen on the east line." in text
    assert "The lot predates the regulations." in text


@time_machine.travel(MARCH_15_2027, tick=False)
@pytest.mark.parametrize("status", [PermitStatus.REVOKED, PermitStatus.SUPERSEDED])
def test_a_variance_leaves_the_register_when_its_permit_is_no_longer_in_force_8_2(
    client, status
):
    permit = varied_permit()
    type(permit).objects.filter(pk=permit.pk).update(status=status)

    page = client.get(reverse("law:variances", args=["northborough"])).content.decode()

    assert permit.place_address not in page
    assert "No variance is in effect today." in page


def test_a_variance_leaves_the_register_after_its_permit_expires_8_2(client):
    with time_machine.travel(MARCH_15_2027, tick=False):
        permit = varied_permit()
    with time_machine.travel(dt.datetime.combine(permit.valid_through + dt.timedelta(days=1),
                                                 dt.time(10)), tick=False):
        page = client.get(reverse("law:variances", args=["northborough"])).content.decode()

    assert permit.place_address not in page


def test_a_town_whose_law_keeps_no_public_register_has_none(client):
    assert client.get(reverse("law:variances", args=["tisbury"])).status_code == 404


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_register_reads_in_a_fixed_number_of_queries(client, django_assert_max_num_queries):
    for number in range(3):
        varied_permit(address=f"{10 + number} Bartlett Street")

    with django_assert_max_num_queries(8):
        page = client.get(reverse("law:variances", args=["northborough"]))

    assert page.content.decode().count("Evergreen screen") == 3
