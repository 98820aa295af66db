"""The public page of each permit type says who needs it in its law's words, and the steps
before it is issued come from its own declaration: the relief its law provides, in its law's
word (a Northborough variance, §8.2; a Tisbury waiver, 09.0.3; none in North Andover), and a
hearing only as its law provides one."""

import pytest
from django.urls import reverse

from permits_site.licensing.kinds import applied_for, kind_for
from permits_site.licensing.models import PermitType

pytestmark = pytest.mark.django_db


def public_page(client, code: str) -> str:
    town = code.split(".")[0]
    response = client.get(reverse("law:permit_type", args=[town, code]))
    assert response.status_code == 200
    return response.content.decode()


def test_every_public_permit_type_of_every_town_says_who_needs_it():
    silent = [permit_type.code for permit_type in applied_for(PermitType.objects.all())
              if not kind_for(permit_type.code).who_needs_it]

    assert silent == []


@pytest.mark.parametrize(("code", "words"), [
    ("north_andover.dog_license", "All dogs six months and older, while residing in the Town "
                                  "of North Andover, must have a license from the Town Clerk"),
    ("north_andover.kennel_license", "Anyone who owns or boards more than four dogs within "
                                     "the Town of North Andover"),
    ("northborough.private_stable", "Any private stable proposed to be constructed or "
                                    "substantially (25% or more) expanded in size"),
    ("northborough.public_stable", "A place where horses and/or riding instruction are "
                                   "provided for a fee"),
    ("northborough.horse_registration", "All horses kept within the Town of Northborough must "
                                        "be registered with the Board of Health"),
])
def test_the_who_needs_it_of_north_andover_and_northborough_quotes_the_law(client, code, words):
    assert words in public_page(client, code)


@pytest.mark.parametrize("code", ["northborough.private_stable", "northborough.public_stable"])
def test_a_northborough_stable_page_speaks_of_variances_never_of_waivers(client, code):
    page = public_page(client, code)

    assert "or the Board grants a variance from one in writing" in page
    assert "A variance you ask for takes effect once the Board grants it in writing" in page
    assert "waive" not in page.lower()


def test_a_northborough_stable_page_tells_of_the_discretionary_hearing_by_certified_mail(client):
    page = public_page(client, "northborough.private_stable")

    assert ("The Board may hold a public hearing; if it does, every abutter is notified by "
            "certified mail at least 10 days before it") in page


def test_a_tisbury_temporary_dumpster_page_holds_no_hearing_unless_a_waiver_is_asked(client):
    page = public_page(client, "tisbury.temporary_dumpster")

    assert "a public hearing is held after notice to the abutters" not in page
    assert "If you ask for a waiver, the Board may hear it at a public hearing" in page
    assert "A waiver you ask for takes effect once 2 members of the Board sign it" in page
    assert "variance" not in page.lower()


def test_a_dog_license_page_offers_no_relief_and_no_hearing(client):
    page = public_page(client, "north_andover.dog_license")

    assert "hearing" not in page.lower()
    assert "waive" not in page.lower() and "variance" not in page.lower()
