"""A count printed with its noun reads in the singular for one thing and in the plural
otherwise, on the officer's case pages and in the chapter's findings: "at most 1 cat",
"1 minute", "1 dog over six months old"."""

import pytest
from django.urls import reverse

from dogs.limits.services import impose_additional_limits, record_noise_complaint
from tests.dogs.test_limits import OPENED, at, limits_case
from tests.dogs.test_limits_noise import DAYTIME, noise_case  # noqa: F401  (a fixture)
from tests.factories import PropertyFactory, UserFactory
from tests.law.answers import DOG_LICENSE_RENEWAL, as_query

pytestmark = pytest.mark.django_db
CONDITIONS = "Soiled bedding throughout: too many animals for the house."


@pytest.mark.parametrize(("limit", "expected"), [
    (1, "at most 1 dog; at most 1 cat."), (2, "at most 2 dogs; at most 2 cats.")])
def test_the_additional_limits_count_one_animal_in_the_singular(client, aco, limit, expected):
    with at(OPENED):
        case = limits_case(PropertyFactory(address="40 Osgood Street"), UserFactory(), aco)
        impose_additional_limits(case=case, dogs=limit, cats=limit, conditions=CONDITIONS,
                                 acting_user=aco)
        client.force_login(aco)
        page = client.get(reverse("dogs:limits_case", args=[case.pk])).content.decode()

    assert expected in page


@pytest.mark.parametrize(("minutes", "recorded", "found"), [
    (1, "started 14:00, 1 minute, uninterrupted",
     "Uninterrupted noise for 1 minute, not more than 10 minutes."),
    (2, "started 14:00, 2 minutes, uninterrupted",
     "Uninterrupted noise for 2 minutes, not more than 10 minutes."),
])
def test_a_noise_complaint_of_one_minute_reads_in_the_singular(
        client, aco, noise_case, minutes, recorded, found):  # noqa: F811  (a fixture)
    record_noise_complaint(case=noise_case, acting_user=aco, facts={
        **DAYTIME, "start_time": "14:00", "duration_minutes": minutes})
    client.force_login(aco)

    page = client.get(reverse("dogs:noise_case", args=[noise_case.pk])).content.decode()

    assert recorded in page and found in page


@pytest.mark.parametrize(("dogs", "expected"), [
    (1, "1 dog over six months old; up to 4 need no kennel license."),
    (2, "2 dogs over six months old; up to 4 need no kennel license."),
])
def test_the_dog_license_check_counts_one_dog_in_the_singular(client, dogs, expected):
    answers = {**DOG_LICENSE_RENEWAL, "dogs_at_residence_over_6_months": dogs}

    page = client.get(reverse("law:check", args=["north_andover", "north_andover.dog_license"]),
                      as_query(answers)).content.decode()

    assert expected in page
