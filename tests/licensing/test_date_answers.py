"""A date answered on a form reads as a date in words wherever a person reads the answer
("January 2, 2027"; "2 de enero de 2027" and "2 de janeiro de 2027" on a page in Spanish or
Portuguese), never as the ISO day it is stored as."""

import datetime as dt

import pytest

from permits_site.licensing.declarations import DeclaredField
from permits_site.licensing.kinds import display_value
from permits_site.rules.base import Fact, FactType
from tests.translated import said_in

BURIED = DeclaredField(name="burial_date", type="date", label="Date of burial",
                       fact=Fact("burial_date", FactType.DATE, "Date of burial"))


@pytest.mark.parametrize("stored", ["2027-01-02", dt.date(2027, 1, 2)])
def test_a_date_answer_reads_in_words_in_english(stored):
    assert display_value(BURIED, stored) == "January 2, 2027"


@pytest.mark.parametrize(("language", "shown"), [
    ("es", "2 de enero de 2027"),
    ("pt-br", "2 de janeiro de 2027"),
    ("en", "January 2, 2027"),
])
def test_a_date_answer_reads_in_the_pages_language(language, shown):
    assert said_in(language, display_value(BURIED, "2027-01-02")) == shown


def test_an_answer_that_is_not_a_date_is_shown_as_typed():
    assert display_value(BURIED, "next spring") == "next spring"
