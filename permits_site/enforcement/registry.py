"""Where bylaw apps register the kinds of enforcement case their law provides.

The enforcement core knows no town: each bylaw app's ``AppConfig.ready``
calls :func:`register_case_type` with the offenses a case of that kind may
cite (codes of the town's fine schedule) and the charges it may raise, and
the core looks them up here by code::

    register_case_type(CaseType(
        code="exampleton.nuisance",
        municipality="exampleton",
        name="Nuisance complaint",
        offenses=("nuisance_noise",),
        charges=(ChargeType("legal_fees", "Legal fees reimbursed by the owner",
                            "Exampleton Bylaw §9"),),
    ))

A case type whose cases are about a record the bylaw app keeps (a town's dog) registers a
:class:`CaseSubject` for it too (:func:`register_case_subject`): the Cases page and
``POST /api/v1/cases/`` then ask for that record when such a case is opened.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.urls import reverse

from permits_site.accounts.permissions import CASE_DECIDER_ROLES
from permits_site.rules.periods import Period, PeriodKind

if TYPE_CHECKING:
    from django.db.models import QuerySet

    from permits_site.accounts.models import User
    from permits_site.enforcement.models import Case, Inspection
    from permits_site.towns.models import Municipality

#: MGL c.40 §21D: a person cited may pay or ask for a hearing within 21 days.
NON_CRIMINAL_DISPOSITION = "MGL c.40 §21D"


@dataclass(frozen=True)
class ChargeType:
    """An amount a case may charge the responsible party, with the section allowing it."""

    code: str
    description: str
    citation: str
    #: Charged only once a determination finds the party in violation (e.g. legal fees a
    #: holder repays).
    requires_violation_found: bool = False
    #: Permit type codes: charged only to a party holding a permit of one of them.
    holder_of: tuple[str, ...] = ()


@dataclass(frozen=True)
class CaseType:
    """A kind of enforcement case in one town.

    ``offenses`` are offense codes of the town's fine schedule that citations
    on such a case may name; ``charges`` the invoices it may raise. The
    appeal windows are codes of the town's registered periods, enforced by
    ``file_appeal``.
    """

    code: str
    municipality: str
    name: str
    offenses: tuple[str, ...]
    charges: tuple[ChargeType, ...] = ()
    #: The section the case is brought under; its hearings and appeals cite it.
    citation: str = ""
    #: Codes of the town's periods within which the determination, and then an appeal's
    #: ruling, may be appealed; blank: the law sets no window.
    appeal_window: str = ""
    further_appeal_window: str = ""
    #: Code of the town's period within which a hearing is held after its notice, counted
    #: again from the new notice when the hearing is continued; blank: the law sets none.
    hearing_window: str = ""
    #: The law separates investigating from deciding: an officer proposes the
    #: determination before another person makes it.
    proposal_required: bool = False
    #: The URL name of the bylaw app's own page for the case (taking its pk), if any.
    page: str = ""
    #: The URL name of the page (taking the case's pk) on which such a case's hearings are
    #: held, continued and decided, when it is not the generic case page: a continuance
    #: returns there (:func:`hearings_page_url`).
    hearings_page: str = ""
    #: The steps of such a case are taken only on that page and its API, which keep the
    #: clocks its law sets; the generic case steps are refused. False: the own page adds to
    #: the generic steps (orders are complied with and the case closed as any other).
    steps_on_page: bool = True
    #: Such a page also closes the case, with checks of its own law; otherwise the generic
    #: close (every order complied with, every hearing and appeal decided) stays open here.
    closes_on_page: bool = False
    #: Also cites the town's offenses no case type names: those an admin added to the fine
    #: schedule after the deploy.
    other_offenses: bool = False
    #: Its own page prints the party's letters of its determination and of each ruling on an
    #: appeal (a bylaw app's dog cases): no notice repeats them. Otherwise the party is sent
    #: each as a notice.
    prints_decision_letters: bool = False
    #: The roles of the town that decide such a case's hearings and appeals (and continue
    #: and schedule them): a law naming one seat (a hearing authority) declares it alone.
    deciders: tuple[str, ...] = CASE_DECIDER_ROLES

    def charge(self, code: str) -> ChargeType | None:
        return next((charge for charge in self.charges if charge.code == code), None)


_CASE_TYPES: dict[str, CaseType] = {}


def register_case_type(case_type: CaseType) -> CaseType:
    """Add a case type; registering a different one under the same code is an error."""
    registered = _CASE_TYPES.get(case_type.code)
    if registered is not None and registered != case_type:
        raise ValueError(f"case type {case_type.code} is registered twice")
    _CASE_TYPES[case_type.code] = case_type
    return case_type


@dataclass(frozen=True)
class SurchargeEvent:
    """An event a citation may represent that raises a permit's renewal surcharge."""

    code: str
    label: str
    citation: str


