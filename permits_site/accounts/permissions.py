"""Named permission predicates: every access decision in the site is one of these.

Views, the API and templates ask these functions; nothing else inspects
roles. Residents own their records; staff act only within the towns where
they hold a role.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from contextlib import suppress
from types import MappingProxyType
from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied
from django.db.models import Q
from django.shortcuts import get_object_or_404

from permits_site.accounts.models import Role
from permits_site.accounts.role_titles import role_title
from permits_site.exceptions import PermissionDenied as DomainPermissionDenied
from permits_site.licensing import transitions
from permits_site.towns.models import Municipality

if TYPE_CHECKING:
    from permits_site.accounts.models import User

STAFF_ROLES = frozenset(Role.values)
REVIEWER_ROLES = (Role.CLERK, Role.BOARD_MEMBER)


def either(names: list[str]) -> str:
    """ "Clerk", "Clerk or Board member", "Clerk, Inspector or Board member"."""
    return " or ".join(filter(None, [", ".join(names[:-1]), names[-1]]))


def town_code(town: Municipality | int | None) -> str | None:
    """The municipality code of ``town`` (a town or its id), whose role titles name it."""
    if town is None:
        return None
    if isinstance(town, Municipality):
        return town.code
    return Municipality.objects.filter(pk=town).values_list("code", flat=True).first()


def role_names(roles: Iterable[str], town: Municipality | int | None = None) -> str:
    """The roles, in the order of :class:`Role`, as the town's law calls them
    (:mod:`permits_site.accounts.role_titles`): "Clerk or Board of Health member"."""
    code = town_code(town)
    wanted = set(roles)
    return either([role_title(role, code) for role in Role.values if role in wanted])


class Refused(PermissionDenied):
    """A request the person's roles do not allow: says what was refused and who may do it,
    for the site's refusal page (``permits_site.accounts.refusals``) and the API's 403.

    ``roles`` are the town's roles that may (named by ``town``'s titles when the refusal is
    about one town); ``party`` names who else may, not by a role: "the kennel's licensee".
    """

    def __init__(self, doing: str, roles: Iterable[str] = (), *,
                 town: Municipality | int | None = None, party: str = ""):
        roles = tuple(roles)
        self.doing = doing
        self.roles = role_names(roles, town) if roles else ""
        who = [party] if party else []
        if self.roles:
            who.append(f"the town's {self.roles}")
        super().__init__(f"Only {either(who)} may {doing}.")


def require(allowed: bool, doing: str, roles: Iterable[str] = (), *,
            town: Municipality | int | None = None, party: str = "") -> None:
    """Refuse (:class:`Refused`) unless ``allowed``: the one check of every page and API
    action, naming what was refused and who may do it."""
    if not allowed:
        raise Refused(doing, roles, town=town, party=party)


def towns_with(user: User, roles: Iterable[str], *, doing: str) -> set[int]:
    """The towns where ``user`` holds one of ``roles``; refused when there are none."""
    roles = tuple(roles)
    towns = municipality_ids_with(user, *roles)
    require(bool(towns), doing, roles)
    return towns


def admin_towns(user: User, *, doing: str) -> set[int]:
    """The towns ``user`` administers; refused, saying what for, when there are none."""
    return towns_with(user, [Role.ADMIN], doing=doing)


def administered_town(user: User, code: str, *, doing: str) -> Municipality:
    """The town ``code`` if ``user`` administers it; any other town reads as not found."""
    return get_object_or_404(Municipality, code=code, pk__in=admin_towns(user, doing=doing))


def role_pairs(user: User) -> frozenset[tuple[int, str]]:
    """(municipality id, role) pairs, loaded once per user object."""
    if not user.is_authenticated:
        return frozenset()
    cached = getattr(user, "_role_pairs", None)
    if cached is None:
        cached = frozenset(user.memberships.values_list("municipality_id", "role"))
        user._role_pairs = cached
    return cached


def forget_roles(user: User) -> None:
    """Drop the pairs :func:`role_pairs` cached on ``user`` (also through the request's lazy
    user object): its roles have just changed."""
    with suppress(AttributeError):
        del user._role_pairs


def has_role(user: User, municipality_id: int, *roles: str) -> bool:
    pairs = role_pairs(user)
    return any((municipality_id, role) in pairs for role in roles)


def municipality_ids_with(user: User, *roles: str) -> set[int]:
    return {municipality_id for municipality_id, role in role_pairs(user) if role in roles}


def business_ids(user: User) -> frozenset[int]:
    """The businesses ``user`` acts for, loaded once per user object."""
    if not user.is_authenticated:
        return frozenset()
    cached = getattr(user, "_business_ids", None)
    if cached is None:
        cached = frozenset(user.business_memberships.values_list("business_id", flat=True))
        user._business_ids = cached
    return cached


def is_party(user: User, *, person_id: int | None, business_id: int | None) -> bool:
    """Is ``user`` the party of a record: a member of its business, or the person when no
    business holds it (spec ``lifecycle.md``: members act for their business)."""
    if business_id is not None:
        return business_id in business_ids(user)
    return person_id == user.pk


def party_rows(user: User, *, owner_field: str, business_field: str | None) -> Q:
    """The queryset form of :func:`is_party`: rows that are ``user``'s own when no business
    holds them, and their businesses' rows."""
    if business_field is None:
        return Q(**{owner_field: user})
    return Q(**{owner_field: user, f"{business_field}__isnull": True}) | Q(
        **{f"{business_field}__in": business_ids(user)}
    )


