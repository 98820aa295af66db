"""Forms of the pump-out return pages (Tisbury BOH Reg 09.6.2); refusals of the services come
back on the fields they name."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from permits_site.enforcement.forms import ServiceForm
from permits_site.licensing.fact_forms import BoundedDateField, bounded_date_field
from permits_site.parties.models import Business
from tisbury_regs.pumpout.services import Job

#: Job rows offered at first; the handler asks for more (no script needed).
JOB_ROWS = 5
MOST_JOB_ROWS = 60


class MonthField(BoundedDateField):
    """A month picker ("2026-04"), cleaned to the month's first day."""

    widget = forms.DateInput(attrs={"type": "month"}, format="%Y-%m")
    input_formats = ["%Y-%m"]
    default_error_messages = {"invalid": _("Enter a month, as 2026-04.")}


class ReturnForm(ServiceForm):
    """The return's handler and month; an empty return is confirmed, not assumed."""

    handler = forms.ModelChoiceField(queryset=Business.objects.none(), empty_label=None,
                                     label=_("Septage handler"))
    month = MonthField(label=_("Month of the return"))
    nothing_pumped = forms.BooleanField(
        required=False, label=_("No pump-outs this month"),
        help_text=_("Tick to file an empty return when no job is listed below."))

    def __init__(self, *args, handlers: list[Business], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["handler"].queryset = Business.objects.filter(
            pk__in=[handler.pk for handler in handlers])


class JobForm(ServiceForm):
    """One pump-out permit of the month; a row left blank is skipped."""

    permit_number = forms.CharField(max_length=40, label=_("Pump-out permit number"))
    address = forms.CharField(max_length=300, label=_("Address pumped out"),
                              help_text=_("Linked to the property on file at that address."))
    pumped_on = bounded_date_field(label=_("Date pumped"))
    gallons = forms.IntegerField(label=_("Volume (gallons)"),
                                 error_messages={"invalid": _("Enter whole gallons.")})

    def job(self) -> Job:
        return Job(permit_number=self.cleaned_data["permit_number"],
                   address=self.cleaned_data["address"],
                   pumped_on=self.cleaned_data["pumped_on"],
                   gallons=self.cleaned_data["gallons"])


def job_formset(data=None, *, rows: int = JOB_ROWS):
    formset_class = forms.formset_factory(JobForm, extra=max(1, min(rows, MOST_JOB_ROWS)))
    return formset_class(data, prefix="jobs")
