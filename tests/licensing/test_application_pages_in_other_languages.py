"""An applicant's pages read in Portuguese and Spanish (#26): the upload form, the documents
asked for on the generated form (their section kept English), the request for a waiver and
its limits, a refusal to apply online, the answers of the summary and the next step's
inspection; what the person typed stays as typed, and English reads as before."""

import pytest
from django.test import Client
from django.urls import reverse

from permits_site.licensing.declarations import GATE_NEXT_STEPS, DeclaredField, Gate
from permits_site.licensing.kinds import as_typed, display_value, kind_for
from permits_site.licensing.models import PermitType
from permits_site.licensing.services.next_step import role_title
from permits_site.rules.base import Fact, FactType
from permits_site.rules.wording import CitedSection, explain
from tests.factories import UserFactory
from tests.licensing.test_applicant_variances import disposal_works
from tests.translated import said_in

pytestmark = pytest.mark.django_db
HORSES = DeclaredField(name="horses", type="integer", label="How many horses?",
                       fact=Fact("horses", FactType.INTEGER, "How many horses?", unit="horses"))
KEPT = DeclaredField(name="kept", type="boolean", label="Kept in a stable?")


def page(user, language: str, url: str, **params) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    response = client.get(url, params)
    return response.content.decode()


@pytest.fixture
def application(db):
    return disposal_works()


def test_the_application_page_in_portuguese_offers_the_upload_and_the_waiver_in_portuguese(
        application):
    text = page(application.applicant, "pt-br",
                reverse("licensing:application", args=[application.pk]))

    assert "Arquivo (PDF, PNG ou JPEG, até 10 MB)" in text
    assert "Vence ou termina em (se o documento disser)" in text
    assert "Pedir ao Conselho de Saúde uma dispensa" in text and "Dispensas" in text
    assert "File (PDF, PNG or JPEG, up to 10 MB)" not in text


def test_the_waiver_request_in_spanish_says_what_cannot_be_waived_its_section_english(
        application):
    text = page(application.applicant, "es",
                reverse("licensing:variance_ask", args=[application.pk]))

    assert "Pedir a Junta de Salud una dispensa" in text
    assert ('Una Junta no puede dispensar una ley estatal o federal ni un reglamento municipal '
            '(<span class="citation" lang="en">Tisbury BOH Reg 09.0.3(1)</span>).') in text
    assert "Lo que no se puede dispensar" in text and "Enviar el pedido" in text
    assert "Ubicación, con el número de lote del catastro municipal" in text
    assert "Reglas que cubriría la excepción" in text


def test_the_waiver_request_in_english_reads_as_before(application):
    text = page(application.applicant, "en",
                reverse("licensing:variance_ask", args=[application.pk]))

    assert "Ask the Board of Health for a waiver" in text
    assert "statute or a town bylaw (Tisbury BOH Reg 09.0.3(1))" in text


@pytest.mark.parametrize(("language", "when"), [
    ("pt-br", "PDF, PNG ou JPEG, até 10 MB; anexe antes de enviar o pedido"),
    ("es", "PDF, PNG o JPEG, hasta 10 MB; adjúntelo antes de enviar la solicitud"),
])
def test_the_documents_asked_on_the_form_say_when_they_are_due_their_section_english(
        language, when):
    text = page(UserFactory(), language,
                reverse("licensing:apply", args=["northborough.private_stable"]))

    assert when in text
    assert '(<span class="citation" lang="en">Northborough Horse &amp; Stable Regs' in text
    assert "attach it before you submit" not in text


def test_a_permit_not_taken_online_says_so_in_the_readers_language():
    permit_type = PermitType.objects.get(code="northborough.private_stable")
    permit_type.online = False
    permit_type.save(update_fields=["online"])

    text = page(UserFactory(), "pt-br", reverse("licensing:apply", args=[permit_type.code]))

    assert "Northborough não aceita pedidos de Licença de Estábulo Particular pela internet" in text
    assert "Northborough: licenças, taxas e datas importantes" in text


def test_the_summarys_answers_are_said_in_the_readers_language_and_typed_text_as_typed():
    two_horses, kept = display_value(HORSES, 2), display_value(KEPT, True)

    assert (two_horses, kept) == ("2 horses", "Yes")
    assert said_in("pt-br", two_horses) == "2 cavalos"
    assert said_in("es", kept) == "Sí"
    assert said_in("pt-br", as_typed("Jane Smith")) == "Jane Smith"


def test_the_next_steps_inspection_and_role_are_said_in_the_readers_language():
    application = disposal_works()
    inspector = role_title(kind_for(application.permit_type.code), "inspector",
                           application.permit_type, starts=True)
    step = explain(GATE_NEXT_STEPS[Gate.INSPECTION_PASSED].wording, actor=inspector,
                   section=CitedSection("Tisbury BOH Reg 09.8"),
                   inspection=explain(kind_for("tisbury.campground").inspection_name))

    assert step.startswith("The Tisbury Board of Health agent will arrange the inspection")
    assert "vai marcar a vistoria" in said_in("pt-br", step)
    assert '<span class="citation" lang="en">Tisbury BOH Reg 09.8</span>' in said_in("es", step)


def test_documents_that_are_alternatives_say_one_of_them_is_due():
    """The rabies certificate or the veterinarian's exemption (Licenses A(1)): the form says
    that one of the two is due, not that each must be attached."""
    text = page(UserFactory(), "en", reverse("licensing:apply",
                                             args=["north_andover.dog_license"]))

    assert text.count("this or its alternative, one of them before you submit") == 2
    assert "attach it before you submit" not in text
