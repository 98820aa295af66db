"""What happens next on an application, and who acts, for the applicant.

Derived each time from the application's status and its first open gate (the gates are
computed, never stored): the gate declares its wording (``GATE_NEXT_STEPS``), the permit
type names the role as its town does, and the sentence cites the gate's section. A rule the
answers do not meet holds the permit whatever else is cleared, so it is said as well — as
the first step, or after the documents, the one gate cleared before it — naming each rule in
words with its section and the relief its town's law offers (spec ``lifecycle.md``, "What a
failed rule does"): the applicant may ask the Board for a variance (Northborough §8.2) or a
waiver (Tisbury 09.0.3), the Board decides one asked for, and where the law allows no
exception (North Andover's chapter 60; a Designated Barrier Beach rule on a barrier beach,
Tisbury 09.9.1) the permit is not issued unless the facts change. A variance granted no
longer holds anything. The sentences are an English ``str`` built with
:func:`~permits_site.rules.wording.explain`, so the page says them in the reader's language
(``{{ next_step|explained }}``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext_noop

from permits_site.accounts.role_titles import registered_title
from permits_site.licensing.declarations import GATE_NEXT_STEPS, GATE_ORDER, Gate
from permits_site.licensing.kinds import Blocker, PermitKind, kind_for
from permits_site.licensing.models import (
    Application,
    ApplicationStatus,
    PermitType,
    VarianceStatus,
)
from permits_site.licensing.relief import covered_rules, relief_noun, relief_sentence
from permits_site.rules.registry import get_rule_set, rule_by_id
from permits_site.rules.wording import CitedSection, explain, ngettext_lazy, phrase
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
    return _of_the_town(permit_type, phrase(title), starts=starts)


def _of_the_town(permit_type: PermitType, title: Any, *, starts: bool) -> str:
    """ "the Northborough Board of Health" ("The …" when it starts the sentence)."""
    wording = gettext_noop("The %(town)s %(title)s") if starts else gettext_noop(
        "the %(town)s %(title)s")
    return explain(wording, town=permit_type.municipality.short_name, title=title)


def next_step(application: Application, *, blockers: Iterable[Blocker]) -> str:
    """What happens next on ``application`` whose open gates hold ``blockers``: who acts
    next, then what the rules its answers do not meet need, when another gate comes first."""
    blockers = list(blockers)
    permit_type = application.permit_type
    kind = kind_for(permit_type.code)
    clerk = role_title(kind, "clerk", permit_type)
    status = application.status
    if status in OPEN_STATUSES:
        first = _first_open(blockers)
        steps = [] if first is not None and first.gate == Gate.RULES_MET else [
            _gate_step(kind, first, permit_type) or _open_step(application, kind)]
    elif status == ApplicationStatus.DRAFT:
        steps = [explain(
            gettext_noop("You change the application as %(clerk)s asked, then submit it again "
                         "on this page; %(clerk)s reviews it then.")
            if application.changes_requested else
            gettext_noop("You submit the application on this page once your answers and "
                         "documents are ready; %(clerk)s reviews it then."),
            clerk=clerk)]
    elif status == ApplicationStatus.WITHDRAWN:
        return explain(gettext_noop("You withdrew the application; %(clerk)s takes no further "
                                    "step on it."), clerk=clerk)
    else:
        return explain(_CLOSED_STEPS[status], clerk=role_title(kind, "clerk", permit_type,
                                                               starts=True))
    held = rules_held(application, blockers=blockers)
    return _in_order(*steps, *_held_steps(held, kind, permit_type,
                                          draft=status == ApplicationStatus.DRAFT))


#: What a closed application's page says, the clerk's office first.
_CLOSED_STEPS = {
    ApplicationStatus.ISSUED: gettext_noop(
        "%(clerk)s has issued the permit; nothing more is needed from you until it comes up "
        "for renewal."),
    ApplicationStatus.DENIED: gettext_noop(
        "%(clerk)s has closed the application as denied; nothing more happens unless you apply "
        "again."),
}


def _first_open(blockers: Sequence[Blocker]) -> Blocker | None:
    """The blocker of the first gate, in the usual order of clearing, that is still shut."""
    return min(blockers, key=lambda blocker: GATE_ORDER.index(blocker.gate), default=None)


def _gate_step(kind: PermitKind, first: Blocker | None, permit_type: PermitType) -> str:
    """The wording of the first gate still shut (``first``'s)."""
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


def _in_order(*steps: str) -> str:
    """The steps, each a sentence, one after the other."""
    said, *then = steps
    for step in then:
        said = explain(gettext_noop("%(step)s %(then)s"), step=said, then=step)
    return said


# -- the rules the answers do not meet ---------------------------------------------------


@dataclass(frozen=True)
class RulesHeld:
    """The rules the answers do not meet that hold the permit (gate ``rules_met``), in the
    rule set's order, by what may lift them: relief the applicant may ask the Board for, a
    request before the Board, or nothing but a change in the facts."""

    to_ask: tuple[Blocker, ...] = ()
    before_board: tuple[Blocker, ...] = ()
    beyond_relief: tuple[Blocker, ...] = ()


def rules_held(application: Application, *, blockers: Iterable[Blocker]) -> RulesHeld:
    """``blockers``' rules of the gate ``rules_met`` by the relief their law offers.

    The Board relieves a rule of the application's own rule set (Northborough §8.2, Tisbury
    09.0.3) unless the law puts it beyond relief for this application (a Designated Barrier
    Beach rule on a barrier beach, Tisbury 09.9.1, ``kind.unwaivable_rules``); a request
    before the Board covers the rules it names, and a granted one leaves none among the
    blockers. North Andover's chapter 60 gives no relief at all.
    """
    held = tuple(blocker for blocker in blockers if blocker.gate == Gate.RULES_MET)
    relievable = _relievable(application, held)
    if not relievable:
        return RulesHeld(beyond_relief=held)
    asked = covered_rules(application.variances.all(), statuses=(VarianceStatus.REQUESTED,))
    return RulesHeld(
        to_ask=tuple(blocker for blocker in relievable if blocker.code not in asked),
        before_board=tuple(blocker for blocker in relievable if blocker.code in asked),
        beyond_relief=tuple(blocker for blocker in held if blocker not in relievable),
    )


def _relievable(application: Application, held: tuple[Blocker, ...]) -> tuple[Blocker, ...]:
    """The rules among ``held`` a variance or waiver may cover for ``application``."""
    kind = kind_for(application.permit_type.code)
    if not (held and relief_noun(kind)):
        return ()
    rule_set = get_rule_set(kind.check_code(application))
    own = {rule.id for rule in rule_set.rules} if rule_set else set()
    return tuple(blocker for blocker in held if blocker.code in own
                 and not kind.unwaivable_rules(application, [blocker.code]))


#: A draft whose answers fail rules no relief lifts: its answers may still change.
_BEYOND_RELIEF_IN_A_DRAFT = ngettext_lazy(
    "You may change your answers while the application is a draft: as they stand they do not "
    "meet the rule %(rules)s, and the law allows no exception to it, so the permit cannot be "
    "issued unless the facts change.",
    "You may change your answers while the application is a draft: as they stand they do not "
    "meet the %(count)s rules %(rules)s, and the law allows no exception to them, so the "
    "permit cannot be issued unless the facts change.", "count")


def _held_steps(held: RulesHeld, kind: PermitKind, permit_type: PermitType, *,
                draft: bool) -> list[str]:
    """What each group of ``held`` rules needs, in the law's word for its relief; a draft
    may ask for relief once submitted, or change its answers."""
    board = typed_value(permit_type, "authority")
    steps = []
    if held.to_ask:
        steps.append(relief_sentence(
            kind, "may_ask_once_submitted" if draft else "may_ask_next",
            board=_of_the_town(permit_type, board, starts=False), **_named(held.to_ask)))
    if held.before_board:
        steps.append(relief_sentence(kind, "board_decides",
                                     board=_of_the_town(permit_type, board, starts=True),
                                     **_named(held.before_board)))
    if held.beyond_relief and draft:
        steps.append(explain(_BEYOND_RELIEF_IN_A_DRAFT, **_named(held.beyond_relief)))
    elif held.beyond_relief:
        step = GATE_NEXT_STEPS[Gate.RULES_MET]
        steps.append(explain(step.wording, actor=role_title(kind, step.actor, permit_type,
                                                            starts=True),
                             **_named(held.beyond_relief)))
    return steps


def _named(held: tuple[Blocker, ...]) -> dict[str, Any]:
    """The rules as a sentence names them — what each asks, in quotes, with its section,
    listed "A, B and C" — and how many."""
    named = [explain(gettext_noop("“%(rule)s” (%(section)s)"), rule=phrase(_asks(blocker)),
                     section=CitedSection(blocker.citation)) for blocker in held]
    listed = named[0]
    for number, rule in enumerate(named[1:], start=2):
        listed = explain(gettext_noop("%(rules)s and %(rule)s") if number == len(named)
                         else gettext_noop("%(rules)s, %(rule)s"), rules=listed, rule=rule)
    return {"rules": listed, "count": len(held)}


def _asks(blocker: Blocker) -> str:
    """What the blocker's rule asks, in words (its summary); a blocker a permit kind raises
    for a rule outside its town's registered law reads its own words."""
    rule = rule_by_id(blocker.code)
    return rule.summary if rule is not None else blocker.message
