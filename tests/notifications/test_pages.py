"""The messages page: what was sent to the signed-in person only, and the reminder
preference."""

import pytest
from django.urls import reverse

from permits_site.audit import history_of
from permits_site.notifications.models import Message, Preference
from tests.factories import MessageFactory

pytestmark = pytest.mark.django_db
URL = reverse("notifications:messages")


def message(recipient, number: int, **fields) -> Message:
    return MessageFactory(recipient=recipient, subject=f"Subject {number}",
                          text=f"Body {number} https://example.org/x", html="", **fields)


def test_signing_in_is_required(client):
    response = client.get(URL)
    assert response.status_code == 302 and "sign-in" in response.url


def test_a_person_sees_their_messages_and_no_one_elses(client, resident, other_resident):
    message(resident, 1, is_legal_notice=True)
    message(other_resident, 2)
    client.force_login(resident)
    page = client.get(URL).content.decode()
    assert "Subject 1" in page and "legal notice" in page and "waiting to be sent" in page
    assert "Subject 2" not in page and "Body 2" not in page
    assert '<a href="https://example.org/x"' in page


@pytest.mark.parametrize("rows", [2, 10])
def test_the_list_costs_the_same_whatever_its_length(client, resident, rows,
                                                     django_assert_num_queries):
    for number in range(rows):
        message(resident, number)
    client.force_login(resident)
    with django_assert_num_queries(5):  # sign-in, user, roles, preference, page with count
        response = client.get(URL)
    assert response.content.decode().count("<h3") == rows


def test_turning_reminders_off_and_on_is_recorded(client, resident):
    client.force_login(resident)
    response = client.post(reverse("notifications:preference"), {"skip_reminders": "on"},
                           follow=True)
    assert "Reminders are off" in response.content.decode()
    preference = Preference.objects.get(user=resident)
    assert preference.skip_reminders
    assert 'checked' in client.get(URL).content.decode()
    client.post(reverse("notifications:preference"), {})
    preference.refresh_from_db()
    assert not preference.skip_reminders
    assert [entry.action for entry in history_of(preference)] == [
        "messages.preference_set", "messages.preference_set"]


def test_the_preference_only_takes_a_post(client, resident):
    client.force_login(resident)
    assert client.get(reverse("notifications:preference")).status_code == 405
