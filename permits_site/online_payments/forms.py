from django import forms

from permits_site.online_payments.models import PaymentOffice
from permits_site.online_payments.services import (
    OFFICE_FIELDS,
    TRANSLATED_OFFICE_FIELDS,
    phone_errors,
)


class PaymentOfficeForm(forms.ModelForm):
    """The town admin's counter instructions, with the office's name, hours and what it
    takes in Portuguese and Spanish for residents who read the site so (empty: English),
    and the online convenience fee; a telephone is refused as ``save_office`` refuses it."""

    class Meta:
        model = PaymentOffice
        fields = tuple(name for english in OFFICE_FIELDS for name in (
            english, *(column for column in TRANSLATED_OFFICE_FIELDS
                       if column.startswith(f"{english}_"))))
        widgets = {"convenience_fee": forms.NumberInput(attrs={"step": "0.01", "min": "0"})}

    def clean(self):
        cleaned = super().clean()
        for name, messages in phone_errors(cleaned).items():
            for message in messages:
                self.add_error(name, message)
        return cleaned
