"""Forms of the well meter pages (Tisbury BOH Reg 09.3.1(4)); refusals of the services come
back on the fields they name."""

from __future__ import annotations

from django import forms
from django.utils import formats, timezone
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from permits_site.enforcement.forms import ServiceForm
from permits_site.licensing.fact_forms import bounded_date_field
from permits_site.licensing.models import Permit
from tisbury_regs.models import WellSeason
from tisbury_regs.wells import services


class WellField(forms.TypedChoiceField):
    """One of the wells already loaded for the page, chosen by id (no query of its own)."""

    def __init__(self, **kwargs):
        super().__init__(coerce=int, empty_value=None, label=_("Well"), **kwargs)
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
                               label=_("Season"))
    read_on = bounded_date_field(label=_("Date the meter was read"))
    meter_gallons = forms.IntegerField(
        label=_("Meter reading (gallons)"), help_text=_("The sealed meter's cumulative total."),
        error_messages={"invalid": _("Enter whole gallons.")})

    def __init__(self, *args, wells: list[Permit], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["well"].offer(wells, lambda well: f"{well.place_address} ({well.number})")
        self.fields["season"].choices = [(season, gettext(label))
                                         for season, label in WellSeason.choices]

    def run(self, *, acting_user):
        return services.record_reading(acting_user=acting_user, **self.cleaned_data)

    @property
    def done(self) -> str:
        """What the owner is told once the reading is recorded, in the owner's language."""
        pumped = self.service_result.gallons_since_previous
        if pumped is None:
            return gettext("The reading is recorded.")
        return gettext("The reading is recorded: %(gallons)s gallons pumped since the "
                       "previous reading.") % {
            "gallons": formats.number_format(pumped, force_grouping=True)}


class ScheduleForm(ServiceForm):
    """The Board's before- and after-season reading days for a seasonal well."""

    done = "The seasonal schedule is recorded."

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

    def run(self, *, acting_user):
        return services.record_schedule(acting_user=acting_user, **self.cleaned_data)
