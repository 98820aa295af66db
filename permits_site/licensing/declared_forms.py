"""The resident's application form, generated from a permit type's declaration.

Every declared field becomes a form field: facts and typed details through the
same builders as the "Check before you apply" forms (:mod:`fact_forms`),
references as a choice among the applicant's own records, lists as one entry
per line. Cleaning ends in the kind's ``parse_details`` — the same parser the
API uses — so the form accepts exactly what ``POST /applications/`` accepts.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from django import forms
from django.utils.translation import gettext

from permits_site.licensing.declarations import (
    LIST,
    PROPERTY_FIELD,
    REFERENCE,
    DeclaredField,
    DetailsInvalid,
    reference_options,
    strict_json,
)
from permits_site.licensing.fact_forms import NO, YES, StyledForm, form_field, humanize
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.services.previews import Preview, preview
from permits_site.licensing.templatetags.localised import explained


def _reference_label(record) -> str:
    for attribute in ("full_address", "display_name", "number"):
        if hasattr(record, attribute):
            return str(getattr(record, attribute))
    return str(record)


def _reference_field(declared: DeclaredField, applicant, permit_type) -> forms.Field:
    """The applicant's records the field may name: a property of the permit type's town, a
    permit of the type itself (what a renewal or a transfer follows up)."""
    records = reference_options(declared.references, applicant)
    if declared.references == "property":
        records = records.filter(municipality=permit_type.municipality)
    elif declared.references == "permit":
        records = records.filter(permit_type=permit_type)
    return forms.TypedChoiceField(
        choices=[("", gettext("Choose…")),
                 *((record.pk, _reference_label(record)) for record in records)],
        coerce=int,
        empty_value=None,
        required=declared.required,
        label=gettext(declared.label),
        help_text=gettext(declared.help),
        error_messages={"required": gettext("Choose one."),
                        "invalid_choice": gettext("Choose one of the list.")},
    )


def _list_field(declared: DeclaredField) -> forms.Field:
    if declared.choices:
        return forms.MultipleChoiceField(
            choices=[(choice, gettext(humanize(choice))) for choice in declared.choices],
            widget=forms.CheckboxSelectMultiple, required=declared.required,
            label=gettext(declared.label), help_text=gettext(declared.help),
        )
    return forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3}), required=declared.required,
        label=gettext(declared.label),
        help_text=f"{gettext(declared.help)} {gettext('One per line.')}".strip(),
    )


class DeclaredApplicationForm(StyledForm):
    """An application's details; after ``is_valid()``, ``details`` holds them parsed."""

    permit_type: Any
    action: str
    applicant: Any
    declared: tuple[DeclaredField, ...]

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.details = None

    @classmethod
    def initial_from(cls, details: dict[str, Any]) -> dict[str, Any]:
        """Form values for ``details`` as the API stores them (a renewal's earlier answers)."""
        initial = {}
        for declared in cls.declared:
            value = details.get(declared.name)
            if isinstance(value, bool):
                value = YES if value else NO
            elif declared.type == LIST and not declared.choices and isinstance(value, list):
                value = "\n".join(value)
            if value is not None:
                initial[declared.name] = value
        return initial

    def add_domain_errors(self, errors: dict[str, list[str]]) -> None:
        """A service's refusal on the field it names, else above the form, in the reader's
        language (the API and the audit log keep the English)."""
        for name, messages in errors.items():
            self.add_error(name if name in self.fields else None,
                           [explained(message) for message in messages])

    def answers(self) -> dict[str, Any]:
        """The declared fields answered so far and valid, as the strict JSON ``details``
        take (after ``is_valid()``, whatever it said: the rules' findings on the form read
        the answers given so far)."""
        raw = {}
        for declared in self.declared:
            value = self.cleaned_data.get(declared.name)
            if declared.type == LIST and isinstance(value, str):
                value = [line.strip() for line in value.splitlines() if line.strip()]
            if value not in (None, "", []):
                raw[declared.name] = strict_json(value)
        return raw

    def findings(self, *, on: dt.date) -> Preview:
        """The rules' findings on the answers given so far (``services.previews``)."""
        self.is_valid()
        answers = self.answers()
        place_pk = answers.get(PROPERTY_FIELD)
        place = None if place_pk is None else (
            reference_options(PROPERTY_FIELD, self.applicant).filter(pk=place_pk).first())
        return preview(permit_type=self.permit_type, action=self.action, answers=answers,
                       place=place, applicant=self.applicant, on=on)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        kind = kind_for(self.permit_type.code)
        try:
            self.details = kind.parse_details(
                self.permit_type, self.answers(), action=self.action, applicant=self.applicant
            )
        except DetailsInvalid as invalid:
            self.add_domain_errors({name: messages for name, messages in invalid.errors.items()
                                    if name not in self.errors})
        return cleaned


def _form_field(declared: DeclaredField, *, applicant, permit_type) -> forms.Field:
    if declared.type == REFERENCE:
        return _reference_field(declared, applicant, permit_type)
    if declared.type == LIST:
        return _list_field(declared)
    return form_field(declared.fact)


def declared_form_class(permit_type, *, action: str, applicant) -> type[DeclaredApplicationForm]:
    """The form for ``permit_type``'s ``action``: one field per declared field that applies."""
    declared = tuple(field for field in kind_for(permit_type.code).fields(permit_type)
                     if field.applies_to(action))
    attributes: dict[str, Any] = {
        field.name: _form_field(field, applicant=applicant, permit_type=permit_type)
        for field in declared
    }
    attributes.update(permit_type=permit_type, action=action, applicant=applicant,
                      declared=declared)
    return type("DeclaredApplicationForm", (DeclaredApplicationForm,), attributes)
