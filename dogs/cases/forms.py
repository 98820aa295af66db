"""Forms of North Andover's dog case page: each feeds one service of :mod:`dogs.cases`,
whose refusals are shown on the field they name."""

from __future__ import annotations

from django import forms
from django.utils import timezone

from dogs.cases import (
    SECURITY,
    Appellant,
    Capacity,
    DangerException,
    DangerousGround,
    DeclarationException,
    DogOfCase,
    NuisanceGround,
    RelocationDirection,
    RulingOutcome,
    citable_offenses,
    duty_orders,
    in_force,
    orderable_duties,
    pending_petitions,
    restraint_period,
)
from dogs.rules import DANGEROUS_DOG_COMPLIANCE
from permits_site.enforcement.forms import (
    TEXTAREA,
    CaseActionForm,
    HearingForm,
    ServiceErrors,
    short_date,
)
from permits_site.exceptions import DomainError
from permits_site.licensing.fact_forms import (
    FactsForm,
    HearingTimeAndPlaceFields,
    bounded_date_field,
    fact_form_class,
)


class CaseDogForm(CaseActionForm):
    """The dog the case is about, named or corrected until the determination (Dangerous B;
    Potentially dangerous B): words that find a dog of the town's register, or a description
    of a dog on no register."""

    dog = forms.CharField(
        max_length=100, required=False, label="Dog of the register",
        help_text="Its license tag or license number, microchip, name or owner's name.")
    dog_description = forms.CharField(max_length=200, required=False,
                                      label=DogOfCase.description_label,
                                      help_text=DogOfCase.description_help)

    def clean(self):
        cleaned = super().clean()
        words = cleaned.pop("dog", "")
        cleaned["description"] = cleaned.pop("dog_description", "")
        cleaned["dog"] = None
        if words:
            try:
                cleaned["dog"] = DogOfCase().find(self.case.municipality, words)
            except DomainError as refused:
                self.add_service_errors(refused.errors)
        return cleaned


class ProposalForm(CaseActionForm):
    aggressive_in_enclosure = forms.BooleanField(
        required=False,
        label="Highly aggressive, unprovoked, within an enclosure it appears able to escape "
              "(Potentially dangerous B(1)(a))")
    proposal = forms.CharField(widget=TEXTAREA, max_length=5000,
                               label="Proposed determination")


def _coded(choices) -> list[tuple[str, str]]:
    return [(code, f"{code} {label}") for code, label in choices]


class DeterminationForm(CaseActionForm):
    """The Animal Control Officer's or the hearing authority's determination (Potentially
    dangerous B(2)); B(1)(a) is asked here when no proposal recorded it."""

    deemed = forms.TypedChoiceField(
        coerce=lambda value: value == "yes", widget=forms.RadioSelect,
        choices=[("yes", "Potentially dangerous"), ("no", "Not potentially dangerous")],
        label="Determination")
    aggressive_in_enclosure = forms.BooleanField(
        required=False,
        label="Highly aggressive, unprovoked, within an enclosure it appears able to escape "
              "(Potentially dangerous B(1)(a))")
    exceptions = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple,
        choices=_coded(DangerException.choices), label="Exceptions that apply (Dangerous C)")
    determination = forms.CharField(widget=TEXTAREA, max_length=5000, label="Reasons")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.case.proposed_on:
            del self.fields["aggressive_in_enclosure"]


class DangerousDeterminationForm(CaseActionForm):
    deemed = forms.TypedChoiceField(
        coerce=lambda value: value == "yes", widget=forms.RadioSelect,
        choices=[("yes", "Dangerous"), ("no", "Not dangerous")], label="Determination")
    grounds = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple,
        choices=_coded(DangerousGround.choices),
        label="Grounds (Dangerous B(1)(a)–(e)), required for a dangerous dog")
    exceptions = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple,
        choices=_coded([*DeclarationException.choices, *DangerException.choices]),
        label="Exceptions that apply (Dangerous A, C)")
    determination = forms.CharField(widget=TEXTAREA, max_length=5000, label="Reasons")


class AppealForm(CaseActionForm):
    appellant = forms.ChoiceField(choices=Appellant.choices, label="Appealed by")
    filed_on = bounded_date_field(label="Written request received by the Town Clerk on",
                                  initial=timezone.localdate)
    grounds = forms.CharField(widget=TEXTAREA, max_length=5000, label="Grounds of the appeal")


class _PendingAppealForm(CaseActionForm):
    appeal = forms.TypedChoiceField(coerce=int, label="Appeal")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.pending = {appeal.pk: appeal for appeal in self.case.appeals.all()
                        if appeal.decided_on is None}
        self.fields["appeal"].choices = [
            (pk, f"Appeal by {appeal.appellant or 'the party'}, filed "
                 f"{short_date(appeal.filed_on)}")
            for pk, appeal in self.pending.items()
        ]

    def clean_appeal(self):
        return self.pending[self.cleaned_data["appeal"]]


