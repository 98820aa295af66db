"""``manage.py send_reminders [--date YYYY-MM-DD]``: the daily reminders, safe to run twice."""

import datetime as dt

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from permits_site.notifications.reminders import send_reminders


def _day(value: str) -> dt.date:
    try:
        return dt.date.fromisoformat(value)
    except ValueError as error:
        raise CommandError(f"--date: {value!r} is not a date like 2027-12-01.") from error


class Command(BaseCommand):
    help = ("Write and send the reminders due today (expiring permits, renewals, orders and "
            "citations falling due, staff's overdue items). Messages already sent are "
            "never sent again, so running it twice sends nothing new.")

    def add_arguments(self, parser):
        parser.add_argument("--date", type=_day, default=None,
                            help="Run for this day instead of today (tests, catching up).")

    def handle(self, *args, date=None, **options):
        today = date or timezone.localdate()
        written = send_reminders(today=today)
        self.stdout.write(f"{written} reminder{'s' if written != 1 else ''} for {today}.")
