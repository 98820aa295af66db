"""The pages of businesses and properties (spec ``lifecycle.md``, "Holders").

Residents register the businesses they act for, add members and record the
places they apply about. A town's clerk finds the businesses that applied
there and the town's properties, corrects a place and folds duplicates into
one record; every change goes through :mod:`permits_site.parties.services`,
which audits it. Records a user may not see are a 404; staff pages refuse
non-clerks with a 403.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.db.models import Count, IntegerField, OuterRef, Q, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.http import require_GET, require_http_methods

from permits_site import audit
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import (
    STAFF_ROLES,
    can_review,
    can_work_case,
    municipality_ids_with,
    require,
)
from permits_site.enforcement.citation_views import citation_row
from permits_site.enforcement.registry import case_type as registered_case_type
from permits_site.enforcement.services import dispositions
from permits_site.enforcement.views import check_title
from permits_site.exceptions import DomainError
from permits_site.licensing.fact_forms import humanize
from permits_site.licensing.models import (
    Application,
    Invoice,
    InvoiceStatus,
    Permit,
    PermitStatus,
)
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.links import back_with_chosen, page_to_return_to
from permits_site.page_actions import with_actions
from permits_site.parties import owners, permissions
from permits_site.parties import services as party_services
from permits_site.parties.forms import (
    BusinessForm,
    MemberForm,
    MergeForm,
    PlaceForm,
    SearchForm,
    TownForm,
    place_form_class,
)
from permits_site.parties.models import (
    Business,
    BusinessMember,
    Property,
    normalise_address,
    normalise_parcel,
)
from permits_site.parties.owner_forms import OwnerForm
from permits_site.parties.places import Derivation, derive_attributes, place_panels
from permits_site.parties.records import (
    cases_at,
    citations_at,
    inspections_at,
    variances_at,
    with_open_orders,
)
from permits_site.rules.wording import explain, phrase
from permits_site.towns.models import Municipality

#: Rows per page of the staff lists.
PAGE_SIZE = 25


def clerk_required(view):
    """Only a town's clerk reaches the staff pages of businesses and properties."""

    @login_required
    def wrapped(request, *args, **kwargs):
        require(bool(permissions.clerk_town_ids(request.user)),
                "see the businesses and properties of the town", [Role.CLERK])
        return view(request, *args, **kwargs)

    wrapped.__name__ = view.__name__
    wrapped.__doc__ = view.__doc__
    return wrapped


def attribute_rows(place: Property, derived: dict[str, Derivation] | None = None
                   ) -> list[tuple[str, str]]:
    """A place's attributes as a person reads them ("Zone", "Coastal district"), those the
    town derives with why ("Barrier beach — lot 30-A-4 is on the 09.9.2 list"): a page says
    the label with ``translate`` and the value with ``explained``."""
    if derived is None:
        derived = derive_attributes([place])[place.pk]
    recorded = [
        (humanize(name), humanize(value) if isinstance(value, str) else str(value))
        for name, value in sorted(place.attributes.items())
    ]
    return recorded + [(humanize(name), explain(gettext_noop("%(value)s — %(reason)s"),
                                                 value=phrase(item.label), reason=item.reason))
                       for name, item in sorted(derived.items())]


def rows_with_attributes(places) -> list[tuple[Property, list[tuple[str, str]]]]:
    """Each place with its attribute rows, derived in a fixed number of queries."""
    places = list(places)
    derived = derive_attributes(places)
    return [(place, attribute_rows(place, derived[place.pk])) for place in places]


def page_of(request, rows: QuerySet) -> Any:
    return Paginator(rows, PAGE_SIZE).get_page(request.GET.get("page"))


def search_term(request) -> str:
    form = SearchForm(request.GET)
    return form.cleaned_data["q"].strip() if form.is_valid() else ""


# -- businesses: the member's pages ---------------------------------------------


@login_required
@require_GET
def my_businesses(request):
    """The businesses the user acts for."""
    mine = party_services.businesses_of(request.user).values("pk")
    businesses = Business.objects.filter(pk__in=mine).annotate(member_count=Count("memberships"))
    return render(request, "parties/my_businesses.html", {"businesses": businesses})


