"""What happens next on an application, and who acts, in one sentence for the applicant.

Derived each time from the application's status and its first open gate (the gates are
computed, never stored): the gate declares its wording (``GATE_NEXT_STEPS``), the permit
type names the role as its town does, and the sentence cites the gate's section.
"""

from __future__ import annotations

from collections.abc import Iterable

from permits_site.accounts.role_titles import registered_title
from permits_site.licensing.declarations import GATE_NEXT_STEPS, GATE_ORDER
from permits_site.licensing.kinds import Blocker, PermitKind, kind_for
from permits_site.licensing.models import Application, ApplicationStatus, PermitType

APPLICANT = "applicant"
#: A staff role as a permit type's authority names it, when neither its kind nor its town's
#: law (``permits_site.accounts.role_titles``) names it.
DEFAULT_ROLE_TITLES = {
    "clerk": "{authority}'s office",
    "inspector": "{authority}'s inspector",
    "board_member": "{authority}",
}
OPEN_STATUSES = (ApplicationStatus.SUBMITTED, ApplicationStatus.UNDER_REVIEW,
                 ApplicationStatus.APPROVED)


def role_title(kind: PermitKind, role: str, permit_type: PermitType) -> str:
    """"you", or the role with its town: "the North Andover Town Clerk's office"."""
    if role == APPLICANT:
        return "you"
    title = (kind.role_titles.get(role)
             or registered_title(role, permit_type.municipality.code)
             or DEFAULT_ROLE_TITLES[role].format(authority=permit_type.authority))
    return f"the {permit_type.municipality.short_name} {title}"


def next_step(application: Application, *, blockers: Iterable[Blocker]) -> str:
    """The sentence for ``application`` whose open gates hold ``blockers``."""
    permit_type = application.permit_type
    kind = kind_for(permit_type.code)

    def title(role: str) -> str:
        return role_title(kind, role, permit_type)

    status = application.status
    if status in OPEN_STATUSES:
        sentence = _gate_step(kind, blockers, title) or _open_step(application, title)
    elif status == ApplicationStatus.DRAFT:
        sentence = (
            f"you change the application as {title('clerk')} asked, then submit it again "
            f"on this page; {title('clerk')} reviews it then."
            if application.changes_requested else
            "you submit the application on this page once your answers and documents are "
            f"ready; {title('clerk')} reviews it then."
        )
    elif status == ApplicationStatus.ISSUED:
        sentence = (f"{title('clerk')} has issued the permit; nothing more is needed from you "
                    "until it comes up for renewal.")
    elif status == ApplicationStatus.DENIED:
        sentence = (f"{title('clerk')} has closed the application as denied; nothing more "
                    "happens unless you apply again.")
    else:
        sentence = f"you withdrew the application; {title('clerk')} takes no further step on it."
    return sentence[0].upper() + sentence[1:]


def _gate_step(kind: PermitKind, blockers: Iterable[Blocker], title) -> str:
    """The wording of the first gate, in the usual order of clearing, that is still shut."""
    first = min(blockers, key=lambda blocker: GATE_ORDER.index(blocker.gate), default=None)
    if first is None:
        return ""
    step = GATE_NEXT_STEPS[first.gate]
    return step.wording.format(actor=title(step.actor), section=first.citation,
                               inspection=kind.inspection_name)


def _open_step(application: Application, title) -> str:
    citation = application.permit_type.citation
    if application.status == ApplicationStatus.APPROVED:
        return (f"{title('clerk')} will issue the permit ({citation}); you will get an e-mail "
                "when it is issued.")
    return (f"{title('clerk')} will review the application ({citation}); you will get an "
            "e-mail with the decision.")
