"""The Town Clerk's list of the officer's records past their keep-until date (North Andover
Code ch. 60, ACO B(2)): a list only, nothing is deleted."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.utils import timezone
from django.views.decorators.http import require_GET

from dogs.officer_records import RECORD_READER_ROLES, SEE_RECORDS, can_read_records
from dogs.periods import MUNICIPALITY
from dogs.records.services import past_keeping
from permits_site.accounts.permissions import require
from permits_site.towns.models import Municipality


@login_required
@require_GET
def retention_list(request):
    town = Municipality.objects.get(code=MUNICIPALITY)
    require(can_read_records(request.user, town.pk), SEE_RECORDS, RECORD_READER_ROLES,
            town=town)
    today = timezone.localdate()
    return render(request, "dogs/retention_list.html", {
        "rows": past_keeping({town.pk}, today), "today": today,
    })
