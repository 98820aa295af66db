from django.apps import AppConfig
from django.utils.translation import gettext_noop


class StablesConfig(AppConfig):
    """Northborough Board of Health Horse and Stable Regulations."""

    name = "stables"
    verbose_name = "Northborough — Horse and Stable Regulations"

    def ready(self) -> None:
        from permits_site.accounts.demo import register_demo
        from permits_site.accounts.models import Role
        from permits_site.accounts.role_titles import register_role_titles
        from permits_site.api.registry import register_routes
        from permits_site.enforcement.registry import register_enforcement
        from permits_site.licensing.declarations import Purpose, register_reference
        from permits_site.licensing.kinds import register_kind
        from permits_site.licensing.page_registry import register_queue_link, register_urls
        from permits_site.licensing.questions import register_questions
        from permits_site.rules.registry import register_law
        from stables import fines, periods, questions, rules
        from stables.burials.api import HorseBurialNoticeViewSet
        from stables.horses.api import HorseViewSet
        from stables.horses.kinds import HorseRegistrationKind
        from stables.horses.search import register_search
        from stables.horses.services import stables_for_horses
        from stables.permits.api import StableApplicationViewSet, StableViewSet
        from stables.permits.kinds import PrivateStableKind, PublicStableKind

        register_law(
            periods.MUNICIPALITY,
            rule_sets=rules.RULE_SETS,
            periods=periods.PERIODS,
            key_dates=periods.KEY_DATES,
        )
        # The Board of Health's agent inspects and its members sign variances (§6, §8.2).
        register_role_titles(periods.MUNICIPALITY, {
            Role.INSPECTOR: gettext_noop("Board of Health agent"),
            Role.BOARD_MEMBER: gettext_noop("Board of Health member")})
        register_kind(PrivateStableKind())
        register_kind(PublicStableKind())
        register_kind(HorseRegistrationKind())
        register_questions(periods.MUNICIPALITY, Purpose.KEEP_HORSES, questions.STABLES)
        register_enforcement(fines.CITATION_POLICY, fines.CASE_TYPES)
        # A horse registration names where the horse is kept: one of the owner's stables,
        # or a stable with a permit in force that boards it (B).
        register_reference("stable", stables_for_horses)
        register_routes("stable-applications", StableApplicationViewSet,
                        basename="stable-application")
        register_routes("stables", StableViewSet, basename="stable")
        register_routes("horses", HorseViewSet, basename="horse")
        register_routes("horse-burial-notices", HorseBurialNoticeViewSet,
                        basename="horse-burial-notice")
        register_urls("stables", "stables.urls")
        register_queue_link(periods.MUNICIPALITY, "Horse registry", "stables:horse_registry")
        register_demo("stables", "stables.demo.build")
        register_search()
