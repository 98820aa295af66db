"""What an invoice is for — its subject — named the same way wherever the invoice is shown.

An invoice is raised for an application, a citation, or a record a bylaw app keeps (an
impounded dog's fees, North Andover Code ch. 60, Impoundment C). The invoice itself holds
only its lines: the record it is for points at it. Each kind of record registers how it
names itself (:func:`register_invoice_subject`, from an ``AppConfig.ready()``; the core
registers applications here and citations from the enforcement app), so the payer's "Fees
due", the invoice's own page and the Clerk's flagged payments all say what the money is for
and link to it, and the core never imports a bylaw app.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.urls import reverse
from django.utils.translation import gettext_noop

from permits_site.rules.wording import explain
from permits_site.towns.typed_text import typed_value

if TYPE_CHECKING:
    from permits_site.licensing.models import Invoice


@dataclass(frozen=True)
class InvoiceSubject:
    """The record an invoice is for. ``name``, ``label`` and ``purpose`` are English
    sentences a resident's page says in the reader's language (``explained``); the staff
    label is English, as staff screens are."""

    #: The record in full: "Impoundment #5: Biscuit, taken into custody on June 4, 2026".
    name: str
    #: The payer's page of it, as a link back to it reads: "Impoundment #5".
    label: str
    #: The payer's page of the record; blank when the payer has none.
    url: str = ""
    #: What the money is for, or what the record's page tells, after its name.
    purpose: str = ""
    staff_label: str = ""
    staff_url: str = ""


@dataclass(frozen=True)
class _SubjectKind:
    describe: Callable[[Invoice], InvoiceSubject | None]
    related: tuple[str, ...]
    prefetched: tuple[str, ...] = ()


_KINDS: list[_SubjectKind] = []


def register_invoice_subject(describe: Callable[[Invoice], InvoiceSubject | None], *,
                             related: tuple[str, ...] = (),
                             prefetched: tuple[str, ...] = ()) -> None:
    """Let ``describe(invoice)`` name the record an invoice is for (None: not one of its
    records). ``related`` are the ``select_related`` paths it reads from the invoice (the
    record's reverse one-to-one and what the name needs), so a list of invoices names them
    all in its one query; ``prefetched`` the many-valued paths it reads (a citation's
    hearings), each one more query for the whole list."""
    if all(kind.describe is not describe for kind in _KINDS):
        _KINDS.append(_SubjectKind(describe, tuple(related), tuple(prefetched)))


def subject_related() -> tuple[str, ...]:
    """Every registered kind's ``select_related`` paths, for a queryset of invoices."""
    return tuple(dict.fromkeys(path for kind in _KINDS for path in kind.related))


def subject_prefetched() -> tuple[str, ...]:
    """Every registered kind's ``prefetch_related`` paths, for a queryset of invoices."""
    return tuple(dict.fromkeys(path for kind in _KINDS for path in kind.prefetched))


def invoice_subject(invoice: Invoice) -> InvoiceSubject | None:
    """What ``invoice`` is for, or None when no registered kind of record names it."""
    for kind in _KINDS:
        subject = kind.describe(invoice)
        if subject is not None:
            return subject
    return None


def application_subject(invoice: Invoice) -> InvoiceSubject | None:
    """An application's fees: its page shows the fee lines and what still blocks issuance."""
    if not invoice.application_id:
        return None
    application = invoice.application
    label = explain(gettext_noop("%(permit)s application"),
                    permit=typed_value(application.permit_type, "name"))
    return InvoiceSubject(
        name=label, label=label,
        url=reverse("licensing:application", args=[application.pk]),
        staff_label=f"{application.permit_type.name} #{application.pk}",
        staff_url=reverse("licensing:review", args=[application.pk]))


def register_core_subjects() -> None:
    register_invoice_subject(application_subject, related=("application__permit_type",))
