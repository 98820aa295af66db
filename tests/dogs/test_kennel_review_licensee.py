"""The kennel licensee reads the review of its kennel (North Andover Code ch. 60, Kennel license
B(4), B(5)) on the dashboard, on the kennel's page and through the API: that a review is
open, the public hearing's day, hour and place once noticed (a continued hearing's new
ones), and the decision once made, with the section — never the report's words nor the
other parties named on it, which are the hearing authority's.

The dates are the kennel review fixtures' (``tests/dogs/conftest.py``); every test reads the
review on Monday, November 30, 2026.
"""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from dogs.kennels.review import decide_kennel_review, open_kennel_review
from permits_site.enforcement.models import CaseStatus
from permits_site.licensing.kinds import kind_for
from tests.dogs.conftest import KENNEL_ABUTTER, KENNEL_REPORTED
from tests.dogs.test_kennel_pages import KENNEL_PAGE_QUERIES
from tests.factories import PermitFactory, UserFactory, permit_type
from tests.tisbury.support import client_for

pytestmark = pytest.mark.django_db

KENNEL = "north_andover.kennel_license"
SECTION = "North Andover Code ch. 60, Kennel license B(5)"
HEARING = "Thursday, November 5, 2026, 6:30 PM, Police Station, 1475 Osgood Street"
NEW_HEARING = "Monday, November 9, 2026, 7:00 PM, Town Hall, 120 Main Street"
DECIDED = dt.date(2026, 11, 12)


@pytest.fixture(autouse=True)
def after_the_review(db):
    with time_machine.travel(dt.datetime(2026, 11, 30, 10, 0), tick=False):
        yield


@pytest.fixture
def licensee(reviewed_kennel):
    return reviewed_kennel.holder


def dashboard(client, user) -> str:
    client.force_login(user)
    return client.get(reverse("licensing:dashboard")).content.decode()


def kennel_page(client, user, permit) -> str:
    client.force_login(user)
    return client.get(reverse("dogs:kennel", args=[permit.pk])).content.decode()


def shown(client, licensee, permit, where: str) -> str:
    return (dashboard(client, licensee) if where == "dashboard"
            else kennel_page(client, licensee, permit))


WHERE = ["dashboard", "kennel page"]


@pytest.mark.parametrize("where", WHERE)
def test_the_licensee_sees_that_a_review_is_open(client, kennel_review, licensee,
                                                 reviewed_kennel, where):
    page = shown(client, licensee, reviewed_kennel, where)

    assert 'id="kennel-reviews-heading"' in page
    assert "Review open" in page
    assert "October 8, 2026" in page
    assert "within seven business days after the report" in page
    assert SECTION in page


def test_the_dashboard_names_the_kennel_license_and_links_its_page(client, kennel_review,
                                                                  licensee, reviewed_kennel):
    page = dashboard(client, licensee)
    someone_else = dashboard(client, UserFactory())

    assert f"Kennel license {reviewed_kennel.number}" in page
    assert f'href="{reverse("dogs:kennel", args=[reviewed_kennel.pk])}"' in page
    assert 'id="kennel-reviews-heading"' not in someone_else


@pytest.mark.parametrize("where", WHERE)
def test_the_hearings_day_hour_and_place_are_shown_once_noticed(client, noticed_kennel_review,
                                                                licensee, reviewed_kennel,
                                                                where):
    page = shown(client, licensee, reviewed_kennel, where)

    assert HEARING in page
    assert "The hearing authority decides within seven business days after the hearing." in page
    assert SECTION in page
    # Neither the report's words nor the other parties named to be notified.
    assert KENNEL_ABUTTER not in page and "42 Kennel Road" not in page
    assert reverse("dogs:kennel_review", args=[noticed_kennel_review.pk]) not in page


@pytest.mark.parametrize("where", WHERE)
def test_a_continued_hearing_is_shown_on_its_new_day(client, continued_kennel_review, licensee,
                                                     reviewed_kennel, where):
    page = shown(client, licensee, reviewed_kennel, where)

    assert NEW_HEARING in page
    assert HEARING not in page


@pytest.mark.parametrize("where", WHERE)
def test_the_decision_is_shown_with_its_section(client, noticed_kennel_review, chief,
                                                licensee, reviewed_kennel, where):
    decide_kennel_review(case=noticed_kennel_review, outcome="regulate", decided_on=DECIDED,
                         reasons="Kept clean since the report.",
                         terms="No more than eight dogs.", acting_user=chief)

    page = shown(client, licensee, reviewed_kennel, where)

    assert "Decided on November 12, 2026" in page
    assert "Otherwise regulate the kennel" in page
    assert "Kept clean since the report." in page and "No more than eight dogs." in page
    assert "Review open" not in page
    assert SECTION in page


