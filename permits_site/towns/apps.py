from django.apps import AppConfig


class TownsConfig(AppConfig):
    """The towns and their business calendars, which every other app reads."""

    name = "permits_site.towns"
    label = "towns"
    verbose_name = "Towns and their calendars"

    def ready(self) -> None:
        from permits_site.towns import calendar  # noqa: F401  (connects its signals)
