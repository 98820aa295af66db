"""``make run``'s demo data: built through the services, and building it twice changes nothing."""

import pytest
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
