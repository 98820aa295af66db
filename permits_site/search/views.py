"""The staff search page: the box in the navigation bar of every staff page lands here."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import render
from django.views.decorators.http import require_GET

from permits_site.accounts.permissions import is_staff_member
from permits_site.exceptions import DomainError
from permits_site.search.matching import MAX_LENGTH, normalise_text
from permits_site.search.services import search


@login_required
@require_GET
def results(request):
    """The records matching ``?q=``, grouped by kind; an empty box shows only the form."""
    if not is_staff_member(request.user):
        raise PermissionDenied("Only the staff of a town search its records.")
    text = request.GET.get("q", "")
    groups, error = [], ""
    if text.strip():
        try:
            groups = search(user=request.user, text=text)
        except DomainError as refused:
            error = " ".join(refused.errors.get("q", []))
    return render(request, "search/results.html", {
        "query": normalise_text(text),
        "groups": groups,
        "error": error,
        "max_length": MAX_LENGTH,
    })
