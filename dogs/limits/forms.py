"""Forms of the residence limits and noise complaint pages: each feeds one service of
:mod:`dogs.limits.services`, whose refusals are shown on the field they name."""

from __future__ import annotations

from django import forms
from django.utils import timezone

from dogs.limits.services import RECORDED_COUNTS
from dogs.rules import NOISE_COMPLAINT
from permits_site.accounts.models import User
from permits_site.enforcement.forms import TEXTAREA, CaseActionForm, ServiceErrors, ServiceForm
from permits_site.licensing.fact_forms import FactsForm, bounded_date_field, fact_form_class

COUNT_LABELS = {
    "cats_over_4_months": "Cats over four months old (Limits B)",
    "wild_or_dangerous_animals": "Wild or dangerous animals (Limits D)",
    "dogs_not_on_record": "Dogs over six months seen that are not on record (Limits A)",
    "dogs_in_medical_boarding": "Of those, dogs in medical boarding by a licensed veterinarian "
                                "practicing in town: not counted (Kennel license B(1))",
}


def count_field(name: str) -> forms.IntegerField:
    return forms.IntegerField(min_value=0, max_value=1000, initial=0, label=COUNT_LABELS[name])


class CountsMixin(forms.Form):
    """The officer's counts; ``cleaned_data["counts"]`` gathers them for the service."""

    cats_over_4_months = count_field("cats_over_4_months")
    wild_or_dangerous_animals = count_field("wild_or_dangerous_animals")
    dogs_not_on_record = count_field("dogs_not_on_record")
    dogs_in_medical_boarding = forms.IntegerField(
        min_value=0, max_value=1000, initial=0, required=False,
        label=COUNT_LABELS["dogs_in_medical_boarding"])

    def clean(self) -> dict:
        cleaned = super().clean()
        if all(name in cleaned for name in RECORDED_COUNTS):
            cleaned["counts"] = {name: cleaned.pop(name) or 0 for name in RECORDED_COUNTS}
        return cleaned


class OpenLimitsCaseForm(CountsMixin, ServiceForm):
    address = forms.CharField(max_length=200, label="Street address of the residence")
    party_email = forms.EmailField(
        required=False, label="Responsible occupant's email (if they have an account)")
    party_name = forms.CharField(max_length=200, required=False,
                                 label="Responsible occupant's name")
    complaint = forms.CharField(widget=TEXTAREA, max_length=5000, label="Complaint or findings")
    complainant = forms.CharField(max_length=200, required=False, label="Complainant")
    received_on = bounded_date_field(label="Received on", initial=timezone.localdate)

    def clean_party_email(self) -> User | None:
        email = self.cleaned_data["party_email"]
        if not email:
            return None
        party = User.objects.filter(email__iexact=email).first()
        if party is None:
            raise forms.ValidationError("No account has this email; give the name instead.")
        return party


class RecountForm(CountsMixin, CaseActionForm):
    """A new count of the animals at the residence today."""


class RehomingOrderForm(CaseActionForm):
    rehome_by = bounded_date_field(label="Re-home the animals by",
                                   help_text="The time allowed to place the animals in "
                                             "alternate care (Limits E(1)).")
    text = forms.CharField(widget=TEXTAREA, max_length=5000, label="What the owner must do")


class CiteForm(CaseActionForm):
    """A citation under the fine schedule: nothing to fill in, the record sets the amount."""


class RehomedForm(CountsMixin, CaseActionForm):
    complied_on = bounded_date_field(label="Animals re-homed on", initial=timezone.localdate)

    def clean(self) -> dict:
        cleaned = super().clean()
        cleaned["order"] = self.case.orders.filter(complied_on__isnull=True).first()
        if cleaned["order"] is None:
            raise forms.ValidationError("No re-homing order is waiting for compliance.")
        return cleaned


class _NoiseFactsForm(ServiceErrors, FactsForm):
    """The complaint's facts; ``cleaned_data["facts"]`` carries them parsed."""

    def __init__(self, *args, case, **kwargs):
        super().__init__(*args, **kwargs)
        self.case = case

    def clean(self) -> dict:
        super().clean()
        return {"facts": self.facts}


NoiseComplaintForm = fact_form_class(NOISE_COMPLAINT, base=_NoiseFactsForm)


class AdditionalLimitsForm(CaseActionForm):
    """Limits C: the investigation's findings and the limits set; either limit may be left
    empty."""

    dogs = forms.IntegerField(min_value=0, max_value=1000, required=False,
                              label="At most this many dogs over six months")
    cats = forms.IntegerField(min_value=0, max_value=1000, required=False,
                              label="At most this many cats over four months")
    conditions = forms.CharField(
        widget=TEXTAREA, max_length=5000,
        label="Unhealthy living conditions found, and the overcrowding causing them")


class RemedialAdviceForm(CaseActionForm):
    """Feeding wildlife A(2): the Town's advice and the days allowed to act on it."""

    advice = forms.CharField(widget=TEXTAREA, max_length=5000,
                             label="Remedial action advised (food sources, attractants)")
    remedy_within_days = forms.IntegerField(min_value=1, max_value=365, initial=7,
                                            label="Days allowed to take the action")
