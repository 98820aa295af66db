""""Which permit do I need?": a few questions that lead to the right permit type.

Each bylaw app declares, for what a person wants to do in its town (a :class:`Purpose`), a
small tree of questions in the words of its law: a question asks one :class:`Fact` and
branches on the answer (yes or no, a choice, a count above a limit); a leaf names the permit
types to apply for — none when the law asks for no permit — and why, citing the section.
The core asks "What do you want to do?" first, from the purposes the town's permit types
declare, and where a town declares no tree for a purpose, names the one type serving it with
its section, or offers one of the several (a town that can tell them apart declares the
question that does).
Pure data and a pure walk: the page parses the answers, :func:`walk` follows them. The
questions and reasons are English, marked for the catalogues where they are declared (a
reason carrying citations is built with ``explain``, each citation a town's ``cite``, which
stays English); the page says them in the reader's language.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext_noop

from permits_site.licensing.declarations import Purpose
from permits_site.rules.base import Fact, FactType
from permits_site.rules.wording import CitedSection, explain


@dataclass(frozen=True)
class Answer:
    """Where the questions end: the permit types to apply for (none: no permit is needed)
    and why, in plain words citing the section. ``one_of``: the types are alternatives no
    question tells apart, not all needed — the page offers "one of these", each with who
    needs it."""

    permit_types: tuple[str, ...]
    reason: str
    one_of: bool = False


@dataclass(frozen=True)
class Branch:
    """Where one answer leads: an answer equal to ``equals``, a count of at least
    ``at_least``, or (neither given) any answer."""

    then: Node
    equals: Any = None
    at_least: int | None = None

    def takes(self, answer: Any) -> bool:
        if self.at_least is not None:
            return answer >= self.at_least
        return self.equals is None or answer == self.equals


@dataclass(frozen=True)
class Ask:
    """One question and where each answer leads; the first branch that takes it wins.
    ``choice_labels`` words a choice question's options."""

    fact: Fact
    branches: tuple[Branch, ...]
    choice_labels: Mapping[str, str] = field(default_factory=dict)

    def next(self, answer: Any) -> Node:
        return next(branch.then for branch in self.branches if branch.takes(answer))

    def asks(self) -> Iterator[Ask]:
        """This question and every question below it."""
        yield self
        for branch in self.branches:
            if isinstance(branch.then, Ask):
                yield from branch.then.asks()


Node = Ask | Answer


def yes_no(fact: Fact, *, yes: Node, no: Node) -> Ask:
    """A yes-or-no question."""
    return Ask(fact, (Branch(yes, equals=True), Branch(no)))


def more_than(fact: Fact, limit: int, *, then: Node, otherwise: Node) -> Ask:
    """A count compared with the law's limit: more than ``limit`` leads to ``then``."""
    return Ask(fact, (Branch(then, at_least=limit + 1), Branch(otherwise)))


def one_of(name: str, label: str, routes: Mapping[str, tuple[str, Node]], *,
           help_text: str = "") -> Ask:
    """A choice among ``routes``: value → (its words, where it leads)."""
    fact = Fact(name, FactType.CHOICE, label, choices=tuple(routes), help_text=help_text)
    return Ask(fact, tuple(Branch(node, equals=value) for value, (_, node) in routes.items()),
               choice_labels={value: words for value, (words, _) in routes.items()})


@dataclass(frozen=True)
class Walk:
    """The questions on the path the answers took (the last one unanswered unless the walk
    reached an answer), the answers on that path, and the answer reached, if any."""

    asked: tuple[Ask, ...]
    answers: Mapping[str, Any]
    answer: Answer | None

    @property
    def waiting_for(self) -> Ask | None:
        return None if self.answer is not None else self.asked[-1]


def walk(tree: Node, answers: Mapping[str, Any]) -> Walk:
    """Follow ``answers`` (parsed values by fact name) down ``tree`` until a question is
    unanswered or an answer is reached; answers off the path are ignored."""
    asked: list[Ask] = []
    followed: dict[str, Any] = {}
    node = tree
    while isinstance(node, Ask):
        asked.append(node)
        name = node.fact.name
        if answers.get(name) is None:
            return Walk(tuple(asked), followed, None)
        followed[name] = answers[name]
        node = node.next(answers[name])
    return Walk(tuple(asked), followed, node)


# -- what each town declares ------------------------------------------------------------

_TREES: dict[tuple[str, Purpose], Node] = {}

PURPOSE_QUESTION = "purpose"


def register_questions(town: str, purpose: Purpose, tree: Node) -> None:
    """The questions that tell apart ``town``'s permit types serving ``purpose`` (called
    from the bylaw app's ``AppConfig.ready()``)."""
    if (town, purpose) in _TREES and _TREES[(town, purpose)] is not tree:
        raise ValueError(f"questions for {town} {purpose} are registered twice")
    _TREES[(town, purpose)] = tree


@contextmanager
def registered_questions(town: str, purpose: Purpose, tree: Node) -> Iterator[Node]:
    """Declare questions for the duration of a ``with`` block, then put back what was."""
    saved = dict(_TREES)
    try:
        _TREES[(town, purpose)] = tree
        yield tree
    finally:
        _TREES.clear()
        _TREES.update(saved)


def town_tree(town: str, types_by_purpose: Mapping[Purpose, Mapping[str, str]]) -> Ask:
    """The town's whole tree: "What do you want to do?" among the purposes its permit types
    serve (``types_by_purpose``: purpose → {code: its section}, in the order to offer them),
    then the questions the town declares for it, or the types that serve it."""
    routes = {
        purpose.value: (purpose.label, _TREES.get((town, purpose)) or served_by(sections))
        for purpose, sections in types_by_purpose.items()
    }
    return one_of(PURPOSE_QUESTION, gettext_noop("What do you want to do?"), routes)


def served_by(sections: Mapping[str, str]) -> Answer:
    """Where a town declares no questions for a purpose: the one permit type serving it,
    with its section, or one of the several (each page says who needs which)."""
    if len(sections) == 1:
        [(code, section)] = sections.items()
        return Answer((code,), explain(gettext_noop(
            "This is the permit the town issues for it (%(section)s)."),
            section=CitedSection(section)))
    return Answer(tuple(sections), gettext_noop(
        "The town issues one of these permits for it, depending on what you do: each says "
        "who needs it."), one_of=True)
