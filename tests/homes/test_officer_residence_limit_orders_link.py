"""The Animal Control Officer's "Residence-limit orders" on My work (North Andover Code
ch. 60, Limits A–E) links to the list of the town's residence limits cases, where every
rehoming order's case is, not to the form that opens a new case."""

import pytest
from django.urls import reverse

from dogs.limits.home import residence_limit_orders
from dogs.limits.services import NUISANCE_NOISE_CASE, RESIDENCE_LIMITS_CASE
from permits_site.towns.calendar import town_calendar
from tests.factories import CaseFactory, OrderFactory, Role, staff

pytestmark = pytest.mark.django_db


def test_the_full_list_is_the_residence_limits_cases_not_the_new_case_form(client):
    order = OrderFactory(case__case_type=RESIDENCE_LIMITS_CASE)
    noise = CaseFactory(case_type=NUISANCE_NOISE_CASE)

    work = residence_limit_orders(town_calendar("north_andover"))

    assert work.link_url == f"/enforcement/cases/?case_type={RESIDENCE_LIMITS_CASE}"
    assert work.link_url != reverse("dogs:limits_new")
    client.force_login(staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover"))
    listed = client.get(work.link_url).content.decode()
    assert f"Case #{order.case_id}</a>" in listed
    assert f"Case #{noise.pk}</a>" not in listed


def test_my_work_names_the_list_it_links_to(client):
    client.force_login(staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover"))

    page = client.get(reverse("staff_home")).content.decode().replace("&amp;", "&")

    assert f'<a href="/enforcement/cases/?case_type={RESIDENCE_LIMITS_CASE}"' in page
    assert "(residence limits cases screen)" in page
