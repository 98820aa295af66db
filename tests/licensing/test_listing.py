"""Paging, sorting, filtering and searching the clerk's queue, the dashboard and the fee
schedules (issue 13): 25 rows a page, whitelisted parameters, a fixed number of queries."""

import datetime as dt
import re

import pytest
import time_machine
from django.urls import reverse

from permits_site.accounts.models import Role
from permits_site.licensing.models import Application, ApplicationStatus, PermitType
from tests.factories import UserFactory, municipality, staff

pytestmark = pytest.mark.django_db

FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)
#: Kennel licenses list with the core's plain description (no typed details to write).
KENNEL = "north_andover.kennel_license"
#: The same cap at 30 and at 5,000 rows.
QUEUE_QUERY_CAP = 12
BAD_PARAMETERS = ["page=abc", "page=999999", "page=-1", "page=0", "page=" + "9" * 40,
                  "page=1e3", "sort=", "status=", "sort=password",
                  "sort=applicant__password", "status=bogus", "town=../", "permit_type=x' OR 1",
                  "q=" + "%" * 500]


@pytest.fixture(autouse=True)
def _february():
    with time_machine.travel(FEB_2027, tick=False):
        yield


def applications(count, *, code=KENNEL, applicant=None, status=ApplicationStatus.SUBMITTED):
    """``count`` applications in one statement, submitted a day apart, oldest first."""
    permit_type = PermitType.objects.get(code=code)
    applicant = applicant or UserFactory(first_name="Ann", last_name="Applicant")
    start = dt.date(2020, 1, 1)
    return Application.objects.bulk_create([
        Application(municipality=permit_type.municipality, permit_type=permit_type,
                    action="new", applicant=applicant, status=status,
                    submitted_on=start + dt.timedelta(n))
        for n in range(count)
    ])


def get(client, user, name, query=""):
    client.force_login(user)
    response = client.get(f"{reverse(name)}?{query}")
    assert response.status_code == 200
    return response


def queue_pks(response):
    return [row["application"].pk for row in response.context["rows"]]


# -- the clerk's queue --------------------------------------------------------------------


def test_26_applications_make_two_pages_and_the_second_holds_one(client, clerk):
    made = applications(26)

    first = get(client, clerk, "licensing:queue")
    second = get(client, clerk, "licensing:queue", "page=2")

    assert queue_pks(first) == [a.pk for a in made[:25]]
    assert queue_pks(second) == [made[25].pk]
    html = first.content.decode()
    assert '<nav aria-label="Pages of the queue">' in html
    assert 'aria-current="page"><span class="visually-hidden">Page </span>1<' in html
    assert 'href="?page=2"' in html
    assert '<label class="form-label" for="queue-q">' in html
    assert '<label class="form-label" for="queue-sort">Sort by</label>' in html


def test_queue_page_links_keep_the_other_parameters(client, clerk):
    applications(30)

    html = get(client, clerk, "licensing:queue",
               "q=ann&sort=-submitted&status=submitted&page=2").content.decode()

    assert 'href="?q=ann&amp;sort=-submitted&amp;status=submitted"' in html  # back to page 1
    assert re.search(r'aria-current="page">.*2</span>', html)


def test_sorting_the_queue_changes_the_order(client, clerk):
    made = applications(3)

    assert queue_pks(get(client, clerk, "licensing:queue")) == [a.pk for a in made]
    newest = get(client, clerk, "licensing:queue", "sort=-submitted")
    assert queue_pks(newest) == [a.pk for a in reversed(made)]


def test_sorting_the_queue_by_applicant(client, clerk):
    zed = applications(1, applicant=UserFactory(first_name="Zed", last_name="Zimmer"))
    abe = applications(1, applicant=UserFactory(first_name="Abe", last_name="Adams"))

    assert queue_pks(get(client, clerk, "licensing:queue")) == [zed[0].pk, abe[0].pk]
    by_name = get(client, clerk, "licensing:queue", "sort=applicant")
    assert queue_pks(by_name) == [abe[0].pk, zed[0].pk]


