"""The "Check before you apply" page: a GET form from the rule set's facts, then each rule."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse
from django.utils.html import escape

from tests.law.answers import COASTAL_SEPTIC_NEW_SYSTEM, PRIVATE_STABLE_42_FT, as_query

pytestmark = pytest.mark.django_db

PRIVATE_STABLE = ("northborough", "northborough.private_stable")


def check_page(client, town, code, answers=None):
    return client.get(reverse("law:check", args=[town, code]), answers or {})


def test_the_blank_form_asks_every_question_with_labels_and_units(client):
    response = check_page(client, *PRIVATE_STABLE)

    assert response.status_code == 200
    content = response.content.decode()
    assert '<label class="form-label" for="id_corral_area_sqft">Corral area (in square feet)' \
        in content
    assert "<legend class=\"form-label fs-6 mb-1\">Is the roof weatherproof?</legend>" in content
    assert 'aria-describedby="id_corral_area_sqft_helptext"' in content
    assert "Numbers and measurements" in content
    assert "Result" not in content
    assert "There is a problem" not in content


def test_a_stable_42_ft_from_the_lot_line_shows_4_1a_not_met(client):
    response = check_page(client, *PRIVATE_STABLE, as_query(PRIVATE_STABLE_42_FT))

    content = response.content.decode()
    assert response.context["failed_count"] == 1
    assert "1 rule is not met" in content
    assert "Northborough Horse &amp; Stable Regs §4.1(a)" in content
    assert "it must be at least 50 ft" in content
    lot_line = next(outcome for outcome in response.context["outcomes"]
                    if outcome.finding.rule == "nb.4.1a.lot_line")
    assert lot_line.label.text == "Not met"
    assert escape(lot_line.summary) in content


def test_every_rule_is_shown_once_with_its_citation(client):
    response = check_page(client, *PRIVATE_STABLE, as_query(PRIVATE_STABLE_42_FT))

    content = response.content.decode()
    rules = [outcome.finding.rule for outcome in response.context["outcomes"]]
    assert len(rules) == len(set(rules)) == 16
    for rule in rules:
        assert content.count(f'data-rule="{rule}"') == 1


def test_outcomes_are_told_in_words_not_colour_alone(client):
    content = check_page(client, *PRIVATE_STABLE, as_query(PRIVATE_STABLE_42_FT)).content.decode()

    assert "Meets the rule." in content
    assert "Not met." in content
    assert "Does not apply." in content


def test_a_compliant_plan_meets_every_rule(client):
    answers = {**PRIVATE_STABLE_42_FT, "distance_to_abutter_property_line_ft": 50}

    content = check_page(client, *PRIVATE_STABLE, as_query(answers)).content.decode()

    assert "Meets every rule." in content


def test_a_septic_system_5_to_7_ft_above_water_needs_an_officers_review_09_9_7_6(client):
    answers = {**COASTAL_SEPTIC_NEW_SYSTEM, "separation_to_water_table_ft": 6}

    content = check_page(client, "tisbury", "tisbury.coastal_septic",
                         as_query(answers)).content.decode()

    assert "No rule is broken, but 1 rule needs an officer's review." in content


def test_missing_and_malformed_answers_are_summarized_with_links_to_their_fields(client):
    answers = {**as_query(PRIVATE_STABLE_42_FT), "horses": "two"}
    del answers["roof_weatherproof"]

    response = check_page(client, *PRIVATE_STABLE, answers)

    content = response.content.decode()
    assert "There are problems with your answers" in content
    assert 'href="#id_horses"' in content
    assert 'href="#id_roof_weatherproof_0"' in content
    assert 'id="id_horses_error"' in content
    assert 'aria-describedby="id_horses_error"' in content
    assert "<title>Error:" in content
    assert "outcomes" not in response.context


def test_a_woven_wire_fence_needs_its_opening_size_on_the_page_5_3(client):
    answers = {**PRIVATE_STABLE_42_FT, "fence_material": "woven_wire"}

    response = check_page(client, *PRIVATE_STABLE, as_query(answers))

    assert response.context["form"].errors["fence_opening_in"] == ["Enter a number."]


@time_machine.travel(dt.datetime(2027, 7, 1, 12, 0), tick=False)
def test_the_check_date_defaults_to_today_and_can_be_chosen(client):
    answers = as_query({
        "manure_storage_cuft": 100, "days_since_manure_removed": 30, "manure_variance": False,
        "runoff_to_wetlands": False, "stall_cleaned_daily": True, "effluent_discharged": False,
        "feed_in_closed_containers": True,
    })
    code = ("northborough", "northborough.sanitary_inspection")

    summer = check_page(client, *code, answers)
    winter = check_page(client, *code, {**answers, "on": "2027-12-01"})

    assert summer.context["result"].on == dt.date(2027, 7, 1)
    assert summer.context["failed_count"] == 1
    assert winter.context["result"].on == dt.date(2027, 12, 1)
    assert winter.context["failed_count"] == 0


@pytest.mark.parametrize(("town", "code"), [
    ("northborough", "northborough.helipad"),
    ("tisbury", "northborough.private_stable"),
    ("springfield", "northborough.private_stable"),
])
def test_an_unknown_check_or_another_towns_check_is_not_found(client, town, code):
    assert check_page(client, town, code).status_code == 404


def test_the_check_page_only_answers_get(client):
    url = reverse("law:check", args=PRIVATE_STABLE)

    assert client.post(url, as_query(PRIVATE_STABLE_42_FT)).status_code == 405
