"""Citations as money owed (MGL c.40 §21D): the staff's pages and the cited party's own.

Staff of a town (its enforcement roles, and its admins, who correct
surcharge classifications) see every citation of the town: a list whose
standing filter is also the court referral list, one page per citation with
the small forms that answer it, and one record per party. A record of a town
where the user holds no such role is a 404, as is any citation not the
signed-in party's own on the resident's pages. Every change is one service
call; a refusal is shown on the form field it names.

Where a citation stands is computed, never stored
(:func:`dispositions.standing`). To filter and page a town's thousands of
citations in the database, :func:`dispositions.annotate_standing` mirrors it as a
SQL expression; the rows shown still take their standing from the Python
function, and a test holds the two together.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import (
    F,
    Q,
    QuerySet,
)
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.http import require_GET

from permits_site.accounts import permissions
from permits_site.accounts.models import Role, User
from permits_site.accounts.permissions import CITATION_STAFF_ROLES
from permits_site.enforcement import citation_forms
from permits_site.enforcement.models import (
    Case,
    Citation,
    CitationHearing,
)
from permits_site.enforcement.registry import CitationPolicy
from permits_site.enforcement.services import dispositions
from permits_site.enforcement.services.citations import policy_of
from permits_site.enforcement.services.dispositions import PAYABLE, Standing
from permits_site.enforcement.steps import Step
from permits_site.enforcement.views import accrual_text
from permits_site.enforcement.views import case_party_url as party_url
from permits_site.exceptions import DomainError
from permits_site.licensing.models import InvoiceStatus
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.templatetags.localised import day_time_and_place
from permits_site.licensing.views import listing
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.page_actions import each, with_actions
from permits_site.parties.models import Business
from permits_site.pdf.citations import render_citation_pdf
from permits_site.pdf.referrals import render_referral_packet_pdf
from permits_site.rules.wording import Dollars, explain
from permits_site.towns.models import Municipality


def citation_staff_required(view):
    """Staff of some town only: residents get a 403 (anonymous users the sign-in page)."""

    @login_required
    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not permissions.municipality_ids_with(request.user, *CITATION_STAFF_ROLES):
            raise permissions.Refused("see citations and the parties' records",
                                      CITATION_STAFF_ROLES)
        return view(request, *args, **kwargs)

    return wrapped


def staff_town_ids(user) -> set[int]:
    return permissions.municipality_ids_with(user, *CITATION_STAFF_ROLES)


def may_see_town(user, municipality_id: int) -> bool:
    return (permissions.can_view_enforcement(user, municipality_id)
            or permissions.is_admin(user, municipality_id))


def may_see_citation(user, citation: Citation) -> bool:
    return may_see_town(user, citation.case.municipality_id)


def is_cited_party(user, citation: Citation) -> bool:
    case = citation.case
    return permissions.is_party(user, person_id=case.party_id,
                                business_id=case.party_business_id)


# -- standing in the database ----------------------------------------------------------


# -- one row of every citation table -------------------------------------------------------


@dataclass(frozen=True)
class CitationRow:
    """A citation with what its row shows, read from the rows :func:`with_answers` loads."""

    citation: Citation
    standing: Standing
    amount: Decimal
    balance: Decimal
    pay_by: dt.date | None

    @property
    def case(self) -> Case:
        return self.citation.case

    @property
    def party_url(self) -> str | None:
        return party_url(self.case)

    @property
    def payable(self) -> bool:
        return self.standing in PAYABLE

    @property
    def answerable(self) -> bool:
        """Still within a window to pay (or ask for a hearing): its last day means something."""
        return self.standing in (Standing.DUE, Standing.WARNING)


def citation_row(citation: Citation, *, on: dt.date) -> CitationRow:
    return CitationRow(
        citation=citation,
        standing=dispositions.standing(citation, on=on),
        amount=dispositions.amount(citation, on=on),
        balance=dispositions.balance(citation),
        pay_by=dispositions.pay_by(citation),
    )


def hearing_open(citation: Citation, current: Standing, *, on: dt.date) -> bool:
    """Would :func:`dispositions.request_hearing` accept a request today? Asked once,
    within the window, of a citation due or a written warning."""
    return (current in (Standing.DUE, Standing.WARNING)
            and not list(citation.hearings.all())
            and citation.due_on is not None and on <= citation.due_on)


# -- the staff's list ------------------------------------------------------------------------


STANDING_FILTER_LABEL = "Standing"
ALL_STANDINGS = "Every standing"
PAYABLE_LABEL = "Payable (due or ordered by the court)"


def standing_filter() -> listing.Filter:
    choices: dict[str, tuple[str, Any]] = {
        current.value: (current.label, Q(standing_code=current.value)) for current in Standing
    }
    choices["payable"] = (PAYABLE_LABEL, Q(standing_code__in=[s.value for s in PAYABLE]))
    return listing.Filter(STANDING_FILTER_LABEL, choices, all_label=ALL_STANDINGS)


CITATION_SEARCH = ("case__party_name", "case__address", "case__party_business__legal_name",
                   "description", "offense", "citation")
CITATION_SEARCH_LABEL = "Search party, address, offense or section"


def citation_spec(towns: list[Municipality]) -> listing.ListSpec:
    return listing.ListSpec(
        sorts={
            "-issued": listing.Sort("Latest issued first", ("-issued_on", "-pk")),
            "issued": listing.Sort("Earliest issued first", ("issued_on", "pk")),
            "pay_by": listing.Sort("Last day to pay, soonest first",
                                   (F("last_day").asc(nulls_last=True), "-issued_on", "-pk")),
            "party": listing.Sort("Party", ("case__party_name", "-issued_on", "-pk")),
            "offense": listing.Sort("Offense", ("description", "-issued_on", "-pk")),
        },
        search_fields=CITATION_SEARCH,
        search_label=CITATION_SEARCH_LABEL,
        filters={"standing": standing_filter(),
                 "town": listing.town_filter(towns, field="case__municipality_id")},
    )


def towns_of(user) -> list[Municipality]:
    return list(Municipality.objects.filter(pk__in=staff_town_ids(user)).order_by("name"))


@citation_staff_required
@require_GET
def citations(request):
    """Every citation of the user's towns, 25 a page; "Referred to court" is the court
    referral list. A fixed number of queries."""
    today = timezone.localdate()
    towns = towns_of(request.user)
    rows = dispositions.with_answers(dispositions.annotate_standing(
        Citation.objects.filter(case__municipality_id__in=[town.pk for town in towns]), on=today))
    page = listing.paginate(request, rows, citation_spec(towns))
    return render(request, "enforcement/citations.html", {
        "rows": [citation_row(citation, on=today) for citation in page.rows],
        "listing": page,
        "referred": page.selected["standing"] == Standing.REFERRED,
        "today": today,
    })


# -- a party's record --------------------------------------------------------------------------


def record_spec(towns: list[Municipality]) -> listing.ListSpec:
    """A party's citations are few: loaded whole for the totals, and paged in Python."""

    def issued(row: CitationRow):
        return (row.citation.issued_on, row.citation.pk)

    return listing.ListSpec(
        sorts={
            "-issued": listing.Sort("Latest issued first", key=issued, reverse=True),
            "issued": listing.Sort("Earliest issued first", key=issued),
            "pay_by": listing.Sort(
                "Last day to pay, soonest first",
                key=lambda row: (row.pay_by is None, row.pay_by or dt.date.max, issued(row))),
            "offense": listing.Sort("Offense",
                                    key=lambda row: (row.citation.description, issued(row))),
        },
        search_text=lambda row: " ".join((row.citation.description, row.citation.offense,
                                          row.citation.citation, row.case.address)),
        search_label="Search offense, section or address",
        filters={
            "standing": listing.Filter(
                STANDING_FILTER_LABEL,
                {**{current.value: (current.label,
                                    lambda row, current=current: row.standing is current)
                    for current in Standing},
                 "payable": (PAYABLE_LABEL, lambda row: row.payable)},
                all_label=ALL_STANDINGS,
            ),
            "town": listing.Filter(
                "Town",
                {town.code: (town.short_name,
                             lambda row, pk=town.pk: row.case.municipality_id == pk)
                 for town in towns},
                all_label="All my towns",
            ),
        },
    )