@dataclass(frozen=True)
class SurchargeSources:
    """Which records of the services stand for which of a town's surcharge events.

    A citation stands for the event it is classified as; the records below
    stand for the event code given (blank: that record raises no surcharge).
    ``reinspections`` is raised once the holder's permit was re-inspected
    ``reinspections_counted`` times in the period; ``validated_complaint`` by a
    case whose determination validated the complaint (see
    :mod:`permits_site.enforcement.surcharge_record`).
    """

    late_renewal: str = ""
    suspension_revocation: str = ""
    case_hearing: str = ""
    reinspections: str = ""
    reinspections_counted: int = 2
    validated_complaint: str = ""


@dataclass(frozen=True)
class CitationExemption:
    """A fact the law says takes an offense out of its provision, asked when citing it.

    The officer answers ``question`` for each of ``offenses``; the answer is recorded on
    the citation, and "yes" refuses the citation with ``refusal``, naming ``citation``.
    """

    code: str
    question: str
    offenses: tuple[str, ...]
    citation: str
    refusal: str


@dataclass(frozen=True)
class CitationPolicy:
    """How a town's citations are answered (MGL c.40 §21D).

    ``window`` is the period, counted on the town's calendar from the day a
    citation is written (or a per-day fine stops), to pay or ask for a
    hearing; unpaid after it, the citation is referred to the District Court.
    ``exemptions`` are what the officer answers before citing some offenses.
    ``forfeitures`` are offenses owed only on conviction: nothing is due until
    the court's decision is recorded. ``surcharge_events`` are what an
    officer may say a citation represents; ``surcharge_sources`` which other
    records count as surcharge events at a permit's renewal.
    """

    municipality: str
    window: Period
    court: str
    forfeitures: tuple[str, ...] = ()
    surcharge_events: tuple[SurchargeEvent, ...] = ()
    surcharge_sources: SurchargeSources = SurchargeSources()
    exemptions: tuple[CitationExemption, ...] = ()

    def exemptions_for(self, offense: str) -> tuple[CitationExemption, ...]:
        """The exemptions the officer answers when citing ``offense``."""
        return tuple(exemption for exemption in self.exemptions
                     if offense in exemption.offenses)

    def surcharge_event(self, code: str) -> SurchargeEvent | None:
        return next((event for event in self.surcharge_events if event.code == code), None)


def statutory_window(municipality: str, citation: str = NON_CRIMINAL_DISPOSITION) -> Period:
    """The 21 days of MGL c.40 §21D, for a town whose law sets no window of its own."""
    return Period(
        code="citation_response", municipality=municipality, citation=citation,
        kind=PeriodKind.DEADLINE, days=21,
        description="Pay a citation or ask for a hearing within 21 days.",
    )


_POLICIES: dict[str, CitationPolicy] = {}


def register_citation_policy(policy: CitationPolicy) -> CitationPolicy:
    """Say how one town's citations are answered; a different second policy is an error."""
    if _POLICIES.get(policy.municipality, policy) != policy:
        raise ValueError(f"citation policy of {policy.municipality} is registered twice")
    _POLICIES[policy.municipality] = policy
    return policy


def register_enforcement(policy: CitationPolicy, case_types: tuple[CaseType, ...]) -> None:
    """A town's citation policy and the case types its fine schedule's offenses are
    cited on (a bylaw app's one call)."""
    register_citation_policy(policy)
    for registered in case_types:
        register_case_type(registered)


def citation_policy(municipality: str) -> CitationPolicy:
    """The town's policy; every town that registers case types registers one."""
    try:
        return _POLICIES[municipality]
    except KeyError:
        raise LookupError(f"{municipality} registers no citation policy") from None


def case_type(code: str) -> CaseType | None:
    return _CASE_TYPES.get(code)


def deciders_of(case) -> tuple[str, ...]:
    """The roles that decide ``case``'s hearings and appeals: its type's ``deciders``, else
    those of any case."""
    registered = _CASE_TYPES.get(case.case_type)
    return registered.deciders if registered else CASE_DECIDER_ROLES


def takes_generic_steps(code: str, *, closing: bool = False) -> bool:
    """Whether the generic case steps may be taken on a case of this type (see
    ``has_own_steps``); closing stays generic unless the type's page closes its cases."""
    if not has_own_steps(code):
        return True
    return closing and not _CASE_TYPES[code].closes_on_page


def has_own_steps(code: str) -> bool:
    """Whether a case type's law has a page (and API) of its own for its steps (a
    determination with exceptions, a quarantine, a hearing with notice windows), where their
    clocks are enforced; the generic case steps, which would skip them, are refused."""
    registered = _CASE_TYPES.get(code)
    return registered is not None and bool(registered.page) and registered.steps_on_page


def steps_page_url(case) -> str:
    """Where a case's determination, appeals and orders are taken: its law's own page when
    the type has one (``has_own_steps``), else the generic case page."""
    if has_own_steps(case.case_type):
        return reverse(_CASE_TYPES[case.case_type].page, args=[case.pk])
    return reverse("enforcement:case", args=[case.pk])


def hearings_page_url(case) -> str:
    """Where a case's hearings are managed: the page its type names
    (``CaseType.hearings_page``), else the generic case page."""
    registered = _CASE_TYPES.get(case.case_type)
    page = registered.hearings_page if registered is not None else ""
    return reverse(page or "enforcement:case", args=[case.pk])


