"""The Animal Control Officer's entries in the site's main navigation (North Andover Code
ch. 60), registered with the core's ``register_nav_link`` from ``DogsConfig.ready``: the
officer keeps the intake records (Impoundment; ACO B(2)), opens residence limits cases
(Limits A–E), hears noise complaints (Restraint C) and reports kennels (Kennel license B(4)).
"""

from __future__ import annotations

from dogs.limits.services import NUISANCE_NOISE_CASE
from dogs.periods import MUNICIPALITY
from permits_site.accounts.models import Role
from permits_site.licensing.page_registry import register_nav_link

OFFICER = (Role.ANIMAL_CONTROL_OFFICER,)


def register_navigation() -> None:
    register_nav_link(MUNICIPALITY, "Impoundments", "dogs:impoundments", roles=OFFICER)
    register_nav_link(MUNICIPALITY, "Residence limits", "dogs:limits_new", roles=OFFICER)
    register_nav_link(MUNICIPALITY, "Noise complaints", "enforcement:cases", roles=OFFICER,
                      query=f"case_type={NUISANCE_NOISE_CASE}")
    register_nav_link(MUNICIPALITY, "Kennels", "dogs:kennels", roles=OFFICER)
