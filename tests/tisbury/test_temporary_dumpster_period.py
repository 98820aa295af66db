"""09.2.5(3) "not to exceed thirty (30) days", the spec's reading shown in words: the first
day is not counted, so a temporary dumpster from December 2 may stay through January 1 — the
permit, its public page and the resident's form say "December 2 to January 1: 30 days"."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.test import Client

from tests.tisbury.support import pdf_text
from tests.tisbury.test_waste_permits import carried_to_issue, records, start
from tests.tisbury.test_waste_permits import owner as owner  # noqa: F401  (the fixture)
from tisbury_regs.permits.waste import period_in_words

pytestmark = pytest.mark.django_db
WORDS = "December 2 to January 1: 30 days"


@pytest.mark.parametrize(("end", "words"), [
    (dt.date(2030, 12, 31), "December 2 to December 31: 29 days"),
    (dt.date(2031, 1, 1), WORDS),
    (dt.date(2031, 1, 2), "December 2 to January 2: 31 days"),
])
def test_the_period_in_words_counts_the_days_after_the_first_09_2_5_3(end, words):
    assert period_in_words(dt.date(2030, 12, 2), end) == words


def test_december_2_through_january_1_is_allowed_and_printed_in_words_09_2_5_3(owner, clerk):
    created = start(owner, "tisbury.temporary_dumpster", start_date="2030-12-02",
                    end_date="2031-01-01")
    assert created.status_code == 201, created.content
    assert created.json()["findings"][0]["outcome"] == "pass"

    permit = carried_to_issue(owner, clerk, created.json()["id"])

    assert (permit.valid_from, permit.valid_through) == (dt.date(2030, 12, 2),
                                                        dt.date(2031, 1, 1))
    assert WORDS in pdf_text(permit)
    public = Client().get(f"/verify/{permit.verification_token}/").content.decode()
    assert WORDS in public


def test_the_residents_form_says_the_reading_in_words_09_2_5_3(client, owner):
    client.force_login(owner)
    form = client.get("/apply/tisbury.temporary_dumpster/").content.decode()
    assert WORDS in form


@pytest.mark.parametrize(("first_day", "taken"), [
    ("2030-06-09", False), ("2030-06-10", True), ("2030-06-11", True)])
def test_a_new_permit_starts_today_or_later_09_2_5_3(owner, first_day, taken):
    """Monday, June 10, 2030: a period from the day before would be a permit for a day the
    dumpster already stood without one; today and later are taken."""
    with time_machine.travel(dt.datetime(2030, 6, 10, 9, 0), tick=False):
        created = start(owner, "tisbury.temporary_dumpster", start_date=first_day,
                        end_date="2030-06-30")

    assert (created.status_code == 201) is taken, created.content
    if not taken:
        assert created.json()["details"]["start_date"] == [
            "The permit period cannot begin on a day already past: start it on June 10, 2030 "
            "or later (Tisbury BOH Reg 09.2.5(3))."]


def test_the_residents_form_refuses_a_first_day_already_past_on_its_field(client, owner):
    client.force_login(owner)
    with time_machine.travel(dt.datetime(2030, 6, 10, 9, 0), tick=False):
        page = client.post("/apply/tisbury.temporary_dumpster/", {
            "start_date": "2030-06-01", "end_date": "2030-06-20", "renewal": "no",
            "property": records(owner)["property"]}).content.decode()

    assert "cannot begin on a day already past" in page
