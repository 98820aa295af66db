from django.apps import AppConfig


class DogsConfig(AppConfig):
    """North Andover Code ch. 60, Dogs and Other Animals."""

    name = "dogs"
    verbose_name = "North Andover — Dogs and Other Animals"

    def ready(self) -> None:
        from dogs import demo, fines, periods, rules
        from dogs.kennels.services import KennelLicenseKind
        from dogs.licenses.api import DogViewSet
        from dogs.licenses.kinds import DogLicenseKind, ImpoundmentFeesKind
        from dogs.licenses.services import dogs_of
        from permits_site.accounts.demo import register_demo
        from permits_site.accounts.models import Role
        from permits_site.api.registry import register_routes
        from permits_site.enforcement.registry import register_enforcement
        from permits_site.enforcement.services.penalties import register_penalty
        from permits_site.licensing.declarations import register_reference
        from permits_site.licensing.kinds import register_kind
        from permits_site.licensing.page_registry import register_queue_link, register_urls
        from permits_site.rules.registry import register_law

        register_law(
            periods.MUNICIPALITY,
            rule_sets=rules.RULE_SETS,
            periods=periods.PERIODS,
            key_dates=periods.KEY_DATES,
        )
        register_kind(DogLicenseKind())
        register_kind(KennelLicenseKind())
        register_kind(ImpoundmentFeesKind())
        register_reference("dog", dogs_of)
        register_routes("dogs", DogViewSet, basename="dog")
        register_urls("dogs", "dogs.urls")
        register_queue_link(periods.MUNICIPALITY, "Dog license renewal season",
                            "dogs:renewal_season", roles=(Role.CLERK,))
        register_demo("dogs", demo.build)
        register_enforcement(fines.CITATION_POLICY, fines.CASE_TYPES)
        register_penalty(
            "na.lic.A.timely",
            case_type="north_andover.unlicensed_dog",
            offense="unlicensed_dog",
            label="Record the Licenses A(10) offense on the owner's record",
        )
        from dogs.licenses.reminders import register_renewal_notices
        register_renewal_notices()
        from dogs.impoundment.api import ImpoundmentViewSet
        register_routes("impoundments", ImpoundmentViewSet, basename="impoundment")
        register_queue_link(periods.MUNICIPALITY, "Impoundments", "dogs:impoundments",
                            roles=(Role.ANIMAL_CONTROL_OFFICER, Role.CLERK))
        from dogs.cases.api import DogCaseViewSet
        register_routes("dog-cases", DogCaseViewSet, basename="dog-case")
        register_queue_link(periods.MUNICIPALITY, "Residence limits: open a case",
                            "dogs:limits_new", roles=(Role.ANIMAL_CONTROL_OFFICER,))
        from dogs.kennels.api import KennelReviewViewSet, KennelViewSet
        register_routes("kennels", KennelViewSet, basename="kennel")
        register_routes("kennel-reviews", KennelReviewViewSet, basename="kennel-review")
        from dogs.navigation import register_navigation
        register_navigation()
        from dogs.kennels.deadlines import SOURCES
        from permits_site.enforcement.deadlines import register_deadline_source
        for source in SOURCES:
            register_deadline_source(source)
