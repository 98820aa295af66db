"""Sign-in with a lockout after repeated failures, and resident self-registration."""

from __future__ import annotations

from datetime import timedelta

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils import timezone

from permits_site.accounts.models import FailedLogin, User


def recent_failures(username: str) -> int:
    since = timezone.now() - timedelta(minutes=settings.LOGIN_FAILURE_WINDOW_MINUTES)
    return FailedLogin.objects.filter(username__iexact=username, attempted_at__gte=since).count()


class LockoutAuthenticationForm(AuthenticationForm):
    """Refuses a username after too many failures in the window, even with the right password."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "locked": (
            "Too many failed sign-ins. For your security this account is locked for "
            "%(minutes)s minutes."
        ),
    }

    def clean(self):
        username = (self.data.get("username") or "").strip()
        if username and recent_failures(username) >= settings.LOGIN_FAILURE_LIMIT:
            raise forms.ValidationError(
                self.error_messages["locked"],
                code="locked",
                params={"minutes": settings.LOGIN_FAILURE_WINDOW_MINUTES},
            )
        try:
            return super().clean()
        except forms.ValidationError:
            if username:
                FailedLogin.objects.create(username=username)
            raise


class ResidentRegistrationForm(UserCreationForm):
    class Meta:
        model = User
        fields = (
            "username",
            "first_name",
            "last_name",
            "email",
            "phone",
            "street_address",
            "city",
            "postal_code",
        )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("first_name", "last_name", "email", "street_address", "city"):
            self.fields[name].required = True
