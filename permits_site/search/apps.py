from django.apps import AppConfig


class SearchConfig(AppConfig):
    name = "permits_site.search"
    label = "search"
    verbose_name = "Staff search"

    def ready(self) -> None:
        from permits_site.search.core_kinds import register_core_kinds

        register_core_kinds()
