"""Forms of the pump-out return and well meter pages (Tisbury BOH Reg 09.6.2, 09.3.1(4));
refusals of the services come back on the fields they name."""

from __future__ import annotations

from django import forms
from django.utils import timezone

from permits_site.enforcement.forms import ServiceForm
from permits_site.licensing.fact_forms import bounded_date_field
from permits_site.licensing.models import Permit
from permits_site.parties.models import Business
from tisbury_regs.models import WellSeason
from tisbury_regs.pumpout_returns import Job

#: Job rows offered at first; the handler asks for more (no script needed).
JOB_ROWS = 5
MOST_JOB_ROWS = 60


class MonthField(forms.DateField):
    """A month picker ("2026-04"), cleaned to the month's first day."""

    widget = forms.DateInput(attrs={"type": "month"}, format="%Y-%m")
    input_formats = ["%Y-%m"]
    default_error_messages = {"invalid": "Enter a month, as 2026-04."}


class ReturnForm(ServiceForm):
    """The return's handler and month; an empty return is confirmed, not assumed."""

    handler = forms.ModelChoiceField(queryset=Business.objects.none(), empty_label=None,
                                     label="Septage handler")
    month = MonthField(label="Month of the return")
    nothing_pumped = forms.BooleanField(
        required=False, label="No pump-outs this month",
        help_text="Tick to file an empty return when no job is listed below.")

    def __init__(self, *args, handlers: list[Business], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["handler"].queryset = Business.objects.filter(
            pk__in=[handler.pk for handler in handlers])


class JobForm(ServiceForm):
    """One pump-out permit of the month; a row left blank is skipped."""

    permit_number = forms.CharField(max_length=40, label="Pump-out permit number")
    address = forms.CharField(max_length=300, label="Address pumped out",
                              help_text="Linked to the property on file at that address.")
    pumped_on = bounded_date_field(label="Date pumped")
    gallons = forms.IntegerField(label="Volume (gallons)",
                                 error_messages={"invalid": "Enter whole gallons."})

    def job(self) -> Job:
        return Job(permit_number=self.cleaned_data["permit_number"],
                   address=self.cleaned_data["address"],
                   pumped_on=self.cleaned_data["pumped_on"],
                   gallons=self.cleaned_data["gallons"])


def job_formset(data=None, *, rows: int = JOB_ROWS):
    formset_class = forms.formset_factory(JobForm, extra=max(1, min(rows, MOST_JOB_ROWS)))
    return formset_class(data, prefix="jobs")


class WellField(forms.TypedChoiceField):
    """One of the wells already loaded for the page, chosen by id (no query of its own)."""

    def __init__(self, **kwargs):
        super().__init__(coerce=int, empty_value=None, label="Well", **kwargs)
        self.wells: dict[int, Permit] = {}

    def offer(self, wells: list[Permit], describe) -> None:
        self.wells = {well.pk: well for well in wells}
        self.choices = [(well.pk, describe(well)) for well in wells]

    def clean(self, value) -> Permit:
        return self.wells[super().clean(value)]


class ReadingForm(ServiceForm):
    """A season's reading of one of the owner's metered wells."""

    well = WellField()
    season = forms.ChoiceField(choices=WellSeason.choices, widget=forms.RadioSelect,
                               label="Season")
    read_on = bounded_date_field(label="Date the meter was read")
    meter_gallons = forms.IntegerField(
        label="Meter reading (gallons)", help_text="The sealed meter's cumulative total.",
        error_messages={"invalid": "Enter whole gallons."})

    def __init__(self, *args, wells: list[Permit], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["well"].offer(wells, lambda well: f"{well.place_address} ({well.number})")


class ScheduleForm(ServiceForm):
    """The Board's before- and after-season reading days for a seasonal well."""

    well = WellField()
    year = forms.IntegerField(min_value=2000, max_value=2100, label="Year")
    spring_from = bounded_date_field(label="Before-season reading from")
    spring_through = bounded_date_field(label="Before-season reading through")
    fall_from = bounded_date_field(label="After-season reading from")
    fall_through = bounded_date_field(label="After-season reading through")

    def __init__(self, *args, wells: list[Permit], **kwargs):
        kwargs.setdefault("initial", {"year": timezone.localdate().year})
        super().__init__(*args, **kwargs)
        self.fields["well"].offer(wells, lambda well: (
            f"{well.place_address} ({well.number}, {well.holder_name})"))
