"""The clients a test reads the site with, signed in as a given person."""

import html

from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient


def api_for(user) -> APIClient:
    """An API client authenticated as ``user``."""
    client = APIClient()
    client.force_authenticate(user)
    return client


def page_text(response) -> str:
    """A page's HTML with its entities read as the characters they stand for."""
    return html.unescape(response.content.decode())


def warmed(client, url: str, data=None) -> None:
    """Open the page once, so that what a server keeps between requests (a town's calendar,
    ``permits_site.towns.calendar``) is in the cache, as for every request but a server's
    first: the query counts tests pin are of that steady state, whatever ran before."""
    assert client.get(url, data).status_code == 200


def queries_of(client, url: str, data=None) -> int:
    """How many queries the page at ``url`` runs, the cache warmed (``warmed``)."""
    warmed(client, url, data)
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url, data).status_code == 200
    return len(captured)
