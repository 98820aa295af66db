"""What each role's home shows, registered from the apps' ``AppConfig.ready()``.

The core registers the sections every town shares (the clerk's gates, the inspector's
agenda, hearings, signatures, the admin's settings); a bylaw app registers the sections of
records its law keeps of its own (North Andover's Animal Control Officer) for its town only,
the way it registers its deadlines (``register_deadline_source``) and its navigation entries
(``register_nav_link``). The core never imports a bylaw app.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from django.urls import reverse
from django.utils.http import urlencode

from permits_site.rules.calendar import format_date

#: How many items one list shows; the list's own screen holds the rest.
LIST_LIMIT = 10


def from_home(url_name: str, pk: int) -> str:
    """The URL of a step taken from a row of the home, coming back to the home after it."""
    return f"{reverse(url_name, args=[pk])}?{urlencode({'next': reverse('staff_home')})}"


@dataclass(frozen=True)
class WorkItem:
    """One thing to do: what, on which record, by which date, and where it is done (and
    where its other steps from the row are).

    ``due_on`` is a date the law or the record sets; ``on`` the day something happens (an
    office closure); an item with neither says how long it has been waiting (``since``)."""

    what: str
    record: str
    url: str
    due_on: dt.date | None = None
    since: dt.date | None = None
    on: dt.date | None = None
    detail: str = ""
    citation: str = ""
    #: Other steps taken from the row: (label, url) pairs, e.g. moving the date.
    actions: tuple[tuple[str, str], ...] = ()

    def overdue(self, today: dt.date) -> bool:
        return self.due_on is not None and self.due_on < today

    def status(self, today: dt.date) -> str:
        """"Overdue since June 8, 2026", "Due today", "Due by June 12, 2026", "On July 3,
        2026" or "Waiting since June 1, 2026"."""
        if self.due_on is None:
            if self.on is not None:
                return f"On {format_date(self.on)}"
            return f"Waiting since {format_date(self.since)}" if self.since else ""
        if self.due_on < today:
            return f"Overdue since {format_date(self.due_on)}"
        if self.due_on == today:
            return "Due today"
        return f"Due by {format_date(self.due_on)}"


@dataclass(frozen=True)
class WorkList:
    """A titled list of items, at most :data:`LIST_LIMIT` of them; ``more`` says that the
    screen at ``link_url`` holds others."""

    title: str
    items: Sequence[WorkItem]
    empty: str
    link_label: str = ""
    link_url: str = ""
    more: bool = False


def limited(title: str, rows: Sequence, item: Callable[..., WorkItem], *, empty: str,
            link_label: str = "", link_url: str = "") -> WorkList:
    """A :class:`WorkList` of the first :data:`LIST_LIMIT` of ``rows`` (a queryset or a
    list), saying whether there are more: one query, of one row more than it shows."""
    rows = list(rows[:LIST_LIMIT + 1])
    return WorkList(title, [item(row) for row in rows[:LIST_LIMIT]], empty,
                    link_label, link_url, more=len(rows) > LIST_LIMIT)


#: ``source(town, *, user, today)``: the lists of one section for one town (a
#: ``TownCalendar``), in a fixed number of queries whatever the number of records.
WorkSource = Callable[..., Sequence[WorkList]]


@dataclass(frozen=True)
class HomeSection:
    role: str
    title: str
    source: WorkSource
    #: The town code it serves; empty: every town.
    municipality: str = ""


_SECTIONS: dict[tuple[str, str, str], HomeSection] = {}


def register_home_section(role: str, title: str, source: WorkSource, *,
                          municipality: str = "") -> None:
    """Show ``title`` with the lists of ``source`` on the home of each holder of ``role``
    (in the town whose code is ``municipality``, or in every town); registered again under
    the same role, town and title, it replaces the section."""
    _SECTIONS[(role, municipality, title)] = HomeSection(role, title, source, municipality)


def sections_for(role: str, municipality: str) -> list[HomeSection]:
    """The sections a holder of ``role`` in the town ``municipality`` sees, in the order
    they were registered."""
    return [section for section in _SECTIONS.values()
            if section.role == role and section.municipality in ("", municipality)]