class AppealHearingForm(HearingTimeAndPlaceFields, _PendingAppealForm):
    """The day, hour and place of an appeal's public hearing (Hearing authority B); the
    hour and place start at the town's usual ones."""

    field_order = ["appeal", "hearing_date", "hearing_time", "location"]

    hearing_date = bounded_date_field(label="Public hearing on")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.prefill_time_and_place(self.case.municipality)


class RulingForm(_PendingAppealForm):
    outcome = forms.ChoiceField(choices=RulingOutcome.choices, widget=forms.RadioSelect,
                                label="The Animal Control Officer's decision is")
    ruling = forms.CharField(widget=TEXTAREA, max_length=10000, label="Written ruling")
    decided_on = bounded_date_field(label="Decided on", initial=timezone.localdate)


#: What an order of temporary restraint usually says (Temporary restraint A).
RESTRAINT_TEXT = ("Confine the dog to the owner's property when not on a leash of six feet "
                  "or shorter.")


class RestraintOrderForm(CaseActionForm):
    text = forms.CharField(widget=TEXTAREA, max_length=5000, label="Order",
                           initial=RESTRAINT_TEXT)
    days = forms.IntegerField(min_value=1, max_value=30, initial=30,
                              label="In force for (days, at most 30)")


class NuisanceFindingForm(CaseActionForm):
    """The Animal Control Officer's finding on a nuisance complaint (Restraint E) and the
    order of temporary restraint issued with it (Temporary restraint A)."""

    nuisance = forms.TypedChoiceField(
        coerce=lambda value: value == "yes", widget=forms.RadioSelect,
        choices=[("yes", "The dog is a nuisance"), ("no", "The dog is not a nuisance")],
        label="Finding")
    grounds = forms.MultipleChoiceField(
        required=False, widget=forms.CheckboxSelectMultiple,
        choices=[(code, f"{code} {label}") for code, label in NuisanceGround.choices],
        label="Grounds (Restraint E)")
    finding = forms.CharField(widget=TEXTAREA, max_length=5000, label="Finding and reasons")
    order_text = forms.CharField(widget=TEXTAREA, max_length=5000, required=False,
                                 label="Order of temporary restraint (a dog found a nuisance)",
                                 initial=RESTRAINT_TEXT)
    days = forms.IntegerField(min_value=1, max_value=30, initial=30, required=False,
                              label="Days the order is in force (at most 30)")


class ShelteringForm(CaseActionForm):
    """Temporary restraint A, B: sheltered at a local kennel or veterinarian, at the owner's
    expense."""

    facility = forms.CharField(max_length=150, label="Kennel or veterinary facility")
    days = forms.IntegerField(min_value=1, max_value=30, initial=30,
                              label="Sheltered for (days, at most 30)")
    amount = forms.DecimalField(min_value=0, max_digits=9, decimal_places=2,
                                label="The facility's charge for the stay ($)",
                                help_text="Invoiced to the owner.")


class _RestraintOrderChoiceForm(CaseActionForm):
    """Picks one of the case's orders of temporary restraint in force today."""

    order = forms.TypedChoiceField(coerce=int, label="Order")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        today = timezone.localdate()
        self.timed = {order.pk: order for order in self.case.orders.all()
                      if order.ends_on and in_force(order, on=today)}
        self.fields["order"].choices = [
            (pk, f"Order of {short_date(order.issued_on)}, ends {short_date(order.ends_on)}")
            for pk, order in self.timed.items()
        ]

    def clean_order(self):
        return self.timed[self.cleaned_data["order"]]


class RenewalForm(_RestraintOrderChoiceForm):
    note = forms.CharField(widget=TEXTAREA, max_length=5000, label="Written renewal")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["note"].help_text = (
            f"Renews the order for another {restraint_period().days} days from its end.")


class RescissionForm(_RestraintOrderChoiceForm):
    reason = forms.CharField(widget=TEXTAREA, max_length=2000,
                             label="Why restraint is no longer required")


class PetitionForm(_RestraintOrderChoiceForm):
    filed_on = bounded_date_field(label="Petition received on", initial=timezone.localdate)
    grounds = forms.CharField(widget=TEXTAREA, max_length=5000, label="Grounds of the petition")


class PetitionDecisionForm(CaseActionForm):
    number = forms.TypedChoiceField(coerce=int, label="Petition")
    rescind = forms.TypedChoiceField(
        coerce=lambda value: value == "yes", widget=forms.RadioSelect,
        choices=[("yes", "Rescind the order"), ("no", "Keep the order")], label="Decision")
    ruling = forms.CharField(widget=TEXTAREA, max_length=5000, label="Written decision")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["number"].choices = [
            (petition["number"], f"Petition {petition['number']}, received "
                                 f"{short_date(petition['filed_on'])}")
            for petition in pending_petitions(self.case)]


