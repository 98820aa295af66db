from django.apps import AppConfig


class EnforcementConfig(AppConfig):
    name = "permits_site.enforcement"
    label = "enforcement"
    verbose_name = "Inspections and enforcement"
