"""The notice to the owner of an impounded dog (North Andover Code ch. 60, Impoundment D)
says how to reach the Animal Control Officer — the telephone the town's admin recorded with
the office's, as the public "found an animal?" page gives it, else through the Town Clerk's
office — and links the owner's page of the impoundment, where its dates, what its release
needs and its fees are."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from dogs.impoundment.services import record_intake
from permits_site.links import absolute_url
from permits_site.notifications.models import Message
from tests.factories import DogFactory, DogTagFactory, PaymentOfficeFactory, PermitFactory

pytestmark = pytest.mark.usefixtures("on_monday_june_8")
ACO_PHONE = "(978) 555-0110"
TAG = 417


def impound_tagged_dog(aco, north_andover, owner, capture):
    """Biscuit, wearing tag 417 of her 2026 license, taken in and her owner told."""
    dog = DogFactory(owner=owner, name="Biscuit")
    DogTagFactory(permit=PermitFactory(application__applicant=owner), dog=dog, year=2026,
                  number=TAG)
    with capture(execute=True):
        record = record_intake(municipality=north_andover, impounded_on=dt.date(2026, 6, 4),
                               acting_user=aco, description="Beagle, tricolor",
                               tag_number=str(TAG))
    return record, Message.objects.get(recipient=owner).text


def test_the_notice_gives_the_officers_telephone_and_the_owners_page(
        aco, north_andover, resident, django_capture_on_commit_callbacks):
    PaymentOfficeFactory(municipality=north_andover, animal_control_phone=ACO_PHONE)

    record, notice = impound_tagged_dog(aco, north_andover, resident,
                                        django_capture_on_commit_callbacks)

    owners_page = absolute_url(reverse("dogs:impoundment_owner", args=[record.pk]))
    assert f"Call the Animal Control Officer at {ACO_PHONE}." in notice
    assert "through the Town Clerk's office" not in notice
    assert f"the fees to pay are on your page of the impoundment: {owners_page}" in notice


def test_without_a_telephone_on_record_the_officer_is_reached_through_the_clerk(
        aco, north_andover, resident, django_capture_on_commit_callbacks):
    record, notice = impound_tagged_dog(aco, north_andover, resident,
                                        django_capture_on_commit_callbacks)

    assert "Contact the Animal Control Officer through the Town Clerk's office." in notice
    assert absolute_url(reverse("dogs:impoundment_owner", args=[record.pk])) in notice
