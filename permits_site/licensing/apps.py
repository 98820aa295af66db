from django.apps import AppConfig


class LicensingConfig(AppConfig):
    name = "permits_site.licensing"
    label = "licensing"
    verbose_name = "Licensing core"

    def ready(self) -> None:
        from permits_site.licensing.invoice_subjects import register_core_subjects
        from permits_site.licensing.kinds import connect_draft_services
        from permits_site.licensing.references import register_core_references
        from permits_site.licensing.services.applications import create_application, update_draft

        register_core_references()
        register_core_subjects()
        connect_draft_services(create=create_application, update=update_draft)