def render_party_record(request, *, party_cases: dict[str, Any], party: dict[str, Any]):
    """The party's citations in the user's towns, with their totals; 404 when the party has
    no case in those towns (their name is not the user's to see). ``party_cases`` are the
    lookups of the party's cases."""
    today = timezone.localdate()
    towns = towns_of(request.user)
    town_ids = [town.pk for town in towns]
    if not Case.objects.filter(municipality_id__in=town_ids, **party_cases).exists():
        raise Http404("No such record.")
    every = [citation_row(citation, on=today) for citation in dispositions.with_answers(
        Citation.objects.filter(case__municipality_id__in=town_ids,
                                **{f"case__{name}": value for name, value in party_cases.items()})
        .order_by("-issued_on", "-pk"))]
    page = listing.paginate(request, every, record_spec(towns))
    return render(request, "enforcement/party_record.html", {
        "party": party,
        "totals": dispositions.party_totals([row.citation for row in every], on=today),
        "rows": page.rows,
        "listing": page,
        "today": today,
    })


@citation_staff_required
@require_GET
def person_record(request, user_id: int):
    """A person's own citations (not those of a business they act for)."""
    person = User.objects.filter(pk=user_id).first()
    if person is None:
        raise Http404("No such record.")
    return render_party_record(
        request, party_cases={"party_id": person.pk, "party_business__isnull": True},
        party={"kind": "Person", "name": person.display_name, "email": person.email,
               "phone": person.phone, "address": person.mailing_address})


