"""The registers bylaw apps offer a town's staff (``register_queue_link``) are linked from
each holder's My work, whatever the role: the application queue opens only to the Clerk and
the Board member, so a register offered to the admin or to enforcement staff would
otherwise be linked from nowhere they can open. No register is linked for a role its page
refuses."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

from permits_site.licensing.page_registry import queue_links
from tests.factories import MembershipFactory, Role, municipality, staff

pytestmark = pytest.mark.django_db

HOME = reverse("staff_home")
TOWNS = ("north_andover", "northborough", "tisbury")
#: The links of the registers part of My work: ``href`` and label.
REGISTER_LINK = re.compile(r'<a href="([^"]+)">([^<]+)</a>')


def registers_on_my_work(client, user) -> list[tuple[str, str]]:
    client.force_login(user)
    response = client.get(HOME)
    assert response.status_code == 200
    page = response.content.decode()
    if 'aria-label="Registers' not in page:
        return []
    part = page.split('aria-label="Registers', 1)[1].split("</nav>", 1)[0]
    return REGISTER_LINK.findall(part)


@pytest.mark.parametrize("town", TOWNS)
@pytest.mark.parametrize("role", [Role.CLERK, Role.INSPECTOR, Role.ANIMAL_CONTROL_OFFICER,
                                  Role.HEARING_AUTHORITY, Role.BOARD_MEMBER, Role.ADMIN])
def test_every_register_offered_to_a_role_is_linked_from_its_work_and_opens(client, town,
                                                                             role):
    person = staff(role, town)

    shown = registers_on_my_work(client, person)

    assert shown == [(reverse(link.url_name), link.label) for link in queue_links(person)]
    for href, label in shown:
        assert client.get(href).status_code == 200, (role, town, label)


def test_tisbury_s_admin_reaches_the_lot_list_and_the_septic_inspector_licenses(client):
    """Without a licensed inspector nobody files a septic report (09.0.8(4)): the admin who
    licenses them reaches the page from My work."""
    shown = registers_on_my_work(client, staff(Role.ADMIN, "tisbury"))

    assert shown == [("/tisbury/coastal-district/", "Coastal District and Barrier Beach lots"),
                     ("/tisbury/septic/inspectors/", "System inspector licenses")]


def test_tisbury_s_board_of_health_agent_reaches_the_board_s_registers(client):
    shown = registers_on_my_work(client, staff(Role.INSPECTOR, "tisbury"))

    assert [label for _href, label in shown] == [
        "Septage pump-out returns", "Metered wells", "Septic inspections required",
        "Spill reports"]


def test_north_andover_s_health_agent_reaches_the_residence_limits_form(client):
    """The officer has it in the navigation; the Health Agent, who opens residence limits
    cases too (Limits A–E), among the registers."""
    assert registers_on_my_work(client, staff(Role.INSPECTOR, "north_andover")) == [
        ("/dogs/limits/new/", "Residence limits: open a case")]
    assert registers_on_my_work(client, staff(Role.ANIMAL_CONTROL_OFFICER,
                                              "north_andover")) == []


def test_each_town_lists_its_own_registers_under_it(client):
    person = staff(Role.CLERK, "north_andover")
    MembershipFactory(user=person, municipality=municipality("tisbury"), role=Role.ADMIN)
    client.force_login(person)

    page = client.get(HOME).content.decode()

    tisbury = page.index("Town of Tisbury")
    assert page.index("Registers of North Andover") < page.index(
        'href="/dogs/renewals/">Dog license renewal season</a>') < tisbury
    assert tisbury < page.index("Registers of Tisbury") < page.index(
        'href="/tisbury/coastal-district/">Coastal District and Barrier Beach lots</a>')


def test_a_role_offered_no_register_reads_no_registers_part(client):
    assert registers_on_my_work(client, staff(Role.ADMIN, "north_andover")) == []
