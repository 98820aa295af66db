"""The Board's zone record of a place (Tisbury BOH Reg 09.9.1(1), 09.9.2); refusals of the
service come back on the fields they name."""

from __future__ import annotations

from django import forms

from permits_site.enforcement.forms import ServiceForm
from permits_site.licensing.fact_forms import bounded_date_field
from tisbury_regs.zones import services
from tisbury_regs.zones.services import DETERMINABLE


def _figure(label: str, help_text: str, **bounds) -> forms.DecimalField:
    return forms.DecimalField(label=label, help_text=help_text, required=False,
                              max_digits=7, decimal_places=1, **bounds)


class ZoneRecordForm(ServiceForm):
    """The figures the Board takes from the plan, and/or its determination, with a reason."""

    elevation_ft = _figure("Elevation (ft above mean sea level)",
                           "Below 20 ft is in the Coastal District (09.9.1(1)).")
    water_distance_ft = _figure(
        "Distance to mean high water (ft)",
        "Of a coastal water body over ten acres; within 500 ft is in the Coastal District.",
        min_value=0)
    slope_crest_ft = _figure(
        "Distance from the crest of a steep slope (ft)",
        "Only where the 20 ft contour runs along a steep slope, cliff, bank, dune or ravine; "
        "within 100 ft is in the Coastal District. Leave empty where there is none.",
        min_value=0)
    share_below_percent = _figure(
        "Share of the lot below 20 ft (%)",
        "Of its total acreage, wetlands excluded; 50 % or more is in the Coastal District.",
        min_value=0, max_value=100)
    zone = forms.ChoiceField(
        label="The Board's determination (optional)", required=False,
        choices=[("", "— none: the figures decide —"),
                 *((zone, zone.replace("_", " ").capitalize()) for zone in DETERMINABLE)],
        help_text="For a lot 09.9.2 takes only in part, or to correct the zone.")
    reason = forms.CharField(
        max_length=500, label="Reason",
        help_text="Where the figures or the determination come from (the plan and its date).")

    def figures(self) -> dict:
        return {name: self.cleaned_data.get(name) for name in
                ("elevation_ft", "water_distance_ft", "slope_crest_ft", "share_below_percent")}

    def run(self, *, place, acting_user):
        return services.record_zone(place=place, acting_user=acting_user,
                                    reason=self.cleaned_data["reason"],
                                    zone=self.cleaned_data["zone"], figures=self.figures())

    @property
    def done(self) -> str:
        """The zone the place has now, and why."""
        place = self.service_result.property
        zone = services.zones_of([place])[place.pk]
        return f"Recorded. The zone is now {zone.value.replace('_', ' ')}: {zone.reason}"


def _lines(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.strip()]


class DistrictAmendmentForm(ServiceForm):
    """The Board's amendment of 09.9.2's list or 09.9.1(1)'s figures, as a new version."""

    done = "The amendment is recorded; it applies from its date."

    effective_from = bounded_date_field(label="In force from")
    note = forms.CharField(max_length=300, label="The Board's vote",
                           help_text="The date of the vote that amended it (09.0.4).")
    notice_on = bounded_date_field(label="Notice of the hearing given on", required=False)
    hearing_on = bounded_date_field(
        label="Hearing held on", required=False,
        help_text="The amendment takes effect no earlier than the hearing (09.0.4).")
    emergency = forms.BooleanField(
        label="An emergency regulation, adopted without prior notice or hearing",
        required=False)
    barrier_beach_lots = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6}), label="Designated Barrier Beach lots",
        help_text="One lot or range a line, e.g. 31-B-1 through 13.1.")
    partial_lots = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2}), required=False,
        label="Lots taken only below the ten-foot contour",
        help_text="One lot or range a line; the Board determines each such place.")
    elevation_ft = forms.DecimalField(label="Coastal District: below this elevation (ft)",
                                      max_digits=6, decimal_places=1)
    water_distance_ft = forms.DecimalField(
        label="Coastal District: within this distance of mean high water (ft)",
        max_digits=7, decimal_places=1, min_value=0)
    slope_crest_ft = forms.DecimalField(
        label="Coastal District: within this distance of a steep slope's crest (ft)",
        max_digits=6, decimal_places=1, min_value=0)
    share_below_percent = forms.DecimalField(
        label="Coastal District: this share of the lot or more below the elevation (%)",
        max_digits=5, decimal_places=1, min_value=0, max_value=100)

    def amendment(self) -> dict:
        return {**self.cleaned_data,
                "barrier_beach_lots": _lines(self.cleaned_data["barrier_beach_lots"]),
                "partial_lots": _lines(self.cleaned_data["partial_lots"])}

    def run(self, *, acting_user):
        return services.amend_district(acting_user=acting_user, **self.amendment())
