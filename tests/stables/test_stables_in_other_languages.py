"""The rest of Northborough in the reader's language (Horse and Stable Regulations): the sanitary
inspection (§§3, 5, 6) and the horse burial notice (§6.6) that the public "Check before you
apply" pages ask, the horse registration's fields and documents, the key dates, the refusals
of the stables' services and the resident's own pages — the dashboard panel, a stable's page,
registering a horse, filing its certificate, its leaving the register and a burial notice.
Each is English where it is declared, for the API and the audit log, and said in Portuguese
or Spanish where a resident's page shows it, with the law's citations kept English."""

from __future__ import annotations

import datetime as dt
import re
from types import SimpleNamespace
from typing import Any

import pytest
import time_machine
from django.urls import reverse

from permits_site.exceptions import DomainError
from permits_site.licensing.fact_forms import humanize
from permits_site.licensing.kinds import kind_for
from permits_site.rules.base import Outcome
from permits_site.rules.calendar import BusinessCalendar
from stables import periods
from stables.burials import services as burials
from stables.models import Stable
from stables.permits import services
from stables.permits.kinds import OCCUPANCY_WORDS
from stables.rules import FENCE_MATERIAL_WORDS, HORSE_BURIAL, RULE_SETS, SANITARY_INSPECTION
from tests.stables.flow import permitted
from tests.stables.test_horses import HOLE, horse
from tests.translated import assert_translated, declared_words, said_in

PASS, FAIL = Outcome.PASS, Outcome.FAIL
REVIEW, NOT_APPLICABLE = Outcome.NEEDS_REVIEW, Outcome.NOT_APPLICABLE
IN_SEASON, OFF_SEASON = dt.date(2030, 7, 10), dt.date(2030, 12, 10)
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)
CHECKLIST = ("corral_sloped", "horses_clean_and_healthy", "state_immunizations_current",
             "light_and_ventilation_adequate", "barrier_in_place", "manure_treated",
             "insect_control_practiced")

