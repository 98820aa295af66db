"""Who may sign in: the sign-in lockout (django-axes), then the password of a person
who has an email address."""

from axes.backends import AxesStandaloneBackend
from django.contrib.auth.backends import ModelBackend


class SignInLockoutBackend(AxesStandaloneBackend):
    """Refuses a locked username-and-address pair before any password is checked.

    Every sign-in form of the site and of the Django admin passes the request,
    which carries the address. Code that authenticates without a request (the
    test client's ``login``, a management command) has no address to lock, so
    it is left to the next backend instead of failing with an error.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


class PasswordBackend(ModelBackend):
    """Django's username-and-password check, refusing a person without an email address.

    Such a person was entered at the counter and acts through the office; an account
    needs an address for its notices and for resetting its password.
    """

    def user_can_authenticate(self, user) -> bool:
        return bool(user.email) and super().user_can_authenticate(user)
