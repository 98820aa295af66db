"""Forms of North Andover's dog case page: each feeds one service of :mod:`dogs.cases`,
whose refusals are shown on the field they name."""

from __future__ import annotations

from django import forms
from django.utils import timezone

from dogs.cases import Appellant, DangerException, RulingOutcome, restraint_period
from permits_site.enforcement.forms import TEXTAREA, CaseActionForm, short_date
from permits_site.licensing.fact_forms import bounded_date_field


class ProposalForm(CaseActionForm):
    aggressive_in_enclosure = forms.BooleanField(
        required=False,
        label="Highly aggressive, unprovoked, within an enclosure it appears able to escape "
              "(Potentially dangerous B(1)(a))")
    proposal = forms.CharField(widget=TEXTAREA, max_length=5000,
                               label="Proposed determination")


class DeterminationForm(CaseActionForm):
    deemed = forms.TypedChoiceField(
        coerce=lambda value: value == "yes", widget=forms.RadioSelect,
        choices=[("yes", "Potentially dangerous"), ("no", "Not potentially dangerous")],
        label="Determination")
    exceptions = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple,
        choices=[(code, f"{code} {label}") for code, label in DangerException.choices],
        label="Exceptions that apply (Dangerous C)")
    determination = forms.CharField(widget=TEXTAREA, max_length=5000, label="Reasons")


class AppealForm(CaseActionForm):
    appellant = forms.ChoiceField(choices=Appellant.choices, label="Appealed by")
    filed_on = bounded_date_field(label="Written request received by the Town Clerk on",
                                  initial=timezone.localdate)
    grounds = forms.CharField(widget=TEXTAREA, max_length=5000, label="Grounds of the appeal")


class _PendingAppealForm(CaseActionForm):
    appeal = forms.TypedChoiceField(coerce=int, label="Appeal")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.pending = {appeal.pk: appeal for appeal in self.case.appeals.all()
                        if appeal.decided_on is None}
        self.fields["appeal"].choices = [
            (pk, f"Appeal by {appeal.appellant or 'the party'}, filed "
                 f"{short_date(appeal.filed_on)}")
            for pk, appeal in self.pending.items()
        ]

    def clean_appeal(self):
        return self.pending[self.cleaned_data["appeal"]]


class AppealHearingForm(_PendingAppealForm):
    hearing_date = bounded_date_field(label="Public hearing on")


class RulingForm(_PendingAppealForm):
    outcome = forms.ChoiceField(choices=RulingOutcome.choices, widget=forms.RadioSelect,
                                label="The Animal Control Officer's decision is")
    ruling = forms.CharField(widget=TEXTAREA, max_length=10000, label="Written ruling")
    decided_on = bounded_date_field(label="Decided on", initial=timezone.localdate)


class RestraintOrderForm(CaseActionForm):
    text = forms.CharField(
        widget=TEXTAREA, max_length=5000, label="Order",
        initial="Confine the dog to the owner's property when not on a leash of six feet "
                "or shorter.")
    days = forms.IntegerField(min_value=1, max_value=30, initial=30,
                              label="In force for (days, at most 30)")


class RenewalForm(CaseActionForm):
    order = forms.TypedChoiceField(coerce=int, label="Order")
    note = forms.CharField(widget=TEXTAREA, max_length=5000, label="Written renewal")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.timed = {order.pk: order for order in self.case.orders.all() if order.ends_on}
        self.fields["order"].choices = [
            (pk, f"Order of {short_date(order.issued_on)}, ends {short_date(order.ends_on)}")
            for pk, order in self.timed.items()
        ]
        self.fields["note"].help_text = (
            f"Renews the order for another {restraint_period().days} days from its end.")

    def clean_order(self):
        return self.timed[self.cleaned_data["order"]]
