"""The relief a permit type's law lets its Board grant from a rule, in that law's own word.

Northborough's Board "may vary the application of any provision" and grants a variance
(Horse and Stable Regulations §8.2); Tisbury's Board "may waive" a regulation (Board of
Health Regulations 09.0.3); North Andover's chapter 60 provides neither. Every page and
message that speaks of the relief takes its sentence from here, so a Northborough page never
says "waiver" and a Tisbury one never says "variance": each sentence is written whole for
each word (a translation needs the whole sentence), marked for the catalogues, its section
filled in by :func:`permits_site.rules.wording.explain`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from permits_site.licensing.models import Variance, VarianceStatus
from permits_site.rules.base import CheckResult, Finding
from permits_site.rules.wording import CitedSection, Plural, explain, gettext_noop, ngettext_lazy

VARIANCE = "variance"
WAIVER = "waiver"


@dataclass(frozen=True)
class ReliefWords:
    """The sentences that speak of one word of relief; each ``%(section)s`` is the section
    providing it (or, for ``law_beyond_relief``, the section putting the law beyond it)."""

    #: The heading above what the Board cannot grant relief from.
    limits_heading: str
    #: A public page's step "the rules are met", with the relief.
    rules_met: str
    #: When the relief takes effect: one signature, or ``signatures`` members'.
    takes_effect: str
    takes_effect_signed_by: str
    #: A finding blocks the permit, and relief may still be asked.
    may_still_apply: str
    #: No Board sets aside a statute or a bylaw.
    law_beyond_relief: str
    #: The Board may hear a request for relief in public before deciding it.
    hearing_on_request: str
    #: "What happens next" on an application whose answers fail rules the Board may relieve
    #: (``%(rules)s``, ``%(count)s`` of them; ``%(board)s`` the town's Board): the applicant
    #: may ask for relief now, may ask once the draft is submitted, or has asked and the
    #: Board decides.
    may_ask_next: Plural
    may_ask_once_submitted: Plural
    board_decides: Plural


RELIEF_WORDS = {
    VARIANCE: ReliefWords(
        limits_heading=gettext_noop("What cannot be varied"),
        rules_met=gettext_noop("Your answers meet every rule of the law, or the Board grants a "
                               "variance from one in writing (%(section)s)."),
        takes_effect=gettext_noop("A variance you ask for takes effect once the Board grants "
                                  "it in writing (%(section)s)."),
        takes_effect_signed_by=gettext_noop("A variance you ask for takes effect once "
                                            "%(signatures)s members of the Board sign it "
                                            "(%(section)s)."),
        may_still_apply=gettext_noop("You may still apply: the Board may grant a variance from "
                                     "a rule in a particular case, in writing (%(section)s)."),
        law_beyond_relief=gettext_noop("A Board cannot vary a state or federal statute or a "
                                       "town bylaw (%(section)s)."),
        hearing_on_request=gettext_noop("If you ask for a variance, the Board may hear it at a "
                                        "public hearing before deciding it (%(section)s)."),
        may_ask_next=ngettext_lazy(
            "You may ask %(board)s for a variance (%(section)s) from the rule your answers do "
            "not meet, %(rules)s; the permit waits on that rule until a variance is granted.",
            "You may ask %(board)s for a variance (%(section)s) from the %(count)s rules your "
            "answers do not meet, %(rules)s; the permit waits on those rules until a variance "
            "is granted.", "count"),
        may_ask_once_submitted=ngettext_lazy(
            "You may ask %(board)s for a variance (%(section)s) from the rule your answers do "
            "not meet, %(rules)s, once the application is submitted; the permit waits on that "
            "rule until a variance is granted.",
            "You may ask %(board)s for a variance (%(section)s) from the %(count)s rules your "
            "answers do not meet, %(rules)s, once the application is submitted; the permit "
            "waits on those rules until a variance is granted.", "count"),
        board_decides=ngettext_lazy(
            "%(board)s will decide your request for a variance (%(section)s) from the rule "
            "%(rules)s; the permit waits on that rule until a variance is granted, and you will "
            "get an e-mail once it is decided.",
            "%(board)s will decide your request for a variance (%(section)s) from the "
            "%(count)s rules %(rules)s; the permit waits on those rules until a variance is "
            "granted, and you will get an e-mail once it is decided.", "count"),
    ),
    WAIVER: ReliefWords(
        limits_heading=gettext_noop("What cannot be waived"),
        rules_met=gettext_noop("Your answers meet every rule of the law, or the Board waives "
                               "one in writing (%(section)s)."),
        takes_effect=gettext_noop("A waiver you ask for takes effect once the Board signs it "
                                  "(%(section)s)."),
        takes_effect_signed_by=gettext_noop("A waiver you ask for takes effect once "
                                            "%(signatures)s members of the Board sign it "
                                            "(%(section)s)."),
        may_still_apply=gettext_noop("You may still apply: the Board may waive a rule in a "
                                     "particular case, in writing (%(section)s)."),
        law_beyond_relief=gettext_noop("A Board cannot waive a state or federal statute or a "
                                       "town bylaw (%(section)s)."),
        hearing_on_request=gettext_noop("If you ask for a waiver, the Board may hear it at a "
                                        "public hearing before deciding it (%(section)s)."),
        may_ask_next=ngettext_lazy(
            "You may ask %(board)s for a waiver (%(section)s) of the rule your answers do not "
            "meet, %(rules)s; the permit waits on that rule until it is waived.",
            "You may ask %(board)s for a waiver (%(section)s) of the %(count)s rules your "
            "answers do not meet, %(rules)s; the permit waits on those rules until they are "
            "waived.", "count"),
        may_ask_once_submitted=ngettext_lazy(
            "You may ask %(board)s for a waiver (%(section)s) of the rule your answers do not "
            "meet, %(rules)s, once the application is submitted; the permit waits on that rule "
            "until it is waived.",
            "You may ask %(board)s for a waiver (%(section)s) of the %(count)s rules your "
            "answers do not meet, %(rules)s, once the application is submitted; the permit "
            "waits on those rules until they are waived.", "count"),
        board_decides=ngettext_lazy(
            "%(board)s will decide your request for a waiver (%(section)s) of the rule "
            "%(rules)s; the permit waits on that rule until it is waived, and you will get an "
            "e-mail once it is decided.",
            "%(board)s will decide your request for a waiver (%(section)s) of the %(count)s "
            "rules %(rules)s; the permit waits on those rules until they are waived, and you "
            "will get an e-mail once it is decided.", "count"),
    ),
}


def relief_noun(kind) -> str:
    """What ``kind``'s law calls the relief its Board grants — "variance" or "waiver" — or
    "" where the law provides none."""
    return kind.variance_notice.noun if kind.variance_citation else ""


def relief_words(kind) -> ReliefWords | None:
    """The sentences speaking of ``kind``'s relief, None where its law provides none."""
    noun = relief_noun(kind)
    return RELIEF_WORDS[noun] if noun else None


