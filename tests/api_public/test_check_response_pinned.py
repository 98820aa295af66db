"""POST /checks/{code}/ answers byte for byte what it answered before its response was
built without serializers (issue 24): every finding's key order, types and values."""

import json
from pathlib import Path

import pytest

from tests.law.answers import (
    COASTAL_SEPTIC_NEW_SYSTEM,
    DOG_LICENSE_RENEWAL,
    PRIVATE_STABLE_42_FT,
)

PINNED = Path(__file__).with_name("pinned") / "check_responses.json"

#: name → (check, body): passes, fails with numbers and dates, skipped conditionals.
CASES = {
    "stable_42_ft": ("northborough.private_stable",
                     {"facts": PRIVATE_STABLE_42_FT, "on": "2027-03-01"}),
    "stable_woven_wire_many_horses": ("northborough.private_stable", {"facts": {
        **PRIVATE_STABLE_42_FT, "horses": 9, "fence_material": "woven_wire",
        "fence_opening_in": 6, "fence_height_ft": 3.25, "corral_area_sqft": 1200,
    }, "on": "2026-12-31"}),
    "dog_renewal": ("north_andover.dog_license",
                    {"facts": DOG_LICENSE_RENEWAL, "on": "2027-02-01"}),
    "dog_expired_rabies_kennel": ("north_andover.dog_license", {"facts": {
        **DOG_LICENSE_RENEWAL, "rabies_vaccination_expires": "2026-11-30",
        "spayed_neutered": False, "dogs_at_residence_over_6_months": 5,
    }, "on": "2027-02-01"}),
    "coastal_septic": ("tisbury.coastal_septic",
                       {"facts": COASTAL_SEPTIC_NEW_SYSTEM, "on": "2027-05-02"}),
    "coastal_septic_too_close": ("tisbury.coastal_septic", {"facts": {
        **COASTAL_SEPTIC_NEW_SYSTEM, "distance_to_private_well_ft": 90,
        "separation_to_water_table_ft": 3, "proposed_leaching_area_sqft": 900,
    }, "on": "2027-05-02"}),
}


def answer(public, check: str, body: dict) -> str:
    response = public.post(f"/api/v1/checks/{check}/", body)
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "application/json"
    return response.content.decode()


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_check_answers_exactly_the_pinned_json(public, name):
    check, body = CASES[name]

    assert answer(public, check, body) == json.loads(PINNED.read_text())[name]


def test_the_pinned_answers_fail_some_rules():
    """The pinned cases exercise failed findings with their thresholds, not only passes."""
    pinned = {name: json.loads(text) for name, text in json.loads(PINNED.read_text()).items()}

    assert not pinned["stable_woven_wire_many_horses"]["compliant"]
    assert not pinned["dog_expired_rabies_kennel"]["compliant"]
    assert not pinned["coastal_septic_too_close"]["compliant"]
    outcomes = {finding["outcome"] for body in pinned.values() for finding in body["findings"]}
    assert {"pass", "fail"} <= outcomes


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_published_serializer_describes_the_answer_exactly(public, name):
    """The schema's ``CheckResultSerializer`` would write the very answer the view sends."""
    from rest_framework.renderers import JSONRenderer

    from permits_site.api.public.serializers import CheckRequestSerializer, CheckResultSerializer
    from permits_site.rules.registry import get_rule_set

    check, body = CASES[name]
    rule_set = get_rule_set(check)
    request = CheckRequestSerializer(data=body, context={"rule_set": rule_set})
    assert request.is_valid(), request.errors
    result = rule_set.evaluate(request.validated_data["facts"], on=request.validated_data["on"])
    written = JSONRenderer().render(CheckResultSerializer(result).data).decode()

    assert written == answer(public, check, body)


def test_the_api_resolves_first_and_shadows_no_page():
    """``api/v1/`` leads the URL patterns (fewer patterns tried for each API call); that is
    only the same site if no other pattern could answer a path under ``api/``."""
    from django.urls import URLResolver, get_resolver

    def routes(patterns, prefix=""):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                yield from routes(pattern.url_patterns, route)
            else:
                yield route

    first, *rest = get_resolver().url_patterns
    assert str(first.pattern) == "api/v1/"
    others = list(routes(rest))
    assert others
    assert not [route for route in others if route.startswith(("api", "<", "^(", "^api"))]


def test_the_check_request_fields_are_built_once(public):
    """Each request validates with the same bound fields (no per-request deep copy), and
    a refusal still names the request's own field."""
    from permits_site.api.public.serializers import CheckRequestSerializer

    assert CheckRequestSerializer().fields is CheckRequestSerializer().fields
    response = public.post("/api/v1/checks/north_andover.dog_license/",
                           {"facts": DOG_LICENSE_RENEWAL, "on": "2027-13-01", "extra": 1})
    assert response.status_code == 400
    assert response.json() == {"on": ["Enter a date as YYYY-MM-DD."],
                               "extra": ["Unknown field."]}
