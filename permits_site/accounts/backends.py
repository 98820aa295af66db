"""The sign-in lockout as an authentication backend (django-axes)."""

from axes.backends import AxesStandaloneBackend


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
