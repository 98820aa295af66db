"""A North Andover resident switches the site to Spanish on the home page and asks for a
dog license: the dashboard, the form and the refused renewal read in Spanish, the section of
the law it cites stays English with ``lang="en"``, and axe finds nothing on each page
(issue #26; North Andover Code ch. 60, Licenses A)."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, DogFactory, UserFactory

CERTIFICATE = "tests/fixtures_files/rabies_certificate.pdf"


@pytest.fixture
def resident(db):
    owner = UserFactory(username="lucia", first_name="Lucía", last_name="Gómez")
    DogFactory(owner=owner, name="Biscuit")
    return owner


def test_a_resident_is_refused_a_renewal_in_spanish_with_the_english_citation(
        page: Page, live_server, resident):
    sign_in(page, live_server, "lucia", PASSWORD)
    page.goto(f"{live_server.url}/")
    page.get_by_label("Language").select_option(label="Español")
    page.get_by_role("button", name="Change language").click()
    expect(page.locator("html")).to_have_attribute("lang", "es")

    page.goto(f"{live_server.url}{reverse('licensing:dashboard')}")
    expect(page.get_by_role("heading", name="Mis perros")).to_be_visible()
    assert_accessible(page)
    page.get_by_role("link", name="Solicitar una licencia para Biscuit").click()

    expect(page.get_by_role(
        "heading", name="Solicitar una licencia de perro de North Andover")).to_be_visible()
    assert_accessible(page)
    page.get_by_label("Renovación de la licencia del año pasado").check()
    page.get_by_label("Certificado de vacunación antirrábica").check()
    page.get_by_label("La vacuna vence (o la exención termina) el").fill(
        (timezone.localdate() + dt.timedelta(days=365)).isoformat())
    page.get_by_label("Archivo del certificado").set_input_files(CERTIFICATE)
    page.get_by_role("button", name="Guardar y revisar").click()

    expect(page.get_by_role("heading", name="Solicite una licencia nueva en su lugar")
           ).to_be_visible()
    refusal = page.locator("#apply-form").get_by_text("Biscuit no tiene licencia de")
    expect(refusal.first).to_be_visible()
    citation = page.locator('#apply-form span.citation[lang="en"]',
                            has_text="North Andover Code ch. 60, Licenses A")
    expect(citation.first).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "es")
    assert_accessible(page)
