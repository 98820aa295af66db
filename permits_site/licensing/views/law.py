"""Public pages on each town's law, no sign-in needed.

A town's page lists its checks ("Check before you apply") and its permit
types with the fees in force today; a check page judges a resident's answers
with the town's rule set and shows every rule's outcome with its citation;
the key-dates page shows the year's fixed dates and the statutory periods,
and computes a period's due date on the town's business calendar.
"""

from __future__ import annotations

import datetime as dt
from collections import Counter
from dataclasses import dataclass

from django import forms
from django.db.models import Prefetch
from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.utils import timezone
from django.utils.http import urlencode
from django.utils.translation import get_language, gettext, gettext_noop, ngettext
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET

from permits_site.licensing.declarations import Gate
from permits_site.licensing.fact_forms import (
    EARLIEST_DATE,
    LATEST_DATE,
    FactsForm,
    StyledForm,
    bounded_date_field,
    fact_form_class,
)
from permits_site.licensing.kinds import applied_for, kind_for
from permits_site.licensing.models import FeeSchedule
from permits_site.licensing.page_registry import public_links
from permits_site.licensing.relief import relief_sentence, relief_words, takes_effect
from permits_site.licensing.services.variances import variances_in_effect
from permits_site.rules.base import Finding, Outcome, RuleSet
from permits_site.rules.calendar import key_date_on, period_due
from permits_site.rules.periods import Period, PeriodKind
from permits_site.rules.registry import town_law
from permits_site.rules.wording import CitedSection, explain
from permits_site.towns.models import Municipality


@dataclass(frozen=True)
class OutcomeLabel:
    """How an outcome reads on the page: a symbol (decorative) and words (never colour alone)."""

    symbol: str
    text: str


OUTCOME_LABELS = {
    Outcome.PASS: OutcomeLabel("✓", gettext_noop("Meets the rule")),
    Outcome.FAIL: OutcomeLabel("✗", gettext_noop("Not met")),
    Outcome.NEEDS_REVIEW: OutcomeLabel("?", gettext_noop("Needs an officer's review")),
    Outcome.NOT_APPLICABLE: OutcomeLabel("–", gettext_noop("Does not apply")),
}

PERIOD_KIND_TEXT = {
    PeriodKind.DEADLINE: gettext_noop(
        "Deadline: when the last day falls on a day the offices are closed, it moves to the "
        "next business day."),
    PeriodKind.DURATION: gettext_noop("Duration: ends on the day counted, open or not."),
}


def municipality_or_404(code: str) -> Municipality:
    return get_object_or_404(Municipality, code=code)


# -- The town's page -------------------------------------------------------------


def schedules_in_force(on: dt.date) -> Prefetch:
    """Each permit type's fee schedules in force on ``on``, latest first, items included.

    The same choice as :func:`permits_site.licensing.services.fees.schedule_in_force`
    (effective on or before ``on``, not retired), made for every permit type of a
    town in one query rather than one per type.
    """
    return Prefetch(
        "fee_schedules",
        queryset=FeeSchedule.objects.filter(effective_from__lte=on, retired_at__isnull=True)
        .order_by("-effective_from", "-created_at")
        .prefetch_related("items"),
        to_attr="schedules_in_force",
    )


@require_GET
def town(request, town: str):
    municipality = municipality_or_404(town)
    permit_types = list(applied_for(municipality.permit_types.order_by("name")).prefetch_related(
        schedules_in_force(timezone.localdate())
    ))
    return render(request, "law/town.html", {
        "municipality": municipality,
        "public_links": public_links(town),
        "publishes_variances": publishes_variances(permit_types),
        "rule_sets": list(town_law(town).rule_sets.values()),
        "permit_types": [
            (permit_type, next(iter(permit_type.schedules_in_force), None))
            for permit_type in permit_types
        ],
    })


def publishes_variances(permit_types) -> bool:
    """Whether one of the town's ``permit_types`` keeps its variances open to the public."""
    return any(kind_for(permit_type.code).variance_notice.public_register
               for permit_type in permit_types)


@require_GET
def variances(request, town: str):
    """The variances in effect in the town, open to the public while they are (Northborough
    §8.2): what was varied, where, on which conditions and on which bases."""
    municipality = municipality_or_404(town)
    if not publishes_variances(municipality.permit_types.all()):
        raise Http404("This town's law keeps no public register of variances.")
    in_effect = variances_in_effect(municipality, on=timezone.localdate())
    return render(request, "law/variances.html", {
        "municipality": municipality,
        "rows": [
            {"variance": variance, "permit": variance.application.permit,
             "rule_ids": variance.rule_ids}
            for variance in in_effect
        ],
    })


