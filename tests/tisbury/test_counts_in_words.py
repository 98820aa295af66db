"""A count printed with its noun reads in the singular for one thing: the public check of a
possible septic failure (09.1.3(5)) says "1 pumpout", and "2 pumpouts"."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("pumpouts", "expected"), [
    (1, "No effluent on the ground and 1 pumpout in 12 months (review starts at 4)."),
    (2, "No effluent on the ground and 2 pumpouts in 12 months (review starts at 4)."),
])
def test_the_failed_septic_check_counts_one_pumpout_in_the_singular(client, pumpouts, expected):
    page = client.get(reverse("law:check", args=["tisbury", "tisbury.failed_septic"]),
                      {"effluent_over_ground": "no", "pumpouts_last_12_months": pumpouts})

    assert expected in page.content.decode()
