"""Forms of the inspection and enforcement screens.

Forms check shape and type and offer the choices the user's towns allow;
the services decide the rest and their refusals are shown on the field they
name (:meth:`ServiceForm.add_service_errors`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib import messages
from django.db.models import Q
from django.utils import timezone

from permits_site.accounts.models import User
from permits_site.accounts.permissions import INSPECTOR_ROLES
from permits_site.enforcement.models import Appeal, Case, CaseHearing, FineItem, Inspection
from permits_site.enforcement.registry import (
    CitationPolicy,
    case_subject,
    case_subjects,
    case_type,
    case_types,
    may_cite,
    offenses_of_inspection,
)
from permits_site.enforcement.services.cases import (
    has_responsible_party,
    responsible_for_permit,
)
from permits_site.enforcement.services.charges import ChargesNow, charges_now
from permits_site.enforcement.services.citations import policy_of
from permits_site.enforcement.services.fines import fine_schedule_in_force
from permits_site.enforcement.services.inspections import address_of
from permits_site.enforcement.services.orders import MOST_DAYS_TO_COMPLY, violated_sections
from permits_site.exceptions import DomainError
from permits_site.licensing.fact_forms import (
    NO,
    YES,
    FactsForm,
    HearingTimeAndPlaceFields,
    StyledForm,
    bounded_date_field,
    fact_form_class,
)
from permits_site.licensing.models import Permit
from permits_site.licensing.templatetags.localised import explained
from permits_site.parties.models import Business, Property
from permits_site.parties.owners import current_owners
from permits_site.rules.base import FactType, RuleSet
from permits_site.rules.registry import get_check, inspection_checks, town_law
from permits_site.towns.models import Municipality

TEXTAREA = forms.Textarea(attrs={"rows": 3})
MONEY_FIELD = {"max_digits": 10, "decimal_places": 2}


class ServiceErrors:
    """Mixed into forms whose cleaned data feeds one service call."""

    #: The form's field for a name the service gives it otherwise (the service's ``user``
    #: asked as an ``email``).
    service_fields: Mapping[str, str] = {}

    def add_service_errors(self, errors: Mapping[str, list[str]]) -> None:
        """Show a service's refusal on the field it names, or above the form, in the
        reader's language (the API and the audit log keep the English)."""
        for service_name, refusals in errors.items():
            name = self.service_fields.get(service_name, service_name)
            for message in refusals:
                self.add_error(name if name in self.fields else None, explained(message))

    def ran(self, request, **arguments) -> bool:
        """Validate, run the form's service (its ``run``, with ``arguments`` and the acting
        user) and say it is done (its ``done``): True once it ran; False with what was wrong,
        or the service's refusal, on the form's fields. What the service returned is kept as
        ``service_result``, for a ``done`` that names it and for the page it leads to."""
        if not self.is_valid():
            return False
        try:
            self.service_result = self.run(acting_user=request.user, **arguments)
        except DomainError as refused:
            self.add_service_errors(refused.errors)
            return False
        messages.success(request, self.done)
        return True


class ServiceForm(ServiceErrors, StyledForm):
    """A Bootstrap-styled form that shows a service's refusals on its fields."""


def short_date(day) -> str:
    """"Jun 3, 2027"."""
    return f"{day:%b} {day.day}, {day.year}"


def permit_named(form: forms.Form, municipality: Municipality) -> Permit | None:
    """The town's permit whose number the form's ``permit_number`` gives, if any."""
    number = (form.cleaned_data.get("permit_number") or "").strip()
    if not number:
        return None
    permit = Permit.objects.filter(municipality=municipality, number__iexact=number).first()
    if permit is None:
        form.add_error("permit_number", f"{municipality.short_name} has no permit {number}.")
    return permit


def _town_choice(municipality: Municipality, label: str) -> str:
    return f"{municipality.short_name} — {label}"


# -- Inspections ------------------------------------------------------------------