@login_required
@require_http_methods(["GET", "POST"])
def business_new(request):
    """Register a business; its registrant is its first member. At the counter a clerk of
    the town (``town``) registers it for the resident they serve (``for``), who is its
    member. Saved, it goes back to the form it was opened from (``next``), chosen there."""
    town, counter_for = _counter_town_and_person(request)
    form = BusinessForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            business = party_services.create_business(acting_user=request.user,
                                                      member=counter_for, municipality=town,
                                                      **form.cleaned_data)
        except DomainError as refused:
            form.add_domain_errors(refused.errors)
        else:
            if counter_for:
                messages.success(request, gettext(
                    "%(business)s is registered, with %(person)s as its member.") % {
                        "business": business.display_name,
                        "person": counter_for.display_name})
                default = reverse("licensing:counter_types")
            else:
                messages.success(request, gettext("%(business)s is registered. You act for "
                                                  "it.") % {"business": business.display_name})
                default = reverse("parties:business", args=[business.pk])
            return redirect(back_with_chosen(request, default, business=business.pk))
    return render(request, "parties/business_form.html",
                  {"form": form, "next": page_to_return_to(request),
                   "counter_for": counter_for, "town": town},
                  status=400 if form.errors else 200)


def _served_username(request) -> str:
    return (request.POST.get("for") or request.GET.get("for") or "").replace("\x00", "")


def _person_served(request, town: Municipality | None):
    """The resident (``for``: a username) a clerk of ``town`` serves at the counter, to
    record a property or a business as theirs; None on the user's own pages. Anyone else
    is refused before the name is looked up; an unknown or inactive person is a 404."""
    username = _served_username(request)
    if not username:
        return None
    clerk_of = permissions.clerk_town_ids(request.user)
    require(bool(clerk_of) and (town is None or town.pk in clerk_of),
            party_services.COUNTER_ENTRY, [Role.CLERK], town=town.pk if town else None)
    return get_object_or_404(get_user_model(), username=username, is_active=True)


def _counter_town_and_person(request) -> tuple[Municipality | None, Any]:
    """At the counter, the town whose clerk registers a business (``town``, a code) and the
    person it is for; (None, None) on the user's own page."""
    if not _served_username(request):
        return None, None
    _person_served(request, None)
    code = (request.POST.get("town") or request.GET.get("town") or "").replace("\x00", "")
    town = get_object_or_404(Municipality, code=code)
    return town, _person_served(request, town)


def _visible_business(request, pk: int) -> Business:
    return get_visible_or_404(Business.objects.all(), permissions.can_view_business,
                              request.user, pk=pk)


def _in_towns(rows: QuerySet, towns: Iterable[int] | None) -> QuerySet:
    return rows if towns is None else rows.filter(municipality_id__in=towns)


def business_records(business: Business, *, towns: Iterable[int] | None = None) -> dict:
    """A business's applications, permits and open invoices (only ``towns``' when given)."""
    applications = _in_towns(
        Application.objects.filter(business=business).select_related(
            "permit_type", "municipality", "applicant", "place__municipality"
        ),
        towns,
    )
    permits = _in_towns(
        Permit.objects.filter(holder_business=business).select_related(
            "permit_type", "municipality", "holder"
        ),
        towns,
    )
    invoices = _in_towns(
        Invoice.objects.filter(payer_business=business).select_related(
            "municipality", "application__permit_type"
        ).prefetch_related("lines"),
        towns,
    )
    return {"applications": applications, "permits": permits, "invoices": invoices}


def business_page(request, business: Business, *, member_form: MemberForm | None = None,
                  status: int = 200):
    member = permissions.is_business_member(request.user, business)
    towns = None if member else municipality_ids_with(request.user, *STAFF_ROLES)
    records = business_records(business, towns=towns)
    records["invoices"] = records["invoices"].filter(status=InvoiceStatus.OPEN)
    return render(request, "parties/business_detail.html", {
        "business": business,
        "is_member": member,
        "members": BusinessMember.objects.filter(business=business).select_related(
            "user", "added_by"),
        "member_form": (member_form or MemberForm()) if member else None,
        **records,
    }, status=status)


