"""Forms of the vacated property reports (North Andover Code ch. 60, Welfare G)."""

from __future__ import annotations

from django import forms

from dogs.models import VacatedReason
from dogs.welfare import services
from permits_site.enforcement.forms import ServiceForm
from permits_site.licensing.fact_forms import bounded_date_field

RECORD_NUMBER = {"required": False, "min_value": 1}


class ReportForm(ServiceForm):
    address = forms.CharField(max_length=300, label="Address of the vacated property")
    responsible_party = forms.CharField(
        max_length=200, label="Property owner, lessor or person in control, and contact")
    reason = forms.ChoiceField(choices=VacatedReason.choices, label="Vacated by")
    known_vacated_on = bounded_date_field(
        label="Known (or should have been known) vacated on",
        help_text="The three days to inspect count from this day (Welfare G(1)).")
    call = forms.IntegerField(label="Call number of the notice (Welfare G(2))",
                              **RECORD_NUMBER)

    def __init__(self, *args, municipality, **kwargs):
        super().__init__(*args, **kwargs)
        self.municipality = municipality

    def run(self, *, acting_user):
        return services.record_report(municipality=self.municipality, acting_user=acting_user,
                                      **self.cleaned_data)


class InspectionForm(ServiceForm):
    inspected_on = bounded_date_field(label="Inspected on")
    animals_found = forms.TypedChoiceField(
        choices=[("no", "No abandoned animal found"), ("yes", "Abandoned animals found")],
        coerce=lambda value: value == "yes", widget=forms.RadioSelect, label="Finding")
    animals = forms.CharField(max_length=300, required=False,
                              label="Animals found and their condition")
    officer_notified_on = bounded_date_field(required=False,
                                             label="The officer was told on (Welfare G(2))")
    done = "Inspection recorded."

    def run(self, *, report, acting_user):
        services.record_inspection(report=report, acting_user=acting_user, **self.cleaned_data)


class LinkForm(ServiceForm):
    impoundment = forms.IntegerField(label="Impoundment intake number (Welfare G(7))",
                                     **RECORD_NUMBER)
    case = forms.IntegerField(label="Case number of the civil penalty (Welfare G(6))",
                              **RECORD_NUMBER)
    done = "Records linked."

    def run(self, *, report, acting_user):
        services.link_records(report=report, acting_user=acting_user, **self.cleaned_data)


ACTION_FORMS = {"inspection": InspectionForm, "link": LinkForm}
