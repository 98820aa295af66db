"""Core forms: finding a permit, document uploads, payments, review decisions, fee schedule
versions."""

from __future__ import annotations

from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_noop
from django.utils.translation import gettext_lazy as _

from permits_site.exceptions import DomainError
from permits_site.licensing.adoption import Adoption, notice_and_hearing_section
from permits_site.licensing.declarations import PURPOSE_LABELS, DeclaredDocument, Purpose
from permits_site.licensing.fact_forms import (
    BoundedDateField,
    StyledForm,
    bounded_date_field,
    time_field,
)
from permits_site.licensing.models import PaymentMethod
from permits_site.licensing.services.documents import check_upload
from permits_site.licensing.templatetags.localised import explained
from permits_site.rules.fines import PLAIN_AMOUNT, parse_money
from permits_site.rules.wording import CitedSection, explain
from permits_site.search.matching import MAX_LENGTH as MAX_QUERY_LENGTH
from permits_site.towns.models import Municipality
from permits_site.towns.services import HEARING_PLACE_LENGTH
from permits_site.towns.typed_text import LANGUAGE_NAMES, OTHER_LANGUAGES

DATE_INPUT = forms.DateInput(attrs={"type": "date"})
FILE_INPUT = forms.ClearableFileInput(attrs={"accept": ".pdf,.png,.jpg,.jpeg"})


class DocumentFileField(forms.FileField):
    """A document, checked by content and size on its own field, as the documents service
    checks it: a refused file is named where it was chosen, and a good one can be kept
    while the rest of the form is corrected (``pending_uploads``)."""

    widget = FILE_INPUT

    def clean(self, data, initial=None):
        upload = super().clean(data, initial)
        if upload:
            try:
                check_upload(upload)
            except DomainError as refused:
                raise ValidationError(refused.errors["file"]) from refused
        return upload