def _add_member(request, pk: int):
    """A member adds another registered user, who may then act for the business."""
    business = _visible_business(request, pk)
    permissions.require_member_adder(request.user, business)
    form = MemberForm(request.POST)
    if form.is_valid():
        try:
            member = party_services.add_member(business=business,
                                               username=form.cleaned_data["username"],
                                               acting_user=request.user)
        except DomainError as refused:
            form.add_domain_errors(refused.errors)
        else:
            messages.success(request, gettext(
                "%(name)s (%(username)s) may now act for %(business)s.") % {
                    "name": member.user.display_name, "username": member.user.username,
                    "business": business.display_name})
            return redirect("parties:business", pk=business.pk)
    return business_page(request, business, member_form=form, status=400)


@login_required
@with_actions({"member": _add_member})
@require_GET
def business_detail(request, pk: int):
    """Details, members, applications, permits and fees due: for its members, and for the
    staff of a town where it applied (who see that town's records only). The members' form
    posts here, naming its action."""
    return business_page(request, _visible_business(request, pk))


# -- properties: the resident's pages ---------------------------------------------


@login_required
@require_GET
def my_properties(request):
    """The places the user, or a business they act for, applied about, and those the town
    records them as an owner of, with what each town asks of its owners."""
    owned = owners.owned_by(request.user).values("pk")
    places = list(Property.objects.filter(
        Q(pk__in=party_services.properties_of(request.user).values("pk")) | Q(pk__in=owned)
    ).select_related("municipality"))
    owned_ids = set(owned.values_list("pk", flat=True))
    notices = owners.owner_notices([place for place in places if place.pk in owned_ids])
    return render(request, "parties/my_properties.html", {
        "rows": [(place, attributes, place.pk in owned_ids, notices.get(place.pk, []))
                 for place, attributes in rows_with_attributes(places)],
    })


