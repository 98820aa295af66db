from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    """Messages to the people a change concerns, and the daily reminders."""

    name = "permits_site.notifications"
    label = "notifications"
    verbose_name = "Messages and reminders"

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from permits_site.audit.models import AuditEntry
        from permits_site.notifications import checks  # noqa: F401  (registers them)
        from permits_site.notifications.receivers import audit_entry_saved

        post_save.connect(audit_entry_saved, sender=AuditEntry,
                          dispatch_uid="notifications.audit_entry_saved")
