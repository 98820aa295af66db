"""The hearing authority sets the date of a citation hearing the party asked for (MGL c.40
§21D): a day from today on, when North Andover's offices are open (Monday to Thursday, not
a closure), while the hearing is undecided; it may be set again, and each time the party is
told and the step is audited. A refusal names the field and changes nothing."""

import datetime as dt

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import CitationHearing
from permits_site.enforcement.services.dispositions import (
    decide_hearing,
    request_hearing,
    set_hearing_date,
)
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.notifications.models import Message, MessageKind
from tests.enforcement.conftest import MONDAY
from tests.enforcement.test_citation_pages import citation_url, cite, held_today, page_of, signed_in
from tests.factories import ClosureFactory, Role, municipality, staff

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]
#: Why a hearing already set is moved (asked each time, as a continuance is).
MOVED_BECAUSE = "The hearing authority is away that day."

THURSDAY = dt.date(2027, 6, 10)
FRIDAY = dt.date(2027, 6, 11)
NEXT_MONDAY = dt.date(2027, 6, 14)
NEXT_TUESDAY = dt.date(2027, 6, 15)


@pytest.fixture
def requested(officer, resident):
    citation = cite(officer, party=resident)
    request_hearing(citation=citation, acting_user=resident)
    return citation


def hearing_date_of(citation) -> dt.date | None:
    return CitationHearing.objects.get(citation=citation).hearing_date


def entries() -> int:
    return AuditEntry.objects.filter(action="citation.hearing_date_set").count()


# -- the service ---------------------------------------------------------------------------


@pytest.mark.parametrize("day", [MONDAY.date(), THURSDAY, NEXT_TUESDAY])
def test_the_hearing_authority_sets_a_coming_open_day(requested, authority, day):
    hearing = set_hearing_date(citation=requested, hearing_date=day, acting_user=authority)

    assert hearing.hearing_date == day == hearing_date_of(requested)
    entry = AuditEntry.objects.get(action="citation.hearing_date_set")
    assert (entry.actor, entry.after["hearing_date"], entry.before["hearing_date"]) == (
        authority, day.isoformat(), "")


def test_the_date_is_set_again_while_undecided_and_each_time_audited(requested, authority):
    set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority)
    set_hearing_date(citation=requested, hearing_date=NEXT_TUESDAY, acting_user=authority,
                     reason=MOVED_BECAUSE)

    assert hearing_date_of(requested) == NEXT_TUESDAY
    latest = AuditEntry.objects.filter(action="citation.hearing_date_set").order_by("-pk")[0]
    assert (latest.before["hearing_date"], latest.after["hearing_date"]) == (
        THURSDAY.isoformat(), NEXT_TUESDAY.isoformat())
    assert entries() == 2


def refused(citation, user, day) -> DomainError:
    before = (hearing_date_of(citation), entries())
    with pytest.raises(DomainError) as refusal:
        set_hearing_date(citation=citation, hearing_date=day, acting_user=user,
                         reason=MOVED_BECAUSE)
    assert (hearing_date_of(citation), entries()) == before
    return refusal.value


def test_a_past_day_is_refused_on_its_field(requested, authority):
    error = refused(requested, authority, dt.date(2027, 6, 3))
    assert error.errors == {"hearing_date": ["That day has passed: choose today or a later day."]}


@pytest.mark.parametrize(("day", "why"), [
    (FRIDAY, "Fridays are not office days"),
    (NEXT_MONDAY, "Storm"),
    (dt.date(2027, 6, 12), "Saturdays are not office days"),
])
def test_a_day_the_offices_are_closed_is_refused_naming_why(requested, authority, day, why):
    ClosureFactory(municipality=municipality("north_andover"), date=NEXT_MONDAY, reason="Storm")

    [message] = refused(requested, authority, day).errors["hearing_date"]

    assert "closed" in message and why in message
    # The open days either side are taken.
    set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority)
    set_hearing_date(citation=requested, hearing_date=NEXT_TUESDAY, acting_user=authority,
                     reason=MOVED_BECAUSE)


def test_the_same_day_again_is_refused(requested, authority):
    set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority)

    assert "already set" in refused(requested, authority, THURSDAY).errors["hearing_date"][0]


def test_a_decided_hearing_takes_no_date(requested, authority):
    held_today(requested)
    decide_hearing(citation=requested, outcome="upheld", acting_user=authority)

    assert isinstance(refused(requested, authority, THURSDAY), InvalidTransition)


def test_a_citation_without_a_hearing_takes_no_date(officer, resident, authority):
    citation = cite(officer, party=resident)

    with pytest.raises(InvalidTransition):
        set_hearing_date(citation=citation, hearing_date=THURSDAY, acting_user=authority)
    assert not AuditEntry.objects.filter(action="citation.hearing_date_set").exists()


@pytest.mark.parametrize("who", ["officer", "resident", "clerk"])
def test_only_the_hearing_authority_or_board_sets_it(requested, who, request):
    error = refused(requested, request.getfixturevalue(who), THURSDAY)

    assert isinstance(error, PermissionDenied)
    assert "Hearing authority" in str(error)


