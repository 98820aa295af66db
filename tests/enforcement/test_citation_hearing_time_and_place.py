"""A citation hearing's hour and place (MGL c.40 §21D): the hearing authority sets them with
its day — on the citation's page and through the API — and the cited person's page says
them. Left out, the hearing is held at the town's usual hearing time and place; given,
they are kept. Moving the hearing starts from its own hour and place."""

import datetime as dt
import html

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from permits_site.enforcement.models import CitationHearing
from permits_site.enforcement.services.dispositions import request_hearing, set_hearing_date
from permits_site.exceptions import DomainError
from tests.enforcement.test_citation_pages import citation_url, cite, page_of, signed_in
from tests.factories import municipality

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]
#: Why a hearing already set is moved (asked each time, as a continuance is).
MOVED_BECAUSE = "The hearing authority is away that day."

THURSDAY = dt.date(2027, 6, 10)
NEXT_TUESDAY = dt.date(2027, 6, 15)
SEVEN_PM = dt.time(19, 0)
HALF_PAST_SIX = dt.time(18, 30)
TOWN_HALL = "Town Hall, 120 Main Street, Room 2"
POLICE_STATION = "Police Station, 1475 Osgood Street"


@pytest.fixture
def usual_time_and_place(db):
    """North Andover holds its hearings at 7 p.m. in Town Hall unless one names another."""
    town = municipality("north_andover")
    town.hearing_time, town.hearing_place = SEVEN_PM, TOWN_HALL
    town.save(update_fields=["hearing_time", "hearing_place"])
    return town


@pytest.fixture
def requested(officer, resident):
    citation = cite(officer, party=resident)
    request_hearing(citation=citation, acting_user=resident)
    return citation


def time_and_place_of(citation) -> tuple:
    hearing = CitationHearing.objects.get(citation=citation)
    return hearing.hearing_date, hearing.hearing_time, hearing.location


# -- the service ---------------------------------------------------------------------------


def test_left_out_the_towns_usual_hour_and_place_are_used(requested, authority,
                                                          usual_time_and_place):
    set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority)

    assert time_and_place_of(requested) == (THURSDAY, SEVEN_PM, TOWN_HALL)


def test_given_the_hour_and_place_are_kept(requested, authority, usual_time_and_place):
    set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority,
                     hearing_time=HALF_PAST_SIX, location=POLICE_STATION)

    assert time_and_place_of(requested) == (THURSDAY, HALF_PAST_SIX, POLICE_STATION)


def test_moving_only_the_hour_is_a_move_and_the_same_again_is_refused(requested, authority):
    set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority,
                     hearing_time=SEVEN_PM, location=TOWN_HALL)
    set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority,
                     hearing_time=HALF_PAST_SIX, location=TOWN_HALL, reason=MOVED_BECAUSE)

    with pytest.raises(DomainError) as refusal:
        set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority,
                         hearing_time=HALF_PAST_SIX, location=TOWN_HALL, reason=MOVED_BECAUSE)
    assert refusal.value.errors == {
        "hearing_date": ["The hearing is already set for that day, hour and place."]}
    assert time_and_place_of(requested) == (THURSDAY, HALF_PAST_SIX, TOWN_HALL)


# -- the staff's page ----------------------------------------------------------------------


def hearing_form_value(page: str, name: str) -> str:
    """The value the hearing form's ``name`` field starts with ('' for none)."""
    tag = page.split(f'name="hearing_date-{name}"')[1].split(">")[0]
    return html.unescape(tag.split('value="')[1].split('"')[0]) if 'value="' in tag else ""


def test_the_form_starts_at_the_towns_usual_hour_and_place(client, requested, authority,
                                                            usual_time_and_place):
    page = page_of(signed_in(client, authority).get(citation_url(requested)))

    assert hearing_form_value(page, "hearing_time") == "19:00"
    assert hearing_form_value(page, "location") == TOWN_HALL


def test_moving_the_hearing_starts_at_its_own_hour_and_place(client, requested, authority,
                                                             usual_time_and_place):
    set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority,
                     hearing_time=HALF_PAST_SIX, location=POLICE_STATION)

    page = page_of(signed_in(client, authority).get(citation_url(requested)))

    assert hearing_form_value(page, "hearing_date") == "2027-06-10"
    assert hearing_form_value(page, "hearing_time") == "18:30"
    assert hearing_form_value(page, "location") == POLICE_STATION


def post_hearing(client, citation, **fields):
    return client.post(citation_url(citation), {
        "action": "hearing_date",
        **{f"hearing_date-{name}": value for name, value in fields.items()}})


def test_the_page_sets_the_hour_and_place_and_shows_them(client, requested, authority,
                                                         usual_time_and_place):
    client = signed_in(client, authority)

    response = post_hearing(client, requested, hearing_date="2027-06-10",
                            hearing_time="18:30", location=POLICE_STATION)

    assert response.status_code == 302
    assert time_and_place_of(requested) == (THURSDAY, HALF_PAST_SIX, POLICE_STATION)
    assert ("Set for Thursday, June 10, 2027, 6:30 PM, Police Station, 1475 Osgood Street."
            in page_of(client.get(citation_url(requested))))