class ScheduleInspectionForm(ServiceForm):
    """Schedule a check of one of the user's towns, against a permit number or an address."""

    check_code = forms.ChoiceField(label="Check", error_messages={"required": "Choose a check."})
    scheduled_for = bounded_date_field(label="Date of the visit")
    inspector = forms.ModelChoiceField(
        queryset=User.objects.none(), label="Inspector", empty_label="Choose the inspector",
        error_messages={"required": "Choose the inspector."},
    )
    permit_number = forms.CharField(
        max_length=40, required=False, label="Permit number (optional)",
        help_text="The address is taken from the permit when you leave it empty.",
    )
    address = forms.CharField(max_length=300, required=False, label="Address (optional)",
                              help_text="Needed when no permit number is given.")

    def __init__(self, *args, towns: list[Municipality], **kwargs):
        super().__init__(*args, **kwargs)
        self.towns = {town.code: town for town in towns}
        self.fields["check_code"].choices = [("", "Choose a check")] + [
            (code, _town_choice(town, rule_set.title))
            for town in towns
            for code, rule_set in inspection_checks(town.code).items()
        ]
        self.fields["inspector"].queryset = (
            User.objects.filter(memberships__municipality__in=towns,
                                memberships__role__in=INSPECTOR_ROLES)
            .distinct().order_by("last_name", "first_name")
        )
        self.fields["inspector"].label_from_instance = lambda user: user.display_name

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        rule_set = get_check(cleaned.get("check_code") or "")
        if rule_set is None or rule_set.municipality not in self.towns:
            return cleaned
        cleaned["municipality"] = self.towns[rule_set.municipality]
        cleaned["permit"] = permit_named(self, cleaned["municipality"])
        return cleaned


class ChecklistForm(ServiceErrors, FactsForm):
    """The checklist of an inspection's rule set, with the inspector's notes."""

    notes = forms.CharField(widget=forms.Textarea(attrs={"rows": 4}), required=False,
                            max_length=5000, label="Notes (optional)")


def checklist_form_class(rule_set: RuleSet) -> type[ChecklistForm]:
    return fact_form_class(rule_set, base=ChecklistForm)


def checklist_initial(rule_set: RuleSet, inspection: Inspection) -> dict[str, Any]:
    """The recorded answers as the form shows them (yes/no for true/false)."""
    initial: dict[str, Any] = {"notes": inspection.notes}
    for fact in rule_set.facts:
        if fact.name not in inspection.answers:
            continue
        value = inspection.answers[fact.name]
        initial[fact.name] = (YES if value else NO) if fact.type is FactType.BOOL else value
    return initial


#: The field screen's checklist form, which the photo's fields belong to (HTML ``form``).
CHECKLIST_FORM_ID = "checklist-form"


class PhotoForm(ServiceForm):
    """A photo of the visit; its fields submit with the checklist, keeping its answers."""

    file = forms.FileField(
        label="Photo (PNG or JPEG, up to 10 MB)",
        widget=forms.ClearableFileInput(attrs={"accept": "image/png,image/jpeg",
                                               "capture": "environment",
                                               "form": CHECKLIST_FORM_ID}),
    )
    caption = forms.CharField(max_length=200, required=False, label="Caption (optional)",
                              widget=forms.TextInput(attrs={"form": CHECKLIST_FORM_ID}))


def case_type_choices(towns: list[Municipality]) -> list[tuple[str, str]]:
    return [
        (registered.code, _town_choice(town, registered.name))
        for town in towns
        for registered in case_types(town.code)
    ]


def town_parties(municipality: Municipality) -> list[tuple[str, list[tuple[str, str]]]]:
    """The people and businesses on the town's records — who applied for or hold one of its
    permits — as grouped choices ``person:<id>`` / ``business:<id>``, by name."""
    people = User.objects.filter(
        Q(applications__municipality=municipality) | Q(permits__municipality=municipality)
    ).distinct().order_by("last_name", "first_name", "username", "pk")
    businesses = Business.objects.filter(
        Q(applications__municipality=municipality) | Q(permits__municipality=municipality)
    ).distinct().order_by("legal_name", "pk")
    return [
        ("People", [(f"person:{person.pk}", f"{person.display_name}, {person.mailing_address}"
                     if person.mailing_address else person.display_name) for person in people]),
        ("Businesses", [(f"business:{business.pk}", business.display_name)
                        for business in businesses]),
    ]


