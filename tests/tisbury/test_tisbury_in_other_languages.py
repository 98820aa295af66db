"""Tisbury in the reader's language (#26): every rule set of its "Check before you apply"
pages and every checklist of the Board's agent — titles, questions, help, choices, summaries
and findings — the permit types' fields, documents and who needs each, its key dates and
periods and the zone's reasons are English where they are declared, for the API and the audit
log, and said in Portuguese or Spanish where a resident's page shows them, the citations kept
English."""

from __future__ import annotations

import datetime as dt
import html
from decimal import Decimal

import pytest
from django.utils import translation

from permits_site.licensing.kinds import kind_for
from permits_site.rules.base import Fact, FactType, RuleSet
from permits_site.rules.registry import town_law
from tests.factories import (
    MeteredWellFactory,
    PropertyFactory,
    Role,
    SeptageHandlerPermitFactory,
    SystemInspectorLicenseFactory,
    UserFactory,
    municipality,
    staff,
)
from tests.translated import LANGUAGES, assert_translated, declared_words, said_in
from tisbury_regs.inspection_triggers.services import PUMPOUTS_REASON
from tisbury_regs.models import InspectionTriggerReason
from tisbury_regs.periods import KEY_DATES, PERIODS
from tisbury_regs.permits.kinds import WHO_NEEDS_IT
from tisbury_regs.zones.districts import District, Figures, derive_zone

ON = dt.date(2030, 7, 10)
LAW = town_law("tisbury")
CHECKS = {**LAW.rule_sets, **LAW.checklists}
#: Answers that reach each rule's branches: small and large numbers, every choice, yes and no.
NUMBERS = {FactType.INTEGER: (1, 30), FactType.NUMBER: (Decimal("1"), Decimal("900"))}


def answers(fact: Fact) -> tuple:
    """A few answers to ``fact`` that send a rule down different branches."""
    if fact.type is FactType.BOOL:
        return (True, False)
    if fact.type is FactType.CHOICE:
        return fact.choices
    if fact.type is FactType.DATE:
        return (ON, ON + dt.timedelta(days=40))
    if fact.type is FactType.TEXT:
        return ("", "T-2030-0001")
    return tuple(max(number, fact.minimum) if fact.minimum is not None else number
                 for number in NUMBERS[fact.type])


def answer_sets(check: RuleSet) -> list[dict]:
    """Answers to every fact of ``check``, varied together: all first answers, all last, and
    each choice of each choice question against both."""
    options = {fact.name: answers(fact) for fact in check.facts}
    base = [{name: values[index % len(values)] for name, values in options.items()}
            for index in (0, -1)]
    varied = [{**facts, name: value} for facts in base
              for name, values in options.items() for value in values
              if check.fact_map[name].type is FactType.CHOICE]
    return base + varied


def findings(check: RuleSet) -> list:
    """Every distinct finding message ``check`` says over :func:`answer_sets`."""
    messages = {}
    for facts in answer_sets(check):
        for finding in check.evaluate(facts, on=ON).findings:
            messages.setdefault(str(finding.message), finding.message)
    return list(messages.values())


@pytest.mark.parametrize("code", sorted(CHECKS))
def test_every_check_is_titled_asked_and_summarised_in_the_readers_language(code):
    for text in declared_words(CHECKS[code]):
        assert_translated(text)


@pytest.mark.parametrize("code", sorted(CHECKS))
def test_every_finding_of_every_check_is_said_in_the_readers_language(code):
    said = findings(CHECKS[code])

    assert said
    for message in said:
        assert_translated(message)


