"""Septic plans only from the registered owner (Tisbury BOH Reg 09.0.8(5)), and their
percolation tests (09.0.8(3)).

"The Tisbury Board of Health has a policy not to process engineering drawings for septic
systems if the applicant is not the registered owner of the property for which the plan has
been designed" (09.0.8(5)). The owners are the property's owners of record, entered by the
clerk from the assessors' record or the deed. An applicant who is not one of them — an
engineer or another agent — brings the owner's signed authority as a document, which the
clerk accepts like any other before the permit is issued. Where the clerk has recorded no
owner of the property yet, there is nothing to check the applicant against and nothing more is
asked: the design plan is already declared "for the registered owner of the property".

"PERCOLATION TESTS for individual septic system application and design come under review by
the Board of Health if the test(s) is older than two (2) years" (09.0.8(3)). The application
gives the date of the test its design rests on; a test older than two years on the day the
application is judged (the duration ``perc_test_review``) holds the ``review_determined`` gate
until the Board's clerk or a member records the review as acceptable.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from permits_site import audit
from permits_site.accounts import permissions
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.declarations import Gate, detail_field
from permits_site.licensing.kinds import Blocker, PermitKind, RequiredDocument
from permits_site.licensing.models import Application, ApplicationStatus
from permits_site.parties.owners import current_owners, is_owner
from permits_site.rules.base import FactType
from permits_site.rules.calendar import format_date, period_due
from permits_site.rules.registry import town_law
from permits_site.rules.wording import explain
from tisbury_regs.law import cite
from tisbury_regs.periods import MUNICIPALITY
from tisbury_regs.permits.forms import PercReviewForm

if TYPE_CHECKING:
    from permits_site.accounts.models import User

OWNER_SECTION = cite("09.0.8(5)")
OWNER_AUTHORITY = "owner_authority"
OWNER_AUTHORITY_LABEL = "The registered owner's signed authority for the agent who applies"


def needs_owner_authority(application: Application) -> bool:
    """The property has owners of record and the applicant is none of them (09.0.8(5))."""
    place = application.place
    if place is None or not current_owners(place).exists():
        return False
    return not is_owner(application.applicant, place)


def plans_from_the_owner(self: PermitKind, application: Application) -> list[RequiredDocument]:
    """The declared documents, and the owner's signed authority when an agent applies."""
    required = PermitKind.required_documents(self, application)
    if not needs_owner_authority(application):
        return required
    return [*required, RequiredDocument(kinds=(OWNER_AUTHORITY,), label=OWNER_AUTHORITY_LABEL,
                                        citation=OWNER_SECTION, may_follow=True)]


def with_owner_authority(self: PermitKind) -> dict[str, str]:
    """What an applicant may upload: the declared documents and the owner's authority."""
    return {**PermitKind.document_kinds.fget(self), OWNER_AUTHORITY: OWNER_AUTHORITY_LABEL}


# -- percolation tests older than two years (09.0.8(3)) -------------------------------------

PERC_SECTION = cite("09.0.8(3)")
PERC_TESTED_ON = detail_field(
    "perc_tested_on", FactType.DATE, gettext_noop("Date of the percolation test"), required=False,
    help_text=explain(gettext_noop("The test the design is based on. A test older than two years "
                                   "comes under the Board's review before the plan is approved "
                                   "(%(section)s)."), section=PERC_SECTION))
#: The Board's review of an old test, kept with the application's details (the applicant
#: cannot send it: it is no declared field).
PERC_REVIEW = "perc_review"
#: Before a decision the Board may still review the test.
REVIEWABLE = (ApplicationStatus.DRAFT, ApplicationStatus.SUBMITTED,
              ApplicationStatus.UNDER_REVIEW)


def perc_test_is_old(tested_on: dt.date, *, on: dt.date, calendar) -> bool:
    """Older than two years on ``on`` (09.0.8(3), the duration ``perc_test_review``)."""
    period = town_law(MUNICIPALITY).periods["perc_test_review"]
    return on > period_due(period, tested_on, calendar)


def perc_tested_on(application: Application) -> dt.date | None:
    tested = application.details.get(PERC_TESTED_ON.name)
    return dt.date.fromisoformat(tested) if tested else None


def needs_perc_review(application: Application) -> bool:
    tested = perc_tested_on(application)
    return tested is not None and perc_test_is_old(
        tested, on=timezone.localdate(), calendar=application.municipality.calendar())


def perc_blockers(application: Application) -> list[Blocker]:
    """``review_determined`` while an old percolation test waits on the Board's review, or
    after the Board found it not acceptable (09.0.8(3))."""
    if not needs_perc_review(application):
        return []
    review = application.details.get(PERC_REVIEW)
    if review is not None and review["acceptable"]:
        return []
    tested = perc_tested_on(application)
    if review is not None:
        message = explain(gettext_noop("The Board found the percolation test of %(tested)s not "
                                       "acceptable: %(note)s"), tested=tested, note=review["note"])
    else:
        message = explain(gettext_noop("The percolation test of %(tested)s is older than two "
                                       "years: the Board reviews it before the plan is "
                                       "approved."), tested=tested)
    return [Blocker("perc.review", message, PERC_SECTION, Gate.REVIEW_DETERMINED)]


@transaction.atomic
def review_perc_test(*, application: Application, acceptable: bool, note: str,
                     acting_user: User) -> Application:
    """The Board reviews a percolation test older than two years (09.0.8(3)), audited; never
    a member of staff on their own application (``permissions.refuse_own_application``)."""
    application = Application.objects.select_for_update().get(pk=application.pk)
    if not permissions.can_review(acting_user, application.municipality_id):
        raise PermissionDenied("Only the Board's clerk or a Board member reviews a "
                               f"percolation test ({PERC_SECTION}).")
    permissions.refuse_own_application(acting_user, application)
    if application.status not in REVIEWABLE or not needs_perc_review(application):
        raise InvalidTransition("Only a percolation test older than two years on an "
                                f"undecided application comes under review ({PERC_SECTION}).")
    note = (note or "").strip()
    if not note:
        raise DomainError({"note": ["Write what was reviewed and why."]})
    review = {"acceptable": acceptable, "note": note,
              "reviewed_on": timezone.localdate().isoformat(),
              "reviewed_by": acting_user.get_full_name() or acting_user.get_username()}
    before = application.details.get(PERC_REVIEW)
    application.details = {**application.details, PERC_REVIEW: review}
    application.save(update_fields=["details"])
    audit.record(actor=acting_user, action="application.perc_test_reviewed",
                 subject=application, municipality=application.municipality,
                 summary=f"Percolation test of {format_date(perc_tested_on(application))} "
                         f"reviewed: {'acceptable' if acceptable else 'not acceptable'} "
                         f"({PERC_SECTION})",
                 before={PERC_REVIEW: before}, after={PERC_REVIEW: review})
    return application


def perc_panel(application: Application, user) -> dict | None:
    """The review screen's percolation test: its date, the Board's review and its form (not
    on the reviewer's own application, ``permissions.reviewer_step``)."""
    tested = perc_tested_on(application)
    if tested is None:
        return None
    may_review = (needs_perc_review(application) and application.status in REVIEWABLE
                  and permissions.reviewer_step(user, application))
    return {"tested_on": tested, "old": needs_perc_review(application),
            "review": application.details.get(PERC_REVIEW), "section": PERC_SECTION,
            "application": application, "form": PercReviewForm() if may_review else None}
