"""Every town's "Which permit do I need?" questions are in both catalogues: each question, its
help and its choices, and each answer's reason, which keeps its English as declared (the
walk's tests pin it) and fills every placeholder in the reader's language."""

from __future__ import annotations

import pytest
from django.utils import translation

from dogs.questions import DOGS
from permits_site.licensing.questions import Answer, Ask, Node
from permits_site.licensing.templatetags.localised import explained
from stables.questions import STABLES
from tisbury_regs.questions import DUMPSTERS, FOOD

TREES = {"north_andover": DOGS, "northborough": STABLES, "tisbury_food": FOOD,
         "tisbury_dumpsters": DUMPSTERS}


def nodes(tree: Node) -> list[Node]:
    """The tree's questions and answers, each once."""
    found = [tree]
    if isinstance(tree, Ask):
        for branch in tree.branches:
            found += [node for node in nodes(branch.then) if node not in found]
    return found


def texts(tree: Node) -> list[str]:
    said = []
    for node in nodes(tree):
        if isinstance(node, Answer):
            said.append(node.reason)
        else:
            said += [node.fact.label, node.fact.help_text, *node.choice_labels.values()]
    return list(dict.fromkeys(text for text in said if text))


@pytest.mark.parametrize("language", ["pt-br", "es"])
@pytest.mark.parametrize("town", TREES)
def test_every_question_and_reason_is_said_in_the_readers_language(town, language):
    with translation.override(language):
        for text in texts(TREES[town]):
            words = explained(text)
            assert words != text, text
            assert "%(" not in words, words


def test_a_reason_reads_in_english_as_declared_with_its_citations():
    reasons = [node.reason for node in nodes(DOGS) if isinstance(node, Answer)]

    assert reasons == [
        "More than 4 dogs over six months old at one address need a kennel license from the "
        "Town Clerk; it covers every dog kept there (North Andover Code ch. 60, Limits A; "
        "North Andover Code ch. 60, Kennel license B(1)).",
        "Up to 4 dogs need no kennel license: each dog six months or older needs its own "
        "license (North Andover Code ch. 60, Licenses A(1)).",
    ]