def is_staff_member(user: User) -> bool:
    return bool(role_pairs(user))


def is_clerk(user: User, municipality_id: int) -> bool:
    return has_role(user, municipality_id, Role.CLERK)


def is_admin(user: User, municipality_id: int) -> bool:
    return has_role(user, municipality_id, Role.ADMIN)


def can_review(user: User, municipality_id: int) -> bool:
    """Clerks and Board members review applications (approve, deny, request changes)."""
    return has_role(user, municipality_id, *REVIEWER_ROLES)


def is_town_staff(user: User, municipality_id: int) -> bool:
    return has_role(user, municipality_id, *STAFF_ROLES)


def is_applicant(user: User, application) -> bool:
    """The applicant, or any member of the business that is to hold the permit."""
    return is_party(user, person_id=application.applicant_id,
                    business_id=application.business_id)


# -- A member of staff and their own application -------------------------------------------

#: Why a member of staff is refused the office's steps on an application they applied for.
OWN_APPLICATION = "You applied for this: another member of the town's staff reviews it."
#: The same, on an application of a business they act for.
OWN_BUSINESS_APPLICATION = ("Your business applied for this: another member of the town's "
                            "staff reviews it.")


def own_application_refusal(user: User, application) -> str | None:
    """Why ``user`` may not take the office's steps on ``application``, or None.

    No one acts for the town on their own matter (M.G.L. c.268A §19: a municipal employee
    takes no part, as such, in a particular matter in which they or a business they serve
    have a financial interest): whoever applied — the applicant, or a member of the
    business that applied (:func:`is_applicant`) — takes none of the office's steps on it:
    its review (the actions :data:`TAKEN_BY` marks :func:`office_step`), its documents, its
    payments and the flags of its online payments, its variances' signatures, its hearing's
    scheduling, notices and decision, and the records a town's law adds to its review
    (:data:`clerk_step`, :data:`reviewer_step`): another member of the town's staff does.
    As its applicant side they still take the applicant's own actions. The one rule the
    review screen, its forms, the API and the services ask."""
    if user is None or not user.is_authenticated:
        return None
    if application.applicant_id == user.pk:
        return OWN_APPLICATION
    if is_applicant(user, application):
        return OWN_BUSINESS_APPLICATION
    return None


class OwnApplicationRefused(Refused):
    """A page's refusal of :func:`own_application_refusal`: the site's page says why, and
    names no role to ask for (the person holds it)."""

    def __init__(self, reason: str, *, town: Municipality | int | None = None):
        super().__init__("review it", party="another member of the town's staff", town=town)
        self.args = (reason,)


def require_not_own_application(user: User, application) -> None:
    """Refuse a page's request (:class:`OwnApplicationRefused`, the site's 403 page) of one of
    the office's steps on the person's own application."""
    reason = own_application_refusal(user, application)
    if reason is not None:
        raise OwnApplicationRefused(reason, town=application.municipality_id)


def refuse_own_application(user: User, application) -> None:
    """The services' refusal of :func:`own_application_refusal`, a domain error: a page shows
    it, the API answers 403 with it as the ``detail``, a batch lists it as refused; nothing
    is changed."""
    reason = own_application_refusal(user, application)
    if reason is not None:
        raise DomainPermissionDenied(reason)


def can_view_application(user: User, application) -> bool:
    return is_applicant(user, application) or is_town_staff(user, application.municipality_id)


def can_edit_application(user: User, application) -> bool:
    """Only the applicant side edits, and only while the application is a draft."""
    return may_take(user, "edit", application)


def can_submit_application(user: User, application) -> bool:
    """A draft is submitted by its applicant side, or for them by a clerk of its town at
    the counter."""
    return may_take(user, "submit", application)


def submits_for(user: User, application) -> bool:
    """Who submits an application, whatever its status: its applicant side, or a clerk of
    its town at the counter."""
    return is_applicant(user, application) or is_clerk(user, application.municipality_id)


