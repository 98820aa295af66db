"""Revenue by fee line keeps each line: a dog license's line is coded by its action whether
it charges the spayed/neutered or the intact fee (North Andover ch. 60, Licenses A(9)), and
the report and its CSV count the $15 intact fee under its own words. Two lines of one
description (a new license's and a renewal's spayed or neutered fee) read apart by their
codes."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from dogs.licenses.services import record_paper_license
from tests.dogs.test_license_flow import licensed
from tests.factories import DogFactory
from tests.reports.helpers import report_csv, report_tables

pytestmark = pytest.mark.django_db
FEB_10_2027 = dt.datetime(2027, 2, 10, 15, 0)
WHOLE_YEAR = {"start": "2027-01-01", "end": "2027-12-31"}
SPAYED = "Dog license, spayed or neutered"
INTACT = "Dog license, not spayed or neutered"


@pytest.fixture
def one_of_each(resident, clerk):
    with time_machine.travel(FEB_10_2027, tick=False):
        licensed(DogFactory(owner=resident, name="Biscuit", spayed_neutered=True), clerk)
        licensed(DogFactory(owner=resident, name="Moose", spayed_neutered=False), clerk)


@pytest.fixture
def new_and_renewed(resident, clerk):
    """Two spayed dogs licensed for 2027, one new and one renewing its 2026 paper license:
    both lines charge the spayed or neutered fee, one coded ``new``, the other ``renewal``."""
    with time_machine.travel(FEB_10_2027, tick=False):
        pepper = DogFactory(owner=resident, name="Pepper", spayed_neutered=True)
        record_paper_license(dog=pepper, number="812", year=2026, acting_user=clerk)
        licensed(DogFactory(owner=resident, name="Biscuit", spayed_neutered=True), clerk)
        licensed(pepper, clerk, action="renewal")


def fee_line_section(client, clerk) -> str:
    """The revenue by fee line section of the reports page, as HTML."""
    client.force_login(clerk)
    page = client.get(reverse("reports:reports"), WHOLE_YEAR).content.decode()
    return page.split('id="revenue-by-fee-line-heading"')[1].split("</section>")[0]


def test_the_intact_fee_has_its_own_row(client, clerk, one_of_each):
    table = report_tables(client, clerk, **WHOLE_YEAR)["revenue-by-fee-line"]

    rows = {row[3]: (row[5], row[6]) for row in table.rows}
    assert rows[SPAYED] == (1, Decimal("10.00"))
    assert rows[INTACT] == (1, Decimal("15.00"))


def test_the_csv_keeps_the_intact_fee_under_its_own_words(client, clerk, one_of_each):
    rows = report_csv(client, clerk, "revenue-by-fee-line", **WHOLE_YEAR)

    amounts = {row[3]: row[6] for row in rows[1:]}
    assert amounts[SPAYED] == "10.00"
    assert amounts[INTACT] == "15.00"


def test_the_page_names_each_line_by_its_words_not_its_code(client, clerk, one_of_each):
    section = fee_line_section(client, clerk)

    assert f"<td>{SPAYED}</td>" in section and f"<td>{INTACT}</td>" in section
    assert "<td>new</td>" not in section and "(fee code:" not in section
    assert ">Fee line<" not in section and ">Fee code<" not in section


def test_two_lines_of_one_description_name_their_codes_on_the_page(
        client, clerk, new_and_renewed):
    section = fee_line_section(client, clerk)

    assert f"<td>{SPAYED} (fee code: new)</td>" in section
    assert f"<td>{SPAYED} (fee code: renewal)</td>" in section
    assert f"<td>{SPAYED}</td>" not in section


def test_the_csv_keeps_each_lines_code_under_its_own_heading(client, clerk, one_of_each):
    rows = report_csv(client, clerk, "revenue-by-fee-line", **WHOLE_YEAR)

    assert rows[0][2:4] == ["Fee code", "Description"]
    assert {row[3]: row[2] for row in rows[1:]} == {SPAYED: "new", INTACT: "new"}


def test_the_csv_tells_two_lines_of_one_description_apart_by_their_codes(
        client, clerk, new_and_renewed):
    rows = report_csv(client, clerk, "revenue-by-fee-line", **WHOLE_YEAR)

    assert sorted((row[2], row[3], row[5], row[6]) for row in rows[1:]) == [
        ("new", SPAYED, "1", "10.00"), ("renewal", SPAYED, "1", "10.00")]