def test_findings_read_in_english_as_before_and_keep_their_citations_english():
    coastal = LAW.rule_sets["tisbury.coastal_septic"]
    facts = {**answer_sets(coastal)[0], "zone": "coastal_district",
             "distance_to_private_well_ft": Decimal("150"), "separation_to_water_table_ft":
             Decimal("6")}
    result = {finding.rule: finding.message for finding in coastal.evaluate(facts, on=ON).findings}

    assert result["ti.9.7.6.private_well"] == (
        "The distance from the system to the nearest private well is 150 ft; it must be at "
        "least 200 ft.")
    assert result["ti.9.7.6.water_table"] == (
        "The system is 6 ft above the water table, within the 5 to 7 ft range: the Board "
        "decides whether it is enough (7 ft always is).")
    assert said_in("pt-br", result["ti.9.7.6.water_table"]).startswith(
        "O sistema fica 6 pés acima do lençol freático")
    undetermined = coastal.evaluate({**facts, "zone": "not_determined"}, on=ON).findings[0]
    assert ('(<span class="citation" lang="en">Tisbury BOH Reg 09.9.1(1)</span>; '
            '<span class="citation" lang="en">Tisbury BOH Reg 09.9.2</span>)'
            in said_in("es", undetermined.message))


def test_a_joined_finding_says_each_part_the_readers_way():
    well = LAW.rule_sets["tisbury.private_well"]
    facts = {**answer_sets(well)[0], "installed": False, "proven": False, "tested": True}
    message = next(finding.message for finding in well.evaluate(facts, on=ON).findings
                   if finding.rule == "ti.3.1.3.ready")

    assert message.startswith("The well is not yet installed or proven;")
    assert said_in("pt-br", message).startswith("O poço ainda não está instalado ou comprovado;")
    assert said_in("es", message).startswith("El pozo aún no está instalado o comprobado;")


@pytest.mark.parametrize("code", sorted(WHO_NEEDS_IT))
def test_every_permit_types_fields_documents_and_who_needs_it_are_translated(code):
    kind = kind_for(code)
    texts = [WHO_NEEDS_IT[code], *(document.label for document in kind.documents)]
    for field in kind.extra_fields:
        texts += [field.label, field.help, field.fact.condition_text if field.fact else ""]
    for text in dict.fromkeys(text for text in texts if text):
        assert_translated(text)


@pytest.mark.parametrize("moment", [*PERIODS, *KEY_DATES], ids=lambda moment: moment.code)
def test_every_key_date_and_period_is_described_in_the_readers_language(moment):
    assert_translated(moment.description)


@pytest.mark.parametrize(("parcel", "figures"), [
    ("31-B-4", None), ("31-C-2", None), ("12-A-1", None),
    ("12-A-1", Figures(elevation_ft=Decimal("45.0"), water_distance_ft=Decimal("1800.0"),
                       share_below_percent=Decimal("0.0"))),
    ("12-A-1", Figures(elevation_ft=Decimal("12"), share_below_percent=Decimal("60"))),
    ("12-A-1", Figures(elevation_ft=Decimal("45"))),
])
def test_the_zone_of_a_lot_is_explained_in_the_readers_language(parcel, figures):
    zone = derive_zone(parcel, district=District(), figures=figures)

    assert_translated(zone.reason)
    assert '<span class="citation" lang="en">Tisbury BOH Reg 09.9' in said_in("pt-br", zone.reason)


def test_the_coastal_criteria_met_are_joined_in_the_readers_language():
    zone = derive_zone("12-A-1", district=District(), figures=Figures(
        elevation_ft=Decimal("12"), share_below_percent=Decimal("60")))

    assert zone.reason == (
        "In the Coastal District by the Board's figures: it lies at 12 ft, below the 20 ft "
        "elevation; 60 % of its acreage (wetlands excluded) lies below the contour, 50 % or "
        "more (Tisbury BOH Reg 09.9.1(1)).")
    assert "fica a 12 pés, abaixo da altitude de 20 pés; 60 % da sua área" in said_in(
        "pt-br", zone.reason)


# -- pages -------------------------------------------------------------------------------------


