"""A dog's page for North Andover's staff: the dog, its owner and residence, its licenses
(online and on paper) and tags by year, its tag exemptions (Licenses A(6)), the cases of
its owner or at its residence with their determinations, orders and citations, and its
impoundments.

Dog cases are brought against the owner at an address (``Case.party`` and
``Case.address``); impoundments name the dog itself. The page runs a fixed number of
queries whatever the number of rows. Anyone but the town's staff gets a 404.
"""

from __future__ import annotations

from collections import defaultdict

from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch, Q
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from dogs.licenses.exemptions import in_force, may_record
from dogs.models import Dog, DogLicense
from permits_site.accounts.permissions import STAFF_ROLES, has_role
from permits_site.enforcement.models import Case
from permits_site.enforcement.registry import case_type_name
from permits_site.licensing.views.access import get_visible_or_404


def _is_town_staff(user, dog: Dog) -> bool:
    return has_role(user, dog.residence.municipality_id, *STAFF_ROLES)


def visible_dog(request, pk: int) -> Dog:
    dogs = Dog.objects.select_related("owner", "residence__municipality").prefetch_related(
        Prefetch("license_applications",
                 queryset=DogLicense.objects.select_related("application__permit")),
        "tags", "paper_licenses", "impoundments", "tag_exemptions",
    )
    return get_visible_or_404(dogs, _is_town_staff, request.user, pk=pk)


def cases_of(dog: Dog) -> list[Case]:
    """The town's cases against the dog's owner or at its residence, newest first."""
    residence = dog.residence
    at_residence = (Q(address__iexact=residence.full_address)
                    | Q(address__iexact=residence.address))
    return list(
        Case.objects.filter(Q(party_id=dog.owner_id) | at_residence,
                            municipality_id=residence.municipality_id)
        .select_related("determined_by")
        .prefetch_related("orders", "citations")
    )


def licenses_by_year(dog: Dog) -> list[dict]:
    """Each license year with its online license (or application), paper license and tags,
    newest first."""
    years: dict[int, dict] = defaultdict(lambda: {"applications": [], "paper": [], "tags": []})
    for details in dog.license_applications.all():
        years[details.license_year]["applications"].append(details.application)
    for paper in dog.paper_licenses.all():
        years[paper.year]["paper"].append(paper)
    for tag in dog.tags.all():
        years[tag.year]["tags"].append(tag)
    return [{"year": year, **years[year]} for year in sorted(years, reverse=True)]


@login_required
@require_GET
def dog_record(request, pk: int):
    dog = visible_dog(request, pk)
    cases = cases_of(dog)
    return render(request, "dogs/dog_record.html", {
        "dog": dog,
        "years": licenses_by_year(dog),
        "cases": [(case, case_type_name(case.case_type)) for case in cases],
        "determined": [case for case in cases if case.determined_on],
        "orders": [order for case in cases for order in case.orders.all()],
        "citations": [citation for case in cases for citation in case.citations.all()],
        "impoundments": dog.impoundments.all(),
        "may_record_exemption": may_record(request.user, dog.residence.municipality_id),
        "exempt_today": in_force(dog.tag_exemptions.all(), on=timezone.localdate()),
    })
