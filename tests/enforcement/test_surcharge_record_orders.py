"""An order to correct violations as a surcharge event (Tisbury BOH Reg 09.1.4 "Citation/Order
to Correct Violations", 09.5.1): the town's administrator classifies it, with a reason, on the
order's page or through the API; the newest classification counts on the holder's record;
refusals name their field and change nothing; other staff read it, other towns see a 404."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.db import IntegrityError, transaction
from django.utils import timezone

from permits_site.audit import history_of
from permits_site.enforcement.models import SurchargeClassification
from permits_site.enforcement.services import issue_order, open_case
from permits_site.enforcement.services.surcharges import classify_order_surcharge
from permits_site.enforcement.surcharge_record import recorded_events
from permits_site.exceptions import DomainError
from tests.clients import api_for
from tests.factories import (
    PASSWORD,
    BusinessFactory,
    CitationFactory,
    Role,
    municipality,
    permit_type,
    staff,
)

pytestmark = pytest.mark.django_db

ISSUED_ON = dt.date(2027, 3, 2)
RENEWAL_DAY = dt.date(2027, 6, 14)


def at(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=False)


@pytest.fixture
def officer(db):
    return staff(Role.INSPECTOR, "tisbury", username="ivy")


@pytest.fixture
def admin(db):
    return staff(Role.ADMIN, "tisbury", username="ada")


@pytest.fixture
def hauler(db):
    return BusinessFactory(legal_name="Island Hauling LLC")


def ordered(business, officer, *, town: str = "tisbury"):
    with at(ISSUED_ON):
        case = open_case(municipality=municipality(town), case_type="tisbury.health_violation",
                         party=None, party_business=business, party_name=business.legal_name,
                         address="1 Main Street", complaint="Septage spilled at the curb.",
                         received_on=timezone.localdate(), acting_user=officer)
        return issue_order(case=case, text="Clean the spill and disinfect the curb.",
                           citation="Tisbury BOH Reg 09.1.4", comply_within_days=7,
                           acting_user=officer)


def classified(order, admin, event: str, day: dt.date = dt.date(2027, 3, 3),
               reason: str = "An order to correct violations."):
    with at(day):
        return classify_order_surcharge(order=order, event=event, reason=reason,
                                        acting_user=admin)


def septage_events(business):
    return recorded_events(business=business, permit_type=permit_type("tisbury.septage_handler"),
                           on=RENEWAL_DAY)


# -- the service ------------------------------------------------------------------------------


def test_a_classified_order_is_on_the_holder_s_record_named_with_its_case(
        hauler, officer, admin):
    order = ordered(hauler, officer)
    classified(order, admin, "citation_order")

    [event] = septage_events(hauler)

    assert (event.code, event.on, event.what, event.citation) == (
        "citation_order", ISSUED_ON, f"order #{order.pk} on case #{order.case_id}",
        "Tisbury BOH Reg 09.1.4")
    assert event.url == f"/enforcement/orders/{order.pk}/surcharge/"
    assert any(entry.action == "case.order_surcharge_classified"
               for entry in history_of(order.case))


def test_the_newest_classification_counts(hauler, officer, admin):
    order = ordered(hauler, officer)
    classified(order, admin, "citation_order")
    classified(order, admin, "", day=dt.date(2027, 3, 4), reason="Cleaned before the order.")

    assert septage_events(hauler) == []


def test_an_unclassified_order_or_another_business_s_raises_nothing(hauler, officer, admin):
    ordered(hauler, officer)
    classified(ordered(BusinessFactory(), officer), admin, "citation_order")

    assert septage_events(hauler) == []


@pytest.mark.parametrize(("event", "reason", "field"), [
    ("parking", "Typed.", "event"),
    ("citation_order", "  ", "reason"),
])
def test_a_refused_classification_names_its_field_and_changes_nothing(
        hauler, officer, admin, event, reason, field):
    order = ordered(hauler, officer)

    with pytest.raises(DomainError) as refused:
        classified(order, admin, event, reason=reason)

    assert field in refused.value.errors
    assert not SurchargeClassification.objects.filter(order=order).exists()


def test_the_same_event_twice_is_refused(hauler, officer, admin):
    order = ordered(hauler, officer)
    classified(order, admin, "citation_order")

    with pytest.raises(DomainError) as refused:
        classified(order, admin, "citation_order", day=dt.date(2027, 3, 4))

    assert "event" in refused.value.errors


# -- the page ---------------------------------------------------------------------------------


def test_the_admin_classifies_on_the_order_s_page(client, hauler, officer, admin):
    order = ordered(hauler, officer)
    client.login(username="ada", password=PASSWORD)

    answer = client.post(f"/enforcement/orders/{order.pk}/surcharge/", {
        "surcharge-event": "citation_order", "surcharge-reason": "Order to correct."})

    assert answer.status_code == 302
    page = client.get(f"/enforcement/orders/{order.pk}/surcharge/").content.decode()
    assert "<strong>Now:</strong> citation/order to correct violations" in page
    assert "Order to correct." in page


def test_a_refusal_on_the_page_is_shown_on_its_field(client, hauler, officer, admin):
    order = ordered(hauler, officer)
    client.login(username="ada", password=PASSWORD)

    answer = client.post(f"/enforcement/orders/{order.pk}/surcharge/", {
        "surcharge-event": "citation_order", "surcharge-reason": ""})

    assert answer.status_code == 400
    assert "Say why the order is classified so." in answer.content.decode()
    assert not SurchargeClassification.objects.filter(order=order).exists()


def test_other_staff_read_the_page_but_may_not_classify(client, hauler, officer):
    order = ordered(hauler, officer)
    client.login(username="ivy", password=PASSWORD)

    page = client.get(f"/enforcement/orders/{order.pk}/surcharge/")
    refused = client.post(f"/enforcement/orders/{order.pk}/surcharge/", {
        "surcharge-event": "citation_order", "surcharge-reason": "Mine."})

    assert page.status_code == 200
    assert "Classify the surcharge event" not in page.content.decode()
    assert refused.status_code == 403


def test_another_town_s_staff_get_a_404(client, hauler, officer):
    order = ordered(hauler, officer)
    staff(Role.ADMIN, "north_andover", username="nadia")
    client.login(username="nadia", password=PASSWORD)

    assert client.get(f"/enforcement/orders/{order.pk}/surcharge/").status_code == 404


# -- the API ----------------------------------------------------------------------------------



def test_the_admin_classifies_through_the_api(hauler, officer, admin):
    order = ordered(hauler, officer)

    answer = api_for(admin).post(f"/api/v1/orders/{order.pk}/surcharge-event/",
                                 {"event": "citation_order", "reason": "Order to correct."},
                                 format="json")

    assert answer.status_code == 200, answer.content
    assert answer.json()["surcharge_event"] == "citation_order"


@pytest.mark.parametrize(("body", "field"), [
    ({"event": "parking", "reason": "Typed."}, "event"),
    ({"event": "citation_order", "reason": ""}, "reason"),
])
def test_an_api_refusal_is_a_400_naming_its_field(hauler, officer, admin, body, field):
    order = ordered(hauler, officer)

    answer = api_for(admin).post(f"/api/v1/orders/{order.pk}/surcharge-event/", body,
                                 format="json")

    assert answer.status_code == 400
    assert field in answer.json()


def test_the_api_refuses_other_staff_and_hides_other_towns(hauler, officer):
    order = ordered(hauler, officer)
    body = {"event": "citation_order", "reason": "Mine."}

    assert api_for(officer).post(f"/api/v1/orders/{order.pk}/surcharge-event/", body,
                                 format="json").status_code == 403
    assert api_for(staff(Role.ADMIN, "north_andover")).post(
        f"/api/v1/orders/{order.pk}/surcharge-event/", body, format="json").status_code == 404


def test_a_classification_is_about_exactly_one_record(hauler, officer, admin):
    order = ordered(hauler, officer)
    for about in ({"citation": None, "order": None},
                  {"citation": CitationFactory(), "order": order}):
        with pytest.raises(IntegrityError), transaction.atomic():
            SurchargeClassification.objects.create(event="citation_order", recorded_by=admin,
                                                   **about)
