"""Where the town's law gives no relief from its rules (North Andover's dog licenses,
chapter 60), no page speaks of a waiver or a variance; where it gives one (Northborough
§8), the public page says the Board may grant a variance, in its law's word."""

import pytest
import time_machine
from django.urls import reverse

from tests.licensing.test_pages import FEB_2027, submitted

pytestmark = pytest.mark.django_db


def public_page(client, town: str, code: str) -> str:
    return client.get(reverse("law:permit_type", args=[town, code])).content.decode()


def test_the_dog_license_page_offers_no_waiver(client):
    page = public_page(client, "north_andover", "north_andover.dog_license")

    assert "Your answers meet every rule of the law." in page
    assert "waives" not in page


def test_the_stable_permit_page_says_the_board_may_grant_a_variance_8_2(client):
    page = public_page(client, "northborough", "northborough.private_stable")

    assert "or the Board grants a variance from one in writing" in page
    assert "waive" not in page.lower()


def test_the_clerks_review_of_a_dog_license_has_no_variances_panel(client, dog, clerk):
    with time_machine.travel(FEB_2027, tick=False):
        application = submitted(dog)
        client.force_login(clerk)
        page = client.get(reverse("licensing:review", args=[application.pk])).content.decode()

    assert "Variances" not in page and "variance" not in page.lower()
