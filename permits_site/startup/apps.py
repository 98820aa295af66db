from django.apps import AppConfig

from permits_site.startup import set_start_up_aside


class StartupConfig(AppConfig):
    """Installed last (``INSTALLED_APPS``): its ``ready()`` runs after every other app's."""

    name = "permits_site.startup"
    verbose_name = "Start-up"

    def ready(self) -> None:
        set_start_up_aside()