class CaseFromInspectionForm(ServiceForm):
    """The case type; and, for an inspection that names no permit holder or applicant, the
    party responsible: picked from the town's records, or a name entered."""

    case_type = forms.ChoiceField(label="Case type")
    party = forms.ChoiceField(
        label="Person or business responsible", required=False,
        help_text="Someone on the town's records; or leave this and enter the name below.",
    )
    party_name = forms.CharField(
        max_length=200, required=False, label="Or the name of the person responsible",
        help_text="For someone not on the town's records.",
    )

    def __init__(self, *args, inspection: Inspection, **kwargs):
        super().__init__(*args, **kwargs)
        municipality = inspection.municipality
        self.fields["case_type"].choices = case_type_choices([municipality])
        if has_responsible_party(inspection):
            del self.fields["party"], self.fields["party_name"]
        else:
            self.fields["party"].choices = [("", "Not on the town's records")] + town_parties(
                municipality)

    def clean(self) -> dict[str, Any]:
        """``party`` becomes the picked person (``party``) or business (``party_business``)."""
        cleaned = super().clean()
        kind, _, pk = (cleaned.pop("party", "") or "").partition(":")
        if "party_name" in self.fields:
            cleaned["party"] = User.objects.get(pk=pk) if kind == "person" else None
            cleaned["party_business"] = (Business.objects.get(pk=pk) if kind == "business"
                                         else None)
        return cleaned


# -- Cases ------------------------------------------------------------------------


def _text_input() -> forms.TextInput:
    """A text box styled as those the form declares (styled when it is built)."""
    return forms.TextInput(attrs={"class": "form-control"})


