"""North Andover's dog case page: the potentially dangerous dog determination, the nuisance
finding, appeals with their public hearing and written ruling, and temporary restraint orders
(Code ch. 60).

The core case page keeps the complaint, citations and history; this page adds what
Chapter 60 records and the forms of each official's seat. Each form runs one service of
:mod:`dogs.cases`; a refusal is shown on the field it names.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db.models import Prefetch
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.views.decorators.http import require_GET

from dogs import cases
from dogs.cases.dog import NAMING_THE_DOG
from dogs.cases.forms import (
    AppealForm,
    AppealHearingForm,
    CaseDogForm,
    ComplianceCheckForm,
    ConfirmForm,
    DangerousDeterminationForm,
    DeterminationForm,
    EuthanasiaHearingForm,
    ExtensionForm,
    NuisanceFindingForm,
    OwnerCitationForm,
    OwnerDutiesForm,
    PetitionDecisionForm,
    PetitionForm,
    ProposalForm,
    RelocationForm,
    RenewalForm,
    RescissionForm,
    ResponsiblePersonForm,
    RestraintOrderForm,
    RulingForm,
    SecurityDescriptionForm,
    ShelteringForm,
    SignCheckForm,
    VerificationForm,
)
from dogs.law import cite
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import (
    can_view_enforcement,
    has_role,
    require,
)
from permits_site.enforcement.models import Appeal, Case, CaseStatus, Order
from permits_site.enforcement.registry import case_type
from permits_site.enforcement.steps import continuances_offered
from permits_site.exceptions import DomainError
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.page_actions import each, with_actions
from permits_site.pdf.html import html_to_pdf
from permits_site.pdf.notices import render_letters_pdf

DOG_CASE_TYPES = (cases.DANGEROUS_DOG, cases.POTENTIALLY_DANGEROUS_DOG, cases.NUISANCE_DOG)


def visible_dog_case(request, pk: int) -> Case:
    queryset = Case.objects.filter(case_type__in=DOG_CASE_TYPES).select_related(
        "municipality", "proposed_by", "determined_by", "opened_by",
    ).prefetch_related(
        "appeals", "citations", "hearings",
        Prefetch("orders", queryset=Order.objects.prefetch_related("renewals")))
    return get_visible_or_404(queryset, lambda user, case: can_view_enforcement(
        user, case.municipality_id), request.user, pk=pk)


def _open(case: Case) -> bool:
    return case.status == CaseStatus.OPEN


def _pending(case: Case) -> list[Appeal]:
    return [appeal for appeal in case.appeals.all() if appeal.decided_on is None]


def _deemed(case: Case) -> bool:
    """Determined dangerous or potentially dangerous: the owner has duties."""
    return cases.is_deemed(case)


def _deemed_pdd(case: Case) -> bool:
    return case.case_type == cases.POTENTIALLY_DANGEROUS_DOG and cases.is_deemed(case)


def _restrainable(case: Case) -> bool:
    """A nuisance dog's open case, or a dog awaiting a dangerous or potentially dangerous
    decision (Temporary restraint A)."""
    return _open(case)


def _orders_in_force(case: Case) -> bool:
    today = timezone.localdate()
    return case.status != CaseStatus.CLOSED and any(
        order.ends_on and cases.in_force(order, on=today) for order in case.orders.all())


def _security_open(case: Case) -> bool:
    order = cases.duty_orders(case).get(cases.SECURITY.code)
    return order is not None and order.complied_on is None


def _extendable(case: Case) -> bool:
    window = cases.security_window(case)
    return (_security_open(case) and not window["extended"]
            and timezone.localdate() <= window["due"])


def _checked_by_rules(case: Case) -> bool:
    """A dangerous dog's premises are checked against Dangerous D; a potentially dangerous
    dog's against the officer's description (Potentially dangerous C(5))."""
    return case.case_type == cases.DANGEROUS_DOG and _security_open(case)


def _check_passed(case: Case) -> bool:
    if case.case_type == cases.POTENTIALLY_DANGEROUS_DOG:
        return _security_open(case)
    check = case.findings.get("compliance_check")
    return _security_open(case) and check is not None and not check["failures"]


def _unverified(case: Case) -> bool:
    return any(order.complied_on is None for code, order in cases.duty_orders(case).items()
               if code != cases.SECURITY.code)


def _dangerous(case: Case) -> bool:
    return case.case_type == cases.DANGEROUS_DOG and case.status != CaseStatus.CLOSED


def _citable(case: Case) -> bool:
    return case.status != CaseStatus.CLOSED and bool(cases.citable_offenses(case))


def _cited_at_large(case: Case) -> bool:
    return _dangerous(case) and any(citation.offense == cases.AT_LARGE_DANGEROUS
                                    for citation in case.citations.all())


@dataclass(frozen=True)
class Action:
    """One form of the page: who sees it, when, and the service it runs."""

    form_class: type
    roles: tuple[str, ...]
    shown: Callable[[Case], bool]
    perform: Callable[[Case, dict[str, Any], Any], object]
    done: str
    #: What the form does, as a refusal names it: "Only the town's … may {doing}."
    doing: str
    #: The refusal of someone the case bars though their role allows the form (whoever
    #: decided what an appeal answers), or None: ``barred(case, user)``.
    barred: Callable[[Case, Any], Exception | None] | None = None

    def allowed(self, user, case: Case) -> bool:
        return has_role(user, case.municipality_id, *self.roles) and self.bar(user, case) is None

    def bar(self, user, case: Case) -> Exception | None:
        return self.barred(case, user) if self.barred is not None else None


ACTIONS: dict[str, Action] = {
    "dog": Action(
        CaseDogForm, NAMING_THE_DOG.roles,
        lambda case: case.case_type in cases.DETERMINED_DOG_CASES and _open(case),
        lambda case, data, user: cases.record_case_dog(case=case, acting_user=user, **data),
        "Dog recorded.", doing=NAMING_THE_DOG.doing),
    "propose": Action(
        ProposalForm, (Role.ANIMAL_CONTROL_OFFICER,),
        lambda case: case.case_type == cases.POTENTIALLY_DANGEROUS_DOG and _open(case)
        and not case.proposed_on,
        lambda case, data, user: cases.propose_potentially_dangerous(
            case=case, acting_user=user, **data),
        "Determination proposed.", doing="propose a potentially dangerous dog determination"),
    "determine": Action(
        DeterminationForm, (Role.ANIMAL_CONTROL_OFFICER, Role.HEARING_AUTHORITY),
        lambda case: case.case_type == cases.POTENTIALLY_DANGEROUS_DOG and _open(case),
        lambda case, data, user: cases.determine_potentially_dangerous(
            case=case, acting_user=user, **data),
        "Determination recorded.", doing="determine whether a dog is potentially dangerous"),
    "determine_dangerous": Action(
        DangerousDeterminationForm, (Role.HEARING_AUTHORITY,),
        lambda case: case.case_type == cases.DANGEROUS_DOG and _open(case),
        lambda case, data, user: cases.determine_dangerous(case=case, acting_user=user, **data),
        "Determination recorded.", doing="determine whether a dog is dangerous"),
    "appeal": Action(
        AppealForm, cases.APPEAL_STEP.roles,
        lambda case: cases.next_appeal_due(case) is not None and not _pending(case),
        lambda case, data, user: cases.file_dog_appeal(case=case, acting_user=user, **data),
        "Appeal recorded.", doing=cases.APPEAL_STEP.doing, barred=cases.APPEAL_STEP.barred),
    "appeal_hearing": Action(
        AppealHearingForm, cases.APPEAL_HEARING_SCHEDULERS,
        lambda case: any(appeal.hearing_date is None for appeal in _pending(case)),
        lambda case, data, user: cases.schedule_public_hearing(acting_user=user, **data),
        "Public hearing scheduled.", doing="schedule an appeal's public hearing"),
    "ruling": Action(
        RulingForm, (Role.HEARING_AUTHORITY,),
        lambda case: any(appeal.hearing_date for appeal in _pending(case)),
        lambda case, data, user: cases.rule_on_appeal(acting_user=user, **data),
        "Ruling recorded.", doing="rule on an appeal", barred=cases.RULING_STEP.barred),
    "nuisance_finding": Action(
        NuisanceFindingForm, (Role.ANIMAL_CONTROL_OFFICER,),
        lambda case: case.case_type == cases.NUISANCE_DOG and _open(case),
        lambda case, data, user: cases.find_nuisance_dog(case=case, acting_user=user, **data),
        "Finding recorded.", doing="find a dog a nuisance"),
    "restraint": Action(
        RestraintOrderForm, (Role.ANIMAL_CONTROL_OFFICER,), _restrainable,
        lambda case, data, user: cases.issue_restraint_order(
            case=case, acting_user=user, **data),
        "Restraint order issued.", doing="issue a restraint order"),
    "sheltering": Action(
        ShelteringForm, (Role.ANIMAL_CONTROL_OFFICER,), _restrainable,
        lambda case, data, user: cases.order_sheltering(case=case, acting_user=user, **data),
        "Sheltering ordered and invoiced.", doing="order a dog sheltered"),
    "renew": Action(
        RenewalForm, (Role.ANIMAL_CONTROL_OFFICER,),
        lambda case: _orders_in_force(case) and (case.case_type == cases.NUISANCE_DOG
                                                 or _open(case)),
        lambda case, data, user: cases.renew_restraint_order(acting_user=user, **data),
        "Restraint order renewed.", doing="renew a restraint order"),
    "rescind": Action(
        RescissionForm, (Role.ANIMAL_CONTROL_OFFICER,), _orders_in_force,
        lambda case, data, user: cases.rescind_restraint_order(acting_user=user, **data),
        "Restraint order rescinded.", doing="rescind a restraint order"),
    "petition": Action(
        PetitionForm, cases.PETITION_RECORDERS, _orders_in_force,
        lambda case, data, user: cases.file_restraint_petition(acting_user=user, **data),
        "Petition recorded.", doing="record a petition to rescind"),
    "petition_decision": Action(
        PetitionDecisionForm, (Role.HEARING_AUTHORITY,),
        lambda case: bool(cases.pending_petitions(case)),
        lambda case, data, user: cases.decide_restraint_petition(
            case=case, acting_user=user, **data),
        "Petition decided.", doing="decide a petition to rescind"),
    "duties": Action(
        OwnerDutiesForm, (Role.HEARING_AUTHORITY,),
        lambda case: _deemed(case) and not cases.ordered_duties(case)
        and not cases.duty_orders(case),
        lambda case, data, user: cases.order_owner_duties(case=case, acting_user=user, **data),
        "Owner's duties ordered.", doing="order the owner's duties"),
    "describe_security": Action(
        SecurityDescriptionForm, (Role.ANIMAL_CONTROL_OFFICER,),
        cases.awaiting_security_description,
        lambda case, data, user: cases.describe_security(case=case, acting_user=user, **data),
        "Security description recorded.", doing="describe the security of the premises"),
    "check": Action(
        ComplianceCheckForm, cases.COMPLIANCE_VERIFIERS, _checked_by_rules,
        lambda case, data, user: cases.record_compliance_check(
            case=case, acting_user=user, **data),
        "Compliance check recorded.", doing="record a compliance check"),
    "extend": Action(
        ExtensionForm, (Role.HEARING_AUTHORITY,), _extendable,
        lambda case, data, user: cases.extend_security_compliance(
            case=case, acting_user=user, **data),
        "Time to comply extended.", doing="extend the owner's time to comply"),
    "comply": Action(
        ConfirmForm, cases.COMPLIANCE_VERIFIERS, _check_passed,
        lambda case, data, user: cases.record_security_compliance(case=case, acting_user=user),
        "Compliance recorded.", doing="record the owner's compliance"),
    "verify": Action(
        VerificationForm, cases.COMPLIANCE_VERIFIERS, _unverified,
        lambda case, data, user: cases.record_written_verification(acting_user=user, **data),
        "Written verification recorded.", doing="record a written verification"),
    "release": Action(
        ConfirmForm, cases.COMPLIANCE_VERIFIERS,
        lambda case: case.case_type == cases.POTENTIALLY_DANGEROUS_DOG
        and case.status != CaseStatus.CLOSED and cases.release_on(case) is not None,
        lambda case, data, user: cases.release_potentially_dangerous(case=case,
                                                                     acting_user=user),
        "Release recorded; the case is closed.", doing="release a dog from its determination"),
    "responsible_person": Action(
        ResponsiblePersonForm, (Role.ANIMAL_CONTROL_OFFICER,), _deemed_pdd,
        lambda case, data, user: cases.record_responsible_person(
            case=case, acting_user=user, **data),
        "Responsible person recorded.", doing="record who is responsible for a dog"),
    "signs": Action(
        SignCheckForm, cases.COMPLIANCE_VERIFIERS, _deemed_pdd,
        lambda case, data, user: cases.record_sign_check(case=case, acting_user=user, **data),
        "Sign check recorded.", doing="check a dog's signs"),
    "cite": Action(
        OwnerCitationForm, (Role.ANIMAL_CONTROL_OFFICER,), _citable,
        lambda case, data, user: cases.cite_owner(case=case, acting_user=user, **data),
        "Citation written.", doing="cite a dog's owner"),
    "hearing": Action(
        EuthanasiaHearingForm, (Role.HEARING_AUTHORITY,), _cited_at_large,
        lambda case, data, user: cases.schedule_euthanasia_hearing(
            case=case, acting_user=user, **data),
        "Hearing scheduled.", doing="schedule a hearing on euthanasia"),
    "close": Action(
        ConfirmForm, (Role.HEARING_AUTHORITY,), _dangerous,
        lambda case, data, user: cases.close_dog_case(case=case, acting_user=user),
        "Case closed.", doing="close a dog case"),
    "relocation": Action(
        RelocationForm, (Role.ANIMAL_CONTROL_OFFICER,),
        lambda case: case.case_type in cases.DETERMINED_DOG_CASES,
        lambda case, data, user: cases.record_relocation_notice(
            case=case, acting_user=user, **data),
        "Relocation notice recorded.", doing="record a relocation notice"),
}


def _labels(codes: list[str], choices) -> list[str]:
    names = dict(choices)
    return [f"{code} {names.get(code, '')}".strip() for code in codes]


def _day(iso: str | None) -> dt.date | None:
    return dt.date.fromisoformat(iso) if iso else None


def _last_check(case: Case) -> dict | None:
    check = case.findings.get("compliance_check")
    return {**check, "on": dt.date.fromisoformat(check["on"])} if check else None


def _duty_rows(case: Case) -> list[Order]:
    """The owner's duties in the order the law lists them."""
    orders = cases.duty_orders(case)
    return [orders[duty.code] for duty in cases.OWNER_DUTIES if duty.code in orders]


