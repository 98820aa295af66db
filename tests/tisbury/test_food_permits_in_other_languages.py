"""Tisbury's food permits in the reader's language — temporary food (09.5.3), food service
(09.5) and residential kitchen (09.5.5): what each permit type declares (its fields, its
documents, who needs it) and what the Board's inspections of the kitchens find are English
where they are declared, for the API and the audit log, and said in Portuguese or Spanish
where a resident's page shows them."""

from __future__ import annotations

import datetime as dt
import json

import pytest
from django.utils import translation

from permits_site.licensing.declarations import DetailsInvalid
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import PermitType
from permits_site.licensing.templatetags.localised import explained
from permits_site.rules.base import Outcome
from tests.translated import LANGUAGES, assert_translated, said_in
from tisbury_regs.permits.food import (
    KITCHEN_ITEMS,
    RESIDENTIAL_KITCHEN_VISIT,
    TEMPORARY_KITCHEN_ITEMS,
    TEMPORARY_KITCHEN_VISIT,
)
from tisbury_regs.permits.kinds import WHO_NEEDS_IT

TEMPORARY_FOOD = "tisbury.temporary_food"
FOOD_PERMITS = (TEMPORARY_FOOD, "tisbury.food_service", "tisbury.residential_kitchen")
#: Each kitchen inspection with its items: (fact, question, rule id, refusal).
VISITS = ((TEMPORARY_KITCHEN_VISIT, TEMPORARY_KITCHEN_ITEMS),
          (RESIDENTIAL_KITCHEN_VISIT, KITCHEN_ITEMS))
KITCHEN_PASSES = {fact.name: True for fact in TEMPORARY_KITCHEN_VISIT.facts}
EVENT = {"event_name": "Tisbury Street Fair", "event_location": "Main Street",
         "start_date": "2030-07-10", "end_date": "2030-07-12", "operator": "non_profit"}


def declared_texts(code: str) -> list[str]:
    """Every label, help and condition of the permit type's form, its documents' names and
    who needs it."""
    kind = kind_for(code)
    texts = [WHO_NEEDS_IT[code], *(document.label for document in kind.documents)]
    for field in kind.extra_fields:
        texts += [field.label, field.help, field.fact.condition_text]
    return list(dict.fromkeys(text for text in texts if text))


@pytest.mark.parametrize("text", [text for code in FOOD_PERMITS for text in declared_texts(code)])
def test_every_field_document_and_who_needs_it_is_said_in_the_readers_language(text):
    assert_translated(text)


def test_the_declarations_read_in_english_as_before():
    fields = {field.name: field for field in kind_for(TEMPORARY_FOOD).extra_fields}

    assert fields["end_date"].help == ("The permit is valid for the event, from its first day "
                                       "to its last (Tisbury BOH Reg 09.5.3).")
    assert fields["in_town"].help == "for-profit operators"
    assert kind_for("tisbury.residential_kitchen").extra_fields[0].help == (
        "A residential kitchen serving breakfast to the public or offering overnight "
        "accommodations is inspected by the Board of Health before its license issues "
        "(Tisbury BOH Reg 09.5.5).")
    with translation.override("pt-br"):
        assert explained(fields["end_date"].help).endswith(
            '(<span class="citation" lang="en">Tisbury BOH Reg 09.5.3</span>).')


@pytest.mark.parametrize("visit", [visit for visit, _ in VISITS], ids=lambda visit: visit.code)
def test_the_kitchen_inspections_are_named_in_the_readers_language(visit):
    assert_translated(visit.title)
    assert_translated(visit.description)


@pytest.mark.parametrize(("visit", "fact", "rule_id"),
                         [pytest.param(visit, item[0], item[2], id=item[2])
                          for visit, items in VISITS for item in items])
def test_every_rule_of_the_kitchen_inspections_says_its_finding_in_the_readers_language(
        visit, fact, rule_id):
    rule = next(rule for rule in visit.rules if rule.id == rule_id)
    assert_translated(rule.summary)
    passes = {each.name: True for each in visit.facts}
    for answer, outcome in ((True, Outcome.PASS), (False, Outcome.FAIL)):
        result = visit.evaluate({**passes, fact: answer}, on=dt.date(2030, 7, 10))
        finding = next(finding for finding in result.findings if finding.rule == rule_id)
        assert finding.outcome is outcome
        assert_translated(finding.message)


def test_a_finding_is_the_same_english_whatever_language_is_active():
    findings = []
    for language in ("en", *LANGUAGES):
        with translation.override(language):
            result = TEMPORARY_KITCHEN_VISIT.evaluate(
                {**KITCHEN_PASSES, "food_handling": False}, on=dt.date(2030, 7, 10))
        findings.append([(finding.rule, finding.message) for finding in result.findings])

    assert findings[0] == findings[1] == findings[2]
    assert ("ti.5.3.handling", "The food handling procedures are not sound.") in findings[0]


@pytest.mark.django_db
def test_an_event_ending_before_it_starts_is_refused_in_english_and_said_the_readers_way():
    kind = kind_for(TEMPORARY_FOOD)
    permit_type = PermitType.objects.get(code=TEMPORARY_FOOD)
    with pytest.raises(DetailsInvalid) as refused:
        kind.parse_details(permit_type, {**EVENT, "end_date": "2030-07-09"}, action="new",
                           applicant=None)

    refusal = refused.value.errors["end_date"][0]
    assert refusal == ("The event cannot end before it starts (July 10, 2030) "
                       "(Tisbury BOH Reg 09.5.3).")
    assert json.dumps(refused.value.errors)
    assert_translated(refusal)
    assert '(<span class="citation" lang="en">Tisbury BOH Reg 09.5.3</span>)' in said_in(
        "pt-br", refusal)
    assert "(10 de julho de 2030)" in said_in("pt-br", refusal)
