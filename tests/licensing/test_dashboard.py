"""The resident's dashboard: a permit not in force yet says from when, withdrawn
applications are not "in progress", and another town's panel stays folded away for a
resident with no tie to that town."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from permits_site.licensing.models import Permit
from permits_site.licensing.services.applications import withdraw_application
from tests.factories import Role, UserFactory, staff
from tests.stables.flow import drafted, permitted, site

pytestmark = pytest.mark.django_db
OTHER_TOWNS = '<details id="other-towns"'


@pytest.fixture
def keeper(db):
    return UserFactory(first_name="Kate", last_name="Keeper", city="Northborough")


@pytest.fixture
def nb_clerk(db):
    return staff(Role.CLERK, "northborough", first_name="Nora", last_name="Clerk")


def dashboard(client, user) -> str:
    client.force_login(user)
    response = client.get(reverse("licensing:dashboard"))
    assert response.status_code == 200
    return response.content.decode()


def test_a_permit_whose_term_has_not_begun_says_from_when_it_is_valid(client, keeper, nb_clerk):
    permit = permitted(keeper, nb_clerk)
    starts = timezone.localdate() + dt.timedelta(days=4)
    Permit.objects.filter(pk=permit.pk).update(valid_from=starts)

    body = dashboard(client, keeper)

    permits = body[body.index('id="permits-heading"'):]
    line = permits[permits.index(permit.number):]
    line = line[: line.index("</li>")]
    assert f"Valid from {starts:%B} {starts.day}, {starts.year}" in line
    assert "Active" not in line


def test_a_withdrawn_application_is_listed_as_closed_not_in_progress(client, keeper):
    withdrawn = withdraw_application(application=drafted(keeper), acting_user=keeper)
    in_progress = drafted(keeper, address="14 Bartlett Street")

    body = dashboard(client, keeper)

    progress = body[body.index('id="applications-heading"'):body.index('id="closed-heading"')]
    closed = body[body.index('id="closed-heading"'):]
    withdrawn_url = reverse("licensing:application", args=[withdrawn.pk])
    assert reverse("licensing:application", args=[in_progress.pk]) in progress
    assert withdrawn_url not in progress
    assert withdrawn_url in closed.split("</section>")[0]


def test_another_towns_panel_is_folded_away_without_a_tie_to_that_town(client):
    islander = UserFactory(first_name="Ida", last_name="Island", city="Tisbury")

    body = dashboard(client, islander)

    assert OTHER_TOWNS in body
    folded = body[body.index(OTHER_TOWNS):]
    assert 'id="dogs-heading"' in folded
    assert 'id="stables-heading"' in folded


def test_a_town_panel_is_open_for_an_address_or_an_application_there(client, keeper):
    drafted(keeper)  # a Northborough stable application
    keeper.city = "North Andover"
    keeper.save(update_fields=["city"])

    body = dashboard(client, keeper)

    opened = body.split(OTHER_TOWNS)[0]
    assert 'id="dogs-heading"' in opened
    assert 'id="stables-heading"' in opened
    assert OTHER_TOWNS not in body


def test_a_town_panel_is_open_for_a_place_of_the_residents_there(client):
    """A Northborough place of hers, with nothing applied for yet, is a tie to the town: the
    stables panel is where she starts."""
    keeper = UserFactory(first_name="Kate", last_name="Keeper", city="North Andover")
    site(keeper)

    body = dashboard(client, keeper)

    assert 'id="stables-heading"' in body.split(OTHER_TOWNS)[0]


def test_each_license_links_to_the_page_its_qr_code_opens(client, keeper, nb_clerk):
    permit = permitted(keeper, nb_clerk)

    body = dashboard(client, keeper)

    permits = body[body.index('id="permits-heading"'):]
    line = permits[permits.index(permit.number):]
    line = line[: line.index("</li>")]
    assert f'href="/verify/{permit.verification_token}/"' in line
    assert "What its QR code shows" in line
    assert client.get(f"/verify/{permit.verification_token}/").status_code == 200
