"""Text an admin types — a permit type's name and term, its fee items' descriptions, the
counter's instructions — has a field per language residents read, falling back to English
(#26; docs/development/translations.md)."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse
from django.utils import translation

from dogs.catalogue import CATALOGUE as NORTH_ANDOVER
from permits_site.audit.models import AuditEntry
from permits_site.licensing.models import FeeItem, PermitType
from permits_site.licensing.services.fees import priced_items, schedule_in_force
from permits_site.licensing.templatetags.localised import typed, typed_text
from permits_site.online_payments.forms import PaymentOfficeForm
from permits_site.online_payments.models import PaymentOffice
from permits_site.online_payments.services import save_office
from permits_site.rules.fees import line_for
from stables.catalogue import CATALOGUE as NORTHBOROUGH
from tests.factories import Role, staff
from tests.fees.test_application_invoices import submitted
from tisbury_regs.catalogue import CATALOGUE as TISBURY

pytestmark = pytest.mark.django_db

DOG_LICENSE = "north_andover.dog_license"


@pytest.fixture
def dog_license():
    return PermitType.objects.get(code=DOG_LICENSE)


def test_a_reader_of_english_reads_what_the_admin_typed_unchanged(dog_license):
    dog_license.name_pt_br = "Licença de cão"

    assert typed(dog_license, "name") == dog_license.name
    assert "lang" not in typed(dog_license, "name")


def test_the_readers_language_shows_the_admins_translation_else_the_english_marked_english(
        dog_license):
    dog_license.name, dog_license.name_pt_br, dog_license.name_es = (
        "Dog License (annual)", "Licença anual de cão", "")

    with translation.override("pt-br"):
        assert typed(dog_license, "name") == "Licença anual de cão"
    with translation.override("es"):
        assert typed(dog_license, "name") == '<span lang="en">Dog License (annual)</span>'
        assert typed_text(dog_license, "name") == "Dog License (annual)"


def test_wording_the_catalogues_hold_is_said_in_the_readers_language_without_a_translation(
        dog_license):
    dog_license.term = "Yes"  # a wording of the declarations the catalogues translate

    with translation.override("pt-br"):
        assert typed(dog_license, "term") == "Sim"


def test_the_admin_gives_the_name_term_and_fee_items_in_portuguese_and_spanish(
        client, dog_license, town_admin):
    schedule = schedule_in_force(dog_license, dt.date.today())
    item = schedule.items.first()
    client.force_login(town_admin)
    page = reverse("licensing:permit_type_wording", args=[DOG_LICENSE])

    shown = client.get(page)
    assert shown.status_code == 200
    assert f"English: {item.description}" in shown.content.decode()

    response = client.post(page, {"name_pt_br": "Licença de cão", "name_es": "Licencia canina",
                                  "term_es": "Del 1 de enero al 31 de diciembre",
                                  f"{item.code}:description_pt_br": "Licença de cão castrado"})

    assert response.status_code == 302
    dog_license.refresh_from_db()
    item.refresh_from_db()
    assert (dog_license.name_pt_br, dog_license.name_es, dog_license.term_pt_br) == (
        "Licença de cão", "Licencia canina", "")
    assert dog_license.name == "Dog License"
    assert item.description_pt_br == "Licença de cão castrado"
    assert item.amount == schedule.items.get(pk=item.pk).amount
    entry = AuditEntry.objects.get(action="permit_type.wording")
    assert entry.after["name_es"] == "Licencia canina"
    assert entry.after[item.code] == {"description_pt_br": "Licença de cão castrado",
                                      "description_es": ""}


def test_a_translation_longer_than_its_column_is_refused_naming_the_field(
        client, dog_license, town_admin):
    client.force_login(town_admin)

    response = client.post(reverse("licensing:permit_type_wording", args=[DOG_LICENSE]),
                           {"name_es": "x" * 121})

    assert response.status_code == 400
    assert "Name in Spanish" in response.content.decode()
    dog_license.refresh_from_db()
    assert dog_license.name_es == ""


@pytest.mark.parametrize("role", [Role.CLERK, None])
def test_only_the_towns_admin_edits_the_wording(client, dog_license, resident, role):
    client.force_login(staff(role, "north_andover") if role else resident)

    response = client.post(reverse("licensing:permit_type_wording", args=[DOG_LICENSE]),
                           {"name_es": "Licencia canina"})

    assert response.status_code in {403, 404}
    dog_license.refresh_from_db()
    assert dog_license.name_es == ""


def test_a_fee_line_carries_the_items_translations_unless_the_law_words_it_itself(
        dog_license):
    FeeItem.objects.filter(schedule__permit_type=dog_license).update(description_es="Tasa")
    item = next(iter(priced_items(schedule_in_force(dog_license, dt.date.today())).values()))

    assert line_for(item).description_es == "Tasa"
    assert line_for(item, description="Late fee").description_es == ""


@time_machine.travel(dt.datetime(2027, 1, 20, 10, 0), tick=False)
def test_an_invoice_line_keeps_the_translation_in_force_when_it_was_written(resident):
    sandblasting = PermitType.objects.get(code="tisbury.sandblasting")
    FeeItem.objects.filter(schedule__permit_type=sandblasting).update(
        description_pt_br="Jateamento de areia")

    application = submitted(resident, "tisbury.sandblasting", "new",
                            details={"variant": "individual"})
    FeeItem.objects.filter(schedule__permit_type=sandblasting).update(description_pt_br="")

    line = application.invoices.get().lines.get()
    assert line.description_pt_br == "Jateamento de areia"
    with translation.override("pt-br"):
        assert typed(line, "description") == "Jateamento de areia"


def test_the_counter_instructions_take_portuguese_and_spanish_beside_the_english(
        north_andover, town_admin):
    fields = {"office": "Town Clerk's office", "address": "120 Main Street",
              "hours": "Monday–Friday, 8:30 a.m.–4:30 p.m.", "accepts": "Cash or check",
              "payee": "Town of North Andover", "phone": "", "convenience_fee": "0",
              "hours_pt_br": "Segunda a sexta, 8h30–16h30", "accepts_es": "Efectivo o cheque"}
    form = PaymentOfficeForm(fields)
    assert form.is_valid(), form.errors

    office = save_office(municipality=north_andover, acting_user=town_admin,
                         **form.cleaned_data)
    again = save_office(municipality=north_andover, acting_user=town_admin,
                        **{name: form.cleaned_data[name] for name in (
                            "office", "address", "hours", "accepts", "payee", "phone")},
                        convenience_fee=Decimal("0"))

    assert again.pk == office.pk
    office = PaymentOffice.objects.get(municipality=north_andover)
    assert (office.hours_pt_br, office.accepts_es, office.office_es) == (
        "Segunda a sexta, 8h30–16h30", "Efectivo o cheque", "")
    with translation.override("pt-br"):
        assert typed(office, "hours") == "Segunda a sexta, 8h30–16h30"
        assert typed(office, "accepts") == '<span lang="en">Cash or check</span>'


def seeded_wording() -> set[str]:
    """The names, terms and fee item descriptions the three towns' catalogues seed."""
    return {text for catalogue in (NORTH_ANDOVER, NORTHBOROUGH, TISBURY)
            for spec in catalogue.permit_types
            for text in (spec.name, spec.term, *(fee.description for fee in spec.fees))}


@pytest.mark.parametrize("language", ["pt-br", "es"])
def test_every_name_term_and_fee_the_towns_seed_is_said_in_the_readers_language(language):
    """Until an admin types their own, a seeded permit type reads in the resident's language
    through the catalogues (makemessages finds the wording marked in each catalogue.py)."""
    with translation.override(language):
        untranslated = {text for text in seeded_wording() if translation.gettext(text) == text}

    assert not untranslated
