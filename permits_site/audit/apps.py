from django.apps import AppConfig


class AuditConfig(AppConfig):
    """The domain audit log every service writes to."""

    name = "permits_site.audit"
    label = "audit"
    verbose_name = "Audit log"
