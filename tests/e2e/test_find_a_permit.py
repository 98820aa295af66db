"""A new resident finds the right permit from the home page, following only links and
buttons: "Apply for a permit" filtered to Tisbury and "Run a food business" reaches the food
service permit's public page and its apply link; "Which permit do I need?" leads question by
question to a temporary dumpster permit (issue #21, "Find"), and a reader of Portuguese or
Spanish is led to the temporary food permit in their language, the section cited kept English
(issue #26). Desktop and phone width."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import assert_accessible


def find_the_tisbury_food_service_permit(page: Page, live_server) -> None:
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Apply for a permit", exact=True).click()
    expect(page.get_by_role("heading", name="Apply for a permit")).to_be_visible()
    assert_accessible(page)

    page.get_by_label("Town").select_option(label="Town of Tisbury")
    page.get_by_label("What do you want to do?").select_option(label="Run a food business")
    page.get_by_role("button", name="Find permits").click()
    expect(page.get_by_role("heading", name="3 permits")).to_be_visible()
    expect(page.get_by_role("link", name="Dog License, North Andover")).to_have_count(0)
    assert_accessible(page)

    page.get_by_role("link", name=re.compile("^Food Service Permit")).click()
    expect(page.get_by_role("heading", name="Food Service Permit")).to_be_visible()
    assert_accessible(page)
    apply = page.get_by_role("link", name=re.compile("^Apply online"))
    expect(apply).to_have_attribute("href", "/apply/tisbury.food_service/")
    apply.click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    assert "next=/apply/tisbury.food_service/" in page.url


@pytest.mark.parametrize("screen", ["page", "phone_page"])
def test_a_new_resident_finds_the_tisbury_food_service_permit(request, live_server, screen):
    find_the_tisbury_food_service_permit(request.getfixturevalue(screen), live_server)


def test_which_permit_do_i_need_leads_to_a_temporary_dumpster_permit(page, live_server):
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Which permit do I need in Tisbury?").click()
    expect(page.get_by_role("heading", name="Which permit do I need in Tisbury?")).to_be_visible()
    assert_accessible(page)

    page.get_by_label("Put a dumpster on a lot").check()
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("link", name=re.compile("^Do you supply dumpsters to others.* "
                                                    "Choose yes or no.$"))).to_be_visible()
    assert_accessible(page)

    page.get_by_role("group", name="Do you supply dumpsters to others as a business (a "
                                   "dumpster service)?").get_by_label("No", exact=True).check()
    page.get_by_role("button", name="Next").click()
    page.get_by_label("How many days will the dumpster stay on the lot?").fill("10")
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("heading", name="You need: Temporary Dumpster Permit")).to_be_visible()
    assert_accessible(page)
    page.get_by_role("link", name="Temporary Dumpster Permit: fees, documents and steps").click()
    expect(page.get_by_role("heading", name="Temporary Dumpster Permit")).to_be_visible()


#: What a reader of each language meets on the way to the temporary food permit.
READERS = {
    "pt-br": {"option": "Português (Brasil)", "link": "De qual licença eu preciso em Tisbury?",
              "purpose": "Ter um negócio de alimentação", "next": "Próxima",
              "serving": "Onde você vai servir comida ao público?",
              "event": "Numa feira, festival ou outro evento, durante os seus dias",
              "answer": "Você precisa de: Licença Temporária de Alimentos",
              "reason": "Servir comida num evento exige uma licença temporária de alimentação"},
    "es": {"option": "Español", "link": "¿Qué permiso necesito en Tisbury?",
           "purpose": "Tener un negocio de comida", "next": "Siguiente",
           "serving": "¿Dónde servirá comida al público?",
           "event": "En una feria, un festival u otro evento, durante sus días",
           "answer": "Usted necesita: Permiso Temporal de Alimentos",
           "reason": "Servir comida en un evento requiere un permiso temporal de comida"},
}


@pytest.mark.parametrize("code", READERS)
def test_which_permit_speaks_the_readers_language_to_the_temporary_food_permit(
        page, live_server, code):
    words = READERS[code]
    page.goto(f"{live_server.url}/")
    page.get_by_label("Language").select_option(label=words["option"])
    page.get_by_role("button", name="Change language").click()
    page.get_by_role("link", name=words["link"]).click()
    expect(page.locator("html")).to_have_attribute("lang", code)

    page.get_by_label(words["purpose"]).check()
    page.get_by_role("button", name=words["next"]).click()
    serving = page.get_by_role("group", name=words["serving"])
    expect(serving).to_be_visible()
    assert_accessible(page)
    serving.get_by_label(words["event"]).check()
    page.get_by_role("button", name=words["next"]).click()

    answer = page.locator("#answer")
    expect(answer.get_by_role("heading", name=words["answer"])).to_be_visible()
    expect(answer).to_contain_text(words["reason"])
    expect(answer.locator('span[lang="en"]')).to_have_text("Tisbury BOH Reg 09.5.3")
    assert_accessible(page)
