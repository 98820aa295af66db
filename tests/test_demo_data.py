"""``make run``'s demo data: built through the services, and building it twice changes nothing."""

import subprocess

import pytest
from django.conf import settings
from django.core.management import call_command

from permits_site.accounts.models import Membership, User
from permits_site.enforcement.models import Citation
from permits_site.licensing.models import Application, Permit

pytestmark = pytest.mark.django_db


def test_demo_data_gives_every_town_its_staff_its_citations_and_the_resident_records(capsys):
    """One seeded demo serves every assertion: seeding it is the test's whole cost."""
    call_command("seed_demo")
    counts = (User.objects.count(), Permit.objects.count(), Application.objects.count())
    citations = list(Citation.objects.select_related("case__municipality", "invoice"))
    call_command("seed_demo")

    printed = capsys.readouterr().out
    assert "clerk_north_andover" in printed
    assert Membership.objects.values("municipality").distinct().count() == 3
    assert Permit.objects.filter(number__startswith="DOG-").count() == 1
    assert Application.objects.filter(permit_type__code="northborough.private_stable").exists()
    assert (User.objects.count(), Permit.objects.count(), Application.objects.count()) == counts
    assert {citation.case.municipality.code for citation in citations} == {
        "north_andover", "northborough", "tisbury"}
    assert [citation.offense for citation in citations if citation.warning] == [
        "feeding_waterfowl"]
    assert {citation.offense for citation in citations if citation.invoice} == {
        "running_at_large", "dumpster"}
    assert {(membership.municipality.code, membership.user.state, membership.user.postal_code)
            for membership in Membership.objects.select_related("municipality", "user")} == {
        ("north_andover", "MA", "01845"), ("northborough", "MA", "01532"),
        ("tisbury", "MA", "02568")}
    assert User.objects.get(username="restaurateur").mailing_address == (
        "210 West 89th Street, New York, NY 10024")
    staff_names = {membership.user.display_name for membership in Membership.objects.all()}
    assert len(staff_names) == Membership.objects.count() == 20
    assert User.objects.get(username="aco_north_andover").display_name == "Dana Russo"
    assert not any(label in name for name in staff_names for label in (
        "Aco", "Clerk", "Inspector", "Admin", "North Andover", "Northborough", "Tisbury"))


def test_make_run_gives_the_demo_data_the_address_it_serves():
    """The demo's messages and licenses are written by ``seed_demo`` before the server
    starts: their links and QR codes must start with the address ``make run`` serves."""
    recipe = subprocess.run(
        ["make", "--dry-run", "--always-make", "run", "HOST=127.0.0.1", "PORT=8123"],
        cwd=settings.BASE_DIR, capture_output=True, text=True, check=True).stdout.splitlines()

    seeding = [line for line in recipe if "manage.py seed_demo" in line]
    serving = [line for line in recipe if "manage.py runserver" in line]
    assert seeding and serving
    assert all("SITE_URL=http://127.0.0.1:8123 " in line for line in seeding + serving)
