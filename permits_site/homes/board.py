"""A Board member's home: variances and waivers waiting for their signature (Northborough
§8.2, M.G.L. c.111 §157; Tisbury 09.0.3), the Board's hearings on applications and the
hearings on its cases, which the Board decides."""

from __future__ import annotations

import datetime as dt

from django.db.models import Exists, OuterRef

from permits_site.accounts.models import User
from permits_site.homes.applications import (
    not_their_own,
    undecided_hearings,
    variance_item,
    waiting_variances,
)
from permits_site.homes.hearings import board_case_hearings
from permits_site.homes.registry import WorkList, limited
from permits_site.licensing.models import VarianceSignature
from permits_site.towns.calendar import TownCalendar


def signatures_waiting(town: TownCalendar, *, user: User) -> WorkList:
    """Waiting variances ``user`` has not signed yet, but those of an application they or
    their business made, which another member signs (``permissions.own_application_refusal``):
    in the same query, so the home's count stays fixed."""
    variances = not_their_own(waiting_variances(town), user, path="application").exclude(
        Exists(VarianceSignature.objects.filter(variance=OuterRef("pk"), board_member=user)))
    return limited("Signatures waiting for me", variances,
                   variance_item("Sign or refuse the variance"),
                   empty="No variance waits for your signature.")


def board_hearings(town: TownCalendar) -> WorkList:
    return undecided_hearings(town, title="Hearings of the Board",
                              empty="The Board has no hearing to hold.")


def board_member_work(town: TownCalendar, *, user: User, today: dt.date) -> list[WorkList]:
    return [signatures_waiting(town, user=user), board_hearings(town),
            board_case_hearings(town)]
