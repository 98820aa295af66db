"""Forms of the call log (North Andover Code ch. 60, ACO B(2); Welfare D(1))."""

from __future__ import annotations

from django import forms

from dogs.calls import services
from dogs.models import CallKind, Species
from dogs.officer_records import RegisteredDogField
from permits_site.enforcement.forms import TEXTAREA, ServiceForm
from permits_site.licensing.fact_forms import BoundedDateField, bounded_date_field

RECORD_NUMBER = {"required": False, "min_value": 1}


class CallForm(RegisteredDogField, ServiceForm):
    received_at = forms.DateTimeField(
        label="Received (date and time)", input_formats=["%Y-%m-%dT%H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        error_messages={"required": "Enter when the call came in.",
                        "invalid": "Enter a real date and time."})
    kind = forms.ChoiceField(choices=CallKind.choices, label="What the call is about")
    caller_name = forms.CharField(max_length=120, label="Caller's name")
    caller_contact = forms.CharField(max_length=120, required=False,
                                     label="Caller's phone or email")
    place = forms.CharField(max_length=200, label="Place")
    species = forms.ChoiceField(choices=Species.choices, label="Animal")
    animal = forms.CharField(max_length=200, required=False, label="Description of the animal",
                             help_text="Breed, color, markings, name.")
    dog = forms.CharField(max_length=30, required=False, label="Dog of the register",
                          help_text=RegisteredDogField.dog_help)
    what_happened = forms.CharField(widget=TEXTAREA, label="What happened")

    def __init__(self, *args, municipality, **kwargs):
        super().__init__(*args, **kwargs)
        self.municipality = municipality

    def run(self, *, acting_user):
        return services.record_call(municipality=self.municipality, acting_user=acting_user,
                                    **self.cleaned_data)

    @property
    def done(self) -> str:
        return f"Call #{self.service_result.pk} logged."


class OutcomeForm(ServiceForm):
    outcome = forms.CharField(max_length=300, label="Outcome",
                              help_text="What was done: advice given, dog returned, cited …")
    closed_on = bounded_date_field(label="Closed on")
    case = forms.IntegerField(label="Case number it led to", **RECORD_NUMBER)
    impoundment = forms.IntegerField(label="Impoundment intake number", **RECORD_NUMBER)
    citation = forms.IntegerField(label="Citation number", **RECORD_NUMBER)

    done = "Outcome recorded."

    def run(self, *, call, acting_user):
        return services.record_outcome(call=call, acting_user=acting_user, **self.cleaned_data)


class CallFilterForm(forms.Form):
    """The list's search: words, kind and open or closed."""

    q = forms.CharField(required=False, label="Caller, place, animal or words")
    kind = forms.ChoiceField(required=False, label="Kind",
                             choices=[("", "Every kind"), *CallKind.choices])
    status = forms.ChoiceField(required=False, label="Status", choices=[
        ("", "Open and closed"), ("open", "Open"), ("closed", "Closed")])


class MonthField(BoundedDateField):
    """A month picker ("2026-06"), cleaned to the month's first day, within the site's
    one bound of dates."""

    widget = forms.DateInput(attrs={"type": "month"}, format="%Y-%m")
    input_formats = ["%Y-%m"]
    default_error_messages = {"invalid": "Enter a month, as 2026-06."}


class MonthForm(forms.Form):
    """The month of the officer's report of the log (ACO B(2))."""

    month = MonthField(required=False, label="Month")
