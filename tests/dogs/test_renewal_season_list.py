"""The renewal season's list of dogs not yet renewed (Licenses A(8)): the owners in
alphabetical order, then the dog's name, and last year's license numbers read for the
page shown only."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from dogs.licenses.reminders import season_notices
from dogs.licenses.services import (
    apply_for_dog_license,
    attach_last_years_numbers,
    dogs_not_renewed,
    record_paper_license,
)
from permits_site.licensing.models import PermitStatus
from permits_site.licensing.services.applications import submit_application
from permits_site.licensing.services.documents import upload_document
from tests.dogs.test_bulk_issue import paid_renewal
from tests.dogs.test_license_flow import png_upload
from tests.dogs.test_tag_exemptions import dog_license
from tests.factories import DogFactory, UserFactory

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)


def issued_on(month: int) -> dt.datetime:
    return timezone.make_aware(dt.datetime(2026, month, 10, 15, 0))


def due_with_numbers(town, year=2027):
    return attach_last_years_numbers(list(dogs_not_renewed(municipality=town, year=year)),
                                     municipality=town, year=year)


@time_machine.travel(FEB_2027, tick=False)
def test_the_list_is_in_the_owners_alphabetical_order_then_the_dogs_name(
    clerk, north_andover
):
    zoe = UserFactory(first_name="Zoe", last_name="Adams")
    bob = UserFactory(first_name="Bob", last_name="Adams")
    ann = UserFactory(first_name="Ann", last_name="Baker")
    # Last year's numbers sort opposite to the dogs' names: the list does not follow them.
    for owner, name, number in [(ann, "Alf", "1"), (zoe, "Zed", "2"), (zoe, "Max", "3"),
                                (bob, "Rex", "4")]:
        record_paper_license(dog=DogFactory(owner=owner, name=name), number=number,
                             year=2026, acting_user=clerk)
    dog_license(DogFactory(owner=zoe, name="Nell"), year=2026, number="0")

    listed = dogs_not_renewed(municipality=north_andover, year=2027)

    assert [(dog.owner.last_name, dog.owner.first_name, dog.name) for dog in listed] == [
        ("Adams", "Bob", "Rex"),
        ("Adams", "Zoe", "Max"),
        ("Adams", "Zoe", "Nell"),
        ("Adams", "Zoe", "Zed"),
        ("Baker", "Ann", "Alf"),
    ]


@time_machine.travel(FEB_2027, tick=False)
def test_two_dogs_of_one_name_keep_their_order_from_page_to_page(resident, north_andover):
    first, second = (DogFactory(owner=resident, name="Rex") for _ in range(2))
    for dog in (second, first):
        dog_license(dog, year=2026)

    assert list(dogs_not_renewed(municipality=north_andover, year=2027)) == [first, second]


@time_machine.travel(FEB_2027, tick=False)
def test_each_dog_gets_its_number_of_last_year_online_or_on_paper(clerk, north_andover):
    online = DogFactory(name="Online")
    dog_license(online, year=2026, number="DOG-2026-00007")
    paper = DogFactory(name="Paper")
    record_paper_license(dog=paper, number="812", year=2026, acting_user=clerk)
    reissued = DogFactory(name="Reissued")
    dog_license(reissued, year=2026, number="DOG-2026-00001", issued_at=issued_on(1))
    dog_license(reissued, year=2026, number="DOG-2026-00009", issued_at=issued_on(5))
    revoked_later = DogFactory(name="Revoked later")
    dog_license(revoked_later, year=2026, number="DOG-2026-00002", issued_at=issued_on(1))
    dog_license(revoked_later, year=2026, number="DOG-2026-00010", issued_at=issued_on(5),
                status=PermitStatus.REVOKED)
    older = DogFactory(name="Older")
    record_paper_license(dog=older, number="77", year=2025, acting_user=clerk)
    dog_license(older, year=2026, number="DOG-2026-00003")
    revoked = DogFactory(name="Revoked")
    dog_license(revoked, year=2026, number="DOG-2026-00004", status=PermitStatus.REVOKED)

    numbers = {dog.name: (dog.license_number, dog.paper_license_number)
               for dog in due_with_numbers(north_andover)}

    assert numbers == {
        "Online": ("DOG-2026-00007", None),
        "Paper": (None, "812"),
        "Reissued": ("DOG-2026-00009", None),
        "Revoked later": ("DOG-2026-00002", None),
        "Older": ("DOG-2026-00003", None),
    }


@time_machine.travel(FEB_2027, tick=False)
@pytest.mark.parametrize("rows", [0, 1, 6])
def test_the_numbers_take_two_queries_whatever_the_dogs_and_none_for_no_dog(
    clerk, north_andover, rows, django_assert_num_queries
):
    for index, dog in enumerate(DogFactory.create_batch(rows)):
        if index % 2:
            dog_license(dog, year=2026)
        else:
            record_paper_license(dog=dog, number=f"P-{dog.pk}", year=2026, acting_user=clerk)
    dogs = list(dogs_not_renewed(municipality=north_andover, year=2027))

    with django_assert_num_queries(2 if rows else 0):
        attach_last_years_numbers(dogs, municipality=north_andover, year=2027)

    assert all(dog.license_number or dog.paper_license_number for dog in dogs)


@time_machine.travel(FEB_2027, tick=False)
def test_the_page_shows_the_numbers_of_its_own_dogs(client, clerk, monkeypatch):
    monkeypatch.setattr("dogs.licenses.views.PAGE_SIZE", 2)
    for last_name, name in [("Avery", "Ace"), ("Brown", "Bo"), ("Chen", "Cleo")]:
        dog = DogFactory(owner=UserFactory(last_name=last_name), name=name)
        dog_license(dog, year=2026, number=f"NA-{name}")
    client.force_login(clerk)

    page = client.get(reverse("dogs:renewal_season"),
                      {"year": 2027, "remind_page": 2}).content.decode()

    assert "<td>NA-Cleo</td><td>Cleo</td>" in page
    assert "NA-Ace" not in page
    assert "NA-Bo" not in page
    assert "Page 2 of 2" in page


@time_machine.travel(dt.datetime(2026, 12, 10, 15, 0), tick=False)
def test_a_renewal_paid_for_next_year_takes_its_dog_off_the_list_and_its_notice(
    clerk, north_andover
):
    """Licenses A(8): an owner who renewed and paid for next year in December is not told
    to renew again, nor listed; one whose renewal is not paid yet still is."""
    renewed = paid_renewal(clerk).dog_license.dog
    unpaid = DogFactory(name="Unpaid")
    record_paper_license(dog=unpaid, number="P-1", year=2026, acting_user=clerk)
    application = apply_for_dog_license(applicant=unpaid.owner, dog=unpaid, action="renewal",
                                        license_year=2027)
    upload_document(application=application, uploaded_by=unpaid.owner,
                    kind="rabies_certificate", upload=png_upload(),
                    valid_until=dt.date(2029, 1, 1))
    submit_application(application=application, acting_user=unpaid.owner)
    waiting = DogFactory(name="Waiting")
    record_paper_license(dog=waiting, number="P-2", year=2026, acting_user=clerk)

    listed = list(dogs_not_renewed(municipality=north_andover, year=2027))
    notified = [reminder.draft.about for reminder in season_notices(north_andover, 2027)]

    assert renewed not in listed
    assert set(listed) == set(notified) == {unpaid, waiting}