def test_the_hearing_authority_of_another_town_may_not(requested):
    error = refused(requested, staff(Role.HEARING_AUTHORITY, "tisbury"), THURSDAY)
    assert isinstance(error, PermissionDenied)


# -- the party is told -----------------------------------------------------------------------


def test_the_party_is_told_the_date_and_told_again_when_it_moves(
        requested, authority, resident, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority)
    with django_capture_on_commit_callbacks(execute=True):
        set_hearing_date(citation=requested, hearing_date=NEXT_TUESDAY, acting_user=authority,
                     reason=MOVED_BECAUSE)

    first, moved = Message.objects.filter(
        recipient=resident, kind=MessageKind.HEARING_SCHEDULED).order_by("pk")
    assert "June 10, 2027" in first.text and f"citation #{requested.pk}" in first.text
    assert "June 15, 2027" in moved.text and "June 10, 2027" in moved.text
    assert first.is_legal_notice and moved.is_legal_notice


# -- the staff's page ------------------------------------------------------------------------


def test_the_citation_page_offers_the_date_to_the_hearing_authority(client, requested,
                                                                    authority):
    client = signed_in(client, authority)
    assert 'name="hearing_date-hearing_date"' in page_of(client.get(citation_url(requested)))

    response = client.post(citation_url(requested), {
        "action": "hearing_date", "hearing_date-hearing_date": THURSDAY.isoformat()})

    assert response.status_code == 302
    assert hearing_date_of(requested) == THURSDAY
    assert "Thursday, June 10, 2027" in page_of(client.get(citation_url(requested)))


def test_a_refused_date_is_shown_on_its_field_and_changes_nothing(client, requested,
                                                                 authority):
    page = page_of(signed_in(client, authority).post(citation_url(requested), {
        "action": "hearing_date", "hearing_date-hearing_date": FRIDAY.isoformat()}))

    assert 'href="#id_hearing_date-hearing_date"' in page
    assert "Fridays are not office days" in page
    assert hearing_date_of(requested) is None


def test_the_officer_is_not_offered_the_date_and_may_not_post_it(client, requested, officer):
    client = signed_in(client, officer)

    assert 'name="hearing_date-hearing_date"' not in page_of(client.get(citation_url(requested)))
    assert client.post(citation_url(requested), {
        "action": "hearing_date",
        "hearing_date-hearing_date": THURSDAY.isoformat()}).status_code == 403
    assert hearing_date_of(requested) is None


def test_a_decided_hearing_offers_no_date(client, requested, authority):
    held_today(requested)
    decide_hearing(citation=requested, outcome="upheld", acting_user=authority)

    page = page_of(signed_in(client, authority).get(citation_url(requested)))

    assert 'name="hearing_date-hearing_date"' not in page


# -- the party's page ------------------------------------------------------------------------


def test_the_partys_page_says_the_date_once_set(client, requested, authority, resident):
    url = reverse("citations:detail", args=[requested.pk])
    client = signed_in(client, resident)
    assert "The town will tell you the date of the hearing." in page_of(client.get(url))

    set_hearing_date(citation=requested, hearing_date=THURSDAY, acting_user=authority)

    page = page_of(client.get(url))
    assert "Your hearing is set for Thursday, June 10, 2027." in page
    assert "The town will tell you the date of the hearing." not in page


# -- the API ---------------------------------------------------------------------------------


def api_post(user, citation, body):
    client = APIClient()
    client.force_authenticate(user)
    return client.post(f"/api/v1/citations/{citation.pk}/hearing-date/", body, format="json")


def test_the_api_sets_the_date(requested, authority):
    response = api_post(authority, requested, {"hearing_date": THURSDAY.isoformat()})

    assert response.status_code == 200, response.json()
    assert response.json()["hearing"]["hearing_date"] == "2027-06-10"
    assert hearing_date_of(requested) == THURSDAY


@pytest.mark.parametrize("body", [
    {"hearing_date": "2027-06-11"},   # a Friday
    {"hearing_date": "2027-06-03"},   # past
    {"hearing_date": "10/06/2027"},
    {"hearing_date": ""},
    {},
])
def test_a_bad_date_is_a_400_naming_the_field(requested, authority, body):
    response = api_post(authority, requested, body)

    assert response.status_code == 400
    assert "hearing_date" in response.json()
    assert hearing_date_of(requested) is None and entries() == 0


@pytest.mark.parametrize("who", ["officer", "resident", "clerk"])
def test_others_get_403_from_the_api(requested, who, request):
    response = api_post(request.getfixturevalue(who), requested,
                        {"hearing_date": THURSDAY.isoformat()})

    assert response.status_code == 403
    assert hearing_date_of(requested) is None


def test_the_api_refuses_a_decided_hearing(requested, authority):
    held_today(requested)
    decide_hearing(citation=requested, outcome="upheld", acting_user=authority)

    response = api_post(authority, requested, {"hearing_date": THURSDAY.isoformat()})

    assert response.status_code in (400, 409)
    assert hearing_date_of(requested) == MONDAY.date()
