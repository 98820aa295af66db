"""GET /permit-types/, POST /fee-quotes/ and POST /fine-quotes/ (api.md, Public)."""

import datetime as dt

import pytest
import time_machine


def permit_types(public, **params):
    return public.get("/api/v1/permit-types/", params)


def test_a_towns_permit_types_name_their_authority_term_check_and_actions(public):
    response = permit_types(public, municipality="northborough")

    assert response.status_code == 200
    by_code = {permit_type["code"]: permit_type for permit_type in response.json()}
    assert set(by_code) == {"northborough.horse_registration", "northborough.private_stable",
                            "northborough.public_stable"}
    private = by_code["northborough.private_stable"]
    assert private == {
        "code": "northborough.private_stable",
        "municipality": "northborough",
        "name": "Private Stable Permit",
        "authority": "Board of Health",
        "term": private["term"],
        "check": "northborough.private_stable",
        "actions": ["new", "renewal", "transfer"],
        "purposes": ["keep_horses"],
    }
    assert private["term"]
    assert by_code["northborough.horse_registration"]["check"] is None


def test_without_a_town_every_towns_permit_types_are_listed(public):
    towns = {permit_type["municipality"] for permit_type in permit_types(public).json()}

    assert towns == {"north_andover", "northborough", "tisbury"}


def test_an_unknown_town_is_refused_naming_municipality(public):
    response = permit_types(public, municipality="springfield")

    assert response.status_code == 400
    assert list(response.json()) == ["municipality"]


def test_permit_types_take_a_fixed_number_of_queries(public, django_assert_num_queries):
    with django_assert_num_queries(1):
        permit_types(public)


# -- Fee quotes -------------------------------------------------------------------


def fee_quote(public, **body):
    return public.post("/api/v1/fee-quotes/", body)


def test_a_neutered_dogs_license_costs_10_dollars_licenses_a9(public):
    response = fee_quote(public, permit_type="north_andover.dog_license", action="new",
                         facts={"spayed_neutered": True}, on="2027-02-10")

    assert response.status_code == 200
    assert response.json() == {
        "permit_type": "north_andover.dog_license",
        "action": "new",
        "on": "2027-02-10",
        "lines": [{"code": "new", "description": "Dog license, spayed or neutered",
                   "amount": "10.00", "citation": "North Andover Code ch. 60, Licenses A(9)"}],
        "total": "10.00",
    }


def test_a_renewal_after_the_rolled_due_date_adds_the_late_fee_licenses_a8(public):
    on_time = fee_quote(public, permit_type="north_andover.dog_license", action="renewal",
                        facts={"spayed_neutered": False}, on="2030-03-04").json()
    late = fee_quote(public, permit_type="north_andover.dog_license", action="renewal",
                     facts={"spayed_neutered": False}, on="2030-03-05").json()

    assert on_time["total"] == "15.00"
    assert [line["code"] for line in late["lines"]] == ["renewal", "late_fee"]
    assert late["total"] == "40.00"


@time_machine.travel(dt.datetime(2027, 4, 2, 12, 0), tick=False)
def test_a_quote_without_facts_or_date_is_priced_today(public):
    response = fee_quote(public, permit_type="northborough.private_stable", action="transfer")

    assert response.json()["on"] == "2027-04-02"
    assert response.json()["total"] == "20.00"


def test_a_missing_quote_fact_is_refused_under_facts(public):
    response = fee_quote(public, permit_type="north_andover.dog_license", action="new")

    assert response.status_code == 400
    assert list(response.json()) == ["facts"]
    assert list(response.json()["facts"]) == ["spayed_neutered"]


def test_a_wrongly_typed_quote_fact_is_refused_under_facts(public):
    response = fee_quote(public, permit_type="north_andover.dog_license", action="new",
                         facts={"spayed_neutered": "true"})

    assert response.status_code == 400
    assert list(response.json()["facts"]) == ["spayed_neutered"]


def test_an_unknown_permit_type_is_refused_naming_permit_type(public):
    response = fee_quote(public, permit_type="north_andover.unicorn_license", action="new")

    assert response.status_code == 400
    assert list(response.json()) == ["permit_type"]


def test_an_action_the_permit_type_lacks_is_refused_naming_action(public):
    response = fee_quote(public, permit_type="tisbury.temporary_food", action="renewal")

    assert response.status_code == 400
    assert list(response.json()) == ["action"]


def test_a_date_before_any_fee_schedule_is_refused_naming_on(public):
    response = fee_quote(public, permit_type="northborough.private_stable", action="new",
                         on="1999-06-01")

    assert response.status_code == 400
    assert list(response.json()) == ["on"]


# -- Fine quotes ------------------------------------------------------------------


def fine_quote(public, **body):
    return public.post("/api/v1/fine-quotes/", body)


