"""Forms for stable keepers and the Board of Health office: applying for, renewing and
transferring a stable permit, the office's sign-offs, and the stable's record.

The application's questions are generated from the rule sets' facts
(:mod:`permits_site.licensing.fact_forms`), so the page asks exactly what the rules
judge and the API accepts; the office's two facts are left out (``stables.facts``).
"""

from __future__ import annotations

import functools

from django import forms

from permits_site.licensing.declarations import DeclaredField
from permits_site.licensing.fact_forms import (
    LARGEST_MAGNITUDE,
    FactsForm,
    StyledForm,
    bounded_date_field,
    fact_form_class,
    form_field,
)
from permits_site.licensing.forms import DocumentFileField
from stables import rules
from stables.facts import resident_questions
from stables.forms import UPLOAD_HELP, not_in_future
from stables.models import PLAN_ITEMS, Occupancy, Stable
from stables.permits.kinds import STABLE_FIELDS


class WhichPermitForm(StyledForm):
    """The three questions of §1.1 that decide between a private and a public stable."""

    fee_charged = form_field(rules.FEE_CHARGED)
    horses = form_field(rules.HORSES)
    owner_residences = form_field(rules.OWNER_RESIDENCES)


@functools.cache
def stable_facts_form(permit_type_code: str) -> type[FactsForm]:
    """The applicant's questions for a private or public stable (not the office's facts)."""
    return fact_form_class(resident_questions(permit_type_code))


class StableSiteForm(StyledForm):
    """Which stable: one on file, or the address of its site in town (§2.2: the person
    maintaining it applies, wherever they live)."""

    stable = forms.ModelChoiceField(
        queryset=Stable.objects.none(),
        required=False,
        label="Which stable?",
        empty_label="A stable not on file yet (give its address below)",
    )
    address = forms.CharField(
        required=False, max_length=200, label="Street address of the stable"
    )
    parcel = forms.CharField(
        required=False,
        max_length=40,
        label="Assessors' parcel (optional)",
        help_text="Map and lot from the assessors' records or your tax bill, e.g. 62-104.",
    )
    occupancy = forms.ChoiceField(
        choices=Occupancy.choices,
        widget=forms.RadioSelect,
        label="You maintain the stable as its",
        error_messages={"required": "Choose owner or occupant."},
    )

    def __init__(self, *args, keeper, **kwargs):
        super().__init__(*args, **kwargs)
        stables = Stable.objects.filter(keeper=keeper).select_related("property")
        if stables.exists():
            self.fields["stable"].queryset = stables
        else:
            del self.fields["stable"]

    def clean(self):
        cleaned = super().clean()
        if not cleaned.get("stable") and not cleaned.get("address", "").strip():
            self.add_error("address", "Enter the stable's street address.")
        return cleaned


def _described(declared: DeclaredField, *, rows: int) -> forms.Field:
    """A declared text field of the application, as a text area."""
    field = form_field(declared.fact)
    field.widget = forms.Textarea(
        attrs={"rows": rows, "maxlength": field.max_length, "class": "form-control"}
    )
    return field


class PlanItemsForm(StyledForm):
    """What the stable plan shows (§2.2 (a)–(f)), in words; a renewal adds what changed —
    the application's declared fields, as the API takes them."""

    def __init__(self, *args, renewal: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        declared = {field.name: field for field in STABLE_FIELDS}
        for name in PLAN_ITEMS:
            self.fields[name] = _described(declared[name], rows=2)
        if renewal:
            self.fields["changes_made"] = _described(declared["changes_made"], rows=3)


class StablePlansForm(StyledForm):
    """The plot plan and the stable plan that accompany the application (§2.2)."""

    plot_plan = DocumentFileField(
        label="Plot plan",
        help_text="Drawn roughly to scale: the lot, the stable building, the general contour "
        f"and drainage (§2.2). {UPLOAD_HELP}",
    )
    stable_plan = DocumentFileField(
        label="Stable plan",
        help_text="Showing items (a) to (e) above (§2.2). " + UPLOAD_HELP,
    )

    def __init__(self, *args, required: bool = True, **kwargs):
        super().__init__(*args, **kwargs)
        for field in self.fields.values():
            field.required = required


class TransferForm(StyledForm):
    """The transferee's request, with both parties' written notices (§2.4)."""

    permit_number = forms.CharField(
        max_length=40,
        label="Number of the permit being transferred",
        help_text="As on the permit or the transferor's notice, e.g. PVS-2027-00012.",
    )
    address = forms.CharField(max_length=200, label="Street address of the stable")
    occupancy = forms.ChoiceField(
        choices=Occupancy.choices,
        widget=forms.RadioSelect,
        label="You will maintain the stable as its",
        error_messages={"required": "Choose owner or occupant."},
    )
    transferor_notice = DocumentFileField(
        label="Written notice from the transferor (the current holder)",
        help_text=UPLOAD_HELP,
    )
    transferee_notice = DocumentFileField(
        label="Written notice from you, the transferee",
        help_text=UPLOAD_HELP,
    )


class ExpansionForm(StyledForm):
    """An expansion, cumulated with the earlier ones since the last permit (§2.1)."""

    area_sqft = forms.DecimalField(
        label="Added floor area (in square feet)",
        min_value=0,
        max_value=LARGEST_MAGNITUDE,
        decimal_places=1,
        widget=forms.NumberInput(attrs={"inputmode": "decimal", "step": "any"}),
    )
    made_on = bounded_date_field(label="Date of the expansion")
    description = forms.CharField(
        required=False, max_length=300, label="What was built (optional)"
    )

    def clean_area_sqft(self):
        area = self.cleaned_data["area_sqft"]
        if area <= 0:
            raise forms.ValidationError("Enter an area greater than zero.")
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
