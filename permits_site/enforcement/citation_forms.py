"""Forms of the citation pages: each feeds one service of a citation answered (MGL c.40 §21D).

The forms check shape and type; the services decide the rest, and their
refusals (which name the section behind them) are shown on the field they
name, or above the form when they name none of its fields.
"""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone

from permits_site.enforcement.forms import (
    MONEY_FIELD,
    TEXTAREA,
    ServiceForm,
    surcharge_event_choices,
)
from permits_site.enforcement.models import Citation, CourtOutcome, HearingOutcome
from permits_site.enforcement.registry import CitationPolicy
from permits_site.enforcement.services import dispositions
from permits_site.enforcement.services.citations import policy_of
from permits_site.licensing.fact_forms import HearingTimeAndPlaceFields, bounded_date_field
from permits_site.licensing.models import PaymentMethod
from permits_site.rules.fines import parse_money


class AmountField(forms.DecimalField):
    """Dollars and cents, refused in the words every amount is (:func:`parse_money`: "An
    amount cannot be negative."), which the API answers for the same field, rather than
    Django's generic bounds."""

    def __init__(self, **options):
        super().__init__(**MONEY_FIELD, **options)

    def validate(self, value: Decimal | None) -> None:
        super().validate(value)
        if value is not None:
            try:
                parse_money(value)
            except ValueError as error:
                raise ValidationError(str(error)) from error


class CitationActionForm(ServiceForm):
    """A small form acting on one citation; its fields are named as the service's
    keyword arguments, so a refusal lands on the field it names."""

    def __init__(self, *args, citation: Citation, policy: CitationPolicy | None = None,
                 **kwargs):
        super().__init__(*args, **kwargs)
        self.citation = citation
        self.policy = policy or policy_of(citation)


class CounterPaymentForm(CitationActionForm):
    """Money taken at the Town Clerk's counter (or received by mail) against the invoice."""

    method = forms.ChoiceField(
        label="Paid by", choices=[("", "Choose how it was paid"), *PaymentMethod.choices],
        error_messages={"required": "Choose how it was paid."},
    )
    reference = forms.CharField(
        max_length=100, label="Receipt, check or card reference",
        help_text="Recording the same reference twice changes nothing.",
        error_messages={"required": "Enter the receipt, check or card reference."},
    )
    amount = forms.DecimalField(
        **MONEY_FIELD, min_value=0.01, label="Amount ($)",
        error_messages={"required": "Enter the amount received."},
    )

    def __init__(self, *args, **kwargs):
        """Start on the balance due, as the application and impoundment forms do, naming the
        invoice a refusal of the reference speaks of."""
        super().__init__(*args, **kwargs)
        if self.citation.invoice_id is not None:
            self.fields["amount"].initial = dispositions.balance(self.citation)
            self.fields["amount"].help_text = (
                f"The balance of the citation's invoice #{self.citation.invoice_id}.")


class RequestHearingForm(CitationActionForm):
    """Nothing to fill in: the party (or staff on their behalf) asks within the window."""


class HearingDateForm(HearingTimeAndPlaceFields, CitationActionForm):
    """The day, hour and place of the hearing the party asked for, set or moved while it is
    undecided. Set the first time, the hour and place start at the town's usual ones; moved,
    at the hearing's own, so that changing only the day keeps them, and why it is moved is
    asked."""

    field_order = ["hearing_date", "hearing_time", "location", "reason"]

    hearing_date = bounded_date_field(
        label="Hearing date",
        help_text="Today or later, on a day the town's offices are open. The party is told.")
    reason = forms.CharField(
        max_length=500, label="Why the hearing is moved", widget=TEXTAREA,
        error_messages={"required": "Say why the hearing is moved."})

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        hearing = dispositions.hearing_of(self.citation)
        if hearing is None or hearing.hearing_date is None:
            del self.fields["reason"]  # set the first time: nothing is moved
            self.prefill_time_and_place(self.citation.case.municipality)
            return
        self.fields["hearing_date"].initial = hearing.hearing_date
        self.fields["hearing_date"].label = "New hearing date"
        self.fields["hearing_time"].initial = hearing.hearing_time
        self.fields["location"].initial = hearing.location


class DecideHearingForm(CitationActionForm):
    outcome = forms.ChoiceField(
        choices=HearingOutcome.choices, widget=forms.RadioSelect, label="Decision",
        error_messages={"required": "Choose the decision."},
    )
    reduced_to = AmountField(
        required=False, label="Reduced total ($)",
        help_text="Only when reduced: the total now owed.",
    )
    note = forms.CharField(widget=TEXTAREA, max_length=5000, required=False,
                           label="Note (optional)")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        invoice = self.citation.invoice
        if invoice is not None:
            self.fields["reduced_to"].help_text = (
                f"Only when reduced: the total now owed, less than ${invoice.total}.")


class CourtDecisionForm(CitationActionForm):
    """The District Court's decision; a forfeiture's amount is what the court set."""

    outcome = forms.ChoiceField(
        choices=CourtOutcome.choices, widget=forms.RadioSelect, label="The court found the party",
        error_messages={"required": "Choose what the court found."},
    )
    decided_on = bounded_date_field(label="Decided on", initial=timezone.localdate)
    amount_per_offense = AmountField(
        required=False, label="Amount per offense set by the court ($)",
    )
    note = forms.CharField(widget=TEXTAREA, max_length=5000, required=False,
                           label="Note (optional)")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.citation.forfeiture:
            del self.fields["amount_per_offense"]
            return
        day = " per day" if self.citation.per_day else ""
        self.fields["amount_per_offense"].help_text = (
            f"A forfeiture: leave empty to keep the ${self.citation.amount_per_offense}{day} "
            f"proposed when cited ({self.citation.citation}).")


class SurchargeForm(CitationActionForm):
    """An admin's correction of the surcharge event the citation represents."""

    event = forms.ChoiceField(required=False, label="Surcharge event")
    reason = forms.CharField(
        max_length=300, label="Reason",
        error_messages={"required": "Say why the citation is reclassified."},
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["event"].choices = surcharge_event_choices(self.policy,
                                                               blank="No surcharge event")
