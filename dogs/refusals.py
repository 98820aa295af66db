"""A service's refusals as a resident's page shows them (docs/development/translations.md)."""

from __future__ import annotations

from collections.abc import Mapping

from permits_site.licensing.templatetags.localised import explained


def in_readers_language(errors: Mapping[str, list[str]]) -> dict[str, list[str]]:
    """Each field's refusals in the reader's language, their sections of Code ch. 60 kept
    English; the API and the audit log keep the English the service said."""
    return {name: [explained(text) for text in texts] for name, texts in errors.items()}
