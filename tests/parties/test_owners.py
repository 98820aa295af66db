"""A property's owners of record (Tisbury BOH Reg 09.0.8(5); Northborough Horse & Stable Regs
§8.1): entered by the clerk from the assessors' record or the deed, audited, ended by date
and kept."""

from __future__ import annotations

import pytest

from permits_site import audit
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.parties import owners
from permits_site.parties.models import PropertyOwner
from tests.factories import (
    PropertyFactory,
    PropertyOwnerFactory,
    Role,
    UserFactory,
    municipality,
    staff,
)
from tests.page_forms import assert_on_the_page, post_form

pytestmark = pytest.mark.django_db


@pytest.fixture
def clerk():
    return staff(Role.CLERK, "tisbury")


@pytest.fixture
def place():
    return PropertyFactory(municipality=municipality("tisbury"), address="9 Beach Road")


def test_the_clerk_records_an_owner_from_the_deed_audited_0908_5(clerk, place):
    account = UserFactory()

    owner = owners.record_owner(place=place, name=" Olive Owner ", source="deed",
                                reference="Book 1234, Page 56", account=account,
                                acting_user=clerk)

    assert owner.name == "Olive Owner" and owner.recorded_by == clerk
    assert owners.is_owner(account, place)
    assert list(owners.owned_by(account)) == [place]
    [entry] = [entry for entry in audit.history_of(place)
               if entry.action == "property.owner_recorded"]
    assert "from the recorded deed (Book 1234, Page 56)" in entry.summary


def test_only_the_clerk_records_an_owner_0908_5(place):
    with pytest.raises(PermissionDenied):
        owners.record_owner(place=place, name="Olive Owner", source="deed",
                            acting_user=UserFactory())
    assert not PropertyOwner.objects.exists()


def test_an_owner_without_a_name_or_source_is_refused_naming_the_fields_0908_5(clerk, place):
    with pytest.raises(DomainError) as refused:
        owners.record_owner(place=place, name="  ", source="hearsay", acting_user=clerk)

    assert set(refused.value.errors) == {"name", "source"}
    assert not PropertyOwner.objects.exists()


def test_the_same_account_is_not_recorded_twice_0908_5(clerk, place):
    account = UserFactory()
    PropertyOwnerFactory(property=place, account=account)

    with pytest.raises(InvalidTransition):
        owners.record_owner(place=place, name="Olive Owner", source="assessors",
                            account=account, acting_user=clerk)


def test_a_sale_ends_the_ownership_which_is_kept_dated_0908_5(clerk, place):
    account = UserFactory()
    owner = PropertyOwnerFactory(property=place, account=account)

    owners.end_ownership(owner=owner, acting_user=clerk)

    owner.refresh_from_db()
    assert owner.ended_on is not None and owner.ended_by == clerk
    assert not owners.is_owner(account, place)
    assert list(owners.current_owners(place)) == []
    with pytest.raises(InvalidTransition):
        owners.end_ownership(owner=owner, acting_user=clerk)


def test_the_clerk_records_an_owner_on_the_property_page_0908_5(client, clerk, place):
    client.force_login(clerk)
    assert "Owners of record" in client.get(f"/staff/properties/{place.pk}/").content.decode()

    response = client.post(f"/staff/properties/{place.pk}/", {
        "action": "owner", "owner-name": "Olive Owner", "owner-source": "assessors",
        "owner-reference": "Card 7", "owner-email": ""}, follow=True)

    assert "Olive Owner is recorded as an owner." in response.content.decode()
    assert PropertyOwner.objects.get().source == "assessors"


def test_an_unknown_account_email_is_refused_on_its_field_0908_5(client, clerk, place):
    client.force_login(clerk)
    page = f"/staff/properties/{place.pk}/"

    response = post_form(client, page, 'name="owner-email"', {
        "owner-name": "Olive Owner", "owner-source": "deed", "owner-email": "nobody@example.org"})

    assert response.status_code == 400
    assert_on_the_page(client, response, page)
    assert "email" in response.context["owner_form"].errors
    assert not PropertyOwner.objects.exists()


def test_a_resident_cannot_record_or_end_an_owner_0908_5(client, place):
    owner = PropertyOwnerFactory(property=place)
    client.force_login(UserFactory())

    recorded = client.post(f"/staff/properties/{place.pk}/", {
        "action": "owner", "owner-name": "Mallory", "owner-source": "deed"})
    ended = client.post(f"/staff/properties/{place.pk}/owners/{owner.pk}/end/")

    assert recorded.status_code == 403 and ended.status_code in (403, 404)
    owner.refresh_from_db()
    assert owner.ended_on is None and PropertyOwner.objects.count() == 1


def test_the_clerk_ends_an_ownership_on_the_page_0908_5(client, clerk, place):
    owner = PropertyOwnerFactory(property=place, name="Olive Owner")
    client.force_login(clerk)

    response = client.post(f"/staff/properties/{place.pk}/owners/{owner.pk}/end/", follow=True)

    assert "Olive Owner is no longer an owner of record." in response.content.decode()
    owner.refresh_from_db()
    assert owner.ended_on is not None
