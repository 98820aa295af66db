from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import LoginView
from django.contrib.messages.views import SuccessMessageMixin
from django.http import HttpResponse
from django.shortcuts import redirect, render, resolve_url
from django.urls import reverse_lazy
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext, gettext_lazy
from django.views import i18n
from django.views.decorators.http import require_http_methods, require_POST

from permits_site.accounts import permissions, services
from permits_site.accounts.forms import (
    LOCKED_MESSAGE,
    AuditedPasswordChangeForm,
    AuditedSetPasswordForm,
    EmailChangeForm,
    LockoutAuthenticationForm,
    ProfileForm,
    QueuedPasswordResetForm,
    ResidentRegistrationForm,
    lockout_minutes,
)
from permits_site.exceptions import DomainError

#: Too Many Requests: what django-axes answers a locked sign-in with.
LOCKED_STATUS = 429


class SignInView(LoginView):
    form_class = LockoutAuthenticationForm
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def form_valid(self, form):
        """Signing in applies the language the person chose before, on any device."""
        response = super().form_valid(form)
        if language := self.request.user.language:
            apply_language(response, language)
        return response

    def get_default_redirect_url(self):
        """Staff start at their own work, residents at their own permits."""
        if permissions.is_staff_member(self.request.user):
            return resolve_url("staff_home")
        return resolve_url("licensing:dashboard")


def locked_out(request, response=None, credentials=None) -> HttpResponse:
    """django-axes' lockout response (``AXES_LOCKOUT_CALLABLE``): the sign-in page itself.

    The sign-in form has already put the "locked" message on the page it
    rendered (site or Django admin); only the status changes, to 429. Without
    such a page, the message alone.
    """
    if isinstance(response, HttpResponse) and response.status_code == 200:
        response.status_code = LOCKED_STATUS
        return response
    return HttpResponse(LOCKED_MESSAGE % {"minutes": lockout_minutes()},
                        status=LOCKED_STATUS, content_type="text/plain; charset=utf-8")


def apply_language(response: HttpResponse, language: str) -> None:
    """Read the next pages in ``language``: Django's language cookie, as the switcher sets."""
    translation.activate(language)
    response.set_cookie(
        settings.LANGUAGE_COOKIE_NAME, language, max_age=settings.LANGUAGE_COOKIE_AGE,
        path=settings.LANGUAGE_COOKIE_PATH, domain=settings.LANGUAGE_COOKIE_DOMAIN,
        secure=settings.LANGUAGE_COOKIE_SECURE, httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
        samesite=settings.LANGUAGE_COOKIE_SAMESITE)


def chosen_language(request) -> str:
    """The language chosen with the switcher before signing in (its cookie), or blank."""
    language = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME, "")
    return language if language in dict(settings.LANGUAGES) else ""


@require_POST
def set_language(request) -> HttpResponse:
    """The language switcher of every page: Django's ``set_language`` keeps the choice in
    the language cookie; a signed-in person's profile keeps it too, for their next sign-in."""
    response = i18n.set_language(request)
    language = request.POST.get("language", "")
    if (request.user.is_authenticated and settings.LANGUAGE_COOKIE_NAME in response.cookies
            and language in dict(settings.LANGUAGES)):
        services.save_language(request.user, language)
    return response


@require_http_methods(["GET", "POST"])
def register(request):
    """Residents create their own account; staff roles are granted by an admin. A person
    sent to sign in on the way to a page (``next``) returns to it once the account exists."""
    form = ResidentRegistrationForm(request.POST or None)
    next_page = request.POST.get("next") or request.GET.get("next") or ""
    if request.method == "POST" and form.is_valid():
        form.instance.language = chosen_language(request)
        user = form.save()
        login(request, user, backend="permits_site.accounts.backends.PasswordBackend")
        messages.success(request, gettext("Your account is ready."))
        if url_has_allowed_host_and_scheme(next_page, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
            return redirect(next_page)
        return redirect("licensing:dashboard")
    return render(request, "accounts/register.html", {"form": form, "next": next_page})


@login_required
@require_http_methods(["GET", "POST"])
def profile(request):
    """The signed-in person's name, mailing address and phone; links to change the
    email address and the password."""
    form = ProfileForm.for_user(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        services.update_profile(request.user, **form.cleaned_data)
        messages.success(request, gettext("Your profile is saved."))
        return redirect("accounts:profile")
    return render(request, "accounts/profile.html", {"form": form})


@login_required
@require_http_methods(["GET", "POST"])
def email_change(request):
    """Ask for a new email address; the link mailed to it makes the change."""
    form = EmailChangeForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        new_email = form.cleaned_data["email"]
        try:
            services.request_email_change(request.user, new_email)
        except DomainError as refused:
            form.add_domain_errors(refused.errors)
        else:
            messages.success(request, gettext(
                "We sent a link to %(new)s. Your email address changes once you open it and "
                "press Confirm; until then it stays %(current)s.") % {"new": new_email,
                                                       "current": request.user.email})
            return redirect("accounts:profile")
    return render(request, "accounts/email_change.html", {"form": form})


#: Bad Request: what a refused confirmation link answers with.
REFUSED_STATUS = 400


@require_http_methods(["GET", "POST"])
def email_confirm(request, token: str):
    """The link mailed to a new address: a page that asks, then (POST) the change.

    No sign-in is needed: the signed link proves the person reads the new address.
    Asking first keeps mail scanners that open links from confirming by themselves.
    """
    try:
        if request.method == "GET":
            user, change = services.pending_email_change(token)
            return render(request, "accounts/email_confirm.html",
                          {"person": user, "change": change})
        user = services.confirm_email_change(token)
    except DomainError as refused:
        return render(request, "accounts/email_confirm.html", {"refused": refused},
                      status=REFUSED_STATUS)
    messages.success(request, gettext("Your email address is now %(email)s.")
                     % {"email": user.email})
    return redirect("accounts:profile" if request.user == user else "accounts:login")


class PasswordResetView(auth_views.PasswordResetView):
    """"Forgot your password?": a link to the account's address, if there is an account."""

    form_class = QueuedPasswordResetForm
    template_name = "accounts/password_reset.html"
    success_url = reverse_lazy("accounts:password_reset_done")
    extra_email_context = {"valid_days": settings.PASSWORD_RESET_TIMEOUT // (24 * 60 * 60)}


class PasswordResetConfirmView(auth_views.PasswordResetConfirmView):
    """The emailed link: a new password, audited, and any sign-in lock lifted."""

    form_class = AuditedSetPasswordForm
    template_name = "accounts/password_reset_confirm.html"
    success_url = reverse_lazy("accounts:password_reset_complete")


class PasswordChangeView(SuccessMessageMixin, auth_views.PasswordChangeView):
    """A signed-in person's new password; the session stays signed in."""

    form_class = AuditedPasswordChangeForm
    template_name = "accounts/password_change.html"
    success_url = reverse_lazy("accounts:profile")
    success_message = gettext_lazy("Your password is changed.")
