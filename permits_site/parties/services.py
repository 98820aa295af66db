"""Creating and correcting businesses and properties; every change leaves an audit entry."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext_noop

from permits_site import audit
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import is_clerk, require
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.parties.models import (
    Business,
    BusinessMember,
    Property,
    normalise_address,
    normalise_parcel,
)
from permits_site.parties.places import FactsInvalid, derived_sent, parse_place_attributes
from permits_site.rules.wording import explain

if TYPE_CHECKING:
    from permits_site.accounts.models import User

ADDRESS_MISSING = gettext_noop("Enter the street address.")
#: What entering a record for another person is, as its refusal names it.
COUNTER_ENTRY = "add a property or a business for a person at the counter"


def businesses_of(user):
    """The businesses ``user`` acts for."""
    return Business.objects.filter(memberships__user=user)


def is_member(user, business: Business | None) -> bool:
    """Does ``user`` act for ``business``? (Uses prefetched memberships when present.)"""
    if business is None or not user.is_authenticated:
        return False
    return any(member.user_id == user.pk for member in business.memberships.all())


@transaction.atomic
def create_business(
    *,
    legal_name: str,
    kind: str,
    mailing_address: str,
    dba: str = "",
    phone: str = "",
    email: str = "",
    acting_user: User,
    member: User | None = None,
    municipality=None,
) -> Business:
    """Register a business; the user who creates it is its first member — or, at the
    counter, the resident ``member`` a clerk of ``municipality`` registers it for: the
    business is theirs, and the audit entry names the clerk who entered it."""
    member = member or acting_user
    on_behalf = member.pk != acting_user.pk
    if on_behalf:
        _require_counter_clerk(acting_user, municipality)
    business = Business.objects.create(
        legal_name=legal_name.strip(), dba=dba.strip(), kind=kind,
        mailing_address=mailing_address.strip(), phone=phone.strip(), email=email.strip(),
        created_by=acting_user,
    )
    BusinessMember.objects.create(business=business, user=member, added_by=acting_user)
    forget_cached_businesses(member)
    after = {"legal_name": business.legal_name, "kind": kind}
    if on_behalf:
        after["member"] = member.username
    audit.record(
        actor=acting_user, action="business.created", subject=business,
        municipality=municipality if on_behalf else None,
        summary=f"Business {business.display_name} registered"
                + (f" at the counter for {member.username}" if on_behalf else ""),
        after=after,
    )
    return business


def _require_counter_clerk(acting_user: User, municipality) -> None:
    """Only a clerk of the town, serving the person at its counter, enters a record that
    belongs to someone else."""
    require(municipality is not None and is_clerk(acting_user, municipality.pk),
            COUNTER_ENTRY, [Role.CLERK],
            town=municipality.pk if municipality is not None else None)


@transaction.atomic
def add_member(*, business: Business, username: str, acting_user: User) -> BusinessMember:
    """A member adds another registered user, who may then act for the business."""
    if not is_member(acting_user, business):
        raise PermissionDenied("Only a member of the business can add members.")
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise DomainError(explain(gettext_noop(
            "No registered user has the username “%(username)s”."), username=username),
            field="username")
    member, created = BusinessMember.objects.get_or_create(
        business=business, user=user, defaults={"added_by": acting_user}
    )
    if not created:
        raise DomainError(explain(gettext_noop("%(username)s already acts for this business."),
                                  username=user.username), field="username")
    forget_cached_businesses(user)
    audit.record(
        actor=acting_user, action="business.member_added", subject=business,
        summary=f"{user.username} may act for {business.display_name}",
        after={"member": user.username},
    )
    return member


def forget_cached_businesses(user) -> None:
    """Drop the per-object cache of ``permissions.business_ids`` after a membership change."""
    user.__dict__.pop("_business_ids", None)


def _attributes_or_error(municipality, raw: Mapping[str, Any]) -> dict[str, Any]:
    try:
        return parse_place_attributes(municipality.code, raw)
    except FactsInvalid as invalid:
        raise DomainError(invalid.errors) from invalid


def place_about(*records) -> Property | None:
    """The place the first of ``records`` that is about one (a permit, an application, an
    inspection: anything with a ``place``) is about, as the record that stays when it was
    merged into another; None when none is."""
    place = next((record.place for record in records
                  if record is not None and record.place_id is not None), None)
    return place and place.staying


def matching_property(*, municipality, address: str, parcel: str = "") -> Property | None:
    """The town's live record of the place: the one with this parcel or, when no parcel is
    given, the one at this normalised address, with or without a parcel on file ("unique by
    parcel, else by normalised address", lifecycle.md). An address that several parcels of
    the town share names none of them."""
    if parcel.strip():
        return _live_places(municipality).filter(parcel=normalise_parcel(parcel)).first()
    at_address = _places_at(municipality, address)
    unparcelled = at_address.filter(parcel="").first()
    if unparcelled is not None:
        return unparcelled
    parcelled = list(at_address.order_by("pk")[:2])
    return parcelled[0] if len(parcelled) == 1 else None


def _live_places(municipality):
    return Property.objects.filter(municipality=municipality, merged_into__isnull=True)


def _places_at(municipality, address: str):
    return _live_places(municipality).filter(
        normalised_address=normalise_address(street_address(municipality, address)))


def street_address(municipality, address: str) -> str:
    """``address`` without the town, state and ZIP code a person may add after the street
    ("9 Beach Road, Tisbury, MA 02568" is "9 Beach Road" of Tisbury): a property belongs
    to its town already, so the same place is one record however it is typed."""
    typed = address.strip()
    town = re.escape(municipality.short_name)
    street = re.sub(rf"(?i)[\s,]+{town}(?:[\s,]+(?:MA|Mass\.?|Massachusetts))?"
                    rf"(?:[\s,]+\d{{5}}(?:-\d{{4}})?)?[\s.]*$", "", typed)
    return street or typed


#: What words a person types for a record (a street address, a dog's name) never hold:
#: markup, braces, backslashes, control characters.
MARKUP = re.compile(r"[<>{}\\\x00-\x1f\x7f]")


def holds_markup(words: str) -> bool:
    """Whether ``words`` typed for a record hold markup, a brace, a backslash or a control
    character, which no address or name does."""
    return MARKUP.search(words) is not None


def new_address_refusal(address: str) -> str:
    """Why ``address`` cannot be a new place's street address, or "": it reads as a letter
    is addressed — a street named in words, nothing of markup. A number is not required:
    "One Elm Street" and a lot with no street number are places too."""
    typed = address.strip()
    if holds_markup(typed) or sum(char.isalpha() for char in typed) < 2:
        return gettext_noop("Enter the street address as a letter to the place is addressed: "
                            "number and street, e.g. 12 Main Street.")
    return ""


@transaction.atomic
def find_or_create_property(
    *,
    municipality,
    address: str,
    parcel: str = "",
    attributes: Mapping[str, Any] | None = None,
    acting_user: User,
    for_business: Business | None = None,
    for_person: User | None = None,
) -> tuple[Property, bool]:
    """The town's record of a place, created the first time anyone names it.

    A second applicant naming the same place gets the same record and is linked
    to it; attributes they send for an existing place are not applied (the
    clerk corrects a place's attributes, audited). At the counter a clerk of the town
    records it for the resident they serve (``for_person``): it becomes one of theirs, and
    the audit entries name the clerk.
    """
    on_behalf = for_person is not None and for_person.pk != acting_user.pk
    if on_behalf:
        _require_counter_clerk(acting_user, municipality)
    if not address.strip():
        raise DomainError(ADDRESS_MISSING, field="address")
    parsed = _attributes_or_error(municipality, attributes or {})
    existing = matching_property(municipality=municipality, address=address, parcel=parcel)
    if existing is None and (refusal := new_address_refusal(address)):
        raise DomainError(refusal, field="address")
    if existing is None and not parcel.strip() and _places_at(municipality, address).exists():
        raise DomainError(explain(gettext_noop(
            "Several parcels of %(town)s are at %(address)s: give the parcel of the place."),
            town=municipality.short_name, address=address.strip()), field="parcel")
    created = existing is None
    if created:
        try:
            with transaction.atomic():
                existing = Property.objects.create(
                    municipality=municipality, address=street_address(municipality, address),
                    parcel=parcel,
                    attributes=parsed,
                )
        except IntegrityError:
            existing = matching_property(municipality=municipality, address=address,
                                         parcel=parcel)
            created = False
        else:
            audit.record(
                actor=acting_user, action="property.created", subject=existing,
                municipality=municipality,
                summary=f"Property {existing.full_address} recorded"
                        + (f" at the counter for {for_person.username}" if on_behalf else ""),
                after={"address": existing.address, "parcel": existing.parcel, **parsed,
                       **({"for": for_person.username} if on_behalf else {})},
            )
    if on_behalf and not created and not existing.people.filter(pk=for_person.pk).exists():
        audit.record(
            actor=acting_user, action="property.linked", subject=existing,
            municipality=municipality,
            summary=f"{existing.full_address} added at the counter to "
                    f"{for_person.username}'s properties",
            after={"person": for_person.username},
        )
    link_property(property=existing, user=for_person if on_behalf else acting_user,
                  business=for_business)
    return existing, created


def link_property(*, property: Property, user=None, business: Business | None = None) -> None:
    """Remember who applied about a place, so that it is among their properties."""
    if business is not None:
        property.businesses.add(business)
    elif user is not None and user.is_authenticated:
        property.people.add(user)


def properties_of(user):
    """The places ``user`` or a business they act for applied about."""
    return Property.objects.filter(
        Q(people=user) | Q(businesses__memberships__user=user), merged_into__isnull=True
    ).distinct()


@transaction.atomic
def correct_property(
    *, property: Property, acting_user: User, address: str | None = None, parcel: str | None = None,
    attributes: Mapping[str, Any] | None = None,
) -> Property:
    """The clerk corrects a place. Issued permits keep the address and attributes they
    were issued on; open applications are judged again with the corrected ones. A
    correction that changes nothing is not saved or audited."""
    before = {"address": property.address, "parcel": property.parcel, **property.attributes}
    if address is not None:
        if not address.strip():
            raise DomainError(ADDRESS_MISSING, field="address")
        property.address = address.strip()
    if parcel is not None:
        property.parcel = parcel
    if attributes is not None:
        property.attributes = _attributes_or_error(property.municipality, attributes)
    property.parcel = normalise_parcel(property.parcel)
    after = {"address": property.address, "parcel": property.parcel, **property.attributes}
    if after == before:
        return property
    try:
        with transaction.atomic():
            property.save()
    except IntegrityError as clash:
        raise DomainError(
            "Another property of the town has this parcel or address; merge the two instead.",
            field="parcel" if property.parcel else "address",
        ) from clash
    audit.record(
        actor=acting_user, action="property.corrected", subject=property,
        municipality=property.municipality, summary=f"Property {property.full_address} corrected",
        before=before, after=after,
    )
    return property


#: Records that keep the place they were issued on: a merge never re-points them.
FROZEN_REFERENCES = frozenset({("licensing", "permit")})


@transaction.atomic
def merge_properties(*, duplicate: Property, into: Property, acting_user: User) -> Property:
    """Fold a duplicate record of a place into the one that stays.

    Every record about the duplicate (applications, dogs' residences, stables…)
    moves to the survivor, except issued permits, which keep the place they
    were issued on; the duplicate row stays, pointing at the survivor, and so do the
    records merged into the duplicate before (no chains of merged records).
    """
    if duplicate.pk == into.pk:
        raise DomainError("Choose two different properties.", field="into")
    if duplicate.municipality_id != into.municipality_id:
        raise DomainError("Only properties of the same town can be merged.", field="into")
    if duplicate.merged_into_id or into.merged_into_id:
        raise DomainError("That property was already merged.", field="into")
    moved = _repoint_references(duplicate, into)
    Property.objects.filter(merged_into=duplicate).update(merged_into=into)
    into.people.add(*duplicate.people.all())
    into.businesses.add(*duplicate.businesses.all())
    duplicate.merged_into = into
    duplicate.save(update_fields=["merged_into"])
    audit.record(
        actor=acting_user, action="property.merged", subject=into,
        municipality=into.municipality,
        summary=f"{duplicate.full_address} (#{duplicate.pk}) merged into {into.full_address}",
        before={"duplicate": duplicate.pk}, after={"moved": moved},
    )
    return into


def _repoint_references(duplicate: Property, into: Property) -> dict[str, int]:
    """Point every foreign key at the duplicate to the survivor; counts by model."""
    moved = {}
    for relation in Property._meta.related_objects:
        model = relation.related_model
        key = (model._meta.app_label, model._meta.model_name)
        if not relation.one_to_many or model is Property or key in FROZEN_REFERENCES:
            continue
        name = relation.field.name
        count = model.objects.filter(**{name: duplicate}).update(**{name: into})
        if count:
            moved[model._meta.label] = count
    return moved


@transaction.atomic
def record_derived_attributes(*, property: Property, values: Mapping[str, Any], reason: str,
                              acting_user: User) -> Property:
    """Staff set or correct what the town derives for a place (Tisbury's ``zone``), with a
    reason; the town's recorder audits it. A resident, or staff without the town's role,
    is refused naming the attribute: the town derives it."""
    town = property.municipality
    for attribute in derived_sent(town.code, values):
        name = attribute.fact.name
        if not attribute.may_record(acting_user, town.pk):
            raise DomainError({name: [attribute.refusal()]})
        if not (reason or "").strip():
            raise DomainError({"reason": [f"Say why the {name} is set or corrected."]})
        attribute.record(property, values[name], reason.strip(), acting_user)
    return property
