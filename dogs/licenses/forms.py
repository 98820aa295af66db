"""Forms for residents and clerks: a dog and where it is kept, its paper license, and the
dog-license page."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.utils import timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from dogs.law import cite
from dogs.licenses.kinds import DOCUMENT_KINDS, RABIES_CERTIFICATE, RABIES_EXEMPTION
from dogs.licenses.services import (
    RabiesProof,
    dogs_of,
    license_years_on_offer,
    mails_in_town,
    residence_choices,
)
from dogs.models import Dog, PaperLicense, TagExemptionReason
from permits_site.enforcement.forms import ServiceForm
from permits_site.licensing.fact_forms import BoundedDateField, bounded_date_field
from permits_site.licensing.forms import DocumentFileField

if TYPE_CHECKING:
    from permits_site.licensing.models import Document

ACTION_CHOICES = (
    ("new", _("New license")),
    ("renewal", _("Renewal of last year's license")),
    ("transfer", _("Transfer license — I moved here with a licensed dog")),
    ("replacement_tag", _("Replacement tag — the tag was lost")),
)
DATE_INPUT = forms.DateInput(attrs={"type": "date"})


class DogForm(forms.ModelForm):
    """The dog's details and where it is kept: one of the owner's properties, or else the
    owner's mailing address (Limits A counts the dogs kept at a residence)."""

    property = forms.ModelChoiceField(
        queryset=None,
        required=False,
        label=_("Where the dog is kept"),
        help_text=_("Leave empty if the dog lives at your mailing address."),
    )

    class Meta:
        model = Dog
        fields = ["name", "breed", "color", "sex", "date_of_birth", "spayed_neutered", "microchip"]
        widgets = {"date_of_birth": DATE_INPUT}
        field_classes = {"date_of_birth": BoundedDateField}
        labels = {"name": _("Name"), "breed": _("Breed"), "color": _("Color"), "sex": _("Sex"),
                  "date_of_birth": _("Date of birth"),
                  "spayed_neutered": _("Spayed or neutered"), "microchip": _("Microchip")}
        help_texts = {"microchip": _("Optional.")}

    def __init__(self, *args, owner, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["property"].queryset = residence_choices(owner)
        address = owner.street_address.strip()
        if mails_in_town(owner):
            self.fields["property"].empty_label = (
                gettext("The owner's mailing address (%(address)s)") % {"address": address}
                if address else gettext("The owner's mailing address")
            )
        else:
            self.fields["property"].required = True
            self.fields["property"].help_text = _(
                "The owner's mailing address is not in North Andover: choose the property in "
                "town where the dog is kept, adding it under My properties if it is not "
                "listed.")
            self.fields["property"].error_messages["required"] = gettext(
                "Choose the property in North Andover where the dog is kept (%(section)s).") % {
                "section": cite("Licenses A(1)")}
        self.fields["sex"].choices = [(value, gettext(label) if value else label)
                                      for value, label in self.fields["sex"].choices]
        if self.instance.pk:
            self.fields["property"].initial = self.instance.residence_id

    def clean_date_of_birth(self):
        born = self.cleaned_data["date_of_birth"]
        if born > timezone.localdate():
            raise forms.ValidationError(_("The date of birth cannot be in the future."))
        return born


class DogLicenseDetailsForm(forms.Form):
    """Which dog, which license and the dates Licenses A(2)–A(4) count from."""

    dog = forms.ModelChoiceField(queryset=Dog.objects.none(), empty_label=None, label=_("Dog"))
    action = forms.ChoiceField(
        choices=ACTION_CHOICES, widget=forms.RadioSelect, label=_("What do you need?")
    )
    license_year = forms.TypedChoiceField(
        coerce=int,
        label=_("License year"),
        help_text=_("The license year runs January 1 to December 31; next year's licenses "
                    "open on December 1."),
    )
    acquired_on = BoundedDateField(
        required=False,
        widget=DATE_INPUT,
        label=_("Date you got the dog (if within 30 days)"),
        help_text=_("A dog six months or older must be licensed within 30 days of getting it "
                    "(Licenses A(2))."),
    )
    moved_in_on = BoundedDateField(
        required=False,
        widget=DATE_INPUT,
        label=_("Date you moved to North Andover (new residents)"),
        help_text=_("New residents have 30 days after moving in (Licenses A(4))."),
    )
    previous_jurisdiction = forms.CharField(
        required=False, max_length=120, label=_("Previous town and state (transfer only)")
    )
    previous_license_number = forms.CharField(
        required=False, max_length=40, label=_("Previous license number (transfer only)")
    )

    def __init__(self, *args, owner, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["dog"].queryset = dogs_of(owner)
        years = license_years_on_offer(timezone.localdate())
        self.fields["license_year"].choices = [(year, str(year)) for year in years]
        self.fields["license_year"].initial = years[0]


class PaperLicenseForm(forms.Form):
    """The number and year of the dog's last paper license, as printed on it."""

    number = forms.CharField(
        label=_("License number"), max_length=PaperLicense._meta.get_field("number").max_length,
        help_text=_("As printed on the paper license or the tag."),
    )
    year = forms.IntegerField(label=_("License year"), help_text=_("The year printed on it."))


class RabiesProofForm(forms.Form):
    """The rabies certificate (with its expiry) or a veterinarian's exemption (with its end).

    Beside a certificate ``on_file`` that serves the renewal (Licenses A(1)), a newer one
    only replaces it: no field is required, and a file chosen is described as any other
    (its kind and date then required); without a file, nothing is attached.
    """

    kind = forms.ChoiceField(
        choices=[
            (RABIES_CERTIFICATE, _(DOCUMENT_KINDS[RABIES_CERTIFICATE])),
            (RABIES_EXEMPTION, _(DOCUMENT_KINDS[RABIES_EXEMPTION])),
        ],
        widget=forms.RadioSelect,
        label=_("Proof of rabies vaccination"),
    )
    valid_until = BoundedDateField(
        widget=DATE_INPUT,
        label=_("Vaccination expires (or exemption ends) on"),
        help_text=_("As printed on the certificate (Licenses A(1))."),
    )
    file = DocumentFileField(label=_("Certificate file (PDF, PNG or JPEG, up to 10 MB)"))

    def __init__(self, *args, on_file: Document | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.on_file = on_file
        if on_file is not None:
            for field in self.fields.values():
                field.required = False

    def clean(self):
        cleaned = super().clean()
        if self.on_file is not None and cleaned.get("file"):
            for name in ("kind", "valid_until"):
                if not cleaned.get(name) and name not in self.errors:
                    self.add_error(name, self.fields[name].error_messages["required"])
        return cleaned

    @property
    def answered(self) -> bool:
        """Whether anything of a proof was given (a kind, a date, a file or a kept one)."""
        return any(self[name].value() for name in self.fields)

    def proof(self) -> RabiesProof | None:
        """The validated proof, as the license application takes it; None when no file was
        chosen beside the certificate on file, which the application then takes."""
        if not self.cleaned_data.get("file"):
            return None
        return RabiesProof(kind=self.cleaned_data["kind"], upload=self.cleaned_data["file"],
                           valid_until=self.cleaned_data["valid_until"])


class TagExemptionForm(ServiceForm):
    """An exemption from affixing the tag (Licenses A(6)): the veterinarian and the statement
    only for a medical reason; the service decides what the reason requires."""

    reason = forms.ChoiceField(choices=TagExemptionReason.choices, widget=forms.RadioSelect,
                               label="Why the tag is not on the collar")
    explanation = forms.CharField(
        max_length=300, label="Event and sponsor, or the dog's condition",
        help_text="An event's sponsors do not allow tags; or the dog cannot wear a collar.")
    keeper = forms.CharField(max_length=120, label="Keeper who has the tag at hand")
    starts_on = bounded_date_field(label="From", initial=timezone.localdate)
    ends_on = bounded_date_field(label="Through",
                                 help_text="The event's last day, or the expected recovery.")
    veterinarian = forms.CharField(max_length=120, required=False,
                                   label="Veterinarian (medical reason)")
    statement = DocumentFileField(required=False,
                                  label="Veterinarian's statement (medical reason)",
                                  help_text="PDF, PNG or JPEG.")