def test_searching_the_queue_by_applicant_name(client, clerk):
    applications(5)
    wanted = applications(2, applicant=UserFactory(first_name="Zebulon", last_name="Quist"))

    found = get(client, clerk, "licensing:queue", "q=zebulon")

    assert queue_pks(found) == [a.pk for a in wanted]
    assert "No application matches" in get(client, clerk, "licensing:queue",
                                           "q=nobody").content.decode()


def test_the_queue_search_finds_issued_denied_and_withdrawn_applications(client, clerk):
    quist = UserFactory(first_name="Zebulon", last_name="Quist")
    decided = {status: applications(1, applicant=quist, status=status)[0]
               for status in (ApplicationStatus.ISSUED, ApplicationStatus.DENIED,
                              ApplicationStatus.WITHDRAWN)}

    among_open = get(client, clerk, "licensing:queue", "q=quist")
    assert queue_pks(among_open) == []
    assert "q=quist&amp;status=all" in among_open.content.decode()
    everywhere = get(client, clerk, "licensing:queue", "q=quist&status=all")
    assert set(queue_pks(everywhere)) == {a.pk for a in decided.values()}
    denied = get(client, clerk, "licensing:queue", "q=quist&status=denied")
    assert queue_pks(denied) == [decided[ApplicationStatus.DENIED].pk]


def test_filtering_the_queue_by_status_and_permit_type(client):
    tisbury_clerk = staff(Role.CLERK, "tisbury")
    dumpsters = applications(2, code="tisbury.dumpster")
    camp = applications(1, code="tisbury.campground", status=ApplicationStatus.UNDER_REVIEW)

    everything = get(client, tisbury_clerk, "licensing:queue")
    assert set(queue_pks(everything)) == {a.pk for a in dumpsters + camp}
    typed = get(client, tisbury_clerk, "licensing:queue", "permit_type=tisbury.dumpster")
    assert set(queue_pks(typed)) == {a.pk for a in dumpsters}
    reviewing = get(client, tisbury_clerk, "licensing:queue", "status=under_review&town=tisbury")
    assert queue_pks(reviewing) == [camp[0].pk]


def test_the_queue_offers_only_the_reviewers_towns(client, clerk):
    applications(1, code="tisbury.dumpster")

    response = get(client, clerk, "licensing:queue", "town=tisbury")

    assert queue_pks(response) == []
    assert response.context["listing"].selected["town"] == ""


@pytest.mark.parametrize("query", BAD_PARAMETERS)
def test_bad_queue_parameters_answer_200_with_the_default(client, clerk, query):
    made = applications(30)

    response = get(client, clerk, "licensing:queue", query)

    listing = response.context["listing"]
    assert listing.sort == "submitted"
    assert listing.selected["status"] == "open"
    if query.startswith("page=9"):
        assert queue_pks(response) == [a.pk for a in made[25:]]
    elif not query.startswith("q="):
        assert queue_pks(response) == [a.pk for a in made[:25]]


@pytest.mark.parametrize("rows", [30, 5000])
def test_the_queue_runs_the_same_queries_at_30_and_5000_rows(
    client, clerk, django_assert_max_num_queries, rows
):
    applications(rows)
    client.force_login(clerk)

    with django_assert_max_num_queries(QUEUE_QUERY_CAP):
        response = client.get(reverse("licensing:queue"), {"page": 2, "sort": "applicant"})

    assert response.status_code == 200
    assert len(queue_pks(response)) == min(25, rows - 25)
    assert response.context["listing"].page.paginator.count == rows


# -- the dashboard ------------------------------------------------------------------------


def dashboard_pks(response):
    return [application.pk for application, _ in response.context["applications"]]


