"""Domain errors raised by services; views and the API turn them into messages.

Every core app and bylaw app raises these; the module imports nothing of the
project, so any of them can use it without an import cycle.
"""

from __future__ import annotations

from collections.abc import Mapping


class DomainError(Exception):
    """A refused action. ``errors`` maps a field (or "non_field_errors") to messages."""

    def __init__(
        self, message: str | Mapping[str, list[str] | str], *, field: str = "non_field_errors"
    ):
        if isinstance(message, Mapping):
            errors = {
                name: value if isinstance(value, list) else [value]
                for name, value in message.items()
            }
        else:
            errors = {field: [message]}
        self.errors = errors
        super().__init__("; ".join(text for messages in errors.values() for text in messages))

    def filed_under(self, field: str) -> DomainError:
        """The same refusal with all its messages on ``field``: a condition the value a
        request chose must meet (what the law requires before an offense is cited) is a
        refusal of that value, whatever the check that found it is named."""
        return type(self)({field: [text for messages in self.errors.values()
                                   for text in messages]})


class InvalidTransition(DomainError):
    """The record is not in a state that allows this action."""


class PermissionDenied(DomainError):
    """The acting user may not do this."""


class ImmutableRecord(Exception):
    """An issued permit or a paid invoice was about to be edited or deleted."""
