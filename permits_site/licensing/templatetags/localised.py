"""Dates, money and the rules' sentences in the reader's language: English reads as it always
has ("June 10, 2026", "$25.00"); Portuguese and Spanish through Django's formats for the
language ("10 de junho de 2026", "US$ 1.234,50"), so a resident never reads a date or an amount
the wrong way round, and through the catalogues for the sentences
(:mod:`permits_site.rules.wording`). A legal document stays English with the reader's language
beside it (``{% bilingual %}``).
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from django import template
from django.utils import formats, timezone, translation
from django.utils.dateformat import format as date_format
from django.utils.html import conditional_escape, format_html
from django.utils.numberformat import format as number_format
from django.utils.safestring import mark_safe

from permits_site.rules.wording import (
    CitedSection,
    Dollars,
    Explanation,
    MonthDay,
    TypedText,
)
from permits_site.towns.typed_text import typed_value

register = template.Library()


def _english() -> bool:
    return (translation.get_language() or "en").split("-")[0] == "en"


def _local_day(value: dt.date) -> dt.date:
    """The site's local day of a moment stored in UTC; a date as it is."""
    if isinstance(value, dt.datetime) and timezone.is_aware(value):
        return timezone.localdate(value)
    return value


@register.filter
def long_date(value: dt.date | None) -> str:
    """A date in words: "June 10, 2026", "10 de junho de 2026", "10 de junio de 2026"; a
    moment (a payment's, a message's) on the day it was in Massachusetts."""
    if not value:
        return ""
    value = _local_day(value)
    if _english():
        return date_format(value, "F j, Y")
    return formats.date_format(value).lower()  # "junho": months take no capital in Portuguese


@register.filter
def day_and_date(value: dt.date | None) -> str:
    """A date with its weekday, as a notice sets a deadline or a hearing: "Monday, June 10,
    2026", "segunda-feira, 10 de junho de 2026", "lunes, 10 de junio de 2026"."""
    if not value:
        return ""
    value = _local_day(value)
    if _english():
        return date_format(value, "l, F j, Y")
    return f"{date_format(value, 'l').lower()}, {long_date(value)}"


@register.filter
def time_of_day(value: dt.time | None) -> str:
    """An hour as a notice gives it: "7:00 PM", "19:00", "19:00"."""
    if not value:
        return ""
    return formats.time_format(value, "g:i A" if _english() else "H:i")


@register.filter
def time_and_place(hearing) -> str:
    """A hearing's hour and place, those it has: "7:00 PM, Town Hall, 63 Main Street"."""
    return ", ".join(part for part in (time_of_day(hearing.hearing_time), hearing.location)
                     if part)


@register.filter
def day_time_and_place(hearing) -> str:
    """A hearing's day, hour and place, those it has: "Thursday, December 10, 2026, 7:00 PM,
    Town Hall, 63 Main Street"."""
    return ", ".join(part for part in (day_and_date(hearing.hearing_date),
                                       time_and_place(hearing)) if part)


@register.filter
def weekday_and_date(value: dt.date | None) -> str:
    """A date with its weekday shortened, as a calendar's table lists it: "Mon, June 10,
    2026", "seg, 10 de junho de 2026", "lun, 10 de junio de 2026"."""
    if not value:
        return ""
    if _english():
        return date_format(value, "D, F j, Y")
    return f"{date_format(value, 'D').lower()}, {long_date(value)}"


@register.filter
def month_day(value: dt.date | None) -> str:
    """A day without its year: "June 3", "3 de junho", "3 de junio"."""
    if not value:
        return ""
    if _english():
        return date_format(value, "F j")
    return formats.date_format(value, "MONTH_DAY_FORMAT").lower()


@register.filter(expects_localtime=True)
def moment(value: dt.datetime | None) -> str:
    """A date and time: "Jun 10, 2026, 2:05 pm" in English as before, the language's own
    format otherwise ("10/06/2026 14:05")."""
    if not value:
        return ""
    if _english():
        return date_format(value, "M j, Y, g:i a")
    return formats.date_format(value, "DATETIME_FORMAT")


@register.filter
def money(value: Decimal | int | None) -> str:
    """Dollars: "$1234.50" in English as before, "US$ 1.234,50" in Portuguese
    and Spanish, whose readers use "$" for their own currencies and a comma for cents. A
    negative amount (a reduction's line) takes a minus sign before the dollar sign, as a paid
    amount does on a statement: "−$15.00", "−US$ 15,00"."""
    if value is None or value == "":
        return ""
    value = Decimal(value)
    sign = "−" if value < 0 else ""
    if _english():
        return f"{sign}${formats.localize(abs(value))}"
    decimal_separator = formats.get_format("DECIMAL_SEPARATOR")
    grouping_separator = formats.get_format("THOUSAND_SEPARATOR")
    amount = number_format(abs(value), decimal_separator, decimal_pos=2, grouping=3,
                           thousand_sep=grouping_separator, force_grouping=True)
    return f"{sign}US$ {amount}"