#: What each gate means to someone applying, on the public page of a permit type; the
#: rules, hearing and signatures steps are the permit's own (:func:`public_steps`).
PUBLIC_STEPS = {
    Gate.DOCUMENTS_ACCEPTED: gettext_noop("The office accepts each document you upload."),
    Gate.RULES_MET: gettext_noop("Your answers meet every rule of the law."),
    Gate.REVIEW_DETERMINED: gettext_noop(
        "A reviewer decides the points the law leaves to judgement."),
    Gate.OFFICE_SIGNOFFS: gettext_noop("The office records the sign-offs of other town bodies."),
    Gate.INSPECTION_PASSED: gettext_noop("An inspector visits and the inspection is passed."),
    Gate.WELL_READY: gettext_noop(
        "The property's private well is registered as installed, proven and tested, or the "
        "office records that public water serves the lot."),
    Gate.FEE_PAID: gettext_noop("The fee is paid."),
}

#: The hearing a permit's law lets the Board hold on the application itself, by how the
#: abutters are told of it (Northborough §2.2: by certified mail).
HEARING_STEPS = {
    True: gettext_noop("The Board may hold a public hearing; if it does, every abutter is "
                       "notified by certified mail at least %(days)s days before it "
                       "(%(section)s)."),
    False: gettext_noop("The Board may hold a public hearing, with notice to the abutters at "
                        "least %(days)s days before it (%(section)s)."),
}


def hearing_step(kind) -> str:
    """The public hearing as the permit's own law provides it: on a request for relief, where
    the section calling for it is the relief's (Tisbury 09.0.3: "after consideration, or after
    public hearing and consideration"), otherwise on the application (Northborough §2.2, at the
    Board's discretion)."""
    if kind.variance_citation and kind.hearing_citation == kind.variance_citation:
        return relief_sentence(kind, "hearing_on_request")
    return explain(HEARING_STEPS[kind.hearing_notice_by_certified_mail],
                   days=kind.hearing_notice_days, section=CitedSection(kind.hearing_citation))


def public_steps(kind, permit_type) -> list[str]:
    """What stands between applying and the permit, from the permit type's own declaration:
    its gates in order, the rules step offering the relief its law provides (a variance, a
    waiver, or none), a hearing only where its law has one."""
    steps = []
    for gate in kind.gates(permit_type):
        if gate == Gate.RULES_MET and relief_words(kind):
            steps.append(relief_sentence(kind, "rules_met"))
        elif gate == Gate.HEARING_DECIDED:
            steps.append(hearing_step(kind))
        elif gate == Gate.BOARD_SIGNATURES:
            steps.append(takes_effect(kind))
        else:
            steps.append(PUBLIC_STEPS[gate])
    return steps


@require_GET
def permit_type(request, town: str, code: str):
    """One permit type for the public: who needs it, what it costs today (placeholders
    flagged), the documents to bring, how long it takes, and where to apply."""
    municipality = municipality_or_404(town)
    permit_type = get_object_or_404(
        applied_for(municipality.permit_types.all()).prefetch_related(
            schedules_in_force(timezone.localdate())),
        code=code,
    )
    kind = kind_for(permit_type.code)
    return render(request, "law/permit_type.html", {
        "municipality": municipality,
        "permit_type": permit_type,
        "kind": kind,
        "schedule": next(iter(permit_type.schedules_in_force), None),
        "documents": kind.documents,
        "steps": public_steps(kind, permit_type),
    })


# -- Check before you apply ------------------------------------------------------


class CheckForm(FactsForm):
    on = bounded_date_field(
        required=False,
        label=_("Check as of this date (optional)"),
        help_text=_("Leave empty for today. Deadlines and seasonal rules depend on the date."),
    )


@dataclass(frozen=True)
class RuleOutcome:
    finding: Finding
    summary: str

    @property
    def label(self) -> OutcomeLabel:
        return OUTCOME_LABELS[self.finding.outcome]


def rule_set_of_town_or_404(town: str, code: str) -> RuleSet:
    rule_set = town_law(town).rule_sets.get(code)
    if rule_set is None:
        raise Http404("This town has no such check.")
    return rule_set


