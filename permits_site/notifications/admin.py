from django.contrib import admin

from permits_site.notifications.models import Message


@admin.register(Message)
class MessageAdmin(admin.ModelAdmin):
    """The outbox, read-only: what went to whom and when (a message is never edited)."""

    list_display = ["created_at", "email", "kind", "subject", "is_legal_notice", "sent_at"]
    list_filter = ["kind", "is_legal_notice", "municipality"]
    search_fields = ["email", "subject", "dedupe_key"]
    date_hierarchy = "created_at"

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False
