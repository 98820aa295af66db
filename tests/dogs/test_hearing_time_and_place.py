"""The hearings of North Andover's chapter 60 have an hour and a place beside their day: the
Chief's hearing on euthanasia (Dangerous F(1)), an appeal's public hearing (Hearing authority
B) and a kennel review's public hearing (Kennel license B(5)). The scheduler gives them on
the page or through the API, or leaves them to the town's usual ones; the pages, the letters
and the API's answers give all three.

North Andover's usual hearings are at 7:00 PM in the Town Hall."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from dogs.cases import (
    cite_owner,
    file_dog_appeal,
    rule_on_appeal,
    schedule_euthanasia_hearing,
    schedule_public_hearing,
)
from dogs.kennels.review import open_kennel_review, schedule_kennel_hearing
from tests.clients import api_for, page_text
from tests.dogs.test_dangerous_dog import at, dangerous  # noqa: F401 -- fixtures
from tests.dogs.test_kennel_review import HEARING_DUE, NOTICE_DUE, REPORT_RECEIVED
from tests.dogs.test_nuisance_appeal import found_nuisance
from tests.factories import PermitFactory, Role, municipality, permit_type, staff

pytestmark = pytest.mark.django_db

USUAL_TIME, USUAL_PLACE = dt.time(19, 0), "Town Hall, 120 Main Street"
GIVEN_TIME, GIVEN_PLACE = dt.time(18, 30), "Police Station, 1475 Osgood Street"
GIVEN = {"hearing_time": GIVEN_TIME, "location": GIVEN_PLACE}
#: The API's hour and place, as sent and as answered.
SENT = {"hearing_time": "18:30", "location": GIVEN_PLACE}
#: What either way gives: the hour and place kept on the hearing.
KEPT = [({}, (USUAL_TIME, USUAL_PLACE)), (GIVEN, (GIVEN_TIME, GIVEN_PLACE))]
TOO_LONG_A_PLACE = "x" * 201

#: The Chief's hearing: the at-large citation and the notice on Monday, September 13, 2027,
#: the hearing on Monday the 20th.
CITED = dt.date(2027, 9, 13)
CHIEFS_HEARING = dt.date(2027, 9, 20)
#: An appeal of a nuisance finding filed Monday, June 15, 2026, heard Tuesday the 23rd.
APPEALED = dt.date(2026, 6, 15)
APPEAL_HEARD = dt.date(2026, 6, 23)
#: Every date of a kennel review is past on Monday, November 30, 2026; its hearing is set on
#: the day its notice is sent (NOTICE_DUE), before the day has passed.
AFTER_THE_REVIEW = dt.date(2026, 11, 30)


@pytest.fixture(autouse=True)
def usual_time_and_place(db):
    town = municipality("north_andover")
    town.hearing_time, town.hearing_place = USUAL_TIME, USUAL_PLACE
    town.save(update_fields=["hearing_time", "hearing_place"])


@pytest.fixture
def clerk(db):
    return staff(Role.CLERK, "north_andover")


@pytest.fixture
def cited_at_large(dangerous, aco):  # noqa: F811
    """A dangerous dog cited at large: the Chief may hold the hearing (Dangerous F(1))."""
    with at(CITED):
        cite_owner(case=dangerous, offense="dangerous_dog_at_large", acting_user=aco)
    return dangerous


@pytest.fixture
def appeal(owner, aco, clerk):
    case = found_nuisance(owner, aco)
    with at(APPEALED):
        return file_dog_appeal(case=case, appellant="owner", filed_on=APPEALED,
                               grounds="The barking was another dog's.", acting_user=clerk)


@pytest.fixture
def kennel_review(aco):
    permit = PermitFactory(application__permit_type=permit_type("north_andover.kennel_license"),
                           holder_address="40 Kennel Road, North Andover MA 01845")
    with at(AFTER_THE_REVIEW):
        return open_kennel_review(permit=permit, received_on=REPORT_RECEIVED,
                                  report="Pens not cleaned.", acting_user=aco)


def time_and_place(record) -> tuple:
    record.refresh_from_db()
    return record.hearing_time, record.location


def said(day: str, time: str = "6:30 PM", place: str = GIVEN_PLACE) -> str:
    """A hearing's day, hour and place as a page or a letter gives them."""
    return f"{day}, {time}, {place}"


def posted(client, url: str, action: str, **fields):
    """One form of a page posted, naming its action."""
    return client.post(url, {"action": action, **{f"{action}-{name}": value
                                                  for name, value in fields.items()}})


def pdf_text(response) -> str:
    return " ".join(" ".join(page.extract_text().split())
                    for page in PdfReader(io.BytesIO(response.content)).pages)


