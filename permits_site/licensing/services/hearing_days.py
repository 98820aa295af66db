"""The hearings a town has set for one day, undecided: an office closure entered on that
day leaves each to be moved to a day the offices are open, with a new notice to its parties
(a case hearing's continuance, a citation hearing's or an appeal's new day under MGL c.40
§21D and the town's law, an application's hearing and its abutters' notices)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.urls import reverse

from permits_site.enforcement.models import Appeal, CaseHearing, CitationHearing
from permits_site.enforcement.registry import steps_page_url
from permits_site.licensing.models import PermitHearing
from permits_site.towns.models import Municipality


@dataclass(frozen=True)
class SetHearing:
    """A hearing set for the day: what it is, and the page where it is continued or moved."""

    what: str
    url: str


def hearings_set_on(municipality: Municipality, day: dt.date) -> list[SetHearing]:
    """The town's undecided case, citation, appeal and application hearings set for ``day``."""
    undecided = {"hearing_date": day, "decided_on__isnull": True}
    case_hearings = CaseHearing.objects.filter(
        case__municipality=municipality, **undecided).select_related("case")
    citation_hearings = CitationHearing.objects.filter(
        citation__case__municipality=municipality, **undecided
    ).select_related("citation__case")
    appeals = Appeal.objects.filter(case__municipality=municipality,
                                    **undecided).select_related("case")
    application_hearings = PermitHearing.objects.filter(
        application__municipality=municipality, **undecided
    ).select_related("application__permit_type", "application__applicant")
    return [
        *(SetHearing(f"Hearing on case #{hearing.case_id} ({_party_of(hearing.case)})",
                     reverse("enforcement:case", args=[hearing.case_id]))
          for hearing in case_hearings.order_by("pk")),
        *(SetHearing(f"Hearing on citation #{hearing.citation_id} "
                     f"({hearing.citation.case.party_name})",
                     reverse("enforcement:citation", args=[hearing.citation_id]))
          for hearing in citation_hearings.order_by("pk")),
        *(SetHearing(f"Appeal hearing on case #{appeal.case_id} ({_party_of(appeal.case)})",
                     steps_page_url(appeal.case))
          for appeal in appeals.order_by("pk")),
        *(SetHearing(f"Hearing on {hearing.application.permit_type.name} application "
                     f"#{hearing.application_id} ({hearing.application.applicant.display_name})",
                     reverse("licensing:review", args=[hearing.application_id])
                     + "#hearing-heading")
          for hearing in application_hearings.order_by("pk")),
    ]


def _party_of(case) -> str:
    return f"{case.party_name}, {case.address}"
