"""A new North Andover resident walks to a dog license in Spanish (issue #26): she chooses
Español on the home page, creates her account, adds her dog, is refused a renewal of a
license the dog never had — in Spanish, the section of the law it cites kept English with
``lang="en"`` (North Andover Code ch. 60, Licenses A) —, applies for a new license instead,
pays on the demo checkout, and once the Town Clerk has accepted the rabies certificate and
issued the license reads the town's e-mails in Spanish and downloads the license, whose
English carries the Spanish beside it. Axe checks every page she sees."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from tests.e2e.in_their_language import (
    SPANISH,
    Newcomer,
    choose_language_on_the_home_page,
    create_an_account,
    downloaded_pdf_text,
    emails_to,
    labelled,
    pay_on_the_demo_checkout,
    seen,
)
from tests.e2e.test_resident_journeys import (  # noqa: F401  (demo_checkout: a fixture)
    accept_documents,
    clerk_opens_the_review,
    demo_checkout,
    issue,
)
from tests.factories import Role, staff

CERTIFICATE = "tests/fixtures_files/rabies_certificate.pdf"
LUCIA = Newcomer("lucia", "Lucía", "Gómez", "120 Main Street", "North Andover", "01845")


@pytest.fixture
def north_andover_clerk(db):
    return staff(Role.CLERK, "north_andover", username="carla")


def add_the_dog(page: Page) -> None:
    """"Agregar un perro" from "Mis perros": Canela, a spayed beagle born in 2022."""
    page.get_by_role("link", name="Agregar un perro").click()
    seen(page, SPANISH)
    page.get_by_label(labelled("Nombre")).fill("Canela")
    page.get_by_label("Raza").fill("Beagle")
    page.get_by_label("Color").fill("Tricolor")
    page.get_by_label("Sexo").select_option(label="Hembra")
    page.get_by_label("Fecha de nacimiento").fill("2022-04-02")
    page.get_by_label("Esterilizado o castrado").check()
    page.get_by_role("button", name="Guardar").click()
    expect(page.get_by_text("Se registró a Canela")).to_be_visible()
    seen(page, SPANISH)


def apply(page: Page, need: str, **dates: str) -> None:
    """The dog license's own form: what is needed, its dates, the rabies certificate."""
    page.get_by_label(need).check()
    for label, day in dates.items():
        page.get_by_label(label).fill(day)
    page.get_by_label("Certificado de vacunación antirrábica").check()
    page.get_by_label("La vacuna vence (o la exención termina) el").fill(
        (timezone.localdate() + dt.timedelta(days=365)).isoformat())
    page.get_by_label("Archivo del certificado").set_input_files(CERTIFICATE)
    page.get_by_role("button", name="Guardar y revisar").click()


def test_a_new_resident_gets_a_dog_license_in_spanish(
        browser, page: Page, live_server, demo_checkout, north_andover_clerk):  # noqa: F811
    choose_language_on_the_home_page(page, live_server, SPANISH)
    page.get_by_role("main").get_by_role("link", name="Crear una cuenta").click()
    create_an_account(page, SPANISH, LUCIA)
    expect(page.get_by_role("heading", name="Mis perros")).to_be_visible()
    add_the_dog(page)

    page.get_by_role("link", name="Solicitar una licencia para Canela").click()
    expect(page.get_by_role(
        "heading", name="Solicitar una licencia de perro de North Andover")).to_be_visible()
    seen(page, SPANISH)
    apply(page, "Renovación de la licencia del año pasado")
    expect(page.get_by_role("heading", name="Solicite una licencia nueva en su lugar")
           ).to_be_visible()
    refusal = page.locator("#apply-form").get_by_text("Canela no tiene licencia de 2025")
    expect(refusal.first).to_be_visible()
    citation = page.locator('#apply-form span.citation[lang="en"]',
                            has_text="North Andover Code ch. 60, Licenses A")
    expect(citation.first).to_be_visible()
    seen(page, SPANISH)

    page.get_by_role("link", name="Solicitar una licencia nueva para Canela").click()
    seen(page, SPANISH)
    moved_in = timezone.localdate() - dt.timedelta(days=10)
    apply(page, "Licencia nueva",
          **{"Fecha en que se mudó a North Andover": moved_in.isoformat()})
    expect(page.get_by_text("Cumple todas las reglas que corresponden.")).to_be_visible()
    seen(page, SPANISH)
    page.get_by_role("button", name="Enviar la solicitud").click()
    expect(page.get_by_text(re.compile(r"^Factura n\.º \d+: Pendiente"))).to_be_visible()
    seen(page, SPANISH)
    application_url = page.url

    pay_on_the_demo_checkout(page, SPANISH, "US$ 10,00")
    expect(page).to_have_url(application_url)
    clerk = browser.new_page()
    clerk_opens_the_review(clerk, live_server, "carla", "Dog License")
    accept_documents(clerk, 1)
    issue(clerk)
    clerk.close()
    page.reload()
    expect(page.get_by_text("Licencia DOG-2026-00001 otorgada")).to_be_visible()
    seen(page, SPANISH)

    emails = emails_to(LUCIA, SPANISH)
    assert "North Andover: pago de US$ 10,00 recibido" in emails
    issued = emails["Licencia de Perro DOG-2026-00001: emisión completada"]
    assert "del 10 de junio de 2026 al 31 de diciembre de 2026" in issued
    license_text = downloaded_pdf_text(page, "Descargar la licencia (PDF)")
    for english, spanish in (("Holder", "Titular"), ("Valid", "Vigencia"),
                             ("Fee paid", "Tarifa pagada")):
        assert f"{english} / {spanish}" in license_text
    assert "Canela" in license_text