@citation_staff_required
@require_GET
def business_record(request, business_id: int):
    business = Business.objects.filter(pk=business_id).first()
    if business is None:
        raise Http404("No such record.")
    return render_party_record(
        request, party_cases={"party_business_id": business.pk},
        party={"kind": "Business", "name": business.display_name, "email": business.email,
               "phone": business.phone, "address": business.mailing_address})


# -- one citation, for staff ----------------------------------------------------------------


def citation_details() -> QuerySet[Citation]:
    """A citation with everything its page shows, including who recorded each step."""
    return dispositions.with_answers(Citation.objects.all()).select_related(
        "court_decision__recorded_by",
    ).prefetch_related(
        "hearings__requested_by", "hearings__decided_by",
        "surcharge_classifications__recorded_by", "invoice__payments__received_by",
    )


def visible_citation(request, pk: int) -> Citation:
    return get_visible_or_404(citation_details(), may_see_citation, request.user, pk=pk)


def _pay(*, citation: Citation, acting_user: User, **data) -> str:
    _payment, created = record_payment(invoice=citation.invoice, acting_user=acting_user, **data)
    if not created:
        return "This receipt was already recorded; nothing changed."
    citation.invoice.refresh_from_db(fields=["status"])
    if citation.invoice.status == InvoiceStatus.PAID:
        return f"Payment of ${data['amount']} recorded: citation #{citation.pk} is paid."
    return f"Payment of ${data['amount']} recorded."


#: What the party's notice lacks when a hearing is set without its hour, its place or both.
HEARING_SET_WITHOUT = {
    ("hour", "place"): "without an hour or place: the party is told the day only; set them so "
                       "the notice gives them",
    ("hour",): "without an hour: the party is told the day and place only; set the hour so "
               "the notice gives it",
    ("place",): "without a place: the party is told the day and hour only; set the place so "
                "the notice gives it",
}


def hearing_set_message(hearing: CitationHearing) -> str:
    """What was set, as the party's notice gives it: the day, and the hour and place or
    that they are missing."""
    when = day_time_and_place(hearing)
    missing = tuple(name for name, value in (("hour", hearing.hearing_time),
                                             ("place", hearing.location)) if not value)
    if not missing:
        return f"Hearing set for {when}: the party is told."
    return f"Hearing set for {when}, {HEARING_SET_WITHOUT[missing]}."


