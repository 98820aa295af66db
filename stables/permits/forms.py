"""Forms for stable keepers and the Board of Health office: the office's sign-offs and the
stable's record. A stable permit's application is the
generated form of its declaration (``stables.permits.kinds``)."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from permits_site.licensing.fact_forms import (
    LARGEST_MAGNITUDE,
    StyledForm,
    bounded_date_field,
)
from stables.forms import not_in_future


class ExpansionForm(StyledForm):
    """An expansion, cumulated with the earlier ones since the last permit (§2.1)."""

    area_sqft = forms.DecimalField(
        label=_("Added floor area (in square feet)"),
        min_value=0,
        max_value=LARGEST_MAGNITUDE,
        decimal_places=1,
        widget=forms.NumberInput(attrs={"inputmode": "decimal", "step": "any"}),
    )
    made_on = bounded_date_field(label=_("Date of the expansion"))
    description = forms.CharField(
        required=False, max_length=300, label=_("What was built (optional)")
    )

    def clean_area_sqft(self):
        area = self.cleaned_data["area_sqft"]
        if area <= 0:
            raise forms.ValidationError(_("Enter an area greater than zero."))
        return area


class SignOffForm(StyledForm):
    """A date the office received a body's sign-off, and a reference."""

    on = bounded_date_field(label="Dated")
    note = forms.CharField(
        required=False, max_length=300, label="Reference or note (optional)"
    )

    def clean_on(self):
        return not_in_future(self.cleaned_data["on"])


class GrandfatheredForm(StyledForm):
    note = forms.CharField(
        max_length=300,
        label="Earlier permit and how it was confirmed",
        help_text="A permit under the rules in force before May 2, 1990, and satisfactory "
        "operation since (§2.5).",
    )


class InspectionForm(StyledForm):
    """Scheduling the §6 sanitary inspection of a permitted stable."""

    scheduled_for = bounded_date_field(label="Inspection date")
    inspector = forms.ModelChoiceField(queryset=None, label="Inspector", empty_label=None)

    def __init__(self, *args, inspectors, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["inspector"].queryset = inspectors
        self.fields["inspector"].label_from_instance = lambda user: user.display_name
