"""The kinds of record the core keeps, as the staff search finds them.

Permits and licenses by number; applications in any status by number, applicant,
business or address; people by name, address or email; businesses by name or d/b/a;
properties by address or parcel; cases and citations by number (cases also by party and
address). A record number (``#17``) finds the application, case and citation of that
number only. Each kind runs one query of at most ``scope.limit + 1`` rows, and none where
the query cannot match it.
"""

from __future__ import annotations

from urllib.parse import urlencode

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.urls import reverse
from django.utils import timezone

from permits_site.accounts.models import Role, User
from permits_site.accounts.permissions import (
    CITATION_STAFF_ROLES,
    ENFORCEMENT_ROLES,
    REVIEWER_ROLES,
    STAFF_ROLES,
    municipality_ids_with,
)
from permits_site.enforcement.models import Case, Citation
from permits_site.enforcement.registry import case_type_name
from permits_site.enforcement.services.dispositions import Standing, annotate_standing
from permits_site.licensing.models import Application, Permit, PermitStatus
from permits_site.parties.models import Business, Property, normalise_address, normalise_parcel
from permits_site.parties.permissions import businesses_applied_in
from permits_site.search.matching import SearchQuery, matching, ranked, text_search
from permits_site.search.registry import Hit, Scope, SearchKind, register_search_kind

PERSON_FIELDS = ("first_name", "last_name", "email", "street_address", "city")
NAME_FIELDS = ("first_name", "last_name")
BUSINESS_FIELDS = ("legal_name", "dba", "email")
BUSINESS_NAMES = ("legal_name", "dba")
CASE_FIELDS = ("party_name", "address")


def find_permits(query: SearchQuery, scope: Scope) -> list[Hit]:
    """Permits and licenses by number ("2026-0012" finds DL-2026-0012), newest first; a
    record number (``#12``) is an application's, not a permit's."""
    if query.names_a_record:
        return []
    today = timezone.localdate()
    permits = (Permit.objects.filter(municipality_id__in=scope.towns,
                                     number__icontains=query.text)
               .select_related("permit_type", "municipality").order_by("-issued_at", "-pk"))
    return [
        Hit(title=f"{permit.number} · {permit.permit_type.name}",
            status=PermitStatus(permit.effective_status(today)).label,
            town=permit.municipality.short_name,
            detail=", ".join(part for part in (permit.holder_name, permit.place_address) if part),
            url=reverse("licensing:review", args=[permit.application_id]))
        for permit in permits[: scope.limit + 1]
    ]


def find_applications(query: SearchQuery, scope: Scope) -> list[Hit]:
    """Applications in every status — issued, denied and withdrawn too — by number, or
    whose applicant, business or place matches (each looked up in its own table, so the
    words are matched once per person, business or place, not once per application).
    Words only: a near spelling finds the person or business in their own group. A record
    number (``#12``) finds that application only."""
    applications = (
        Application.objects.filter(_applications_found(query, scope.towns),
                                   municipality_id__in=scope.towns)
        .select_related("permit_type", "municipality", "applicant", "business", "place")
        .order_by("-created_at", "-pk")
    )
    return [
        Hit(title=f"Application #{application.pk} · {application.permit_type.name} "
                  f"({application.action_label.lower()})",
            status=application.status_label,
            town=application.municipality.short_name,
            detail=", ".join(part for part in (
                application.applicant.display_name,
                application.business.display_name if application.business else "",
                application.place.address if application.place else "",
            ) if part),
            url=reverse("licensing:review", args=[application.pk]))
        for application in applications[: scope.limit + 1]
    ]


def _applications_found(query: SearchQuery, towns) -> Q:
    number = Q(pk=query.number) if query.number is not None else None
    if query.names_a_record:
        return number
    found = (
        Q(applicant__in=matching(User.objects.all(), PERSON_FIELDS, query).values("pk"))
        | Q(business__in=matching(Business.objects.all(), BUSINESS_FIELDS, query)
            .values("pk"))
        | Q(place__in=places_matching(query, towns).values("pk"))
    )
    return found | number if number is not None else found


def find_people(query: SearchQuery, scope: Scope) -> list[Hit]:
    """People who applied in the towns, are a party to a case there or are linked to a
    property there, by name, address or email.

    A person with a case opens on their record of citations; else a reviewer sees their
    applications in every status in the queue."""
    towns = scope.towns
    in_towns = (
        Q(pk__in=Application.objects.filter(municipality_id__in=towns).values("applicant_id"))
        | Q(pk__in=Case.objects.filter(municipality_id__in=towns).values("party_id"))
        | Q(pk__in=Property.people.through.objects.filter(
            property__municipality_id__in=towns).values("user_id"))
    )
    own_cases = Case.objects.filter(municipality_id__in=towns, party_id=OuterRef("pk"),
                                    party_business__isnull=True)
    people = text_search(User.objects.filter(in_towns).annotate(has_case=Exists(own_cases)),
                         PERSON_FIELDS, query, similar=NAME_FIELDS,
                         order=("last_name", "first_name", "pk"))
    reviews = bool(municipality_ids_with(scope.user, *REVIEWER_ROLES))
    return [
        Hit(title=person.display_name,
            detail=", ".join(part for part in (person.email, person.mailing_address) if part),
            url=_person_url(person, reviews=reviews))
        for person in people[: scope.limit + 1]
    ]


