"""The notices of an application's course and of a citation hearing's decision name the
section of the law they are made under, as every legal notice does: the permit type's
section for an approval, a request for changes and an issued permit; for an inspection, the
section requiring it of an application (the gate's: Kennel license B(3)), the permit type's
for a permit's; for a citation hearing, the town's non-criminal disposition. An open-ended
term reads "from" its first day, in the notice and on the license PDF."""

import datetime as dt

import pytest

from permits_site import audit
from permits_site.enforcement.services import schedule_inspection
from permits_site.licensing.models import ApplicationStatus
from permits_site.licensing.models.permits import OPEN_ENDED
from permits_site.licensing.services import applications as services
from permits_site.notifications.models import Message, MessageKind
from tests.enforcement.conftest import issued_permit, sanitary_inspection
from tests.factories import (
    ApplicationFactory,
    HorseFactory,
    PermitFactory,
    Role,
    UserFactory,
    municipality,
    permit_type,
    staff,
)
from tests.lifecycle.conftest import finish
from tests.notifications.conftest import at
from tests.notifications.test_citation_hearing_decided import decided, heard
from tests.tisbury.support import pdf_text

pytestmark = pytest.mark.django_db
GARDEN_PARTY_SECTION = "Test Bylaw §1"
#: Monday, December 7, 2026.
MONDAY = dt.date(2026, 12, 7)


def text_of(kind: str) -> str:
    return " ".join(Message.objects.get(kind=kind).text.split())


@pytest.fixture
def chief(db):
    return staff(Role.HEARING_AUTHORITY, "north_andover")


def test_approval_and_issue_name_the_permit_types_section(draft, resident, clerk, committed):
    application = draft()
    services.submit_application(application=application, acting_user=resident)
    with committed():
        finish(application, clerk=clerk, reference="R-1")

    assert (f"The application was decided under {GARDEN_PARTY_SECTION}."
            in text_of(MessageKind.APPROVED))
    assert f"It is issued under {GARDEN_PARTY_SECTION}." in text_of(MessageKind.ISSUED)


def test_a_request_for_changes_names_the_section_the_application_is_reviewed_under(
        draft, resident, clerk, committed):
    application = draft()
    services.submit_application(application=application, acting_user=resident)
    with committed():
        services.request_changes(application=application, acting_user=clerk,
                                 message="Attach the site plan showing the tent.")

    assert (f"The application is reviewed under {GARDEN_PARTY_SECTION}."
            in text_of(MessageKind.CHANGES_REQUESTED))


def test_an_applications_inspection_names_the_section_requiring_it(resident, committed):
    application = ApplicationFactory(permit_type=permit_type("north_andover.kennel_license"),
                                     applicant=resident, status=ApplicationStatus.SUBMITTED)
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    with at(MONDAY), committed():
        schedule_inspection(municipality=municipality("north_andover"),
                            check_code="north_andover.kennel_inspection",
                            scheduled_for=MONDAY + dt.timedelta(days=3), inspector=officer,
                            application=application, acting_user=officer)

    assert ("The inspection is made under North Andover Code ch. 60, Kennel license B(3)."
            in text_of(MessageKind.INSPECTION_SCHEDULED))


def test_a_permits_inspection_names_the_permit_types_section(committed):
    permit = issued_permit(UserFactory(), issued_by=staff(Role.CLERK, "northborough"))
    with at(MONDAY), committed():
        sanitary_inspection(permit, staff(Role.INSPECTOR, "northborough"),
                            on=MONDAY + dt.timedelta(days=3))

    assert ("The inspection is made under Northborough Horse & Stable Regs §2."
            in text_of(MessageKind.INSPECTION_SCHEDULED))


def test_a_citation_hearings_decision_names_the_towns_non_criminal_disposition(
        resident, aco, chief, committed):
    message = decided(heard(resident, aco, chief), chief, committed, outcome="upheld")

    assert ("The hearing was held under North Andover Code ch. 60, Non-criminal disposition "
            "A, B.") in " ".join(message.text.split())


def test_an_open_ended_term_reads_from_its_first_day_in_the_notice_and_on_the_license(
        committed):
    horse = HorseFactory(name="Juniper")
    permit = PermitFactory(application=horse.registration, valid_from=dt.date(2027, 1, 4),
                           valid_through=OPEN_ENDED)
    with committed():
        audit.record(actor=staff(Role.CLERK, "northborough"), action="permit.issued",
                     subject=permit, municipality=permit.municipality,
                     summary=f"Permit {permit.number} issued")

    notice = text_of(MessageKind.ISSUED)
    assert (f"is issued: number {permit.number}, from January 4, 2027: until the horse leaves "
            "town") in notice
    assert "It is issued under Northborough Horse & Stable Regs §3.2." in notice
    assert permit.term_text.startswith("from January 4, 2027: until the horse leaves town")
    assert "Valid from January 4, 2027" in pdf_text(permit)
