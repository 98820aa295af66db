"""The Clerk's home in North Andover: dogs whose paper license waits to be recorded.

A dog licensed on paper before the town licensed dogs online is entered with its old
license's number and year, so that its next license is a renewal, not a late new license
(spec ``lifecycle.md``, North Andover corrections; Licenses A(8)). What waits for that is
read from the records: a dog registered at a residence in town, still kept there, with no
license on record of any kind — none applied for online, no paper license recorded. The
Clerk records the paper license its owner holds, or the owner applies for a new one. One
query."""

from __future__ import annotations

import datetime as dt

from django.db.models import Exists, OuterRef
from django.urls import reverse
from django.utils import timezone

from dogs.law import cite
from dogs.models import Dog, DogLicense, PaperLicense
from permits_site.accounts.models import User
from permits_site.homes.registry import WorkItem, WorkList, limited
from permits_site.towns.calendar import TownCalendar


def unlicensed_dogs(town: TownCalendar):
    """Active dogs of the town with neither a license application nor a paper license,
    registered first, first."""
    return Dog.objects.filter(
        residence__municipality=town.municipality, active=True,
    ).exclude(Exists(DogLicense.objects.filter(dog=OuterRef("pk")))).exclude(
        Exists(PaperLicense.objects.filter(dog=OuterRef("pk")))
    ).select_related("owner").order_by("created_at", "pk")


def _item(dog: Dog) -> WorkItem:
    return WorkItem("Record its paper license, if it was licensed on paper",
                    f"{dog}, owner {dog.owner.display_name}",
                    reverse("dogs:paper_license", args=[dog.pk]),
                    since=timezone.localdate(dog.created_at), citation=cite("Licenses A(8)"))


def paper_licenses_to_record(town: TownCalendar, *, user: User | None, today: dt.date
                             ) -> list[WorkList]:
    return [limited("Paper licenses to record", unlicensed_dogs(town), _item,
                    empty="No dog waits for a paper license to be recorded: each has a "
                          "license, or an application for one, on record.",
                    link_label="Renewal season", link_url=reverse("dogs:renewal_season"))]
