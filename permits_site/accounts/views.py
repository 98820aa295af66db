from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.views import LoginView
from django.http import HttpResponse
from django.shortcuts import redirect, render, resolve_url
from django.views.decorators.http import require_http_methods

from permits_site.accounts import permissions
from permits_site.accounts.forms import (
    LOCKED_MESSAGE,
    LockoutAuthenticationForm,
    ResidentRegistrationForm,
    lockout_minutes,
)

#: Too Many Requests: what django-axes answers a locked sign-in with.
LOCKED_STATUS = 429


class SignInView(LoginView):
    form_class = LockoutAuthenticationForm
    template_name = "accounts/login.html"
    redirect_authenticated_user = True

    def get_default_redirect_url(self):
        """Reviewers start at their queue, everyone else at their own permits."""
        if permissions.municipality_ids_with(self.request.user, *permissions.REVIEWER_ROLES):
            return resolve_url("licensing:queue")
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


@require_http_methods(["GET", "POST"])
def register(request):
    """Residents create their own account; staff roles are granted by an admin."""
    form = ResidentRegistrationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        messages.success(request, "Your account is ready.")
        return redirect("licensing:dashboard")
    return render(request, "accounts/register.html", {"form": form})
