"""The surcharge event an order represents, as an administrator classifies it.

A town's surcharge schedule may count an order to correct violations at the
holder's next renewal ("Citation/Order to Correct Violations", as such a
schedule lists it). A citation carries the event its officer chose when citing; an order is
classified afterwards by the town's administrator, with a reason, each
classification a record of its own (the newest counts) and audited on the
order's case.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.db import transaction

from permits_site import audit
from permits_site.enforcement.models import Order, SurchargeClassification
from permits_site.enforcement.registry import citation_policy
from permits_site.enforcement.services.dispositions import checked_classification

if TYPE_CHECKING:
    from permits_site.accounts.models import User


@transaction.atomic
def classify_order_surcharge(*, order: Order, event: str, reason: str, acting_user: User
                             ) -> SurchargeClassification:
    """Say which of the town's surcharge events the order represents ('' for none), and
    why; refusals name ``event`` or ``reason``."""
    order = Order.objects.select_for_update(of=("self",)).select_related(
        "case__municipality").get(pk=order.pk)
    event, reason, before = checked_classification(
        order, policy=citation_policy(order.case.municipality.code), event=event,
        reason=reason, noun="order")
    classification = SurchargeClassification.objects.create(
        order=order, event=event, reason=reason, recorded_by=acting_user)
    audit.record(
        actor=acting_user, action="case.order_surcharge_classified", subject=order.case,
        municipality=order.case.municipality,
        summary=f"Order #{order.pk} on case #{order.case_id}: surcharge event "
                f"{before or 'none'} → {event or 'none'}",
        before={"order": order.pk, "surcharge_event": before},
        after={"order": order.pk, "surcharge_event": event, "reason": reason},
    )
    return classification
