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


def answer_of(content: str) -> str:
    """The page's answer, its heading, reason and links."""
    return content.split('id="answer"')[1].split("</section>")[0]


# -- the walk ----------------------------------------------------------------------------


@pytest.mark.parametrize(("hives", "permit_types"), [(2, ()), (3, ("tisbury.campground",))])
def test_a_count_more_than_the_limit_takes_the_first_branch(hives, permit_types):
    assert walk(HIVES, {"hives": hives}).answer.permit_types == permit_types


def test_the_walk_stops_at_the_first_unanswered_question_and_ignores_answers_off_its_path():
    tree = town_tree("tisbury", {Purpose.PRIVATE_WELL: {"tisbury.well_registration": "09.3.1"}})

    path = walk(tree, {"hives": 9})

    assert path.answer is None
    assert path.waiting_for.fact.name == "purpose"
    assert path.answers == {}


def test_a_purpose_without_declared_questions_offers_one_of_the_types_that_serve_it():
    tree = town_tree("atlantis", {Purpose.RUN_A_TRADE: {"tisbury.sandblasting": "09.4.3",
                                                        "tisbury.tobacco_sales": "09.12"}})

    answer = walk(tree, {"purpose": "run_a_trade"}).answer

    assert answer.permit_types == ("tisbury.sandblasting", "tisbury.tobacco_sales")
    assert answer.one_of


def test_a_purpose_served_by_one_type_without_questions_names_its_section():
    tree = town_tree("atlantis", {Purpose.HOLD_EVENT: {"tisbury.temporary_food": "09.5.3"}})

    answer = walk(tree, {"purpose": "hold_event"}).answer

    assert answer.permit_types == ("tisbury.temporary_food",)
    assert not answer.one_of
    assert answer.reason == "This is the permit the town issues for it (09.5.3)."


def test_a_purpose_with_declared_questions_asks_them():
    with registered_questions("tisbury", Purpose.HOST_GUESTS, HIVES):
        tree = town_tree("tisbury", {Purpose.HOST_GUESTS: {"tisbury.campground": "09.8"}})
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


@pytest.mark.django_db
def test_a_tisbury_homeowner_repairing_a_septic_system_needs_the_disposal_works_permit_only(
        client):
    asked = page(client, "tisbury", purpose="septic_system").content.decode()
    assert "You need" not in asked
    assert "What will you do?" in asked

    content = page(client, "tisbury", purpose="septic_system",
                   septic_work="own_system").content.decode()

    assert "You need: Disposal Works Construction Permit</h2>" in content
    assert "Septage Handler" not in content and "Subdivision" not in content
    assert "09.3.1(3)" in answer_of(content)


@pytest.mark.django_db
@pytest.mark.parametrize(("answers", "permit_type", "section"), [
    ({"purpose": "septic_system", "septic_work": "pump"}, "Septage Handler Permit", "09.1.4"),
    ({"purpose": "septic_system", "septic_work": "divide"}, "Subdivision Plan Review",
     "09.4.1"),
    ({"purpose": "run_a_trade", "trade": "sandblasting"}, "Sandblasting Permit", "09.4.3"),
    ({"purpose": "run_a_trade", "trade": "tobacco"}, "Tobacco Sales Permit", "09.12"),
    ({"purpose": "host_guests", "guests": "campground"}, "Campground License", "09.8"),
    ({"purpose": "host_guests", "guests": "home"}, "Residential Kitchen Permit", "09.5.5"),
    ({"purpose": "work_on_land", "land_work": "woodwaste"}, "Woodwaste Burial Approval",
     "09.2.9"),
    ({"purpose": "keep_horses", "horses_kept": "5"}, "Stable License", "09.7.2"),
])
def test_tisbury_asks_the_question_that_tells_its_permits_apart(client, answers, permit_type,
                                                                section):
    first = page(client, "tisbury", purpose=answers["purpose"]).content.decode()
    assert "You need" not in first

    content = page(client, "tisbury", **answers).content.decode()

    assert f"You need: {permit_type}</h2>" in content
    assert section in answer_of(content)


@pytest.mark.django_db
def test_four_horses_in_tisbury_need_no_license_09_7_2(client):
    content = page(client, "tisbury", purpose="keep_horses", horses_kept="4").content.decode()

    assert "You need no permit for this" in content
    assert "Tisbury BOH Reg 09.7.2" in answer_of(content)


@pytest.mark.django_db
@pytest.mark.parametrize(("town", "purpose", "permit_type", "section"), [
    ("north_andover", "run_a_trade", "Kennel License", "North Andover Code ch. 60, Kennel"),
    ("tisbury", "private_well", "Private Well Registration", "Tisbury BOH Reg 09.3.1"),
    ("tisbury", "hold_event", "Temporary Food Permit", "Tisbury BOH Reg 09.5.3"),
])
def test_a_single_answer_names_the_section_behind_it(client, town, purpose, permit_type,
                                                     section):
    answer = answer_of(page(client, town, purpose=purpose).content.decode())

    assert f"You need: {permit_type}</h2>" in answer
    assert section in answer


@pytest.mark.django_db
def test_several_permits_left_are_offered_as_one_of_these_each_with_who_needs_it(client):
    either = Answer(("tisbury.campground", "tisbury.residential_kitchen"),
                    "The town issues these permits for it.", one_of=True)
    with registered_questions("tisbury", Purpose.HOST_GUESTS, either):
        content = page(client, "tisbury", purpose="host_guests").content.decode()

    assert "You need:" not in content
    assert "One of these:" in content
    assert "The operator of a campground" in content
    assert "A residential kitchen serving breakfast" in content
