"""Forms of the Board of Health's orders with clocks (BOH Reg 09.7.3, 09.4.8, 09.4.7, 09.5.2).

Each feeds one service of :mod:`tisbury_regs.health_orders.services`, whose refusals are shown
on the field they name. The responsible person is a person on file, found by email.
"""

from __future__ import annotations

from django import forms
from django.utils import timezone

from permits_site.accounts.models import User
from permits_site.enforcement.forms import MONEY_FIELD, TEXTAREA, CaseActionForm, ServiceForm
from permits_site.licensing.fact_forms import bounded_date_field


class PartyOnFileForm(ServiceForm):
    """A report naming the responsible person by the email of their account."""

    party_email = forms.EmailField(label="Responsible person's email (on file)",
                                   help_text="The owner's account: the fee or fine goes on "
                                             "their record.")

    def clean_party_email(self) -> User:
        email = self.cleaned_data["party_email"]
        person = User.objects.filter(email__iexact=email).first()
        if person is None:
            raise forms.ValidationError("No person on file has that email.")
        return person


class BiteReportForm(PartyOnFileForm):
    animal = forms.CharField(max_length=200, label="Animal",
                             help_text="Name, species and description.")
    bitten_on = bounded_date_field(label="Date of the bite", initial=timezone.localdate)
    place = forms.CharField(max_length=300, label="Where the bite happened")
    bitten = forms.CharField(max_length=200, required=False,
                             label="Who or what was bitten (optional)")


class FacilityWarningForm(PartyOnFileForm):
    facility = forms.CharField(max_length=300, label="Public facility or access area")
    condition = forms.CharField(widget=TEXTAREA, max_length=5000,
                                label="Act, neglect or fault found")


class NewTankForm(PartyOnFileForm):
    tank = forms.CharField(max_length=200, label="Tank (size and contents)")
    address = forms.CharField(max_length=300, label="Address")
    in_use_on = bounded_date_field(label="Brought into use on")


class OwnershipChangeForm(PartyOnFileForm):
    establishment = forms.CharField(max_length=200, label="Food establishment")
    address = forms.CharField(max_length=300, label="Address")
    changed_on = bounded_date_field(label="Ownership changed on")


#: What each report form's responsible person is called by its service.
PARTY_ARGUMENT = {
    BiteReportForm: "owner",
    FacilityWarningForm: "party",
    NewTankForm: "owner",
    OwnershipChangeForm: "owner",
}


def service_arguments(form: PartyOnFileForm) -> dict:
    data = dict(form.cleaned_data)
    data[PARTY_ARGUMENT[type(form)]] = data.pop("party_email")
    return data


class ReleaseForm(CaseActionForm):
    released_on = bounded_date_field(label="Released on", initial=timezone.localdate)


class CorrectionForm(CaseActionForm):
    corrected_on = bounded_date_field(label="Corrected on", initial=timezone.localdate)


class NotificationForm(CaseActionForm):
    filed_on = bounded_date_field(label="Notification filed with the Department of Public "
                                        "Safety on", initial=timezone.localdate)


class CertifiedManagerForm(CaseActionForm):
    certified_on = bounded_date_field(label="Certified manager employed from",
                                      initial=timezone.localdate)


class ConfirmForm(CaseActionForm):
    """A step with nothing to fill in: the button says it all."""


class ForfeitureForm(CaseActionForm):
    amount = forms.DecimalField(**MONEY_FIELD, min_value=0.01, max_value=500,
                                label="Amount per day sought ($, at most 500)")