def test_26_dashboard_applications_make_two_pages(client, resident):
    made = applications(26, applicant=resident, status=ApplicationStatus.DRAFT)

    first = get(client, resident, "licensing:dashboard")
    second = get(client, resident, "licensing:dashboard", "applications_page=2")

    assert len(dashboard_pks(first)) == 25
    assert dashboard_pks(second) == [made[0].pk]  # newest first: the first made is last
    assert 'href="?applications_page=2"' in first.content.decode()
    assert '<nav aria-label="Pages of applications">' in first.content.decode()


def test_sorting_the_dashboard_applications(client, resident):
    made = applications(3, applicant=resident, status=ApplicationStatus.DRAFT)

    assert dashboard_pks(get(client, resident, "licensing:dashboard")) == [
        a.pk for a in reversed(made)]
    oldest = get(client, resident, "licensing:dashboard", "applications_sort=created")
    assert dashboard_pks(oldest) == [a.pk for a in made]


@pytest.mark.parametrize("query", ["applications_page=abc", "applications_page=999999",
                                   "applications_sort=password", "permits_page=-4",
                                   "invoices_page=x", "permits_sort=holder__password"])
def test_bad_dashboard_parameters_answer_200(client, resident, query):
    applications(30, applicant=resident, status=ApplicationStatus.DRAFT)

    response = get(client, resident, "licensing:dashboard", query)

    assert response.context["applications_listing"].sort == "-created"
    assert len(dashboard_pks(response)) in (25, 5)


@pytest.mark.parametrize("rows", [30, 300])
def test_the_dashboard_runs_the_same_queries(
    client, resident, django_assert_max_num_queries, rows
):
    applications(rows, applicant=resident, status=ApplicationStatus.DRAFT)
    client.force_login(resident)

    with django_assert_max_num_queries(16):
        assert client.get(reverse("licensing:dashboard")).status_code == 200


# -- fee schedules ------------------------------------------------------------------------


def permit_types(count, town="north_andover"):
    place = municipality(town)
    return PermitType.objects.bulk_create([
        PermitType(code=f"{town}.listed_{count - n:03d}", municipality=place,
                   name=f"Listed type {n:03d}", authority="Board", term="One year",
                   citation="§1", number_prefix="LT")
        for n in range(count)
    ])


def type_codes(response):
    return [row["permit_type"].code for row in response.context["rows"]]


def test_26_permit_types_make_two_pages_of_fee_schedules(client, town_admin):
    made = permit_types(26)

    first = get(client, town_admin, "licensing:fee_schedules", "q=listed type")
    second = get(client, town_admin, "licensing:fee_schedules", "q=listed type&page=2")

    assert type_codes(first) == [p.code for p in made[:25]]
    assert type_codes(second) == [made[25].code]
    assert 'href="?q=listed+type&amp;page=2"' in first.content.decode()


def test_sorting_and_searching_fee_schedules(client, town_admin):
    made = permit_types(3)

    found = get(client, town_admin, "licensing:fee_schedules", "q=type 001")
    by_code = type_codes(get(client, town_admin, "licensing:fee_schedules", "sort=code"))

    assert type_codes(found) == [made[1].code]
    assert by_code == sorted(by_code)
    by_name = type_codes(get(client, town_admin, "licensing:fee_schedules", "sort=name"))
    assert [code for code in by_name if ".listed_" in code] == [p.code for p in made]
    assert [code for code in by_code if ".listed_" in code] == [p.code for p in reversed(made)]


@pytest.mark.parametrize("query", ["page=abc", "page=999999", "sort=password", "town=x"])
def test_bad_fee_schedule_parameters_answer_200(client, town_admin, query):
    permit_types(30)

    response = get(client, town_admin, "licensing:fee_schedules", query)

    assert response.context["listing"].sort == "town"
    assert response.context["rows"]


@pytest.mark.parametrize("rows", [30, 300])
def test_the_fee_schedules_run_the_same_queries(
    client, town_admin, django_assert_max_num_queries, rows
):
    permit_types(rows)
    client.force_login(town_admin)

    with django_assert_max_num_queries(12):
        assert client.get(reverse("licensing:fee_schedules")).status_code == 200
