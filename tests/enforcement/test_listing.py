"""Paging, sorting, filtering and searching inspections, cases and deadlines (issue 13)."""

import datetime as dt
import re

import pytest
from django.urls import reverse

from permits_site.accounts.models import Membership
from permits_site.enforcement.models import Appeal, Case, CaseStatus, Inspection, InspectionStatus
from tests.enforcement.conftest import SANITARY, STABLE_CASE
from tests.factories import Role, municipality, staff

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]

#: The same cap at 30 and at 5,000 rows: the list costs a fixed number of queries.
CASES_QUERY_CAP = 12
BAD_PARAMETERS = ["page=abc", "page=999999", "page=-3", "page=0", "sort=password",
                  "status=bogus", "town=nowhere", "case_type=../../etc", "q=" + "x" * 500]


def cases(count, town, user, **fields):
    """``count`` cases written in one statement, received one day apart, newest last."""
    start = dt.date(2020, 1, 1)
    return Case.objects.bulk_create([
        Case(municipality=town, case_type=STABLE_CASE, party_name=f"Party {n:05d}",
             address=f"{n} Brook Road", complaint="Manure", received_on=start + dt.timedelta(n),
             opened_by=user, **fields)
        for n in range(count)
    ])


def inspections(count, town, inspector, **fields):
    start = dt.date(2027, 6, 8)
    return Inspection.objects.bulk_create([
        Inspection(municipality=town, address=f"{n} Barn Lane", check_code=SANITARY,
                   scheduled_for=start + dt.timedelta(n), inspector=inspector,
                   created_by=inspector, **fields)
        for n in range(count)
    ])


def appeals(count, town, user):
    """``count`` appeals awaiting a decision: one deadlines row each."""
    Appeal.objects.bulk_create([
        Appeal(case=case, filed_on=dt.date(2027, 1, 1) + dt.timedelta(n), grounds="x",
               recorded_by=user)
        for n, case in enumerate(cases(count, town, user))
    ])


def get(client, user, name, query=""):
    client.force_login(user)
    response = client.get(f"{reverse(f'enforcement:{name}')}?{query}")
    assert response.status_code == 200
    return response


def case_pks(response):
    return [case.pk for case, _ in response.context["rows"]]


# -- cases --------------------------------------------------------------------------------


def test_26_cases_make_two_pages_and_the_second_holds_one(client, northborough, nb_clerk):
    made = cases(26, northborough, nb_clerk)

    first = get(client, nb_clerk, "cases")
    second = get(client, nb_clerk, "cases", "page=2")

    assert len(case_pks(first)) == 25
    assert case_pks(second) == [made[0].pk]  # the oldest complaint, last by default
    html = first.content.decode()
    assert '<nav aria-label="Pages of cases">' in html
    assert 'aria-current="page"><span class="visually-hidden">Page </span>1<' in html
    assert 'href="?page=2"' in html


def test_page_links_keep_the_search_sort_and_filters(client, northborough, nb_clerk):
    cases(30, northborough, nb_clerk)

    html = get(client, nb_clerk, "cases", "q=Brook&sort=party&status=all").content.decode()

    links = set(re.findall(r'href="(\?[^"]*page=2[^"]*)"', html))
    assert links == {"?q=Brook&amp;sort=party&amp;status=all&amp;page=2"}


def test_sorting_cases_changes_the_order(client, northborough, nb_clerk):
    made = cases(3, northborough, nb_clerk)

    assert case_pks(get(client, nb_clerk, "cases")) == [c.pk for c in reversed(made)]
    assert case_pks(get(client, nb_clerk, "cases", "sort=received")) == [c.pk for c in made]
    assert case_pks(get(client, nb_clerk, "cases", "sort=party")) == [c.pk for c in made]


def test_searching_cases_narrows_the_rows(client, northborough, nb_clerk):
    made = cases(12, northborough, nb_clerk)

    found = get(client, nb_clerk, "cases", "q=11 brook")

    assert case_pks(found) == [made[11].pk]
    assert "No case matches" in get(client, nb_clerk, "cases", "q=zebra").content.decode()


def test_filtering_cases_by_status_and_town(client, northborough, nb_clerk):
    open_cases = cases(2, northborough, nb_clerk)
    closed = cases(1, northborough, nb_clerk, status=CaseStatus.CLOSED)

    assert set(case_pks(get(client, nb_clerk, "cases"))) == {c.pk for c in open_cases}
    assert case_pks(get(client, nb_clerk, "cases", "status=closed")) == [closed[0].pk]
    assert len(case_pks(get(client, nb_clerk, "cases", "status=all&town=northborough"))) == 3


@pytest.mark.parametrize("query", BAD_PARAMETERS)
def test_bad_case_parameters_fall_back_to_the_default(client, northborough, nb_clerk, query):
    made = cases(30, northborough, nb_clerk)

    response = get(client, nb_clerk, "cases", query)

    listing = response.context["listing"]
    assert listing.sort == "-received"
    assert listing.selected["status"] == "open"
    if query == "page=999999":
        assert case_pks(response) == [c.pk for c in reversed(made[:5])]  # the last page
    elif not query.startswith("q="):
        assert case_pks(response)[0] == made[-1].pk


@pytest.mark.parametrize("rows", [30, 5000])
def test_the_cases_list_runs_the_same_queries_at_30_and_5000_rows(
    client, northborough, nb_clerk, django_assert_max_num_queries, rows
):
    cases(rows, northborough, nb_clerk)
    client.force_login(nb_clerk)

    with django_assert_max_num_queries(CASES_QUERY_CAP):
        response = client.get(reverse("enforcement:cases"), {"page": 2, "sort": "comply_by"})

    assert response.status_code == 200
    assert len(case_pks(response)) == min(25, rows - 25)
    assert response.context["listing"].page.paginator.count == rows


