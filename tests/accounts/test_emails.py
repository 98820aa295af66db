"""Account emails are sent after commit, and never to a person without an address."""

import pytest

from permits_site.accounts.emails import EMAIL_CHANGED_NOTICE, send_after_commit
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def _send(to, django_capture_on_commit_callbacks):
    person = UserFactory()
    with django_capture_on_commit_callbacks(execute=True):
        send_after_commit(EMAIL_CHANGED_NOTICE,
                          {"user": person, "new_email": "new@example.org"}, to=to)


def test_the_message_goes_out_once_the_transaction_commits(
        mailoutbox, django_capture_on_commit_callbacks):
    _send("jane@example.org", django_capture_on_commit_callbacks)

    assert [message.to for message in mailoutbox] == [["jane@example.org"]]


@pytest.mark.parametrize("to", [None, ""])
def test_a_person_without_an_address_is_sent_nothing(
        to, mailoutbox, django_capture_on_commit_callbacks):
    _send(to, django_capture_on_commit_callbacks)

    assert mailoutbox == []
