from django.apps import AppConfig


class PartiesConfig(AppConfig):
    """Who holds permits and where they apply: businesses and the properties of a town."""

    name = "permits_site.parties"
    label = "parties"
    verbose_name = "Businesses and properties"