def render_case(request, case: Case, *, bound: dict | None = None):
    bound = bound or {}
    forms = {
        name: bound.get(name) or action.form_class(case=case, prefix=name)
        for name, action in ACTIONS.items()
        if action.shown(case) and action.allowed(request.user, case)
    }
    today = timezone.localdate()
    failed = next(iter(bound.values()), None)
    named = cases.case_dog(case)
    return render(request, "dogs/case.html", {
        "case": case,
        "case_type": case_type(case.case_type),
        "case_dog": named, "dog": cases.named_dog_words(named),
        "today": today,
        "at_large_today": cases.running_at_large_citations(case, on=today),
        "at_large_from": cases.at_large_window_start(today),
        "criteria": _labels(case.findings.get("criteria", []), cases.Criterion.choices),
        "exceptions": _labels(case.findings.get("exceptions", []),
                              [*cases.DeclarationException.choices,
                               *cases.DangerException.choices]),
        "grounds": _labels(case.findings.get("grounds", []), cases.DangerousGround.choices),
        "nuisance_grounds": _labels(case.findings.get("nuisance_grounds", []),
                                    cases.NuisanceGround.choices),
        "next_appeal": cases.next_appeal_due(case),
        "restraint_orders": [order for order in case.orders.all() if order.ends_on],
        "rescissions": cases.rescinded_orders(case),
        "petitions": cases.petitions(case),
        "ordered_duties": cases.ordered_duties(case),
        "awaiting_description": cases.awaiting_security_description(case),
        "responsible_persons": cases.responsible_persons(case),
        "fines_from": cases.noncompliance_fines_from(case),
        "notified_on": _day(case.findings.get("notified_on")),
        "duties": _duty_rows(case),
        "security": cases.security_window(case),
        "compliance_check": _last_check(case),
        "release_on": cases.release_on(case),
        "awaiting_hearing": cases.citations_awaiting_hearing(case),
        "relocations": cases.relocations(case),
        "forms": forms,
        "failed_form": failed if failed is not None and failed.errors else None,
        **continuances_offered(request.user, case),
        "cite": {"restraint_e": cite("Restraint E"),
                 "restraint_a": cite("Temporary restraint A"),
                 "dangerous_b1": cite("Dangerous B(1)"),
                 "pdd_c5": cite("Potentially dangerous C(5)"),
                 "pdd_d": cite("Potentially dangerous D"),
                 "pdd_f": cite("Potentially dangerous F"),
                 "hearing_authority_b": cite("Hearing authority B"),
                 "hearing_authority_c": cite("Hearing authority C")},
    }, status=400 if bound else 200)


