"""The license PDF is a legal document in English; a holder who reads Portuguese or Spanish
finds their language beside each label and explanation, whoever asks for the PDF and in
whatever language their browser reads. A business's license speaks the language of the
member who applied; an English reader's license is the English document alone."""

from __future__ import annotations

import io

import pytest
from django.template import Context, Template, TemplateSyntaxError
from django.utils import translation
from pypdf import PdfReader

from permits_site.pdf.rendering import permit_html, render_permit_pdf_bytes
from tests.e2e.plain_language import pdf_title_and_text
from tests.factories import ApplicationFactory, BusinessFactory, PermitFactory, UserFactory

pytestmark = pytest.mark.django_db

FOOTER = ("Scan the QR code or visit the address above to check that this license is "
          "valid.")


def license_of(language: str, **application):
    holder = UserFactory(language=language)
    return PermitFactory(application=ApplicationFactory(applicant=holder, **application))


def pdf_words(permit) -> str:
    return pdf_title_and_text(render_permit_pdf_bytes(permit))[1]


@pytest.mark.parametrize(("language", "pairs", "issued_under"), [
    ("pt-br", [("Valid", "Validade"), ("Issued", "Emitido"), ("Holder", "Titular"),
               ("Fee paid", "Taxa paga"), ("Amount", "Valor")], "Emitida com base em"),
    ("es", [("Valid", "Vigencia"), ("Issued", "Otorgada"), ("Holder", "Titular"),
            ("Fee paid", "Tarifa pagada"), ("Amount", "Importe")], "Otorgada en virtud de"),
])
def test_the_pdf_prints_each_label_in_english_and_the_holders_language(language, pairs,
                                                                       issued_under):
    permit = license_of(language)
    words = pdf_words(permit)
    for english, translated in pairs:
        assert f"{english} / {translated}" in words
    citation = permit.permit_type.citation
    assert f"Issued under {citation}. {FOOTER}" in words
    assert f"{issued_under} {citation}." in words


def test_the_translated_words_carry_their_language():
    html = permit_html(license_of("pt-br"))
    assert '<th>Valid / <span lang="pt-br">Validade</span></th>' in html
    assert '<br><span lang="pt-br">Emitida com base em' in html
    assert '<html lang="en">' in html


def test_the_holders_language_decides_not_the_language_of_whoever_asks():
    permit = license_of("es")
    with translation.override("pt-br"):
        html = permit_html(permit)
    assert 'lang="es"' in html and 'lang="pt-br"' not in html


def test_an_english_holders_license_is_the_english_document_alone():
    permit = license_of("")
    with translation.override("pt-br"):
        html = permit_html(permit)
    assert "<span lang=" not in html and " / " not in html
    assert "<th>Valid</th>" in html and "<th>Fee paid</th>" in html
    assert (f"<footer>Issued under {permit.permit_type.citation}. {FOOTER}</footer>") in html
    assert "Taxa paga" not in pdf_words(permit)


def test_a_business_license_speaks_the_language_of_the_member_who_applied():
    member_who_applied = UserFactory(language="es")
    business = BusinessFactory()
    permit = PermitFactory(application=ApplicationFactory(applicant=member_who_applied,
                                                          business=business),
                           holder_business=business)
    assert "Tarifa pagada" in permit_html(permit)


@pytest.mark.parametrize(("language", "word", "expected"), [
    ("en", "Holder", "<b>Holder</b>"),
    ("pt-br", "Total", "<b>Total</b>"),  # the same word in both languages: said once
    ("es", "Holder", '<b>Holder</b> / <span lang="es"><b>Titular</b></span>'),
])
def test_bilingual_says_the_words_once_when_the_languages_agree(language, word, expected):
    source = ("{% load i18n localised %}{% bilingual %}<b>{% translate word %}</b>"
              "{% endbilingual %}")
    with translation.override(language):
        assert Template(source).render(Context({"word": word})) == expected


def test_bilingual_takes_only_below():
    with pytest.raises(TemplateSyntaxError):
        Template("{% load localised %}{% bilingual beside %}x{% endbilingual %}")


def test_the_permit_types_name_and_fee_lines_are_bilingual_and_dates_and_money_stay_english():
    permit = license_of("pt-br")
    permit.permit_type.name_pt_br = "Licença de festa"
    permit.fee_lines = [{"code": "new", "description": "Filing fee", "amount": "1234.50",
                         "citation": "§1", "description_pt_br": "Taxa de pedido"}]
    permit.fee_total = "1234.50"

    html = permit_html(permit)

    assert f'<h1>{permit.permit_type.name}<br><span lang="pt-br">Licença de festa</span></h1>' in (
        html)
    assert 'Filing fee / <span lang="pt-br">Taxa de pedido</span>' in html
    assert "$1234.50" in html and "1234,50" not in html
    assert permit.issued_at.strftime("%B") in html


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_verification_address_prints_on_one_line_whatever_its_code(language):
    """A code split after one of its "-" reads as a hyphenated word, and a reader who types it
    leaves the "-" out: the address runs across the page, unbroken."""
    permit = PermitFactory(application=ApplicationFactory(applicant=UserFactory(language=language)),
                           verification_token="ZpKoiIm9F-QulZ" + "x" * 29)

    pages = PdfReader(io.BytesIO(render_permit_pdf_bytes(permit))).pages
    lines = [line for page in pages for line in page.extract_text().splitlines()]

    address = f"/verify/{permit.verification_token}/"
    assert any(line.startswith("Verify") and line.endswith(address) for line in lines), lines
