"""The Animal Control Officer's entries in the main navigation (North Andover Code ch. 60):
impoundments, residence limits, noise complaints and kennels, registered by the dogs app
through the core's ``register_nav_link``; nobody else is offered them, and they cost no
query to anyone else."""

from __future__ import annotations

import pytest
from django.urls import reverse

from permits_site.licensing.page_registry import nav_links
from tests.dogs.test_kennel_pages import kennel_permit
from tests.factories import Role, UserFactory, staff

pytestmark = pytest.mark.django_db

OFFICER_ENTRIES = {
    "Impoundments": "/dogs/impoundments/",
    "Residence limits": "/dogs/limits/new/",
    "Noise complaints": "/enforcement/cases/?case_type=north_andover.nuisance_noise",
    "Kennels": "/dogs/kennels/",
    "Feeding wildlife": "/dogs/feeding/",
    "Found animal reports": "/dogs/found-reports/",
    "Call log": "/dogs/calls/",
    "Bite records": "/dogs/bites/",
    "Vacated properties": "/dogs/vacated-properties/",
}


def navigation_of(client, user) -> str:
    client.force_login(user)
    page = client.get(reverse("licensing:dashboard")).content.decode()
    return page.split('aria-label="Main"', 1)[1].split("</nav>", 1)[0]


def test_the_officer_sees_the_entries(client):
    nav = navigation_of(client, staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover"))

    for label, href in OFFICER_ENTRIES.items():
        assert f'<a class="nav-link" href="{href}">{label}</a>' in nav.replace("&amp;", "&")


@pytest.mark.parametrize("who", ["resident", "clerk", "tisbury_officer"])
def test_nobody_else_sees_them(client, who):
    user = {"resident": UserFactory,
            "clerk": lambda: staff(Role.CLERK, "north_andover"),
            "tisbury_officer": lambda: staff(Role.ANIMAL_CONTROL_OFFICER, "tisbury")}[who]()

    nav = navigation_of(client, user)

    assert not any(href.split("?")[0] in nav and label in nav
                   for label, href in OFFICER_ENTRIES.items())


def test_the_entries_cost_a_resident_no_query(django_assert_num_queries):
    resident = UserFactory()
    resident._role_pairs = frozenset()  # the memberships are loaded once per request anyway

    with django_assert_num_queries(0):
        assert nav_links(resident) == []


def test_the_officer_s_entries_come_from_the_cached_town(django_assert_num_queries):
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    nav_links(officer)  # the town calendar warms up, as on any page of the town

    with django_assert_num_queries(0):
        labels = [link.label for link in nav_links(officer)]

    assert labels == list(OFFICER_ENTRIES)


def test_the_officer_s_kennels_entry_lists_every_kennel_of_the_town(client):
    first, second = kennel_permit(), kennel_permit()
    client.force_login(staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover"))

    page = client.get(reverse("dogs:kennels")).content.decode()

    assert "<h1 class=\"h3\">Kennel licenses</h1>" in page
    for permit in (first, second):
        assert f'href="{reverse("dogs:kennel", args=[permit.pk])}"' in page


def test_a_licensee_still_sees_only_their_own_kennels(client):
    own, other = kennel_permit(), kennel_permit()
    client.force_login(own.holder)

    page = client.get(reverse("dogs:kennels")).content.decode()

    assert "My kennel licenses" in page
    assert f'href="{reverse("dogs:kennel", args=[own.pk])}"' in page
    assert f'href="{reverse("dogs:kennel", args=[other.pk])}"' not in page


def test_the_hearing_authority_and_the_clerk_reach_the_kennels_by_a_link(client):
    """Kennel licenses are listed to the officer, the hearing authority (who holds the
    review hearings, Kennel license B(5)) and the Clerk (who issues them): each reaches the
    list by a link, the Clerk from the application queue's registers."""
    authority = navigation_of(client, staff(Role.HEARING_AUTHORITY, "north_andover"))
    assert '<a class="nav-link" href="/dogs/kennels/">Kennels</a>' in authority

    client.force_login(staff(Role.CLERK, "north_andover"))
    queue = client.get(reverse("licensing:queue")).content.decode()
    assert 'href="/dogs/kennels/"' in queue
    assert client.get("/dogs/kennels/").status_code == 200
