"""Forms of the bite records and quarantine orders (North Andover Code ch. 60, ACO B(2);
Welfare C). Each action form hands its cleaned data to one service in ``run``."""

from __future__ import annotations

from django import forms

from dogs.bites import services
from dogs.models import BiteVictim, Species
from dogs.officer_records import RegisteredDogField
from permits_site.enforcement.forms import TEXTAREA, ServiceForm
from permits_site.licensing.fact_forms import bounded_date_field

PROVOKED_CHOICES = [("", "Not determined"), ("no", "Unprovoked"), ("yes", "Provoked")]


class BiteForm(RegisteredDogField, ServiceForm):
    """A bite, from a call of the log (``call``) or on its own."""

    bitten_on = bounded_date_field(label="Day of the bite")
    place = forms.CharField(max_length=200, label="Place of the bite")
    species = forms.ChoiceField(choices=Species.choices, label="Animal that bit")
    dog = forms.CharField(max_length=30, required=False, label="Dog of the register",
                          help_text=RegisteredDogField.dog_help)
    animal = forms.CharField(max_length=200, required=False, label="Description of the animal",
                             help_text="When it is not a dog of the register.")
    keeper = forms.CharField(max_length=200, required=False, label="Owner or keeper, contact",
                             help_text="Filled from the register for a registered dog.")
    victim = forms.ChoiceField(choices=BiteVictim.choices, label="Who or what was bitten")
    victim_name = forms.CharField(max_length=120, label="Name of the person bitten, or of the "
                                  "bitten animal's owner")
    victim_contact = forms.CharField(max_length=200, required=False, label="Their contact")
    injury = forms.CharField(max_length=300, required=False, label="Injury")

    def __init__(self, *args, municipality, call=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.municipality, self.call = municipality, call

    def run(self, *, acting_user):
        data = self.cleaned_data
        if self.call is not None:
            return services.bite_from_call(call=self.call, acting_user=acting_user, **data)
        return services.record_bite(municipality=self.municipality, acting_user=acting_user,
                                    **data)


class InvestigationForm(ServiceForm):
    result = forms.CharField(widget=TEXTAREA, label="Result of the investigation")
    investigated_on = bounded_date_field(label="Investigated on")
    provoked = forms.TypedChoiceField(
        choices=PROVOKED_CHOICES, required=False, label="Was the bite provoked?",
        coerce=lambda value: value == "yes", empty_value=None)
    done = "Investigation recorded."

    def run(self, *, bite, acting_user):
        services.record_investigation(bite=bite, acting_user=acting_user, **self.cleaned_data)


class QuarantineForm(ServiceForm):
    issued_on = bounded_date_field(label="Order issued on")
    confined_at = forms.CharField(max_length=200, label="Where the animal is confined")
    served_to = forms.CharField(max_length=120, label="Served on (owner or keeper)")
    additional_restrictions = forms.CharField(
        widget=TEXTAREA, required=False, label="Additional restrictions (Welfare C(1)(f))")
    done = "Quarantine ordered."

    def run(self, *, bite, acting_user):
        services.issue_quarantine(bite=bite, acting_user=acting_user, **self.cleaned_data)


class ReleaseForm(ServiceForm):
    released_on = bounded_date_field(label="Released on")
    done = "Quarantine released."

    def run(self, *, bite, acting_user):
        services.release_quarantine(order=bite.quarantine, acting_user=acting_user,
                                    **self.cleaned_data)


class RabiesVaccinationForm(ServiceForm):
    """The vaccination of the animal that bit (Rabies A)."""

    certificate = forms.CharField(max_length=120, required=False,
                                  label="Rabies certificate number and veterinarian")
    valid_through = bounded_date_field(label="Vaccination valid through", required=False)
    under_six_months = forms.BooleanField(required=False,
                                          label="The animal is younger than six months")
    done = "Rabies vaccination recorded."

    def run(self, *, bite, acting_user):
        services.record_rabies_vaccination(bite=bite, acting_user=acting_user,
                                           **self.cleaned_data)


class OpenCaseForm(ServiceForm):
    done = "Potentially dangerous dog case opened."

    def run(self, *, bite, acting_user):
        services.open_potentially_dangerous_case(bite=bite, acting_user=acting_user)


ACTION_FORMS = {
    "investigation": InvestigationForm,
    "quarantine": QuarantineForm,
    "release": ReleaseForm,
    "vaccination": RabiesVaccinationForm,
    "open_case": OpenCaseForm,
}


def action_form(action: str, data=None, **initial):
    form_class = ACTION_FORMS.get(action)
    return form_class(data, prefix=action, initial=initial) if form_class else None