def _set_hearing_date(*, citation: Citation, acting_user: User, **data) -> str:
    return hearing_set_message(dispositions.set_hearing_date(
        citation=citation, acting_user=acting_user, **data))


def hearing_to_decide(citation: Citation, current: Standing, *, on: dt.date) -> bool:
    """Would :func:`dispositions.decide_hearing` take a decision today? A hearing waiting
    for one, whose day is set and has come."""
    return (current is Standing.HEARING
            and dispositions.decision_refusal(dispositions.hearing_of(citation), on=on) is None)


@dataclass(frozen=True)
class CitationAction:
    """One small form of the citation page and the service it calls (keyword arguments:
    the form's cleaned data, the citation and the acting user)."""

    form_class: type[citation_forms.CitationActionForm]
    service: Callable[..., Any]
    done: str
    offered: Callable[[Citation, Standing, CitationPolicy, dt.date], bool]
    #: Who takes it: the roles of the citation's town, and how a refusal names the step.
    step: Step

    def perform(self, citation: Citation, data: dict[str, Any], user) -> str:
        result = self.service(citation=citation, acting_user=user, **data)
        return result if isinstance(result, str) else self.done


CITATION_ACTIONS = {
    "payment": CitationAction(
        citation_forms.CounterPaymentForm, _pay, "Payment recorded.",
        offered=lambda citation, current, policy, today: (
            current in PAYABLE and dispositions.balance(citation) > 0),
        step=Step("record a payment at the counter", (Role.CLERK,)),
    ),
    "hearing": CitationAction(
        citation_forms.RequestHearingForm, dispositions.request_hearing,
        "Hearing requested: nothing is due until it is decided.",
        offered=lambda citation, current, policy, today: hearing_open(citation, current,
                                                                      on=today),
        step=Step("request a hearing for the cited party", permissions.CASE_WORKER_ROLES),
    ),
    "hearing_date": CitationAction(
        citation_forms.HearingDateForm, _set_hearing_date, "Hearing set.",
        offered=lambda citation, current, policy, today: current is Standing.HEARING,
        step=dispositions.HEARING_DATE_STEP,
    ),
    "hearing_decision": CitationAction(
        citation_forms.DecideHearingForm, dispositions.decide_hearing,
        "Hearing decision recorded: the party is told.",
        offered=lambda citation, current, policy, today: hearing_to_decide(citation, current,
                                                                           on=today),
        step=Step("decide a citation's hearing", permissions.CASE_DECIDER_ROLES),
    ),
    "court": CitationAction(
        citation_forms.CourtDecisionForm, dispositions.record_court_decision,
        "Court decision recorded.",
        offered=lambda citation, current, policy, today: current is Standing.REFERRED,
        # The hearing authority or Board, and the clerk who files the court's papers.
        step=Step("record the court's decision", (Role.CLERK, *permissions.CASE_DECIDER_ROLES)),
    ),
    "surcharge": CitationAction(
        citation_forms.SurchargeForm, dispositions.classify_surcharge,
        "Surcharge event reclassified.",
        offered=lambda citation, current, policy, today: bool(policy.surcharge_events),
        step=Step("reclassify a citation's surcharge event", (Role.ADMIN,)),
    ),
}


def surcharge_history(citation: Citation, policy: CitationPolicy) -> list[dict[str, Any]]:
    history = []
    for classification in citation.surcharge_classifications.all():
        event = policy.surcharge_event(classification.event) if classification.event else None
        history.append({
            "classification": classification,
            "label": event.label if event else (classification.event or "No surcharge event"),
            "citation": event.citation if event else "",
        })
    return history


