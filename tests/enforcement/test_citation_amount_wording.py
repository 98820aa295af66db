"""An amount on a citation's forms — the reduced total of a hearing's decision, a forfeiture's
amount set by the court — is refused in the plain words every amount is (``parse_money``),
the same words the API answers for the same field, never Django's generic "Ensure this
value is greater than or equal to 0."; a refusal changes nothing."""

from decimal import Decimal

import pytest
from django.urls import reverse

from permits_site.enforcement.citation_forms import CourtDecisionForm, DecideHearingForm
from permits_site.enforcement.models import CitationHearing
from permits_site.enforcement.services.dispositions import request_hearing
from tests.clients import api_for
from tests.enforcement.test_citation_pages import cite, held_today
from tests.page_forms import field_error

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]

REFUSED = {
    "-5": "An amount cannot be negative.",
    "12.345": "Enter an amount in dollars and cents (at most two decimal places).",
}


@pytest.fixture
def heard_today(officer, resident):
    """A $25 citation whose hearing the party asked for, held today."""
    citation = cite(officer, party=resident)
    request_hearing(citation=citation, acting_user=resident)
    return held_today(citation)


@pytest.mark.parametrize(("amount", "words"), REFUSED.items())
def test_the_decision_form_refuses_the_reduced_amount_in_plain_words(heard_today, amount,
                                                                    words):
    form = DecideHearingForm({"outcome": "reduced", "reduced_to": amount},
                             citation=heard_today)

    assert form.errors == {"reduced_to": [words]}


@pytest.mark.parametrize(("amount", "words"), REFUSED.items())
def test_the_court_form_refuses_a_forfeitures_amount_in_the_same_words(heard_today, amount,
                                                                       words):
    heard_today.forfeiture = True
    form = CourtDecisionForm({"outcome": "responsible", "decided_on": "2027-06-07",
                              "amount_per_offense": amount}, citation=heard_today)

    assert form.errors == {"amount_per_offense": [words]}


def test_an_amount_within_bounds_is_taken_as_dollars_and_cents(heard_today):
    form = DecideHearingForm({"outcome": "reduced", "reduced_to": "12.5"},
                             citation=heard_today)

    assert form.is_valid(), form.errors
    assert form.cleaned_data["reduced_to"] == Decimal("12.50")


def test_the_page_shows_it_on_the_field_and_decides_nothing(client, heard_today, authority):
    client.force_login(authority)

    response = client.post(reverse("enforcement:citation", args=[heard_today.pk]), {
        "action": "hearing_decision", "hearing_decision-outcome": "reduced",
        "hearing_decision-reduced_to": "-5"})

    page = response.content.decode()
    assert field_error(page, "hearing_decision-reduced_to") == f"Error: {REFUSED['-5']}"
    assert "Ensure this value" not in page
    assert CitationHearing.objects.get(citation=heard_today).decided_on is None


@pytest.mark.parametrize(("amount", "words"), REFUSED.items())
def test_the_api_answers_the_same_words_for_the_field(heard_today, authority, amount, words):
    form = DecideHearingForm({"outcome": "reduced", "reduced_to": amount},
                             citation=heard_today)

    response = api_for(authority).post(f"/api/v1/citations/{heard_today.pk}/hearing-decision/",
                                       {"outcome": "reduced", "reduced_to": amount},
                                       format="json")

    assert response.status_code == 400
    assert response.json() == form.errors == {"reduced_to": [words]}
    assert CitationHearing.objects.get(citation=heard_today).decided_on is None
