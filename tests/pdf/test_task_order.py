"""The license PDFs come before the e-mails in the task workers' queue (issue 24).

In a renewal season the clerk issues hundreds of licenses at once; each enqueues its
PDF and the messages of its approval and issue. The workers take the ready task of the
highest priority first, so the PDFs the clerk prints and posts are written first and the
e-mails (each linking to its license's PDF) follow.
"""

import pytest
from django_tasks_db.models import DBTaskResult

from permits_site.licensing.tasks import render_permit_pdf
from permits_site.notifications.services import deliver_message
from permits_site.notifications.tasks import send_event_messages

pytestmark = pytest.mark.django_db


@pytest.fixture
def database_tasks(settings):
    """The database task backend, as in production: enqueueing only queues."""
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}


def next_task_path() -> str:
    """The task a ``db_worker`` would take next (its own query)."""
    return DBTaskResult.objects.ready().get_locked().task_path


def test_a_waiting_license_pdf_is_taken_before_waiting_messages(database_tasks):
    send_event_messages.enqueue(1)
    deliver_message.enqueue(2)
    render_permit_pdf.enqueue(3)
    send_event_messages.enqueue(4)
    assert next_task_path() == "permits_site.licensing.tasks.render_permit_pdf"


def test_messages_keep_the_order_they_were_queued_in(database_tasks):
    first = send_event_messages.enqueue(1)
    send_event_messages.enqueue(2)
    assert str(DBTaskResult.objects.ready().get_locked().pk) == first.id
