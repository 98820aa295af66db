"""What a member of staff reads when refused one of the office's steps on an application
they or their business made, and the API check every app's tests share: refused with that
reason and nothing changed, then taken by a colleague (``permissions.own_application_refusal``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tests.api.conftest import client_for

OWN = "You applied for this: another member of the town's staff reviews it."
OWN_BUSINESS = ("Your business applied for this: another member of the town's staff reviews "
                "it.")
#: The same sentence as a page escapes it.
OWN_ON_PAGE = OWN.replace("'", "&#x27;")


def assert_api_refuses_own_then_colleague_takes(url: str, body: dict[str, Any], *, applicant,
                                                colleague, state: Callable[[], Any],
                                                taken_status: int = 200) -> None:
    """``applicant``'s POST is a 403 saying why and changes nothing ``state`` reads; the same
    POST by ``colleague`` is taken."""
    before = state()

    refused = client_for(applicant).post(url, body, format="json")
    after_refusal = state()
    taken = client_for(colleague).post(url, body, format="json")

    assert refused.status_code == 403
    assert refused.json() == {"detail": OWN}
    assert after_refusal == before
    assert taken.status_code == taken_status, taken.content