#: A visit that finds the stable in order.
VISIT: dict[str, Any] = {
    "manure_storage_cuft": 200, "days_since_manure_removed": 10, "manure_variance": False,
    "runoff_to_wetlands": False, "stall_cleaned_daily": True, "effluent_discharged": False,
    "feed_in_closed_containers": True, "corral_grassed": False, "dust_controlled": True,
    "barrier_needed": True, "stable_used_for_habitation": False,
    "unsanitary_conditions": False, **dict.fromkeys(CHECKLIST, True),
}
#: Every rule of the sanitary inspection, and each way it can end: (rule, visit changed, day,
#: outcome).
INSPECTION_CASES: tuple[tuple[str, dict[str, Any], dt.date, Outcome], ...] = (
    ("nb.6.2.volume", {}, IN_SEASON, PASS),
    ("nb.6.2.volume", {"manure_storage_cuft": 300}, IN_SEASON, FAIL),
    ("nb.6.2.volume", {"manure_storage_cuft": 300, "manure_variance": True}, IN_SEASON, PASS),
    ("nb.6.2.volume", {"manure_storage_cuft": 300, "manure_variance": True,
                       "manure_variance_conditions_met": False}, IN_SEASON, FAIL),
    ("nb.6.2.interval", {}, IN_SEASON, PASS),
    ("nb.6.2.interval", {"days_since_manure_removed": 20}, IN_SEASON, FAIL),
    ("nb.6.2.interval", {}, OFF_SEASON, NOT_APPLICABLE),
    ("nb.6.2.runoff", {}, IN_SEASON, PASS),
    ("nb.6.2.runoff", {"runoff_to_wetlands": True}, IN_SEASON, FAIL),
    ("nb.6.2.stall", {}, IN_SEASON, PASS),
    ("nb.6.2.stall", {"stall_cleaned_daily": False}, IN_SEASON, FAIL),
    ("nb.6.3.effluent", {}, IN_SEASON, PASS),
    ("nb.6.3.effluent", {"effluent_discharged": True}, IN_SEASON, FAIL),
    ("nb.6.5.feed", {}, IN_SEASON, PASS),
    ("nb.6.5.feed", {"feed_in_closed_containers": False}, IN_SEASON, FAIL),
    ("nb.3.1.slope", {}, IN_SEASON, PASS),
    ("nb.3.1.slope", {"corral_sloped": False}, IN_SEASON, FAIL),
    ("nb.3.1.slope", {"corral_sloped": None}, IN_SEASON, NOT_APPLICABLE),
    ("nb.3.2.condition", {}, IN_SEASON, PASS),
    ("nb.3.2.condition", {"horses_clean_and_healthy": False}, IN_SEASON, FAIL),
    ("nb.3.2.immunizations", {}, IN_SEASON, PASS),
    ("nb.3.2.immunizations", {"state_immunizations_current": False}, IN_SEASON, FAIL),
    ("nb.5.1.light", {}, IN_SEASON, PASS),
    ("nb.5.1.light", {"light_and_ventilation_adequate": False}, IN_SEASON, FAIL),
    ("nb.5.3.dust", {}, IN_SEASON, PASS),
    ("nb.5.3.dust", {"dust_controlled": False}, IN_SEASON, FAIL),
    ("nb.5.3.dust", {"corral_grassed": True}, IN_SEASON, NOT_APPLICABLE),
    ("nb.5.4.barrier", {}, IN_SEASON, PASS),
    ("nb.5.4.barrier", {"barrier_in_place": False}, IN_SEASON, FAIL),
    ("nb.5.4.barrier", {"barrier_needed": False}, IN_SEASON, NOT_APPLICABLE),
    ("nb.5.5.habitation", {}, IN_SEASON, PASS),
    ("nb.5.5.habitation", {"stable_used_for_habitation": True,
                           "habitation_permitted_in_writing": True}, IN_SEASON, PASS),
    ("nb.5.5.habitation", {"stable_used_for_habitation": True,
                           "habitation_permitted_in_writing": False}, IN_SEASON, FAIL),
    ("nb.6.1.unsanitary", {}, IN_SEASON, PASS),
    ("nb.6.1.unsanitary", {"unsanitary_conditions": True}, IN_SEASON, FAIL),
    ("nb.6.2.treatment", {}, IN_SEASON, PASS),
    ("nb.6.2.treatment", {"manure_treated": False}, IN_SEASON, FAIL),
    ("nb.6.2.treatment", {}, OFF_SEASON, NOT_APPLICABLE),
    ("nb.6.4.insects", {}, IN_SEASON, PASS),
    ("nb.6.4.insects", {"insect_control_practiced": False}, IN_SEASON, REVIEW),
)
#: A burial at the right depth and distances, the Board told the day before.
BURIAL = {**HOLE, "burial_date": dt.date(2030, 7, 10), "notice_date": dt.date(2030, 7, 9)}
SATURDAY = dt.date(2030, 7, 13)
BURIAL_CASES: tuple[tuple[str, dict[str, Any], bool, Outcome], ...] = (
    ("nb.6.6.high_water", {}, True, PASS),
    ("nb.6.6.high_water", {"bottom_above_high_water_ft": 2}, True, FAIL),
    ("nb.6.6.cover", {}, True, PASS),
    ("nb.6.6.cover", {"cover_depth_ft": 3}, True, FAIL),
    ("nb.6.6.lot_line", {}, True, PASS),
    ("nb.6.6.lot_line", {"distance_to_lot_line_ft": 10}, True, FAIL),
    ("nb.6.6.wetland_well", {}, True, PASS),
    ("nb.6.6.wetland_well", {"distance_to_wetland_ft": 80}, True, FAIL),
    ("nb.6.6.wetland_well", {"distance_to_well_ft": 50}, True, FAIL),
    ("nb.6.6.wetland_well", {"distance_to_wetland_ft": 80, "distance_to_well_ft": 50}, True,
     FAIL),
    ("nb.6.6.notice", {}, True, PASS),
    ("nb.6.6.notice", {"notice_date": dt.date(2030, 7, 11)}, False, REVIEW),
    ("nb.6.6.notice", {"notice_date": dt.date(2030, 7, 11)}, True, FAIL),
    ("nb.6.6.notice", {"burial_date": SATURDAY, "notice_date": dt.date(2030, 7, 15)}, True,
     PASS),
    ("nb.6.6.notice", {"burial_date": SATURDAY, "notice_date": dt.date(2030, 7, 16)}, True,
     FAIL),
)
WEEKDAYS = BusinessCalendar(frozenset(range(5)))


