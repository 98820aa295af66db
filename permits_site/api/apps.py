from django.apps import AppConfig


class ApiConfig(AppConfig):
    name = "permits_site.api"
    label = "api"
    verbose_name = "HTTP API"
