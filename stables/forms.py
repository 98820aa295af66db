"""What the forms of the stables' features share: the help under an upload, and the check
that a date already given has passed."""

from __future__ import annotations

from django import forms
from django.utils import timezone

UPLOAD_HELP = "PDF, PNG or JPEG, up to 10 MB."


def not_in_future(day):
    """A date a record already bears (a certificate, a sign-off) cannot be after today."""
    if day is not None and day > timezone.localdate():
        raise forms.ValidationError("The date cannot be in the future.")
    return day