def inspected(rule_id: str, changes: dict[str, Any], on: dt.date):
    result = SANITARY_INSPECTION.evaluate({**VISIT, **changes}, on=on)
    return next(each for each in result.findings if each.rule == rule_id)


def buried(rule_id: str, changes: dict[str, Any], calendar: bool):
    result = HORSE_BURIAL.evaluate({**BURIAL, **changes}, on=dt.date(2030, 7, 20),
                                   calendar=WEEKDAYS if calendar else None)
    return next(each for each in result.findings if each.rule == rule_id)


@pytest.mark.parametrize(("rule_id", "changes", "on", "outcome"), INSPECTION_CASES,
                         ids=[f"{case[0]}-{number}" for number, case in
                              enumerate(INSPECTION_CASES)])
def test_every_sanitary_inspection_finding_is_said_in_the_readers_language(
        rule_id, changes, on, outcome):
    found = inspected(rule_id, changes, on)

    assert found.outcome is outcome
    assert_translated(found.message)


@pytest.mark.parametrize(("rule_id", "changes", "calendar", "outcome"), BURIAL_CASES,
                         ids=[f"{case[0]}-{number}" for number, case in enumerate(BURIAL_CASES)])
def test_every_burial_finding_is_said_in_the_readers_language(rule_id, changes, calendar,
                                                              outcome):
    found = buried(rule_id, changes, calendar)

    assert found.outcome is outcome
    assert_translated(found.message)


@pytest.mark.parametrize("rule_set", RULE_SETS, ids=lambda each: each.code)
def test_every_rule_set_of_the_town_asks_and_sums_up_in_the_readers_language(rule_set):
    for text in declared_words(rule_set):
        assert_translated(text)


def test_the_choices_are_worded_as_the_generated_form_shows_them_and_translated():
    for words in (FENCE_MATERIAL_WORDS, OCCUPANCY_WORDS):
        for choice, word in words.items():
            assert humanize(choice) == word
            assert_translated(word)


def test_the_horse_registrations_fields_and_documents_are_said_in_the_readers_language():
    kind = kind_for("northborough.horse_registration")
    texts = [document.label for document in kind.documents]
    for field in kind.extra_fields:
        texts += [text for text in (field.label, field.help) if text]
    for text in texts:
        assert_translated(text)


def test_the_key_dates_are_said_in_the_readers_language():
    for key_date in periods.KEY_DATES:
        assert_translated(key_date.description)


def test_the_burial_findings_read_in_english_as_before():
    assert buried("nb.6.6.wetland_well", {"distance_to_wetland_ft": 80,
                                          "distance_to_well_ft": 50}, True).message == (
        "The hole is too close to the wetland (80 ft) and the well (50 ft); it must be at least "
        "100 ft from any wetland and any well.")
    assert buried("nb.6.6.notice", {"burial_date": SATURDAY,
                                    "notice_date": dt.date(2030, 7, 16)}, True).message == (
        "The burial on July 13, 2030 was on a weekend or holiday, but the Board of Health was "
        "notified only on July 16, 2030; it must be notified by the next working day (July 15, "
        "2030).")
    assert inspected("nb.6.2.interval", {"days_since_manure_removed": 20},
                     IN_SEASON).message == (
        "The time since manure was last taken off the property is 20 days; it must be no more "
        "than 14 days. Take the manure off the property now.")


