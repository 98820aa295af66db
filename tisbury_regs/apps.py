from django.apps import AppConfig


class TisburyRegsConfig(AppConfig):
    """Tisbury Board of Health Regulations 09.0–09.12."""

    name = "tisbury_regs"
    verbose_name = "Tisbury — Board of Health Regulations"

    def ready(self) -> None:
        from permits_site.api.registry import register_routes
        from permits_site.enforcement.registry import register_enforcement
        from permits_site.licensing.kinds import register_kind
        from permits_site.licensing.page_registry import register_urls
        from permits_site.rules.registry import register_law
        from tisbury_regs import fees, fines, food, kinds, periods, rules
        from tisbury_regs.api import DisposalWorksApplicationViewSet

        register_law(
            periods.MUNICIPALITY,
            rule_sets=rules.RULE_SETS,
            periods=periods.PERIODS,
            key_dates=periods.KEY_DATES,
            checklists=(food.RESIDENTIAL_KITCHEN_VISIT,),
        )
        kinds.register_places()
        for kind in (*fees.KINDS, *kinds.DECLARED_KINDS):
            register_kind(kind)
        register_enforcement(fines.CITATION_POLICY, fines.CASE_TYPES)
        register_routes("disposal-works-applications", DisposalWorksApplicationViewSet,
                        basename="disposal-works-application")
        register_urls("tisbury", "tisbury_regs.urls")