def page(client, language: str, url: str, **query) -> str:
    response = client.get(url, query, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_check_page_asks_and_answers_in_the_readers_language(client, language):
    coastal = LAW.rule_sets["tisbury.coastal_septic"]
    facts = {name: ("yes" if value is True else "no" if value is False else value)
             for name, value in answer_sets(coastal)[0].items()}
    content = page(client, language, "/towns/tisbury/check/tisbury.coastal_septic/",
                   **{**facts, "zone": "coastal_district", "on": ON.isoformat()})

    with translation.override(language):
        for text in (coastal.title, coastal.fact_map["on_slope"].label,
                     next(rule.summary for rule in coastal.rules if rule.id == "ti.9.7.6.slope")):
            assert html.escape(translation.gettext(text)) in content
    assert html.escape(coastal.title) not in content
    assert '<p class="citation mb-0" lang="en">Tisbury BOH Reg 09.9.7(6)</p>' in content


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_septage_handler_reads_its_returns_page_in_its_language(client, language):
    permit = SeptageHandlerPermitFactory()
    client.force_login(permit.holder)

    content = page(client, language, "/tisbury/pumpout/returns/")

    with translation.override(language):
        assert translation.gettext("Septage pump-out returns") in content
        assert html.escape(translation.gettext("No return is filed yet.")) in content
    assert "Return each month" not in content
    assert '<span class="citation small" lang="en">(Tisbury BOH Reg 09.6.2)</span>' in content


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_well_owner_reads_the_meter_page_in_its_language(client, language):
    well = MeteredWellFactory(valid_from=dt.date(2029, 1, 2))
    client.force_login(well.holder)

    content = page(client, language, "/tisbury/wells/readings/")

    with translation.override(language):
        for words in ("Well meter readings", "Record the reading", "Spring (May 1–15)"):
            assert html.escape(translation.gettext(words)) in content
    assert "A well serving more than two bedrooms" not in content



@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_reading_is_said_in_the_owners_language(client, language):
    well = MeteredWellFactory(valid_from=dt.date(2029, 1, 2))
    client.force_login(well.holder)

    response = client.post("/tisbury/wells/readings/", {
        "well": well.pk, "season": "spring", "read_on": "2030-05-20", "meter_gallons": 150_000,
    }, HTTP_ACCEPT_LANGUAGE=language)

    content = response.content.decode()
    assert response.status_code == 400
    assert "reading is taken" not in content
    assert '<span class="citation" lang="en">Tisbury BOH Reg 09.3.1(4)</span>' in content


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_pump_out_row_is_said_in_the_handlers_language(client, language):
    permit = SeptageHandlerPermitFactory()
    client.force_login(permit.holder)

    response = client.post("/tisbury/pumpout/returns/new/", {
        "handler": permit.holder_business_id, "month": "2030-05", "jobs-TOTAL_FORMS": 1,
        "jobs-INITIAL_FORMS": 0, "jobs-0-permit_number": "PO-3", "jobs-0-address": "3 Skiff Avenue",
        "jobs-0-pumped_on": "2030-05-03", "jobs-0-gallons": 0,
    }, HTTP_ACCEPT_LANGUAGE=language)

    content = response.content.decode()
    assert response.status_code == 400
    assert "Enter the volume pumped" not in content
    assert '<span class="citation" lang="en">Tisbury BOH Reg 09.6.2</span>' in content


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_a_licensed_inspector_files_a_report_in_the_inspectors_language(client, language):
    inspector = UserFactory()
    SystemInspectorLicenseFactory(user=inspector, granted_by=staff(Role.ADMIN, "tisbury"),
                                  granted_on=dt.date(2020, 1, 2), expires_on=dt.date(2099, 1, 1))
    place = PropertyFactory(municipality=municipality("tisbury"))
    client.force_login(inspector)

    content = page(client, language, "/tisbury/septic/reports/new/")
    refused = client.post("/tisbury/septic/reports/new/", {
        "place": place.pk, "owner_name": "Olive Owner", "inspected_on": "2099-12-01",
        "result": "passed",
    }, HTTP_ACCEPT_LANGUAGE=language).content.decode()

    with translation.override(language):
        assert translation.gettext("File a septic inspection report") in content
        assert html.escape(translation.gettext("Date of the inspection")) in content
        assert html.escape(translation.gettext(
            "The inspection cannot be in the future.")) in refused
    assert "File the report within 30 days" not in content


@pytest.mark.parametrize("reason", [PUMPOUTS_REASON, *InspectionTriggerReason.labels])
def test_why_an_inspection_is_required_is_said_in_the_owners_language(reason):
    assert_translated(reason)
