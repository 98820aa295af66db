"""A citation hearing is decided once held (MGL c.40 §21D): its day set, and come. Before,
the service refuses on ``outcome`` and changes nothing, the staff's page does not offer
"Decide the hearing" and the API answers 400. Setting the day says what was set, and the
case page gives the hearing's day, hour and place as the citation pages do, once each."""

import datetime as dt
import html

import pytest
import time_machine
from django.urls import reverse
from rest_framework.test import APIClient

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import CitationHearing
from permits_site.enforcement.services.dispositions import (
    decide_hearing,
    request_hearing,
    set_hearing_date,
)
from permits_site.exceptions import DomainError
from tests.enforcement.test_citation_pages import citation_url, cite, page_of, signed_in

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]

THURSDAY = dt.date(2027, 6, 10)
WEDNESDAY = dt.datetime(2027, 6, 9, 9, 0)
ON_THURSDAY = dt.datetime(2027, 6, 10, 21, 0)
SEVEN_PM = dt.time(19, 0)
TOWN_HALL = "Town Hall, 120 Main Street"
WHEN_AND_WHERE = f"Thursday, June 10, 2027, 7:00 PM, {TOWN_HALL}"
DECIDE_FORM = 'name="hearing_decision-outcome"'


@pytest.fixture
def requested(officer, resident):
    citation = cite(officer, party=resident)
    request_hearing(citation=citation, acting_user=resident)
    return citation


@pytest.fixture
def dated(requested, authority):
    """Set for Thursday, June 10, at 7 p.m. in Town Hall."""
    set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority,
                     hearing_time=SEVEN_PM, location=TOWN_HALL)
    return requested


def hearing_of(citation) -> CitationHearing:
    return CitationHearing.objects.get(citation=citation)


def refusal(citation, authority) -> dict:
    with pytest.raises(DomainError) as refused:
        decide_hearing(citation=citation, outcome="upheld", acting_user=authority)
    hearing = hearing_of(citation)
    assert (hearing.decided_on, hearing.outcome, hearing.pay_by) == (None, "", None)
    assert not AuditEntry.objects.filter(action="citation.hearing_decided").exists()
    return refused.value.errors


# -- the service ---------------------------------------------------------------------------


def test_a_hearing_without_a_day_is_not_decided(requested, authority):
    assert refusal(requested, authority) == {"outcome": ["Set the hearing's day first."]}


@pytest.mark.parametrize("moment", [dt.datetime(2027, 6, 7, 9, 0), WEDNESDAY])
def test_a_hearing_is_not_decided_before_its_day(dated, authority, moment):
    with time_machine.travel(moment, tick=False):
        errors = refusal(dated, authority)

    assert errors == {"outcome": ["The hearing is set for June 10, 2027: it is decided on "
                                  "that day or later, once the party is heard."]}
    assert dated.invoice.lines.count() == 1


def test_on_its_day_the_hearing_is_decided(dated, authority):
    with time_machine.travel(ON_THURSDAY, tick=False):
        hearing = decide_hearing(citation=dated, outcome="upheld", acting_user=authority)

    assert hearing.decided_on == hearing.hearing_date == THURSDAY


# -- the staff's page ----------------------------------------------------------------------


def test_the_decision_is_offered_only_once_the_hearing_day_has_come(client, dated, authority):
    client = signed_in(client, authority)
    with time_machine.travel(WEDNESDAY, tick=False):
        before = page_of(client.get(citation_url(dated)))
    with time_machine.travel(ON_THURSDAY, tick=False):
        on_the_day = page_of(client.get(citation_url(dated)))

    assert DECIDE_FORM not in before
    assert DECIDE_FORM in on_the_day


def test_an_undated_hearing_offers_no_decision(client, requested, authority):
    assert DECIDE_FORM not in page_of(signed_in(client, authority).get(citation_url(requested)))


def test_a_decision_posted_before_the_day_is_refused_on_the_page(client, dated, authority):
    page = page_of(signed_in(client, authority).post(citation_url(dated), {
        "action": "hearing_decision", "hearing_decision-outcome": "dismissed"}))

    assert "The hearing is set for June 10, 2027: it is decided on that day or later" in page
    assert hearing_of(dated).decided_on is None


