"""The search box on every staff page and the results page (issue 20, "One search")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from permits_site.licensing.models import ApplicationStatus
from tests.clients import warmed
from tests.factories import ApplicationFactory, UserFactory

pytestmark = pytest.mark.django_db

SEARCH = "/staff/search/"


def signed_in(client, user):
    client.force_login(user)
    return client


def test_the_box_is_in_the_navigation_of_staff_pages_only(client, clerk, resident):
    page = signed_in(client, clerk).get(reverse("licensing:queue")).content.decode()
    assert 'role="search"' in page and f'action="{SEARCH}"' in page
    home = signed_in(client, resident).get(reverse("licensing:dashboard")).content.decode()
    assert f'action="{SEARCH}"' not in home


def test_a_resident_is_refused_and_a_visitor_is_sent_to_sign_in(client, resident):
    assert client.get(f"{SEARCH}?q=smith").status_code == 302
    assert signed_in(client, resident).get(f"{SEARCH}?q=smith").status_code == 403


def test_an_empty_box_shows_the_form_only(client, clerk):
    response = signed_in(client, clerk).get(SEARCH)
    assert response.status_code == 200
    assert response.context["groups"] == [] and response.context["error"] == ""


def test_one_letter_is_refused_on_the_field(client, clerk):
    page = signed_in(client, clerk).get(f"{SEARCH}?q=s").content.decode()
    assert 'aria-invalid="true"' in page
    assert "Type at least 2 characters to search for." in page


def test_results_are_grouped_by_kind_with_status_and_link(client, clerk):
    application = ApplicationFactory(status=ApplicationStatus.DENIED,
                                     applicant=UserFactory(first_name="Di", last_name="Dunmore"))
    page = signed_in(client, clerk).get(f"{SEARCH}?q=DUNMORE").content.decode()
    assert '<h2 class="h5" id="group-applications">Applications (1)</h2>' in page
    assert f'href="/staff/applications/{application.pk}/"' in page
    assert ">Denied</span>" in page
    assert "People (1)" in page


def test_nothing_found_says_so(client, clerk):
    page = signed_in(client, clerk).get(f"{SEARCH}?q=nobody+at+all").content.decode()
    assert "Nothing in your towns matches “nobody at all”." in page


@pytest.mark.parametrize("query", ["%25" * 300, "<script>", "' OR 1=1 --", "q%5B%5D"])
def test_odd_input_is_never_an_error(client, clerk, query):
    assert signed_in(client, clerk).get(f"{SEARCH}?q={query}").status_code == 200


@pytest.mark.parametrize("count", [2, 25])
def test_the_page_runs_a_fixed_number_of_queries(django_assert_max_num_queries, client, clerk,
                                                 count):
    for _ in range(count):
        ApplicationFactory(status=ApplicationStatus.ISSUED,
                           applicant=UserFactory(last_name="Garroway"))
    signed_in(client, clerk)
    warmed(client, f"{SEARCH}?q=garroway")
    with django_assert_max_num_queries(12):
        page = client.get(f"{SEARCH}?q=garroway").content.decode()
    shown = "10 shown, more match" if count > 10 else str(count)
    assert f"Applications ({shown})" in page
