"""A resident's businesses and properties read in Portuguese and Spanish (#26): the lists,
a business's page with its records, the forms with their labels, choices and refusals, and
the messages after them; what a person typed stays as typed, English reads as before."""

from __future__ import annotations

import html

import pytest
from django.urls import reverse

from permits_site.licensing.services.applications import submit_application
from permits_site.parties.models import BusinessKind, OwnershipSource, PropertyOwner
from tests.declared import declared_permit_type
from tests.lifecycle.conftest import carry_to_permit
from tests.parties.test_services import apply_for_party, place, register_business

pytestmark = pytest.mark.django_db

LANGUAGES = ("pt-br", "es")
#: What a member reads on their business's page, in each language.
BUSINESS_PAGE = {
    "pt-br": ["Razão social", "Sociedade limitada (LLC)", "Membros", "Adicionar um membro",
              "Nome de usuário da pessoa a adicionar", "Pedidos", "Licenças e alvarás",
              "Taxas a pagar", "Em vigor", "Em aberto", "Baixar PDF", "US$ "],
    "es": ["Nombre legal", "Sociedad de responsabilidad limitada (LLC)", "Miembros",
           "Agregar un miembro", "Nombre de usuario de la persona que quiere agregar",
           "Solicitudes", "Permisos y licencias", "Tarifas por pagar", "Vigente", "Pendiente",
           "Descargar PDF", "US$ "],
}
BUSINESS_ENGLISH = ["Members act for the business", "Limited liability company",
                    "Licenses and permits", "Fees due", "Username of the person to add",
                    "They must already have an account on this site."]


def text_of(response) -> str:
    assert response.status_code in (200, 400), response.status_code
    return html.unescape(response.content.decode())


def read(client, user, address: str, language: str, **query) -> str:
    client.force_login(user)
    return text_of(client.get(address, query, HTTP_ACCEPT_LANGUAGE=language))


@pytest.fixture
def business(resident):
    return register_business(resident, dba="Harbor Parties")


@pytest.fixture
def records(resident, business, clerk):
    """An issued permit and an application waiting with its open invoice."""
    with declared_permit_type() as permit_type:
        garden = place(resident, "12 Osgood Street", parcel="62-104")
        carry_to_permit(apply_for_party(permit_type, applicant=resident, place=garden,
                                        business=business), clerk=clerk, reference="B-1")
        waiting = apply_for_party(permit_type, applicant=resident, place=garden,
                                  business=business)
        submit_application(application=waiting, acting_user=resident)
        yield waiting


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_business_and_its_records_read_in_the_members_language(client, resident, business,
                                                                  records, language):
    page = read(client, resident, reverse("parties:business", args=[business.pk]), language)

    for words in BUSINESS_PAGE[language]:
        assert words in page, (language, words)
    for english in BUSINESS_ENGLISH:
        assert english not in page, (language, english)
    assert "Harbor Events LLC d/b/a Harbor Parties" in page  # the business's own name


def test_a_business_reads_as_before_in_english(client, resident, business, records):
    page = read(client, resident, reverse("parties:business", args=[business.pk]), "en")

    for english in BUSINESS_ENGLISH:
        assert english in page, english
    assert f"${records.invoices.get().total}" in page


@pytest.mark.parametrize(("language", "kind", "intro"), [
    ("pt-br", "Sociedade limitada (LLC)", "Uma empresa pela qual você atua pode ter licenças"),
    ("es", "Sociedad de responsabilidad limitada (LLC)", "Un negocio en cuyo nombre usted actúa"),
])
def test_my_businesses_reads_in_the_residents_language(client, resident, business, language,
                                                       kind, intro):
    page = read(client, resident, reverse("parties:businesses"), language)

    assert kind in page and intro in page
    assert "A business you act for can hold permits" not in page


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_business_form_offers_every_kind_in_the_residents_language(client, resident,
                                                                       language):
    page = read(client, resident, reverse("parties:business_new"), language)

    for english in ("Legal name", "Choose the kind of business", "Street, town and ZIP code",
                    *BusinessKind.labels):
        assert english not in page, (language, english)
    assert {"pt-br": "Cadastrar a empresa", "es": "Registrar el negocio"}[language] in page


@pytest.mark.parametrize(("language", "refused", "registered"), [
    ("pt-br", "Nenhum usuário cadastrado tem o nome de usuário “nobody”.",
     "está cadastrada. Você atua por ela."),
    ("es", "Ningún usuario registrado tiene el nombre de usuario “nobody”.",
     "quedó registrado. Usted actúa en su nombre."),
])
def test_a_refusal_and_a_message_are_said_in_the_residents_language(
        client, resident, business, language, refused, registered):
    client.force_login(resident)
    refusal = text_of(client.post(reverse("parties:business", args=[business.pk]),
                                  {"action": "member", "username": "nobody"},
                                  HTTP_ACCEPT_LANGUAGE=language))
    done = text_of(client.post(reverse("parties:business_new"), {
        "legal_name": "Island Bakery", "kind": "corporation",
        "mailing_address": "4 Beach Road, Tisbury 02568"},
        follow=True, HTTP_ACCEPT_LANGUAGE=language))

    assert refused in refusal and "No registered user has" not in refusal
    assert f"Island Bakery {registered}" in done


@pytest.mark.parametrize(("language", "words"), [
    ("pt-br", ["Meus imóveis", "Adicionar um imóvel", "Proprietário registrado",
               "O que as regras da cidade levam em conta"]),
    ("es", ["Mis propiedades", "Agregar una propiedad", "Propietario registrado",
            "Lo que las reglas del municipio toman en cuenta"]),
])
def test_my_properties_and_adding_one_read_in_the_residents_language(client, resident,
                                                                     language, words):
    owned = place(resident, "12 Osgood Street", parcel="62-104")
    PropertyOwner.objects.create(property=owned, account=resident, name=resident.display_name,
                                 source=OwnershipSource.DEED, recorded_by=resident)

    listed = read(client, resident, reverse("parties:properties"), language)
    town = read(client, resident, reverse("parties:property_new"), language)
    form = read(client, resident, reverse("parties:property_new"), language, town="tisbury")

    for words_said in words[:3]:
        assert words_said in listed, words_said
    assert "12 Osgood Street" in listed
    assert "The places you, or a business you act for" not in listed
    assert "First choose the town the property is in" not in town
    assert {"pt-br": "Adicionar um imóvel em Tisbury",
            "es": "Agregar una propiedad en Tisbury"}[language] in form
    assert "Number and street, e.g." not in form