def citation_context(citation: Citation, *, today: dt.date) -> dict[str, Any]:
    """What the staff's and the party's pages both show of one citation."""
    policy = policy_of(citation)
    row = citation_row(citation, on=today)
    invoice = citation.invoice
    hearing = dispositions.hearing_of(citation)
    history = surcharge_history(citation, policy)
    return {
        "citation": citation,
        "case": citation.case,
        "row": row,
        "standing": row.standing,
        "policy": policy,
        "accrual": accrual_text(citation, on=today),
        "lines": list(invoice.lines.all()) if invoice else [],
        "payments": list(invoice.payments.all()) if invoice else [],
        "paid": sum((payment.amount for payment in invoice.payments.all()), Decimal("0.00"))
        if invoice else Decimal("0.00"),
        "hearing": hearing,
        "court": dispositions.court_decision_of(citation),
        "surcharge_history": history,
        "surcharge_current": history[-1] if history else None,
        "hearing_open": hearing_open(citation, row.standing, on=today),
        "today": today,
        "exemptions_answered": [(exemption, citation.answers[exemption.code])
                                for exemption in policy.exemptions
                                if exemption.code in citation.answers],
    }


def render_citation(request, citation: Citation, *, bound: dict | None = None):
    user = request.user
    bound = bound or {}
    today = timezone.localdate()
    context = citation_context(citation, today=today)
    municipality_id = citation.case.municipality_id
    forms = {
        name: bound.get(name) or action.form_class(citation=citation, policy=context["policy"],
                                                   prefix=name)
        for name, action in CITATION_ACTIONS.items()
        if name in bound or (action.step.allows(user, municipality_id)
                             and action.offered(citation, context["standing"],
                                                context["policy"], today))
    }
    return render(request, "enforcement/citation.html", {
        **context,
        "forms": forms,
        "failed_form": next((form for form in bound.values() if form.errors), None),
        "party_url": party_url(citation.case),
        # The case page's own check: a town's admin sees its citations, not its cases.
        "may_open_case": permissions.can_view_enforcement(user, municipality_id),
    })


def _act(request, pk: int, action: str):
    """Run one of the citation page's small forms; a refusal is shown on its fields, on the
    page, and changes nothing."""
    spec = CITATION_ACTIONS[action]
    citation = visible_citation(request, pk)
    spec.step.require(request.user, citation.case.municipality_id)
    form = spec.form_class(request.POST, citation=citation, prefix=action)
    if form.is_valid():
        try:
            done = spec.perform(citation, form.cleaned_data, request.user)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, done)
            return redirect("enforcement:citation", pk=pk)
    return render_citation(request, citation, bound={action: form})


@citation_staff_required
@with_actions(each(CITATION_ACTIONS, _act))
@require_GET
def citation(request, pk: int):
    """The citation's page; each of its forms posts here, naming its action."""
    return render_citation(request, visible_citation(request, pk))


