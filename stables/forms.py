"""What the forms of the stables' features share: the help under an upload, the check that a
date already given has passed, and a service's refusal said in the reader's language."""

from __future__ import annotations

from collections.abc import Mapping

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from permits_site.licensing.templatetags.localised import explained

UPLOAD_HELP = _("PDF, PNG or JPEG, up to 10 MB.")


def not_in_future(day):
    """A date a record already bears (a certificate, a sign-off) cannot be after today."""
    if day is not None and day > timezone.localdate():
        raise forms.ValidationError(_("The date cannot be in the future."))
    return day


def add_refusal(form: forms.Form, errors: Mapping[str, list[str]]) -> None:
    """A service's refusal on the field it names, else above the form, in the reader's
    language (the service's sentences are English, for the API and the audit log)."""
    for name, messages in errors.items():
        for message in messages:
            form.add_error(name if name in form.fields else None, explained(message))
