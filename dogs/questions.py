""""Which permit do I need?" in North Andover: a dog license for each dog, or one kennel
license once more than four dogs over six months are kept at the address (Limits A,
Kennel license B(1))."""

from __future__ import annotations

from dogs.catalogue import DOG_LICENSE, KENNEL_LICENSE
from dogs.law import cite
from dogs.rules import DOG_LIMIT
from permits_site.licensing.questions import Answer, more_than
from permits_site.rules.base import Fact, FactType

DOGS_AT_ADDRESS = Fact(
    "dogs_at_address",
    FactType.INTEGER,
    "How many dogs over six months old will be kept at your address?",
    unit="dogs",
    help_text="Count every dog of everyone living at the address, and any dog you board "
    "(Limits A; Kennel license B(1)).",
)

DOGS = more_than(
    DOGS_AT_ADDRESS, DOG_LIMIT,
    then=Answer((KENNEL_LICENSE.code,),
                f"More than {DOG_LIMIT} dogs over six months old at one address need a kennel "
                f"license from the Town Clerk; it covers every dog kept there "
                f"({cite('Limits A')}; {cite('Kennel license B(1)')})."),
    otherwise=Answer((DOG_LICENSE.code,),
                     f"Up to {DOG_LIMIT} dogs need no kennel license: each dog six months or "
                     f"older needs its own license ({cite('Licenses A(1)')})."),
)
