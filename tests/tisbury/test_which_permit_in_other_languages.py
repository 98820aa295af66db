""""Which permit do I need in Tisbury?" in Portuguese and Spanish: every question, help,
answer and reason of the town's tree is said in the reader's language, the law's citations
stay English and are marked so (lang="en"), and English readers read it as before."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from permits_site.licensing.questions import Ask, town_tree, walk
from permits_site.licensing.templatetags.localised import explained
from permits_site.licensing.views.which_permit import types_by_purpose

LANGUAGES = ("pt-br", "es")
#: One walk down each branch of the Tisbury tree, with its answers as the form sends them.
WALKS = [
    {},
    {"purpose": "food_business"},
    {"purpose": "food_business", "serving": "event"},
    {"purpose": "food_business", "serving": "home"},
    {"purpose": "food_business", "serving": "establishment"},
    {"purpose": "dumpster"},
    {"purpose": "dumpster", "supplies_dumpsters": "yes"},
    {"purpose": "dumpster", "supplies_dumpsters": "no"},
    {"purpose": "dumpster", "supplies_dumpsters": "no", "dumpster_days": "45"},
    {"purpose": "dumpster", "supplies_dumpsters": "no", "dumpster_days": "10"},
    {"purpose": "hold_event"},
    {"purpose": "run_a_trade"},
    {"purpose": "run_a_trade", "trade": "septage"},
    {"purpose": "septic_system"},
    {"purpose": "septic_system", "septic_work": "own_system"},
    {"purpose": "host_guests"},
    {"purpose": "work_on_land"},
    {"purpose": "keep_horses"},
    {"purpose": "keep_horses", "horses_kept": "3"},
]
#: A citation of the Board's regulations as the page prints it.
CITATION = re.compile(r"Tisbury BOH Reg [0-9.()]+")


def page(client, language: str, answers: dict[str, str]) -> str:
    response = client.get(reverse("law:which_permit", args=["tisbury"]), answers,
                          HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def parsed(answers: dict[str, str]) -> dict[str, object]:
    """The answers as the walk takes them."""
    values = {"yes": True, "no": False}
    return {name: values.get(value, int(value) if value.isdigit() else value)
            for name, value in answers.items()}


def english_texts(answers: dict[str, str]) -> list[str]:
    """What the page says on this walk, as the tree declares it in English: each question
    asked, its help and its choices, and the reason of the answer reached."""
    with translation.override("en"):
        path = walk(town_tree("tisbury", types_by_purpose("tisbury")), parsed(answers))
    texts: list[str] = []
    for ask in path.asked:
        texts += [ask.fact.label, ask.fact.help_text, *choice_words(ask)]
    if path.answer is not None:
        texts += CITATION.split(path.answer.reason)
    return [text.strip(" ();.") for text in texts if text.strip(" ();.")]


def choice_words(ask: Ask) -> list[str]:
    return [str(words) for words in ask.choice_labels.values()]


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("answers", WALKS, ids=lambda answers: "-".join(answers.values()))
def test_no_english_is_left_in_the_questions_and_answers(client, language, answers):
    content = page(client, language, answers)

    for text in english_texts(answers):
        assert html.escape(text) not in content, (language, text)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_questions_and_their_help_are_said_in_the_readers_language(client, language):
    content = page(client, language, {"purpose": "dumpster", "supplies_dumpsters": "no"})

    with translation.override("en"):
        path = walk(town_tree("tisbury", types_by_purpose("tisbury")),
                    {"purpose": "dumpster", "supplies_dumpsters": False})
    with translation.override(language):
        for ask in path.asked:
            assert html.escape(explained(ask.fact.label)) in content
        assert html.escape(explained(path.asked[-1].fact.help_text)) in content
        assert html.escape(translation.gettext("No")) in content


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_reason_keeps_its_citations_in_english_marked_so(client, language):
    content = page(client, language, {"purpose": "food_business", "serving": "establishment"})

    assert '<span class="citation" lang="en">Tisbury BOH Reg 09.5</span>' in content
    assert '<span class="citation" lang="en">Tisbury BOH Reg 09.5.2</span>' in content


@pytest.mark.django_db
def test_english_readers_read_the_reason_as_declared(client):
    content = page(client, "en", {"purpose": "food_business", "serving": "event"})

    assert ("Food served at an event needs a temporary food permit for the days of the "
            "event; the Board inspects the temporary kitchen (Tisbury BOH Reg 09.5.3).") in content
    assert "Where will you serve food to the public?" in content
