"""The holder's dashboard links each permit in force to the pages its law keeps records on:
a septage handler's monthly pump-out returns (09.6.2), a well owner's meter readings
(09.3.1(4)); a permit no longer in force links none."""

from __future__ import annotations

import pytest

from permits_site.licensing.models import PermitStatus
from tests.factories import MeteredWellFactory, SeptageHandlerPermitFactory

pytestmark = pytest.mark.django_db


def dashboard_links(client, user) -> str:
    client.force_login(user)
    response = client.get("/dashboard/")
    assert response.status_code == 200
    return response.content.decode()


def test_a_septage_handler_reaches_its_monthly_returns_from_the_dashboard(client):
    permit = SeptageHandlerPermitFactory()

    page = dashboard_links(client, permit.holder)

    assert 'href="/tisbury/pumpout/returns/">Monthly pump-out returns' in page


def test_a_well_owner_reaches_the_meter_readings_from_the_dashboard(client):
    well = MeteredWellFactory()

    page = dashboard_links(client, well.holder)

    assert 'href="/tisbury/wells/readings/">Meter readings' in page


def test_a_permit_no_longer_in_force_links_no_record_pages(client):
    permit = SeptageHandlerPermitFactory()
    permit.status = PermitStatus.SUSPENDED
    permit.save(update_fields=["status"])

    page = dashboard_links(client, permit.holder)

    assert permit.number in page
    assert "Monthly pump-out returns" not in page
