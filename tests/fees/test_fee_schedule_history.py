"""The admin's fee schedule page names what it lists: each version in the history gives
each fee line's description with its amount, not the line's code; the permit type's code
stays as small secondary text beside its name (the page sorts and searches by it). However
many versions and lines, the page runs a fixed number of queries."""

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from permits_site.licensing.models import FeeItem, FeeSchedule
from permits_site.licensing.services.fees import create_fee_schedule_version, schedule_in_force
from tests.factories import PermitType
from tests.licensing.test_listing import permit_types

pytestmark = pytest.mark.django_db
DOG_LICENSE = "north_andover.dog_license"


def new_version(permit_type, admin, *, raise_by=Decimal("1.00")):
    """A version from next month, each fee one dollar more."""
    current = schedule_in_force(permit_type, timezone.localdate())
    return create_fee_schedule_version(
        permit_type=permit_type, effective_from=timezone.localdate() + dt.timedelta(days=30),
        amounts={item.code: item.amount + raise_by for item in current.items.all()},
        acting_user=admin, note="Select Board vote")


def page_of(client, admin, query="") -> str:
    client.force_login(admin)
    return client.get(reverse("licensing:fee_schedules") + query).content.decode()


def history_of(page: str, permit_type_name: str) -> str:
    section = page.split(f">{permit_type_name} ")[1].split("</section>")[0]
    return section.split("<summary>History")[1]


def test_the_history_names_each_fee_line_with_its_amount(client, town_admin):
    dog_license = PermitType.objects.get(code=DOG_LICENSE)
    new_version(dog_license, town_admin)

    history = history_of(page_of(client, town_admin, "?q=dog license"), "Dog License")

    assert "Replacement tag $6.00" in history and "Replacement tag $5.00" in history
    assert "Dog license, spayed or neutered $11.00; Dog license, not spayed" in history
    assert "replacement_tag" not in history and "spayed_neutered" not in history


def test_the_permit_type_shows_its_code_only_as_secondary_text(client, town_admin):
    page = page_of(client, town_admin, "?q=dog license")

    heading, rest = page.split('id="pt-')[1].split("</h2>", 1)
    assert heading.split(">", 1)[1].startswith("Dog License ") and DOG_LICENSE not in heading
    assert rest.lstrip().startswith(
        f'<p class="small text-body-secondary mb-2">Code: <code>{DOG_LICENSE}</code></p>')


def versioned_permit_types(count: int, admin) -> None:
    """``count`` permit types, each with two versions of three fee lines."""
    for permit_type in permit_types(count):
        schedule = FeeSchedule.objects.create(permit_type=permit_type,
                                              effective_from=dt.date(2020, 1, 1))
        FeeItem.objects.bulk_create(
            FeeItem(schedule=schedule, code=f"line_{n}", description=f"Line {n}",
                    amount=Decimal(10 + n), citation="§1") for n in range(3))
        new_version(permit_type, admin)


@pytest.mark.parametrize("count", [3, 30])
def test_the_history_runs_the_same_queries_at_3_and_30_versioned_permit_types(
    client, town_admin, django_assert_max_num_queries, count
):
    versioned_permit_types(count, town_admin)
    client.force_login(town_admin)

    with django_assert_max_num_queries(12):
        page = client.get(reverse("licensing:fee_schedules"), {"q": "listed type"})

    assert page.content.decode().count("<summary>History (2 versions)</summary>") == min(count,
                                                                                          25)
