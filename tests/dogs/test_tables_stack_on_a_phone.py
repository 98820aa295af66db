"""The staff case page's citations and the Animal Control Officer's intake records are wider
than a phone: they stack there (``table-stacked``, the site's stylesheet), each cell under
its column's header from its ``data-label`` — Amount, Balance and Standing of a citation,
Owner and Status of an intake record — rather than running past the screen's edge."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.urls import reverse

from dogs.impoundment.services import record_intake
from tests.factories import CitationFactory
from tests.test_wide_tables import STACKED_TABLE, unlabelled_cells

pytestmark = pytest.mark.usefixtures("on_monday_june_8")


def stacked_table(page: str, caption: str) -> str:
    """The stacked table of ``page`` whose caption starts with ``caption``."""
    [table] = [table for table in STACKED_TABLE.findall(page)
               if re.search(rf"<caption[^>]*>{caption}", table)]
    return table


def labels(table: str) -> list[str]:
    return re.findall(r'<td\b[^>]*\bdata-label="([^"]*)"', table)


def test_a_cases_citations_stack_under_their_headers(client, aco):
    citation = CitationFactory()
    client.force_login(aco)

    page = client.get(reverse("enforcement:case", args=[citation.case_id])).content.decode()

    table = stacked_table(page, "Citations")
    assert labels(table) == ["Citation", "Issued", "Offense number", "Fine", "Amount",
                             "Balance", "Standing"]
    assert unlabelled_cells(table) == []


def test_the_intake_records_stack_under_their_headers(client, aco, north_andover):
    record_intake(municipality=north_andover, impounded_on=dt.date(2026, 6, 4),
                  acting_user=aco, description="Beagle, tricolor, female")
    client.force_login(aco)

    page = client.get(reverse("dogs:impoundments")).content.decode()

    table = stacked_table(page, "Intake records")
    assert labels(table) == ["Intake", "Animal", "Taken in", "Held through", "To the Clerk by",
                             "Owner", "Status"]
    assert unlabelled_cells(table) == []

