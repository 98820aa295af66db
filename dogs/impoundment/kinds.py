"""How the core prices an impounded dog's fees (North Andover Code ch. 60, Impoundment C, H)."""

from __future__ import annotations

from permits_site.licensing.kinds import PermitKind


class ImpoundmentFeesKind(PermitKind):
    """The pick-up, impound, boarding and adoption fees of an impounded dog (Impoundment C,
    H): charged on the Animal Control Officer's record (``dogs.impoundment.services``),
    never applied for; the Select Board's schedule is edited like any fee schedule."""

    code = "north_andover.impoundment"
    applied_for = False
