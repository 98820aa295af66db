"""What an action that takes no body answers to one: a malformed body is DRF's 400 parse
error, a field is a 400 naming it and a form body a 415 (the API reads JSON), before anything
changes; no body, or ``{}``, is taken as before (docs/api/index.md, Conventions). An action
that takes a body refuses an unknown field in it by name, the same way."""

from __future__ import annotations

from rest_framework.test import APIClient

from permits_site.audit.models import AuditEntry

#: A body refused, with what the 400 says.
REFUSED_BODIES = {
    "malformed JSON": (b"{not json", "application/json"),
    "an unknown field": (b'{"unexpected": 1}', "application/json"),
    "a form body": (b"unexpected=1", "application/x-www-form-urlencoded"),
    "JSON that is not an object": (b"[]", "application/json"),
}
#: A body taken as no body at all.
EMPTY_BODIES = {
    "no body": (b"", None),
    "no JSON": (b"", "application/json"),
    "an empty object": (b"{}", "application/json"),
}


def post_body(user, url: str, body: bytes, content_type: str | None):
    client = APIClient()
    client.force_authenticate(user)
    if content_type is None:
        return client.post(url)
    return client.generic("POST", url, body, content_type=content_type)


def snapshot(record) -> dict:
    """The record's stored fields."""
    return type(record).objects.filter(pk=record.pk).values().get()


def assert_refused_unchanged(user, url: str, record, refused: str) -> None:
    """The ``refused`` body is a 400 saying what is wrong with it (a form body a 415), and
    changes nothing."""
    before, audited = snapshot(record), AuditEntry.objects.count()

    response = post_body(user, url, *REFUSED_BODIES[refused])

    assert response.status_code == (415 if refused == "a form body" else 400), response.content
    answer = response.json()
    if refused == "a form body":
        assert answer == {"detail": 'Unsupported media type '
                                    '"application/x-www-form-urlencoded" in request.'}
    elif refused == "malformed JSON":
        assert answer["detail"].startswith("JSON parse error")
    elif refused == "JSON that is not an object":
        assert "non_field_errors" in answer
    else:
        assert answer == {"unexpected": ["Unknown field."]}
    assert snapshot(record) == before
    assert AuditEntry.objects.count() == audited


def assert_unknown_field_refused(user, url: str, body: dict, record) -> None:
    """A body the action would take, plus a misspelt field, is a 400 naming only that
    field, and changes nothing."""
    before, audited = snapshot(record), AuditEntry.objects.count()

    client = APIClient()
    client.force_authenticate(user)
    response = client.post(url, {**body, "resaon": "y"}, format="json")

    assert response.status_code == 400, response.content
    assert response.json() == {"resaon": ["Unknown field."]}, response.json()
    assert snapshot(record) == before
    assert AuditEntry.objects.count() == audited
