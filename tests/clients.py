"""The clients a test reads the site with, signed in as a given person."""

import html

from rest_framework.test import APIClient


def api_for(user) -> APIClient:
    """An API client authenticated as ``user``."""
    client = APIClient()
    client.force_authenticate(user)
    return client


def page_text(response) -> str:
    """A page's HTML with its entities read as the characters they stand for."""
    return html.unescape(response.content.decode())
