"""The kennel pages (North Andover Code ch. 60, Kennel license B): the roster page with late
reports flagged, the licensee's list, and who sees them; each runs a fixed number of
queries whatever the number of rows."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from dogs.kennels.review import open_kennel_review
from permits_site.parties.services import find_or_create_property
from tests.dogs.kennels import kennel_application
from tests.factories import (
    KennelDogFactory,
    PermitFactory,
    Role,
    UserFactory,
    municipality,
    permit_type,
    staff,
)
from tests.page_forms import assert_on_the_page, field_error, post_form

pytestmark = pytest.mark.django_db
JUNE_10 = dt.datetime(2026, 6, 10, 10, 0)
#: The kennel page's queries, its kennel reviews among them (none here: no hearing is read).
KENNEL_PAGE_QUERIES = 6
KENNEL_LIST_QUERIES = 5


@pytest.fixture(autouse=True)
def on_a_business_day():
    with time_machine.travel(JUNE_10, tick=False):
        yield


def kennel_permit(**fields):
    return PermitFactory(application__permit_type=permit_type("north_andover.kennel_license"),
                         application__facts={"dogs_over_6_months": 6},
                         holder_address="40 Kennel Road, North Andover MA 01845", **fields)


@pytest.fixture
def permit(db):
    return kennel_permit()


@pytest.mark.parametrize("rows", [2, 10])
def test_the_kennel_page_runs_the_same_queries_whatever_the_dogs(client, permit, rows,
                                                                 django_assert_num_queries):
    KennelDogFactory.create_batch(rows, permit=permit)
    client.force_login(permit.holder)

    with django_assert_num_queries(KENNEL_PAGE_QUERIES):
        response = client.get(reverse("dogs:kennel", args=[permit.pk]))

    assert response.content.count(b"<tr data-dog=") == rows


def test_a_late_new_dog_report_is_flagged_with_the_section(client, permit):
    KennelDogFactory(permit=permit, name="Pip", acquired_on=dt.date(2026, 4, 1),
                     report_due=dt.date(2026, 5, 4))
    client.force_login(permit.holder)

    page = client.get(reverse("dogs:kennel", args=[permit.pk])).content.decode()

    assert "Reported late: due by May 4, 2026" in page
    assert "Kennel license B(2)" in page


@pytest.mark.parametrize("rows", [2, 10])
def test_the_licensee_s_kennel_list_runs_the_same_queries_whatever_the_rows(
    client, rows, django_assert_num_queries
):
    holder = UserFactory()
    for _ in range(rows):
        kennel_permit(holder=holder, application__applicant=holder)
    client.force_login(holder)

    with django_assert_num_queries(KENNEL_LIST_QUERIES):
        response = client.get(reverse("dogs:kennels"))

    assert response.content.count(b'href="/dogs/kennels/') == rows


def test_another_resident_gets_no_kennel_page(client, permit):
    client.force_login(UserFactory())

    assert client.get(reverse("dogs:kennel", args=[permit.pk])).status_code == 404


def test_the_review_page_is_for_enforcement_staff(client, permit):
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    review = open_kennel_review(permit=permit, received_on=dt.date(2026, 6, 8),
                                report="Pens not cleaned.", acting_user=aco)
    url = reverse("dogs:kennel_review", args=[review.pk])
    client.force_login(permit.holder)
    refused = client.get(url)
    client.force_login(aco)

    page = client.get(url).content.decode()

    assert refused.status_code == 404
    assert "Due by Thursday, June 18, 2026" in page
    assert "Record the notice" not in page  # the hearing authority's form


def test_a_refused_dog_is_shown_on_the_kennels_page(client, permit):
    client.force_login(permit.holder)
    page = reverse("dogs:kennel", args=[permit.pk])

    refused = post_form(client, page, 'name="dog-name"', {
        "dog-name": "Pip", "dog-breed": "Whippet", "dog-rabies_valid_through": "2020-01-01"})

    assert refused.status_code == 400
    assert_on_the_page(client, refused, page)
    assert "January 1, 2020" in field_error(refused.content.decode(),
                                            "dog-rabies_valid_through")
    assert not permit.kennel_dogs.exists()


def test_a_refused_report_is_shown_on_the_kennels_page(client, permit):
    client.force_login(staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover"))
    page = reverse("dogs:kennel", args=[permit.pk])

    refused = post_form(client, page, 'name="report-report"', {
        "report-received_on": "2026-06-08", "report-report": ""})

    assert refused.status_code == 400
    assert_on_the_page(client, refused, page)
    assert "This field is required." in field_error(refused.content.decode(), "report-report")
    assert not permit.cases.exists()


def test_refused_steps_are_shown_on_the_review_page(client, permit):
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    review = open_kennel_review(permit=permit, received_on=dt.date(2026, 6, 8),
                                report="Pens not cleaned.", acting_user=aco)
    page = reverse("dogs:kennel_review", args=[review.pk])
    client.force_login(aco)
    no_name = post_form(client, page, 'name="party-name"', {
        "party-role": "abutter", "party-name": "", "party-mailing_address": "1 Elm St"})
    client.force_login(staff(Role.HEARING_AUTHORITY, "north_andover"))
    early_notice = post_form(client, page, 'name="hearing-notice_sent_on"', {
        "hearing-notice_sent_on": "2026-06-01", "hearing-hearing_date": "2026-06-25"})

    for refused in (no_name, early_notice):
        assert refused.status_code == 400
        assert_on_the_page(client, refused, page)
    assert "This field is required." in field_error(no_name.content.decode(), "party-name")
    assert "it cannot be dated before June 8, 2026" in field_error(
        early_notice.content.decode(), "hearing-notice_sent_on")
    assert not review.hearings.exists()


def test_the_clerk_schedules_the_animal_inspector_from_the_review_screen(client, clerk,
                                                                          resident):
    site, _ = find_or_create_property(municipality=municipality("north_andover"),
                                      address="40 Kennel Road", acting_user=resident)
    application = kennel_application(resident, site)
    inspector = staff(Role.INSPECTOR, "north_andover", first_name="Ina", last_name="Inspector")
    url = reverse("dogs:kennel_inspection_schedule", args=[application.pk])
    client.force_login(resident)
    refused = client.post(url, {"kennel-inspector": inspector.pk,
                                "kennel-scheduled_for": "2026-06-11"})
    client.force_login(clerk)
    review = client.get(reverse("licensing:review", args=[application.pk])).content.decode()
    missing = client.post(url, {"kennel-scheduled_for": "2026-06-11"}, follow=True)

    client.post(url, {"kennel-inspector": inspector.pk, "kennel-scheduled_for": "2026-06-11"})

    assert refused.status_code == 404
    assert "Schedule the inspection" in review
    assert "Choose the inspector." in missing.content.decode()
    visit = application.inspections.get()
    assert (visit.inspector, visit.scheduled_for, visit.check_code) == (
        inspector, dt.date(2026, 6, 11), "north_andover.kennel_inspection")


def test_the_licensee_reaches_the_roster_from_the_dashboard(client, permit):
    client.force_login(permit.holder)

    page = client.get(reverse("licensing:dashboard")).content.decode()

    assert f'href="{reverse("dogs:kennels")}">Kennel roster' in page
