"""Forms of North Andover's kennel pages: the Animal Inspector's visit, the roster of the
kennel's dogs and the kennel review hearing (Code ch. 60, Kennel license B). Each feeds one
service; the service's refusals are shown on the field they name."""

from __future__ import annotations

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from dogs.kennels.parties import NAMED_ROLES
from dogs.kennels.review import Outcome
from permits_site.accounts.models import User
from permits_site.accounts.permissions import INSPECTOR_ROLES
from permits_site.enforcement.forms import TEXTAREA, CaseActionForm, HearingForm, ServiceForm
from permits_site.enforcement.services.orders import MOST_DAYS_TO_COMPLY
from permits_site.licensing.fact_forms import bounded_date_field


class KennelInspectionForm(ServiceForm):
    """Schedule the Health Division Animal Inspector's visit of a proposed kennel (B(3))."""

    inspector = forms.ModelChoiceField(
        queryset=User.objects.none(), label="Animal Inspector",
        empty_label="Choose the inspector", error_messages={"required": "Choose the inspector."})
    scheduled_for = bounded_date_field(label="Date of the visit", initial=timezone.localdate)

    def __init__(self, *args, application, **kwargs):
        super().__init__(*args, **kwargs)
        self.application = application
        self.fields["inspector"].queryset = (
            User.objects.filter(memberships__municipality_id=application.municipality_id,
                                memberships__role__in=INSPECTOR_ROLES)
            .distinct().order_by("last_name", "first_name"))
        self.fields["inspector"].label_from_instance = lambda user: user.display_name


class KennelDogForm(ServiceForm):
    """A dog of the kennel: listed on the license, or a new dog of the year (B(1), B(2)); the
    licensee fills it in, in the reader's language."""

    name = forms.CharField(max_length=60, label=_("Dog's name"))
    breed = forms.CharField(max_length=80, label=_("Breed"))
    rabies_valid_through = bounded_date_field(label=_("Rabies vaccination valid through"))
    acquired_on = bounded_date_field(
        label=_("Acquired on (a new dog only)"), required=False,
        help_text=_("Leave empty for a dog the license was issued for. A new dog is reported "
                    "within 30 days of the day it came."))
    boarded_for = forms.CharField(
        max_length=200, required=False, label=_("Boarded for (a boarded dog only)"),
        help_text=_("A dog boarded temporarily, not the kennel's own: its owner's name and "
                    "contact."))
    rabies_certificate = forms.CharField(
        max_length=120, required=False, label=_("Rabies certificate number and veterinarian"),
        help_text=_("Required for a boarded dog: the kennel keeps its proof of vaccination."))


class KennelReportForm(ServiceForm):
    """The Animal Control Officer's report of violations, as the hearing authority got it."""

    received_on = bounded_date_field(label="Report received on", initial=timezone.localdate)
    report = forms.CharField(widget=TEXTAREA, max_length=5000,
                             label="Violations reported (Kennel license B(4))")


class KennelHearingForm(HearingForm):
    """The notice of the public hearing and its day, hour and place (B(5)), the core's
    hearing form: the hour and place start at the town's usual ones."""

    notice_sent_on = bounded_date_field(label="Notice sent to all interested parties on",
                                        initial=timezone.localdate)
    hearing_date = bounded_date_field(label="Public hearing on")


class KennelDecisionForm(CaseActionForm):
    """The hearing authority's decision after the public hearing (B(5))."""

    outcome = forms.ChoiceField(choices=Outcome.choices, widget=forms.RadioSelect,
                                label="Decision")
    decided_on = bounded_date_field(label="Decided on", initial=timezone.localdate)
    reasons = forms.CharField(widget=TEXTAREA, max_length=5000, label="Reasons")
    terms = forms.CharField(
        widget=TEXTAREA, max_length=5000, required=False,
        label="What the kennel must do, or the conditions it is kept under",
        help_text="Order compliance or regulate: required.")
    comply_within_days = forms.IntegerField(
        min_value=1, max_value=MOST_DAYS_TO_COMPLY, required=False,
        label="Days to comply (order compliance)")


class InterestedPartyForm(ServiceForm):
    """An abutter, a complainant or another interested party to notify (B(5))."""

    role = forms.ChoiceField(choices=[(role.value, role.label) for role in NAMED_ROLES],
                             label="Interested as")
    name = forms.CharField(max_length=120, label="Name")
    mailing_address = forms.CharField(max_length=300, label="Mailing address")
