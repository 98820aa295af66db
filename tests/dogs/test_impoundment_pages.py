"""The impoundment pages, the API at ``/api/v1/impoundments/`` and the public "found a
dog?" page (North Andover Code ch. 60, Impoundment; ACO B(2))."""

from __future__ import annotations

import datetime as dt
import html
import re
from decimal import Decimal

import pytest
from django.core import mail
from django.core.cache import cache
from django.urls import reverse

from dogs.impoundment import found
from dogs.impoundment.services import invoice_fees, record_intake
from dogs.models import Impoundment, ImpoundmentStatus
from permits_site.licensing.services.payments import record_payment
from tests.factories import DogTagFactory, PermitFactory, Role, staff

THU_JUNE_4 = dt.date(2026, 6, 4)
TAG = 417

pytestmark = pytest.mark.usefixtures("on_monday_june_8")


@pytest.fixture
def tagged_dog(dog):
    DogTagFactory(permit=PermitFactory(application__applicant=dog.owner), dog=dog,
                  year=2026, number=TAG)
    return dog


def intake(aco, town, day=THU_JUNE_4, **fields) -> Impoundment:
    return record_intake(municipality=town, impounded_on=day, acting_user=aco,
                         description="Beagle, tricolor, female", **fields)


def act(client, record, action: str, data: dict | None = None):
    """Post one of the record page's forms: to the page, naming its action."""
    return client.post(reverse("dogs:impoundment", args=[record.pk]),
                       {"action": action, **(data or {})})


# -- The list -----------------------------------------------------------------------------

@pytest.mark.parametrize("rows", [2, 10])
def test_the_list_takes_the_same_queries_whatever_the_rows(client, aco, north_andover,
                                                           tagged_dog, rows,
                                                           django_assert_num_queries):
    for number in range(rows):
        intake(aco, north_andover, day=dt.date(2026, 4, 1) + dt.timedelta(days=number),
               tag_number=str(TAG))
    client.force_login(aco)
    client.get(reverse("dogs:impoundments"))  # the session and the town warm up
    with django_assert_num_queries(8):
        response = client.get(reverse("dogs:impoundments"))
    assert response.status_code == 200
    assert len(response.context["rows"]) == rows


def test_the_list_shows_forwarding_overdue_for_the_officer(client, aco, north_andover):
    late = intake(aco, north_andover, day=dt.date(2026, 5, 1))  # due by Mon June 1
    intake(aco, north_andover, day=THU_JUNE_4)
    client.force_login(aco)
    response = client.get(reverse("dogs:impoundments"))
    assert [record for record, _ in response.context["overdue"]] == [late]
    assert "due to the Clerk by June 1, 2026" in response.content.decode()


def test_a_resident_cannot_see_impoundments(client, resident):
    client.force_login(resident)
    assert client.get(reverse("dogs:impoundments")).status_code == 403


# -- Intake and the record page --------------------------------------------------------------

def test_the_officer_records_an_intake_and_the_tag_finds_the_owner(
        client, aco, north_andover, tagged_dog, django_capture_on_commit_callbacks):
    client.force_login(aco)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(reverse("dogs:impoundment_new"), {
            "impounded_on": "2026-06-08", "species": "dog", "basis": "picked_up",
            "description": "Beagle, tricolor", "found_at": "Elm Street",
            "tag_number": str(TAG), "picked_up": "on"})
    record = Impoundment.objects.get()
    assert response.url == reverse("dogs:impoundment", args=[record.pk])
    assert record.dog == tagged_dog
    assert mail.outbox[0].to == [tagged_dog.owner.email]
    page = client.get(response.url).content.decode()
    assert "June 15, 2026" in page  # held through
    assert "Due by July 8, 2026" in page  # forwarded to the Clerk by


def test_town_property_before_the_hold_ends_is_refused_on_the_page(client, aco,
                                                                 north_andover):
    record = intake(aco, north_andover)
    client.force_login(aco)
    response = act(client, record, "town_property")
    assert response.status_code == 400
    assert "held through June 11, 2026" in response.content.decode()
    record.refresh_from_db()
    assert record.status == ImpoundmentStatus.HELD


def test_release_at_the_counter_after_rabies_proof_and_payment(client, aco, clerk,
                                                              north_andover, tagged_dog):
    record = intake(aco, north_andover, tag_number=str(TAG))
    client.force_login(aco)
    refused = act(client, record, "release")
    assert "Record a current rabies vaccination certificate" in refused.content.decode()
    act(client, record, "rabies", {
        "rabies-rabies_certificate": "NAV-2291, Dr. Lee",
        "rabies-rabies_valid_through": "2027-05-01"})
    act(client, record, "invoice")
    record.refresh_from_db()
    client.force_login(clerk)
    act(client, record, "pay_fees", {
        "pay_fees-method": "cash", "pay_fees-reference": "R-77",
        "pay_fees-amount": str(record.fee_invoice.total)})
    record.refresh_from_db()
    assert record.fee_invoice.is_paid
    clerk_page = client.get(reverse("dogs:impoundment", args=[record.pk])).content.decode()
    assert "Release to the owner</button>" not in clerk_page  # the Clerk only reads
    client.force_login(aco)
    act(client, record, "release")
    record.refresh_from_db()
    assert record.status == ImpoundmentStatus.RELEASED


def posted_form(page: str, section: str) -> tuple[str, dict[str, str]]:
    """Where the browser posts the form of the page's section ``section``, and the hidden
    fields it sends."""
    form = re.search(rf'<section[^>]*id="{section}".*?<form[^>]*action="([^"]*)"(.*?)</form>',
                     page, re.S)
    hidden = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"',
                             form.group(2)))
    hidden.pop("csrfmiddlewaretoken", None)
    return html.unescape(form.group(1)), hidden