def prefilled(page: str, action: str) -> tuple[bool, bool]:
    """Whether the form of ``action`` opens on the town's usual hour and place."""
    return (f'name="{action}-hearing_time" value="19:00"' in page,
            f'name="{action}-location" value="{USUAL_PLACE}"' in page)


# -- the services --------------------------------------------------------------------------


@pytest.mark.parametrize(("given", "kept"), KEPT)
def test_the_chiefs_hearing_is_held_at_the_hour_and_place_given_else_the_towns(
        cited_at_large, chief, given, kept):
    with at(CITED):
        hearing = schedule_euthanasia_hearing(case=cited_at_large, notice_sent_on=CITED,
                                              hearing_date=CHIEFS_HEARING, acting_user=chief,
                                              **given)

    assert time_and_place(hearing) == kept


@pytest.mark.parametrize(("given", "kept"), KEPT)
def test_an_appeals_public_hearing_is_held_at_the_hour_and_place_given_else_the_towns(
        appeal, clerk, given, kept):
    with at(APPEALED):
        schedule_public_hearing(appeal=appeal, hearing_date=APPEAL_HEARD, acting_user=clerk,
                                **given)

    assert time_and_place(appeal) == kept


@pytest.mark.parametrize(("given", "kept"), KEPT)
def test_a_kennel_review_hearing_is_held_at_the_hour_and_place_given_else_the_towns(
        kennel_review, chief, given, kept):
    with at(NOTICE_DUE):
        hearing = schedule_kennel_hearing(case=kennel_review, notice_sent_on=NOTICE_DUE,
                                          hearing_date=HEARING_DUE, acting_user=chief, **given)

    assert time_and_place(hearing) == kept


# -- the pages and letters -----------------------------------------------------------------


def test_the_chief_gives_the_hour_and_place_of_the_hearing_on_the_case_page(
        client, cited_at_large, chief):
    url = reverse("dogs:case", args=[cited_at_large.pk])
    with at(CITED):
        client.force_login(chief)
        form = page_text(client.get(url))
        response = posted(client, url, "hearing", notice_sent_on=CITED.isoformat(),
                          hearing_date=CHIEFS_HEARING.isoformat(), hearing_time="18:30",
                          location=GIVEN_PLACE)
        shown = page_text(client.get(url))

    assert prefilled(form, "hearing") == (True, True)
    assert response.status_code == 302
    assert f"Hearing on {said('Monday, September 20, 2027')}" in shown


def test_the_clerk_gives_the_hour_and_place_of_an_appeals_hearing_and_the_ruling_says_them(
        client, appeal, clerk, chief):
    url = reverse("dogs:case", args=[appeal.case.pk])
    with at(APPEALED):
        client.force_login(clerk)
        form = page_text(client.get(url))
        response = posted(client, url, "appeal_hearing", appeal=appeal.pk,
                          hearing_date=APPEAL_HEARD.isoformat(), hearing_time="18:30",
                          location=GIVEN_PLACE)
        shown = page_text(client.get(url))
    appeal.refresh_from_db()
    with at(APPEAL_HEARD):
        rule_on_appeal(appeal=appeal, outcome="modify", ruling="Indoors from 10 p.m.",
                       decided_on=APPEAL_HEARD, acting_user=chief)
        letters = client.get(reverse("dogs:case_ruling_letters", args=[appeal.case.pk,
                                                                       appeal.pk]))

    assert prefilled(form, "appeal_hearing") == (True, True)
    assert response.status_code == 302
    assert f"Public hearing: {said('Tuesday, June 23, 2026')}" in shown
    assert pdf_text(letters).count(said("Tuesday, June 23, 2026")) == 3


def test_the_kennel_review_page_and_the_parties_letters_give_the_hour_and_place(
        client, kennel_review, chief):
    url = reverse("dogs:kennel_review", args=[kennel_review.pk])
    with at(NOTICE_DUE):
        client.force_login(chief)
        form = page_text(client.get(url))
        response = posted(client, url, "hearing", notice_sent_on=NOTICE_DUE.isoformat(),
                          hearing_date=HEARING_DUE.isoformat(), hearing_time="18:30",
                          location=GIVEN_PLACE)
        shown = page_text(client.get(url))
        letters = client.get(reverse("dogs:kennel_review_letters", args=[kennel_review.pk]))

    assert prefilled(form, "hearing") == (True, True)
    assert response.status_code == 302
    assert f'id="hearing">{said("Thursday, November 5, 2026")} (no later than' in shown
    assert said("Thursday, November 5, 2026") in pdf_text(letters)


