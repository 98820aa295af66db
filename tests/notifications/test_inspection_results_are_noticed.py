"""The result of an application's inspection reaches the applicant as a legal notice, naming
the section that requires the visit: not passed, each finding with its section and that the
permit waits for a visit passed, another being arranged once what was found is corrected;
passed, that the office goes on with the application (Tisbury's dumpster site visit, BOH Reg
09.2.3, 09.2.4). A visit to a permit is followed by its case's notices, not this one. The
application page no longer says, after a visit not passed, only that the visit will be
arranged."""

import datetime as dt

import pytest
from django.urls import reverse

from permits_site.enforcement.services import close_inspection, schedule_inspection
from permits_site.licensing.models import Application
from permits_site.notifications.models import Message, MessageKind
from tests.enforcement.conftest import failed_inspection, issued_permit
from tests.factories import Role, UserFactory, staff
from tests.notifications.conftest import at
from tests.tisbury.test_conditions_and_gates import submitted
from tests.tisbury.test_every_permit_type import DUMPSTER_VISIT

pytestmark = pytest.mark.django_db
#: Monday, June 3, 2030, a Tisbury business day.
TODAY = dt.date(2030, 6, 3)
SECTION = "Tisbury BOH Reg 09.2.5(1)"


@pytest.fixture
def tisbury_clerk(db):
    return staff(Role.CLERK, "tisbury")


@pytest.fixture
def agent(db):
    return staff(Role.INSPECTOR, "tisbury", first_name="Ian", last_name="Agent")


@pytest.fixture
def application(resident, tisbury_clerk):
    """A dumpster permit application, submitted, waiting for its site visit."""
    with at(TODAY):
        return Application.objects.get(pk=submitted(resident, tisbury_clerk,
                                                     "tisbury.dumpster", {})["id"])


def visited(application, agent, clerk, committed, **answers) -> Message:
    with at(TODAY):
        inspection = schedule_inspection(
            municipality=application.municipality, check_code="tisbury.dumpster_site_visit",
            scheduled_for=TODAY, inspector=agent, application=application, acting_user=clerk)
        with committed():
            close_inspection(inspection=inspection, answers={**DUMPSTER_VISIT, **answers},
                             acting_user=agent)
    return Message.objects.get(kind=MessageKind.INSPECTION_RESULT)


def text_of(message: Message) -> str:
    return " ".join(message.text.split())


def test_a_visit_not_passed_gives_the_applicant_each_finding_with_its_section(
        application, resident, agent, tisbury_clerk, committed):
    message = visited(application, agent, tisbury_clerk, committed, lid_closed=False,
                      no_overflow=False)

    assert message.recipient == resident and message.is_legal_notice
    assert message.subject == "Tisbury: inspection of June 3 not passed"
    text = text_of(message)
    assert (f"The inspection of Monday, June 3, 2030 at {application.place.full_address} for "
            f"your dumpster permit application was not passed ({SECTION}). What was found: "
            "- The dumpster's lid is open. (Tisbury BOH Reg 09.2.4(1)) "
            "- The dumpster overflows. (Tisbury BOH Reg 09.2.4(2))") in text
    assert ("The permit is not issued until a visit is passed: correct what was found, and the "
            "Board of Health will arrange another visit; you will get an e-mail with its "
            "date.") in text
    assert f"/applications/{application.pk}/" in text


def test_a_visit_passed_tells_the_applicant_the_office_goes_on(application, resident, agent,
                                                                tisbury_clerk, committed):
    message = visited(application, agent, tisbury_clerk, committed)

    assert message.subject == "Tisbury: inspection of June 3 passed"
    text = text_of(message)
    assert (f"The inspection of Monday, June 3, 2030 at {application.place.full_address} for "
            f"your dumpster permit application was passed ({SECTION}).") in text
    assert "The Board of Health goes on with your application" in text
    assert "What was found" not in text


def test_a_permits_inspection_is_followed_by_its_case_not_by_this_notice(committed):
    inspector = staff(Role.INSPECTOR, "northborough")
    permit = issued_permit(UserFactory(), issued_by=staff(Role.CLERK, "northborough"))
    with at(TODAY), committed():
        failed_inspection(permit, inspector, on=TODAY)

    assert not Message.objects.filter(kind=MessageKind.INSPECTION_RESULT).exists()


def test_after_a_visit_not_passed_the_page_says_another_is_arranged(
        client, application, resident, agent, tisbury_clerk, committed):
    visited(application, agent, tisbury_clerk, committed, lid_closed=False)

    with at(TODAY):
        client.force_login(resident)
        page = client.get(reverse("licensing:application", args=[application.pk]))

    next_step = " ".join(page.content.decode().split('id="next-step"')[1].split("</p>")[0]
                         .split())
    assert "and another after a visit not passed" in next_step
    assert "when it is scheduled" not in next_step
