"""The API answers in English whatever language the client's browser asks for: its clients
are programs, which read the same words from every request (issue #26)."""

from django.conf import settings
from django.utils import translation

#: Where the API lives (``permits_site/urls.py``).
API_PREFIX = "/api/"


class EnglishApiMiddleware:
    """After ``LocaleMiddleware``: an API request reads English, as the pages do by default."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith(API_PREFIX):
            translation.activate(settings.LANGUAGE_CODE)
            request.LANGUAGE_CODE = translation.get_language()
        return self.get_response(request)
