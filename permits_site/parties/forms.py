"""The forms of the business and property pages. They check shape only; the services
decide (a property's attributes are judged by the town's declared place attributes)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from permits_site.licensing.fact_forms import StyledForm, form_field
from permits_site.licensing.templatetags.localised import explained
from permits_site.parties.models import BusinessKind
from permits_site.parties.places import derived_place_attributes, place_attributes
from permits_site.towns.models import Municipality


class DomainErrorsMixin:
    """Show a service's refusal on the field it names, anything else above the form, in the
    reader's language (the API and the audit log keep the English)."""

    def add_domain_errors(self, errors: Mapping[str, list[str]]) -> None:
        for name, messages in errors.items():
            field = name if name in self.fields else None
            for message in messages:
                self.add_error(field, explained(message))


class BusinessForm(DomainErrorsMixin, StyledForm):
    legal_name = forms.CharField(
        max_length=200,
        label=_("Legal name"),
        help_text=_("As registered with the Commonwealth, or your own name for a sole proprietor."),
        widget=forms.TextInput(attrs={"autocomplete": "organization"}),
    )
    dba = forms.CharField(
        max_length=200,
        required=False,
        label=_("Doing business as (optional)"),
        help_text=_("The trade name the public knows, if it differs from the legal name."),
    )
    kind = forms.ChoiceField(
        choices=[("", _("Choose the kind of business")),
                 *((kind, _(label)) for kind, label in BusinessKind.choices)],
        label=_("Kind of business"),
    )
    mailing_address = forms.CharField(
        max_length=300,
        label=_("Mailing address"),
        help_text=_("Street, town and ZIP code: where the town sends the business's notices."),
        widget=forms.TextInput(attrs={"autocomplete": "street-address"}),
    )
    phone = forms.CharField(
        max_length=30,
        required=False,
        label=_("Phone (optional)"),
        widget=forms.TextInput(attrs={"type": "tel", "autocomplete": "tel"}),
    )
    email = forms.EmailField(
        required=False,
        label=_("Email (optional)"),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )


class MemberForm(DomainErrorsMixin, StyledForm):
    username = forms.CharField(
        max_length=150,
        label=_("Username of the person to add"),
        help_text=_("They must already have an account on this site."),
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}),
    )


class TownForm(StyledForm):
    """The first step of adding a property: the town decides what else is asked."""

    town = forms.ModelChoiceField(
        queryset=Municipality.objects.all(),
        to_field_name="code",
        empty_label=_("Choose a town"),
        label=_("Town"),
    )


def _json_value(value: Any) -> Any:
    """A form's typed answer as the strict JSON the place attributes are parsed from."""
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    return value


class PlaceForm(DomainErrorsMixin, StyledForm):
    """Street address and parcel, plus one field per place attribute of ``town_code``
    (built by :func:`place_form_class`)."""

    address = forms.CharField(
        max_length=200,
        label=_("Street address"),
        help_text=_("Number and street, e.g. 12 Main Street."),
    )
    parcel = forms.CharField(
        max_length=40,
        required=False,
        label=_("Assessors' parcel (optional)"),
        help_text=_("Map and lot from the assessors' records or the tax bill, e.g. 62-104."),
    )

    attribute_names: tuple[str, ...] = ()
    #: What the town derives rather than asks: (name, how) — told, never asked.
    derived_notes: tuple[tuple[str, str], ...] = ()

    def clean(self):
        """A derived attribute posted anyway is refused, naming it (the town derives it)."""
        cleaned = super().clean()
        for name, how in self.derived_notes:
            if name in self.data or f"{self.prefix}-{name}" in self.data:
                self.add_error(None, f"The {name} is not sent: the town derives it. {how}")
        return cleaned

    def attribute_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.attribute_names]

    def attributes(self) -> dict[str, Any]:
        """The answered attributes, for the service to judge."""
        return {
            name: _json_value(self.cleaned_data[name])
            for name in self.attribute_names
            if self.cleaned_data.get(name) not in (None, "")
        }


def place_form_class(town_code: str) -> type[PlaceForm]:
    """A place form asking ``town_code``'s declared place attributes (Tisbury: ``zone``)."""
    facts = place_attributes(town_code)
    fields: dict[str, Any] = {
        fact.name: form_field(fact)
        for fact in facts
        if fact.name not in PlaceForm.base_fields
    }
    fields["attribute_names"] = tuple(fields)
    fields["derived_notes"] = tuple((item.fact.name, item.how)
                                    for item in derived_place_attributes(town_code))
    return type("PlaceForm", (PlaceForm,), fields)


class MergeForm(StyledForm):
    duplicate = forms.IntegerField(
        min_value=1,
        label="Number of the duplicate property",
        help_text="The “#” number shown in the list of the town's properties. Its "
        "applications move here; issued permits keep the place they were issued on.",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        error_messages={"required": "Enter the property's number.",
                        "invalid": "Enter the property's number."},
    )


class SearchForm(forms.Form):
    q = forms.CharField(max_length=200, required=False)
