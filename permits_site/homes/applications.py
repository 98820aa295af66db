"""What the clerk's and the Board member's homes both say about an application: its name
on a row, the link to its review screen, and its undecided hearings."""

from __future__ import annotations

from django.db.models import QuerySet
from django.urls import reverse
from django.utils import timezone

from permits_site.accounts.models import User
from permits_site.homes.registry import WorkItem, WorkList, limited
from permits_site.licensing.models import (
    OPEN_STATUSES,
    Application,
    PermitHearing,
    Variance,
    VarianceStatus,
)
from permits_site.licensing.templatetags.localised import day_time_and_place
from permits_site.parties.models import BusinessMember
from permits_site.towns.calendar import TownCalendar

#: ``select_related`` paths from a row to what :func:`application_record` reads.
RECORD_RELATED = ("permit_type", "applicant", "business")


def application_record(application: Application) -> str:
    """"Private stable permit application #12 (Jane Smith)"."""
    holder = application.business or application.applicant
    return f"{application.permit_type.name} application #{application.pk} ({holder.display_name})"


def review_url(application_id: int, section: str = "") -> str:
    """The review screen, at ``section`` (an element id) when given."""
    url = reverse("licensing:review", args=[application_id])
    return f"{url}#{section}" if section else url


def related(prefix: str) -> list[str]:
    return [f"{prefix}__{path}" for path in RECORD_RELATED]


def not_their_own(rows: QuerySet, user: User, *, path: str = "") -> QuerySet:
    """Of ``rows`` (applications, or records reaching one by ``path``), those ``user`` may
    take the office's steps on: none they or their business applied for
    (``permissions.own_application_refusal``), which another member of staff takes — in the
    same query, so a home's count stays fixed."""
    prefix = f"{path}__" if path else ""
    return rows.exclude(**{f"{prefix}applicant": user}).exclude(**{
        f"{prefix}business__in": BusinessMember.objects.filter(user=user).values("business_id")})


def undecided_hearings(town: TownCalendar, *, title: str, empty: str) -> WorkList:
    """Hearings on the town's open applications not yet decided, soonest first, each with
    its day, hour and place: the Board holds them (Northborough §8, Tisbury 09.0) and the
    clerk's gate waits on them."""
    hearings = PermitHearing.objects.filter(
        application__municipality=town.municipality, application__status__in=OPEN_STATUSES,
        decided_on__isnull=True,
    ).select_related(*related("application")).order_by("hearing_date", "pk")

    def item(hearing: PermitHearing) -> WorkItem:
        return WorkItem("Hold and decide the hearing", application_record(hearing.application),
                        review_url(hearing.application_id, "hearing-heading"),
                        due_on=hearing.hearing_date, detail=day_time_and_place(hearing),
                        citation=hearing.application.permit_type.citation)

    return limited(title, hearings, item, empty=empty)


def waiting_variances(town: TownCalendar):
    """Variances of the town's open applications waiting for the Board's signatures, oldest
    first."""
    return Variance.objects.filter(
        application__municipality=town.municipality, application__status__in=OPEN_STATUSES,
        status=VarianceStatus.REQUESTED,
    ).select_related(*related("application")).order_by("requested_at", "pk")


def variance_item(what: str):
    """A row about a waiting variance, linking to the review screen's variances."""
    def item(variance: Variance) -> WorkItem:
        return WorkItem(what, application_record(variance.application),
                        review_url(variance.application_id, "variances-heading"),
                        since=timezone.localdate(variance.requested_at))
    return item