def _act(request, pk: int, action: str):
    """Run one of the page's forms; a refusal is shown on its fields, on the page."""
    spec = ACTIONS[action]
    dog_case = visible_dog_case(request, pk)
    require(has_role(request.user, dog_case.municipality_id, *spec.roles), spec.doing,
            spec.roles, town=dog_case.municipality_id)
    refusal = spec.bar(request.user, dog_case)
    if refusal is not None:
        raise refusal
    form = spec.form_class(request.POST, case=dog_case, prefix=action)
    if form.is_valid():
        try:
            spec.perform(dog_case, form.cleaned_data, request.user)
        except DomainError as error:
            form.add_service_errors(error.errors)
        else:
            messages.success(request, spec.done)
            return redirect("dogs:case", pk=pk)
    return render_case(request, dog_case, bound={action: form})


@login_required
@with_actions(each(ACTIONS, _act))
@require_GET
def case(request, pk: int):
    """The case page; each of its forms posts here, naming its action."""
    return render_case(request, visible_dog_case(request, pk))


def render_ruling_letters_pdf(appeal: Appeal) -> bytes:
    """One letter per recipient of the ruling (Hearing authority C)."""
    period, due = cases.further_appeal_due(appeal)
    return render_letters_pdf(
        "dogs/case_ruling_letters.html", letters=cases.ruling_recipients(appeal),
        town=appeal.case.municipality.name,
        authority="Hearing authority — Police Chief or designee",
        appeal=appeal, case=appeal.case, further_period=period, further_due=due,
        ruling_citation=cite("Hearing authority C"))


