"""Apply for a permit: every permit type open online, filtered by town, by what the person
wants to do and by words; the home page and the dashboard lead to it (issue #21, "Find")."""

import pytest
from django.urls import reverse

from permits_site.licensing.declarations import Holder, Purpose
from permits_site.licensing.finder import find_permit_types, matches, query_words
from permits_site.licensing.kinds import kind_for, registered_kinds
from permits_site.licensing.models import PermitType
from tests.factories import BusinessMemberFactory

FIND = reverse("licensing:find")


# -- pure functions -----------------------------------------------------------------


def test_query_words_are_lower_case_and_singular():
    assert query_words("  Dogs   KENNELS ") == ["dog", "kennel"]


def test_query_words_keep_a_short_word_and_a_double_s():
    assert query_words("bus business gas") == ["bus", "business", "gas"]


def test_query_words_are_cut_at_a_hundred_characters_and_lose_nul_bytes():
    assert query_words("a\x00b " + "x" * 200) == ["ab", "x" * 97]


@pytest.mark.parametrize(("words", "found"), [
    ([], True),
    (["food"], True),
    (["food", "tisbury"], True),
    (["food", "northborough"], False),
])
def test_every_word_must_be_found_in_one_of_the_texts(words, found):
    assert matches(words, ["Food Service Permit", "Town of Tisbury"]) is found


# -- the declarations ---------------------------------------------------------------


@pytest.mark.django_db
def test_every_permit_type_applied_for_declares_what_a_person_wants_to_do():
    codes = set(PermitType.objects.values_list("code", flat=True))
    undeclared = [kind.code for kind in registered_kinds()
                  if kind.applied_for and kind.code in codes and not kind.purposes]
    assert undeclared == []


def test_purposes_read_as_a_person_says_them():
    assert Purpose.FOOD_BUSINESS.label == "Run a food business"
    assert Purpose.DUMPSTER.label == "Put a dumpster on a lot"
    assert kind_for("tisbury.temporary_food").purposes == (Purpose.FOOD_BUSINESS,
                                                           Purpose.HOLD_EVENT)


# -- the service ---------------------------------------------------------------------


def codes(found):
    return [row.permit_type.code for row in found]


@pytest.mark.django_db
def test_a_town_and_a_purpose_narrow_the_list_to_that_towns_types_for_it():
    found = codes(find_permit_types(municipality="tisbury", purpose=Purpose.FOOD_BUSINESS))

    assert found == ["tisbury.food_service", "tisbury.residential_kitchen",
                     "tisbury.temporary_food"]


@pytest.mark.django_db
def test_words_find_a_type_by_what_its_public_page_says():
    assert codes(find_permit_types(query="Kennels")) == ["north_andover.kennel_license"]
    assert "tisbury.septage_handler" in codes(find_permit_types(query="pumping septic"))


@pytest.mark.django_db
def test_a_type_not_taken_online_or_not_applied_for_is_not_listed():
    PermitType.objects.filter(code="tisbury.campground").update(online=False)

    found = codes(find_permit_types())

    assert "tisbury.campground" not in found
    assert "north_andover.impoundment" not in found
    assert "north_andover.dog_license" in found


@pytest.mark.django_db
def test_business_first_puts_the_types_a_business_may_hold_first():
    found = find_permit_types(municipality="north_andover", business_first=True)

    assert codes(found) == ["north_andover.kennel_license", "north_andover.dog_license"]
    assert [row.business_may_hold for row in found] == [True, False]
    assert kind_for("north_andover.dog_license").holder == Holder.PERSON


# -- the page ------------------------------------------------------------------------


@pytest.mark.django_db
def test_the_page_lists_every_type_open_online_with_its_public_page_and_apply_link(client):
    response = client.get(FIND)

    assert response.status_code == 200
    content = response.content.decode()
    for code, town in [("tisbury.food_service", "tisbury"),
                       ("north_andover.kennel_license", "north_andover"),
                       ("northborough.private_stable", "northborough")]:
        assert reverse("law:permit_type", args=[town, code]) in content
        assert reverse("licensing:apply", args=[code]) in content
    assert "Dog impoundment fees" not in content


@pytest.mark.django_db
def test_the_page_filters_by_town_and_purpose_with_a_plain_get_form(client):
    response = client.get(FIND, {"municipality": "tisbury", "purpose": "food_business"})

    content = response.content.decode()
    assert 'method="get"' in content
    assert "Food Service Permit" in content and "Temporary Food Permit" in content
    assert "Dumpster Permit" not in content and "Dog License" not in content
    assert "3 permits" in content


@pytest.mark.django_db
@pytest.mark.parametrize(("field", "value"), [("municipality", "atlantis"),
                                              ("purpose", "build_a_moat")])
def test_an_unknown_choice_is_a_400_naming_the_field(client, field, value):
    response = client.get(FIND, {field: value})

    assert response.status_code == 400
    assert f'href="#id_{field}"' in response.content.decode()


@pytest.mark.django_db
def test_nothing_found_says_so_and_offers_the_questions(client):
    content = client.get(FIND, {"q": "zeppelin"}).content.decode()

    assert "No permit matches" in content
    assert reverse("law:which_permit", args=["tisbury"]) in content


@pytest.mark.django_db
def test_a_business_member_sees_the_types_a_business_may_hold_first_and_marked(client,
                                                                              resident):
    BusinessMemberFactory(user=resident)
    client.force_login(resident)

    content = client.get(FIND, {"municipality": "north_andover"}).content.decode()

    assert content.index("Kennel License") < content.index("Dog License")
    assert "A business may hold it" in content


@pytest.mark.django_db
def test_the_page_runs_a_fixed_number_of_queries(client, resident,
                                                 django_assert_max_num_queries):
    BusinessMemberFactory(user=resident)
    client.force_login(resident)
    with django_assert_max_num_queries(9):
        client.get(FIND)
    with django_assert_max_num_queries(9):
        client.get(FIND, {"municipality": "tisbury", "q": "food"})


# -- the ways in -----------------------------------------------------------------------


@pytest.mark.django_db
def test_the_home_page_links_to_the_finder_and_to_each_type_open_online(client):
    content = client.get(reverse("home")).content.decode()

    assert f'href="{FIND}"' in content
    assert f'href="{FIND}?municipality=tisbury"' in content
    assert reverse("law:permit_type", args=["tisbury", "tisbury.food_service"]) in content
    assert "Dog impoundment fees" not in content


@pytest.mark.django_db
def test_the_dashboard_leads_to_the_finder_and_the_questions(client, resident):
    client.force_login(resident)

    content = client.get(reverse("licensing:dashboard")).content.decode()

    assert f'href="{FIND}"' in content
    assert reverse("law:which_permit", args=["tisbury"]) in content
