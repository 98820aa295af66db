"""The clerk's form of a property's owner of record (Tisbury BOH Reg 09.0.8(5);
Northborough Horse & Stable Regs §8.1)."""

from __future__ import annotations

from django import forms

from permits_site.accounts.models import User
from permits_site.licensing.fact_forms import StyledForm
from permits_site.parties.forms import DomainErrorsMixin
from permits_site.parties.models import OwnershipSource


class OwnerForm(DomainErrorsMixin, StyledForm):
    name = forms.CharField(max_length=200, label="Owner's name",
                           help_text="As the assessors' record or the deed writes it.")
    source = forms.ChoiceField(choices=OwnershipSource.choices, widget=forms.RadioSelect,
                               label="Where the ownership is written")
    reference = forms.CharField(max_length=100, required=False, label="Reference (optional)",
                                help_text="The deed's book and page, or the assessors' card.")
    mailing_address = forms.CharField(max_length=300, required=False,
                                      label="Mailing address (optional)")
    email = forms.EmailField(required=False, label="The owner's account email (optional)",
                             help_text="Links the owner's account: the owner then hears the "
                                       "town's notices about the place.")

    def clean_email(self) -> User | None:
        email = self.cleaned_data["email"]
        if not email:
            return None
        account = User.objects.filter(email__iexact=email).first()
        if account is None:
            raise forms.ValidationError("No account uses this email. Leave it empty to "
                                        "record the owner without one.")
        return account

    def owner_fields(self) -> dict:
        data = dict(self.cleaned_data)
        return {**{key: data[key] for key in ("name", "source", "reference",
                                              "mailing_address")},
                "account": data["email"]}
