"""The dog officer's request bodies refuse an unknown field by name (docs/api/index.md,
Conventions): an impoundment's intake and each step of it, its payments, and a finder's
report's follow-up (North Andover Code ch. 60, Impoundment). The refused request changes
nothing."""

from __future__ import annotations

import pytest

from dogs.impoundment import found
from dogs.impoundment.services import declare_town_property
from dogs.models import FoundAnimalReport, Impoundment, Species
from tests.api.bodyless import assert_unknown_field_refused, post_body
from tests.dogs import test_bodyless_actions_api as bodyless
from tests.dogs.test_bodyless_actions_api import goat, impoundment_past_its_hold

pytestmark = pytest.mark.django_db

#: The same day, an empty count of finders' reports, and the same people.
_june_12 = bodyless._june_12
_no_reports_counted = bodyless._no_reports_counted
people = bodyless.people


def impoundment_step(step: str, body: dict, **state: bool):
    def setup(people):
        record = goat(people, **state)
        return f"/api/v1/impoundments/{record.pk}/{step}/", body, record
    return setup


def payment(people):
    record = goat(people, invoiced=True)
    body = {"invoice": "fees", "method": "cash", "reference": f"R-{record.pk}",
            "amount": str(record.fee_invoice.balance())}
    return f"/api/v1/impoundments/{record.pk}/payments/", body, record


def disposition(people):
    url, record = impoundment_past_its_hold(people)
    declare_town_property(impoundment=record, acting_user=people["aco"])
    record.refresh_from_db()
    return (url.replace("town-property", "disposition"),
            {"outcome": "transferred", "note": "To the MSPCA"}, record)


def report_step(step: str, body, *, asked: bool = False):
    """A finder's report of a stray cat; ``body`` may need the people (an impoundment)."""

    def setup(people):
        found.report_found_dog(municipality=people["town"], tag_number="", species=Species.CAT,
                               description="Gray tabby", found_at="12 Elm Street",
                               finder_name="Fay Finder", finder_contact="978-555-0199",
                               message="In my garage.", client_address="203.0.113.7")
        report = FoundAnimalReport.objects.latest("pk")
        if asked:
            found.request_turn_over(report=report, requested_on=report.reported_at.date(),
                                    acting_user=people["aco"])
        return (f"/api/v1/found-reports/{report.pk}/{step}/",
                body(people) if callable(body) else body, report)
    return setup


#: Each action: its url, a body it would take, and the record it would change.
ACTIONS = {
    "identify the owner": impoundment_step("identify", {
        "owner_name": "Farmer Jones Sr.", "owner_contact": "Salem Street farm",
        "identification_note": "Ear tag"}),
    "record a notice": impoundment_step("notices", {
        "notice_method": "phone", "notified_on": "2026-06-05",
        "person_reached": "Farmer Jones"}),
    "record a CORI check": impoundment_step("cori-checks", {
        "person_name": "Ada Adopter", "checked_on": "2026-06-10", "cori_result": "clear"}),
    "record rabies proof": impoundment_step("rabies-proof", {
        "certificate": "RC-1", "valid_through": "2027-06-01"}),
    "record a contract": impoundment_step("contract", {
        "basis": "surrender", "signed_by": "Farmer Jones"}),
    "record a disposition": disposition,
    "record a forwarding": impoundment_step("forwarded", {"on": "2026-06-12"}),
    "take a payment": payment,
    "ask a finder to turn over": report_step("request-turn-over",
                                             {"requested_on": "2026-06-12"}),
    "record a turn-over": report_step(
        "turned-over", lambda people: {"impoundment": goat(people).pk}, asked=True),
    "close a report": report_step("close", {"returned_to_owner": True}),
}


@pytest.mark.parametrize("action", ACTIONS)
def test_an_unknown_field_is_refused_by_name_and_nothing_changes(people, action):
    url, body, record = ACTIONS[action](people)

    assert_unknown_field_refused(people["aco"], url, body, record)


def test_an_intake_with_an_unknown_field_is_refused_by_name_and_records_nothing(people):
    response = post_body(
        people["aco"], "/api/v1/impoundments/",
        b'{"impounded_on": "2026-06-12", "description": "Beagle", "resaon": "y"}',
        "application/json")

    assert response.status_code == 400, response.content
    assert response.json() == {"resaon": ["Unknown field."]}
    assert not Impoundment.objects.exists()
