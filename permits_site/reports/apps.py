from django.apps import AppConfig


class ReportsConfig(AppConfig):
    name = "permits_site.reports"
    label = "reports"
    verbose_name = "Office reports"