def may_cite(registered: CaseType | None, offense: str) -> bool:
    """Whether a case of this type may cite ``offense``: one it names, or, for a type taking
    other offenses, one no case type of its town names."""
    if registered is None:
        return False
    if offense in registered.offenses:
        return True
    return registered.other_offenses and not any(
        offense in other.offenses for other in case_types(registered.municipality))


class CaseSubject:
    """What a case of some types is about beside its party and place: a record the bylaw app
    that registers it keeps (a town's dog), named when the case is opened on the Cases page
    or by ``POST /api/v1/cases/`` (:func:`register_case_subject`).

    The page asks ``field`` in words the app looks up in the case's town (:meth:`find`: a
    tag number, a name); the API takes the record's id among :meth:`records`. With a
    ``description_label``, ``<field>_description`` describes one on no record instead.
    :meth:`responsible` is what the case takes from the record when its party, address or
    place is left empty; :meth:`refusals` what the law refuses of the record or description
    in the case's town (another town's dog), by field; :meth:`attach` keeps them on the case
    just opened, in its transaction.
    """

    #: The form's and the API's field naming the record, and what a sentence calls it.
    field: str = ""
    noun: str = ""
    label: str = ""
    help_text: str = ""
    description_label: str = ""
    description_help: str = ""

    @property
    def description_field(self) -> str:
        return f"{self.field}_description" if self.description_label else ""

    @property
    def fields(self) -> tuple[str, ...]:
        return tuple(name for name in (self.field, self.description_field) if name)

    def find(self, municipality: Municipality, words: str) -> Any:
        """The one record of ``municipality`` that ``words`` name; a DomainError naming
        ``field`` when none or several do."""
        raise NotImplementedError

    def records(self) -> QuerySet:
        """Every record the API may name by id (:meth:`refusals` judges the town)."""
        raise NotImplementedError

    def responsible(self, record: Any) -> dict[str, Any]:
        """The ``party``, ``party_name``, ``address`` and ``place`` of a case about
        ``record``, for those left empty."""
        return {}

    def refusals(self, municipality: Municipality, record: Any,
                 description: str) -> dict[str, list[str]]:
        return {}

    def attach(self, *, case: Case, record: Any, description: str, acting_user: User) -> None:
        raise NotImplementedError


_SUBJECTS: dict[str, CaseSubject] = {}


def register_case_subject(subject: CaseSubject, *, case_types: tuple[str, ...]) -> None:
    """Let cases of ``case_types`` (codes) name ``subject`` when they are opened."""
    for code in case_types:
        if _SUBJECTS.get(code, subject) is not subject:
            raise ValueError(f"case type {code} names another subject already")
        _SUBJECTS[code] = subject


def case_subject(code: str) -> CaseSubject | None:
    """What a case of the type ``code`` is about beside its party and place, if anything."""
    return _SUBJECTS.get(code)


def case_subjects(codes: Iterable[str] | None = None) -> list[CaseSubject]:
    """The subjects of the case types ``codes`` (of every type by default), each once."""
    found = (_SUBJECTS.get(code) for code in (_SUBJECTS if codes is None else codes))
    return list({id(subject): subject for subject in found if subject is not None}.values())


#: An inspector's checklist whose items each point to the offense a failed one is fined under:
#: check code → the offenses a closed inspection's failed items point to.
_INSPECTION_OFFENSES: dict[str, Callable[[Inspection], list[str]]] = {}


def register_inspection_offenses(check_code: str,
                                 offenses_found: Callable[[Inspection], list[str]]) -> None:
    """Declare which offenses the failed items of the checklist ``check_code`` point to: a
    case opened from such an inspection cites those."""
    _INSPECTION_OFFENSES[check_code] = offenses_found


def offenses_of_inspection(case: Case) -> list[str] | None:
    """The offenses the failed items of the inspection ``case`` was opened from point to;
    None when the case has no such inspection (any offense its type names may be cited)."""
    if case.inspection_id is None:
        return None
    offenses_found = _INSPECTION_OFFENSES.get(case.inspection.check_code)
    return (offenses_found(case.inspection) or None) if offenses_found else None


def case_type_name(code: str) -> str:
    """The registered name of a case type, or its code if no app registers it any more."""
    registered = _CASE_TYPES.get(code)
    return registered.name if registered else code


def case_types(municipality: str) -> list[CaseType]:
    """The case types of one town (by its code), in the order they were registered."""
    return [registered for registered in _CASE_TYPES.values()
            if registered.municipality == municipality]


@contextmanager
def registered_case_types(*registered: CaseType) -> Iterator[None]:
    """Register case types for the duration of a ``with`` block, in place of any of the
    same codes, then put the registry back as it was, even if the block raises.

    For tests that declare a town's case types: case types registered inside the block
    are forgotten with it.
    """
    saved = dict(_CASE_TYPES)
    try:
        _CASE_TYPES.update((case_type.code, case_type) for case_type in registered)
        yield
    finally:
        _CASE_TYPES.clear()
        _CASE_TYPES.update(saved)
