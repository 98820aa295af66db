"""Sign-in that says when django-axes has locked it, and resident self-registration."""

from __future__ import annotations

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm, UserCreationForm

from permits_site.accounts.models import User

LOCKED_MESSAGE = (
    "Too many failed sign-ins. For your security, signing in to this account from your "
    "network is locked for %(minutes)s minutes. Try again later, or ask the town's "
    "administrator to unlock it."
)


def lockout_minutes() -> int:
    return int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)


class LockoutMessageMixin:
    """Says "locked" instead of "wrong password" once django-axes locks the pair.

    The lock itself is django-axes' (``SignInLockoutBackend`` refuses, the
    ``user_login_failed`` handler counts); it flags the request, and this form
    turns the flag into a message on the same sign-in page.
    """

    def clean(self):
        try:
            return super().clean()
        except forms.ValidationError:
            if getattr(self.request, "axes_locked_out", False):
                raise forms.ValidationError(
                    LOCKED_MESSAGE, code="locked", params={"minutes": lockout_minutes()}
                ) from None
            raise


class LockoutAuthenticationForm(LockoutMessageMixin, AuthenticationForm):
    """The site's sign-in form."""


class LockoutAdminAuthenticationForm(LockoutMessageMixin, AdminAuthenticationForm):
    """The Django admin's sign-in form."""


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