class OpenCaseForm(ServiceForm):
    """A complaint taken at the counter or by telephone; about a property (``place``), its
    current owners of record are offered as the party beside the permit holder or occupant,
    for a law that holds "the owner and/or occupant" responsible."""

    case_type = forms.ChoiceField(label="Case type",
                                  error_messages={"required": "Choose the case type."})
    permit_number = forms.CharField(max_length=40, required=False,
                                    label="Permit number (optional)")
    owner = forms.ChoiceField(
        required=False, label="Owner of record responsible",
        error_messages={"invalid_choice": "Choose one of the current owners of record of this "
                                          "property, or none."})
    party_name = forms.CharField(max_length=200, required=False,
                                 label="Person responsible",
                                 help_text="Leave empty to take the permit holder's name.")
    address = forms.CharField(max_length=300, required=False, label="Address",
                              help_text="Leave empty to take the permit's property, else "
                                        "its holder's address.")
    complaint = forms.CharField(widget=TEXTAREA, max_length=5000, label="Complaint")
    complainant = forms.CharField(max_length=200, required=False,
                                  label="Complainant (optional)")
    received_on = bounded_date_field(label="Received on")

    def __init__(self, *args, towns: list[Municipality], place: Property | None = None,
                 **kwargs):
        super().__init__(*args, **kwargs)
        self.towns = {town.code: town for town in towns}
        self.place = place
        offered = case_type_choices(towns)
        self.fields["case_type"].choices = [("", "Choose a case type")] + offered
        self.subjects = case_subjects(code for code, _ in offered)
        self._ask_subjects()
        if place is None:
            del self.fields["owner"]
            return
        self.owners = {str(owner.pk): owner for owner in current_owners(place)}
        self.fields["owner"].choices = [("", "None: the permit holder or occupant below")] + [
            (pk, f"{owner.name} ({owner.get_source_display().lower()})")
            for pk, owner in self.owners.items()]
        self.fields["owner"].help_text = (
            f"The owners of record of {place.full_address}; the one chosen is the party.")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        registered = case_type(cleaned.get("case_type") or "")
        if registered is None or registered.municipality not in self.towns:
            return cleaned
        municipality = cleaned["municipality"] = self.towns[registered.municipality]
        permit = cleaned["permit"] = permit_named(self, municipality)
        responsible = (responsible_for_permit(permit) if permit
                       else {"party": None, "party_business": None, "party_name": ""})
        cleaned.update(responsible, party_name=cleaned.get("party_name")
                       or responsible["party_name"])
        cleaned["address"] = (cleaned.get("address") or address_of(permit)
                              or (self.place.full_address if self.place else ""))
        cleaned["place"] = self.place
        cleaned["owner"] = self.owners.get(cleaned.get("owner") or "") if self.place else None
        cleaned["about"] = self._named_about(cleaned, registered.code, municipality)
        return cleaned

    def _ask_subjects(self) -> None:
        """What the offered case types may be about (a town's dog), asked before the person
        responsible, whom a record named may supply."""
        for subject in self.subjects:
            self.fields[subject.field] = forms.CharField(
                max_length=100, required=False, label=subject.label,
                help_text=subject.help_text, widget=_text_input())
            if subject.description_field:
                self.fields[subject.description_field] = forms.CharField(
                    max_length=200, required=False, label=subject.description_label,
                    help_text=subject.description_help, widget=_text_input())
        asked = [name for subject in self.subjects for name in subject.fields]
        before = list(self.fields).index("party_name")
        self.order_fields([*[name for name in list(self.fields)[:before] if name not in asked],
                           *asked])

    def _named_about(self, cleaned: dict[str, Any], code: str,
                     municipality: Municipality) -> dict[str, Any]:
        """The subject fields filled in, the words of the case type's own looked up in its
        town: the service refuses those of a type that names no such record."""
        about = {name: cleaned.pop(name) for subject in self.subjects
                 for name in subject.fields if cleaned.get(name)}
        subject = case_subject(code)
        if subject is not None and subject.field in about:
            try:
                about[subject.field] = subject.find(municipality, about[subject.field])
            except DomainError as refused:
                self.add_service_errors(refused.errors)
        return about


