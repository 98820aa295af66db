"""The Board of Health's pages and API for orders with clocks (09.7.3, 09.4.8, 09.4.7,
09.5.2): who sees them, the report forms, the refusals on their fields, the list's
queries."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine

from permits_site.enforcement.models import Case
from tests.factories import Role, UserFactory, local, staff
from tests.page_forms import assert_on_the_page, field_error, post_form
from tests.tisbury.support import client_for
from tisbury_regs.health_orders import services as health_orders

MAY_21_2027 = dt.date(2027, 5, 21)


@pytest.fixture(autouse=True)
def _may_21_2027():
    with time_machine.travel(local(MAY_21_2027, 10), tick=False):
        yield


@pytest.fixture
def officer(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "tisbury")


@pytest.fixture
def owner(db):
    return UserFactory(first_name="Olive", last_name="Owner", email="olive@example.org")


def bite_form(**changes) -> dict:
    return {"party_email": "olive@example.org", "animal": "Rex, a beagle",
            "bitten_on": "2027-05-20", "place": "12 Beach Road", "bitten": "", **changes}


def test_a_bite_report_on_the_page_opens_the_quarantine(client, officer, owner):
    client.force_login(officer)
    response = client.post("/tisbury/health/new/bite/", bite_form())
    case = Case.objects.get(case_type=health_orders.ANIMAL_BITE)
    assert response.status_code == 302
    assert response["Location"] == f"/tisbury/health/{case.pk}/"
    page = client.get(response["Location"]).content.decode()
    assert "Monday, May 31, 2027" in page
    assert "$10.00" in page and "Tisbury BOH Reg 09.7.3" in page


def test_an_owner_not_on_file_is_refused_on_the_field(client, officer, owner):
    client.force_login(officer)
    response = client.post("/tisbury/health/new/bite/",
                           bite_form(party_email="nobody@example.org"))
    assert response.status_code == 400
    assert "No person on file has that email." in response.content.decode()
    assert not Case.objects.exists()


def test_an_early_release_is_refused_on_its_field(client, officer, owner):
    case = health_orders.record_bite_report(owner=owner, animal="Rex", bitten_on=MAY_21_2027,
                                            place="12 Beach Road", acting_user=officer)
    client.force_login(officer)
    page = f"/tisbury/health/{case.pk}/"
    response = post_form(client, page, 'name="release-released_on"',
                         {"release-released_on": "2027-05-21"})
    assert response.status_code == 400
    assert_on_the_page(client, response, page)
    assert "may be released from May 31, 2027" in field_error(response.content.decode(),
                                                              "release-released_on")


def test_residents_and_other_towns_staff_see_nothing(client, owner):
    client.force_login(owner)
    assert client.get("/tisbury/health/").status_code == 403
    client.force_login(staff(Role.CLERK, "north_andover"))
    assert client.get("/tisbury/health/").status_code == 403


def test_a_board_member_reads_but_is_not_offered_the_reports(client, officer, owner):
    health_orders.record_bite_report(owner=owner, animal="Rex", bitten_on=MAY_21_2027,
                                     place="12 Beach Road", acting_user=officer)
    client.force_login(staff(Role.BOARD_MEMBER, "tisbury"))
    page = client.get("/tisbury/health/").content.decode()
    assert "Olive Owner" in page and "Record an animal bite report" not in page
    assert client.get("/tisbury/health/new/bite/").status_code == 403


@pytest.mark.parametrize("count", [2, 10])
def test_the_list_runs_a_fixed_number_of_queries(client, officer, django_assert_num_queries,
                                                 count):
    for number in range(count):
        health_orders.record_bite_report(owner=UserFactory(), animal=f"Dog {number}",
                                         bitten_on=MAY_21_2027, place="1 Main Street",
                                         acting_user=officer)
    client.force_login(officer)
    client.get("/tisbury/health/")  # the session and the town warm up
    with django_assert_num_queries(8):
        response = client.get("/tisbury/health/")
    assert response.content.decode().count(">Case #") == count


def test_the_api_opens_a_quarantine_and_refuses_an_early_release(officer, owner):
    api = client_for(officer)
    created = api.post("/api/v1/health-orders/bite-reports/",
                       {"owner": owner.pk, "animal": "Rex", "bitten_on": "2027-05-20",
                        "place": "12 Beach Road"}, format="json")
    assert created.status_code == 201, created.content
    body = created.json()
    assert body["order"]["ends_on"] == "2027-05-31"
    assert Decimal(body["citations"][0]["amount_per_offense"]) == Decimal("10.00")
    refused = api.post(f"/api/v1/health-orders/{body['id']}/release/",
                       {"released_on": "2027-05-21"}, format="json")
    assert refused.status_code == 400
    assert "released_on" in refused.json()


def test_the_api_lets_only_case_workers_report(owner):
    api = client_for(staff(Role.BOARD_MEMBER, "tisbury"))
    response = api.post("/api/v1/health-orders/tanks/",
                        {"owner": owner.pk, "tank": "Oil", "address": "3 Main Street",
                         "in_use_on": "2027-05-01"}, format="json")
    assert response.status_code == 403
    assert not Case.objects.exists()


def test_the_api_refuses_the_facility_fine_within_the_24_hours_then_writes_it(owner):
    inspector = staff(Role.INSPECTOR, "tisbury")
    api = client_for(inspector)
    created = api.post("/api/v1/health-orders/facility-warnings/",
                       {"party": owner.pk, "facility": "Owen Park restrooms",
                        "condition": "Toilets blocked"}, format="json").json()
    assert created["order"]["comply_by"] == "2027-05-22"
    assert created["citations"][0]["warning"] is True
    assert api.post(f"/api/v1/health-orders/{created['id']}/fine/", {},
                    format="json").status_code == 400
    with time_machine.travel(local(dt.date(2027, 5, 23), 10), tick=False):
        fined = api.post(f"/api/v1/health-orders/{created['id']}/fine/", {}, format="json")
    assert fined.status_code == 200, fined.content
    assert fined.json()["past_due"] is True
    assert Decimal(fined.json()["citations"][1]["amount_per_offense"]) == Decimal("50.00")


def test_the_api_refuses_a_second_facility_fine_as_an_invalid_transition(owner):
    inspector = staff(Role.INSPECTOR, "tisbury")
    api = client_for(inspector)
    case = health_orders.warn_public_facility(
        party=owner, facility="Owen Park restrooms", condition="Toilets blocked",
        acting_user=inspector)
    fine = f"/api/v1/health-orders/{case.pk}/fine/"
    with time_machine.travel(local(dt.date(2027, 5, 23), 10), tick=False):
        running = api.post(fine, {}, format="json").json()["citations"][1]["id"]
    with time_machine.travel(local(dt.date(2027, 5, 24), 10), tick=False):
        refused = api.post(fine, {}, format="json")
    assert refused.status_code == 400
    assert refused.json() == {"non_field_errors": [
        f"Citation #{running} fines this offense for each day until the party complies: "
        "it counts today already."]}
    assert case.citations.count() == 2  # the warning and the running fine


def test_a_late_tank_notification_is_flagged_on_its_page(client, owner):
    inspector = staff(Role.INSPECTOR, "tisbury")
    case = health_orders.record_new_tank(owner=owner, tank="Oil", address="3 Main Street",
                                         in_use_on=dt.date(2027, 4, 1), acting_user=inspector)
    client.force_login(inspector)
    page = client.get(f"/tisbury/health/{case.pk}/").content.decode()
    assert "Monday, May 3, 2027" in page  # May 1 is a Saturday: the deadline rolls
    assert "Past its last day" in page and "Write the $200 per-day fine" in page
