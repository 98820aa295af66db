"""Text an admin types — a permit type's name, a fee item's description, the counter's
instructions — in English and, where the admin gives it, in each other language residents
read the site in (#26: "a field per language, falling back to English").

A model keeps one column per other language beside the English one, declared with
:func:`in_other_languages`::

    name = models.CharField(max_length=120)
    name_pt_br, name_es = in_other_languages(name)

A page shows the reader's column when the admin filled it, else the English (the
``typed`` filter of ``permits_site.licensing.templatetags.localised``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import models

from permits_site.rules.wording import TypedText

#: The languages besides English, with the suffix of their columns.
OTHER_LANGUAGES = {"pt-br": "pt_br", "es": "es"}
LANGUAGE_NAMES = {"pt-br": "Portuguese (Brazil)", "es": "Spanish"}


def in_other_languages(english: models.CharField) -> tuple[models.CharField, ...]:
    """One optional column per other language for the text ``english`` holds."""
    return tuple(
        models.CharField(
            f"{english.verbose_name} in {LANGUAGE_NAMES[language]}"
            if english.verbose_name else None,
            max_length=english.max_length, blank=True, default="")
        for language in OTHER_LANGUAGES)


def columns(field: str) -> list[str]:
    """The names of ``field``'s columns in the other languages."""
    return [f"{field}_{suffix}" for suffix in OTHER_LANGUAGES.values()]


def typed_in(record: Any, field: str, language: str) -> str:
    """What the admin typed for ``field`` of ``record`` (a model, or a line a license keeps
    as a mapping) in ``language``; empty when they gave no translation (the reader then
    reads the English)."""
    suffix = OTHER_LANGUAGES.get(language.lower())
    return _read(record, f"{field}_{suffix}") if suffix else ""


def _read(record: Any, name: str) -> str:
    if isinstance(record, Mapping):
        return record.get(name) or ""
    return getattr(record, name, "") or ""


def typed_value(record: Any, field: str) -> TypedText:
    """``field`` of ``record`` with its translations, to place among a sentence's values
    (an e-mail's subject naming a permit type)."""
    return TypedText(_read(record, field), {
        language: typed_in(record, field, language) for language in OTHER_LANGUAGES})
