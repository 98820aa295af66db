"""The people a clerk finds, or enters, at the counter.

A resident who never signs in still applies and holds licenses: the clerk finds
them by name, address or email address, or enters them with their mailing
address and, if they have one, an email address. Someone entered without one is
stored with none (``User``): they cannot sign in, and the office posts what it
would have emailed them (``permits_site.notifications``).
"""

from __future__ import annotations

from django.contrib.auth.base_user import BaseUserManager
from django.db import IntegrityError, transaction
from django.db.models import Q, QuerySet
from django.utils.text import slugify

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.accounts.addresses import DEFAULT_STATE
from permits_site.accounts.models import User
from permits_site.exceptions import DomainError, PermissionDenied

#: How many people a counter search lists: enough to pick from, short enough to read.
FOUND_AT_MOST = 20
#: No one types more; it bounds the ``LIKE``.
MAX_QUERY = 100
SEARCHED_FIELDS = ("first_name", "last_name", "username", "email", "street_address", "city",
                   "postal_code")
ADDRESS_TAKEN = ("Another person already uses this email address: find them by it instead "
                 "of entering them again.")


def find_people(query: str) -> QuerySet[User]:
    """Active people whose name, address or email address holds every word of ``query``
    (any case), by surname; none for an empty query. A NUL (which PostgreSQL refuses) is
    dropped and the query cut at ``MAX_QUERY`` characters."""
    words = query.replace("\x00", "")[:MAX_QUERY].split()
    if not words:
        return User.objects.none()
    matches = Q()
    for word in words:
        matches &= Q(*(Q(**{f"{name}__icontains": word}) for name in SEARCHED_FIELDS),
                     _connector=Q.OR)
    return (User.objects.filter(matches, is_active=True)
            .order_by("last_name", "first_name", "pk")[:FOUND_AT_MOST])


@transaction.atomic
def enter_person_at_counter(
    *,
    municipality,
    first_name: str,
    last_name: str,
    street_address: str,
    city: str,
    postal_code: str,
    state: str = DEFAULT_STATE,
    phone: str = "",
    email: str | None = None,
    acting_user: User,
) -> User:
    """A clerk of ``municipality`` enters a resident who has no account.

    The mailing address is in Massachusetts unless ``state`` (a USPS code) says otherwise.
    The person gets a username of their own and no password: nobody signs in as
    them. An empty ``email`` is stored as none; an address another person already
    uses, in any case, is refused.
    """
    if not permissions.is_clerk(acting_user, municipality.pk):
        raise PermissionDenied("Only the town's clerks enter people at the counter.")
    email = BaseUserManager.normalize_email((email or "").strip()) or None
    if email is not None and User.objects.filter(email__iexact=email).exists():
        raise DomainError(ADDRESS_TAKEN, field="email")
    person = User(first_name=first_name.strip(), last_name=last_name.strip(), email=email,
                  street_address=street_address.strip(), city=city.strip(), state=state,
                  postal_code=postal_code.strip(), phone=phone.strip(),
                  username=_free_username(first_name, last_name))
    person.set_unusable_password()
    try:
        with transaction.atomic():
            person.save()
    except IntegrityError as taken:
        raise DomainError(ADDRESS_TAKEN, field="email") from taken
    audit.record(
        actor=acting_user, action="account.entered_at_counter", subject=person,
        municipality=municipality,
        summary=f"{acting_user.display_name} entered {person.display_name} at the counter"
                + ("" if email else ", without an email address"),
        after={"username": person.username, "email": email,
               "mailing_address": person.mailing_address},
    )
    return person


def _free_username(first_name: str, last_name: str) -> str:
    """``ruth.walker``, else ``ruth.walker2``, ``ruth.walker3``…"""
    base = slugify(f"{first_name} {last_name}").replace("-", ".")[:140] or "resident"
    taken = {name.lower() for name in User.objects.filter(username__istartswith=base)
             .values_list("username", flat=True)}
    if base not in taken:
        return base
    number = 2
    while f"{base}{number}" in taken:
        number += 1
    return f"{base}{number}"
