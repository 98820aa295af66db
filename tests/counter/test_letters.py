"""Letters the office posts: what the outbox would have emailed a person without an email
address is written as a letter, listed for the town's clerks to print and mark posted."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import InvalidTransition, PermissionDenied
from permits_site.licensing.services.applications import create_application, submit_application
from permits_site.notifications.models import Message, MessageKind
from permits_site.notifications.services import (
    deliver_message,
    mark_letter_posted,
    retry_unsent,
)
from tests.counter.conftest import BODY_ART
from tests.factories import Role, UserFactory, municipality, permit_type, staff

pytestmark = pytest.mark.django_db

LETTERS = reverse("letters:list")


def submitted_for(person, clerk, capture):
    with capture(execute=True):
        application = create_application(applicant=person, permit_type=permit_type(BODY_ART),
                                         action="new", acting_user=clerk)
        submit_application(application=application, acting_user=clerk)
    return application


@pytest.fixture
def letter(walk_in, tisbury_clerk, django_capture_on_commit_callbacks) -> Message:
    submitted_for(walk_in, tisbury_clerk, django_capture_on_commit_callbacks)
    return Message.objects.get(recipient=walk_in)


def test_a_notice_to_a_person_without_an_address_becomes_a_letter(letter, walk_in):
    assert letter.is_letter and letter.email is None
    assert letter.kind == MessageKind.SUBMITTED
    assert letter.postal_address == "4 Main Street, Vineyard Haven, MA 02568"
    assert letter.municipality == municipality("tisbury")
    assert "We received your Body Art Practitioner Permit application" in letter.text
    assert mail.outbox == [] and letter.sent_at is None


def test_a_person_with_an_address_is_still_emailed(tisbury_clerk,
                                                   django_capture_on_commit_callbacks):
    resident = UserFactory(email="jo@example.org")
    submitted_for(resident, tisbury_clerk, django_capture_on_commit_callbacks)

    message = Message.objects.get(recipient=resident)
    assert not message.is_letter and message.postal_address == ""
    assert [sent.to for sent in mail.outbox] == [["jo@example.org"]]


def test_a_letter_is_never_emailed_nor_retried(letter):
    deliver_message.call(letter.pk)

    assert mail.outbox == [] and retry_unsent(older_than=timezone.timedelta(0)) == 0


def test_the_clerk_marks_a_letter_posted_once_and_it_is_audited(letter, tisbury_clerk):
    mark_letter_posted(letter=letter, acting_user=tisbury_clerk)

    letter.refresh_from_db()
    assert letter.posted_at is not None and letter.posted_by == tisbury_clerk
    entry = AuditEntry.objects.get(action="messages.letter_posted")
    assert entry.actor == tisbury_clerk and entry.municipality == municipality("tisbury")
    with pytest.raises(InvalidTransition, match="already|marked posted on"):
        mark_letter_posted(letter=letter, acting_user=tisbury_clerk)
    assert AuditEntry.objects.filter(action="messages.letter_posted").count() == 1


@pytest.mark.parametrize("make", [UserFactory, lambda: staff(Role.CLERK, "north_andover"),
                                  lambda: staff(Role.INSPECTOR, "tisbury")],
                         ids=["resident", "other_towns_clerk", "inspector"])
def test_only_a_clerk_of_the_town_posts_its_letters(letter, make):
    with pytest.raises(PermissionDenied):
        mark_letter_posted(letter=letter, acting_user=make())

    letter.refresh_from_db()
    assert letter.posted_at is None


def test_an_email_is_not_marked_posted(tisbury_clerk, django_capture_on_commit_callbacks):
    resident = UserFactory()
    submitted_for(resident, tisbury_clerk, django_capture_on_commit_callbacks)

    with pytest.raises(PermissionDenied):
        mark_letter_posted(letter=Message.objects.get(recipient=resident),
                           acting_user=tisbury_clerk)


# -- the pages ---------------------------------------------------------------------------


def test_the_clerk_lists_prints_and_marks_a_letter_posted(client, letter, tisbury_clerk):
    client.force_login(tisbury_clerk)

    listed = client.get(LETTERS).content.decode()
    assert "Ruth Walker" in listed and letter.subject in listed
    printed = client.get(reverse("letters:letter", args=[letter.pk])).content.decode()
    assert "4 Main Street, Vineyard Haven, MA 02568" in printed and "Town of Tisbury" in printed
    assert "Ruth Walker" in client.get(reverse("letters:print")).content.decode()

    response = client.post(reverse("letters:posted", args=[letter.pk]), follow=True)

    assert "Marked posted" in response.content.decode()
    assert "Ruth Walker" not in client.get(LETTERS).content.decode()
    assert "Ruth Walker" in client.get(LETTERS, {"status": "posted"}).content.decode()


def test_posting_twice_says_when_it_was_posted(client, letter, tisbury_clerk):
    client.force_login(tisbury_clerk)
    client.post(reverse("letters:posted", args=[letter.pk]))

    response = client.post(reverse("letters:posted", args=[letter.pk]), follow=True)

    assert "This letter was marked posted on" in response.content.decode()


def test_another_towns_clerk_sees_none_of_the_letters(client, letter):
    client.force_login(staff(Role.CLERK, "north_andover"))

    assert "Ruth Walker" not in client.get(LETTERS).content.decode()
    assert client.get(reverse("letters:letter", args=[letter.pk])).status_code == 404
    assert client.post(reverse("letters:posted", args=[letter.pk])).status_code == 404
    letter.refresh_from_db()
    assert letter.posted_at is None


@pytest.mark.parametrize("make", [UserFactory, lambda: staff(Role.INSPECTOR, "tisbury")],
                         ids=["resident", "inspector"])
def test_the_letters_are_for_clerks(client, letter, make):
    client.force_login(make())

    assert client.get(LETTERS).status_code == 403
    assert client.get(reverse("letters:print")).status_code == 403
    assert client.get(reverse("letters:letter", args=[letter.pk])).status_code == 404
    assert client.post(reverse("letters:posted", args=[letter.pk])).status_code == 404


def _letters(count: int, clerk, *, first: int = 0) -> None:
    town = municipality("tisbury")
    people = [UserFactory(email=None) for _ in range(count)]
    Message.objects.bulk_create(
        Message(recipient=person, email=None, postal_address=person.mailing_address,
                kind=MessageKind.SUBMITTED, subject=f"Letter {number}", text="Dear resident",
                html="", dedupe_key=f"letter:{number}", municipality=town,
                posted_at=timezone.now() if number % 2 else None,
                posted_by=clerk if number % 2 else None)
        for number, person in enumerate(people, start=first)
    )


def _queries(client, url: str, params: dict) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url, params).status_code == 200
    return len(captured)


@pytest.mark.parametrize("url", [LETTERS, reverse("letters:print")])
@pytest.mark.parametrize("status", ["to_post", "posted", ""])
def test_the_letters_list_runs_a_fixed_number_of_queries(client, tisbury_clerk, url, status,
                                                         django_assert_max_num_queries):
    client.force_login(tisbury_clerk)
    _letters(4, tisbury_clerk)
    few = _queries(client, url, {"status": status})
    _letters(56, tisbury_clerk, first=4)

    with django_assert_max_num_queries(few):
        client.get(url, {"status": status})
    assert few <= 12
