"""A member of staff's home: for each town they serve and each role they hold there, the
sections registered for that role (:mod:`permits_site.homes.registry`), and the town's
registers offered to those roles (``register_queue_link``)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from permits_site.accounts.models import Role, User
from permits_site.accounts.permissions import role_pairs
from permits_site.homes.registry import WorkItem, WorkList, sections_for
from permits_site.licensing.page_registry import QueueLink, town_registers
from permits_site.towns.calendar import TownCalendar, town_calendar
from permits_site.towns.models import Municipality

ROLE_ORDER = tuple(Role.values)


@dataclass(frozen=True)
class Row:
    """An item as the page shows it on ``today``."""

    item: WorkItem
    status: str
    overdue: bool


@dataclass(frozen=True)
class ShownList:
    work: WorkList
    rows: list[Row]


@dataclass(frozen=True)
class FilledSection:
    title: str
    lists: list[ShownList]


@dataclass(frozen=True)
class RoleHome:
    role: str
    label: str
    sections: list[FilledSection]


@dataclass(frozen=True)
class TownHome:
    town: TownCalendar
    roles: list[RoleHome]
    #: The town's registers offered to the roles held there, whichever role they are for.
    registers: list[QueueLink]
    #: Is the office open today, by the town's calendar (weekdays, holidays, closures)?
    open_today: bool


def staff_home(user: User, *, today: dt.date) -> list[TownHome]:
    """Every town ``user`` serves, by name, with each role held there (in the order of
    :class:`Role`) and its sections, and the registers offered to those roles; empty for a
    resident."""
    pairs = role_pairs(user)
    codes = Municipality.objects.filter(pk__in={town for town, _role in pairs}).order_by(
        "name").values_list("pk", "code")
    homes = []
    for town_id, code in codes:
        town = town_calendar(code)
        held = sorted((role for pk, role in pairs if pk == town_id), key=ROLE_ORDER.index)
        homes.append(TownHome(town, [_role_home(town, role, user=user, today=today)
                                     for role in held],
                              registers=town_registers(code, held),
                              open_today=town.calendar.is_business_day(today)))
    return homes


def _role_home(town: TownCalendar, role: str, *, user: User, today: dt.date) -> RoleHome:
    return RoleHome(role, Role(role).label, [
        FilledSection(section.title, [
            _shown(work, today=today) for work in section.source(town, user=user, today=today)
        ])
        for section in sections_for(role, town.municipality.code)
    ])


def _shown(work: WorkList, *, today: dt.date) -> ShownList:
    return ShownList(work, [Row(item, item.status(today), item.overdue(today))
                            for item in work.items])
