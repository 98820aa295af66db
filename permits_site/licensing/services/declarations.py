"""A permit type's declaration as one record: what ``GET /api/v1/permit-types/{code}/``
shows, the generated form reads and the review screen lists (spec ``lifecycle.md``)."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from django.db import transaction

from permits_site import audit
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import PermitType
from permits_site.licensing.services.fees import schedule_in_force

if TYPE_CHECKING:
    from permits_site.accounts.models import User


def declaration(permit_type: PermitType, *, on: dt.date) -> dict[str, Any]:
    """The permit type with everything its kind declares and the fees in force on ``on``."""
    kind = kind_for(permit_type.code)
    schedule = schedule_in_force(permit_type, on)
    fees = [
        {"code": item.code, "label": item.description, "amount": f"{item.amount:.2f}",
         "section": item.citation, "placeholder": schedule.seeded}
        for item in schedule.items.all()
    ] if schedule else []
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
        "fees": fees,
    }


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
