from django.apps import AppConfig


class LicensingConfig(AppConfig):
    name = "permits_site.licensing"
    label = "licensing"
    verbose_name = "Licensing core"

    def ready(self) -> None:
        from permits_site.licensing.references import register_core_references

        register_core_references()
