"""Background work: the messages an audited change sends are written after it commits.

Each message written is then sent by the outbox's own task,
:func:`permits_site.notifications.services.deliver_message`.
"""

from django.db import transaction
from django_tasks import task

from permits_site.audit.models import AuditEntry
from permits_site.notifications import services
from permits_site.notifications.events import HANDLERS


@task()
def send_event_messages(entry_id: int) -> None:
    """Write the messages an audited change sends (once: keys are unique) and send them."""
    entry = AuditEntry.objects.get(pk=entry_id)
    with transaction.atomic():
        draft, recipients = HANDLERS[entry.action](entry)
        services.write(draft, recipients)
