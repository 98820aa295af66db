""""Which permit do I need?" in Northborough: a private or a public stable permit, told apart
by §1.1 — horses or riding instruction for a fee, or three or more horses kept for owners
living at different residences, make a stable public."""

from __future__ import annotations

from permits_site.licensing.questions import Answer, more_than, yes_no
from stables.catalogue import HORSE_REGISTRATION, PRIVATE_STABLE, PUBLIC_STABLE
from stables.law import cite
from stables.rules import (
    FEE_CHARGED,
    HORSES,
    OWNER_RESIDENCES,
    PUBLIC_STABLE_HORSES,
    PUBLIC_STABLE_RESIDENCES,
)

#: Every horse kept in town is registered too (B, §3.2).
REGISTERED = "Each horse kept there is registered too, with its certificate of inoculation."
PUBLIC = Answer((PUBLIC_STABLE.code, HORSE_REGISTRATION.code),
                "A stable where horses or riding instruction are provided for a fee, or where "
                "three or more horses are kept for owners living at different residences, is "
                f"a public stable ({cite('1.1')}); it is permitted under {cite('7')}. "
                + REGISTERED)
PRIVATE = Answer((PRIVATE_STABLE.code, HORSE_REGISTRATION.code),
                 "Every stable that is not public is a private stable "
                 f"({cite('1.1')}); it is permitted under {cite('2')}. " + REGISTERED)

STABLES = yes_no(
    FEE_CHARGED,
    yes=PUBLIC,
    no=more_than(
        HORSES, PUBLIC_STABLE_HORSES - 1,
        then=more_than(OWNER_RESIDENCES, PUBLIC_STABLE_RESIDENCES - 1,
                       then=PUBLIC, otherwise=PRIVATE),
        otherwise=PRIVATE,
    ),
)
