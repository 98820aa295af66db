from django.apps import AppConfig


class OnlinePaymentsConfig(AppConfig):
    name = "permits_site.online_payments"
    label = "online_payments"
    verbose_name = "Online payment and counter instructions"

    def ready(self) -> None:
        from permits_site.online_payments import checks  # noqa: F401  (registers them)
