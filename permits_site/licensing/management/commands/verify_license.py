"""What the public verification page answers for a token, from the command line.

The restore drill (``scripts/restore-drill``) runs it against the restored copy to show
that a license printed before the backup still verifies after the restore.
"""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from permits_site.licensing.models import Permit


class Command(BaseCommand):
    help = "Print a permit's number, type, town and status by its verification token."

    def add_arguments(self, parser):
        parser.add_argument("token", help="the token in the license's /verify/<token>/ address")

    def handle(self, *args, token: str, **options):
        permit = (
            Permit.objects.select_related("permit_type", "municipality")
            .filter(verification_token=token)
            .first()
        )
        if permit is None:
            raise CommandError("No license has this verification token.")
        status = permit.effective_status(timezone.localdate())
        self.stdout.write(
            f"{permit.number}\t{status}\t{permit.permit_type.name}\t"
            f"{permit.municipality.name}\tvalid through {permit.valid_through:%Y-%m-%d}"
        )