class CaseActionForm(ServiceForm):
    """A form acting on one case; subclasses fill their choices from it, and from its
    ``charges`` as the page judged them once (:func:`charges_now`), if passed."""

    def __init__(self, *args, case: Case, charges: ChargesNow | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.case = case
        self.charges = charges


class DeterminationForm(CaseActionForm):
    """The finding, and whether it validates the complaint: a town surcharging renewals
    counts a validated consumer complaint on the business's record."""

    determination = forms.CharField(widget=TEXTAREA, max_length=5000,
                                    label="Finding and determination")
    complaint_validated = forms.TypedChoiceField(
        label="Was the complaint validated?",
        choices=[(YES, "Yes"), (NO, "No")],
        coerce=lambda answer: answer == YES,
        widget=forms.RadioSelect,
        error_messages={"required": "Say whether the complaint was validated: yes or no."},
    )


class OrderForm(CaseActionForm):
    """An order giving calendar days to comply, or a period the town's law gives a party to
    comply within (``Period.party_complies``): never one of the town's own deadlines."""

    text = forms.CharField(widget=TEXTAREA, max_length=5000, label="What the party must do")
    citation = forms.CharField(max_length=200, required=False, label="Section enforced")
    comply_within_days = forms.IntegerField(
        min_value=1, max_value=MOST_DAYS_TO_COMPLY, required=False,
        label="Days to comply", help_text="A last day when the offices are closed moves to "
                                          "the next business day.",
    )
    period_code = forms.ChoiceField(required=False, label="Or a period of the law")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        periods = [period for period in town_law(self.case.municipality.code).periods.values()
                   if period.party_complies]
        sections = violated_sections(self.case)
        self.fields["citation"].help_text = (
            f"Leave empty to cite the period's section, or else the case's violations: "
            f"{sections}." if sections else
            "Leave empty to cite the period's section; with days to comply, write the section.")
        self.fields["period_code"].choices = [("", "None")] + [
            (period.code, f"{period.description} ({period.citation})") for period in periods
        ]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        cleaned["period_code"] = cleaned.get("period_code") or None
        return cleaned


def _order_label(order) -> str:
    return f"Comply by {short_date(order.comply_by)}: {order.text[:80]}"


class ComplianceForm(CaseActionForm):
    order = forms.TypedChoiceField(coerce=int, label="Order")
    complied_on = bounded_date_field(label="Complied on", initial=timezone.localdate)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.open_orders = {order.pk: order for order in self.case.orders.all()
                            if order.complied_on is None}
        self.fields["order"].choices = [(pk, _order_label(order))
                                        for pk, order in self.open_orders.items()]

    def clean_order(self):
        return self.open_orders[self.cleaned_data["order"]]


def offense_label(fine_item: FineItem) -> str:
    """"Violation of the … — $5.00 to $100.00 per day (… §8.3)"; "… per boat per day" for an
    offense fined per unit."""
    rate = fine_item.rate()
    if fine_item.amount_pending:
        return (f"{fine_item.description} — no amount set yet, cannot be cited "
                f"({fine_item.citation}; set by {fine_item.amount_set_by})")
    if rate.ranged:
        amounts = f"${rate.minimum} to ${rate.maximum}"
    else:
        amounts = " / ".join("warning" if amount is None else f"${amount}"
                             for amount in (rate.first, rate.second, rate.later))
    per = (f" per {fine_item.unit_name}" if fine_item.per_unit else "") + (
        " per day" if rate.per_day else "")
    return f"{fine_item.description} — {amounts}{per} ({fine_item.citation})"


def surcharge_event_choices(policy: CitationPolicy, *, blank: str) -> list[tuple[str, str]]:
    """The town's surcharge events, each with the schedules that list it."""
    return [("", blank)] + [
        (event.code, f"{event.label} ({event.citation})" if event.citation else event.label)
        for event in policy.surcharge_events
    ]


class CitationForm(CaseActionForm):
    """The case type's offenses as the fine schedule in force lists them.

    The surcharge event is offered only in a town whose surcharge schedules
    list events a citation may represent.
    """

    offense = forms.ChoiceField(label="Offense",
                                error_messages={"required": "Choose an offense."})
    amount = forms.DecimalField(
        **MONEY_FIELD, min_value=0, required=False, label="Amount per offense ($)",
        help_text="Only where the schedule lets the officer set the amount within a range.",
    )
    units = forms.IntegerField(min_value=1, initial=1, label="Units")
    accrues_until = bounded_date_field(
        required=False, label="Last day the fine counts (optional)",
        help_text="Only for an offense fined per day: the last day the fine counts. "
                  "Leave empty to count until compliance.",
    )
    surcharge_event = forms.ChoiceField(required=False, label="Surcharge event (optional)")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        registered = case_type(self.case.case_type)
        schedule = fine_schedule_in_force(self.case.municipality, timezone.localdate())
        items = list(schedule.items.all()) if schedule else []
        found = offenses_of_inspection(self.case)
        offered = [fine_item for fine_item in items if may_cite(registered, fine_item.offense)
                   and (found is None or fine_item.offense in found)]
        self.fields["offense"].choices = [("", "Choose an offense")] + [
            (fine_item.offense, offense_label(fine_item)) for fine_item in offered]
        self._ask_units(offered)
        try:
            policy = policy_of(self.case)
        except LookupError:
            policy = None
        self._ask_exemptions(policy, {fine_item.offense: fine_item.description.lower()
                                      for fine_item in offered})
        if policy is None or not policy.surcharge_events:
            del self.fields["surcharge_event"]
        else:
            self.fields["surcharge_event"].choices = surcharge_event_choices(
                policy, blank="None")
            self.fields["surcharge_event"].help_text = (
                "The event of the town's surcharge schedules this citation represents.")


    def _ask_exemptions(self, policy: CitationPolicy | None, offenses: dict[str, str]) -> None:
        """A yes-or-no question for each exemption the town's law gives an offense offered
        (``offenses``: code → description); the answers go to the service together
        (``answers``)."""
        self.exemption_codes = []
        for exemption in policy.exemptions if policy else ():
            applies_to = [offenses[offense] for offense in exemption.offenses
                          if offense in offenses]
            if not applies_to:
                continue
            self.exemption_codes.append(exemption.code)
            self.fields[exemption.code] = forms.TypedChoiceField(
                label=exemption.question, required=False, empty_value=None,
                choices=[("", "Not asked"), (NO, "No"), (YES, "Yes")],
                coerce=lambda answer: answer == YES,
                help_text=f"Only when citing: {'; '.join(applies_to)} "
                          f"({exemption.citation}). Yes: no citation is written.",
            )

    def clean(self):
        cleaned = super().clean()
        cleaned["answers"] = {code: cleaned.pop(code, None) for code in self.exemption_codes}
        return cleaned

    def _ask_units(self, offered) -> None:
        """Units are asked only where an offense offered is fined per unit (per boat, per
        permit), named as its schedule names them; elsewhere one unit is cited."""
        unit_names = sorted({fine_item.unit_name for fine_item in offered if fine_item.per_unit})
        if not unit_names:
            del self.fields["units"]
            return
        names = " or ".join(f"{name}s" for name in unit_names)
        self.fields["units"].label = f"Number of {names} involved"
        self.fields["units"].help_text = (
            f"Only for an offense fined per {' or '.join(unit_names)}; otherwise leave 1.")


class HearingForm(HearingTimeAndPlaceFields, CaseActionForm):
    """A hearing on the case: its notice, day, hour and place, which the notice gives the
    parties; the hour and place start at the town's usual ones."""

    field_order = ["notice_sent_on", "hearing_date", "hearing_time", "location"]

    notice_sent_on = bounded_date_field(label="Notice sent on", initial=timezone.localdate)
    hearing_date = bounded_date_field(label="Hearing date")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.prefill_time_and_place(self.case.municipality)


def _pending(items) -> dict[int, Any]:
    return {item.pk: item for item in items if item.decided_on is None}


def ready_to_decide(items) -> dict[int, Any]:
    """The undecided hearings (or appeals) whose day has come: one is decided on or after the
    day it is held, so a hearing still to come is not offered for a decision (an appeal with
    no hearing set is)."""
    today = timezone.localdate()
    return {pk: item for pk, item in _pending(items).items()
            if item.hearing_date is None or item.hearing_date <= today}


class HearingDecisionForm(CaseActionForm):
    hearing = forms.TypedChoiceField(coerce=int, label="Hearing")
    decision = forms.CharField(widget=TEXTAREA, max_length=5000, label="Decision")
    ruling = forms.CharField(widget=TEXTAREA, max_length=20000, required=False,
                             label="Written ruling (optional)")
    decided_on = bounded_date_field(label="Decided on", initial=timezone.localdate)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.pending = ready_to_decide(self.case.hearings.all())
        self.fields["hearing"].choices = [
            (pk, f"Hearing of {short_date(hearing.hearing_date)}")
            for pk, hearing in self.pending.items()
        ]

    def clean_hearing(self):
        return self.pending[self.cleaned_data["hearing"]]


class AppealForm(CaseActionForm):
    filed_on = bounded_date_field(label="Filed on", initial=timezone.localdate)
    grounds = forms.CharField(widget=TEXTAREA, max_length=5000, label="Grounds of the appeal")


def _appeal_choices(pending: dict[int, Any]) -> list[tuple[int, str]]:
    return [(pk, f"Appeal filed {short_date(appeal.filed_on)}")
            for pk, appeal in pending.items()]


class AppealDecisionForm(CaseActionForm):
    appeal = forms.TypedChoiceField(coerce=int, label="Appeal")
    decision = forms.CharField(widget=TEXTAREA, max_length=5000, label="Decision")
    decided_on = bounded_date_field(label="Decided on", initial=timezone.localdate)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.pending = ready_to_decide(self.case.appeals.all())
        self.fields["appeal"].choices = _appeal_choices(self.pending)

    def clean_appeal(self):
        return self.pending[self.cleaned_data["appeal"]]


def unscheduled_appeals(case: Case) -> dict[int, Appeal]:
    """The case's pending appeals whose public hearing is not set yet: one that is set is
    moved by a continuance, from its own day, hour and place."""
    return {pk: appeal for pk, appeal in _pending(case.appeals.all()).items()
            if appeal.hearing_date is None}


class AppealHearingForm(HearingTimeAndPlaceFields, CaseActionForm):
    """The public hearing on a pending appeal whose hearing is not set yet: its day, hour and
    place, which the notice gives the party; the hour and place start at the town's usual
    ones."""

    field_order = ["appeal", "hearing_date", "hearing_time", "location"]

    appeal = forms.TypedChoiceField(coerce=int, label="Appeal")
    hearing_date = bounded_date_field(label="Hearing date")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.pending = unscheduled_appeals(self.case)
        self.fields["appeal"].choices = _appeal_choices(self.pending)
        self.prefill_time_and_place(self.case.municipality)

    def clean_appeal(self):
        return self.pending[self.cleaned_data["appeal"]]


class ChargeForm(CaseActionForm):
    """The charges the case type allows today, invoiced to the case's party."""

    code = forms.ChoiceField(label="Charge")
    amount = forms.DecimalField(**MONEY_FIELD, min_value=0.01, label="Amount ($)")
    description = forms.CharField(max_length=200, required=False,
                                  label="Particulars (optional)",
                                  help_text="E.g. the law firm and its bill number.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        charges = self.charges if self.charges is not None else charges_now(self.case)
        self.fields["code"].choices = [
            (charge.code, f"{charge.description} ({charge.citation})")
            for charge in charges.allowed
        ]


class PermitStatusForm(CaseActionForm):
    change = forms.ChoiceField(
        choices=[("suspend", "Suspend the permit"), ("revoke", "Revoke the permit")],
        widget=forms.RadioSelect, label="Action",
    )
    reason = forms.CharField(widget=TEXTAREA, max_length=2000, label="Reason")


class CloseCaseForm(CaseActionForm):
    """Nothing to fill in: closing is refused while anything is pending."""



# -- Moving a hearing or an inspection ----------------------------------------------------


class ContinueHearingForm(HearingTimeAndPlaceFields, ServiceForm):
    """A case hearing's or an appeal's public hearing's new day, hour and place, and why it
    is continued (the notice goes again today). The day, hour and place start at the
    hearing's own, so that moving only one of them keeps the others."""

    field_order = ["hearing_date", "hearing_time", "location", "reason"]

    hearing_date = bounded_date_field(label="New hearing date")
    reason = forms.CharField(
        max_length=500, label="Why the hearing is continued", widget=TEXTAREA,
        error_messages={"required": "Say why the hearing is continued."})

    def __init__(self, *args, hearing: CaseHearing | Appeal, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["hearing_date"].initial = hearing.hearing_date
        self.fields["hearing_time"].initial = hearing.hearing_time
        self.fields["location"].initial = hearing.location


class RescheduleInspectionForm(ServiceForm):
    """An inspection's new day; the reason is told to the applicant or holder."""

    scheduled_for = bounded_date_field(label="New inspection date")
    reason = forms.CharField(max_length=300, required=False, label="Reason (optional)",
                             help_text="Told to the applicant or permit holder.")


class RequestedInspectionForm(ServiceForm):
    """The day an inspector takes the inspection an application waits for."""

    scheduled_for = bounded_date_field(label="Inspection date")
