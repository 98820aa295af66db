"""What happens next on an application, and who acts, in one sentence for the applicant.

Derived each time from the application's status and its first open gate (the gates are
computed, never stored): the gate declares its wording (``GATE_NEXT_STEPS``), the permit
type names the role as its town does, and the sentence cites the gate's section. The
sentence is an English ``str`` built with :func:`~permits_site.rules.wording.explain`, so
the page says it in the reader's language (``{{ next_step|explained }}``).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext_noop

from permits_site.accounts.role_titles import registered_title
from permits_site.licensing.declarations import GATE_NEXT_STEPS, GATE_ORDER
from permits_site.licensing.kinds import Blocker, PermitKind, kind_for
from permits_site.licensing.models import Application, ApplicationStatus, PermitType
from permits_site.rules.wording import CitedSection, explain, phrase
from permits_site.towns.typed_text import typed_value

APPLICANT = "applicant"
#: A staff role as a permit type's authority names it, when neither its kind nor its town's
#: law (``permits_site.accounts.role_titles``) names it.
DEFAULT_ROLE_TITLES = {
    "clerk": gettext_noop("%(authority)s's office"),
    "inspector": gettext_noop("%(authority)s's inspector"),
}
OPEN_STATUSES = (ApplicationStatus.SUBMITTED, ApplicationStatus.UNDER_REVIEW,
                 ApplicationStatus.APPROVED)


def role_title(kind: PermitKind, role: str, permit_type: PermitType, *,
               starts: bool = False) -> str:
    """"you", or the role with its town: "the North Andover Town Clerk's office" ("You",
    "The …" when it ``starts`` the sentence)."""
    if role == APPLICANT:
        return explain(gettext_noop("You") if starts else gettext_noop("you"))
    title = kind.role_titles.get(role) or registered_title(role, permit_type.municipality.code)
    if not title:
        authority = typed_value(permit_type, "authority")
        title = (explain(DEFAULT_ROLE_TITLES[role], authority=authority)
                 if role in DEFAULT_ROLE_TITLES else authority)
    wording = gettext_noop("The %(town)s %(title)s") if starts else gettext_noop(
        "the %(town)s %(title)s")
    return explain(wording, town=permit_type.municipality.short_name, title=phrase(title))


def next_step(application: Application, *, blockers: Iterable[Blocker]) -> str:
    """The sentence for ``application`` whose open gates hold ``blockers``."""
    permit_type = application.permit_type
    kind = kind_for(permit_type.code)
    clerk = role_title(kind, "clerk", permit_type)
    status = application.status
    if status in OPEN_STATUSES:
        return _gate_step(kind, blockers, permit_type) or _open_step(application, kind)
    if status == ApplicationStatus.DRAFT:
        return explain(
            gettext_noop("You change the application as %(clerk)s asked, then submit it again "
                         "on this page; %(clerk)s reviews it then.")
            if application.changes_requested else
            gettext_noop("You submit the application on this page once your answers and "
                         "documents are ready; %(clerk)s reviews it then."),
            clerk=clerk)
    if status == ApplicationStatus.WITHDRAWN:
        return explain(gettext_noop("You withdrew the application; %(clerk)s takes no further "
                                    "step on it."), clerk=clerk)
    return explain(_CLOSED_STEPS[status], clerk=role_title(kind, "clerk", permit_type,
                                                           starts=True))


#: What a closed application's page says, the clerk's office first.
_CLOSED_STEPS = {
    ApplicationStatus.ISSUED: gettext_noop(
        "%(clerk)s has issued the permit; nothing more is needed from you until it comes up "
        "for renewal."),
    ApplicationStatus.DENIED: gettext_noop(
        "%(clerk)s has closed the application as denied; nothing more happens unless you apply "
        "again."),
}


def _gate_step(kind: PermitKind, blockers: Iterable[Blocker], permit_type: PermitType) -> str:
    """The wording of the first gate, in the usual order of clearing, that is still shut."""
    first = min(blockers, key=lambda blocker: GATE_ORDER.index(blocker.gate), default=None)
    if first is None:
        return ""
    step = GATE_NEXT_STEPS[first.gate]
    return explain(step.wording, actor=role_title(kind, step.actor, permit_type, starts=True),
                   section=CitedSection(first.citation), inspection=phrase(kind.inspection_name))


def _open_step(application: Application, kind: PermitKind) -> str:
    permit_type = application.permit_type
    values = {"clerk": role_title(kind, "clerk", permit_type, starts=True),
              "section": CitedSection(permit_type.citation)}
    if application.status == ApplicationStatus.APPROVED:
        return explain(gettext_noop("%(clerk)s will issue the permit (%(section)s); you will "
                                    "get an e-mail when it is issued."), **values)
    return explain(gettext_noop("%(clerk)s will review the application (%(section)s); you will "
                                "get an e-mail with the decision."), **values)
