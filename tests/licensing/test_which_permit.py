""""Which permit do I need?" for every town: "What do you want to do?", then the questions the
town declares for it, on a GET form, one at a time (issue #21, "Find")."""

import pytest
from django.urls import reverse

from permits_site.licensing.declarations import Purpose
from permits_site.licensing.questions import (
    Answer,
    more_than,
    registered_questions,
    town_tree,
    walk,
)
from permits_site.rules.base import Fact, FactType

BEES = Fact("hives", FactType.INTEGER, "How many hives?")
HIVES = more_than(BEES, 2, then=Answer(("tisbury.campground",), "Many hives."),
                  otherwise=Answer((), "Few hives need nothing."))


def page(client, town, **answers):
    return client.get(reverse("law:which_permit", args=[town]), answers)


# -- the walk ----------------------------------------------------------------------------


@pytest.mark.parametrize(("hives", "permit_types"), [(2, ()), (3, ("tisbury.campground",))])
def test_a_count_more_than_the_limit_takes_the_first_branch(hives, permit_types):
    assert walk(HIVES, {"hives": hives}).answer.permit_types == permit_types


def test_the_walk_stops_at_the_first_unanswered_question_and_ignores_answers_off_its_path():
    tree = town_tree("tisbury", {Purpose.KEEP_HORSES: ["tisbury.stable"]})

    path = walk(tree, {"hives": 9})

    assert path.answer is None
    assert path.waiting_for.fact.name == "purpose"
    assert path.answers == {}


def test_a_purpose_without_declared_questions_lists_the_types_that_serve_it():
    tree = town_tree("tisbury", {Purpose.RUN_A_TRADE: ["tisbury.sandblasting",
                                                       "tisbury.tobacco_sales"]})

    answer = walk(tree, {"purpose": "run_a_trade"}).answer

    assert answer.permit_types == ("tisbury.sandblasting", "tisbury.tobacco_sales")


def test_a_purpose_with_declared_questions_asks_them():
    with registered_questions("tisbury", Purpose.HOST_GUESTS, HIVES):
        tree = town_tree("tisbury", {Purpose.HOST_GUESTS: ["tisbury.campground"]})
        path = walk(tree, {"purpose": "host_guests"})

    assert path.waiting_for.fact.name == "hives"


# -- the page ----------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("town", ["north_andover", "northborough", "tisbury"])
def test_every_town_asks_what_you_want_to_do_first(client, town):
    response = page(client, town)

    assert response.status_code == 200
    content = response.content.decode()
    assert "What do you want to do?" in content
    assert 'method="get"' in content


@pytest.mark.django_db
def test_tisbury_offers_only_what_its_permits_serve(client):
    content = page(client, "tisbury").content.decode()

    assert "Run a food business" in content and "Put a dumpster on a lot" in content
    assert "Keep a dog" not in content


@pytest.mark.django_db
def test_the_answers_lead_question_by_question_to_the_permit_and_its_links(client):
    first = page(client, "tisbury", purpose="dumpster").content.decode()
    assert "Do you supply dumpsters to others" in first
    assert "How many days" not in first

    content = page(client, "tisbury", purpose="dumpster", supplies_dumpsters="no",
                   dumpster_days="45").content.decode()

    assert "You need: Dumpster Permit" in content
    assert "09.2.5(1)" in content
    assert reverse("licensing:apply", args=["tisbury.dumpster"]) in content
    assert reverse("law:permit_type", args=["tisbury", "tisbury.dumpster"]) in content


@pytest.mark.django_db
def test_north_andover_counts_the_dogs_at_the_address(client):
    content = page(client, "north_andover", purpose="keep_dogs",
                   dogs_at_address="5").content.decode()

    assert "You need: Kennel License" in content


@pytest.mark.django_db
def test_a_question_asked_and_left_empty_is_a_400_naming_it(client):
    response = page(client, "tisbury", purpose="dumpster", asked="supplies_dumpsters")

    assert response.status_code == 400
    assert 'href="#id_supplies_dumpsters_0"' in response.content.decode()


@pytest.mark.django_db
def test_a_bad_answer_is_a_400_naming_the_field_and_no_answer(client):
    response = page(client, "north_andover", purpose="keep_dogs", dogs_at_address="many")

    assert response.status_code == 400
    content = response.content.decode()
    assert 'href="#id_dogs_at_address"' in content
    assert "You need" not in content


@pytest.mark.django_db
def test_a_bad_answer_off_the_path_is_ignored(client):
    response = page(client, "tisbury", purpose="food_business", serving="event",
                    dumpster_days="lots")

    assert response.status_code == 200
    assert "You need: Temporary Food Permit" in response.content.decode()


@pytest.mark.django_db
def test_an_unknown_town_is_not_found(client):
    assert page(client, "atlantis").status_code == 404
