""""Which permit do I need?" in North Andover: a dog license for each dog, or one kennel
license once more than four dogs over six months are kept at the address (Limits A,
Kennel license B(1)). Every question and reason is English here, marked for the catalogues;
the page says it in the reader's language, its citations kept English."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from dogs.catalogue import DOG_LICENSE, KENNEL_LICENSE
from dogs.law import cite
from dogs.rules import DOG_LIMIT
from permits_site.licensing.questions import Answer, more_than
from permits_site.rules.base import Fact, FactType
from permits_site.rules.wording import explain

DOGS_AT_ADDRESS = Fact(
    "dogs_at_address",
    FactType.INTEGER,
    gettext_noop("How many dogs over six months old will be kept at your address?"),
    unit="dogs",
    help_text=gettext_noop("Count every dog of everyone living at the address, and any dog "
                           "you board (Limits A; Kennel license B(1))."),
)

DOGS = more_than(
    DOGS_AT_ADDRESS, DOG_LIMIT,
    then=Answer((KENNEL_LICENSE.code,), explain(gettext_noop(
        "More than %(limit)s dogs over six months old at one address need a kennel license "
        "from the Town Clerk; it covers every dog kept there (%(section)s; "
        "%(section_on_kennels)s)."),
        limit=DOG_LIMIT, section=cite("Limits A"),
        section_on_kennels=cite("Kennel license B(1)"))),
    otherwise=Answer((DOG_LICENSE.code,), explain(gettext_noop(
        "Up to %(limit)s dogs need no kennel license: each dog six months or older needs its "
        "own license (%(section)s)."), limit=DOG_LIMIT, section=cite("Licenses A(1)"))),
)
