"""Forms of the review screen's variance and hearing sections.

They only read the input; the services decide and their refusals, which name
the section of law, are shown on the field they concern (``add_domain_errors``).
"""

from __future__ import annotations

from collections.abc import Sequence

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from permits_site.licensing.fact_forms import BoundedDateField, HearingTimeAndPlaceFields
from permits_site.licensing.forms import DATE_INPUT
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import AbutterRelation
from permits_site.licensing.services.hearings import ABUTTER_FIELDS, before_its_day
from permits_site.licensing.templatetags.plain_language import rule_said
from permits_site.rules.base import Finding

ABUTTER_SEPARATOR = "|"


class DomainErrorsForm(forms.Form):
    def add_domain_errors(self, errors: dict[str, list[str]]) -> None:
        """Show a service's refusal on the field it names, else above the form."""
        for name, messages in errors.items():
            for message in messages:
                self.add_error(name if name in self.fields else None, message)


class RulesToVary(forms.MultipleChoiceField):
    """The failed rules a request may cover, offered as choices; a rule sent that is not
    among them is the variance service's to refuse, saying why (it passes, does not apply,
    awaits a determination or is already asked for)."""

    def valid_value(self, value: str) -> bool:
        return True


class VarianceRequestForm(DomainErrorsForm):
    rule_ids = RulesToVary(
        label=_("Rules the variance would cover"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
    )
    request_text = forms.CharField(
        label=_("What is asked of the Board, and why"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=5000,
        required=False,
    )
    sets_aside_law = forms.BooleanField(
        label=_("It asks to set aside a state or federal statute or a town bylaw"),
        required=False,
    )
    #: The written application's own fields, where the law asks for one (Tisbury 09.0.3).
    WRITTEN = {
        "locus": (_("Locus, with its assessors' lot number"), 300),
        "owner": (_("Owner's name and address"), 300),
        "regulation": (_("The exact regulation: page, section, paragraph, sentence, words or "
                         "numbers"), 5000),
        "relief": (_("The waiver asked"), 5000),
    }

    def __init__(self, *args, failures: Sequence[Finding], application,
                 by_applicant: bool = False, **kwargs):
        """``by_applicant``: the applicant's own request, without the clerk's mark that it asks
        to set aside a statute or bylaw (``request_variance``), which no applicant would
        tick of their own request."""
        super().__init__(*args, **kwargs)
        if by_applicant:
            del self.fields["sets_aside_law"]
        self.fields["rule_ids"].choices = [
            (finding.rule, rule_said(finding.rule)) for finding in failures
        ]
        if not failures:  # a written waiver of a regulation no rule checks (09.0.3)
            self.fields["rule_ids"].widget = forms.MultipleHiddenInput()
        if kind_for(application.permit_type.code).written_waiver_application:
            self._add_written_fields(application)

    def _add_written_fields(self, application) -> None:
        """The written application's fields, the locus and owner filled in from the record."""
        initial = {"locus": written_locus(application), "owner": written_owner(application)}
        for name, (label, length) in self.WRITTEN.items():
            widget = forms.Textarea(attrs={"rows": 2}) if length > 300 else None
            self.fields[name] = forms.CharField(label=label, max_length=length, required=False,
                                                widget=widget, initial=initial.get(name, ""))


def written_locus(application) -> str:
    place = application.place
    if place is None:
        return ""
    return place.full_address + (f", assessors' lot {place.parcel}" if place.parcel else "")


def written_owner(application) -> str:
    party = application.business or application.applicant
    address = party.mailing_address
    return f"{party.display_name}, {address}" if address else party.display_name


class VarianceApprovalForm(DomainErrorsForm):
    conditions = forms.CharField(
        label="Conditions imposed",
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=5000,
        required=False,
    )
    bases = forms.CharField(
        label="Specific bases of the variance",
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=5000,
        required=False,
    )

    def __init__(self, *args, conditions_required: bool = True, **kwargs):
        """``conditions_required``: the permit kind's ``variance_requires_conditions``; where
        the Board may grant without, the field says it is optional."""
        super().__init__(*args, **kwargs)
        if not conditions_required:
            self.fields["conditions"].label = "Conditions imposed (optional)"


class VarianceDenialForm(DomainErrorsForm):
    reason = forms.CharField(
        label="Reason for denying the variance",
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=5000,
        required=False,
    )


class HearingScheduleForm(HearingTimeAndPlaceFields, DomainErrorsForm):
    """A new hearing: its day, hour and place (prefilled with the town's usual ones), the
    relief its notice states and the abutters it goes to."""

    field_order = ["hearing_date", "hearing_time", "location"]

    hearing_date = BoundedDateField(label="Hearing date", widget=DATE_INPUT)
    relief_sought = forms.CharField(
        label="Relief sought",
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=2000,
        required=False,
        help_text="What the notice says the applicant asks. Left blank, it names each "
        "variance the application needs, e.g. \"a variance of §4.1(a): 42 ft where 50 ft is "
        "required\".",
    )
    parcels = forms.CharField(
        label="Abutting properties on the town's record, one per line",
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        help_text="Parcel | owner, tenant or occupant, e.g. \"62-104 | occupant\". The letter "
        "goes to the property's address.",
    )
    abutters = forms.CharField(
        label="Other abutters, one per line",
        widget=forms.Textarea(attrs={"rows": 5}),
        required=False,
        help_text="Name | mailing address | owner, tenant or occupant. Owners, tenants and "
        "other occupants of adjoining lots are all abutters. The certified-mail numbers are "
        "recorded after the letters are printed.",
    )

    def clean_parcels(self) -> list[dict[str, str]]:
        return _lines(self.cleaned_data["parcels"], parse_parcel_line)

    def clean_abutters(self) -> list[dict[str, str]]:
        return _lines(self.cleaned_data["abutters"], parse_abutter_line)

    def clean(self) -> dict:
        """The service takes one list: the properties picked, then the abutters typed."""
        cleaned = super().clean()
        if "parcels" in cleaned and "abutters" in cleaned:
            cleaned["abutters"] = cleaned.pop("parcels") + cleaned["abutters"]
        return cleaned

    def add_domain_errors(self, errors: dict[str, list[str]]) -> None:
        """A parcel the town has no property for (the service's ``parcel``) is shown on the
        field it was typed in."""
        super().add_domain_errors({"parcels" if name == "parcel" else name: messages
                                   for name, messages in errors.items()})


def _lines(text: str, parse) -> list[dict[str, str]]:
    """One row per non-blank line; every bad line is reported with its line number."""
    rows, errors = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            rows.append(parse(line))
        except ValueError as error:
            errors.append(ValidationError(f"Line {number}: {error}"))
    if errors:
        raise ValidationError(errors)
    return rows


def _relation(word: str) -> str:
    """ "Occupant" → "occupant"; blank is the owner (§1.2)."""
    relation = word.strip().lower() or AbutterRelation.OWNER
    if relation not in AbutterRelation.values:
        raise ValueError("say owner, tenant or occupant.")
    return relation


def parse_parcel_line(line: str) -> dict[str, str]:
    """ "62-104 | occupant" → a row picked from the town's properties."""
    parcel, _, relation = (part.strip() for part in line.partition(ABUTTER_SEPARATOR))
    if not parcel:
        raise ValueError("write the parcel first.")
    return {"parcel": parcel, "relation": _relation(relation)}


class HearingMailingForm(DomainErrorsForm):
    """The day the printed letters were mailed and each letter's certified-mail number."""

    notices_mailed_on = BoundedDateField(label="Notices mailed on", widget=DATE_INPUT)

    def __init__(self, *args, abutters=(), **kwargs) -> None:
        super().__init__(*args, **kwargs)
        for abutter in abutters:
            self.fields[f"number_{abutter.pk}"] = forms.CharField(
                label=f"Certified-mail article no. for {abutter.name}",
                max_length=40, required=False,
                initial=abutter.certified_mail_number,
                help_text=abutter.mailing_address,
            )

    def clean(self) -> dict:
        cleaned = super().clean()
        numbers = {int(name.removeprefix("number_")): cleaned.pop(name)
                   for name in list(cleaned) if name.startswith("number_")}
        return {**cleaned, "certified_mail_numbers": numbers}


def parse_abutter_line(line: str) -> dict[str, str]:
    """ "Name | mailing address | occupant" → a row for ``schedule_hearing``."""
    parts = [part.strip() for part in line.split(ABUTTER_SEPARATOR)]
    if len(parts) not in (2, 3):
        raise ValueError(
            "write the name, the mailing address and whether the abutter is the owner, a "
            f"tenant or an occupant, separated by {ABUTTER_SEPARATOR}."
        )
    row = {"name": parts[0], "mailing_address": parts[1],
           "relation": _relation(parts[2] if len(parts) == 3 else "")}
    missing = [name.replace("_", " ") for name in ("name", "mailing_address") if not row[name]]
    if missing:
        raise ValueError(
            f"the {' and the '.join(missing)} {'is' if len(missing) == 1 else 'are'} missing."
        )
    too_long = [
        f"the {name.replace('_', ' ')} is longer than {limit} characters"
        for name, limit in ABUTTER_FIELDS.items()
        if len(row.get(name, "")) > limit
    ]
    if too_long:
        raise ValueError(f"{'; '.join(too_long)}.")
    return row


class HearingDecisionForm(DomainErrorsForm):
    decision = forms.CharField(
        label="The Board's decision",
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=5000,
        required=False,
    )
    decided_on = BoundedDateField(label="Decided on", widget=DATE_INPUT, initial=timezone.localdate)


class HearingContinuanceForm(HearingTimeAndPlaceFields, DomainErrorsForm):
    """An undecided hearing's new day, hour and place, why it is continued and, when it is
    postponed before its day, the new letters' mailing date (continued at the hearing, its
    notice stands: the form does not ask it). The day, hour and place start at the hearing's
    own, so that moving only one of them keeps the others."""

    field_order = ["hearing_date", "hearing_time", "location", "reason", "notices_mailed_on"]

    hearing_date = BoundedDateField(label="New hearing date", widget=DATE_INPUT)
    reason = forms.CharField(
        label="Why the hearing is continued",
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=500,
        error_messages={"required": "Say why the hearing is continued."},
    )
    notices_mailed_on = BoundedDateField(
        label="Day the new letters were mailed (optional)", widget=DATE_INPUT, required=False,
        help_text="If the new letters are mailed already. Left blank, record the mailing "
        "once they are.",
    )

    def __init__(self, *args, hearing, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["hearing_date"].initial = hearing.hearing_date
        self.fields["hearing_time"].initial = hearing.hearing_time
        self.fields["location"].initial = hearing.location
        if not before_its_day(hearing):
            del self.fields["notices_mailed_on"]


class DeterminationForm(DomainErrorsForm):
    """A reviewer's written determination of a finding that needs review."""

    rule = forms.CharField(widget=forms.HiddenInput, max_length=80)
    acceptable = forms.TypedChoiceField(
        label="Determination",
        choices=[("yes", "Acceptable"), ("no", "Not acceptable")],
        coerce=lambda answer: answer == "yes",
        widget=forms.RadioSelect,
        error_messages={"required": "Choose acceptable or not acceptable."},
    )
    note = forms.CharField(
        label="Note (printed on the permit when acceptable)",
        widget=forms.Textarea(attrs={"rows": 2}),
        max_length=2000,
        error_messages={"required": "Write what was reviewed and why."},
    )