# -- a determined dog: the owner's duties, the security window, fines and relocations -------


class OwnerDutiesForm(CaseActionForm):
    notified_on = bounded_date_field(label="Owner notified of the determination on",
                                     initial=timezone.localdate)
    duties = forms.MultipleChoiceField(widget=forms.CheckboxSelectMultiple,
                                       label="Duties ordered (any or all)")
    unfit_certificate = forms.CharField(
        widget=TEXTAREA, max_length=2000, required=False,
        label="Veterinarian's certificate that the dog is unfit for spaying or neutering",
        help_text="Who certified it and when; with a certificate no spay or neuter order "
                  "is given.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        duties = orderable_duties(self.case.case_type)
        self.fields["duties"].choices = [
            (duty.code, f"{duty.text} ({duty.sections[self.case.case_type]})")
            for duty in duties]
        self.fields["duties"].initial = [duty.code for duty in duties]


class SecurityDescriptionForm(CaseActionForm):
    """Potentially dangerous C(5): the officer's written description of adequate security."""

    description = forms.CharField(widget=TEXTAREA, max_length=5000,
                                  label="Security required of the premises")
    received_on = bounded_date_field(label="Owner received the description on",
                                     initial=timezone.localdate)


class ResponsiblePersonForm(CaseActionForm):
    name = forms.CharField(max_length=150, label="Name")
    capacity = forms.ChoiceField(choices=Capacity.choices, label="How the person is responsible")
    date_of_birth = bounded_date_field(label="Date of birth")


class SignCheckForm(CaseActionForm):
    premises_sign = forms.BooleanField(
        required=False, label="A \"Beware of Dog\" sign in a prominent place on the premises")
    pen_sign = forms.BooleanField(required=False,
                                  label="A similar sign posted on the dog's kennel or pen")


class ExtensionForm(CaseActionForm):
    until = bounded_date_field(label="Extend the time to secure the premises to")
    reason = forms.CharField(widget=TEXTAREA, max_length=2000, label="Good cause shown")


class _CaseFactsForm(ServiceErrors, FactsForm):
    """The owner's facts of the compliance check; ``cleaned_data`` carries them parsed."""

    def __init__(self, *args, case, **kwargs):
        super().__init__(*args, **kwargs)
        self.case = case

    def clean(self) -> dict:
        super().clean()
        return {"facts": self.facts}


ComplianceCheckForm = fact_form_class(DANGEROUS_DOG_COMPLIANCE, base=_CaseFactsForm)


class ConfirmForm(CaseActionForm):
    """A step with nothing to fill in: the button says it all."""


class VerificationForm(CaseActionForm):
    order = forms.TypedChoiceField(coerce=int, label="Duty verified in writing")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.open = {order.pk: order for code, order in duty_orders(self.case).items()
                     if code != SECURITY.code and order.complied_on is None}
        self.fields["order"].choices = [(pk, order.text) for pk, order in self.open.items()]

    def clean_order(self):
        return self.open[self.cleaned_data["order"]]


class OwnerCitationForm(CaseActionForm):
    """The officer chooses the offense: the form opens on none, so the first listed is never
    cited by default."""

    offense = forms.ChoiceField(label="Offense",
                                error_messages={"required": "Choose an offense."})
    accrues_until = bounded_date_field(
        required=False, label="Last day counted",
        help_text="Each day is a separate offense; leave empty while it continues.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["offense"].choices = [("", "Choose an offense")] + [
            (offense.code, offense.label) for offense in citable_offenses(self.case)]


class EuthanasiaHearingForm(HearingForm):
    """The notice and the day, hour and place of the Chief's hearing (Dangerous F(1)), the
    core's hearing form."""

    hearing_date = bounded_date_field(label="Hearing on")


class RelocationForm(CaseActionForm):
    direction = forms.ChoiceField(choices=RelocationDirection.choices,
                                  label="Direction of the move")
    community = forms.CharField(max_length=200, label="Other community")
    description = forms.CharField(widget=TEXTAREA, max_length=2000,
                                  label="Description of the dog")
    other_officer = forms.CharField(
        max_length=200, required=False,
        label="The new community's Animal Control Officer (moving out)")
    owner_notified = forms.TypedChoiceField(
        coerce=lambda value: value == "yes", widget=forms.RadioSelect,
        choices=[("yes", "The owner notified the Animal Control Officer"),
                 ("no", "The owner did not notify: the officer learned of the move")],
        initial="yes", label="Notice")
    notified_on = bounded_date_field(label="Owner's notice received (or move learned of) on",
                                     initial=timezone.localdate)
