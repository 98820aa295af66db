"""Forms of the town admin's fine schedule pages: one offense's amounts, a new offense.

Each change is a new effective-dated version (``enforcement.services.fines``); the
forms check shape and type, the services decide the rest and their refusals land on
the field they name.
"""

from __future__ import annotations

from django import forms
from django.utils import timezone

from permits_site.enforcement.forms import MONEY_FIELD, ServiceForm
from permits_site.licensing.fact_forms import bounded_date_field
from permits_site.licensing.forms import AdoptionFields

AMOUNT_HELP = "Leave empty for a written warning with nothing due."


def amount_field(label: str) -> forms.DecimalField:
    return forms.DecimalField(**MONEY_FIELD, min_value=0, required=False, label=label,
                              help_text=AMOUNT_HELP)


class OffenseAmountsForm(ServiceForm, AdoptionFields):
    """The first, second and later amounts of one offense, from a date, and the notice,
    hearing and vote behind them."""

    first = amount_field("First offense ($)")
    second = amount_field("Second offense ($)")
    later = amount_field("Third and later offenses ($)")
    effective_from = bounded_date_field(label="In force from", initial=timezone.localdate)
    note = forms.CharField(max_length=300, required=False, label="Note (optional)",
                           help_text="The vote or the section behind the amounts.")
    field_order = ["first", "second", "later", "effective_from", "note"]

    def amounts(self) -> dict:
        return {name: self.cleaned_data.get(name) for name in ("first", "second", "later")}

    def version(self) -> dict:
        """The service's keyword arguments common to every new version."""
        return {"amounts": self.amounts(), "effective_from": self.cleaned_data["effective_from"],
                "note": self.cleaned_data["note"], "adoption": self.adoption()}


class AddOffenseForm(OffenseAmountsForm):
    """A new offense: its code, what it is, the section it cites, its amounts."""

    offense = forms.CharField(
        max_length=60, label="Offense code",
        help_text="Lower-case words and digits joined by underscores, as the API and the "
                  "records name the offense.")
    description = forms.CharField(max_length=200, label="What the offense is")
    description_pt_br = forms.CharField(
        max_length=200, required=False, label="What the offense is, in Portuguese (Brazil)",
        help_text="Residents reading the site in Portuguese see it on their citation; empty: "
                  "the English.")
    description_es = forms.CharField(
        max_length=200, required=False, label="What the offense is, in Spanish",
        help_text="Residents reading the site in Spanish see it on their citation; empty: the "
                  "English.")
    citation = forms.CharField(
        max_length=200, label="Section of the law",
        help_text="As the citation will cite it: the law's name and the section, as the "
                  "schedule's other offenses are cited.")
    per_day = forms.BooleanField(required=False, label="Each day it continues is a separate "
                                                       "offense")
    field_order = ["offense", "description", "description_pt_br", "description_es",
                   "citation", "per_day", "first", "second",
                   "later", "effective_from", "note", "notice_given_on", "hearing_held_on",
                   "voted_on", "emergency"]

    def version(self) -> dict:
        return {**super().version(), "offense": self.cleaned_data["offense"],
                "description": self.cleaned_data["description"],
                "description_pt_br": self.cleaned_data["description_pt_br"],
                "description_es": self.cleaned_data["description_es"],
                "citation": self.cleaned_data["citation"],
                "per_day": self.cleaned_data["per_day"]}
