"""The spill report form (Tisbury BOH Reg 09.9.6(3)e, f); refusals of the service come back on
the fields they name."""

from __future__ import annotations

from django import forms

from permits_site.enforcement.forms import TEXTAREA, ServiceForm
from tisbury_regs.spills import services


class SpillReportForm(ServiceForm):
    """A spill reported to the Board: who, where, what, when, and the action taken."""

    reported_at = forms.DateTimeField(
        label="Reported to the Board (date and time)", input_formats=["%Y-%m-%dT%H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        error_messages={"required": "Enter when the spill was reported.",
                        "invalid": "Enter a real date and time."})
    reported_by = forms.CharField(max_length=200, label="Reported by")
    reporter_contact = forms.CharField(max_length=200, required=False,
                                       label="Reporter's phone or email (optional)")
    location = forms.CharField(max_length=300, required=False, label="Where",
                               help_text="Blank when the spill is on the property named above.")
    substance = forms.CharField(max_length=300, label="Substance",
                                help_text="What spilled or is leaking, e.g. heating oil.")
    quantity = forms.CharField(max_length=100, required=False, label="How much (optional)")
    action_taken = forms.CharField(widget=TEXTAREA, required=False, label="Action taken",
                                   help_text="Stopped and contained, recovered, containerized, "
                                             "disposed of where.")
    agencies_notified = forms.CharField(max_length=300, required=False,
                                        label="Other agencies notified (optional)",
                                        help_text="E.g. MassDEP, the Coast Guard, the fire "
                                                  "department.")

    done = "The spill report is recorded."

    def run(self, *, place, acting_user):
        return services.record_spill(acting_user=acting_user, place=place, **self.cleaned_data)