@require_GET
def check(request, town: str, code: str):
    """The rule set's questions as a GET form, so a result is a link that can be shared."""
    municipality = municipality_or_404(town)
    rule_set = rule_set_of_town_or_404(town, code)
    form_class = fact_form_class(rule_set, base=CheckForm)
    form = form_class(request.GET or None)
    context = {"municipality": municipality, "rule_set": rule_set, "form": form,
               "permit_types": applied_for(municipality.permit_types.filter(
                   check_code=rule_set.code)).order_by("name")}
    if form.is_bound and form.is_valid():
        on = form.cleaned_data["on"] or timezone.localdate()
        result = rule_set.evaluate(form.facts, on=on, calendar=municipality.calendar())
        summaries = {rule.id: rule.summary for rule in rule_set.rules}
        counts = Counter(finding.outcome for finding in result.findings)
        context.update({
            "result": result,
            "outcomes": [RuleOutcome(finding, summaries[finding.rule])
                         for finding in result.findings],
            "failed_count": counts[Outcome.FAIL],
            "review_count": counts[Outcome.NEEDS_REVIEW],
            # The answers, carried to the application form (its ``_query_initial``).
            "answers": urlencode({name: value for name, value in request.GET.items()
                                  if name in rule_set.fact_map}),
        })
    return render(request, "law/check.html", context)


# -- Key dates and periods -------------------------------------------------------


class YearForm(StyledForm):
    year = forms.IntegerField(
        min_value=EARLIEST_DATE.year, max_value=LATEST_DATE.year, label=_("Year"),
        error_messages={"invalid": _("Enter a year such as 2030.")},
    )


class DeadlineForm(StyledForm):
    """From which day a period is counted; the page answers with its last day."""

    period = forms.ChoiceField(label=_("Period"),
                               error_messages={"required": _("Choose a period.")})
    start = bounded_date_field(label=_("Counted from"))

    def __init__(self, *args, periods: list[Period], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["period"].choices = [("", gettext("Choose a period"))] + [
            (period.code, gettext(period.description)) for period in periods
        ]


def period_length(period: Period) -> str:
    """"30 days", "10 business days", "6 months", "by the 15th of the next month", in the
    reader's language."""
    if period.business_days:
        return ngettext("%(count)s business day", "%(count)s business days",
                        period.business_days) % {"count": period.business_days}
    if period.months:
        return ngettext("%(count)s month", "%(count)s months", period.months) % {
            "count": period.months}
    if period.next_month_day:
        return gettext("by the %(day)s of the next month") % {
            "day": _ordinal(period.next_month_day)}
    return ngettext("%(count)s day", "%(count)s days", period.days) % {"count": period.days}


def _ordinal(day: int) -> str:
    """"15th" in English; the number alone in a language whose sentence names the day."""
    if (get_language() or "en").split("-")[0] != "en":
        return str(day)
    suffix = "th" if 11 <= day % 100 <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(day % 10, "th")
    return f"{day}{suffix}"


def year_on_sale(municipality: Municipality, on: dt.date) -> int:
    """The license year the town's permits are sold for on ``on``: next year's once one of
    its annual permit types has it on sale (North Andover from December 1, Licenses A(8)),
    otherwise this year."""
    kinds = (kind_for(permit_type.code)
             for permit_type in applied_for(municipality.permit_types.all()))
    return max((kind.annual.next_year_on_sale(on) or on.year for kind in kinds if kind.annual),
               default=on.year)


@require_GET
def key_dates(request, town: str):
    """The dates of the license year on sale by default (next year's in December where the
    town sells it ahead), with a link to the other of this year and that one."""
    municipality = municipality_or_404(town)
    law = town_law(town)
    calendar = municipality.calendar()
    today = timezone.localdate()
    on_sale = year_on_sale(municipality, today)
    year = on_sale
    year_form = YearForm(request.GET if "year" in request.GET else None, initial={"year": year})
    if year_form.is_bound and year_form.is_valid():
        year = year_form.cleaned_data["year"]
    periods = list(law.periods.values())
    deadline_form = DeadlineForm(
        request.GET if "period" in request.GET else None, periods=periods
    )
    deadline = None
    if deadline_form.is_bound and deadline_form.is_valid():
        period = law.periods[deadline_form.cleaned_data["period"]]
        start = deadline_form.cleaned_data["start"]
        deadline = {"period": period, "start": start,
                    "due": period_due(period, start, calendar)}
    dates = sorted(
        ((key_date_on(key_date, year, calendar), key_date) for key_date in law.key_dates.values()),
        key=lambda pair: (pair[0], pair[1].code),
    )
    return render(request, "law/key_dates.html", {
        "municipality": municipality,
        "year": year,
        "on_sale": on_sale if on_sale != today.year else None,
        "other_year": {on_sale: today.year, today.year: on_sale}.get(year)
        if on_sale != today.year else None,
        "year_form": year_form,
        "dates": dates,
        "periods": [(period, period_length(period), PERIOD_KIND_TEXT[period.kind])
                    for period in periods],
        "deadline_form": deadline_form,
        "deadline": deadline,
    })
