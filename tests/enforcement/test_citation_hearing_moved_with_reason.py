"""A citation hearing already set is moved saying why, as a case hearing's continuance is: the
hearing authority gives the reason on the page or in the API's ``reason``, the audit entry
keeps it, and a move without one is refused on ``reason`` and changes nothing. Setting the
day the first time asks for none."""

import pytest

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.services.dispositions import set_hearing_date
from permits_site.exceptions import DomainError
from tests.enforcement.test_citation_hearing_date import (  # noqa: F401 -- requested, a fixture
    NEXT_TUESDAY,
    THURSDAY,
    api_post,
    hearing_date_of,
    requested,
)
from tests.enforcement.test_citation_pages import citation_url, page_of, signed_in

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]
WHY = "The hearing authority is away that day."


def entries() -> list[AuditEntry]:
    return list(AuditEntry.objects.filter(action="citation.hearing_date_set").order_by("pk"))


@pytest.fixture
def dated(requested, authority):  # noqa: F811
    set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority)
    return requested


def test_setting_the_day_the_first_time_asks_no_reason(dated):
    [first] = entries()

    assert hearing_date_of(dated) == THURSDAY and "reason" not in first.after


@pytest.mark.parametrize("reason", ["", "   "])
def test_a_move_without_a_reason_is_refused_on_reason_and_changes_nothing(dated, authority,
                                                                          reason):
    with pytest.raises(DomainError) as refused:
        set_hearing_date(citation=dated, hearing_date=NEXT_TUESDAY, acting_user=authority,
                         reason=reason)

    assert refused.value.errors == {"reason": ["Say why the hearing is moved."]}
    assert hearing_date_of(dated) == THURSDAY and len(entries()) == 1


def test_the_reason_of_a_move_is_kept_in_its_audit_entry(dated, authority):
    set_hearing_date(citation=dated, hearing_date=NEXT_TUESDAY, acting_user=authority,
                     reason=f"  {WHY} ")

    moved = entries()[-1]
    assert moved.after["reason"] == WHY
    assert moved.summary.endswith(f"to June 15, 2027: {WHY}")


def test_the_page_asks_why_only_once_the_hearing_has_a_day(client, requested, authority):  # noqa: F811
    client = signed_in(client, authority)
    before = page_of(client.get(citation_url(requested)))
    set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority)
    after = page_of(client.get(citation_url(requested)))

    refused = client.post(citation_url(requested), {
        "action": "hearing_date", "hearing_date-hearing_date": NEXT_TUESDAY.isoformat(),
        "hearing_date-hearing_time": "19:00", "hearing_date-location": "Town Hall"})

    assert 'name="hearing_date-reason"' not in before
    assert 'name="hearing_date-reason"' in after and "Why the hearing is moved" in after
    assert 'href="#id_hearing_date-reason"' in page_of(refused)
    assert "Say why the hearing is moved." in page_of(refused)
    assert hearing_date_of(requested) == THURSDAY


def test_the_api_asks_why_a_hearing_is_moved(dated, authority):
    body = {"hearing_date": NEXT_TUESDAY.isoformat()}

    refused = api_post(authority, dated, body)
    moved = api_post(authority, dated, {**body, "reason": WHY})

    assert refused.status_code == 400
    assert refused.json() == {"reason": ["Say why the hearing is moved."]}
    assert moved.status_code == 200, moved.json()
    assert hearing_date_of(dated) == NEXT_TUESDAY and entries()[-1].after["reason"] == WHY
