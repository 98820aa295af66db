"""The demo's Tisbury Board of Health sits as a board: a waiver is decided by a majority of the
Board and takes effect only when signed by at least two of its members (BOH Reg 09.0.3), so the
demo seeds three Board members, each with an account to sign in with, documented beside the
other demo accounts."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client

from fixtures.demo import DEMO_PASSWORD, build
from permits_site.accounts.models import Membership, Role, User
from permits_site.licensing.models import Application, VarianceStatus
from permits_site.licensing.services.variances import request_variance, sign_variance
from permits_site.towns.models import Municipality
from tests.tisbury.support import WRITTEN_WAIVER, client_for
from tests.tisbury.test_waste_permits import start

pytestmark = pytest.mark.django_db
#: Where the demo accounts are listed for people trying the site.
ACCOUNT_LISTS = ("README.md", "docs/getting-started.md")
#: A username the lists cover by their pattern, ``<role>_<town>``.
ROLE_AT_TOWN = re.compile(rf"({'|'.join(Role.values)})_(north_andover|northborough|tisbury)")


@pytest.fixture
def credentials():
    return build()


def board_of_health() -> list[User]:
    return [membership.user for membership in Membership.objects.select_related("user").filter(
        municipality__code="tisbury", role=Role.BOARD_MEMBER).order_by("user__username")]


def test_the_demo_seeds_three_board_members_who_can_each_sign_in(credentials):
    members = board_of_health()

    assert len({member.pk for member in members}) >= 3
    listed = {(credential.username, credential.role, credential.town)
              for credential in credentials}
    for member in members:
        assert (member.username, "Board member", "Town of Tisbury") in listed
        assert Client().login(username=member.username, password=DEMO_PASSWORD)
    assert len({member.get_full_name() for member in members}) == len(members)


def test_every_demo_account_is_documented_where_the_demo_accounts_are_listed(credentials):
    for path in ACCOUNT_LISTS:
        text = (settings.BASE_DIR / path).read_text()
        missing = [credential.username for credential in credentials
                   if f"`{credential.username}`" not in text
                   and not ROLE_AT_TOWN.fullmatch(credential.username)]
        assert not missing, (path, missing)


def test_two_of_the_demo_s_board_members_make_a_waiver_effective_09_0_3(credentials):
    owner = User.objects.get(username="resident")
    created = start(owner, "tisbury.temporary_dumpster", end_date="2030-07-06")
    assert created.status_code == 201, created.content
    client_for(owner).post(f"/api/v1/applications/{created.json()['id']}/submit/")
    application = Application.objects.get(pk=created.json()["id"])
    clerk = Membership.objects.get(municipality=Municipality.objects.get(code="tisbury"),
                                   role=Role.CLERK).user
    variance = request_variance(application=application, rule_ids=["ti.2.5.3.duration"],
                                request_text="The roof work runs a day over.",
                                acting_user=clerk, **WRITTEN_WAIVER)
    first, second, *_ = board_of_health()

    variance = sign_variance(variance=variance, board_member=first, approve=True,
                             conditions="Removed by July 6.", bases="A day's delay.")
    assert variance.status == VarianceStatus.REQUESTED
    variance = sign_variance(variance=variance, board_member=second, approve=True)

    assert variance.status == VarianceStatus.GRANTED
