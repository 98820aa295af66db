"""The dog license application form asks the rabies certificate's expiry beside its file, and
says what the rule reads of it (North Andover Code ch. 60, Licenses A(1), A(7)): the proof must
still be valid on the first day of the license year applied for — January 1 for next year's
license, applied for from December 1 — or on the day the application is made, if later
(``DogLicenseKind.year_bound_rules``), not "on that date"."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from tests.clients import page_text

pytestmark = pytest.mark.django_db


@time_machine.travel(dt.datetime(2026, 12, 10, 10, 0), tick=False)
def test_the_expiry_help_says_the_proof_must_serve_the_license_years_first_day(client,
                                                                              resident):
    client.force_login(resident)

    form = page_text(client.get(reverse("licensing:apply",
                                        args=["north_andover.dog_license"])))

    assert "Rabies vaccination certificate: expires or ends on" in form
    assert ("As printed on it: it must still be valid on the first day of the license year "
            "applied for, or on the day you apply if that is later.") in form
    assert "the application is judged on that date" not in form