def test_a_burial_finding_writes_its_dates_the_readers_way():
    found = buried("nb.6.6.notice", {"burial_date": SATURDAY,
                                     "notice_date": dt.date(2030, 7, 15)}, True)

    assert "13 de julho de 2030" in said_in("pt-br", found.message)
    assert "15 de julio de 2030" in said_in("es", found.message)


# -- Refusals ------------------------------------------------------------------------------


@pytest.mark.django_db
@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_refusal_keeps_its_english_and_is_said_in_the_readers_language(keeper, nb_clerk):
    permit = permitted(keeper, nb_clerk)

    with pytest.raises(DomainError) as renewing:
        services.transferable_permit(applicant=keeper, permit_number=permit.number,
                                     address="1 Elsewhere Road")
    with pytest.raises(DomainError) as taken:
        services.transferable_permit(
            applicant=keeper, permit_number=permit.number,
            address=permit.application.stable_application.stable.address)

    assert renewing.value.errors["permit_number"] == [
        "No stable permit has this number at this address; copy both from the transferor's "
        "notice."]
    for refusal in (renewing.value.errors["permit_number"][0],
                    taken.value.errors["permit_number"][0]):
        assert_translated(refusal)


@pytest.mark.django_db
@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_papers_labels_are_in_the_catalogues_beside_their_english(keeper, nb_clerk):
    permit = permitted(keeper, nb_clerk)
    registration = horse(keeper, Stable.objects.get(), dated=dt.date(2027, 3, 2)).registration
    kinds = ((kind_for(permit.permit_type.code), permit),
             (kind_for(registration.permit_type.code), SimpleNamespace(application=registration)))

    labels = [label for kind, paper in kinds
              for label in (*kind.document_context(paper),
                            *(label for label, _ in kind.summary(paper.application)))]

    assert {"Corral area", "Kept at", "EEE and tetanus certificate"} <= set(labels)
    for label in labels:
        assert_translated(label)


# -- Pages ---------------------------------------------------------------------------------


def words(page: str) -> str:
    """A page's text with its whitespace collapsed."""
    return re.sub(r"\s+", " ", page)


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "question", "heading"), [
    ("pt-br", "Profundidade da terra compactada sobre os restos (em pés)",
     "Avisar o Conselho de Saúde sobre o enterro de um cavalo"),
    ("es", "Profundidad de la tierra compactada sobre los restos (en pies)",
     "Avisar a la Junta de Salud del entierro de un caballo"),
])
def test_the_burial_notice_form_asks_in_the_readers_language(client, keeper, nb_clerk,
                                                             language, question, heading):
    with time_machine.travel(MARCH_15_2027, tick=False):
        permitted(keeper, nb_clerk)
    client.force_login(keeper)

    page = words(client.get(reverse("stables:burial_new"),
                            HTTP_ACCEPT_LANGUAGE=language).content.decode())

    assert question in page
    assert heading in page
    assert "(in feet)" not in page


@pytest.mark.django_db
@time_machine.travel(dt.datetime(2027, 6, 1, 10, 0), tick=False)
def test_a_burial_notice_reads_in_the_readers_language_with_the_law_english(client, keeper,
                                                                             nb_clerk):
    with time_machine.travel(MARCH_15_2027, tick=False):
        permitted(keeper, nb_clerk)
    notice = burials.file_burial_notice(
        filed_by=keeper, stable=Stable.objects.get(), horse=None, site="Back pasture",
        facts={**HOLE, "burial_date": dt.date(2027, 5, 29), "notice_date": dt.date(2027, 6, 1)})
    client.force_login(keeper)

    page = words(client.get(reverse("stables:burial", args=[notice.pk]),
                            HTTP_ACCEPT_LANGUAGE="pt-br").content.decode())
    english = words(client.get(reverse("stables:burial", args=[notice.pk]),
                               HTTP_ACCEPT_LANGUAGE="en").content.decode())

    assert "O enterro em 29 de maio de 2027 foi num fim de semana ou feriado" in page
    assert "Aviso de enterro de cavalo" in page
    assert "6 pés" in page
    assert '<span lang="en">Northborough Horse &amp; Stable Regs §6.6</span>' in page
    assert "The burial on May 29, 2027 was on a weekend or holiday" in english
    assert "filed June 1, 2027 by Kate Keeper" in english


