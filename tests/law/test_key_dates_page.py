"""The key-dates page: the year's dates with citations, the periods, and a due-date form."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from permits_site.licensing.views.law import period_length
from permits_site.rules.registry import town_law

pytestmark = pytest.mark.django_db


def key_dates_page(client, town="north_andover", **params):
    return client.get(reverse("law:key_dates", args=[town]), params)


def test_dog_licenses_are_due_march_4_2030_when_march_1_is_a_friday_licenses_a8(client):
    response = key_dates_page(client, year="2030")

    content = response.content.decode()
    assert response.status_code == 200
    assert '<time datetime="2030-03-04">Mon, March 4, 2030</time>' in content
    assert "North Andover Code ch. 60, Licenses A(8)" in content
    assert [key_date.code for _date, key_date in response.context["dates"]] == [
        "kennel_forms_sent_by", "dog_forms_available_by", "kennel_license_due",
        "dog_license_due",
    ]


@time_machine.travel(dt.datetime(2028, 8, 1, 12, 0), tick=False)
def test_the_page_shows_the_current_year_by_default(client):
    assert key_dates_page(client).context["year"] == 2028


@time_machine.travel(dt.datetime(2028, 8, 1, 12, 0), tick=False)
def test_an_impossible_year_is_explained_and_the_current_year_shown(client):
    response = key_dates_page(client, year="12345")

    assert response.context["year"] == 2028
    assert "year" in response.context["year_form"].errors
    assert 'href="#id_year"' in response.content.decode()


def test_the_periods_are_listed_with_length_kind_and_citation(client):
    content = key_dates_page(client).content.decode()

    assert "Appeal an Animal Control Officer&#x27;s decision" in content
    assert "10 business days" in content
    assert "North Andover Code ch. 60, Hearing authority B" in content
    assert "Duration: ends on the day counted" in content


def test_the_due_date_form_computes_an_appeal_deadline_hearing_authority_b(client):
    response = key_dates_page(client, year="2027", period="appeal_aco_decision",
                              start="2027-05-03")

    assert response.context["deadline"]["due"] == dt.date(2027, 5, 19)
    assert "Wednesday, May 19, 2027" in response.content.decode()
    assert response.context["year"] == 2027


def test_the_due_date_form_refuses_an_unknown_period_and_a_missing_date(client):
    response = key_dates_page(client, period="no_such_period")

    form = response.context["deadline_form"]
    assert set(form.errors) == {"period", "start"}
    assert response.context["deadline"] is None


def test_a_town_without_periods_says_so(client):
    response = key_dates_page(client, "northborough", year="2027")

    assert "count no periods from an event" in response.content.decode()
    assert "Public stable permits renew each January 1." in response.content.decode()


def test_an_unknown_town_has_no_key_dates_page(client):
    assert key_dates_page(client, "springfield").status_code == 404


@pytest.mark.parametrize(("code", "length"), [
    ("appeal_aco_decision", "10 business days"),
    ("puppy_license", "6 months"),
    ("new_dog_license", "30 days"),
])
def test_period_lengths_read_plainly(code, length):
    assert period_length(town_law("north_andover").periods[code]) == length


def test_a_next_month_deadline_reads_as_the_nth_of_the_next_month_09_6_2():
    period = town_law("tisbury").periods["pumpout_permits_return"]

    assert period_length(period) == "by the 15th of the next month"


@time_machine.travel(dt.datetime(2026, 12, 6, 12, 0), tick=False)
def test_in_december_north_andover_shows_the_year_on_sale_with_a_link_to_this_one(client):
    """From December 1 the license year offered is next year's (Licenses A(8))."""
    response = key_dates_page(client)

    content = response.content.decode()
    assert response.context["year"] == 2027
    assert '<time datetime="2027-03-01">Mon, March 1, 2027</time>' in content
    assert "Licenses for 2027 are on sale now." in content
    assert 'href="?year=2026"' in content


@time_machine.travel(dt.datetime(2026, 12, 6, 12, 0), tick=False)
def test_this_years_dates_link_back_to_the_year_on_sale(client):
    content = key_dates_page(client, year="2026").content.decode()

    assert 'href="?year=2027"' in content


@time_machine.travel(dt.datetime(2026, 11, 30, 12, 0), tick=False)
def test_before_december_the_year_shown_is_this_one_and_no_other_is_offered(client):
    response = key_dates_page(client)

    assert response.context["year"] == 2026
    assert "on sale now" not in response.content.decode()


@time_machine.travel(dt.datetime(2026, 12, 6, 12, 0), tick=False)
def test_a_town_selling_no_year_ahead_shows_this_year_in_december(client):
    assert key_dates_page(client, "northborough").context["year"] == 2026


def test_the_public_page_shows_no_internal_period_codes(client):
    content = key_dates_page(client).content.decode()

    assert "Period code" not in content
    assert ">new_dog_license<" not in content


@pytest.mark.parametrize("town", ["north_andover", "tisbury"])
def test_each_scrolling_table_is_a_labelled_region_a_keyboard_can_reach(client, town):
    content = key_dates_page(client, town).content.decode()

    assert content.count('<div class="table-responsive"') == content.count(
        '<div class="table-responsive" tabindex="0" role="region" aria-labelledby=')
    assert content.count('tabindex="0" role="region"') == 2
