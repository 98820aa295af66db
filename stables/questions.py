""""Which permit do I need?" in Northborough: a private or a public stable permit, told apart
by §1.1 — horses or riding instruction for a fee, or three or more horses kept for owners
living at different residences, make a stable public. Every reason is English here, marked
for the catalogues; the page says it in the reader's language, its citations kept English."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from permits_site.licensing.questions import Answer, more_than, yes_no
from permits_site.rules.wording import explain
from stables.catalogue import HORSE_REGISTRATION, PRIVATE_STABLE, PUBLIC_STABLE
from stables.law import cite
from stables.rules import (
    FEE_CHARGED,
    HORSES,
    OWNER_RESIDENCES,
    PUBLIC_STABLE_HORSES,
    PUBLIC_STABLE_RESIDENCES,
)

#: Either stable's answer adds that every horse kept in town is registered too (B, §3.2).
PUBLIC = Answer((PUBLIC_STABLE.code, HORSE_REGISTRATION.code), explain(gettext_noop(
    "A stable where horses or riding instruction are provided for a fee, or where three or "
    "more horses are kept for owners living at different residences, is a public stable "
    "(%(section)s); it is permitted under %(section_permitting)s. Each horse kept there is "
    "registered too, with its certificate of inoculation."),
    section=cite("1.1"), section_permitting=cite("7")))
PRIVATE = Answer((PRIVATE_STABLE.code, HORSE_REGISTRATION.code), explain(gettext_noop(
    "Every stable that is not public is a private stable (%(section)s); it is permitted under "
    "%(section_permitting)s. Each horse kept there is registered too, with its certificate of "
    "inoculation."), section=cite("1.1"), section_permitting=cite("2")))

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