def test_a_second_animal_excrement_offense_costs_50_dollars_09_7_1(public):
    response = fine_quote(public, municipality="tisbury", offense="animal_excrement",
                          prior_offenses=1, days=1, units=1, amount=None, on=None)

    assert response.status_code == 200
    body = response.json()
    assert body == {
        "offense": "animal_excrement",
        "offense_number": 2,
        "warning": False,
        "amount_per_offense": "50.00",
        "days": 1,
        "total": "50.00",
        "citation": body["citation"],
    }
    assert "09.7.1" in body["citation"]


def test_a_first_waterfowl_feeding_offense_is_a_written_warning_09_9_17(public):
    body = fine_quote(public, municipality="tisbury", offense="feeding_waterfowl").json()

    assert body["warning"] is True
    assert body["total"] == "0.00"
    assert body["offense_number"] == 1


def test_a_fuel_storage_violation_is_fined_each_day_09_4_7(public):
    body = fine_quote(public, municipality="tisbury", offense="fuel_storage", days=3).json()

    assert body["amount_per_offense"] == "200.00"
    assert body["days"] == 3
    assert body["total"] == "600.00"


def test_living_aboard_a_boat_is_priced_by_the_officer_per_boat_and_day_09_4_10(public):
    body = fine_quote(public, municipality="tisbury", offense="living_aboard_boat",
                      amount="150.00", units=2, days=2).json()

    assert body["total"] == "600.00"


@pytest.mark.parametrize(("body", "field"), [
    ({"offense": "littering", "days": 2}, "days"),
    ({"offense": "littering", "units": 2}, "units"),
    ({"offense": "littering", "amount": "60.00"}, "amount"),
    ({"offense": "living_aboard_boat"}, "amount"),
    ({"offense": "living_aboard_boat", "amount": "301.00"}, "amount"),
    ({"offense": "illegal_parking"}, "offense"),
])
def test_a_fine_quote_the_schedule_does_not_allow_is_refused_naming_the_field(
    public, body, field
):
    response = fine_quote(public, municipality="tisbury", **body)

    assert response.status_code == 400
    assert field in response.json()


@pytest.mark.parametrize("amount", ["1e2", "1E2", 100, 100.5, "100.001", " 100.00", "0x64",
                                    "100.", "Infinity"])
def test_an_amount_is_a_decimal_string_with_at_most_two_places(public, amount):
    response = fine_quote(public, municipality="northborough",
                          offense="stable_regulation_violation", amount=amount)

    assert response.status_code == 400
    assert list(response.json()) == ["amount"]


def test_an_amount_in_dollars_and_cents_is_quoted(public):
    response = fine_quote(public, municipality="northborough",
                          offense="stable_regulation_violation", amount="100")

    assert response.json()["amount_per_offense"] == "100.00"


@pytest.mark.parametrize(("field", "most"), [("prior_offenses", 1000), ("days", 3660),
                                             ("units", 10_000)])
def test_a_count_of_a_fine_quote_is_bounded_above_naming_it(public, field, most):
    """``prior_offenses`` is bounded like ``days`` and ``units``: 10**20 is no record."""
    response = fine_quote(public, municipality="tisbury", offense="fuel_storage",
                          **{field: 10**20})

    assert response.status_code == 400
    assert list(response.json()) == [field]
    assert fine_quote(public, municipality="tisbury", offense="fuel_storage",
                      **{field: most + 1}).status_code == 400


def test_a_thousand_earlier_offenses_are_quoted_as_a_later_offense(public):
    response = fine_quote(public, municipality="tisbury", offense="animal_excrement",
                          prior_offenses=1000)

    assert response.status_code == 200
    assert response.json()["offense_number"] == 1001


@pytest.mark.parametrize("dogs", [-5, -1])
def test_a_negative_kennel_count_is_no_count_at_all(public, dogs):
    """Too few dogs for a kennel gets the law's sentence; a negative number is no count."""
    response = fee_quote(public, permit_type="north_andover.kennel_license", action="new",
                         facts={"dogs": dogs})

    assert response.status_code == 400
    assert response.json() == {"facts": {"dogs": ["Must be 0 or more."]}}


def test_too_few_dogs_for_a_kennel_still_gets_the_law_s_sentence(public):
    response = fee_quote(public, permit_type="north_andover.kennel_license", action="new",
                         facts={"dogs": 3})

    assert "No kennel license is needed" in response.json()["facts"]["dogs"][0]


def test_an_unknown_town_is_refused_naming_municipality_in_a_fine_quote(public):
    response = fine_quote(public, municipality="springfield", offense="littering")

    assert response.status_code == 400
    assert list(response.json()) == ["municipality"]


def test_a_fine_quote_needs_a_town_and_an_offense(public):
    response = public.post("/api/v1/fine-quotes/", {})

    assert response.status_code == 400
    assert set(response.json()) == {"municipality", "offense"}
