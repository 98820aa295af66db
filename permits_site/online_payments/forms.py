from django import forms

from permits_site.online_payments.models import PaymentOffice
from permits_site.online_payments.services import OFFICE_FIELDS


class PaymentOfficeForm(forms.ModelForm):
    """The town admin's counter instructions and online convenience fee."""

    class Meta:
        model = PaymentOffice
        fields = OFFICE_FIELDS
        widgets = {"convenience_fee": forms.NumberInput(attrs={"step": "0.01", "min": "0"})}