def relief_sentence(kind, sentence: str, **values) -> str:
    """One of ``kind``'s relief sentences (an attribute of :class:`ReliefWords`, e.g.
    ``"may_still_apply"``) citing the section providing the relief; "" where the law
    provides none."""
    words = relief_words(kind)
    if words is None:
        return ""
    section = kind.unwaivable_law_citation if sentence == "law_beyond_relief" else ""
    return explain(getattr(words, sentence),
                   section=CitedSection(section or kind.variance_citation), **values)


def takes_effect(kind) -> str:
    """When a granted relief takes effect: the Board's writing, or its members' signatures
    where the law asks for more than one (Tisbury: two, 09.0.3)."""
    if kind.variance_signatures_required > 1:
        return relief_sentence(kind, "takes_effect_signed_by",
                               signatures=kind.variance_signatures_required)
    return relief_sentence(kind, "takes_effect")


#: Variances that keep their rules from another request: one is before the Board or in force.
LIVE_STATUSES = (VarianceStatus.REQUESTED, VarianceStatus.GRANTED)


def covered_rules(variances: Iterable[Variance], *,
                  statuses: Iterable[str] = (VarianceStatus.GRANTED,)) -> set[str]:
    """The rules the ``variances`` in ``statuses`` cover; by default the granted ones, whose
    failure no longer blocks issuance."""
    statuses = tuple(statuses)
    return {rule_id for variance in variances if variance.status in statuses
            for rule_id in variance.rule_ids}


def unvaried_failures(result: CheckResult | None, variances: Iterable[Variance], *, kind,
                      board_only: bool = True, before_board: bool = False) -> list[Finding]:
    """The failed rules the Board may vary and has not: ``result``'s blocking failures no
    granted variance among ``variances`` covers — nor, with ``before_board``, one still
    waiting for the Board's signatures — in the rule set's order; none when the application
    has not been judged.

    Only the Board's own rules (``kind.board_varies``): another body's sign-off is the
    office's to record, not the Board's to vary (Northborough §8.2). With ``board_only``
    false, every unvaried failure, the office's sign-offs too: what holds a gate shut.

    The one answer the variance service, the gates, the hearing notice and the pages ask:
    a new request may cover ``before_board=True``; the notice asks for the rest of the
    Board's own rules no grant covers; the gates hold every unvaried failure.
    """
    if result is None:
        return []
    taken = covered_rules(variances, statuses=LIVE_STATUSES if before_board
                          else (VarianceStatus.GRANTED,))
    return [finding for finding in result.blocking_failures
            if finding.rule not in taken and (not board_only or kind.board_varies(finding.rule))]
