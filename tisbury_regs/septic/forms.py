"""Forms of the septic inspection pages (Tisbury BOH Reg 09.0.8(4), 09.1.3(5)); refusals of
the services come back on the fields they name."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from permits_site.accounts.models import User
from permits_site.enforcement.forms import TEXTAREA, ServiceErrors, ServiceForm
from permits_site.enforcement.models import InspectionResult
from permits_site.licensing.fact_forms import FactsForm, bounded_date_field, fact_form_class
from permits_site.licensing.templatetags.localised import month_day
from permits_site.parties.models import Property
from tisbury_regs.periods import MUNICIPALITY
from tisbury_regs.septic import services
from tisbury_regs.septic.services import CASE_CHECKS


class ReportForm(ServiceForm):
    """What a licensed inspector files about one inspection."""

    place = forms.ModelChoiceField(
        queryset=Property.objects.none(), label=_("Property"),
        empty_label=_("Choose the property"),
        error_messages={"required": _("Choose the property.")})
    owner_name = forms.CharField(max_length=200, label=_("Owner of record"))
    inspected_on = bounded_date_field(label=_("Date of the inspection"))
    result = forms.ChoiceField(choices=InspectionResult.choices, widget=forms.RadioSelect,
                               label=_("Result"))
    notes = forms.CharField(widget=TEXTAREA, required=False,
                            label=_("Conditions and findings (optional)"))
    document = forms.FileField(required=False, label=_("Report document (optional)"),
                               help_text=_("The signed inspection form, as PDF."))
    sale_closing_on = bounded_date_field(
        required=False, label=_("Closing date (optional)"),
        help_text=_("For a sale or transfer: the 90 days to upgrade a failed system run from "
                    "the closing (09.0.8(8))."))
    single_cesspool = forms.BooleanField(
        required=False, label=_("The system is a single cesspool"),
        help_text=_("At a sale or transfer a single cesspool is a failed system that must be "
                    "upgraded (09.0.8(12))."))

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["place"].queryset = Property.objects.filter(
            municipality__code=MUNICIPALITY, merged_into__isnull=True).order_by("address")

    def run(self, *, acting_user):
        return services.file_report(acting_user=acting_user, **self.cleaned_data)

    @property
    def done(self) -> str:
        """What the inspector is told once the report is filed, in the inspector's
        language."""
        report = self.service_result
        if not report.late:
            return gettext("The report is filed.")
        return gettext("The report is filed — late: it was due by %(due)s.") % {
            "due": month_day(report.due_on)}


class LicenseForm(ServiceForm):
    """The admin's grant of a system inspector license to the account the email names."""

    service_fields = {"user": "email"}
    done = "The inspector is licensed."

    email = forms.EmailField(label="The inspector's account email")
    license_number = forms.CharField(max_length=40)
    expires_on = bounded_date_field(label="License expires on")

    def clean_email(self) -> User:
        email = self.cleaned_data["email"]
        user = User.objects.filter(email__iexact=email).first()
        if user is None:
            raise forms.ValidationError("No account uses this email: the inspector signs up "
                                        "first.")
        return user

    def run(self, *, municipality, acting_user):
        return services.grant_inspector_license(
            municipality=municipality, user=self.cleaned_data["email"],
            license_number=self.cleaned_data["license_number"],
            expires_on=self.cleaned_data["expires_on"], acting_user=acting_user)


class CheckForm(ServiceErrors, FactsForm):
    """The facts of one of the Board's checks on a failed-system case."""

    done = "The check is recorded on the case."

    def run(self, *, case, code, acting_user):
        return services.run_case_check(case=case, code=code, facts=self.facts,
                                       acting_user=acting_user)


def check_form_class(code: str) -> type[FactsForm]:
    """The facts form of one of the case's rule sets."""
    return fact_form_class(CASE_CHECKS[code], base=CheckForm)