@citation_staff_required
@require_GET
def citation_referral(request, pk: int):
    """The packet the town files with the District Court: only for a citation that stands
    referred to it."""
    citation = visible_citation(request, pk)
    if dispositions.standing(citation, on=timezone.localdate()) is not Standing.REFERRED:
        raise Http404("This citation is not referred to the court.")
    response = HttpResponse(render_referral_packet_pdf(citation), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="citation-{citation.pk}-referral.pdf"'
    return response


def citation_paper(citation: Citation) -> HttpResponse:
    """The printable citation (:mod:`permits_site.pdf.citations`), the same paper for the
    staff and for the person cited."""
    today = timezone.localdate()
    current = dispositions.standing(citation, on=today)
    response = HttpResponse(
        render_citation_pdf(citation, hearing_open=hearing_open(citation, current, on=today)),
        content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="citation-{citation.pk}.pdf"'
    return response


@citation_staff_required
@require_GET
def citation_pdf(request, pk: int):
    """The citation to print, for the staff who see the citation's page."""
    return citation_paper(visible_citation(request, pk))


# -- the cited party's own pages ----------------------------------------------------------------


MY_CITATIONS = listing.ListSpec(
    sorts={
        "-issued": listing.Sort("Newest first", ("-issued_on", "-pk")),
        "issued": listing.Sort("Oldest first", ("issued_on", "pk")),
    },
)


def own_citations(user) -> QuerySet[Citation]:
    """The user's own citations and those of the businesses they act for."""
    return dispositions.with_answers(Citation.objects.filter(permissions.party_rows(
        user, owner_field="case__party", business_field="case__party_business")))


def plain_standing(row: CitationRow, policy: CitationPolicy) -> str:
    """Where the citation stands, as the person cited reads it: a sentence their page says
    in their language (``explained``); the court keeps its name."""
    citation = row.citation
    owed = Dollars(row.balance)
    if row.standing is Standing.WARNING:
        return gettext_noop("A written warning: there is nothing to pay.")
    if row.standing is Standing.ACCRUING:
        return gettext_noop(
            "The fine grows each day until the violation is corrected. What you owe is set on "
            "the day it stops; you will then have time to pay or ask for a hearing.")
    if row.standing is Standing.DUE:
        if list(citation.hearings.all()):
            return explain(gettext_noop("After the hearing, you owe %(owed)s. Pay it by %(day)s."),
                           owed=owed, day=row.pay_by)
        return explain(gettext_noop("You owe %(owed)s. Pay it, or ask for a hearing, by %(day)s."),
                       owed=owed, day=row.pay_by)
    if row.standing is Standing.HEARING:
        return gettext_noop("You asked for a hearing. Nothing is due until it is decided.")
    if row.standing is Standing.PAID:
        return gettext_noop("Paid in full. Nothing more is owed.")
    if row.standing is Standing.DISMISSED:
        return gettext_noop("Dismissed: nothing is owed, and it does not count on your record.")
    if row.standing is Standing.REFERRED:
        if citation.forfeiture:
            return explain(gettext_noop(
                "This offense is decided by the %(court)s: nothing is owed unless the court "
                "finds you responsible."), court=policy.court)
        return explain(gettext_noop(
            "It was not paid by %(day)s, so the town has sent it to the %(court)s. The town "
            "cannot take payment until the court decides."), day=row.pay_by, court=policy.court)
    return explain(gettext_noop("The %(court)s found you responsible. You owe %(owed)s."),
                   court=policy.court, owed=owed)


def visible_own_citation(request, pk: int) -> Citation:
    return get_visible_or_404(dispositions.with_answers(Citation.objects.all()), is_cited_party,
                              request.user, pk=pk)


@login_required
@require_GET
def my_citations(request):
    """The signed-in user's citations and their businesses', 25 a page."""
    today = timezone.localdate()
    page = listing.paginate(request, own_citations(request.user), MY_CITATIONS)
    rows = [citation_row(citation, on=today) for citation in page.rows]
    return render(request, "enforcement/my_citations.html", {
        "rows": [(row, plain_standing(row, policy_of(row.citation))) for row in rows],
        "listing": page,
        "today": today,
    })


def render_my_citation(request, citation: Citation, *, hearing_form=None):
    """The citation's page for the person cited, with the hearings set on its case and on
    the case's appeals, which the party may attend (their notices give the same)."""
    context = citation_context(citation, today=timezone.localdate())
    return render(request, "enforcement/my_citation.html", {
        **context,
        "plain": plain_standing(context["row"], context["policy"]),
        "hearing_form": hearing_form,
        "case_hearings": list(citation.case.hearings.all()),
        "appeal_hearings": list(citation.case.appeals.filter(hearing_date__isnull=False)),
    })


def _request_hearing(request, pk: int):
    """The person cited asks for a hearing within the window; too late, the refusal names
    the section, on the citation's page."""
    citation = visible_own_citation(request, pk)
    form = citation_forms.RequestHearingForm(request.POST, citation=citation)
    if form.is_valid():
        try:
            dispositions.request_hearing(citation=citation, acting_user=request.user)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, gettext(
                "Your hearing request is recorded. Nothing is due until the hearing is "
                "decided; the town will tell you its date."))
            return redirect("citations:detail", pk=pk)
    return render_my_citation(request, citation, hearing_form=form)


@login_required
@require_GET
def my_citation_pdf(request, pk: int):
    """The citation to print, for the person cited (or a member of the business cited)."""
    return citation_paper(visible_own_citation(request, pk))


@login_required
@with_actions({"hearing": _request_hearing})
@require_GET
def my_citation(request, pk: int):
    """The cited person's page of the citation; its hearing request posts here, naming its
    action."""
    return render_my_citation(request, visible_own_citation(request, pk))
