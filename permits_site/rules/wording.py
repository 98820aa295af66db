"""Sentences the rules and services say to people, kept so a page can say them in the reader's
language.

The rules engine is pure Python: a finding's message is English, as the API, the audit log
and staff read it. A sentence that carries values is built with :func:`explain` from a
template marked with :func:`gettext_noop` (so ``makemessages`` puts it in the catalogues)::

    explain(gettext_noop("The dog is %(age)s months old."), age=7)

It is a plain ``str`` in English ("The dog is 7 months old.") that also remembers its
template and values; a page translates the template and formats each value the reader's way
(``{{ finding.message|explained }}`` in ``permits_site.licensing.templatetags.localised``).
A sentence without values is a plain string marked with :func:`gettext_noop`. A sentence that
counts says one thing in the singular ("1 acre") and any other number in the plural
(:func:`ngettext_lazy`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any


def gettext_noop(message: str) -> str:
    """Mark ``message`` for the catalogues without translating it (as Django's function of
    the same name, which ``makemessages`` looks for; this package imports no Django)."""
    return message


class Dollars(Decimal):
    """An amount of money among an explanation's values: "$1,234.50" in English."""

    def __str__(self) -> str:
        return f"${self:,.2f}"


class CitedSection(str):
    """A section of the law among an explanation's values: a translated page keeps it in
    English, as enacted, marked as English for screen readers."""


class TypedText(str):
    """Text an admin typed in English, among an explanation's values, with the
    translations they gave (``{"pt-br": …, "es": …}``; a language missing reads the
    English): a page and an e-mail say it in the reader's language."""

    translations: Mapping[str, str]

    def __new__(cls, english: str, translations: Mapping[str, str]) -> TypedText:
        text = super().__new__(cls, english)
        text.translations = {language: words for language, words in translations.items()
                             if words}
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return (TypedText, (str(self), self.translations))

    def lower(self) -> TypedText:
        """Lower case in every language, as the middle of a sentence reads it."""
        return TypedText(str.lower(self), {language: words.lower() for language, words
                                           in self.translations.items()})


class MonthDay(dt.date):
    """A day named without its year, as a message's subject names it: "June 3"."""

    @classmethod
    def of(cls, day: dt.date) -> MonthDay:
        return cls(day.year, day.month, day.day)


class ShortDate(dt.date):
    """A day as a table writes it in English, its month abbreviated ("Jun 3, 2027"); in
    words in the reader's language."""

    @classmethod
    def of(cls, day: dt.date) -> ShortDate:
        return cls(day.year, day.month, day.day)


def english(value: Any) -> str:
    """A value as it reads in an English sentence: dates in words ("March 4, 2030"), a
    :class:`MonthDay` without its year ("June 3"), a :class:`ShortDate` abbreviated."""
    if isinstance(value, MonthDay):
        return f"{value:%B} {value.day}"
    if isinstance(value, ShortDate):
        return f"{value:%b} {value.day}, {value.year}"
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return f"{value:%B} {value.day}, {value.year}"
    return str(value)


@dataclass(frozen=True)
class Plural:
    """A sentence's two English forms and the name of the value that counts: the singular
    for one thing, the plural for any other number (0, 2, 1.5)."""

    singular: str
    plural: str
    number: str

    def english(self, values: Mapping[str, Any]) -> str:
        return self.singular if values[self.number] == 1 else self.plural


def ngettext_lazy(singular: str, plural: str, number: str) -> Plural:
    """Mark a counted sentence's singular and plural for the catalogues as one entry, the
    count to come as the value named ``number``: ``explain(ngettext_lazy("%(count)s day",
    "%(count)s days", "count"), count=1)`` reads "1 day". As Django's function of the same
    name given a key for its number, which ``makemessages`` looks for; a page picks the form
    by the plural rules of the reader's language (Brazilian Portuguese says "0 dia")."""
    return Plural(singular, plural, number)


class Explanation(str):
    """An English sentence that remembers the template and values it was built from, and
    for a counted sentence (:func:`ngettext_lazy`) both of its forms."""

    template: str
    values: Mapping[str, Any]
    plural: Plural | None

    def __new__(cls, template: str | Plural, values: Mapping[str, Any]) -> Explanation:
        forms = template if isinstance(template, Plural) else None
        words = forms.english(values) if forms else template
        sentence = super().__new__(cls, words % {name: english(value)
                                                 for name, value in values.items()}
                                   if values else words)
        sentence.template = words
        sentence.values = dict(values)
        sentence.plural = forms
        return sentence

    def __reduce__(self) -> tuple[Any, ...]:
        return (Explanation, (self.plural or self.template, self.values))


def explain(template: str | Plural, **values: Any) -> Explanation:
    """The English sentence ``template % values``, translatable as a whole on a page.

    Among the values, a plain ``str`` is data, written as it is (a dog named "Yes" stays
    "Yes"); words the reader should read in their language (a unit, "the inspection") are
    passed as :func:`phrase`. A counted sentence passes both its forms
    (:func:`ngettext_lazy`)."""
    return Explanation(template, values)


def phrase(words: str) -> Explanation:
    """Words marked for the catalogues, to be placed among a sentence's values and said in
    the reader's language: ``explain(gettext_noop("%(amount)s %(unit)s"), amount=50,
    unit=phrase(gettext_noop("ft")))``."""
    return words if isinstance(words, Explanation) else Explanation(words, {})
