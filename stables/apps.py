from django.apps import AppConfig


class StablesConfig(AppConfig):
    """Northborough Board of Health Horse and Stable Regulations."""

    name = "stables"
    verbose_name = "Northborough — Horse and Stable Regulations"

    def ready(self) -> None:
        from permits_site.api.registry import register_details, register_routes
        from permits_site.enforcement.registry import CaseType, ChargeType, register_case_type
        from permits_site.licensing.kinds import register_kind
        from permits_site.rules.registry import register_law
        from stables import periods, rules
        from stables.api import (
            HorseBurialNoticeViewSet,
            HorseViewSet,
            StableApplicationViewSet,
            StableDetails,
            StableViewSet,
        )
        from stables.kinds import HorseRegistrationKind, PrivateStableKind, PublicStableKind
        from stables.services import STABLE_PERMIT_TYPES

        register_law(
            periods.MUNICIPALITY,
            rule_sets=rules.RULE_SETS,
            periods=periods.PERIODS,
            key_dates=periods.KEY_DATES,
        )
        register_kind(PrivateStableKind())
        register_kind(PublicStableKind())
        register_kind(HorseRegistrationKind())
        register_case_type(
            CaseType(
                code="northborough.stable_violation",
                municipality=periods.MUNICIPALITY,
                name="Horse and stable regulation violation",
                offenses=("stable_regulation_violation",),
                charges=(
                    ChargeType(
                        "legal_fees",
                        "Legal fees reimbursed by the permit holder",
                        "Northborough Horse & Stable Regs §8.4",
                    ),
                ),
            )
        )
        for code in STABLE_PERMIT_TYPES:
            register_details(code, StableDetails())
        register_routes("stable-applications", StableApplicationViewSet,
                        basename="stable-application")
        register_routes("stables", StableViewSet, basename="stable")
        register_routes("horses", HorseViewSet, basename="horse")
        register_routes("horse-burial-notices", HorseBurialNoticeViewSet,
                        basename="horse-burial-notice")