def test_a_refused_release_leaves_the_browser_on_the_records_own_page(
        client, aco, north_andover, tagged_dog):
    record = intake(aco, north_andover, tag_number=str(TAG))
    client.force_login(aco)
    page_url = reverse("dogs:impoundment", args=[record.pk])
    address, fields = posted_form(client.get(page_url).content.decode(), "release")

    refused = client.post(address, fields)

    assert refused.status_code == 400
    assert ("Record a current rabies vaccination certificate (North Andover Code ch. 60, "
            "Impoundment C).") in refused.content.decode()
    assert ("The pick-up, impound and boarding fees must be paid first (North Andover Code "
            "ch. 60, Impoundment C).") in refused.content.decode()
    again = client.get(address)  # a reload, or coming back to it
    assert again.status_code == 200
    assert f"Intake #{record.pk}" in again.content.decode()
    record.refresh_from_db()
    assert record.status == ImpoundmentStatus.HELD


@pytest.mark.parametrize("action", ["erase", ""])
def test_a_post_naming_no_action_of_the_record_page_is_no_such_action(
        client, aco, north_andover, tagged_dog, action):
    record = intake(aco, north_andover, tag_number=str(TAG))
    client.force_login(aco)

    assert act(client, record, action).status_code == 404
    record.refresh_from_db()
    assert record.status == ImpoundmentStatus.HELD


def test_another_towns_officer_may_not_act_on_the_record(client, aco, north_andover,
                                                         tagged_dog):
    record = intake(aco, north_andover, tag_number=str(TAG))
    client.force_login(staff(Role.ANIMAL_CONTROL_OFFICER, "tisbury"))

    assert act(client, record, "town_property").status_code in (403, 404)
    record.refresh_from_db()
    assert record.status == ImpoundmentStatus.HELD


def input_named(page: str, name: str) -> str:
    return re.search(rf'<input[^>]*name="{name}"[^>]*>', page).group(0)


def test_the_payment_form_starts_at_the_balance_due(client, aco, clerk, north_andover,
                                                    tagged_dog):
    record = intake(aco, north_andover, tag_number=str(TAG))
    invoice = invoice_fees(impoundment=record, acting_user=aco)
    record_payment(invoice=invoice, method="cash", reference="R-76", amount=Decimal("5.00"),
                   acting_user=clerk)
    balance = invoice.total - Decimal("5.00")
    client.force_login(clerk)
    page = client.get(reverse("dogs:impoundment", args=[record.pk])).content.decode()
    assert f'value="{balance}"' in input_named(page, "pay_fees-amount")

    act(client, record, "pay_fees", {
        "pay_fees-method": "cash", "pay_fees-reference": "R-77",
        "pay_fees-amount": input_value(page, "pay_fees-amount")})
    invoice.refresh_from_db()
    assert invoice.is_paid


def input_value(page: str, name: str) -> str:
    return re.search(r'value="([^"]*)"', input_named(page, name)).group(1)


# -- The API ------------------------------------------------------------------------------------

def test_the_api_records_an_intake_and_refuses_town_property_during_the_hold(
        api, aco, north_andover, tagged_dog):
    api.force_authenticate(aco)
    created = api.post("/api/v1/impoundments/", {
        "impounded_on": "2026-06-04", "description": "Beagle", "tag_number": str(TAG)},
        format="json")
    assert created.status_code == 201
    body = created.json()
    assert body["owner"]["email"] == tagged_dog.owner.email
    assert body["dates"]["hold_ends"] == "2026-06-11"
    assert body["dates"]["forward_by"] == "2026-07-06"
    refused = api.post(f"/api/v1/impoundments/{body['id']}/town-property/", {},
                       format="json")
    assert refused.status_code == 400
    assert "Impoundment E" in refused.json()["status"][0]


def test_the_api_hides_impoundments_from_residents(api, resident):
    api.force_authenticate(resident)
    assert api.get("/api/v1/impoundments/").status_code == 403


# -- Found a dog? ----------------------------------------------------------------------------

@pytest.fixture
def fresh_limits():
    cache.clear()
    yield
    cache.clear()


def report(client, north_andover, tag):
    return client.post(reverse("dogs:found_dog"), {
        "town": north_andover.pk, "tag_number": tag, "species": "dog",
        "description": "Beagle, tricolor", "found_at": "Elm Street", "finder_name": "Fay Finder",
        "message": "Safe in my yard.", "finder_contact": "978-555-0199"})


def without_token(page: str) -> str:
    """The page without its form token and the report's own number (every report has one,
    whatever its tag)."""
    page = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "", page)
    return re.sub(r"#\d+\.", "#N.", page)


def test_the_found_page_answers_the_same_whether_or_not_the_tag_exists(
        client, north_andover, tagged_dog, fresh_limits, django_capture_on_commit_callbacks):
    assert client.get(reverse("dogs:found_dog")).status_code == 200
    with django_capture_on_commit_callbacks(execute=True):
        known = report(client, north_andover, str(TAG))
        unknown = report(client, north_andover, "9999")
    assert known.status_code == unknown.status_code == 200
    assert without_token(known.content.decode()) == without_token(unknown.content.decode())
    assert found.SAME_ANSWER in known.content.decode()
    owner = tagged_dog.owner
    assert owner.last_name not in known.content.decode()
    assert owner.email not in known.content.decode()
    [email] = mail.outbox
    assert "Safe in my yard." in email.body and "978-555-0199" in email.body


def test_the_found_page_limits_reports_per_address(client, north_andover, fresh_limits):
    for _ in range(found.REPORTS_PER_HOUR):
        assert report(client, north_andover, "1").status_code == 200
    limited = report(client, north_andover, "1")
    assert limited.status_code == 429
    assert "try again later" in limited.content.decode()
