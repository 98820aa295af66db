"""A request body's unknown field is refused by name and changes nothing (docs/api/index.md,
Conventions): a permit's ``suspend/``, ``reinstate/`` and ``revoke/``, its issue, a payment,
a document's review and an application's determination. (The dog officer's bodies are
tested in ``tests/dogs``.)"""

from __future__ import annotations

import pytest

from permits_site.licensing.services.permits import change_permit_status
from permits_site.parties.services import find_or_create_property
from tests.api.bodyless import assert_unknown_field_refused
from tests.api.conftest import draft_for, with_rabies_proof
from tests.declared import declared_permit_type
from tests.factories import UserFactory, municipality
from tests.lifecycle.test_determinations_and_online import big_party

pytestmark = pytest.mark.django_db


@pytest.fixture
def garden_party(db):
    with declared_permit_type() as permit_type:
        yield permit_type


def permit_change(change: str, *, suspended: bool = False):
    def setup(people):
        permit = people["permit"]
        if suspended:
            change_permit_status(permit=permit, change="suspend", reason="Unpaid fee",
                                 acting_user=people["clerk"])
        return f"/api/v1/permits/{permit.pk}/{change}/", {"reason": "x"}, permit
    return setup


def issue(people):
    application = people["approved"]
    return "/api/v1/permits/", {"application": application.pk}, application


def payment(people):
    invoice = people["submitted"].invoices.get()
    return "/api/v1/payments/", {"invoice": invoice.pk, "method": "cash",
                                 "reference": "R-77", "amount": str(invoice.total)}, invoice


def document_review(people):
    document = with_rabies_proof(draft_for(people["other_dog"]))
    return f"/api/v1/documents/{document.pk}/review/", {"accepted": True}, document


def determination(people):
    host = UserFactory(first_name="Hal", last_name="Host")
    garden = find_or_create_property(municipality=municipality("north_andover"),
                                     address="3 Elm Street", acting_user=host)[0]
    application = big_party(people["api"], host, garden, people["garden_party"])
    return (f"/api/v1/applications/{application.pk}/determinations/",
            {"rule": "garden.1.neighbours", "acceptable": True, "note": "Consulted."},
            application)


#: Each action: the url, a body it would take, and the record it would change.
ACTIONS = {
    "suspend a permit": permit_change("suspend"),
    "reinstate a permit": permit_change("reinstate", suspended=True),
    "revoke a permit": permit_change("revoke"),
    "issue a permit": issue,
    "record a payment": payment,
    "review a document": document_review,
    "determine a finding": determination,
}


@pytest.fixture
def people(request, clerk, api):
    """Built on demand: each action needs only some of these."""

    class People(dict):
        def __missing__(self, name):
            return request.getfixturevalue(name)

    return People(clerk=clerk, api=api)


@pytest.mark.parametrize("action", ACTIONS)
def test_an_unknown_field_is_refused_by_name_and_nothing_changes(people, clerk, action):
    url, body, record = ACTIONS[action](people)

    assert_unknown_field_refused(clerk, url, body, record)
