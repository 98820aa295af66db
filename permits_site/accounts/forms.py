"""Sign-in that says when django-axes has locked it, resident self-registration, the
forms of a person's own account (profile, email address, passwords), and the town
admin's form granting a staff role."""

from __future__ import annotations

import copy
from urllib.parse import urlsplit

from django import forms
from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import (
    AuthenticationForm,
    PasswordChangeForm,
    PasswordResetForm,
    SetPasswordForm,
    UserCreationForm,
)
from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy as _

from permits_site.accounts import emails, services
from permits_site.accounts.addresses import DEFAULT_STATE, State
from permits_site.accounts.models import Role, User
from permits_site.licensing.templatetags.localised import explained
from permits_site.links import site_url
from permits_site.parties.forms import DomainErrorsMixin

LOCKED_MESSAGE = _(
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


def _text(label: str, autocomplete: str, *, max_length: int, required: bool = True,
          validators=()) -> forms.CharField:
    return forms.CharField(label=label, max_length=max_length, required=required,
                           validators=list(validators),
                           widget=forms.TextInput(attrs={"autocomplete": autocomplete}))


ZIP_CODE = RegexValidator(r"^\d{5}(-\d{4})?$", _("Enter a ZIP code like 01845 or 01845-1234."))
#: A telephone number as people write it — 7 to 15 digits, with spaces, dots, dashes,
#: parentheses, a leading "+" and an extension — since licenses and notices print it.
PHONE = RegexValidator(r"(?i)^\+?(?:[\s().-]*\d){7,15}[\s().-]*(?:(?:x|ext\.?)\s*\d{1,6})?$",
                       _("Enter a telephone number like (978) 555-0100."))


class ProfileForm(forms.Form):
    """Name, mailing address and phone; ``services.update_profile`` saves them."""

    first_name = _text(_("First name"), "given-name", max_length=150)
    last_name = _text(_("Last name"), "family-name", max_length=150)
    street_address = _text(_("Street address"), "street-address", max_length=200)
    city = _text(_("City or town"), "address-level2", max_length=100)
    state = forms.ChoiceField(
        label=_("State"), choices=[("", _("Choose a state")), *State.choices],
        initial=DEFAULT_STATE, widget=forms.Select(attrs={"autocomplete": "address-level1"}),
    )
    postal_code = _text(_("ZIP code"), "postal-code", max_length=10, validators=[ZIP_CODE])
    phone = forms.CharField(
        label=_("Phone (optional)"), max_length=30, required=False, validators=[PHONE],
        widget=forms.TextInput(attrs={"autocomplete": "tel", "type": "tel"}),
    )

    @classmethod
    def for_user(cls, user: User, data=None) -> ProfileForm:
        return cls(data, initial={name: getattr(user, name) for name in cls.base_fields})


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
            "state",
            "postal_code",
        )

    def __init__(self, *args, **kwargs):
        """The profile's fields as the profile defines them (labels, what is required, the
        ZIP code's check), so both pages ask the same; an email address is required too."""
        super().__init__(*args, **kwargs)
        for name, field in ProfileForm.base_fields.items():
            self.fields[name] = copy.deepcopy(field)
        self.fields["email"].required = True

    def clean_email(self) -> str:
        """An address belongs to one account whatever its letters' case."""
        email = self.cleaned_data["email"]
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(explained(services.ADDRESS_TAKEN), code="unique")
        return email


class EmailChangeForm(DomainErrorsMixin, forms.Form):
    """A new address, and the current password: a session left open is not enough to
    move the account's notices and password resets elsewhere."""

    email = forms.EmailField(
        label=_("New email address"), max_length=254,
        help_text=_("We send a link to this address; the change takes effect once you open it "
                    "and press Confirm."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    password = forms.CharField(
        label=_("Your current password"), strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
    )

    def __init__(self, user: User, *args, **kwargs):
        self.user = user
        super().__init__(*args, **kwargs)

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise forms.ValidationError(
                _("Your password was entered incorrectly. Please enter it again."),
                code="password_incorrect",
            )
        return password


class QueuedPasswordResetForm(PasswordResetForm):
    """Django's reset form, its message from ``templates/accounts/email/`` and sent after
    commit by the worker. The page after it reads the same whether or not an account
    uses the address."""

    def get_users(self, email):
        """The active account using the address (any case), with or without a password: a
        person the clerk entered at the counter with an address sets their first one from
        the link. A person without an address is never found."""
        if not email:
            return iter(())
        return iter(User.objects.filter(email__iexact=email, is_active=True))

    def send_mail(self, subject_template_name, email_template_name, context, from_email,
                  to_email, html_email_template_name=None):
        """The link starts with ``SITE_URL``, not with the host the request came in on."""
        site = urlsplit(site_url())
        emails.send_after_commit(emails.PASSWORD_RESET, {
            **context, "protocol": site.scheme, "domain": site.netloc + site.path,
        }, to_email)


class AuditedSetPasswordForm(SetPasswordForm):
    """The new password from a reset link, set by ``services.reset_password``."""

    def save(self, commit=True):
        return services.reset_password(self.user, self.cleaned_data["new_password1"])


class AuditedPasswordChangeForm(PasswordChangeForm):
    """The signed-in person's new password, set by ``services.change_password``."""

    def save(self, commit=True):
        return services.change_password(self.user, self.cleaned_data["new_password1"])


class StaffRoleForm(DomainErrorsMixin, forms.Form):
    """A person with an account, and the role the town's admin grants them; the service
    (``staff_roles.grant_role``) decides, and its refusal shows on the field it names."""

    person = forms.CharField(
        max_length=254, label="Person",
        help_text="Their username or email address. They need an account: they sign up "
                  "first, then you grant the role.",
        widget=forms.TextInput(attrs={"autocomplete": "off", "spellcheck": "false"}),
    )
    role = forms.ChoiceField(choices=[("", "Choose a role"), *Role.choices], label="Role")


class CounterPersonForm(DomainErrorsMixin, ProfileForm):
    """A resident the clerk enters at the counter (``people.enter_person_at_counter``): the
    mailing address is required, since the office posts their letters there."""

    email = forms.EmailField(
        label="Email address (optional)", max_length=254, required=False,
        help_text="Leave empty if they have none: the office then posts their notices.",
        widget=forms.EmailInput(attrs={"autocomplete": "off"}),
    )

    field_order = ["first_name", "last_name", "street_address", "city", "state",
                   "postal_code", "phone", "email"]