@pytest.mark.django_db
@time_machine.travel(MARCH_15_2027, tick=False)
@pytest.mark.parametrize(("language", "expected"), [
    ("pt-br", ("Meus estábulos e cavalos", "Meus cavalos", "Certificado de 2 de março de 2027",
               "Licenças emitidas para este estábulo", "Cavalos mantidos aqui")),
    ("es", ("Mis establos y caballos", "Mis caballos", "Certificado del 2 de marzo de 2027",
            "Permisos emitidos para este establo", "Caballos que se tienen aquí")),
])
def test_the_keepers_dashboard_and_stable_page_read_in_the_readers_language(
        client, keeper, nb_clerk, language, expected):
    permitted(keeper, nb_clerk)
    stable = Stable.objects.get()
    horse(keeper, stable, dated=dt.date(2027, 3, 2))
    client.force_login(keeper)

    dashboard = words(client.get(reverse("licensing:dashboard"),
                                 HTTP_ACCEPT_LANGUAGE=language).content.decode())
    stable_page = words(client.get(reverse("stables:stable", args=[stable.pk]),
                                   HTTP_ACCEPT_LANGUAGE=language).content.decode())

    assert expected[0] in dashboard and expected[1] in dashboard and expected[2] in dashboard
    assert expected[3] in stable_page and expected[4] in stable_page
    assert "My stables and horses" not in dashboard
    assert "Horses kept here" not in stable_page


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "expected"), [
    ("pt-br", ("Cadastrar um cavalo", "Onde o cavalo fica?", "Salvar e revisar")),
    ("es", ("Registrar un caballo", "¿Dónde se tiene al caballo?", "Guardar y revisar")),
])
def test_registering_a_horse_reads_in_the_readers_language(client, keeper, nb_clerk, language,
                                                           expected):
    with time_machine.travel(MARCH_15_2027, tick=False):
        permitted(keeper, nb_clerk)
    client.force_login(keeper)

    page = words(client.get(reverse("stables:horse_new"),
                            HTTP_ACCEPT_LANGUAGE=language).content.decode())

    for text in expected:
        assert text in page
    assert "Register a horse" not in page


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "question"), [
    ("pt-br", "O esterco é retirado das baias pelo menos uma vez por dia?"),
    ("es", "¿Se retira el estiércol de los pesebres al menos una vez al día?"),
])
def test_the_public_sanitary_inspection_check_asks_in_the_readers_language(client, language,
                                                                           question):
    page = words(client.get(
        reverse("law:check", args=["northborough", SANITARY_INSPECTION.code]),
        HTTP_ACCEPT_LANGUAGE=language).content.decode())

    assert question in page
    assert "Is manure removed from the stalls at least daily?" not in page


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "finding"), [
    ("pt-br", "A cova está perto demais do poço (50 pés)"),
    ("es", "La fosa está demasiado cerca del pozo (50 pies)"),
])
def test_the_public_burial_check_answers_in_the_readers_language_citing_the_law_in_english(
        client, language, finding):
    answers = {**HOLE, "distance_to_well_ft": 50, "burial_date": "2030-07-10",
               "notice_date": "2030-07-09"}

    page = words(client.get(reverse("law:check", args=["northborough", HORSE_BURIAL.code]),
                            answers, HTTP_ACCEPT_LANGUAGE=language).content.decode())

    assert finding in page
    assert "The hole is too close" not in page
    assert 'lang="en">Northborough Horse &amp; Stable Regs §6.6' in page
