"""The allowed status changes of an application and of a permit, written once.

Each table maps an action to the statuses it may start from, the status it
leads to (``None``: the status stays) and the words a refusal names it by.
The services ``require`` an action before taking it. Who may take an action is
the other half (``permits_site.accounts.permissions``): the pages and the API
offer a person only the actions ``permissions.permitted_actions`` names, those
the status allows that the person takes, so a button never offers what the
service or the person's roles would refuse.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from types import MappingProxyType

from django.db import models

from permits_site.exceptions import InvalidTransition
from permits_site.licensing.models import Application, ApplicationStatus, Permit, PermitStatus


@dataclass(frozen=True)
class Transition:
    sources: tuple[str, ...]
    target: str | None
    #: The action as a refusal names it: "Cannot {doing} an application that is …".
    doing: str


@dataclass(frozen=True)
class Lifecycle:
    """The transitions of one kind of record, keyed by action."""

    noun: str
    statuses: type[models.TextChoices]
    transitions: Mapping[str, Transition]

    def can(self, action: str, record) -> bool:
        return record.status in self.transitions[action].sources

    def require(self, action: str, record) -> None:
        """Refuse, naming the record's status and the statuses that allow the action."""
        if not self.can(action, record):
            raise InvalidTransition(self.refusal(action, record))

    def leads_to(self, action: str) -> str | None:
        """The status ``action`` moves a record to (None: an action that keeps it)."""
        return self.transitions[action].target

    def allowed(self, record) -> list[str]:
        """The actions the record's status allows, in the table's order."""
        return [action for action in self.transitions if self.can(action, record)]

    def refusal(self, action: str, record) -> str:
        transition = self.transitions[action]
        allowed = _either([self._label(status) for status in transition.sources])
        return (
            f"Cannot {transition.doing} {self._article()} {self.noun} that is "
            f"{self._label(record.status)} (only one that is {allowed})."
        )

    def _label(self, status: str) -> str:
        return self.statuses(status).label.lower()

    def _article(self) -> str:
        return "an" if self.noun[0] in "aeiou" else "a"


def _either(labels: list[str]) -> str:
    """ "a", "a or b", "a, b or c"."""
    return " or ".join(filter(None, [", ".join(labels[:-1]), labels[-1]]))


S = ApplicationStatus
BEING_DECIDED = (S.SUBMITTED, S.UNDER_REVIEW)
OPEN = (*BEING_DECIDED, S.APPROVED)

APPLICATION = Lifecycle("application", ApplicationStatus, MappingProxyType({
    # A returned application is a draft again, saying what to change.
    "edit": Transition((S.DRAFT,), None, "edit"),
    "submit": Transition((S.DRAFT,), S.SUBMITTED, "submit"),
    "withdraw": Transition((S.DRAFT, *OPEN), S.WITHDRAWN, "withdraw"),
    "start_review": Transition((S.SUBMITTED,), S.UNDER_REVIEW, "start reviewing"),
    "request_changes": Transition(BEING_DECIDED, S.DRAFT, "request changes to"),
    "attach_document": Transition((S.DRAFT, *OPEN), None, "attach documents to"),
    # The office's findings while it decides: a reviewer's determination, a sign-off of
    # another office (zoning, conservation), the public water supply's record.
    "record_review": Transition(OPEN, None, "record a review of"),
    "request_variance": Transition(OPEN, None, "request a variance on"),
    "schedule_hearing": Transition(OPEN, None, "schedule a hearing on"),
    "approve": Transition(BEING_DECIDED, S.APPROVED, "approve"),
    "deny": Transition(OPEN, S.DENIED, "deny"),
    "issue": Transition((S.APPROVED,), S.ISSUED, "issue"),
    "approve_and_issue": Transition(OPEN, S.ISSUED, "approve and issue"),
}))

P = PermitStatus
PERMIT = Lifecycle("permit", PermitStatus, MappingProxyType({
    "suspend": Transition((P.ACTIVE,), P.SUSPENDED, "suspend"),
    "reinstate": Transition((P.SUSPENDED,), P.ACTIVE, "reinstate"),
    "revoke": Transition((P.ACTIVE, P.SUSPENDED), P.REVOKED, "revoke"),
    # A replacement tag amends the license it replaces (``Kind.amending_actions``);
    # a renewal or transfer supersedes it.
    "amend": Transition((P.ACTIVE,), None, "give a replacement for"),
    "supersede": Transition((P.ACTIVE, P.EXPIRED), P.SUPERSEDED, "supersede"),
}))
APPLICATION_ACTIONS = tuple(APPLICATION.transitions)
#: What the office does to an application's documents, by the application's status: it
#: decides them while the application is open; an issued, denied or withdrawn application's
#: documents are part of its closed record (an issued permit is never edited). Apart from
#: ``APPLICATION``, whose actions are the application's own (the API's ``allowed_actions``).
DOCUMENTS = Lifecycle("application", ApplicationStatus, MappingProxyType({
    "decide": Transition((S.DRAFT, *OPEN), None, "decide the documents of"),
}))
#: The permit's status changes staff make directly (the others follow an application).
PERMIT_STATUS_CHANGES = ("suspend", "reinstate", "revoke")


def lifecycle_of(record) -> Lifecycle:
    """The table of ``record``: a permit's, else an application's."""
    return PERMIT if isinstance(record, Permit) else APPLICATION


def can(action: str, application: Application) -> bool:
    return APPLICATION.can(action, application)


def require(action: str, application: Application) -> None:
    APPLICATION.require(action, application)


def allowed_actions(application: Application) -> list[str]:
    return APPLICATION.allowed(application)


def leads_to(action: str) -> str | None:
    return APPLICATION.leads_to(action)


can_edit = partial(can, "edit")
can_decide_documents = partial(DOCUMENTS.can, "decide")
can_record_review = partial(can, "record_review")
can_approve = partial(can, "approve")