class DocumentUploadForm(forms.Form):
    kind = forms.ChoiceField(label=_("Document"))
    valid_until = BoundedDateField(
        required=False, widget=DATE_INPUT, label=_("Expires or ends on (if the document says)")
    )
    file = DocumentFileField(label=_("File (PDF, PNG or JPEG, up to 10 MB)"))

    def __init__(self, *args, document_kinds: dict[str, str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["kind"].choices = [(kind, gettext(label))
                                       for kind, label in document_kinds.items()]

    def add_domain_errors(self, errors: dict[str, list[str]]) -> None:
        """Show the documents service's refusal on the field it names, else above the form."""
        for name, messages in errors.items():
            for message in messages:
                self.add_error(name if name in self.fields else None, message)


class ApplicationDocumentsForm(forms.Form):
    """The documents a permit type declares for an action, one file input each, asked on the
    generated application form beside its fields. None is required here: what may not
    follow is refused at submit, naming its section (``refuse_missing_documents``). A
    document whose expiry the rules read (``dated``: ``PermitKind.expiry_facts``) is asked
    with that date, which the documents service requires with the file."""

    prefix = "document"

    def __init__(self, *args, documents, dated=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.kinds = [document.kind for document in documents]
        for document in documents:
            self.fields[document.kind] = DocumentFileField(
                label=gettext(document.label), required=False,
                help_text=explained(explain(_when_to_attach(document),
                                            section=CitedSection(document.section))),
            )
            if document.kind in dated:
                self.fields[expiry_field(document.kind)] = BoundedDateField(
                    required=False, widget=DATE_INPUT,
                    label=gettext("%(document)s: expires or ends on")
                    % {"document": gettext(document.label)},
                    help_text=_("As printed on it: it must still be valid on the first day "
                                "of the license year applied for, or on the day you apply if "
                                "that is later."),
                )

    def chosen(self) -> list[tuple[str, object, object]]:
        """(document kind, file, expiry or None) of each file chosen."""
        return [(kind, self.cleaned_data[kind], self.cleaned_data.get(expiry_field(kind)))
                for kind in self.kinds if self.cleaned_data.get(kind)]


def expiry_field(kind: str) -> str:
    """The date input asked beside a document whose expiry the rules read."""
    return f"{kind}_valid_until"


def _when_to_attach(document: DeclaredDocument) -> str:
    """What the file input says of a declared document: when it is due, and its section."""
    if not document.required:
        return gettext_noop("PDF, PNG or JPEG, up to 10 MB; if you have one (%(section)s).")
    if document.may_follow:
        return gettext_noop(
            "PDF, PNG or JPEG, up to 10 MB; it may follow after you submit (%(section)s).")
    if document.one_of:
        return gettext_noop("PDF, PNG or JPEG, up to 10 MB; this or its alternative, one of "
                            "them before you submit (%(section)s).")
    return gettext_noop(
        "PDF, PNG or JPEG, up to 10 MB; attach it before you submit (%(section)s).")


class PaymentForm(forms.Form):
    method = forms.ChoiceField(choices=PaymentMethod.choices)
    reference = forms.CharField(
        max_length=100, help_text="Receipt, check or money-order number, or card reference."
    )
    amount = forms.DecimalField(max_digits=10, decimal_places=2, min_value=0.01)


class ReasonForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), max_length=2000)


class AdoptionFields(forms.Form):
    """The board's notice, hearing and vote behind a new schedule version, and whether it is
    an emergency regulation; the help names the section where the town's law requires them
    (``permits_site.licensing.adoption``)."""

    notice_given_on = bounded_date_field(required=False, label="Notice of the hearing given on")
    hearing_held_on = bounded_date_field(required=False, label="Hearing held on")
    voted_on = bounded_date_field(required=False, label="Voted on")
    emergency = forms.BooleanField(
        required=False, label="Emergency regulation, adopted without prior notice or hearing")

    def __init__(self, *args, town: str, **kwargs):
        super().__init__(*args, **kwargs)
        section = notice_and_hearing_section(town)
        self.fields["notice_given_on"].help_text = (
            f"Required, with the hearing, unless it is an emergency regulation ({section})."
            if section else "Optional: recorded with the version when given.")
        self.fields["hearing_held_on"].help_text = (
            f"After the notice; the version takes effect no earlier ({section})."
            if section else "")

    def adoption(self) -> Adoption:
        return Adoption(**{name: self.cleaned_data.get(name) for name in (
            "notice_given_on", "hearing_held_on", "voted_on", "emergency")})


class AmountField(forms.CharField):
    """Dollars and cents ("75", "75.00"), refused as the API refuses an amount: "1e3" is not
    read as $1000.00."""

    widget = forms.TextInput(attrs={"inputmode": "decimal"})

    def to_python(self, value) -> Decimal | None:
        text = super().to_python(value)
        if text in self.empty_values:
            return None
        if not PLAIN_AMOUNT.fullmatch(text):
            raise ValidationError("Enter an amount in dollars and cents, such as 50.00.")
        try:
            return parse_money(text)
        except ValueError as error:
            raise ValidationError(str(error)) from error


class FeeScheduleVersionForm(AdoptionFields):
    """One amount field per item of the schedule in force, the start date, and the notice,
    hearing and vote behind it."""

    effective_from = BoundedDateField(widget=DATE_INPUT, label="Takes effect on")
    note = forms.CharField(max_length=300, required=False, label="Note (e.g. Select Board vote)")
    field_order = ["effective_from", "note"]

    def __init__(self, *args, items, **kwargs):
        super().__init__(*args, **kwargs)
        self.item_codes = []
        for item in items:
            self.fields[f"amount_{item.code}"] = AmountField(
                label=f"{item.description} ($)",
                initial=item.amount,
                help_text=item.citation,
            )
            self.item_codes.append(item.code)

    def amounts(self) -> dict:
        return {code: self.cleaned_data[f"amount_{code}"] for code in self.item_codes}

    def add_domain_errors(self, errors: dict[str, list[str]]) -> None:
        """Show a service's refusal on the field it names (item codes map to amount fields)."""
        for name, messages in errors.items():
            field = name if name in self.fields else f"amount_{name}"
            for message in messages:
                self.add_error(field if field in self.fields else None, message)


class WordingForm(forms.Form):
    """The admin's translations of a permit type's name and term and of its fee items'
    descriptions: one optional field per other language beside the English it renders,
    named as ``save_wording_in_other_languages`` takes them (``term_es``,
    ``late_fee:description_pt_br``)."""

    def __init__(self, *args, permit_type, items, **kwargs):
        super().__init__(*args, **kwargs)
        texts = [("Name", permit_type, "name", ""), ("Term", permit_type, "term", ""),
                 *((f"Fee item “{item.description}”", item, "description", f"{item.code}:")
                   for item in items)]
        for what, record, field, key in texts:
            for language, suffix in OTHER_LANGUAGES.items():
                column = f"{field}_{suffix}"
                self.fields[f"{key}{column}"] = forms.CharField(
                    label=f"{what} in {LANGUAGE_NAMES[language]}", required=False,
                    max_length=type(record)._meta.get_field(column).max_length,
                    initial=getattr(record, column),
                    help_text=f"English: {getattr(record, field)}")

    def wording(self) -> dict[str, str]:
        return dict(self.cleaned_data)


class ClosureForm(forms.Form):
    date = BoundedDateField(widget=DATE_INPUT, label="Date the offices are closed")
    reason = forms.CharField(max_length=200, label="Reason (shown with deadlines)")


class UsualHearingForm(forms.Form):
    """The town's usual hearing time and place; either may be left empty."""

    hearing_time = time_field(
        label="Usual hearing time", required=False,
        help_text=Municipality._meta.get_field("hearing_time").help_text)
    hearing_place = forms.CharField(
        label="Usual hearing place", required=False, max_length=HEARING_PLACE_LENGTH,
        help_text=Municipality._meta.get_field("hearing_place").help_text)

    @classmethod
    def of(cls, municipality: Municipality) -> UsualHearingForm:
        """The form filled in with the town's usual hearing time and place."""
        return cls(initial={"hearing_time": municipality.hearing_time,
                            "hearing_place": municipality.hearing_place})


class FindPermitForm(StyledForm):
    """"Apply for a permit": words, a town and what the person wants to do, sent by GET so a
    search is a link and works without JavaScript."""

    q = forms.CharField(
        required=False, label=_("Words to look for"),
        help_text=_('For example "dog", "restaurant" or "septic".'),
        widget=forms.TextInput(attrs={"type": "search", "maxlength": MAX_QUERY_LENGTH}),
    )
    municipality = forms.ChoiceField(
        required=False, label=_("Town"),
        error_messages={"invalid_choice": _("Choose one of the towns listed.")},
    )
    purpose = forms.TypedChoiceField(
        required=False, label=_("What do you want to do?"), coerce=Purpose, empty_value=None,
        choices=[("", _("Anything")), *((purpose.value, PURPOSE_LABELS[purpose])
                                        for purpose in Purpose)],
        error_messages={"invalid_choice": _("Choose one of the things listed.")},
    )

    def __init__(self, *args, municipalities, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["municipality"].choices = [
            ("", _("All towns")), *((town.code, town.name) for town in municipalities)]

    def criteria(self) -> dict:
        """What to find: the cleaned answers, or everything when nothing was asked."""
        if not self.is_bound:
            return {"municipality": "", "purpose": None, "query": ""}
        return {"municipality": self.cleaned_data["municipality"],
                "purpose": self.cleaned_data["purpose"], "query": self.cleaned_data["q"]}
