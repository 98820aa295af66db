"""A visitor switches the site to Portuguese or Spanish on the home page with the language
box every page carries, and reads "Apply for a permit" in that language, its search
included; the address never changes with the language, nothing scrolls sideways on a phone,
and each page passes axe with the right `lang` (docs/residents.md, "Language")."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import assert_accessible

LANGUAGES = {
    "pt-br": {"option": "Português (Brasil)", "home": "Licenças e alvarás, pela internet",
              "apply": "Pedir uma licença", "town": "Cidade", "find": "Buscar licenças",
              "found": "3 licenças", "purpose": "Ter um negócio de alimentação",
              "question": "O que você quer fazer?", "language": "Idioma"},
    "es": {"option": "Español", "home": "Permisos y licencias, en línea",
           "apply": "Solicitar un permiso", "town": "Municipio", "find": "Buscar permisos",
           "found": "3 permisos", "purpose": "Tener un negocio de comida",
           "question": "¿Qué quiere hacer?", "language": "Idioma"},
}


@pytest.mark.parametrize("screen", ["page", "phone_page"])
@pytest.mark.parametrize("code", LANGUAGES)
def test_a_visitor_switches_language_on_the_home_page(request, live_server, code, screen):
    page: Page = request.getfixturevalue(screen)
    words = LANGUAGES[code]
    page.goto(f"{live_server.url}/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.get_by_label("Language").select_option(label=words["option"])
    page.get_by_role("button", name="Change language").click()

    expect(page.get_by_role("heading", name=words["home"])).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", code)
    assert page.url == f"{live_server.url}/"
    assert_accessible(page)

    page.get_by_role("link", name=words["apply"], exact=True).click()
    expect(page.get_by_role("heading", name=words["apply"], level=1)).to_be_visible()
    assert page.url == f"{live_server.url}/apply/"
    expect(page.get_by_label(words["language"])).to_have_value(code)
    page.get_by_label(words["town"]).select_option(label="Town of Tisbury")
    page.get_by_label(words["question"]).select_option(label=words["purpose"])
    page.get_by_role("button", name=words["find"]).click()
    expect(page.get_by_role("heading", name=words["found"])).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", code)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert_accessible(page)