def can_withdraw_application(user: User, application) -> bool:
    """The applicant side withdraws a draft or an application still being decided."""
    return may_take(user, "withdraw", application)


def can_view_permit(user: User, permit) -> bool:
    return is_party(
        user, person_id=permit.holder_id, business_id=permit.holder_business_id
    ) or is_town_staff(user, permit.municipality_id)


def can_view_document(user: User, document) -> bool:
    application = document.application
    return (
        document.owner_id == user.pk
        or (application is not None and is_applicant(user, application))
        or is_town_staff(user, document.municipality_id)
    )


def uploads_for(user: User, application) -> bool:
    """Who adds documents to an application, whatever its status: its applicant side, or a
    clerk of its town. Whether its status still takes documents is the upload's to say."""
    return is_applicant(user, application) or is_clerk(user, application.municipality_id)


def can_upload_document(user: User, application) -> bool:
    if is_applicant(user, application):
        return transitions.can("attach_document", application)
    return is_clerk(user, application.municipality_id)


def can_view_invoice(user: User, invoice) -> bool:
    return is_party(
        user, person_id=invoice.payer_id, business_id=invoice.payer_business_id
    ) or is_town_staff(user, invoice.municipality_id)


def is_board_member(user: User, municipality_id: int) -> bool:
    return has_role(user, municipality_id, Role.BOARD_MEMBER)


def can_request_variance(user: User, application) -> bool:
    """Clerks and Board members put a variance request before the Board."""
    return can_review(user, application.municipality_id)


def can_ask_for_variance(user: User, application) -> bool:
    """The applicant side asks the Board for relief on its own application, in the same
    written request the clerk files (Northborough §8, Tisbury 09.0.3)."""
    return is_applicant(user, application)


def can_sign_variance(user: User, application) -> bool:
    """Only members of the town's Board sign a variance (Northborough §8.2, Tisbury 09.0.3)."""
    return is_board_member(user, application.municipality_id)


def require_variance_signer(user: User, application) -> None:
    """Refused unless ``user`` signs the application's variances (:func:`can_sign_variance`),
    and on their own application (:func:`require_not_own_application`)."""
    require(can_sign_variance(user, application), "sign a variance", [Role.BOARD_MEMBER],
            town=application.municipality_id)
    require_not_own_application(user, application)


def can_manage_hearings(user: User, application) -> bool:
    """The Clerk schedules an application's hearing and records the mailing of its notices."""
    return is_clerk(user, application.municipality_id)


def can_decide_application_hearing(user: User, application) -> bool:
    """The Board holds an application's hearing and decides it (Northborough §2.2): a member
    of the Board records its decision, or the Clerk records it for the Board."""
    return (is_board_member(user, application.municipality_id)
            or is_clerk(user, application.municipality_id))


def require_hearing_manager(user: User, application) -> None:
    """Refused unless ``user`` schedules the application's hearing (:func:`can_manage_hearings`),
    and on their own application (:func:`require_not_own_application`)."""
    require(can_manage_hearings(user, application), "schedule an application's hearing",
            [Role.CLERK], town=application.municipality_id)
    require_not_own_application(user, application)


def require_hearing_decider(user: User, application) -> None:
    """Refused unless ``user`` records the decision of the application's hearing
    (:func:`can_decide_application_hearing`), and on their own application
    (:func:`require_not_own_application`)."""
    require(can_decide_application_hearing(user, application),
            "record the decision of an application's hearing", [Role.BOARD_MEMBER, Role.CLERK],
            town=application.municipality_id)
    require_not_own_application(user, application)


# -- Who takes each action of an application's and a permit's life ------------------------


def of_its_town(predicate: Callable[[User, int], bool]) -> Callable[[User, object], bool]:
    """A town role's ``predicate``, asked about the town of the record acted on."""
    return lambda user, record: predicate(user, record.municipality_id)


def asks_for_variance(user: User, application) -> bool:
    """A reviewer puts a variance before the Board; the applicant side asks for its own."""
    return can_request_variance(user, application) or can_ask_for_variance(user, application)


def office_step(predicate: Callable[[User, object], bool]) -> Callable[[User, object], bool]:
    """One of the office's steps of an application's review, taken by whom ``predicate``
    names unless the application is their own (:func:`own_application_refusal`)."""
    return lambda user, application: (predicate(user, application)
                                      and own_application_refusal(user, application) is None)


#: A step a reviewer of the application's town takes (:func:`can_review`), never on their
#: own application: the screens of the core and of the bylaw apps offer it by this.
reviewer_step = office_step(of_its_town(can_review))
#: A step the town's clerk takes (:func:`is_clerk`), never on their own application.
clerk_step = office_step(of_its_town(is_clerk))


