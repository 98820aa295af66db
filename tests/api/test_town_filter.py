"""``?municipality=CODE`` on the API's lists (api.md, "General"): only that town's records,
and an unknown code is a 400 naming the parameter, wherever it is sent."""

import pytest

from permits_site.parties.services import find_or_create_property
from tests.api.conftest import client_for
from tests.factories import MembershipFactory, Role, municipality

pytestmark = pytest.mark.django_db

LISTS = ["/api/v1/applications/", "/api/v1/permits/", "/api/v1/invoices/",
         "/api/v1/inspections/", "/api/v1/cases/", "/api/v1/staff-roles/",
         "/api/v1/fine-schedules/", "/api/v1/fee-schedules/", "/api/v1/staff/"]

#: Lists only a town's admin reads.
ADMINS_LISTS = ("staff-roles/", "fine-schedules/", "fee-schedules/")


@pytest.mark.parametrize("path", [*LISTS, "/api/v1/checks/"])
def test_an_unknown_town_is_refused_naming_municipality(town_admin, clerk, path):
    caller = client_for(town_admin if path.endswith(ADMINS_LISTS) else clerk)

    response = caller.get(path, {"municipality": "nowhere"})

    assert response.status_code == 400, response.content
    assert response.json() == {"municipality": ["There is no municipality 'nowhere'."]}


def test_an_admin_s_fee_schedules_keep_the_town_asked_for(town_admin):
    """An admin of two towns reads one town's versions at a time."""
    MembershipFactory(user=town_admin, municipality=municipality("tisbury"), role=Role.ADMIN)
    admin = client_for(town_admin)

    def towns(**query) -> set[str]:
        rows = admin.get("/api/v1/fee-schedules/", {"page_size": 500, **query}).json()["results"]
        return {row["permit_type"].split(".")[0] for row in rows}

    assert towns() == {"north_andover", "tisbury"}
    assert towns(municipality="tisbury") == {"tisbury"}
    assert towns(municipality="north_andover") == {"north_andover"}


def test_the_catalogue_lists_the_checks_of_the_town_asked_for(api):
    every = api.get("/api/v1/checks/").json()

    tisbury = api.get("/api/v1/checks/", {"municipality": "tisbury"}).json()

    assert tisbury == [check for check in every if check["municipality"] == "tisbury"]
    assert 0 < len(tisbury) < len(every)


def test_an_applicant_s_list_keeps_the_town_asked_for(resident_api, resident, draft):
    place = find_or_create_property(municipality=municipality("tisbury"),
                                    address="8 Beach Road", acting_user=resident)[0]
    dumpster = resident_api.post("/api/v1/applications/", {
        "permit_type": "tisbury.temporary_dumpster", "action": "new",
        "details": {"start_date": "2027-03-01", "end_date": "2027-03-15",
                    "property": place.pk}}, format="json")
    assert dumpster.status_code == 201, dumpster.json()

    def listed(**query):
        return [row["id"] for row in
                resident_api.get("/api/v1/applications/", query).json()["results"]]

    assert sorted(listed()) == sorted([draft.pk, dumpster.json()["id"]])
    assert listed(municipality="tisbury") == [dumpster.json()["id"]]
    assert listed(municipality="north_andover") == [draft.pk]
