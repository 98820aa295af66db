"""The pages of the Animal Control Officer's records (North Andover Code ch. 60, ACO B(2);
Welfare C, D, G): the call log with its search and monthly report (page and CSV), a call
that becomes a bite record, the Animal Inspector's quarantine order, the dog's page and the
potentially dangerous case listing the bites, vacated property and the Clerk's list of
records past their two years; the officer's menu, the staff homes and the staff search.
Another person's or another town's record answers 404; bad input changes nothing."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from dogs.models import AnimalCall, BiteRecord, QuarantineOrder, VacatedPropertyReport
from permits_site.licensing.page_registry import nav_links
from tests.factories import (
    AnimalCallFactory,
    BiteRecordFactory,
    CaseFactory,
    ImpoundmentFactory,
    QuarantineOrderFactory,
    Role,
    UserFactory,
    VacatedPropertyReportFactory,
    local,
    municipality,
    staff,
)
from tests.page_forms import assert_on_the_page, field_error, post_form

MON_JUNE_8 = dt.date(2026, 6, 8)

pytestmark = pytest.mark.usefixtures("on_monday_june_8")


@pytest.fixture
def inspector(db):
    return staff(Role.INSPECTOR, first_name="Ivy", last_name="Inspector")


@pytest.fixture
def clerk(db):
    return staff(Role.CLERK, first_name="Cleo", last_name="Clerk")


# -- the call log (ACO B(2)) -------------------------------------------------------------

def test_aco_b2_officer_logs_a_call_from_the_page(client, aco):
    client.force_login(aco)
    response = client.post(reverse("dogs:call_new"), {
        "received_at": "2026-06-08T09:15", "kind": "bite", "caller_name": "Robin Caller",
        "place": "Stevens Street playground", "species": "dog", "animal": "Brown shepherd",
        "what_happened": "A dog bit a child."})
    call = AnimalCall.objects.get()
    assert response.status_code == 302 and response.url == reverse("dogs:call", args=[call.pk])
    page = client.get(response.url).content.decode()
    assert "Robin Caller" in page and "June 8, 2028" in page  # kept until: two years


def test_aco_b2_call_without_its_caller_names_the_field_and_saves_nothing(client, aco):
    client.force_login(aco)
    response = client.post(reverse("dogs:call_new"), {
        "received_at": "2026-06-08T09:15", "kind": "bite", "place": "Main Street",
        "species": "dog", "what_happened": "x"})
    assert response.status_code == 400
    assert "caller_name" in response.context["form"].errors
    assert not AnimalCall.objects.exists()


def test_aco_b2_call_not_received_yet_is_refused_on_its_field_and_saves_nothing(client, aco):
    client.force_login(aco)
    response = client.post(reverse("dogs:call_new"), {
        "received_at": "2026-06-08T11:15", "kind": "bite", "caller_name": "Robin Caller",
        "place": "Main Street", "species": "dog", "what_happened": "A dog bit a child."})
    assert response.status_code == 400
    assert "A call cannot be logged before it is received (" in field_error(
        response.content.decode(), "received_at")
    assert not AnimalCall.objects.exists()


def test_aco_b2_call_log_search_and_filter(client, aco):
    AnimalCallFactory(caller_name="Morgan Neighbor", kind="complaint")
    AnimalCallFactory(caller_name="Dana Walker", kind="at_large")
    client.force_login(aco)
    found = client.get(reverse("dogs:calls"), {"q": "neighbor"}).content.decode()
    assert "Morgan Neighbor" in found and "Dana Walker" not in found
    by_kind = client.get(reverse("dogs:calls"), {"kind": "at_large"}).content.decode()
    assert "Dana Walker" in by_kind and "Morgan Neighbor" not in by_kind


def test_aco_b2_call_log_runs_a_fixed_number_of_queries(client, aco,
                                                      django_assert_max_num_queries):
    for _ in range(12):
        AnimalCallFactory()
    client.force_login(aco)
    client.get(reverse("dogs:calls"))
    with django_assert_max_num_queries(12):
        assert client.get(reverse("dogs:calls")).status_code == 200


def test_aco_b2_outcome_with_another_towns_case_is_refused_on_its_field(client, aco):
    call = AnimalCallFactory()
    other = CaseFactory(municipality=municipality("tisbury"))
    client.force_login(aco)
    page = reverse("dogs:call", args=[call.pk])
    response = post_form(client, page, "Record the outcome</button>", {
        "outcome": "Cited", "closed_on": "2026-06-08", "case": other.pk})
    assert response.status_code == 400
    assert_on_the_page(client, response, page)
    assert f"North Andover has no case #{other.pk}." in field_error(
        response.content.decode(), "case")
    call.refresh_from_db()
    assert call.outcome == ""


def test_aco_b2_outcome_links_the_impoundment(client, aco):
    call, intake = AnimalCallFactory(), ImpoundmentFactory()
    client.force_login(aco)
    client.post(reverse("dogs:call", args=[call.pk]), {
        "action": "outcome", "outcome": "Dog impounded", "closed_on": "2026-06-08",
        "impoundment": intake.pk})
    page = client.get(reverse("dogs:call", args=[call.pk])).content.decode()
    assert f"Intake #{intake.pk}" in page


def test_aco_b2_monthly_report_page_and_csv(client, aco):
    AnimalCallFactory(received_at=local(dt.date(2026, 5, 12), 14), caller_name="Robin Caller")
    client.force_login(aco)
    page = client.get(reverse("dogs:calls_report"), {"month": "2026-05"}).content.decode()
    assert "Calls of May 2026" in page and "Animal at large or stray: 1" in page
    response = client.get(reverse("dogs:calls_report_csv"), {"month": "2026-05"})
    assert response["Content-Type"].startswith("text/csv")
    assert 'filename="calls-2026-05.csv"' in response["Content-Disposition"]
    assert "Robin Caller" in response.content.decode()


def test_aco_b2_monthly_report_refuses_a_bad_month(client, aco):
    client.force_login(aco)
    assert client.get(reverse("dogs:calls_report_csv"), {"month": "May"}).status_code == 400


@pytest.mark.parametrize("who", ["resident", "tisbury_officer"])
def test_aco_b2_anyone_else_gets_404_for_a_call(client, db, who):
    call = AnimalCallFactory()
    user = UserFactory() if who == "resident" else staff(Role.ANIMAL_CONTROL_OFFICER, "tisbury")
    client.force_login(user)
    assert client.get(reverse("dogs:call", args=[call.pk])).status_code == 404
    assert client.get(reverse("dogs:bite", args=[BiteRecordFactory().pk])).status_code == 404
    report = VacatedPropertyReportFactory()
    assert client.get(reverse("dogs:vacated_property", args=[report.pk])).status_code == 404


def test_aco_b2_clerk_reads_the_log_but_logs_nothing(client, clerk):
    client.force_login(clerk)
    assert client.get(reverse("dogs:calls")).status_code == 200
    assert client.get(reverse("dogs:call_new")).status_code == 403


# -- bites and quarantine (ACO B(2); Welfare C) -------------------------------------------

def test_aco_b2_call_becomes_a_bite_record_from_its_page(client, aco):
    call = AnimalCallFactory(received_at=local(dt.date(2026, 6, 7), 16), kind="bite")
    client.force_login(aco)
    form = client.get(reverse("dogs:bite_from_call", args=[call.pk]))
    assert form.context["form"].initial["place"] == call.place
    response = client.post(reverse("dogs:bite_from_call", args=[call.pk]), {
        "bitten_on": "2026-06-07", "place": call.place, "species": "dog",
        "animal": call.animal, "victim": "person", "victim_name": "Casey Child"})
    bite = BiteRecord.objects.get()
    assert response.url == reverse("dogs:bite", args=[bite.pk])
    assert bite.call == call
    assert f"Bite record #{bite.pk}" in client.get(reverse("dogs:call", args=[call.pk])
                                                   ).content.decode()


def test_welfare_c_inspector_orders_quarantine_and_the_page_shows_its_end(client, inspector):
    bite = BiteRecordFactory(bitten_on=dt.date(2026, 6, 7))
    client.force_login(inspector)
    response = client.post(reverse("dogs:bite", args=[bite.pk]), {
        "action": "quarantine",
        "quarantine-issued_on": "2026-06-08", "quarantine-confined_at": "Keeper's house",
        "quarantine-served_to": "Sam Keeper"})
    assert response.status_code == 302
    page = client.get(reverse("dogs:bite", args=[bite.pk])).content.decode()
    assert "June 17, 2026" in page  # ten days after the bite


def test_welfare_c_early_release_is_refused_on_the_bite_records_page(client, inspector):
    order = QuarantineOrderFactory(bite__bitten_on=dt.date(2026, 6, 7),
                                   ends_on=dt.date(2026, 6, 17))
    client.force_login(inspector)
    page = reverse("dogs:bite", args=[order.bite_id])
    response = post_form(client, page, 'name="release-released_on"',
                         {"release-released_on": "2026-06-08"})
    assert response.status_code == 400
    assert_on_the_page(client, response, page)
    on_the_field = field_error(response.content.decode(), "release-released_on")
    assert "runs through June 17, 2026" in on_the_field and "Welfare C(2)" in on_the_field
    order.refresh_from_db()
    assert order.released_on is None


def test_welfare_c_the_officer_cannot_order_a_quarantine(client, aco):
    bite = BiteRecordFactory(bitten_on=dt.date(2026, 6, 7))
    client.force_login(aco)
    response = client.post(reverse("dogs:bite", args=[bite.pk]), {
        "action": "quarantine",
        "quarantine-issued_on": "2026-06-08", "quarantine-confined_at": "Home",
        "quarantine-served_to": "Sam Keeper"})
    assert response.status_code == 400
    assert not QuarantineOrder.objects.exists()


def test_potentially_dangerous_case_opened_from_the_bite_page_lists_the_bite(client, aco, dog):
    bite = BiteRecordFactory(dog=dog, bitten_on=dt.date(2026, 6, 7))
    client.force_login(aco)
    client.post(reverse("dogs:bite", args=[bite.pk]), {"action": "open_case"})
    bite.refresh_from_db()
    case_page = client.get(reverse("dogs:case", args=[bite.case_id])).content.decode()
    assert "Bites on record" in case_page and f"Bite record #{bite.pk}" in case_page


def test_potentially_dangerous_the_dogs_page_lists_its_bites(client, aco, dog):
    bite = BiteRecordFactory(dog=dog)
    client.force_login(aco)
    page = client.get(reverse("dogs:dog_record", args=[dog.pk])).content.decode()
    assert f"Bite record #{bite.pk}" in page


# -- vacated property (Welfare G) --------------------------------------------------------

def test_welfare_g1_vacated_property_recorded_with_its_inspection_day(client, aco):
    client.force_login(aco)
    client.post(reverse("dogs:vacated_property_new"), {
        "address": "40 Chickering Road", "responsible_party": "Lakeside Bank",
        "reason": "foreclosure", "known_vacated_on": "2026-06-04"})
    report = VacatedPropertyReport.objects.get()
    assert report.inspect_by == dt.date(2026, 6, 7)
    page = client.get(reverse("dogs:vacated_property", args=[report.pk])).content.decode()
    assert "June 7, 2026" in page and "Welfare G(6)" in page  # overdue: the penalty shows


def test_welfare_g7_abandoned_animals_linked_to_their_impoundment(client, aco):
    report, intake = VacatedPropertyReportFactory(), ImpoundmentFactory()
    client.force_login(aco)
    client.post(reverse("dogs:vacated_property", args=[report.pk]),
                {"action": "link", "link-impoundment": intake.pk})
    report.refresh_from_db()
    assert report.impoundment == intake


def test_welfare_g7_another_towns_impoundment_is_refused_on_the_reports_page(client, aco):
    report = VacatedPropertyReportFactory()
    elsewhere = ImpoundmentFactory(municipality=municipality("tisbury"))
    client.force_login(aco)
    page = reverse("dogs:vacated_property", args=[report.pk])
    response = post_form(client, page, 'name="link-impoundment"',
                         {"link-impoundment": elsewhere.pk})
    assert response.status_code == 400
    assert_on_the_page(client, response, page)
    assert f"North Andover has no impoundment #{elsewhere.pk}." in field_error(
        response.content.decode(), "link-impoundment")
    report.refresh_from_db()
    assert report.impoundment is None


# -- retention (ACO B(2)) ----------------------------------------------------------------

def test_aco_b2_clerk_sees_records_past_two_years_and_nothing_is_deleted(client, clerk):
    old = BiteRecordFactory(bitten_on=dt.date(2024, 6, 1))
    BiteRecordFactory(bitten_on=dt.date(2024, 6, 9))
    client.force_login(clerk)
    page = client.get(reverse("dogs:retention")).content.decode()
    assert f"Bite #{old.pk}" in page and page.count("Bite #") == 1
    assert BiteRecord.objects.count() == 2


# -- where each user works ---------------------------------------------------------------

def test_the_clerk_and_the_inspector_are_offered_their_entries(db):
    clerk_links = {link.label for link in nav_links(staff(Role.CLERK))}
    inspector_links = {link.label for link in nav_links(staff(Role.INSPECTOR))}
    assert "Records past two years" in clerk_links
    assert "Bite records" in inspector_links


def test_aco_b2_staff_homes_show_open_calls_quarantines_and_retention(client, aco, inspector,
                                                                      clerk):
    AnimalCallFactory(caller_name="Robin Caller")
    QuarantineOrderFactory(bite__bitten_on=dt.date(2026, 6, 7), ends_on=dt.date(2026, 6, 17))
    BiteRecordFactory(bitten_on=dt.date(2024, 1, 5))
    for user, expected in ((aco, "Open calls"), (inspector, "Quarantine orders to release"),
                           (clerk, "Records past their two years")):
        client.force_login(user)
        assert expected in client.get(reverse("staff_home")).content.decode()


def test_aco_b2_staff_search_finds_calls_and_bites(client, aco):
    AnimalCallFactory(caller_name="Morgan Neighbor")
    BiteRecordFactory(victim_name="Casey Morgan")
    client.force_login(aco)
    page = client.get(reverse("search:results"), {"q": "morgan"}).content.decode()
    assert "Robin" not in page
    assert "Morgan Neighbor" in page and "Casey Morgan" in page


@pytest.mark.parametrize("url_name", ["dogs:bites", "dogs:vacated_properties",
                                      "dogs:retention", "dogs:calls_report"])
def test_aco_b2_record_lists_run_a_fixed_number_of_queries(client, clerk, url_name,
                                                         django_assert_max_num_queries):
    def add_rows():
        for _ in range(6):
            QuarantineOrderFactory(bite__bitten_on=dt.date(2024, 1, 8))
            VacatedPropertyReportFactory(known_vacated_on=dt.date(2024, 1, 8))
            AnimalCallFactory(received_at=local(dt.date(2026, 6, 1), 10))

    client.force_login(clerk)
    add_rows()
    client.get(reverse(url_name))
    with django_assert_max_num_queries(12):
        assert client.get(reverse(url_name)).status_code == 200
    add_rows()
    with django_assert_max_num_queries(12):
        assert client.get(reverse(url_name)).status_code == 200