@login_required
@require_http_methods(["GET", "POST"])
def property_new(request):
    """Record a place: first the town, then its address, parcel and the attributes the
    town's rules read from a place (Tisbury: the zone, BOH Reg 09.9). At the counter a
    clerk of the town records it for the resident they serve (``for``)."""
    back = page_to_return_to(request)
    town_form = TownForm(request.GET if "town" in request.GET else None)
    if not town_form.is_valid():
        return render(request, "parties/property_town.html",
                      {"town_form": town_form, "next": back,
                       "counter_for": _person_served(request, None)},
                      status=400 if town_form.errors else 200)
    town: Municipality = town_form.cleaned_data["town"]
    counter_for = _person_served(request, town)
    form = place_form_class(town.code)(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            place, created = party_services.find_or_create_property(
                municipality=town, address=form.cleaned_data["address"],
                parcel=form.cleaned_data["parcel"], attributes=form.attributes(),
                acting_user=request.user, for_person=counter_for,
            )
        except DomainError as refused:
            form.add_domain_errors(refused.errors)
        else:
            (messages.success if created else messages.info)(
                request, _place_added(place, created=created, person=counter_for))
            default = (reverse("parties:staff_property", args=[place.pk]) if counter_for
                       else reverse("parties:properties"))
            # Back to the application form the property was added from, if any, with
            # this property chosen on it.
            return redirect(back_with_chosen(request, default, property=place.pk))
    return render(request, "parties/property_form.html",
                  {"form": form, "town": town, "next": back, "counter_for": counter_for},
                  status=400 if form.errors else 200)


def _place_added(place: Property, *, created: bool, person) -> str:
    values = {"place": place.full_address}
    if person is not None:
        values["person"] = person.display_name
        return (gettext("%(place)s is added to %(person)s's properties.") if created
                else gettext("%(place)s was already on the town's records; it is now among "
                             "%(person)s's properties.")) % values
    return (gettext("%(place)s is added to your properties.") if created
            else gettext("%(place)s was already on the town's records; it is now among your "
                         "properties.")) % values


# -- staff: businesses -----------------------------------------------------------


def _count_in(model, *, link: str, towns: Iterable[int]) -> Coalesce:
    """How many ``model`` rows of ``towns`` point at the outer row through ``link``."""
    rows = (
        model.objects.filter(**{link: OuterRef("pk")}, municipality_id__in=towns)
        .order_by()
        .values(link)
        .annotate(total=Count("pk"))
        .values("total")
    )
    return Coalesce(Subquery(rows, output_field=IntegerField()), 0)


@clerk_required
@require_GET
def staff_businesses(request):
    """Businesses that applied in the clerk's towns, by name; a fixed number of queries."""
    towns = permissions.clerk_town_ids(request.user)
    query = search_term(request)
    businesses = permissions.businesses_applied_in(towns).annotate(
        application_count=_count_in(Application, link="business", towns=towns),
        permit_count=_count_in(Permit, link="holder_business", towns=towns),
    )
    if query:
        businesses = businesses.filter(Q(legal_name__icontains=query) | Q(dba__icontains=query))
    return render(request, "parties/staff_businesses.html", {
        "page": page_of(request, businesses.order_by("legal_name", "pk")),
        "query": query,
    })


@clerk_required
@require_GET
def staff_business(request, pk: int):
    """The business's record in the clerk's towns: its applications, permits and invoices."""
    towns = permissions.clerk_town_ids(request.user)
    business = permissions.businesses_applied_in(towns).filter(pk=pk).first()
    if business is None:
        raise Http404("No such record.")
    return render(request, "parties/staff_business.html", {
        "business": business,
        "members": BusinessMember.objects.filter(business=business).select_related("user"),
        "towns": Municipality.objects.filter(pk__in=towns),
        **business_records(business, towns=towns),
    })


# -- staff: properties -----------------------------------------------------------


@clerk_required
@require_GET
def staff_properties(request):
    """The live properties of the clerk's towns, by address or parcel; fixed queries."""
    towns = permissions.clerk_town_ids(request.user)
    query = search_term(request)
    places = (
        Property.objects.filter(municipality_id__in=towns, merged_into__isnull=True)
        .select_related("municipality")
        .annotate(application_count=_count_in(Application, link="place", towns=towns))
    )
    if query:
        places = places.filter(
            Q(address__icontains=query)
            | Q(normalised_address__icontains=normalise_address(query))
            | Q(parcel__icontains=normalise_parcel(query))
        )
    page = page_of(request, places.order_by("municipality__name", "normalised_address", "pk"))
    return render(request, "parties/staff_properties.html", {
        "page": page,
        "rows": rows_with_attributes(page),
        "query": query,
    })


def _clerks_property(request, pk: int) -> Property:
    return get_visible_or_404(
        Property.objects.select_related("municipality", "merged_into__municipality"),
        permissions.can_correct_property, request.user, pk=pk,
    )


def correction_form(place: Property, data=None) -> PlaceForm:
    initial = {"address": place.address, "parcel": place.parcel, **place.attributes}
    return place_form_class(place.municipality.code)(data, initial=initial, prefix="correct")


def history_rows(place: Property) -> list[tuple[Any, list[tuple[str, Any, Any]]]]:
    """The place's audit entries, newest first, each correction with what it changed."""
    rows = []
    for entry in audit.history_of(place)[:50]:
        changes = []
        if entry.action == "property.corrected":
            names = sorted(set(entry.before) | set(entry.after))
            changes = [
                (humanize(name), entry.before.get(name), entry.after.get(name))
                for name in names
                if entry.before.get(name) != entry.after.get(name)
            ]
        rows.append((entry, changes))
    return rows


def permit_rows(place: Property, *, today) -> list[tuple[Permit, str]]:
    """The permits issued on the place, each with its status today (an active permit past
    its term reads as expired)."""
    permits = place.permits.select_related("permit_type", "municipality", "holder_business")
    return [(permit, PermitStatus(permit.effective_status(today)).label) for permit in permits]


def enforcement_record(place: Property, *, today) -> dict[str, list]:
    """The place's waivers, inspections, cases (each with its registered type and open
    orders) and citations (each with what it amounts to, its balance and standing)."""
    cases = with_open_orders(cases_at(place).select_related("municipality", "permit"))
    inspections = inspections_at(place).select_related("municipality", "inspector", "permit")
    citations = dispositions.with_answers(citations_at(place))
    variances = variances_at(place).select_related("application__permit_type")
    return {
        "waivers": list(variances),
        "inspections": [(visit, check_title(visit.check_code)) for visit in inspections],
        "cases": [(case, registered_case_type(case.case_type)) for case in cases],
        "citations": [citation_row(citation, on=today) for citation in citations],
    }


def property_page(request, place: Property, *, correct_form: PlaceForm | None = None,
                  merge_form: MergeForm | None = None, owner_form=None, status: int = 200):
    """The clerk's page of one place: what it says, who is linked to it, what was issued,
    applied for and waived there, its inspections, enforcement cases and citations, the
    town's own records of it, the forms to correct it and merge a duplicate, its history."""
    applications = place.applications.select_related(
        "permit_type", "municipality", "applicant", "business"
    )
    today = timezone.localdate()
    live = place.merged_into_id is None
    return render(request, "parties/staff_property.html", {
        "place": place,
        "today": today,
        "attributes": attribute_rows(place),
        "people": place.people.all(),
        "businesses": place.businesses.all(),
        "applications": applications,
        "permits": permit_rows(place, today=today),
        **enforcement_record(place, today=today),
        "merged_from": place.merged_from.all(),
        "history": history_rows(place),
        "panels": place_panels(place, request.user),
        "reviewer": can_review(request.user, place.municipality_id),
        "may_open_case": live and can_work_case(request.user, place.municipality_id),
        "correct_form": (correct_form or correction_form(place)) if live else None,
        "merge_form": (merge_form or MergeForm(prefix="merge")) if live else None,
        "owners": place.owners.select_related("account"),
        "owner_form": (owner_form or OwnerForm(prefix="owner")) if live else None,
    }, status=status)


@clerk_required
@require_GET
def staff_property(request, pk: int):
    """The property's page; its forms post here, naming their action (``urls.py``)."""
    return property_page(request, _clerks_property(request, pk))


@clerk_required
def correct_property(request, pk: int):
    """Correct the address, parcel or attributes; issued permits keep what they were
    issued on, open applications are judged again."""
    place = _clerks_property(request, pk)
    if place.merged_into_id:
        raise Http404("No such record.")
    form = correction_form(place, request.POST)
    if form.is_valid():
        address, parcel = form.cleaned_data["address"], form.cleaned_data["parcel"]
        attributes = form.attributes()
        unchanged = (
            address.strip() == place.address
            and normalise_parcel(parcel) == place.parcel
            and attributes == place.attributes
        )
        if unchanged:
            messages.info(request, "Nothing was changed.")
            return redirect("parties:staff_property", pk=place.pk)
        try:
            party_services.correct_property(property=place, address=address, parcel=parcel,
                                            attributes=attributes, acting_user=request.user)
        except DomainError as refused:
            form.add_domain_errors(refused.errors)
        else:
            messages.success(request, "The property is corrected. Issued permits keep the "
                                      "place they were issued on.")
            return redirect("parties:staff_property", pk=place.pk)
    return property_page(request, _clerks_property(request, pk), correct_form=form,
                         status=400)


@clerk_required
def merge_property(request, pk: int):
    """Fold a duplicate record of the same place, in the same town, into this one."""
    place = _clerks_property(request, pk)
    if place.merged_into_id:
        raise Http404("No such record.")
    form = MergeForm(request.POST, prefix="merge")
    if form.is_valid():
        number = form.cleaned_data["duplicate"]
        duplicate = Property.objects.filter(pk=number,
                                            municipality_id=place.municipality_id).first()
        if duplicate is None:
            form.add_error("duplicate", f"No property of {place.municipality.short_name} "
                                        f"has the number {number}.")
        else:
            try:
                party_services.merge_properties(duplicate=duplicate, into=place,
                                                acting_user=request.user)
            except DomainError as refused:
                for messages_ in refused.errors.values():
                    for message in messages_:
                        form.add_error("duplicate", message)
            else:
                messages.success(request, f"{duplicate.address} (#{duplicate.pk}) is merged "
                                          "into this property.")
                return redirect("parties:staff_property", pk=place.pk)
    return property_page(request, place, merge_form=form, status=400)