def test_fields_left_empty_on_the_page_take_the_towns_usual_ones(client, requested, authority,
                                                                 usual_time_and_place):
    post_hearing(signed_in(client, authority), requested, hearing_date="2027-06-10",
                 hearing_time="", location="")

    assert time_and_place_of(requested) == (THURSDAY, SEVEN_PM, TOWN_HALL)


@pytest.mark.parametrize(("fields", "field"), [
    ({"hearing_time": "25:00"}, "hearing_time"),
    ({"location": "x" * 201}, "location"),
])
def test_a_bad_hour_or_place_is_shown_on_its_field_and_changes_nothing(
        client, requested, authority, fields, field):
    page = page_of(post_hearing(signed_in(client, authority), requested,
                                hearing_date="2027-06-10", **fields))

    assert f'href="#id_hearing_date-{field}"' in page
    assert time_and_place_of(requested) == (None, None, "")


# -- the party's page ----------------------------------------------------------------------


def partys_page(client, citation, resident, **headers) -> str:
    return html.unescape(page_of(signed_in(client, resident).get(
        reverse("citations:detail", args=[citation.pk]), **headers)))


def test_the_partys_page_says_the_day_hour_and_place(client, requested, authority, resident):
    set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority,
                     hearing_time=SEVEN_PM, location=TOWN_HALL)

    assert ("Your hearing is set for Thursday, June 10, 2027, 7:00 PM, Town Hall, "
            "120 Main Street, Room 2.") in partys_page(client, requested, resident)


@pytest.mark.parametrize(("language", "words"), [
    ("pt-br", "A sua audiência está marcada para quinta-feira, 10 de junho de 2027, 19:00, "),
    ("es", "Su audiencia está fijada para el jueves, 10 de junio de 2027, 19:00, "),
])
def test_the_partys_page_says_them_in_their_language(client, requested, authority, resident,
                                                     language, words):
    set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority,
                     hearing_time=SEVEN_PM, location=TOWN_HALL)

    page = partys_page(client, requested, resident, HTTP_ACCEPT_LANGUAGE=language)

    assert f"{words}{TOWN_HALL}." in page


# -- the API -------------------------------------------------------------------------------


def api_post(user, citation, body):
    client = APIClient()
    client.force_authenticate(user)
    return client.post(f"/api/v1/citations/{citation.pk}/hearing-date/", body, format="json")


def test_the_api_sets_the_hour_and_place_and_answers_them(requested, authority,
                                                          usual_time_and_place):
    response = api_post(authority, requested, {
        "hearing_date": "2027-06-10", "hearing_time": "18:30", "location": POLICE_STATION})

    assert response.status_code == 200, response.json()
    hearing = response.json()["hearing"]
    assert (hearing["hearing_date"], hearing["hearing_time"], hearing["location"]) == (
        "2027-06-10", "18:30", POLICE_STATION)
    assert time_and_place_of(requested) == (THURSDAY, HALF_PAST_SIX, POLICE_STATION)


def test_left_out_of_the_api_the_towns_usual_ones_are_answered(requested, authority,
                                                               usual_time_and_place):
    response = api_post(authority, requested, {"hearing_date": "2027-06-10"})

    hearing = response.json()["hearing"]
    assert (hearing["hearing_time"], hearing["location"]) == ("19:00", TOWN_HALL)


def test_moving_through_the_api_answers_the_new_hour_and_place(requested, authority):
    set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority,
                     hearing_time=SEVEN_PM, location=TOWN_HALL)

    response = api_post(authority, requested, {
        "hearing_date": NEXT_TUESDAY.isoformat(), "hearing_time": "18:30",
        "location": POLICE_STATION, "reason": MOVED_BECAUSE})

    assert response.status_code == 200, response.json()
    assert time_and_place_of(requested) == (NEXT_TUESDAY, HALF_PAST_SIX, POLICE_STATION)


@pytest.mark.parametrize(("body", "field"), [
    ({"hearing_time": "25:00"}, "hearing_time"),
    ({"hearing_time": 19}, "hearing_time"),
    ({"location": "x" * 201}, "location"),
    ({"location": 12}, "location"),
])
def test_a_bad_hour_or_place_is_a_400_naming_it(requested, authority, body, field):
    response = api_post(authority, requested, {"hearing_date": "2027-06-10", **body})

    assert response.status_code == 400
    assert field in response.json()
    assert time_and_place_of(requested) == (None, None, "")


def test_the_schema_documents_the_hour_and_place(api):
    components = api.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json"
                         ).json()["components"]["schemas"]

    sent = components["CitationHearingDateRequest"]["properties"]
    answered = components["CitationHearing"]["properties"]
    for name in ("hearing_time", "location"):
        assert sent[name]["description"] and answered[name]["description"]
    assert "hearing_time" not in components["CitationHearingDateRequest"].get("required", [])
