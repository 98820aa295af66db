"""GET /permit-types/ filtered as "Apply for a permit" filters: by town, by what the person
wants to do and by words (issue #21, "Find")."""

import pytest

from permits_site.licensing.models import PermitType

pytestmark = pytest.mark.django_db


def codes(public, **params):
    response = public.get("/api/v1/permit-types/", params)
    assert response.status_code == 200, response.json()
    return [permit_type["code"] for permit_type in response.json()]


def test_a_purpose_and_a_town_narrow_the_list(public):
    assert codes(public, municipality="tisbury", purpose="food_business") == [
        "tisbury.food_service", "tisbury.residential_kitchen", "tisbury.temporary_food"]


def test_words_narrow_the_list(public):
    assert codes(public, purpose="keep_dogs", q="kennels") == ["north_andover.kennel_license"]


def test_each_type_lists_its_purposes(public):
    listed = public.get("/api/v1/permit-types/", {"q": "temporary food"}).json()

    assert len(listed) == 1
    assert listed[0]["purposes"] == ["food_business", "hold_event"]


def test_a_type_taken_only_at_the_office_is_still_listed(public):
    PermitType.objects.filter(code="tisbury.campground").update(online=False)

    assert "tisbury.campground" in codes(public, municipality="tisbury")


def test_an_unknown_purpose_is_refused_naming_purpose(public):
    response = public.get("/api/v1/permit-types/", {"purpose": "build_a_moat"})

    assert response.status_code == 400
    assert list(response.json()) == ["purpose"]


def test_filters_take_a_fixed_number_of_queries(public, django_assert_max_num_queries):
    with django_assert_max_num_queries(2):
        public.get("/api/v1/permit-types/", {"municipality": "tisbury", "purpose": "dumpster",
                                             "q": "temporary"})


def test_the_schema_documents_the_filters(public):
    schema = public.get("/api/v1/schema/", {"format": "json"}).json()

    parameters = {parameter["name"]: parameter
                  for parameter in schema["paths"]["/api/v1/permit-types/"]["get"]["parameters"]}
    assert set(parameters) >= {"municipality", "purpose", "q"}
    assert "food_business" in parameters["purpose"]["schema"]["enum"]


def test_a_types_declaration_lists_its_purposes(public):
    declared = public.get("/api/v1/permit-types/north_andover.kennel_license/").json()

    assert declared["purposes"] == ["keep_dogs", "run_a_trade"]
