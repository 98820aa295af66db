"""A property's owners of record (Tisbury BOH Reg 09.0.8(5); Northborough Horse & Stable
Regs §8.1).

Tisbury's Board "has a policy not to process engineering drawings for septic systems if the
applicant is not the registered owner of the property" (09.0.8(5)), and Northborough's §8.1
addresses "the owner and/or occupant". Who owns a place is not what an applicant says: the
town's clerk enters each owner from the assessors' record or the recorded deed, naming where
it is written, and links the owner's account when the owner has one. A sale ends the old
ownership (dated, kept) and records the new one. Every change is audited on the property, so
its history shows who entered whom and from what.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone

from permits_site import audit
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.parties.models import OwnershipSource, Property, PropertyOwner
from permits_site.parties.permissions import can_correct_property

if TYPE_CHECKING:
    from permits_site.accounts.models import User


def current_owners(place: Property) -> QuerySet[PropertyOwner]:
    """The owners of record today, with their accounts."""
    return place.owners.filter(ended_on__isnull=True).select_related("account")


def owner_accounts(place: Property) -> list[User]:
    """The accounts of the current owners who have one: who hears the owner's notices."""
    return [owner.account for owner in current_owners(place) if owner.account is not None]


def owner_accounts_of(places) -> dict[int, list[User]]:
    """:func:`owner_accounts` of many places, in one query."""
    accounts: dict[int, list[User]] = {place.pk: [] for place in places}
    for owner in PropertyOwner.objects.filter(property__in=list(accounts), ended_on__isnull=True,
                                              account__isnull=False).select_related("account"):
        accounts[owner.property_id].append(owner.account)
    return accounts


def is_owner(user: User, place: Property) -> bool:
    """Is ``user`` linked to a current owner of record of ``place``?"""
    return user.is_authenticated and place.owners.filter(
        ended_on__isnull=True, account_id=user.pk).exists()


def owned_by(user: User) -> QuerySet[Property]:
    """The live places ``user`` is a current owner of record of."""
    return Property.objects.filter(owners__account_id=user.pk, owners__ended_on__isnull=True,
                                   merged_into__isnull=True).distinct()


def _require_office(place: Property, acting_user: User) -> None:
    if not can_correct_property(acting_user, place):
        raise PermissionDenied(f"Only {place.municipality.short_name}'s clerk records a "
                               "property's owners.")


def _owner_errors(name: str, source: str, place: Property) -> dict[str, list[str]]:
    checks = (
        ("name", not name, "Enter the owner's name as the record writes it."),
        ("source", source not in OwnershipSource.values,
         "Choose where the ownership is written: the assessors' record or the deed."),
        ("name", place.merged_into_id is not None,
         "This property was merged into another; record owners there."),
    )
    return {field: [message] for field, refused, message in checks if refused}


@transaction.atomic
def record_owner(*, place: Property, name: str, source: str, reference: str = "",
                 mailing_address: str = "", account: User | None = None, acting_user: User
                 ) -> PropertyOwner:
    """The clerk records an owner of ``place`` from the assessors' record or the deed."""
    _require_office(place, acting_user)
    name = (name or "").strip()
    errors = _owner_errors(name, source, place)
    if errors:
        raise DomainError(errors)
    if account is not None and current_owners(place).filter(account=account).exists():
        raise InvalidTransition("That account is already an owner of this property.",
                                field="account")
    owner = PropertyOwner.objects.create(
        property=place, name=name, source=source, reference=(reference or "").strip(),
        mailing_address=(mailing_address or "").strip(), account=account,
        recorded_by=acting_user, recorded_on=timezone.localdate())
    audit.record(actor=acting_user, action="property.owner_recorded", subject=place,
                 municipality=place.municipality,
                 summary=f"{name} recorded as an owner of {place.address} from "
                         f"{owner.get_source_display().lower()}"
                         f"{f' ({owner.reference})' if owner.reference else ''}",
                 after={"owner": owner.pk, "name": name, "source": source,
                        "reference": owner.reference, "account": account.pk if account else None})
    return owner


@transaction.atomic
def end_ownership(*, owner: PropertyOwner, acting_user: User) -> PropertyOwner:
    """The owner no longer owns the place (a sale or transfer): dated from today, kept."""
    place = owner.property
    _require_office(place, acting_user)
    if owner.ended_on is not None:
        raise InvalidTransition("This ownership has already ended.")
    owner.ended_on = timezone.localdate()
    owner.ended_by = acting_user
    owner.save(update_fields=["ended_on", "ended_by"])
    audit.record(actor=acting_user, action="property.owner_ended", subject=place,
                 municipality=place.municipality,
                 summary=f"{owner.name} no longer an owner of {place.address}",
                 before={"owner": owner.pk, "ended_on": None},
                 after={"owner": owner.pk, "ended_on": str(owner.ended_on)})
    return owner


# -- what a town tells the owners of its places -------------------------------------------

#: A town's notices to owners: for a list of places, each place's sentences by its id.
OwnerNotices = Callable[[Sequence[Property]], Mapping[int, list[str]]]
_OWNER_NOTICES: dict[str, list[OwnerNotices]] = {}


def register_owner_notices(municipality: str, source: OwnerNotices) -> None:
    """Show ``source``'s sentences on ``municipality``'s places in the owner's "My
    properties" (a bylaw app's demands on the owner: an inspection due, by when)."""
    sources = _OWNER_NOTICES.setdefault(municipality, [])
    if source not in sources:
        sources.append(source)


def owner_notices(places: Sequence[Property]) -> dict[int, list[str]]:
    """Every registered notice of ``places``, by place id: each town's sources run once."""
    notices: dict[int, list[str]] = defaultdict(list)
    by_town: dict[str, list[Property]] = defaultdict(list)
    for place in places:
        by_town[place.municipality.code].append(place)
    for town, town_places in by_town.items():
        for source in _OWNER_NOTICES.get(town, []):
            for pk, sentences in source(town_places).items():
                notices[pk].extend(sentences)
    return dict(notices)
