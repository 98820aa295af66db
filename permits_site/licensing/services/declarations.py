"""A permit type's declaration as one record: what ``GET /api/v1/permit-types/{code}/``
shows, the generated form reads and the review screen lists (spec ``lifecycle.md``)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from django.db import transaction

from permits_site import audit
from permits_site.licensing.kinds import PermitKind, kind_for
from permits_site.licensing.models import FeeItem, FeeSchedule, PermitType
from permits_site.licensing.services.fees import schedule_in_force
from permits_site.towns.typed_text import columns

if TYPE_CHECKING:
    from permits_site.accounts.models import User


def declaration(permit_type: PermitType, *, on: dt.date) -> dict[str, Any]:
    """The permit type with everything its kind declares and the fees in force on ``on``."""
    kind = kind_for(permit_type.code)
    schedule = schedule_in_force(permit_type, on)
    return {
        "code": permit_type.code,
        "municipality": permit_type.municipality.code,
        "name": permit_type.name,
        "authority": permit_type.authority,
        "term": permit_type.term,
        "check": permit_type.check_code or None,
        "inspection_check": kind.inspection_check or None,
        "actions": list(permit_type.actions),
        "online": permit_type.online,
        "holder": kind.holder.value,
        "about": kind.about.value,
        "purposes": [purpose.value for purpose in kind.purposes],
        "fields": [declared.describe() for declared in kind.fields(permit_type)],
        "facts_from": {name: source.value
                       for name, source in kind.facts_from(permit_type).items()},
        "documents": [document.describe() for document in kind.documents],
        "gates": [gate.value for gate in kind.gates(permit_type)],
        "fees": declared_fees(permit_type, kind, schedule) if schedule else [],
    }


def declared_fees(permit_type: PermitType, kind: PermitKind, schedule: FeeSchedule
                  ) -> list[dict[str, Any]]:
    """The schedule's items under the codes a fee quote's lines carry (spec ``api.md``: the
    main line's code is the action): each action's amounts under the action, in the order of
    :meth:`~permits_site.licensing.kinds.PermitKind.main_items`, then every item no action
    is charged as (a late fee) under its own code. ``item`` names the schedule item."""
    items = {fee_item.code: fee_item for fee_item in schedule.items.all()}
    charged = [(action, items[code]) for action in permit_type.actions
               for code in kind.main_items(action) if code in items]
    as_actions = {fee_item.code for _, fee_item in charged}
    listed = charged + [(code, fee_item) for code, fee_item in items.items()
                        if code not in as_actions]
    return [
        {"code": code, "item": fee_item.code, "label": fee_item.description,
         "amount": f"{fee_item.amount:.2f}", "section": fee_item.citation,
         "placeholder": schedule.seeded}
        for code, fee_item in listed
    ]


@transaction.atomic
def set_online(*, permit_type: PermitType, online: bool, acting_user: User) -> PermitType:
    """Open or close the web form and the API for a permit type (the counter stays open)."""
    before = permit_type.online
    permit_type.online = online
    permit_type.save(update_fields=["online"])
    audit.record(
        actor=acting_user,
        action="permit_type.online" if online else "permit_type.offline",
        subject=permit_type,
        municipality=permit_type.municipality,
        summary=f"{permit_type.name} {'taken' if online else 'no longer taken'} online",
        before={"online": before},
        after={"online": online},
    )
    return permit_type


@transaction.atomic
def save_wording_in_other_languages(
    *, permit_type: PermitType, wording: Mapping[str, str], acting_user: User
) -> PermitType:
    """The town admin's translations of the text they type for a permit type: its name and
    term (``name_pt_br``, ``term_es``, …) and each fee item's description
    (``<item code>:description_es``), written on the items of every version not yet retired.
    A blank translation means residents read the English. Amounts and the English wording
    never change here: an issued permit and a paid invoice keep what they said."""
    before, after = {}, {}
    for column in (*columns("name"), *columns("term")):
        if column in wording:
            before[column], after[column] = getattr(permit_type, column), wording[column].strip()
            setattr(permit_type, column, after[column])
    permit_type.save(update_fields=list(after))
    items = list(FeeItem.objects.filter(schedule__permit_type=permit_type,
                                        schedule__retired_at__isnull=True))
    for fee_item in items:
        changed = {column: wording[key].strip() for column in columns("description")
                   if (key := f"{fee_item.code}:{column}") in wording}
        if changed:
            before[fee_item.code] = {column: getattr(fee_item, column) for column in changed}
            after[fee_item.code] = changed
        for column, words in changed.items():
            setattr(fee_item, column, words)
    FeeItem.objects.bulk_update(items, columns("description"))
    audit.record(
        actor=acting_user, action="permit_type.wording", subject=permit_type,
        municipality=permit_type.municipality,
        summary=f"{permit_type.name}: wording in other languages", before=before, after=after)
    return permit_type
