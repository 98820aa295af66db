"""Forms of the required inspections and tank leak tests (Tisbury BOH Reg 09.0.8(4), 09.4.7);
refusals of the services come back on the fields they name."""

from __future__ import annotations

from django import forms

from permits_site.enforcement.forms import TEXTAREA, ServiceForm
from permits_site.licensing.fact_forms import bounded_date_field
from tisbury_regs.models import InspectionTriggerReason


class TriggerForm(ServiceForm):
    """What the office records that requires a septic inspection (09.0.8(4))."""

    reason = forms.ChoiceField(choices=InspectionTriggerReason.choices, widget=forms.RadioSelect,
                               label="What requires the inspection")
    occurred_on = bounded_date_field(
        label="Date", help_text="The closing of the sale, the day of the change, or the day "
                                "the septage plan's schedule sets.")
    notes = forms.CharField(widget=TEXTAREA, required=False, label="Notes (optional)")
