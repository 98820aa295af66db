"""The horse burial notice (§6.6): where the horse is buried, then the facts rule set
``northborough.horse_burial`` judges, generated from its declaration."""

from __future__ import annotations

from django import forms

from permits_site.enforcement.forms import ServiceErrors
from permits_site.licensing.fact_forms import FactsForm, fact_form_class
from stables import rules
from stables.models import Horse, Stable


class BurialNoticeBase(ServiceErrors, FactsForm):
    """Where the horse is buried, then the measurements and dates rule set §6.6 judges."""

    stable = forms.ModelChoiceField(
        queryset=Stable.objects.none(), label="At which stable?", empty_label=None
    )
    horse = forms.ModelChoiceField(
        queryset=Horse.objects.none(),
        required=False,
        label="Which horse? (optional)",
        empty_label="A horse not registered here",
    )
    site = forms.CharField(
        max_length=300,
        label="Burial site",
        help_text="Where on the lot the hole is, e.g. \"north corner of the back pasture\".",
    )

    def __init__(self, *args, stables, horses, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["stable"].queryset = stables
        self.fields["horse"].queryset = horses


BurialNoticeForm = fact_form_class(rules.HORSE_BURIAL, base=BurialNoticeBase)
