"""A citation's line under the resident's "Fees due", and on its pay page, says where the
citation stands once a hearing is asked for (MGL c.40 §21D): while it waits, nothing is due;
once decided, upheld or reduced, the new last day to pay the hearing's decision set — never
"the hearing you may ask for" again, since a citation has one hearing only. The line costs
no query per citation."""

import datetime as dt
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from permits_site.enforcement.models import HearingOutcome
from tests.clients import page_text
from tests.factories import CitationFactory, CitationHearingFactory, InvoiceLineFactory

pytestmark = pytest.mark.usefixtures("on_monday_june_8")
JUNE_1, JUNE_5, JULY_6 = dt.date(2026, 6, 1), dt.date(2026, 6, 5), dt.date(2026, 7, 6)
BEFORE = "its page gives the last day to pay and the hearing you may ask for"


def owed_by(person):
    citation = CitationFactory(case__party=person, invoice__payer=person)
    InvoiceLineFactory(invoice=citation.invoice, amount=Decimal("50.00"))
    return citation


def fees_due(client, person) -> str:
    client.force_login(person)
    return page_text(client.get(reverse("licensing:dashboard")))


def test_before_any_hearing_the_line_points_to_the_hearing_one_may_ask_for(client, resident):
    owed_by(resident)

    assert BEFORE in fees_due(client, resident)


@pytest.mark.parametrize(("outcome", "said"), [
    (HearingOutcome.UPHELD, "upheld at its hearing: pay by July 6, 2026"),
    (HearingOutcome.REDUCED, "reduced at its hearing: pay by July 6, 2026"),
])
def test_after_the_hearing_the_line_gives_the_decisions_last_day_to_pay(client, resident,
                                                                       outcome, said):
    citation = owed_by(resident)
    CitationHearingFactory(citation=citation, requested_on=JUNE_1, hearing_date=JUNE_5,
                           decided_on=JUNE_5, outcome=outcome, pay_by=JULY_6)

    page = fees_due(client, resident)

    assert f"$50.00, {said}" in page
    assert "the hearing you may ask for" not in page


def test_while_the_hearing_waits_nothing_is_due(client, resident):
    CitationHearingFactory(citation=owed_by(resident), requested_on=JUNE_1)

    page = fees_due(client, resident)

    assert "$50.00, its hearing is asked for: nothing is due until it is decided" in page
    assert "the hearing you may ask for" not in page


def test_the_lines_take_the_same_queries_whatever_the_citations(client, resident):
    client.force_login(resident)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(reverse("licensing:dashboard")).status_code == 200
        return len(captured)

    CitationHearingFactory(citation=owed_by(resident), requested_on=JUNE_1)
    queries()  # the session and the towns warm up
    one = queries()
    for _ in range(3):
        CitationHearingFactory(citation=owed_by(resident), requested_on=JUNE_1,
                               hearing_date=JUNE_5, decided_on=JUNE_5,
                               outcome=HearingOutcome.UPHELD, pay_by=JULY_6)
    assert queries() == one


def test_the_pay_page_says_the_same_after_the_hearing(client, resident):
    citation = owed_by(resident)
    CitationHearingFactory(citation=citation, requested_on=JUNE_1, hearing_date=JUNE_5,
                           decided_on=JUNE_5, outcome=HearingOutcome.REDUCED, pay_by=JULY_6)
    client.force_login(resident)

    page = page_text(client.get(reverse("online_payments:pay", args=[citation.invoice_id])))

    assert "reduced at its hearing: pay by July 6, 2026" in page
    assert "the hearing you may ask for" not in page
