"""Forms of the required inspections and tank leak tests (Tisbury BOH Reg 09.0.8(4), 09.4.7);
refusals of the services come back on the fields they name."""

from __future__ import annotations

from django import forms

from permits_site.enforcement.forms import TEXTAREA, ServiceForm
from permits_site.licensing.fact_forms import bounded_date_field
from tisbury_regs.models import InspectionTriggerReason, LeakTestResult


class TriggerForm(ServiceForm):
    """What the office records that requires a septic inspection (09.0.8(4))."""

    reason = forms.ChoiceField(choices=InspectionTriggerReason.choices, widget=forms.RadioSelect,
                               label="What requires the inspection")
    occurred_on = bounded_date_field(
        label="Date", help_text="The closing of the sale, the day of the change, or the day "
                                "the septage plan's schedule sets.")
    notes = forms.CharField(widget=TEXTAREA, required=False, label="Notes (optional)")


class LeakTestOrderForm(ServiceForm):
    """The Board's order of a tank leak test after a site visit (09.4.7)."""

    tank = forms.CharField(max_length=200, label="Tank",
                           help_text="E.g. 1,000-gallon underground fuel oil tank.")
    site_visit = forms.CharField(widget=TEXTAREA, label="What the site visit found")
    comply_within_days = forms.IntegerField(label="Days the owner has to have it tested",
                                            min_value=1, max_value=180, initial=30)


class LeakTestResultForm(ServiceForm):
    """The tester's result, recorded against the order (09.4.7)."""

    tested_on = bounded_date_field(label="Date tested")
    tester = forms.CharField(max_length=200, label="Fuel leak inspector")
    result = forms.ChoiceField(choices=LeakTestResult.choices, widget=forms.RadioSelect,
                               label="Result")
    document = forms.FileField(required=False, label="Test report (optional)")
