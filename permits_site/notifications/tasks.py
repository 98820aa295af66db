"""Background work: the messages an audited change sends are written after it commits,
and sent by the same task once they are (one task per change, not one more per message).
"""

from django.db import transaction
from django_tasks import task

from permits_site.audit.models import AuditEntry
from permits_site.notifications import services
from permits_site.notifications.events import HANDLERS


@task()
def send_event_messages(entry_id: int) -> None:
    """Write the messages an audited change sends (once: keys are unique) and send them
    after they commit."""
    entry = AuditEntry.objects.get(pk=entry_id)
    with transaction.atomic():
        draft, recipients = HANDLERS[entry.action](entry)
        services.write(draft, recipients, in_worker=True)