def test_a_kennel_letter_gives_the_towns_usual_hour_and_place_when_none_was_given(
        client, kennel_review, chief):
    with at(NOTICE_DUE):
        schedule_kennel_hearing(case=kennel_review, notice_sent_on=NOTICE_DUE,
                                hearing_date=HEARING_DUE, acting_user=chief)
        client.force_login(chief)
        letters = client.get(reverse("dogs:kennel_review_letters", args=[kennel_review.pk]))

    assert said("Thursday, November 5, 2026", "7:00 PM", USUAL_PLACE) in pdf_text(letters)


# -- the API -------------------------------------------------------------------------------


def test_the_api_sets_the_chiefs_hearing_at_the_hour_and_place_sent_else_the_towns(
        cited_at_large, chief):
    url = f"/api/v1/dog-cases/{cited_at_large.pk}/hearings/"
    body = {"notice_sent_on": CITED.isoformat(), "hearing_date": CHIEFS_HEARING.isoformat()}
    with at(CITED):
        given = api_for(chief).post(url, {**body, **SENT}, format="json")
        left_out = api_for(chief).post(url, body, format="json")

    assert given.status_code == 201, given.content
    assert [(hearing["hearing_time"], hearing["location"])
            for hearing in left_out.json()["hearings"]] == [("18:30", GIVEN_PLACE),
                                                            ("19:00", USUAL_PLACE)]


def test_the_api_sets_an_appeals_public_hearing_at_the_hour_and_place_sent(appeal, clerk):
    with at(APPEALED):
        response = api_for(clerk).post(
            f"/api/v1/dog-cases/{appeal.case.pk}/appeal-hearing/",
            {"appeal": appeal.pk, "hearing_date": APPEAL_HEARD.isoformat(), **SENT},
            format="json")

    assert response.status_code == 200, response.content
    [answered] = response.json()["appeals"]
    assert (answered["hearing_date"], answered["hearing_time"], answered["location"]) == (
        APPEAL_HEARD.isoformat(), "18:30", GIVEN_PLACE)


def test_the_api_sets_a_kennel_review_hearing_at_the_hour_and_place_sent(kennel_review,
                                                                         chief):
    with at(NOTICE_DUE):
        response = api_for(chief).post(
            f"/api/v1/kennel-reviews/{kennel_review.pk}/hearing/",
            {"notice_sent_on": NOTICE_DUE.isoformat(), "hearing_date": HEARING_DUE.isoformat(),
             **SENT}, format="json")

    assert response.status_code == 200, response.content
    [answered] = response.json()["hearings"]
    assert (answered["hearing_time"], answered["location"]) == ("18:30", GIVEN_PLACE)


@pytest.mark.parametrize(("wrong", "field"), [
    ({"hearing_time": "25:00"}, "hearing_time"), ({"location": TOO_LONG_A_PLACE}, "location")])
def test_a_bad_hour_or_place_is_refused_on_its_field_by_every_dog_hearing_endpoint(
        cited_at_large, appeal, kennel_review, chief, clerk, wrong, field):
    with at(AFTER_THE_REVIEW):
        answers = [
            api_for(chief).post(f"/api/v1/dog-cases/{cited_at_large.pk}/hearings/", {
                "notice_sent_on": CITED.isoformat(),
                "hearing_date": CHIEFS_HEARING.isoformat(), **wrong}, format="json"),
            api_for(clerk).post(f"/api/v1/dog-cases/{appeal.case.pk}/appeal-hearing/", {
                "appeal": appeal.pk, "hearing_date": APPEAL_HEARD.isoformat(), **wrong},
                format="json"),
            api_for(chief).post(f"/api/v1/kennel-reviews/{kennel_review.pk}/hearing/", {
                "notice_sent_on": NOTICE_DUE.isoformat(),
                "hearing_date": HEARING_DUE.isoformat(), **wrong}, format="json"),
        ]

    assert [(answer.status_code, list(answer.json())) for answer in answers] == [
        (400, [field])] * 3
    assert not cited_at_large.hearings.exists() and not kennel_review.hearings.exists()


def test_the_schema_documents_the_hour_and_place_each_dog_hearing_takes_and_gives(client):
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()

    def fields(reference: dict) -> set[str]:
        return set(schema["components"]["schemas"][reference["$ref"].rsplit("/", 1)[1]][
            "properties"])

    def request_fields(path: str) -> set[str]:
        body = schema["paths"][path]["post"]["requestBody"]["content"]["application/json"]
        return fields(body["schema"])

    for path in ("/api/v1/dog-cases/{id}/hearings/", "/api/v1/dog-cases/{id}/appeal-hearing/",
                 "/api/v1/kennel-reviews/{id}/hearing/"):
        assert {"hearing_time", "location"} <= request_fields(path), path
    for answer in ("DogCaseHearing", "DogAppeal", "KennelHearing"):
        assert {"hearing_time", "location"} <= fields(
            {"$ref": f"#/components/schemas/{answer}"}), answer