#: Who takes each action of the tables of ``transitions``, by the table's noun: the very
#: predicates the pages and the API's endpoints refuse a request by (a 403). An action no
#: one takes directly (a permit's ``amend`` and ``supersede`` follow an application) has
#: no entry.
TAKEN_BY: Mapping[str, Mapping[str, Callable[[User, object], bool]]] = MappingProxyType({
    transitions.APPLICATION.noun: MappingProxyType({
        "edit": is_applicant,
        "submit": submits_for,
        "withdraw": is_applicant,
        "start_review": reviewer_step,
        "request_changes": reviewer_step,
        "attach_document": uploads_for,
        "record_review": reviewer_step,
        "request_variance": asks_for_variance,
        "schedule_hearing": office_step(can_manage_hearings),
        "approve": reviewer_step,
        "deny": reviewer_step,
        # The license is issued by the town's clerk alone, approved first or not.
        "issue": clerk_step,
        "approve_and_issue": clerk_step,
    }),
    transitions.PERMIT.noun: MappingProxyType({
        "suspend": of_its_town(is_clerk),
        "reinstate": of_its_town(is_clerk),
        "revoke": of_its_town(is_clerk),
    }),
})


def permitted_actions(user: User, record, among: Iterable[str] | None = None) -> list[str]:
    """The actions ``user`` may take on ``record`` (an application or a permit) now, in its
    table's order: those its status allows (``transitions``) that ``user`` is one to take
    (:data:`TAKEN_BY`); ``among`` keeps only those. The pages offer, and the API lists as
    ``allowed_actions``, exactly these."""
    lifecycle = transitions.lifecycle_of(record)
    taken_by = TAKEN_BY[lifecycle.noun]
    wanted = taken_by.keys() if among is None else set(among) & taken_by.keys()
    return [action for action in lifecycle.allowed(record)
            if action in wanted and taken_by[action](user, record)]


def may_take(user: User, action: str, record) -> bool:
    """Whether ``action`` is one of :func:`permitted_actions` of ``user`` on ``record``."""
    return bool(permitted_actions(user, record, among=[action]))


# -- Inspections and enforcement cases -------------------------------------------

#: Staff who see a town's inspections, cases and deadlines.
ENFORCEMENT_ROLES = (
    Role.CLERK,
    Role.INSPECTOR,
    Role.ANIMAL_CONTROL_OFFICER,
    Role.HEARING_AUTHORITY,
    Role.BOARD_MEMBER,
)
#: Staff who schedule inspections.
SCHEDULER_ROLES = (Role.CLERK, Role.INSPECTOR)
#: Staff an inspection may be assigned to.
INSPECTOR_ROLES = (Role.INSPECTOR, Role.ANIMAL_CONTROL_OFFICER)
#: Staff who open cases, issue orders and citations, schedule hearings and raise charges.
CASE_WORKER_ROLES = (
    Role.CLERK,
    Role.INSPECTOR,
    Role.ANIMAL_CONTROL_OFFICER,
    Role.HEARING_AUTHORITY,
)
#: Those who decide hearings and appeals and suspend or revoke a permit through a case.
CASE_DECIDER_ROLES = (Role.HEARING_AUTHORITY, Role.BOARD_MEMBER)
#: Who records a party's appeal: the Clerk, with whom the written appeal is filed (North
#: Andover Code ch. 60, Hearing authority B, E); never those whose decisions are appealed.
APPEAL_RECORDER_ROLES = (Role.CLERK,)
#: Staff who see a town's citations: its enforcement staff, and its admins, who reclassify
#: the surcharge event a citation represents.
CITATION_STAFF_ROLES = (*ENFORCEMENT_ROLES, Role.ADMIN)


def can_view_enforcement(user: User, municipality_id: int) -> bool:
    return has_role(user, municipality_id, *ENFORCEMENT_ROLES)


def can_schedule_inspection(user: User, municipality_id: int) -> bool:
    return has_role(user, municipality_id, *SCHEDULER_ROLES)


def can_be_assigned_inspections(user: User, municipality_id: int) -> bool:
    return has_role(user, municipality_id, *INSPECTOR_ROLES)


def can_inspect(user: User, inspection) -> bool:
    """The assigned inspector, or a colleague inspecting in the same town, records findings."""
    return inspection.inspector_id == user.pk or can_be_assigned_inspections(
        user, inspection.municipality_id
    )


def can_work_case(user: User, municipality_id: int) -> bool:
    return has_role(user, municipality_id, *CASE_WORKER_ROLES)


def can_decide_case(user: User, municipality_id: int) -> bool:
    return has_role(user, municipality_id, *CASE_DECIDER_ROLES)

