"""Checks shared by the tests of declarations said in Portuguese and Spanish
(docs/development/translations.md)."""

from __future__ import annotations

import re

from django.utils import translation

from permits_site.licensing.templatetags.localised import explained

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
