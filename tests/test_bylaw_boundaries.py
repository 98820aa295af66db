"""What bylaw apps register with the core instead of the core importing them: their pages,
their registers' links (on each holder's My work and on the application queue) and their
demo records; and one citation helper per body of law."""

import pytest
from django.urls import resolve, reverse

from dogs import demo as dog_demo
from dogs.law import cite as north_andover
from permits_site.accounts.demo import demo_builders
from permits_site.licensing.page_registry import queue_links
from stables import demo as stable_demo
from stables.law import cite as northborough
from tests.factories import Role, staff
from tisbury_regs import demo as tisbury_demo
from tisbury_regs.law import cite as tisbury


@pytest.mark.parametrize(
    ("name", "args", "url"),
    [
        ("dogs:renewal_season", (), "/dogs/renewals/"),
        ("stables:horse_registry", (), "/stables/horses/registry/"),
        ("tisbury_regs:record_public_water", (7,), "/tisbury/applications/7/public-water/"),
    ],
)
def test_each_bylaw_apps_pages_keep_their_paths_and_names(name, args, url):
    assert reverse(name, args=args) == url
    assert resolve(url).view_name == name


def labels(user):
    return [link.label for link in queue_links(user)]


@pytest.mark.django_db
def test_the_queue_offers_north_andovers_registers_to_its_clerks_only():
    assert labels(staff(Role.CLERK, "north_andover")) == [
        "Dog license renewal season", "Overdue license fees for the Collector", "Impoundments",
        "Kennel licenses", "Adoption money for the Treasurer"]
    assert labels(staff(Role.BOARD_MEMBER, "north_andover")) == []


@pytest.mark.django_db
def test_the_queue_offers_the_horse_registry_to_northborough_staff():
    assert labels(staff(Role.BOARD_MEMBER, "northborough")) == ["Horse registry"]
    assert labels(staff(Role.CLERK, "tisbury")) == [
        "Septage pump-out returns", "Metered wells", "Septic inspections required",
        "Charge for documents", "Spill reports"]


@pytest.mark.django_db
def test_tisburys_admin_and_board_of_health_agent_are_offered_the_boards_registers():
    assert labels(staff(Role.ADMIN, "tisbury")) == [
        "Coastal District and Barrier Beach lots", "System inspector licenses"]
    assert labels(staff(Role.INSPECTOR, "tisbury")) == [
        "Septage pump-out returns", "Metered wells", "Septic inspections required",
        "Spill reports"]


@pytest.mark.django_db
def test_the_queue_page_shows_the_registered_links_of_the_reviewers_towns(client):
    clerk = staff(Role.CLERK, "northborough")
    client.force_login(clerk)

    page = client.get(reverse("licensing:queue")).content.decode()

    assert f'href="{reverse("stables:horse_registry")}">Horse registry</a>' in page
    assert reverse("dogs:renewal_season") not in page


def test_the_bylaw_apps_register_their_demo_records_in_app_order():
    assert demo_builders() == [dog_demo.build, stable_demo.build,
                               tisbury_demo.board_of_health, tisbury_demo.pumpout_and_wells]


def test_each_body_of_law_is_cited_by_one_helper():
    assert north_andover("Licenses A(9)") == "North Andover Code ch. 60, Licenses A(9)"
    assert northborough("4.1(a)") == "Northborough Horse & Stable Regs §4.1(a)"
    assert tisbury("09.9.7(6)") == "Tisbury BOH Reg 09.9.7(6)"