# -- the API ---------------------------------------------------------------------------------


def decision_by_api(user, citation):
    client = APIClient()
    client.force_authenticate(user)
    return client.post(f"/api/v1/citations/{citation.pk}/hearing-decision/",
                       {"outcome": "upheld"}, format="json")


def test_the_api_refuses_a_decision_before_the_day_naming_the_outcome(dated, authority):
    response = decision_by_api(authority, dated)

    assert response.status_code == 400
    assert "outcome" in response.json()
    assert hearing_of(dated).decided_on is None


def test_the_api_refuses_a_decision_of_an_undated_hearing(requested, authority):
    response = decision_by_api(authority, requested)

    assert response.status_code == 400
    assert response.json()["outcome"] == ["Set the hearing's day first."]


def test_the_api_decides_on_the_day(dated, authority):
    with time_machine.travel(ON_THURSDAY, tick=False):
        response = decision_by_api(authority, dated)

    assert response.status_code == 200, response.json()
    assert response.json()["hearing"]["decided_on"] == "2027-06-10"


# -- what setting the day says ---------------------------------------------------------------


def set_on_the_page(client, citation, **fields) -> str:
    response = client.post(citation_url(citation), {
        "action": "hearing_date", "hearing_date-hearing_date": THURSDAY.isoformat(),
        **{f"hearing_date-{name}": value for name, value in fields.items()}}, follow=True)
    return html.unescape(page_of(response))


def test_setting_the_day_names_the_day_hour_and_place_set(client, requested, authority):
    page = set_on_the_page(signed_in(client, authority), requested,
                           hearing_time="19:00", location=TOWN_HALL)

    assert f"Hearing set for {WHEN_AND_WHERE}: the party is told." in page


def test_setting_the_day_without_an_hour_or_place_says_the_notice_gives_the_day_only(
        client, requested, authority):
    page = set_on_the_page(signed_in(client, authority), requested,
                           hearing_time="", location="")

    assert ("Hearing set for Thursday, June 10, 2027, without an hour or place: the party is "
            "told the day only; set them so the notice gives them.") in page
    assert "day, hour and place" not in page


def test_setting_the_day_without_an_hour_names_what_is_missing(client, requested, authority):
    page = set_on_the_page(signed_in(client, authority), requested,
                           hearing_time="", location=TOWN_HALL)

    assert (f"Hearing set for Thursday, June 10, 2027, {TOWN_HALL}, without an hour: the party "
            "is told the day and place only; set the hour so the notice gives it.") in page


# -- the case page and the citation pages say the day once -----------------------------------


def words_of(client, user, url) -> str:
    return html.unescape(page_of(signed_in(client, user).get(url)))


def test_the_case_page_gives_the_citation_hearings_day_hour_and_place(client, dated, officer):
    page = words_of(client, officer, reverse("enforcement:case", args=[dated.case_id]))

    assert f"Set for {WHEN_AND_WHERE}." in page


def test_each_citation_page_gives_the_day_once(client, dated, officer, resident):
    staff_page = words_of(client, officer, citation_url(dated))
    own_page = words_of(client, resident, reverse("citations:detail", args=[dated.pk]))

    assert staff_page.count(WHEN_AND_WHERE) == 1
    assert own_page.count(WHEN_AND_WHERE) == 1
    assert f"Your hearing is set for {WHEN_AND_WHERE}." in own_page


def test_once_decided_the_pages_say_when_it_was_held(client, dated, officer, authority):
    with time_machine.travel(ON_THURSDAY, tick=False):
        decide_hearing(citation=dated, outcome="upheld", acting_user=authority)
        page = words_of(client, officer, reverse("enforcement:case", args=[dated.case_id]))

    assert f"Held on {WHEN_AND_WHERE}." in page


def test_an_undated_hearing_on_the_case_page_waits_for_its_day(client, requested, officer):
    page = words_of(client, officer, reverse("enforcement:case", args=[requested.case_id]))

    assert "No date set yet: the party waits to be told." in page