def _person_url(person: User, *, reviews: bool) -> str:
    if person.has_case:
        return reverse("enforcement:person_record", args=[person.pk])
    if reviews:
        return f"{reverse('licensing:queue')}?{urlencode({'q': person.email, 'status': 'all'})}"
    return ""


def find_businesses(query: SearchQuery, scope: Scope) -> list[Hit]:
    """Businesses that applied in the clerk's towns, by legal name, d/b/a or email."""
    businesses = text_search(businesses_applied_in(scope.towns), BUSINESS_FIELDS, query,
                             similar=BUSINESS_NAMES, order=("legal_name", "pk"))
    return [
        Hit(title=business.display_name,
            detail=f"{business.get_kind_display()}, {business.mailing_address}",
            url=reverse("parties:staff_business", args=[business.pk]))
        for business in businesses[: scope.limit + 1]
    ]


def places_matching(query: SearchQuery, towns) -> QuerySet[Property]:
    """The live properties of ``towns`` by address ("12 Beach Rd." finds 12 Beach Road) or
    assessors' parcel ("62 - 104"); the normalised address stands in for a near spelling."""
    also = Q(parcel__icontains=normalise_parcel(query.text))
    address = normalise_address(query.text)
    if address:
        also |= Q(normalised_address__contains=address)
    return matching(Property.objects.filter(municipality_id__in=towns, merged_into__isnull=True),
                    ("address",), query, also=also)


def find_properties(query: SearchQuery, scope: Scope) -> list[Hit]:
    """The live properties of the clerk's towns by address or parcel."""
    places = ranked(places_matching(query, scope.towns).select_related("municipality"),
                    order=("normalised_address", "pk"))
    return [
        Hit(title=place.address, town=place.municipality.short_name,
            detail=f"Parcel {place.parcel}" if place.parcel else "",
            url=reverse("parties:staff_property", args=[place.pk]))
        for place in places[: scope.limit + 1]
    ]


def find_cases(query: SearchQuery, scope: Scope) -> list[Hit]:
    """Enforcement cases by number, party or address."""
    cases = text_search(
        Case.objects.filter(municipality_id__in=scope.towns).select_related("municipality"),
        CASE_FIELDS, query, similar=("party_name",), number_field="pk",
        order=("-received_on", "-pk"),
    )
    return [
        Hit(title=f"Case #{case.pk} · {case_type_name(case.case_type)}",
            status=case.get_status_display(), town=case.municipality.short_name,
            detail=f"{case.party_name}, {case.address}",
            url=reverse("enforcement:case", args=[case.pk]))
        for case in cases[: scope.limit + 1]
    ]


def find_citations(query: SearchQuery, scope: Scope) -> list[Hit]:
    """A citation by its number; no query runs for a search that is not a number."""
    if query.number is None:
        return []
    citations = annotate_standing(
        Citation.objects.filter(case__municipality_id__in=scope.towns, pk=query.number)
        .select_related("case__municipality"),
        on=timezone.localdate(),
    )
    return [
        Hit(title=f"Citation #{citation.pk} · {citation.description}",
            status=Standing(citation.standing_code).label,
            town=citation.case.municipality.short_name,
            detail=f"{citation.case.party_name}, case #{citation.case_id}",
            url=reverse("enforcement:citation", args=[citation.pk]))
        for citation in citations[: scope.limit + 1]
    ]


def register_core_kinds() -> None:
    """The core's kinds; each searches the towns where the person may open its page."""
    for kind in (
        SearchKind("permits", "Permits and licenses", 10, find_permits, REVIEWER_ROLES),
        SearchKind("applications", "Applications", 20, find_applications, REVIEWER_ROLES),
        SearchKind("people", "People", 30, find_people, STAFF_ROLES),
        SearchKind("businesses", "Businesses", 40, find_businesses, (Role.CLERK,)),
        SearchKind("properties", "Properties", 50, find_properties, (Role.CLERK,)),
        SearchKind("cases", "Cases", 60, find_cases, ENFORCEMENT_ROLES),
        SearchKind("citations", "Citations", 70, find_citations, CITATION_STAFF_ROLES),
    ):
        register_search_kind(kind)
