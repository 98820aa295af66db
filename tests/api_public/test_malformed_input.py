"""Malformed input to any public endpoint is a 400 naming the field, never a 500.

Strict JSON (api.md, "General"): "3" is not an integer, "true" not a bool,
3.0 not an integer; NaN and Infinity are not JSON; numbers and dates beyond
what the law speaks of are refused; unknown keys are refused.
"""

import pytest

from tests.law.answers import PRIVATE_STABLE_42_FT

CHECK_URL = "/api/v1/checks/northborough.private_stable/"
FEE_QUOTE = {"permit_type": "north_andover.dog_license", "action": "new",
             "facts": {"spayed_neutered": True}, "on": "2027-02-10"}
FINE_QUOTE = {"municipality": "tisbury", "offense": "littering"}
BODIES = {
    CHECK_URL: {"facts": PRIVATE_STABLE_42_FT, "on": "2027-05-01"},
    "/api/v1/fee-quotes/": FEE_QUOTE,
    "/api/v1/fine-quotes/": FINE_QUOTE,
}
POST_URLS = list(BODIES)


def test_the_valid_bodies_used_below_are_accepted(public):
    for url, body in BODIES.items():
        assert public.post(url, body).status_code == 200, url


@pytest.mark.parametrize("url", POST_URLS)
@pytest.mark.parametrize("text", ["[]", '"facts"', "3", "null", "true", "[{}]"])
def test_a_body_that_is_not_an_object_is_refused(public, url, text):
    response = public.post_raw(url, text)

    assert response.status_code == 400
    assert list(response.json()) == ["non_field_errors"]


@pytest.mark.parametrize("url", POST_URLS)
@pytest.mark.parametrize("text", [
    "{", "{'facts': {}}", '{"facts": {"horses": NaN}}', '{"facts": {"horses": Infinity}}',
    '{"facts": {"horses": -Infinity}}', "[" * 50_000, '{"a": ' + "9" * 5000 + "}",
])
def test_malformed_json_is_refused(public, url, text):
    response = public.post_raw(url, text)

    assert response.status_code == 400
    assert "JSON parse error" in response.json()["detail"]


@pytest.mark.parametrize("url", POST_URLS)
def test_an_unknown_charset_is_refused(public, url):
    response = public.post_raw(url, "{}", content_type="application/json; charset=klingon")

    assert response.status_code == 400


@pytest.mark.parametrize("url", POST_URLS)
def test_a_form_encoded_body_is_unsupported(public, url):
    response = public.post_raw(url, "facts=1", content_type="application/x-www-form-urlencoded")

    assert response.status_code == 415


@pytest.mark.parametrize("url", POST_URLS)
def test_an_unknown_top_level_key_is_refused_by_name(public, url):
    response = public.post(url, {**BODIES[url], "sneaky": 1})

    assert response.status_code == 400
    assert response.json() == {"sneaky": ["Unknown field."]}


@pytest.mark.parametrize("url", POST_URLS)
@pytest.mark.parametrize("on", ["2027-5-1", "20270501", 20270501, "2027-02-30", "1899-12-31",
                                "2200-01-01", True, ["2027-05-01"], {"y": 2027}])
def test_on_must_be_a_real_date_string_or_null(public, url, on):
    response = public.post(url, {**BODIES[url], "on": on})

    assert response.status_code == 400
    assert list(response.json()) == ["on"]


@pytest.mark.parametrize(("name", "value"), [
    ("horses", "2"),
    ("horses", 2.0),
    ("horses", 2.5),
    ("horses", True),
    ("horses", -1),
    ("horses", 10**12),
    ("horses", 10**300),
    ("horses", [2]),
    ("horses", {"count": 2}),
    ("corral_area_sqft", "6000"),
    ("corral_area_sqft", 1e300),
    ("corral_area_sqft", -0.5),
    ("corral_area_sqft", False),
    ("roof_weatherproof", "true"),
    ("roof_weatherproof", 1),
    ("roof_weatherproof", None),
    ("fence_material", "Wood"),
    ("fence_material", 1),
    ("fence_material", ["wood"]),
    ("shed_sides", 5),
    ("owner_residences", 0),
    ("not_a_fact", 1),
])
def test_a_wrongly_typed_or_unknown_fact_is_refused_naming_it(public, name, value):
    response = public.post(CHECK_URL, {"facts": {**PRIVATE_STABLE_42_FT, name: value}})

    assert response.status_code == 400
    assert response.json().keys() == {"facts"}
    assert list(response.json()["facts"]) == [name]


def test_a_number_too_large_for_a_float_is_refused(public):
    text = '{"facts": {"corral_area_sqft": 1e400}}'

    response = public.post_raw(CHECK_URL, text)

    assert response.status_code == 400
    assert "corral_area_sqft" in response.json()["facts"]


@pytest.mark.parametrize(("name", "value"), [
    ("date_of_birth", "2020-1-15"),
    ("date_of_birth", "2020-02-30"),
    ("date_of_birth", "0001-01-01"),
    ("date_of_birth", "9999-12-31"),
    ("date_of_birth", 20200115),
])
def test_a_malformed_or_far_off_date_fact_is_refused(public, name, value):
    facts = {"date_of_birth": "2020-01-15", "spayed_neutered": True,
             "rabies_vaccination_expires": "2030-01-01", name: value}

    response = public.post("/api/v1/checks/north_andover.dog_license/", {"facts": facts})

    assert response.status_code == 400
    assert list(response.json()["facts"]) == [name]


@pytest.mark.parametrize("start_time", ["7pm", "19:00:00", "25:00", 1900])
def test_a_time_fact_takes_hh_mm(public, start_time):
    facts = {"start_time": start_time, "duration_minutes": 15, "uninterrupted": True,
             "outdoors": True, "repetitive": False, "provoked": False}

    response = public.post("/api/v1/checks/north_andover.noise_complaint/", {"facts": facts})

    assert response.status_code == 400
    assert list(response.json()["facts"]) == ["start_time"]


@pytest.mark.parametrize("facts", [[], "horses=2", 3, None])
def test_facts_must_be_an_object(public, facts):
    response = public.post(CHECK_URL, {"facts": facts})

    assert response.status_code == 400
    assert list(response.json()) == ["facts"]


@pytest.mark.parametrize("value", ["north_andover.dog_license ", 3, None, ["x"], {"code": "x"}])
def test_a_fee_quote_needs_a_permit_type_code_string(public, value):
    response = public.post("/api/v1/fee-quotes/", {**FEE_QUOTE, "permit_type": value})

    assert response.status_code == 400
    assert list(response.json()) == ["permit_type"]


@pytest.mark.parametrize(("name", "value"), [
    ("prior_offenses", "1"), ("prior_offenses", 1.0), ("prior_offenses", -1),
    ("prior_offenses", True), ("days", 0), ("days", "2"), ("units", 0), ("units", [1]),
    ("amount", "lots"), ("amount", -5), ("amount", "1.234"), ("amount", True),
    ("amount", {"value": 5}), ("offense", 7), ("municipality", None),
])
def test_a_wrongly_typed_fine_quote_field_is_refused_naming_it(public, name, value):
    response = public.post("/api/v1/fine-quotes/", {**FINE_QUOTE, name: value})

    assert response.status_code == 400
    assert list(response.json()) == [name]
