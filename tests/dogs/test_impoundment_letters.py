"""The notices to a dog's owner go through the outbox (North Andover Code ch. 60,
Impoundment D; the public "found a dog?" page): an owner without an email address gets a
letter the Clerk prints and posts from the letters list, never nothing."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.core import mail
from django.core.cache import cache
from django.urls import reverse

from dogs.impoundment import found
from dogs.impoundment.services import record_intake
from permits_site.notifications.models import Message, MessageKind
from tests.factories import (
    DogFactory,
    DogTagFactory,
    PermitFactory,
    Role,
    UserFactory,
    local,
    staff,
)

pytestmark = pytest.mark.django_db

THU_JUNE_4 = dt.date(2026, 6, 4)
TAG = 417


@pytest.fixture(autouse=True)
def _thursday():
    cache.clear()
    with time_machine.travel(local(THU_JUNE_4), tick=False):
        yield
    cache.clear()


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, first_name="Alex", last_name="Officer")


def tagged(owner):
    """Biscuit, wearing tag 417 of her 2026 license, owned by ``owner``."""
    dog = DogFactory(owner=owner, name="Biscuit")
    DogTagFactory(permit=PermitFactory(application__applicant=owner), dog=dog, year=2026,
                  number=TAG)
    return dog


@pytest.fixture
def postal_owner(db):
    """An owner entered at the counter: a mailing address and no email address."""
    return UserFactory(first_name="Olive", last_name="Post", email=None,
                       street_address="9 Elm Street", city="North Andover",
                       postal_code="01845")


def impound(aco, north_andover, capture):
    with capture(execute=True):
        return record_intake(municipality=north_andover, impounded_on=THU_JUNE_4,
                             acting_user=aco, description="Beagle, tricolor",
                             tag_number=str(TAG))


def report(north_andover, capture):
    with capture(execute=True):
        return found.report_found_dog(municipality=north_andover, tag_number=str(TAG),
                                      message="She is safe in my yard on Elm St.",
                                      finder_contact="finder@example.net",
                                      client_address="203.0.113.7")


def test_an_owner_without_email_gets_the_impoundment_notice_as_a_letter(
        aco, north_andover, postal_owner, django_capture_on_commit_callbacks):
    tagged(postal_owner)

    impoundment = impound(aco, north_andover, django_capture_on_commit_callbacks)

    letter = Message.objects.get(recipient=postal_owner)
    assert letter.is_letter and letter.kind == MessageKind.ANIMAL_IMPOUNDED
    assert letter.postal_address == postal_owner.mailing_address
    assert letter.is_legal_notice and letter.municipality == north_andover
    assert "Biscuit" in letter.subject
    assert "Impoundment D" in letter.text
    assert impoundment.owner_notified_at is not None
    assert mail.outbox == []


def test_an_owner_with_email_is_still_emailed_and_the_outbox_keeps_it(
        aco, north_andover, resident, django_capture_on_commit_callbacks):
    tagged(resident)

    impound(aco, north_andover, django_capture_on_commit_callbacks)

    message = Message.objects.get(recipient=resident)
    assert not message.is_letter and message.sent_at is not None
    [email] = mail.outbox
    assert email.to == [resident.email] and "Impoundment D" in email.body


def test_a_found_dog_report_to_an_owner_without_email_is_a_letter_naming_the_finder(
        north_andover, postal_owner, django_capture_on_commit_callbacks):
    tagged(postal_owner)

    answer = report(north_andover, django_capture_on_commit_callbacks)

    letter = Message.objects.get(recipient=postal_owner)
    assert letter.is_letter and letter.kind == MessageKind.ANIMAL_FOUND
    assert "She is safe in my yard on Elm St." in letter.text
    assert "finder@example.net" in letter.text
    assert answer.tag_number == str(TAG) and mail.outbox == []


def test_two_found_reports_are_two_letters(north_andover, postal_owner,
                                           django_capture_on_commit_callbacks):
    tagged(postal_owner)

    report(north_andover, django_capture_on_commit_callbacks)
    report(north_andover, django_capture_on_commit_callbacks)

    assert Message.objects.filter(recipient=postal_owner).count() == 2


def test_the_clerk_finds_both_letters_on_the_letters_list(
        client, aco, clerk, north_andover, postal_owner, django_capture_on_commit_callbacks):
    tagged(postal_owner)
    impound(aco, north_andover, django_capture_on_commit_callbacks)
    report(north_andover, django_capture_on_commit_callbacks)
    client.force_login(clerk)

    page = client.get(reverse("letters:list")).content.decode()

    assert page.count("Olive Post") >= 2
    assert "North Andover Animal Control has Biscuit" in page
    assert "Someone found Biscuit" in page
