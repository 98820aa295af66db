"""Issuing many applications in one action: a town's renewal season at volume.

Each application is approved (when still submitted or under review) and issued in a
transaction of its own, so one refusal leaves every other license issued; the PDFs are
rendered after each commit by the background worker (``render_permit_pdf``). The batch
gets one audit entry of its own besides each permit's ``permit.issued`` entry.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import Application, Permit
from permits_site.licensing.services.permits import approve_and_issue
from permits_site.towns.models import Municipality

if TYPE_CHECKING:
    from permits_site.accounts.models import User


@dataclass(frozen=True)
class Refusal:
    """One application the batch did not issue, and why (the services' own words)."""

    application_id: int
    label: str
    reason: str


@dataclass
class BulkIssueResult:
    issued: list[Permit] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)
    audit_entry: AuditEntry | None = None

    @property
    def issued_count(self) -> int:
        return len(self.issued)

    @property
    def refused_count(self) -> int:
        return len(self.refused)


def issue_many(*, applications: Iterable[Application], acting_user: User) -> BulkIssueResult:
    """Approve-and-issue each application on its own; report what was issued and refused.

    All applications must belong to one town, whose clerk ``acting_user`` must be.
    """
    chosen = list(applications)
    result = BulkIssueResult()
    if not chosen:
        return result
    town_ids = {application.municipality_id for application in chosen}
    if len(town_ids) > 1:
        raise DomainError("Issue one town's applications at a time.")
    town = Municipality.objects.get(pk=town_ids.pop())
    if not permissions.is_clerk(acting_user, town.pk):
        raise PermissionDenied(f"Only {town.short_name}'s clerks issue its licenses.")
    for application in chosen:
        try:
            # One transaction per application: a refusal rolls back only that one.
            result.issued.append(approve_and_issue(application=application,
                                                   acting_user=acting_user))
        except DomainError as error:
            result.refused.append(
                Refusal(
                    application_id=application.pk,
                    label=_label(application),
                    reason=str(error),
                )
            )
    result.audit_entry = audit.record(
        actor=acting_user,
        action="permit.bulk_issued",
        subject=town,
        municipality=town,
        summary=f"Issued {result.issued_count} in one action, refused {result.refused_count}",
        after={
            "issued": [{"id": permit.pk, "number": permit.number} for permit in result.issued],
            "refused": [
                {
                    "application": refusal.application_id,
                    "label": refusal.label,
                    "reason": refusal.reason,
                }
                for refusal in result.refused
            ],
        },
    )
    return result


def _label(application: Application) -> str:
    described = kind_for(application.permit_type.code).describe(application)
    return f"Application #{application.pk} ({described})"
