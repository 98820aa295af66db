"""Forms of the impoundment pages and the public "found a dog?" page (North Andover Code
ch. 60, Impoundment). Each action form hands its cleaned data to one service in ``run``;
refusals come back on the fields they name."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from dogs.impoundment import found, services
from dogs.impoundment.permissions import can_take_impoundment_payment
from dogs.impoundment.services import INTAKE_BASES
from dogs.models import (
    DISPOSITIONS,
    CoriResult,
    FoundReportStatus,
    Impoundment,
    ImpoundmentBasis,
    ImpoundmentStatus,
    NoticeMethod,
    Species,
)
from dogs.periods import MUNICIPALITY
from permits_site.enforcement.forms import MONEY_FIELD, TEXTAREA, ServiceForm
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.fact_forms import bounded_date_field
from permits_site.licensing.models import PaymentMethod
from permits_site.licensing.services.payments import record_payment
from permits_site.towns.models import Municipality

if TYPE_CHECKING:
    from permits_site.accounts.models import User

TAG_NUMBER = {"max_length": 10, "required": False, "label": "License tag number"}
MICROCHIP = {"max_length": 30, "required": False, "label": "Microchip number"}


class IntakeForm(ServiceForm):
    impounded_on = bounded_date_field(label="Date taken into custody")
    species = forms.ChoiceField(choices=Species.choices, initial=Species.DOG)
    description = forms.CharField(max_length=200, help_text="Breed, color, sex, markings.")
    basis = forms.ChoiceField(
        label="How it came into custody", widget=forms.RadioSelect,
        initial=ImpoundmentBasis.PICKED_UP,
        choices=[(basis.value, basis.label) for basis in INTAKE_BASES])
    under_six_months = forms.BooleanField(
        required=False, label="Younger than six months",
        help_text="Rabies vaccination is required from six months of age (Code ch. 60, "
                  "Rabies A).")
    found_at = forms.CharField(max_length=200, required=False, label="Where found")
    tag_number = forms.CharField(**TAG_NUMBER)
    microchip = forms.CharField(**MICROCHIP)
    picked_up = forms.BooleanField(
        required=False, initial=True, label="Picked up by the Animal Control Officer",
        help_text="The pick-up fee applies (Code ch. 60, Impoundment C(1)).")

    def run(self, *, acting_user: User):
        town = Municipality.objects.get(code=MUNICIPALITY)
        return services.record_intake(municipality=town, acting_user=acting_user,
                                      **self.cleaned_data)


class IdentifyForm(ServiceForm):
    tag_number = forms.CharField(**TAG_NUMBER)
    license_number = forms.CharField(max_length=40, required=False,
                                     label="Dog license number (any year)")
    microchip = forms.CharField(**MICROCHIP)
    owner_name = forms.CharField(max_length=120, required=False,
                                 label="Or: the owner's name")
    owner_contact = forms.CharField(max_length=200, required=False,
                                    label="Owner's phone, email or address")
    identification_note = forms.CharField(
        max_length=200, required=False, label="How the owner was identified",
        help_text="For example: a neighbor knew the cat; the owner called.")
    done = "Owner identified."

    def run(self, *, impoundment, acting_user: User):
        services.identify_owner(impoundment=impoundment, acting_user=acting_user,
                                **self.cleaned_data)


class RabiesProofForm(ServiceForm):
    rabies_certificate = forms.CharField(max_length=120,
                                         label="Certificate number and veterinarian")
    rabies_valid_through = bounded_date_field(label="Vaccination valid through")
    done = "Rabies certificate recorded."

    def run(self, *, impoundment, acting_user: User):
        services.record_rabies_proof(
            impoundment=impoundment, acting_user=acting_user,
            certificate=self.cleaned_data["rabies_certificate"],
            valid_through=self.cleaned_data["rabies_valid_through"])


class OwnerNoticeForm(ServiceForm):
    method = forms.ChoiceField(choices=NoticeMethod.choices, label="Notified by")
    notified_on = bounded_date_field(label="Date of the notice")
    person_reached = forms.CharField(max_length=120, label="Who was reached")
    note = forms.CharField(max_length=300, required=False, label="Note")
    done = "Notice recorded."

    def run(self, *, impoundment, acting_user: User):
        services.record_owner_notice(impoundment=impoundment, acting_user=acting_user,
                                     **self.cleaned_data)


class CoriCheckForm(ServiceForm):
    person_name = forms.CharField(max_length=120, label="Individual residing in the household")
    checked_on = bounded_date_field(label="Date of the CORI check")
    result = forms.ChoiceField(choices=CoriResult.choices, widget=forms.RadioSelect,
                               label="Result")
    done = "CORI check recorded."

    def run(self, *, impoundment, acting_user: User):
        services.record_cori_check(impoundment=impoundment, acting_user=acting_user,
                                   **self.cleaned_data)


class NoFieldsForm(ServiceForm):
    """A button: the service takes nothing but the record."""

    def __init__(self, *args, service, done: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.service, self.done = service, done

    def run(self, *, impoundment, acting_user: User):
        self.service(impoundment=impoundment, acting_user=acting_user)


class PaymentForm(ServiceForm):
    """Money received at the counter against one of the record's invoices; the amount
    starts at what is still owed on it, which the counter may change."""

    method = forms.ChoiceField(choices=PaymentMethod.choices, label="Paid by")
    reference = forms.CharField(max_length=100, label="Receipt or check number")
    amount = forms.DecimalField(min_value=0, label="Amount ($)", **MONEY_FIELD)
    done = "Payment recorded."

    def __init__(self, *args, invoice_field: str, record: Impoundment | None = None,
                 **kwargs):
        super().__init__(*args, **kwargs)
        self.invoice_field = invoice_field
        invoice = getattr(record, invoice_field) if record is not None else None
        if invoice is not None:
            self.initial.setdefault("amount", invoice.balance())

    def run(self, *, impoundment, acting_user: User):
        if not can_take_impoundment_payment(acting_user, impoundment.municipality_id):
            raise PermissionDenied("Only the Animal Control Officer or the Clerk takes "
                                   "payments.")
        invoice = getattr(impoundment, self.invoice_field)
        if invoice is None:
            raise DomainError("There is no invoice to pay.", field="amount")
        record_payment(invoice=invoice, acting_user=acting_user, **self.cleaned_data)


class ContractForm(ServiceForm):
    basis = forms.ChoiceField(
        label="Contract", widget=forms.RadioSelect,
        choices=[(basis.value, basis.label) for basis in
                 (ImpoundmentBasis.SURRENDER, ImpoundmentBasis.SAFE_HOLD)])
    signed_by = forms.CharField(max_length=120, label="Signed by (owner or authorized party)")
    claim_by = bounded_date_field(required=False, label="Claim-by date (safe hold)")
    alternate_party = forms.CharField(max_length=200, required=False,
                                      label="Alternate party who may claim (safe hold)")
    done = "Contract recorded."

    def run(self, *, impoundment, acting_user: User):
        services.record_contract(impoundment=impoundment, acting_user=acting_user,
                                 **self.cleaned_data)


class DispositionForm(ServiceForm):
    outcome = forms.ChoiceField(
        widget=forms.RadioSelect, label="Outcome",
        choices=[(status.value, ImpoundmentStatus(status).label) for status in DISPOSITIONS])
    note = forms.CharField(max_length=300, required=False, widget=TEXTAREA,
                           label="Note (rescue, veterinarian)")
    adopter_name = forms.CharField(max_length=120, required=False, label="Adopter's name")
    adopter_identification = forms.CharField(
        max_length=120, required=False, label="Adopter's identification shown")
    cori_authorized = forms.BooleanField(
        required=False, label="The adopter authorized the CORI background check")
    done = "Outcome recorded."

    def run(self, *, impoundment, acting_user: User):
        services.record_disposition(impoundment=impoundment, acting_user=acting_user,
                                    **self.cleaned_data)


class ForwardedForm(ServiceForm):
    forwarded_on = bounded_date_field(label="Forwarded to the Town Clerk on")
    done = "Forwarding recorded."

    def run(self, *, impoundment, acting_user: User):
        services.record_forwarded(impoundment=impoundment, acting_user=acting_user,
                                  on=self.cleaned_data["forwarded_on"])


_BUILDERS = {
    "identify": lambda data, action, record: IdentifyForm(data, prefix=action),
    "notice": lambda data, action, record: OwnerNoticeForm(data, prefix=action),
    "cori": lambda data, action, record: CoriCheckForm(data, prefix=action),
    "rabies": lambda data, action, record: RabiesProofForm(data, prefix=action),
    "invoice": lambda data, action, record: NoFieldsForm(
        data, prefix=action, service=services.invoice_fees, done="Fees invoiced."),
    "pay_fees": lambda data, action, record: PaymentForm(
        data, prefix=action, invoice_field="fee_invoice", record=record),
    "release": lambda data, action, record: NoFieldsForm(
        data, prefix=action, service=services.release_to_owner,
        done="Released to the owner."),
    "contract": lambda data, action, record: ContractForm(data, prefix=action),
    "town_property": lambda data, action, record: NoFieldsForm(
        data, prefix=action, service=services.declare_town_property,
        done="The animal is Town property."),
    "disposition": lambda data, action, record: DispositionForm(data, prefix=action),
    "pay_adoption": lambda data, action, record: PaymentForm(
        data, prefix=action, invoice_field="adoption_invoice", record=record),
    "forwarded": lambda data, action, record: ForwardedForm(data, prefix=action),
}

#: The actions a record page's forms name.
ACTION_NAMES = tuple(_BUILDERS)


def action_form(action: str, data=None, *, record: Impoundment | None = None):
    """The bound or unbound form of a record page action, or None for an unknown one;
    ``record`` fills in what the form starts with (the balance of an invoice to pay)."""
    builder = _BUILDERS.get(action)
    return builder(data, action, record) if builder else None


class FoundAnimalForm(ServiceForm):
    """A finder's report of a found animal (Impoundment B): a public form, asked in the
    reader's language."""

    town = forms.ModelChoiceField(queryset=Municipality.objects.none(), empty_label=None,
                                  label=_("Town"))
    species = forms.ChoiceField(choices=Species.choices, label=_("Animal"))
    description = forms.CharField(max_length=200, label=_("What it looks like"),
                                  help_text=_("Color, size, collar or markings."))
    found_at = forms.CharField(max_length=200, label=_("Where you found it"))
    tag_number = forms.CharField(max_length=10, required=False,
                                 label=_("Number on the dog's license tag (if any)"))
    finder_name = forms.CharField(max_length=120, label=_("Your name"))
    finder_contact = forms.CharField(max_length=200, label=_("How we can reach you"),
                                     help_text=_("A phone number or email address."))
    message = forms.CharField(max_length=1000, required=False, widget=TEXTAREA,
                              label=_("Your message"),
                              help_text=_("Where the animal is now and how it is doing."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["town"].queryset = Municipality.objects.filter(code=MUNICIPALITY)
        self.fields["species"].choices = [(value, gettext(label))
                                          for value, label in Species.choices]


class TurnOverRequestForm(ServiceForm):
    requested_on = bounded_date_field(label="Turn-over requested on")
    done = "Request recorded."

    def run(self, *, report, acting_user: User):
        found.request_turn_over(report=report, acting_user=acting_user, **self.cleaned_data)


class TurnedOverForm(ServiceForm):
    impoundment = forms.ModelChoiceField(queryset=Impoundment.objects.none(),
                                         label="Impoundment it was taken in on")
    done = "Report linked to the impoundment."

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["impoundment"].queryset = Impoundment.objects.filter(
            status=ImpoundmentStatus.HELD, found_report__isnull=True)

    def run(self, *, report, acting_user: User):
        found.record_turned_over(report=report, acting_user=acting_user, **self.cleaned_data)


class CloseReportForm(ServiceForm):
    returned_to_owner = forms.TypedChoiceField(
        widget=forms.RadioSelect, label="Outcome", coerce=lambda value: value == "yes",
        choices=[("yes", FoundReportStatus.RETURNED.label),
                 ("no", "Nothing more to do")])
    done = "Report closed."

    def run(self, *, report, acting_user: User):
        found.close_report(report=report, acting_user=acting_user, **self.cleaned_data)


class CiteFinderForm(ServiceForm):
    done = "Citation issued."

    def run(self, *, report, acting_user: User):
        found.cite_not_turned_over(report=report, acting_user=acting_user)


def report_action_form(action: str, data=None):
    """The form of a found-animal report's action, or None for an unknown one."""
    forms_by_action = {"request": TurnOverRequestForm, "turned_over": TurnedOverForm,
                       "close": CloseReportForm, "cite": CiteFinderForm}
    form_class = forms_by_action.get(action)
    return form_class(data, prefix=action) if form_class else None
