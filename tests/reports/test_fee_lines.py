"""Revenue by fee line keeps each line: a dog license's line is coded by its action whether
it charges the spayed/neutered or the intact fee (North Andover ch. 60, Licenses A(9)), and
the report and its CSV count the $15 intact fee under its own words."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

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
    client.force_login(clerk)
    page = client.get(reverse("reports:reports"), WHOLE_YEAR).content.decode()
    section = page.split('id="revenue-by-fee-line-heading"')[1].split("</section>")[0]

    assert SPAYED in section and INTACT in section
    assert "<td>new</td>" not in section
    assert ">Fee line<" not in section and ">Fee code<" not in section


def test_the_csv_keeps_each_lines_code_under_its_own_heading(client, clerk, one_of_each):
    rows = report_csv(client, clerk, "revenue-by-fee-line", **WHOLE_YEAR)

    assert rows[0][2:4] == ["Fee code", "Description"]
    assert {row[3]: row[2] for row in rows[1:]} == {SPAYED: "new", INTACT: "new"}
