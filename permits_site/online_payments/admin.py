from django.contrib import admin

from permits_site.online_payments.models import (
    OnlineCheckout,
    PaymentFlag,
    PaymentOffice,
    WebhookEvent,
)


@admin.register(PaymentOffice)
class PaymentOfficeAdmin(admin.ModelAdmin):
    list_display = ["municipality", "office", "address", "hours", "payee", "convenience_fee"]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Records of what the provider reported: looked at, never edited here."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(OnlineCheckout)
class OnlineCheckoutAdmin(ReadOnlyAdmin):
    list_display = ["invoice", "municipality", "amount", "convenience_fee", "status",
                    "started_at"]
    list_filter = ["municipality", "status"]


@admin.register(WebhookEvent)
class WebhookEventAdmin(ReadOnlyAdmin):
    list_display = ["event_id", "kind", "municipality", "outcome", "received_at"]
    list_filter = ["municipality", "kind"]


@admin.register(PaymentFlag)
class PaymentFlagAdmin(ReadOnlyAdmin):
    list_display = ["kind", "amount", "reason", "raised_at", "reviewed_at"]
