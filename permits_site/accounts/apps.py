from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "permits_site.accounts"
    label = "accounts"
    verbose_name = "Accounts and roles"