# -- inspections -----------------------------------------------------------------------


def inspection_pks(response, which="upcoming"):
    return [inspection.pk for inspection, _ in response.context[which]]


def test_26_upcoming_inspections_make_two_pages(client, northborough, nb_inspector):
    made = inspections(26, northborough, nb_inspector)

    second = get(client, nb_inspector, "inspections", "upcoming_page=2")

    assert len(inspection_pks(get(client, nb_inspector, "inspections"))) == 25
    assert inspection_pks(second) == [made[-1].pk]


def test_26_closed_inspections_make_two_pages(client, northborough, nb_inspector):
    made = inspections(26, northborough, nb_inspector, status=InspectionStatus.CLOSED,
                       inspected_on=dt.date(2027, 6, 1), result="pass")

    first = get(client, nb_inspector, "inspections")
    second = get(client, nb_inspector, "inspections", "recent_page=2")

    assert len(inspection_pks(first, "recent")) == 25
    assert inspection_pks(second, "recent") == [made[0].pk]
    assert 'href="?recent_page=2"' in first.content.decode()


def test_sorting_and_searching_inspections(client, northborough, nb_inspector):
    made = inspections(3, northborough, nb_inspector)

    assert inspection_pks(get(client, nb_inspector, "inspections")) == [i.pk for i in made]
    latest = get(client, nb_inspector, "inspections", "upcoming_sort=-scheduled")
    assert inspection_pks(latest) == [i.pk for i in reversed(made)]
    assert inspection_pks(get(client, nb_inspector, "inspections", "q=2 barn")) == [made[2].pk]


def test_the_inspections_show_filter_still_narrows_to_mine(client, northborough, nb_inspector,
                                                          nb_clerk):
    inspections(2, northborough, nb_inspector)

    assert inspection_pks(get(client, nb_clerk, "inspections", "show=mine")) == []
    assert len(inspection_pks(get(client, nb_clerk, "inspections"))) == 2


@pytest.mark.parametrize("query", ["upcoming_page=abc", "upcoming_page=999999",
                                   "upcoming_sort=password", "show=everyone", "recent_page=x"])
def test_bad_inspection_parameters_answer_200(client, northborough, nb_inspector, query):
    inspections(30, northborough, nb_inspector)

    response = get(client, nb_inspector, "inspections", query)

    assert response.context["upcoming_listing"].sort == "scheduled"
    assert len(inspection_pks(response)) in (25, 5)


@pytest.mark.parametrize("rows", [30, 300])
def test_the_inspections_list_runs_the_same_queries(
    client, northborough, nb_inspector, django_assert_max_num_queries, rows
):
    inspections(rows, northborough, nb_inspector)
    client.force_login(nb_inspector)

    with django_assert_max_num_queries(14):
        assert client.get(reverse("enforcement:inspections")).status_code == 200


# -- deadlines ----------------------------------------------------------------------------


def deadline_records(response):
    return [row.record for row, _ in response.context["rows"]]


def test_26_deadlines_make_two_pages(client, northborough, nb_clerk):
    appeals(26, northborough, nb_clerk)

    first = get(client, nb_clerk, "deadlines")
    second = get(client, nb_clerk, "deadlines", "page=2")

    assert len(deadline_records(first)) == 25
    assert len(deadline_records(second)) == 1
    assert "Party 00025" in deadline_records(second)[0]  # the latest appeal, last by date


def test_sorting_filtering_and_searching_deadlines(client, northborough, nb_clerk):
    appeals(3, northborough, nb_clerk)

    by_date = deadline_records(get(client, nb_clerk, "deadlines"))
    latest_first = deadline_records(get(client, nb_clerk, "deadlines", "sort=-date"))
    found = deadline_records(get(client, nb_clerk, "deadlines", "q=party 00001"))

    assert latest_first == list(reversed(by_date))
    assert len(found) == 1 and "Party 00001" in found[0]
    assert deadline_records(get(client, nb_clerk, "deadlines", "state=overdue")) == []
    assert len(deadline_records(get(client, nb_clerk, "deadlines", "state=waiting"))) == 3


@pytest.mark.parametrize("query", ["page=abc", "page=999999", "sort=password", "state=x",
                                   "town=../"])
def test_bad_deadline_parameters_answer_200(client, northborough, nb_clerk, query):
    appeals(30, northborough, nb_clerk)

    response = get(client, nb_clerk, "deadlines", query)

    assert response.context["listing"].sort == "date"
    assert len(deadline_records(response)) in (25, 5)


@pytest.mark.parametrize("rows", [30, 300])
def test_the_deadlines_list_runs_the_same_queries(
    client, northborough, nb_clerk, django_assert_max_num_queries, rows
):
    appeals(rows, northborough, nb_clerk)
    client.force_login(nb_clerk)

    with django_assert_max_num_queries(12):
        assert client.get(reverse("enforcement:deadlines")).status_code == 200


def test_deadlines_keep_a_heading_per_town_and_filter_by_town(client, northborough):
    both = staff(Role.CLERK, "northborough")
    Membership.objects.create(user=both, municipality=municipality("tisbury"), role=Role.CLERK)
    appeals(2, northborough, both)

    everything = get(client, both, "deadlines").content.decode()
    tisbury_only = get(client, both, "deadlines", "town=tisbury")

    assert "Town of Northborough</h2>" in everything and "Tisbury</h2>" in everything
    assert deadline_records(tisbury_only) == []
    assert "Town of Northborough</h2>" not in tisbury_only.content.decode()
