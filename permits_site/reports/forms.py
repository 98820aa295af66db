"""The reports' filters: towns, days and permit type, checked before any figure is read."""

from __future__ import annotations

import datetime as dt

from django import forms
from django.http import QueryDict

from permits_site.licensing.fact_forms import BoundedDateField
from permits_site.licensing.models import PermitType
from permits_site.reports.queries import ReportFilters
from permits_site.towns.models import Municipality

#: The longest span one report covers, in days (about five years of monthly bars).
LONGEST_SPAN = 5 * 366


class PermitTypeChoice(forms.ModelChoiceField):
    def label_from_instance(self, obj: PermitType) -> str:
        return f"{obj.name} ({obj.municipality.short_name})"


def _date_field(label: str, what: str) -> forms.DateField:
    return BoundedDateField(
        label=label,
        widget=forms.DateInput(attrs={"type": "date"}),
        error_messages={
            "required": f"Enter the {what}.",
            "invalid": f"Enter the {what} as a date, for example 2026-01-31.",
        },
    )


class ReportFilterForm(forms.Form):
    """Read from the query string; missing days default to this year so far."""

    town = forms.ModelChoiceField(
        queryset=Municipality.objects.none(), required=False, empty_label="All your towns",
        error_messages={"invalid_choice": "Choose one of your towns."},
    )
    start = _date_field("From", "first day of the report")
    end = _date_field("Through", "last day of the report")
    permit_type = PermitTypeChoice(
        queryset=PermitType.objects.none(), required=False, empty_label="All permit types",
        error_messages={"invalid_choice": "Choose a permit type of your towns."},
    )

    def __init__(self, query: QueryDict, *, town_ids: set[int], today: dt.date):
        defaults = {"start": today.replace(month=1, day=1).isoformat(),
                    "end": today.isoformat()}
        data = {**defaults, **{name: query[name] for name in self.base_fields if name in query}}
        super().__init__(data)
        self.town_ids = town_ids
        self.fields["town"].queryset = Municipality.objects.filter(pk__in=town_ids)
        self.fields["permit_type"].queryset = PermitType.objects.filter(
            municipality_id__in=town_ids).select_related("municipality")
        for field in self.fields.values():
            is_select = isinstance(field.widget, forms.Select)
            field.widget.attrs["class"] = "form-select" if is_select else "form-control"

    def clean(self):
        cleaned = super().clean()
        start, end = cleaned.get("start"), cleaned.get("end")
        if start and end and end < start:
            self.add_error("end", "The last day cannot come before the first day.")
        elif start and end and (end - start).days > LONGEST_SPAN:
            self.add_error("end", "Choose at most five years.")
        town, permit_type = cleaned.get("town"), cleaned.get("permit_type")
        if town and permit_type and permit_type.municipality_id != town.pk:
            self.add_error("permit_type", f"{permit_type.name} is not a permit type of "
                                          f"{town.short_name}.")
        return cleaned

    def filters(self) -> ReportFilters:
        """The valid filters; the towns are the user's, or the one chosen among them."""
        town, permit_type = self.cleaned_data["town"], self.cleaned_data["permit_type"]
        return ReportFilters(
            town_ids=frozenset([town.pk] if town else self.town_ids),
            start=self.cleaned_data["start"],
            end=self.cleaned_data["end"],
            permit_type_id=permit_type.pk if permit_type else None,
        )