def test_the_staff_reach_the_review_page_from_the_kennel_page(client, noticed_kennel_review,
                                                              chief, reviewed_kennel):
    page = kennel_page(client, chief, reviewed_kennel)

    assert HEARING in page
    assert f'href="{reverse("dogs:kennel_review", args=[noticed_kennel_review.pk])}"' in page


def test_a_closed_review_leaves_the_dashboard_but_stays_on_the_kennel_page(
        client, noticed_kennel_review, licensee, reviewed_kennel):
    noticed_kennel_review.status = CaseStatus.CLOSED
    noticed_kennel_review.save(update_fields=["status"])

    assert HEARING not in dashboard(client, licensee)
    assert HEARING in kennel_page(client, licensee, reviewed_kennel)


def reviews_held_by(holder, aco, count: int) -> None:
    for _ in range(count):
        permit = PermitFactory(application__permit_type=permit_type(KENNEL),
                               application__applicant=holder, holder_address="40 Kennel Road")
        open_kennel_review(permit=permit, received_on=KENNEL_REPORTED, report="Pens.",
                           acting_user=aco)


@pytest.mark.parametrize("reviews", [1, 4])
def test_the_dashboard_panel_runs_a_fixed_number_of_queries(aco, reviews,
                                                             django_assert_num_queries):
    holder = UserFactory()
    reviews_held_by(holder, aco, reviews)

    with django_assert_num_queries(3):
        panel = kind_for(KENNEL).panel_context(holder)
        read = [(case.permit.number, list(case.hearings.all()))
                for case in panel["kennel_reviews"]]

    assert len(read) == reviews


@pytest.mark.parametrize("reviews", [1, 3])
def test_the_kennel_page_runs_the_same_queries_whatever_the_reviews(
        client, aco, reviewed_kennel, licensee, reviews, django_assert_num_queries):
    for _ in range(reviews):
        open_kennel_review(permit=reviewed_kennel, received_on=KENNEL_REPORTED, report="Pens.",
                           acting_user=aco)
    client.force_login(licensee)

    # The kennel page's queries (tests/dogs/test_kennel_pages.py) and the reviews' hearings.
    with django_assert_num_queries(KENNEL_PAGE_QUERIES + 1):
        page = client.get(reverse("dogs:kennel", args=[reviewed_kennel.pk])).content.decode()

    assert page.count('aria-labelledby="kennel-review-') == reviews


# -- the API -------------------------------------------------------------------------------


def test_the_licensee_reads_the_review_on_its_kennel_through_the_api(
        continued_kennel_review, licensee, reviewed_kennel, chief):
    decide_kennel_review(case=continued_kennel_review, outcome="order_compliance",
                         decided_on=DECIDED, reasons="Pens still dirty.",
                         terms="Clean the pens daily.", comply_within_days=14,
                         acting_user=chief)

    answer = client_for(licensee).get(f"/api/v1/kennels/{reviewed_kennel.pk}/")

    assert answer.status_code == 200, answer.content
    [review] = answer.json()["reviews"]
    assert review == {
        "id": continued_kennel_review.pk, "status": "determined", "received_on": "2026-10-08",
        "hearings": [{"notice_sent_on": "2026-10-29", "hearing_date": "2026-11-09",
                      "hearing_time": "19:00", "location": "Town Hall, 120 Main Street",
                      "decided_on": "2026-11-12", "decision": "Order compliance",
                      "ruling": "Pens still dirty."}],
        "outcome": "order_compliance", "terms": "Clean the pens daily.", "citation": SECTION,
    }
    assert KENNEL_ABUTTER not in answer.content.decode()
    assert client_for(licensee).get(
        f"/api/v1/kennel-reviews/{continued_kennel_review.pk}/").status_code == 404


def test_an_open_review_reads_as_open_with_no_hearing_yet(kennel_review, licensee,
                                                          reviewed_kennel):
    answer = client_for(licensee).get(f"/api/v1/kennels/{reviewed_kennel.pk}/")

    [read] = answer.json()["reviews"]
    assert (read["status"], read["hearings"], read["outcome"], read["terms"]) == (
        "open", [], None, "")


@pytest.mark.parametrize("reviews", [1, 4])
def test_the_kennel_list_runs_the_same_queries_whatever_the_reviews(
        aco, reviews, django_assert_num_queries):
    holder = UserFactory()
    reviews_held_by(holder, aco, reviews)
    api = client_for(holder)
    api.get("/api/v1/kennels/")  # the caller's roles and the towns warm up

    with django_assert_num_queries(KENNEL_LIST_QUERIES):
        listed = api.get("/api/v1/kennels/").json()["results"]

    assert sum(len(kennel["reviews"]) for kennel in listed) == reviews


#: The kennels' count, the kennels, their dogs, their reviews and the reviews' hearings.
KENNEL_LIST_QUERIES = 5
