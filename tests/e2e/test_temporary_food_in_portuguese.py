"""A new Tisbury resident walks to a temporary food permit in Portuguese (issue #26): she
chooses Português on the home page, finds the permit, creates her account, is refused an
event that ends before it starts — in Portuguese, the section of the law kept English with
``lang="en"`` (Tisbury BOH Reg 09.5.3) —, corrects it, submits, pays on the demo checkout,
and once the Board of Health's clerk has issued the permit reads the town's e-mails in
Portuguese and downloads the license, whose English carries the Portuguese beside it. Axe
checks every page she sees."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.e2e.in_their_language import (
    PORTUGUESE,
    Newcomer,
    choose_language_on_the_home_page,
    create_an_account,
    downloaded_pdf_text,
    emails_to,
    pay_on_the_demo_checkout,
    seen,
)
from tests.e2e.test_resident_journeys import (  # noqa: F401  (demo_checkout, tisbury_clerk: fixtures)
    clerk_opens_the_review,
    demo_checkout,
    issue,
    tisbury_clerk,
)

INES = Newcomer("ines", "Inês", "Costa", "4 Main Street", "Tisbury", "02568")
#: A weekend fair a month after the tests' frozen day (June 10, 2026), and a last day typed
#: before its first.
FIRST_DAY, LAST_DAY, BEFORE_IT_STARTS = "2026-07-11", "2026-07-12", "2026-07-10"


def find_the_temporary_food_permit(page: Page) -> None:
    """"Pedir uma licença", filtered to Tisbury and events, to the permit's form (or first
    the sign-in page it asks for)."""
    page.get_by_role("link", name="Pedir uma licença", exact=True).first.click()
    seen(page, PORTUGUESE)
    page.get_by_label("Cidade").select_option(label="Town of Tisbury")
    page.get_by_label("O que você quer fazer?").select_option(label="Fazer um evento")
    page.get_by_role("button", name="Buscar licenças").click()
    seen(page, PORTUGUESE)
    page.get_by_role(
        "link", name=re.compile(r"^Pedir pela internet\W+Licença Temporária de Alimentos")).click()


def describe_the_event(page: Page, *, last_day: str) -> None:
    """The fair's name, place and days, run for profit by a Tisbury business without a food
    permit of its own."""
    page.get_by_label("Nome do evento").fill("Feira de Vineyard Haven")
    page.get_by_label("Onde o evento acontece").fill("Main Street, Vineyard Haven")
    page.get_by_label("Primeiro dia do evento").fill(FIRST_DAY)
    page.get_by_label("Último dia do evento").fill(last_day)
    page.get_by_label("Com fins lucrativos").check()
    page.get_by_role("group", name="A empresa tem sede em Tisbury?").get_by_label(
        "Sim", exact=True).check()
    page.get_by_role("group", name="A empresa tem uma licença de alimentação de Tisbury "
                     "válida?").get_by_label("Não", exact=True).check()
    page.get_by_role("button", name="Salvar o rascunho").click()


def test_a_new_resident_gets_a_temporary_food_permit_in_portuguese(
        browser, page: Page, live_server, demo_checkout, tisbury_clerk):  # noqa: F811
    choose_language_on_the_home_page(page, live_server, PORTUGUESE)
    find_the_temporary_food_permit(page)
    expect(page.get_by_role("heading", name="Entrar")).to_be_visible()
    seen(page, PORTUGUESE)
    page.get_by_role("link", name="Criar uma conta").last.click()
    create_an_account(page, PORTUGUESE, INES)
    expect(page.get_by_role("heading", name=re.compile("^Pedido em Tisbury"))).to_be_visible()

    describe_the_event(page, last_day=BEFORE_IT_STARTS)
    refusal = page.locator("#id_end_date_error")
    expect(refusal).to_contain_text("O evento não pode terminar antes de começar")
    expect(refusal.locator('span.citation[lang="en"]')).to_have_text("Tisbury BOH Reg 09.5.3")
    seen(page, PORTUGUESE)
    describe_the_event(page, last_day=LAST_DAY)
    expect(page.get_by_role("heading", name=re.compile("^Licença Temporária de Alimentos"))
           ).to_be_visible()
    seen(page, PORTUGUESE)
    page.get_by_role("button", name="Enviar o pedido").click()
    expect(page.get_by_text(re.compile(r"^Fatura nº \d+: Em aberto"))).to_be_visible()
    seen(page, PORTUGUESE)
    application_url = page.url

    pay_on_the_demo_checkout(page, PORTUGUESE, "US$ 20,00")
    expect(page).to_have_url(application_url)
    clerk = browser.new_page()
    clerk_opens_the_review(clerk, live_server, "tess", "Temporary Food Permit")
    issue(clerk)
    clerk.close()
    page.reload()
    expect(page.get_by_text("Licença TFP-2026-00001 emitida")).to_be_visible()
    seen(page, PORTUGUESE)

    emails = emails_to(INES, PORTUGUESE)
    assert "Tisbury: pagamento de US$ 20,00 recebido" in emails
    issued = emails["Licença Temporária de Alimentos TFP-2026-00001: emissão concluída"]
    assert "de 11 de julho de 2026 a 12 de julho de 2026" in issued
    license_text = downloaded_pdf_text(page, "Baixar a licença (PDF)")
    for english, portuguese in (("Holder", "Titular"), ("Name of the event", "Nome do evento"),
                                ("Last day of the event", "Último dia do evento"),
                                ("Fee paid", "Taxa paga")):
        assert f"{english} / {portuguese}" in license_text
    assert "Issued under Tisbury BOH Reg 09.5.3." in license_text
    assert "Emitida com base em Tisbury BOH Reg 09.5.3." in license_text
