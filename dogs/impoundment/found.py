"""The public "found an animal?" page's service (North Andover Code ch. 60, Impoundment B):
a finder's report of a stray, lost or apparently homeless animal reaches the Animal Control
Officer as a record on their home; when a license tag number finds a dog, its owner also
hears of it with the finder's message and contact: by email, or by a letter the Clerk
posts to an owner without an email address.

The finder learns nothing about the owner: the page answers the same whether or not the
tag exists, and each client address may send only :data:`REPORTS_PER_HOUR` reports an
hour (Django's cache counts them), so tag numbers cannot be tried one after another.

The officer then asks for the animal to be turned over (B(1)) and may cite a finder who
fails to turn it over on request (B(2), offense ``stray_not_turned_over``).
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from dogs.impoundment.permissions import can_work_impoundments
from dogs.impoundment.services import find_licensed_dog
from dogs.law import cite
from dogs.models import FoundAnimalReport, FoundReportStatus, Impoundment, Species
from dogs.periods import MUNICIPALITY
from permits_site import audit
from permits_site.enforcement.models import Citation
from permits_site.enforcement.registry import CaseType, case_types
from permits_site.enforcement.services.cases import open_case
from permits_site.enforcement.services.citations import issue_citation
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.notifications.models import MessageKind
from permits_site.notifications.services import Draft, write
from permits_site.rules.wording import explain

if TYPE_CHECKING:
    from permits_site.accounts.models import User

REPORTS_PER_HOUR = 5
WINDOW_SECONDS = 60 * 60
FOUND_NOTICE = "dogs/found_dog_notice.txt"
#: Impoundment B(2): failing to turn a stray over on request.
NOT_TURNED_OVER = "stray_not_turned_over"
#: The case a finder who keeps a stray is cited on, unless the fine schedule's own case
#: types already offer the offense.
STRAY_CASE = CaseType(
    code="north_andover.stray_not_turned_over",
    municipality=MUNICIPALITY,
    name="Stray not turned over to the Animal Control Officer",
    offenses=(NOT_TURNED_OVER,),
    citation=cite("Impoundment B(2)"),
)
#: What the page says after every report, whatever the tag.
SAME_ANSWER = gettext_noop(
    "Thank you. The Animal Control Officer has your report and will contact you. If the tag "
    "number belongs to a dog licensed in that town, we have also sent its owner your "
    "message and how to reach you."
)


class TooManyReports(DomainError):
    """This client address has sent its reports for the hour."""


def _count_report(client_address: str) -> None:
    key = f"found-dog-reports:{client_address}"
    cache.add(key, 0, WINDOW_SECONDS)
    if cache.incr(key) > REPORTS_PER_HOUR:
        raise TooManyReports(explain(gettext_noop(
            "You have sent %(count)s reports in the last hour. Please try again later, or call "
            "the Animal Control Officer."), count=REPORTS_PER_HOUR))


@transaction.atomic
def report_found_dog(*, municipality, tag_number: str, message: str, finder_contact: str,
                     client_address: str, species: str = Species.DOG, description: str = "",
                     found_at: str = "", finder_name: str = "") -> FoundAnimalReport:
    """Record the finder's report for the Animal Control Officer (Impoundment B) and send
    the owner of the dog wearing tag ``tag_number`` the finder's message (an email, else a
    letter to post); returns the report, whose number the finder quotes, and nothing that
    tells whether a dog was found (the page says :data:`SAME_ANSWER` either way)."""
    _count_report(client_address)
    report = FoundAnimalReport.objects.create(
        municipality=municipality, species=species, description=description.strip(),
        found_at=found_at.strip(), tag_number=str(tag_number or "").strip(),
        finder_name=finder_name.strip(), finder_contact=finder_contact.strip(),
        message=message.strip())
    audit.record(actor=None, action="impoundment.found_reported", subject=report,
                 municipality=municipality,
                 summary=f"A finder reported a {report.get_species_display().lower()} found "
                         f"(Impoundment B)")
    dog = find_licensed_dog(municipality=municipality, tag_number=tag_number,
                            on=timezone.localdate())
    if dog is not None:
        entry = audit.record(actor=None, action="dog.found_reported", subject=dog,
                             municipality=municipality,
                             summary=f"A finder reported {dog.name} found (tag {tag_number})")
        write(Draft(
            kind=MessageKind.ANIMAL_FOUND, key=f"dog-found:{entry.pk}",
            subject=explain(gettext_noop("Someone found %(dog)s"), dog=dog.name),
            template=FOUND_NOTICE,
            context={"dog": dog, "owner": dog.owner, "town": municipality,
                     "tag_number": tag_number, "message": message.strip(),
                     "finder_contact": finder_contact.strip()},
            about=dog, municipality=municipality,
        ), [dog.owner])
    return report


# -- The officer's follow-up (Impoundment B(1), B(2)) -------------------------------------

def _refuse_unless_officer(report: FoundAnimalReport, acting_user: User) -> None:
    if not can_work_impoundments(acting_user, report.municipality_id):
        raise PermissionDenied("Only the town's Animal Control Officer follows up finders' "
                               "reports.")


def _refuse_unless_open(report: FoundAnimalReport) -> None:
    if report.status != FoundReportStatus.OPEN:
        raise InvalidTransition(f"This report is {report.get_status_display().lower()}.",
                                field="status")


def _audit(report: FoundAnimalReport, action: str, acting_user: User, summary: str) -> None:
    audit.record(actor=acting_user, action=f"impoundment.found_{action}", subject=report,
                 municipality=report.municipality, summary=summary,
                 after={"status": report.status})


@transaction.atomic
def request_turn_over(*, report: FoundAnimalReport, requested_on: dt.date,
                      acting_user: User) -> FoundAnimalReport:
    """The officer asked the finder to turn the animal over (Impoundment B(1))."""
    _refuse_unless_officer(report, acting_user)
    _refuse_unless_open(report)
    if not timezone.localdate(report.reported_at) <= requested_on <= timezone.localdate():
        raise DomainError("Enter a date from the report to today.", field="requested_on")
    report.turn_over_requested_on = requested_on
    report.save(update_fields=["turn_over_requested_on"])
    _audit(report, "turn_over_requested", acting_user,
           f"Turn-over requested ({cite('Impoundment B(1)')})")
    return report


@transaction.atomic
def record_turned_over(*, report: FoundAnimalReport, impoundment: Impoundment,
                       acting_user: User) -> FoundAnimalReport:
    """The animal was turned over and is in custody on ``impoundment`` (B(1))."""
    _refuse_unless_officer(report, acting_user)
    _refuse_unless_open(report)
    if impoundment.municipality_id != report.municipality_id:
        raise DomainError("Choose an impoundment of this town.", field="impoundment")
    if FoundAnimalReport.objects.filter(impoundment=impoundment).exists():
        raise DomainError("That impoundment already answers another report.",
                          field="impoundment")
    report.impoundment, report.status = impoundment, FoundReportStatus.IMPOUNDED
    report.save(update_fields=["impoundment", "status"])
    _audit(report, "turned_over", acting_user, f"Turned over: impoundment #{impoundment.pk}")
    return report


@transaction.atomic
def close_report(*, report: FoundAnimalReport, returned_to_owner: bool,
                 acting_user: User) -> FoundAnimalReport:
    """The animal is back with its owner, or nothing more is to be done."""
    _refuse_unless_officer(report, acting_user)
    _refuse_unless_open(report)
    report.status = FoundReportStatus.RETURNED if returned_to_owner else FoundReportStatus.CLOSED
    report.save(update_fields=["status"])
    _audit(report, "closed", acting_user, report.get_status_display())
    return report


def stray_case_type() -> CaseType:
    """The registered case type that may cite :data:`NOT_TURNED_OVER`."""
    return next(kind for kind in case_types(STRAY_CASE.municipality)
                if NOT_TURNED_OVER in kind.offenses)


@transaction.atomic
def cite_not_turned_over(*, report: FoundAnimalReport, acting_user: User) -> Citation:
    """Cite the finder who failed to turn the animal over on request (Impoundment B(2)):
    a case against the finder and its citation at the fine schedule's amount."""
    _refuse_unless_officer(report, acting_user)
    _refuse_unless_open(report)
    section = cite("Impoundment B(2)")
    if report.turn_over_requested_on is None:
        raise DomainError(f"Record the request to turn the animal over first ({section}).",
                          field="requested_on")
    case = open_case(
        municipality=report.municipality, case_type=stray_case_type().code, party=None,
        party_name=report.finder_name, address=report.found_at,
        complaint=(f"Found-animal report #{report.pk}: {report.description} not turned "
                   f"over on request of {report.turn_over_requested_on:%B %-d, %Y} "
                   f"({section})."),
        received_on=report.turn_over_requested_on, acting_user=acting_user)
    citation = issue_citation(case=case, offense=NOT_TURNED_OVER, acting_user=acting_user)
    report.case, report.status = case, FoundReportStatus.NOT_TURNED_OVER
    report.save(update_fields=["case", "status"])
    _audit(report, "not_turned_over", acting_user, f"Not turned over: case #{case.pk}")
    return citation
