"""The one place audited changes turn into messages."""

from django.db import transaction

from permits_site.notifications.events import HANDLERS


def audit_entry_saved(sender, instance, created: bool, **kwargs) -> None:
    """After the change commits, have the worker write and send its messages."""
    if created and instance.action in HANDLERS:
        transaction.on_commit(lambda: _enqueue(instance.pk))


def _enqueue(entry_id: int) -> None:
    from permits_site.notifications.tasks import send_event_messages

    send_event_messages.enqueue(entry_id)
