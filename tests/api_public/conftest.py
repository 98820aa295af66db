"""An anonymous API caller: no session, no token, JSON in and out."""

import pytest
from rest_framework.test import APIClient


class PublicClient:
    def __init__(self):
        self.client = APIClient()

    def get(self, path, params=None):
        return self.client.get(path, params or {})

    def post(self, path, body):
        return self.client.post(path, body, format="json")

    def post_raw(self, path, text, content_type="application/json"):
        """A body sent as written, for what a JSON encoder would never produce."""
        return self.client.generic("POST", path, text, content_type=content_type)


@pytest.fixture
def public(db):
    return PublicClient()
