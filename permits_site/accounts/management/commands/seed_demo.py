from django.core.management.base import BaseCommand

from fixtures.demo import DEMO_PASSWORD, build


class Command(BaseCommand):
    help = "Add demo people and records (idempotent) and print their sign-in details."

    def handle(self, *args, **options):
        credentials = build()
        self.stdout.write(self.style.SUCCESS(f"Demo accounts (password for all: {DEMO_PASSWORD}):"))
        for credential in credentials:
            self.stdout.write(
                f"  {credential.username:<28} {credential.role:<24} {credential.town}"
            )
