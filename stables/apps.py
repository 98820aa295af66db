from django.apps import AppConfig


class StablesConfig(AppConfig):
    """Northborough Board of Health Horse and Stable Regulations."""

    name = "stables"
    verbose_name = "Northborough — Horse and Stable Regulations"

    def ready(self) -> None:
        from permits_site.rules.registry import register_law
        from stables import periods, rules

        register_law(
            periods.MUNICIPALITY,
            rule_sets=rules.RULE_SETS,
            periods=periods.PERIODS,
            key_dates=periods.KEY_DATES,
        )
