from django.apps import AppConfig


class LicensingConfig(AppConfig):
    name = "permits_site.licensing"
    label = "licensing"
    verbose_name = "Licensing core"
