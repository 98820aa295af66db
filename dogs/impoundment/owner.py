"""The owner's page of an impounded animal (North Andover Code ch. 60, Impoundment C, D):
what the officer holds, since when and until when, what its release needs and the fees to
pay — where the invoice of the fees links its payer (``dogs.impoundment.invoices``). Only the
licensed dog's owner and the person the fees are billed to see it; anyone else gets a 404."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import render
from django.utils import timezone
from django.utils.html import format_html
from django.views.decorators.http import require_GET

from dogs.impoundment.services import dates_of
from dogs.law import cite
from dogs.models import Impoundment, ImpoundmentStatus
from permits_site.accounts.permissions import is_party
from permits_site.licensing.views.access import get_visible_or_404


def is_owner(user, record: Impoundment) -> bool:
    """The licensed dog's owner, or whoever owes its fee invoice (Impoundment C, D)."""
    invoice = record.fee_invoice
    return (record.dog is not None and record.dog.owner_id == user.pk) or (
        invoice is not None and is_party(user, person_id=invoice.payer_id,
                                         business_id=invoice.payer_business_id))


@login_required
@require_GET
def impoundment_owner(request, pk: int):
    """Read only: the owner's steps (rabies proof, payment) are taken with the officer or at
    the Clerk's counter, or by paying the invoice online."""
    record = get_visible_or_404(
        Impoundment.objects.select_related("municipality", "dog", "fee_invoice")
        .prefetch_related("fee_invoice__lines"),
        is_owner, request.user, pk=pk)
    today = timezone.localdate()
    return render(request, "dogs/impound_owner.html", {
        "record": record, "animal": record.dog.name if record.dog else record.description,
        "held": record.status == ImpoundmentStatus.HELD,
        "dates": dates_of(record, record.municipality.calendar()),
        "rabies_missing": record.rabies_missing_on(today),
        # The section stays English, as enacted, inside the sentence the owner's notice says.
        "release_citation": format_html('<span class="citation" lang="en">{}</span>',
                                        cite("Impoundment C")),
        "rabies_citation": cite("Rabies A"),
    })
