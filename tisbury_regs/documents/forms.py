"""The clerk's "Charge for documents" form (Tisbury BOH Reg 09.0.5): one number per item of
the schedule in force, and the payment taken at the counter."""

from __future__ import annotations

from django import forms

from permits_site.enforcement.forms import ServiceForm
from permits_site.licensing.models import FeeSchedule, PaymentMethod
from tisbury_regs.documents import services
from tisbury_regs.documents.services import MOST_OF_ONE_ITEM


class DocumentSaleForm(ServiceForm):
    """How many of each document, and how the buyer paid."""

    method = forms.ChoiceField(choices=PaymentMethod.choices, label="Paid by")
    reference = forms.CharField(max_length=100, label="Receipt or check number")

    def __init__(self, *args, schedule: FeeSchedule, **kwargs):
        super().__init__(*args, **kwargs)
        items = list(schedule.items.all())
        self.item_codes = [item.code for item in items]
        self.fields = {**{item.code: self._number_of(item) for item in items}, **self.fields}

    @staticmethod
    def _number_of(item) -> forms.IntegerField:
        field = forms.IntegerField(
            label=f"{item.description} (${item.amount} each)", required=False, min_value=0,
            max_value=MOST_OF_ONE_ITEM, error_messages={"invalid": "Enter a whole number."})
        field.widget.attrs["class"] = "form-control"
        return field

    def sale(self) -> dict:
        """The service's arguments from the cleaned answers."""
        return {"quantities": {code: self.cleaned_data.get(code) for code in self.item_codes},
                "method": self.cleaned_data["method"],
                "reference": self.cleaned_data["reference"]}

    def run(self, *, acting_user):
        return services.sell_documents(acting_user=acting_user, **self.sale())

    @property
    def done(self) -> str:
        invoice = self.service_result
        return f"Documents charged and paid: ${invoice.total} (invoice #{invoice.pk})."
