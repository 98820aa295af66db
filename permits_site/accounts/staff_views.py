"""The town admin's staff page: the town's staff and their roles, granted and removed here.

Only an admin of the town opens it (another town's page is a 404, as if it did not
exist); the services decide every change and the page shows their refusals — a role
the town's law forbids together with one the person holds is refused naming the section.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

from permits_site.accounts import permissions
from permits_site.accounts.forms import StaffRoleForm
from permits_site.accounts.models import Membership, Role
from permits_site.accounts.staff_roles import (
    find_person,
    grant_role,
    revoke_role,
    sole_admin_role,
    staff_of,
)
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError
from permits_site.page_actions import posted_number, with_actions
from permits_site.towns.models import Municipality

#: How many of the town's latest role changes the page shows.
RECENT_CHANGES = 10
ROLE_CHANGES = ("staff.role_granted", "staff.role_revoked")
DOING = "grant and remove staff roles"


@login_required
@require_GET
def staff_roles_start(request) -> HttpResponse:
    """The navigation's "Staff and roles": the first town, by name, the person administers."""
    towns = permissions.admin_towns(request.user, doing=DOING)
    town = Municipality.objects.filter(pk__in=towns).first()
    return redirect("accounts:staff_roles", code=town.code)


def _remove_role(request, code: str) -> HttpResponse:
    """Remove the role of the posted ``membership``; a refusal (the town's last admin) is
    shown on the page."""
    municipality = permissions.administered_town(request.user, code, doing=DOING)
    membership = get_object_or_404(Membership.objects.select_related("user", "municipality"),
                                   pk=posted_number(request, "membership"),
                                   municipality=municipality)
    try:
        revoke_role(membership=membership, acting_user=request.user)
    except DomainError as refused:
        return _page(request, municipality, form=StaffRoleForm(), refused=refused)
    messages.success(request, f"{membership.user.display_name} no longer holds the "
                              f"{membership.get_role_display()} role.")
    if not permissions.is_admin(request.user, municipality.pk):
        return redirect("home")
    return redirect("accounts:staff_roles", code=code)


@login_required
@with_actions({"remove": _remove_role})
@require_http_methods(["GET", "POST"])
def staff_roles(request, code: str) -> HttpResponse:
    """List the town's staff; grant a role to a person found by username or email. A role's
    Remove button posts here too, naming its action and the membership."""
    municipality = permissions.administered_town(request.user, code, doing=DOING)
    form = StaffRoleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            person = find_person(form.cleaned_data["person"])
            membership = grant_role(municipality=municipality, user=person,
                                    role=form.cleaned_data["role"], acting_user=request.user)
        except DomainError as refused:
            form.add_domain_errors(refused.errors)
        else:
            messages.success(request, f"{person.display_name} now holds the "
                                      f"{membership.get_role_display()} role.")
            return redirect("accounts:staff_roles", code=code)
    return _page(request, municipality, form=form)


def _page(request, municipality: Municipality, *, form: StaffRoleForm,
          refused: DomainError | None = None) -> HttpResponse:
    changes = (AuditEntry.objects.filter(municipality=municipality, action__in=ROLE_CHANGES)
               .select_related("actor")[:RECENT_CHANGES])
    towns = permissions.municipality_ids_with(request.user, Role.ADMIN)
    staff = staff_of(municipality)
    context = {
        "municipality": municipality,
        "staff": staff,
        "sole_admin_role": sole_admin_role(staff),
        "form": form,
        "refused": refused,
        "changes": changes,
        "other_towns": Municipality.objects.filter(pk__in=towns - {municipality.pk}),
    }
    status = 400 if form.errors or refused else 200
    return render(request, "accounts/staff_roles.html", context, status=status)
