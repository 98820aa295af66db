"""The records every permit type's reference fields may name: the applicant's properties,
the businesses they act for, and the permits they hold (spec ``lifecycle.md``)."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from permits_site.accounts.permissions import party_rows
from permits_site.licensing.declarations import register_reference
from permits_site.licensing.models import Permit
from permits_site.parties.services import businesses_of, properties_of


def permits_held_by(applicant):
    """Permits whose party is the applicant: their own, and their businesses'."""
    return Permit.objects.filter(
        party_rows(applicant, owner_field="holder", business_field="holder_business")
    )


def register_core_references() -> None:
    register_reference("property", properties_of, counter_page="parties:property_new",
                       counter_label=gettext_noop("Add a property for %(person)s"))
    register_reference("business", businesses_of, counter_page="parties:business_new",
                       counter_label=gettext_noop("Add a business for %(person)s"))
    register_reference("permit", permits_held_by)
