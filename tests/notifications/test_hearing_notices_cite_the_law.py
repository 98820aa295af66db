"""Every hearing notice names the section it is held under, as every other legal notice
does: an application's public hearing its permit type's hearing section (Northborough Horse
& Stable Regs §2.2), a case's hearing, its continuance and an appeal's public hearing the
section the case is brought under, and a citation's hearing the town's non-criminal
disposition (North Andover Code ch. 60, Non-criminal disposition; MGL c.40 §21D)."""

import datetime as dt

import pytest
from django.core import mail
from django.utils import timezone

from permits_site.enforcement.services import continue_case_hearing, issue_citation, open_case
from permits_site.enforcement.services.cases import schedule_appeal_hearing, schedule_case_hearing
from permits_site.enforcement.services.dispositions import request_hearing, set_hearing_date
from permits_site.licensing.services.hearings import schedule_hearing
from tests.factories import AppealFactory, Role, municipality, staff
from tests.licensing.test_hearings import (  # noqa: F401 -- stable_kind, a fixture
    ABUTTERS,
    stable_kind,
    submitted_application,
)
from tests.notifications.conftest import at

pytestmark = pytest.mark.django_db
MONDAY = dt.date(2027, 6, 14)
HEARING_DAY = dt.date(2027, 6, 28)
SEVEN_PM = dt.time(19)
DOG_CONTROL_SECTION = "North Andover Code ch. 60, Restraint; Limits; Feeding wildlife"


def body_of(notice) -> str:
    return " ".join(notice.body.split())


@pytest.fixture
def chief(db):
    return staff(Role.HEARING_AUTHORITY, "north_andover")


@pytest.fixture
def case(resident, aco):
    with at(MONDAY):
        return open_case(municipality=municipality("north_andover"),
                         case_type="north_andover.dog_control", party=resident,
                         party_name="Jane Smith", address="9 Elm St",
                         complaint="Dog seen loose.", received_on=timezone.localdate(),
                         acting_user=aco)


def test_a_case_hearing_names_the_section_the_case_is_brought_under(case, aco, committed):
    with at(MONDAY), committed():
        schedule_case_hearing(case=case, notice_sent_on=MONDAY, hearing_date=HEARING_DAY,
                              hearing_time=SEVEN_PM, location="Town Hall", acting_user=aco)

    assert f"It is held under {DOG_CONTROL_SECTION}." in body_of(mail.outbox[-1])


def test_a_continued_case_hearing_names_it_again(case, aco, chief, committed):
    with at(MONDAY):
        hearing = schedule_case_hearing(case=case, notice_sent_on=MONDAY,
                                        hearing_date=HEARING_DAY, hearing_time=SEVEN_PM,
                                        location="Town Hall", acting_user=aco)
        with committed():
            continue_case_hearing(hearing=hearing, hearing_date=dt.date(2027, 6, 29),
                                  hearing_time=SEVEN_PM, location="Town Hall",
                                  reason="The room is taken.", acting_user=chief)

    body = body_of(mail.outbox[-1])
    assert "has been continued" in body
    assert f"It is held under {DOG_CONTROL_SECTION}." in body


def test_an_appeals_public_hearing_names_it(case, chief, committed):
    with at(MONDAY):
        appeal = AppealFactory(case=case, filed_on=MONDAY)
        with committed():
            schedule_appeal_hearing(appeal=appeal, hearing_date=HEARING_DAY,
                                    hearing_time=SEVEN_PM, location="Town Hall",
                                    acting_user=chief)

    body = body_of(mail.outbox[-1])
    assert f"the appeal on case #{case.pk}" in body
    assert f"It is held under {DOG_CONTROL_SECTION}." in body


def test_a_citation_hearing_names_the_towns_non_criminal_disposition(
    case, resident, aco, chief, committed
):
    with at(MONDAY):
        citation = issue_citation(case=case, offense="running_at_large", acting_user=aco)
        request_hearing(citation=citation, acting_user=resident)
        with committed():
            set_hearing_date(citation=citation, hearing_date=HEARING_DAY,
                             hearing_time=SEVEN_PM, location="Town Hall", acting_user=chief)

    body = body_of(mail.outbox[-1])
    assert f"citation #{citation.pk}" in body
    assert ("It is held under North Andover Code ch. 60, Non-criminal disposition A, B."
            in body)


@pytest.mark.usefixtures("stable_kind")
def test_an_application_hearing_names_its_permit_types_hearing_section(
    northborough_clerk, committed
):
    with at(dt.date(2030, 7, 1)), committed():
        schedule_hearing(application=submitted_application(), hearing_date=dt.date(2030, 7, 16),
                         notices_mailed_on=dt.date(2030, 7, 1), hearing_time=SEVEN_PM,
                         location="Town Hall", abutters=ABUTTERS,
                         acting_user=northborough_clerk)

    body = body_of(mail.outbox[-1])
    assert "private stable permit application" in body
    assert "It is held under Northborough Horse & Stable Regs §2.2." in body


def test_a_case_of_a_type_no_longer_registered_names_no_section(resident, aco, committed):
    with at(MONDAY):
        case = open_case(municipality=municipality("north_andover"),
                         case_type="north_andover.dog_control", party=resident,
                         party_name="Jane Smith", address="9 Elm St",
                         complaint="Dog seen loose.", received_on=timezone.localdate(),
                         acting_user=aco)
        case.case_type = "north_andover.withdrawn_type"
        case.save(update_fields=["case_type"])
        with committed():
            schedule_case_hearing(case=case, notice_sent_on=MONDAY, hearing_date=HEARING_DAY,
                                  hearing_time=SEVEN_PM, location="Town Hall", acting_user=aco)

    body = body_of(mail.outbox[-1])
    assert f"A hearing on case #{case.pk} at 9 Elm St is set for" in body
    assert "held under" not in body
