""""Which permit do I need?" for every town: "What do you want to do?", then the questions the
town's bylaw app declares for it, one at a time on a GET form (no JavaScript needed), until
the answer names the permit to apply for and the section behind it — or, where the town's
questions leave several, offers one of them, each with who needs it
(:mod:`permits_site.licensing.questions`)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import forms
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET

from permits_site.licensing.declarations import Purpose
from permits_site.licensing.fact_forms import StyledForm, form_field
from permits_site.licensing.finder import find_permit_types
from permits_site.licensing.kinds import applied_for, kind_for
from permits_site.licensing.models import PermitType
from permits_site.licensing.questions import Ask, Walk, town_tree, walk
from permits_site.licensing.templatetags.localised import explained
from permits_site.licensing.views.law import municipality_or_404

#: The hidden field naming the question the page asked, so an empty answer is an error.
ASKED = "asked"


def questions_form(asks: Iterable[Ask], data) -> StyledForm:
    """A form asking ``asks`` (none required: the walk decides what is still to answer),
    its questions, help and choices in the reader's language."""
    fields = {}
    for ask in asks:
        field = form_field(ask.fact)
        field.required = False
        field.label = explained(field.label)
        field.help_text = explained(field.help_text)
        if ask.choice_labels:
            field.choices = list(ask.choice_labels.items())
        if isinstance(field, forms.ChoiceField):
            field.choices = [(value, gettext(words)) for value, words in field.choices]
        fields.setdefault(ask.fact.name, field)
    return type("QuestionsForm", (StyledForm,), fields)(data)


def answers_of(form: StyledForm) -> dict[str, Any]:
    """The answers that parsed; the others are left unanswered."""
    form.is_valid()
    return {name: value for name, value in getattr(form, "cleaned_data", {}).items()
            if value not in (None, "")}


def follow(tree: Ask, data) -> tuple[Walk, StyledForm]:
    """Walk the answers that parse, then judge the questions on that path alone: an answer
    off the path is ignored, a question asked and left empty is an error."""
    path = walk(tree, answers_of(questions_form(tree.asks(), data)))
    form = questions_form(path.asked, data)
    form.is_valid()
    waiting = path.waiting_for
    if data is not None and waiting is not None and data.get(ASKED) == waiting.fact.name \
            and waiting.fact.name not in form.errors:
        form.add_error(waiting.fact.name, form.fields[waiting.fact.name].error_messages["required"])
    return path, form


def types_by_purpose(town: str) -> dict[Purpose, dict[str, str]]:
    """The town's permit types open online by what they serve, in the vocabulary's order,
    each with its section."""
    found = find_permit_types(municipality=town)
    served = {purpose: {row.permit_type.code: row.permit_type.citation for row in found
                        if purpose in row.kind.purposes}
              for purpose in Purpose}
    return {purpose: sections for purpose, sections in served.items() if sections}


@require_GET
def which_permit(request, town: str):
    """The town's questions on a GET form, so an answer is a link that can be shared; the
    answer links each permit named to its public page and its form."""
    municipality = municipality_or_404(town)
    tree = town_tree(town, types_by_purpose(town))
    path, form = follow(tree, request.GET or None)
    recommended = []
    if path.answer is not None:
        by_code = {permit_type.code: permit_type for permit_type in applied_for(
            PermitType.objects.filter(code__in=path.answer.permit_types))}
        recommended = [(by_code[code], kind_for(code).who_needs_it)
                       for code in path.answer.permit_types if code in by_code]
    return render(request, "law/which_permit.html", {
        "municipality": municipality,
        "form": form,
        "fields": [form[ask.fact.name] for ask in path.asked],
        "path": path,
        "reason": explained(path.answer.reason) if path.answer else "",
        "recommended": recommended,
        "asked": ASKED,
    }, status=400 if form.errors else 200)
