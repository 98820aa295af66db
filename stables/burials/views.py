"""Pages for horse burial notices (Northborough Horse and Stable Regulations §6.6): the
resident's notice and what the Board of Health made of it. Views parse forms and call
``stables.burials.services``; nothing else."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods

from permits_site.exceptions import DomainError
from permits_site.licensing.templatetags.localised import explained, long_date
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.licensing.views.law import OUTCOME_LABELS
from permits_site.rules.base import FactType
from permits_site.rules.units import measure
from stables import permissions, rules
from stables.burials import services
from stables.burials.forms import burial_notice_form
from stables.forms import add_refusal
from stables.models import HorseBurialNotice


@login_required
@require_http_methods(["GET", "POST"])
def burial_new(request):
    """Notify the Board of Health of a horse's burial at the stable (§6.6)."""
    user = request.user
    own_horses = services.kept_horses(user).select_related("stable")
    stables = services.burial_stables(user).select_related("property")
    form = burial_notice_form(request.POST or None, stables=stables, horses=own_horses)
    if request.method == "POST" and form.is_valid():
        try:
            notice = services.file_burial_notice(
                filed_by=user,
                stable=form.cleaned_data["stable"],
                horse=form.cleaned_data["horse"],
                site=form.cleaned_data["site"],
                facts=form.facts,
            )
        except DomainError as error:
            add_refusal(form, error.errors)
        else:
            messages.success(request, gettext("The Board of Health has your notice."))
            return redirect("stables:burial", pk=notice.pk)
    return render(
        request,
        "stables/burial_form.html",
        {"form": form, "has_stables": stables.exists()},
        status=400 if request.method == "POST" else 200,
    )


@login_required
@require_GET
def burial_detail(request, pk: int):
    notice = get_visible_or_404(
        HorseBurialNotice.objects.select_related("stable__property", "horse", "filed_by",
                                                 "municipality"),
        permissions.can_view_burial_notice,
        request.user,
        pk=pk,
    )
    rule_set = rules.HORSE_BURIAL
    summaries = {rule.id: rule.summary for rule in rule_set.rules}
    labels = {str(outcome): label for outcome, label in OUTCOME_LABELS.items()}
    return render(
        request,
        "stables/burial_detail.html",
        {
            "notice": notice,
            "outcomes": [
                (finding, summaries.get(finding["rule"], ""), labels[finding["outcome"]])
                for finding in services.findings_as_filed(notice)
            ],
            "answers": [
                (fact.label, _answer(fact, notice.facts.get(fact.name)))
                for fact in rule_set.facts
            ],
        },
    )


def _answer(fact, value) -> str:
    """A stored answer as the notice reads, in the reader's language: "March 4, 2030",
    "12 ft"."""
    if value is None:
        return gettext("Not given")
    if fact.type is FactType.DATE:
        return long_date(dt.date.fromisoformat(value))
    return explained(measure(Decimal(str(value)), fact.unit))