def _in_words(value: Any, *, html: bool) -> str:
    """One value of an explanation, written the reader's way: a citation stays English,
    marked so on a page; marked words (a :func:`~permits_site.rules.wording.phrase`) are
    translated; a plain string is data (a name, an address) and is written as it is."""
    if isinstance(value, CitedSection):
        return format_html('<span class="citation" lang="en">{}</span>', value) if html \
            else str(value)
    if isinstance(value, Explanation):
        return _said(value, html=html)
    if isinstance(value, TypedText):
        return _typed_words(value, html=html)
    if isinstance(value, Dollars):
        return money(value)
    if isinstance(value, MonthDay):
        return month_day(value)
    if isinstance(value, dt.date) and not isinstance(value, dt.datetime):
        return long_date(value)
    if isinstance(value, int | Decimal) and not isinstance(value, bool):
        return formats.number_format(value, use_l10n=True)
    return str(value)


def _said(sentence: str | None, *, html: bool) -> str:
    if not sentence:
        return ""
    if not isinstance(sentence, Explanation):
        return translation.gettext(sentence)
    if _english():
        return str(sentence)
    if not sentence.values:
        words = translation.gettext(sentence.template)
        return words if not html else conditional_escape(words)
    if not html:
        return _template(sentence) % {
            name: _in_words(value, html=False) for name, value in sentence.values.items()}
    values = {name: conditional_escape(_in_words(value, html=True))
              for name, value in sentence.values.items()}
    return mark_safe(conditional_escape(_template(sentence)) % values)


def _template(sentence: Explanation) -> str:
    """The sentence's template in the reader's language; a counted one in the form the
    language's plural rules give its number."""
    forms = sentence.plural
    if forms is None:
        return translation.gettext(sentence.template)
    return translation.ngettext(forms.singular, forms.plural,
                                _whole_count(sentence.values[forms.number]))


def _whole_count(number: int | Decimal) -> int:
    """The count the catalogues' plural rules take, which are for whole numbers: a fraction
    counts as many, as in English ("1.5 acres")."""
    return int(number) if number == int(number) else 2


@register.filter
def explained(sentence: str | None) -> str:
    """A sentence of the rules or services in the reader's language, for a page: an
    :class:`~permits_site.rules.wording.Explanation` through its translated template and
    values written the reader's way (HTML-safe, its citations marked ``lang="en"``), any
    other marked sentence through the catalogue; a sentence the catalogues do not hold
    stays as it is."""
    return _said(sentence, html=True)


@register.filter
def explained_text(sentence: str | None) -> str:
    """The same sentence as :func:`explained`, as plain text: for an e-mail's subject and
    body, where there is no markup to keep the citation English by."""
    return _said(sentence, html=False)


def _typed(record: Any, field: str, *, html: bool) -> str:
    return _typed_words(typed_value(record, field), html=html)


def _typed_words(text: TypedText, *, html: bool) -> str:
    """What an admin typed, in the reader's language (see :func:`typed`)."""
    english = str(text)
    if not english or _english():
        return english
    language = (translation.get_language() or "").lower()
    said = text.translations.get(language) or translation.gettext(english)
    if said != english:
        return said
    return format_html('<span lang="en">{}</span>', english) if html else english


@register.filter
def typed(record: Any, field: str) -> str:
    """Text an admin typed (``field`` of ``record``: a permit type's ``name``, a fee line's
    ``description``, the counter's ``hours``), for a page: as the admin typed it in the
    reader's language, else the catalogues' translation of the wording the law's
    declarations seeded it with, else the English, marked ``lang="en"``."""
    return _typed(record, field, html=True)


@register.filter
def typed_text(record: Any, field: str) -> str:
    """The same text as :func:`typed`, without markup: for a page's title, an attribute or
    an e-mail."""
    return _typed(record, field, html=False)


class BilingualNode(template.Node):
    """Renders its contents in English, then — when the active language is another and
    says it differently — again in that language, marked with its ``lang``."""

    def __init__(self, nodelist: template.NodeList, separator: str) -> None:
        self.nodelist = nodelist
        self.separator = separator

    def render(self, context: template.Context) -> str:
        language = translation.get_language()
        with translation.override("en"):
            english = self.nodelist.render(context)
        if _english():
            return english
        translated = self.nodelist.render(context)
        if translated == english:
            return english
        return format_html('{}{}<span lang="{}">{}</span>', english, self.separator, language,
                           translated)


@register.tag
def bilingual(parser: template.base.Parser, token: template.base.Token) -> BilingualNode:
    """``{% bilingual %}{% translate "Valid" %}{% endbilingual %}``: a legal document's words
    in English with the reader's language beside them ("Valid / Válido"); ``{% bilingual
    below %}`` puts the translation on the next line, for a sentence. In English, only the
    English."""
    arguments = token.split_contents()[1:]
    if arguments not in ([], ["below"]):
        raise template.TemplateSyntaxError("{% bilingual %} takes nothing or 'below'.")
    nodelist = parser.parse(("endbilingual",))
    parser.delete_first_token()
    return BilingualNode(nodelist, mark_safe("<br>") if arguments else " / ")


@register.filter(is_safe=True)
def before_a_stop(text: str) -> str:
    """Text an admin typed, set before the sentence's own full stop: "4:00 p.m." does not
    end "Hours: 4:00 p.m.." twice."""
    return str(text).rstrip().removesuffix(".")


@register.filter(is_safe=True)
def as_sentence(text: str) -> str:
    """A summary closed as a sentence: a full stop unless it ends with its own ("Are the
    switches out of reach?" stays a question)."""
    words = str(text).rstrip()
    return words if words.endswith((".", "?", "!")) else f"{words}."
