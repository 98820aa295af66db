"""The horse burial notice (§6.6): where the horse is buried, then the facts rule set
``northborough.horse_burial`` judges, generated from its declaration."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from permits_site.enforcement.forms import ServiceErrors
from permits_site.licensing.fact_forms import FactsForm, fact_form_class
from stables import rules
from stables.models import Horse, Stable


class BurialNoticeBase(ServiceErrors, FactsForm):
    """Where the horse is buried, then the measurements and dates rule set §6.6 judges."""

    stable = forms.ModelChoiceField(
        queryset=Stable.objects.none(), label=_("At which stable?"), empty_label=None
    )
    horse = forms.ModelChoiceField(
        queryset=Horse.objects.none(),
        required=False,
        label=_("Which horse? (optional)"),
        empty_label=_("A horse not registered here"),
    )
    site = forms.CharField(
        max_length=300,
        label=_("Burial site"),
        help_text=_("Where on the lot the hole is, e.g. \"north corner of the back pasture\"."),
    )

    def __init__(self, *args, stables, horses, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["stable"].queryset = stables
        self.fields["horse"].queryset = horses


def burial_notice_form(*args, **kwargs) -> BurialNoticeBase:
    """The notice's form, its rule set's questions built for the request, so they are asked in
    the reader's language."""
    return fact_form_class(rules.HORSE_BURIAL, base=BurialNoticeBase)(*args, **kwargs)
