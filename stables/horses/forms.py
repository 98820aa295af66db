"""Forms for horse owners: registering a horse (B) and filing its newer certificate of
inoculation (§3.2)."""

from __future__ import annotations

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy as _

from permits_site.enforcement.forms import ServiceForm
from permits_site.licensing.fact_forms import bounded_date_field
from permits_site.licensing.forms import DocumentFileField
from stables.forms import UPLOAD_HELP, not_in_future
from stables.models import Departure, Stable


class HorseForm(ServiceForm):
    """A horse to register (B), with its certificate of inoculation if at hand (§3.2)."""

    stable = forms.ModelChoiceField(
        queryset=Stable.objects.none(),
        label=_("Where is the horse kept?"),
        help_text=_("Your stable, or the permitted stable where the horse is boarded."),
        empty_label=None,
    )
    name = forms.CharField(max_length=60, label=_("Horse's name"))
    description = forms.CharField(
        max_length=200,
        label=_("Description"),
        help_text=_("Breed, color, sex, age and markings."),
    )
    certificate = DocumentFileField(
        required=False,
        label=_("Certificate of inoculation against equine encephalitis (EEE) and tetanus"),
        help_text=format_lazy("{} {}", _("From a licensed veterinarian (§3.2). You can add it "
                                          "later."), UPLOAD_HELP),
    )
    certificate_dated = bounded_date_field(
        required=False, label=_("Date of the certificate (if you attach it)")
    )

    def __init__(self, *args, stables, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["stable"].queryset = stables

    def clean_certificate_dated(self):
        return not_in_future(self.cleaned_data["certificate_dated"])

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("certificate") and not cleaned.get("certificate_dated"):
            self.add_error("certificate_dated", _("Enter the date on the certificate."))
        return cleaned


class CertificateForm(ServiceForm):
    """A newer certificate of inoculation for a registered horse (§3.2)."""

    file = DocumentFileField(
        label=_("Certificate of inoculation against EEE and tetanus"),
        help_text=UPLOAD_HELP,
    )
    dated = bounded_date_field(label=_("Date of the certificate"))

    def clean_dated(self):
        return not_in_future(self.cleaned_data["dated"])


class DepartureForm(ServiceForm):
    """A horse leaving the register: sold, moved out of town or died (B)."""

    departure = forms.ChoiceField(label=_("Why the horse left"),
                                  choices=[(value, _(label)) for value, label in Departure.choices],
                                  widget=forms.RadioSelect)
    left_on = bounded_date_field(label=_("The last day the horse was kept in Northborough"))
