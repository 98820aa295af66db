"""Checks shared by the tests of declarations said in Portuguese and Spanish
(docs/development/translations.md)."""

from __future__ import annotations

import json
import re

from django.utils import translation

from permits_site.licensing.fact_forms import humanize
from permits_site.licensing.templatetags.localised import explained
from permits_site.rules.wording import CitedSection

#: The languages besides English a resident may read the site in.
LANGUAGES = ("pt-br", "es")
PLACEHOLDER = re.compile(r"%\(\w+\)s")


def said_in(language: str, sentence: str) -> str:
    """``sentence`` as a page in ``language`` shows it."""
    with translation.override(language):
        return explained(sentence)


def assert_translated(sentence: str) -> None:
    """Said differently in each language, every placeholder filled, its template (words, not
    only the numbers written the reader's way) in the catalogue."""
    template = getattr(sentence, "template", sentence)
    worded = PLACEHOLDER.sub("", template).strip()
    for language in LANGUAGES:
        words = said_in(language, sentence)
        assert words != sentence, (language, sentence)
        assert "%(" not in words, (language, words)
        with translation.override(language):
            assert not worded or translation.gettext(template) != template, (language, template)


def declared_words(rule_set) -> list[str]:
    """The words a rule set declares for people to read: its title and description, each
    question's label, help, condition and choices, each rule's summary (a section cited as
    help stays English; the units, some written alike in all three languages, are checked
    with the forms' words in ``tests/law/test_town_pages_in_other_languages.py``)."""
    texts = [rule_set.title, rule_set.description]
    for fact in rule_set.facts:
        texts += [fact.label, fact.help_text, fact.condition_text,
                  *(humanize(choice) for choice in fact.choices)]
    texts += [rule.summary for rule in rule_set.rules]
    return list(dict.fromkeys(text for text in texts
                              if text and not isinstance(text, CitedSection)))


def assert_finding_translated(found, outcome) -> None:
    """A finding with the outcome expected, said in each language, its message still the
    English string JSON carries."""
    assert found.outcome is outcome
    assert_translated(found.message)
    assert json.loads(json.dumps(found.message)) == found.message
