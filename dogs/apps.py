from django.apps import AppConfig


class DogsConfig(AppConfig):
    """North Andover Code ch. 60, Dogs and Other Animals."""

    name = "dogs"
    verbose_name = "North Andover — Dogs and Other Animals"

    def ready(self) -> None:
        from dogs import periods, rules
        from dogs.api import DogLicenseDetails, DogViewSet
        from dogs.kennel import KennelLicenseKind
        from dogs.kinds import DogLicenseKind
        from dogs.services import DOG_LICENSE
        from permits_site.api.registry import register_details, register_routes
        from permits_site.licensing.kinds import register_kind
        from permits_site.rules.registry import register_law

        register_law(
            periods.MUNICIPALITY,
            rule_sets=rules.RULE_SETS,
            periods=periods.PERIODS,
            key_dates=periods.KEY_DATES,
        )
        register_kind(DogLicenseKind())
        register_kind(KennelLicenseKind())
        register_details(DOG_LICENSE, DogLicenseDetails())
        register_routes("dogs", DogViewSet, basename="dog")
