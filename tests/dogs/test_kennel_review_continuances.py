"""A continued kennel review hearing (North Andover Code ch. 60, Kennel license B(5)): the
staff's API lists its continuances as the core's case hearings do, and the printed letters
of the hearing become, for every interested party, the letter of the continuance — the new
day, hour and place and the ones they replace — which the review page says to print for
the parties without an e-mail address.

The dates are the kennel review fixtures' (``tests/dogs/conftest.py``): noticed on Thursday,
October 22, 2026 for Thursday, November 5 at 6:30 PM at the Police Station; continued on
Thursday, October 29 to Monday, November 9 at 7:00 PM in the Town Hall.
"""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from dogs.kennels.api import KennelReviewSerializer
from dogs.kennels.parties import render_hearing_letters_pdf
from dogs.kennels.review import open_kennel_review, schedule_kennel_hearing
from permits_site.api.enforcement import HearingContinuanceOutSerializer
from permits_site.enforcement.services import continue_case_hearing
from tests.dogs.conftest import (
    KENNEL_ABUTTER,
    KENNEL_CONTINUED,
    KENNEL_HEARD,
    KENNEL_HEARD_AGAIN,
    KENNEL_NOTICED,
    KENNEL_REPORTED,
)
from tests.dogs.test_kennel_review_licensee import HEARING, NEW_HEARING
from tests.dogs.test_kennel_review_parties import pdf_pages
from tests.factories import on_day
from tests.tisbury.support import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def after_the_review(db):
    with time_machine.travel(dt.datetime(2026, 11, 30, 10, 0), tick=False):
        yield


def one_line(page: str) -> str:
    return " ".join(page.split())


# -- the API (the core's continuances, not a copy) -----------------------------------------


def test_the_staffs_review_lists_the_hearings_continuances(continued_kennel_review, chief):
    answer = client_for(chief).get(f"/api/v1/kennel-reviews/{continued_kennel_review.pk}/")

    assert answer.status_code == 200, answer.content
    [hearing] = answer.json()["hearings"]
    [continuance] = hearing["continuances"]
    assert {key: continuance[key] for key in (
        "previous_date", "previous_time", "previous_location", "hearing_date", "hearing_time",
        "location", "notice_sent_on", "reason")} == {
        "previous_date": "2026-11-05", "previous_time": "18:30",
        "previous_location": "Police Station, 1475 Osgood Street",
        "hearing_date": "2026-11-09", "hearing_time": "19:00",
        "location": "Town Hall, 120 Main Street", "notice_sent_on": "2026-10-29",
        "reason": "The licensee's counsel is away."}
    assert continuance["recorded_at"].startswith("2026-10-29")
    assert hearing["hearing_date"] == "2026-11-09"


def test_a_hearing_not_continued_lists_none(noticed_kennel_review, chief):
    answer = client_for(chief).get(f"/api/v1/kennel-reviews/{noticed_kennel_review.pk}/")

    [hearing] = answer.json()["hearings"]
    assert hearing["continuances"] == []


def test_the_continuances_are_the_cores_serializer():
    hearing = KennelReviewSerializer().fields["hearings"].child

    assert type(hearing.fields["continuances"].child) is HearingContinuanceOutSerializer


def continued_reviews(count: int, *, aco, chief, permit) -> None:
    """``count`` more reviews of ``permit``, each hearing noticed and continued."""
    for _ in range(count):
        with on_day(KENNEL_REPORTED):
            case = open_kennel_review(permit=permit, received_on=KENNEL_REPORTED,
                                      report="Pens.", acting_user=aco)
        with on_day(KENNEL_NOTICED):
            hearing = schedule_kennel_hearing(case=case, notice_sent_on=KENNEL_NOTICED,
                                              hearing_date=KENNEL_HEARD, acting_user=chief)
        with on_day(KENNEL_CONTINUED):
            continue_case_hearing(hearing=hearing, hearing_date=KENNEL_HEARD_AGAIN,
                                  reason="Counsel away.", acting_user=chief)


@pytest.mark.parametrize("more", [0, 3])
def test_the_review_list_runs_the_same_queries_whatever_the_continuances(
        continued_kennel_review, aco, chief, more, django_assert_num_queries):
    continued_reviews(more, aco=aco, chief=chief, permit=continued_kennel_review.permit)
    api = client_for(chief)
    api.get("/api/v1/kennel-reviews/")  # the caller's roles and the town's calendar warm up

    with django_assert_num_queries(REVIEW_LIST_QUERIES):
        listed = api.get("/api/v1/kennel-reviews/").json()["results"]

    assert [len(review["hearings"][0]["continuances"]) for review in listed] == [1] * (1 + more)


#: The reviews, their count, their hearings, the hearings' continuances, their orders and
#: their interested parties.
REVIEW_LIST_QUERIES = 6


# -- the letters ---------------------------------------------------------------------------

REPLACED = "Thursday, November 5, 2026, 6:30 PM, Police Station, 1475 Osgood Street"


def test_every_party_gets_the_letter_of_the_continuance(continued_kennel_review):
    pages = [one_line(page) for page in
             pdf_pages(render_hearing_letters_pdf(continued_kennel_review))]

    assert len(pages) == 2
    for page in pages:
        assert "Notice of a continued public hearing on a kennel" in page
        assert NEW_HEARING in page
        assert f"Replaces {REPLACED}" in page
        assert "October 29, 2026" in page
        assert "Kennel license B(5)" in page
    assert any(KENNEL_ABUTTER in page and "42 Kennel Road" in page for page in pages)
    assert any(continued_kennel_review.permit.holder_name in page for page in pages)


def test_one_partys_letter_is_the_continuances_too(continued_kennel_review):
    abutter = continued_kennel_review.kennel_interested_parties.get(role="abutter")

    [page] = pdf_pages(render_hearing_letters_pdf(continued_kennel_review, party_id=abutter.pk))

    assert KENNEL_ABUTTER in page
    assert NEW_HEARING in one_line(page) and "Replaces" in page


def test_the_letters_follow_the_hearing_the_notice_then_the_continuance(
        noticed_kennel_review, chief):
    noticed = [one_line(page) for page in
               pdf_pages(render_hearing_letters_pdf(noticed_kennel_review))]
    with on_day(KENNEL_CONTINUED):
        continue_case_hearing(hearing=noticed_kennel_review.hearings.get(),
                              hearing_date=KENNEL_HEARD_AGAIN, reason="Counsel away.",
                              acting_user=chief)
    continued = [one_line(page) for page in
                 pdf_pages(render_hearing_letters_pdf(noticed_kennel_review))]

    assert all("Notice of a public hearing on a kennel" in page and HEARING in page
               and "Replaces" not in page for page in noticed)
    assert all("Notice of a continued public hearing on a kennel" in page
               and f"Replaces {REPLACED}" in page for page in continued)


def review_page(client, user, case) -> str:
    client.force_login(user)
    return one_line(client.get(reverse("dogs:kennel_review", args=[case.pk])).content.decode())


def test_the_review_page_says_to_print_the_letters_for_the_parties_without_email(
        client, noticed_kennel_review, chief):
    page = review_page(client, chief, noticed_kennel_review)

    assert ("Print the letters and post them to the parties without an e-mail address" in page)


def test_after_a_continuance_the_review_page_says_to_print_its_letters(
        client, continued_kennel_review, chief):
    page = review_page(client, chief, continued_kennel_review)

    assert f"Continued on October 29, 2026 from {REPLACED}" in page
    assert ("print the letters of the continuance and post them to the parties without an "
            "e-mail address" in page)
    assert NEW_HEARING in page