@login_required
@require_GET
def ruling_letters(request, pk: int, appeal_pk: int):
    """The ruling as letters to the owner, the complainant and the Animal Control Officer."""
    dog_case = visible_dog_case(request, pk)
    appeal = next((appeal for appeal in dog_case.appeals.all()
                   if appeal.pk == appeal_pk and appeal.decided_on), None)
    if appeal is None:
        raise Http404("No ruling on such an appeal.")
    response = HttpResponse(render_ruling_letters_pdf(appeal), content_type="application/pdf")
    response["Content-Disposition"] = (
        f'inline; filename="case-{dog_case.pk}-appeal-{appeal.pk}-ruling.pdf"')
    return response


def _pdf(html: str, filename: str) -> HttpResponse:
    response = HttpResponse(html_to_pdf(html), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@login_required
@require_GET
def determination_letter(request, pk: int):
    """The owner's notice of the determination (Dangerous B(2); Potentially dangerous B(2)),
    with the grounds of Dangerous B(1) or the criteria of Potentially dangerous B(1)."""
    dog_case = visible_dog_case(request, pk)
    if dog_case.case_type not in cases.DETERMINED_DOG_CASES or not dog_case.determined_on:
        raise Http404("No determination on this case.")
    deemed = dog_case.findings.get("deemed", True)
    designation = cases.case_designation(dog_case)
    html = render_to_string("dogs/case_owner_letter.html", {
        "case": dog_case, "dog": cases.dog_named(dog_case),
        "title": "Notice of determination", "dated": dog_case.determined_on,
        "signed_by": dog_case.determined_by.display_name,
        "designation": designation.capitalize() if deemed else f"Not {designation}",
        "grounds": _labels(dog_case.findings.get("grounds", []), cases.DangerousGround.choices),
        "criteria": _labels(dog_case.findings.get("criteria", []) if deemed else [],
                            cases.Criterion.choices),
        "exceptions": _labels(dog_case.findings.get("exceptions", []),
                              [*cases.DeclarationException.choices,
                               *cases.DangerException.choices]),
        "next_appeal": cases.next_appeal_due(dog_case),
        "citation": cite("Dangerous B" if dog_case.case_type == cases.DANGEROUS_DOG
                         else "Potentially dangerous B"),
    })
    return _pdf(html, f"case-{dog_case.pk}-determination.pdf")


@login_required
@require_GET
def security_letter(request, pk: int):
    """The Animal Control Officer's description of the security required, in writing to the
    owner (Potentially dangerous C(5))."""
    dog_case = visible_dog_case(request, pk)
    described = dog_case.findings.get("security_described")
    order = cases.duty_orders(dog_case).get(cases.SECURITY.code)
    if described is None or order is None:
        raise Http404("No security description on this case.")
    html = render_to_string("dogs/case_owner_letter.html", {
        "case": dog_case, "dog": cases.dog_named(dog_case),
        "title": "Security required of the premises",
        "dated": order.issued_on, "signed_by": f"{described['written_by']}, Animal Control "
                                               f"Officer",
        "security": order, "citation": cite("Potentially dangerous C(5)"),
    })
    return _pdf(html, f"case-{dog_case.pk}-security.pdf")


@login_required
@require_GET
def relocation_notice(request, pk: int, number: int):
    """A relocation notice printed for the Animal Control Officer of the other community
    (Potentially dangerous G, H)."""
    dog_case = visible_dog_case(request, pk)
    notice = next((notice for notice in cases.relocations(dog_case)
                   if notice["number"] == number), None)
    if notice is None:
        raise Http404("No such relocation notice.")
    return render(request, "dogs/case_relocation_notice.html", {
        "case": dog_case, "notice": notice,
        "designation": case_type(dog_case.case_type).name,
        "direction": cases.RelocationDirection(notice["direction"]).label,
    })
