"""The decisions on a case reach its party as legal notices: the determination recorded on
the case page, with the section the case is brought under and, where the case type declares
an appeal window, the last day to appeal and that period's section; an appeal's decision
with its written ruling and, where the type declares a further window, the last day of a
further appeal and its section (North Andover Code ch. 60, Hearing authority B, E, counted on
the town's Monday-to-Thursday calendar). A North Andover dog case decided on its own page is
told there — its notice of determination and ruling letters, the restraint order its finding
issues — and gets no second notice of the same decision; a kennel review's decision, whose
page prints no letter of it, is noticed to the licensee."""

import dataclasses
import datetime as dt

import pytest
from django.core import mail
from django.utils import timezone

from dogs.kennels.review import decide_kennel_review, open_kennel_review, schedule_kennel_hearing
from permits_site.enforcement.registry import case_type, registered_case_types
from permits_site.enforcement.services import open_case
from permits_site.enforcement.services.cases import decide_appeal, determine, file_appeal
from permits_site.notifications.models import Message, MessageKind
from tests.dogs.test_kennel_review import DECISION_DUE as KENNEL_DECIDED
from tests.dogs.test_kennel_review import HEARING_DUE, NOTICE_DUE, REPORT_RECEIVED
from tests.dogs.test_nuisance_appeal import ruled_appeal
from tests.factories import PermitFactory, Role, UserFactory, municipality, permit_type, staff
from tests.notifications.conftest import at

pytestmark = pytest.mark.django_db
DOG_CONTROL = "north_andover.dog_control"
SECTION = "North Andover Code ch. 60, Restraint; Limits; Feeding wildlife"
#: Wednesday, June 10, 2026; ten Monday-to-Thursday business days later is Monday, June 29.
DETERMINED = dt.date(2026, 6, 10)
FILED = dt.date(2026, 6, 15)
#: Wednesday, June 24, 2026; a further appeal runs to Monday, July 13.
RULED = dt.date(2026, 6, 24)
DETERMINATION = "The dog was seen loose on Elm St on three days this week."
RULING = "Two neighbours saw the dog loose; the gate has no latch."


@pytest.fixture
def chief(db):
    return staff(Role.HEARING_AUTHORITY, "north_andover")


@pytest.fixture
def with_appeal_windows():
    """Dog control cases as if their law set the windows of Hearing authority B and E."""
    with registered_case_types(dataclasses.replace(
            case_type(DOG_CONTROL), appeal_window="appeal_aco_decision",
            further_appeal_window="appeal_hearing_decision")):
        yield


def determined(party, aco, committed):
    with at(DETERMINED):
        case = open_case(municipality=municipality("north_andover"), case_type=DOG_CONTROL,
                         party=party, party_name=party.display_name, address="9 Elm St",
                         complaint="Dog seen loose.", received_on=timezone.localdate(),
                         acting_user=aco)
        with committed():
            return determine(case=case, determination=DETERMINATION, acting_user=aco)


def appeal_decided(case, clerk, chief, committed):
    with at(FILED):
        appeal = file_appeal(case=case, filed_on=FILED, appellant=case.party_name,
                             grounds="It was another dog.", acting_user=clerk)
    with at(RULED), committed():
        return decide_appeal(appeal=appeal, decision="Upheld", ruling=RULING, decided_on=RULED,
                             acting_user=chief)


def notice_about(record) -> Message:
    return Message.objects.get(kind=MessageKind.CASE_DECIDED, object_id=record.pk,
                               content_type__model=record._meta.model_name)


def text_of(message: Message) -> str:
    return " ".join(message.text.split())


def test_the_determination_reaches_the_party_with_the_section_of_the_case(resident, aco,
                                                                           committed):
    case = determined(resident, aco, committed)

    message = notice_about(case)
    assert message.recipient == resident and message.is_legal_notice
    assert message.subject == f"North Andover: case #{case.pk} determined"
    text = text_of(message)
    assert f"Case #{case.pk} at 9 Elm St was determined on June 10, 2026: {DETERMINATION}" in text
    assert f"The case is brought under {SECTION}." in text
    assert "appeal" not in text


@pytest.mark.usefixtures("with_appeal_windows")
def test_where_the_case_type_sets_an_appeal_window_the_last_day_to_appeal_and_its_section(
        resident, aco, committed):
    case = determined(resident, aco, committed)

    text = text_of(notice_about(case))
    assert ("Appeal an Animal Control Officer's decision in writing to the Town Clerk within 10 "
            "business days. The last day to appeal is Monday, June 29, 2026 (North Andover "
            "Code ch. 60, Hearing authority B).") in text


def test_an_appeals_decision_reaches_the_party_with_its_written_ruling(resident, aco, clerk,
                                                                        chief, committed):
    appeal = appeal_decided(determined(resident, aco, committed), clerk, chief, committed)

    message = notice_about(appeal)
    assert message.recipient == resident and message.is_legal_notice
    assert message.subject == f"North Andover: appeal on case #{appeal.case_id} decided"
    text = text_of(message)
    assert (f"The appeal on case #{appeal.case_id} at 9 Elm St was decided on June 24, 2026: "
            f"Upheld The written ruling: {RULING}") in text
    assert f"The case is brought under {SECTION}." in text
    assert "further appeal" not in text


@pytest.mark.usefixtures("with_appeal_windows")
def test_where_the_case_type_sets_a_further_window_the_last_day_of_a_further_appeal(
        resident, aco, clerk, chief, committed):
    appeal = appeal_decided(determined(resident, aco, committed), clerk, chief, committed)

    text = text_of(notice_about(appeal))
    assert ("Appeal the hearing authority's decision in writing to the Town Clerk within 10 "
            "business days. The last day for a further appeal is Monday, July 13, 2026 (North "
            "Andover Code ch. 60, Hearing authority E).") in text


def test_a_party_without_an_email_address_gets_both_as_letters_to_post(aco, clerk, chief,
                                                                       committed):
    party = UserFactory(first_name="Walt", last_name="Walker", email="",
                        street_address="3 Pond Road")
    appeal = appeal_decided(determined(party, aco, committed), clerk, chief, committed)

    letters = [notice_about(appeal.case), notice_about(appeal)]
    assert all(letter.is_letter and "3 Pond Road" in letter.postal_address
               for letter in letters)


def test_a_dog_case_decided_on_its_own_page_is_not_told_twice(resident, aco, clerk, chief,
                                                              committed):
    with committed():
        appeal = ruled_appeal(resident, aco, chief, clerk)

    assert appeal.decided_on is not None and appeal.case.determined_on is not None
    assert not Message.objects.filter(kind=MessageKind.CASE_DECIDED).exists()
    assert Message.objects.filter(kind=MessageKind.ORDER_ISSUED, recipient=resident).exists()


def test_a_kennel_reviews_decision_is_noticed_to_the_licensee(chief, committed):
    """Kennel license B(5): the hearing authority revokes, suspends, orders compliance or
    regulates; its page prints no decision letter, so the licensee is sent the notice."""
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    permit = PermitFactory(application__permit_type=permit_type("north_andover.kennel_license"),
                           holder_address="40 Kennel Road, North Andover, MA 01845")
    with at(NOTICE_DUE):
        review = open_kennel_review(permit=permit, received_on=REPORT_RECEIVED,
                                    report="Pens not cleaned.", acting_user=aco)
        schedule_kennel_hearing(case=review, notice_sent_on=NOTICE_DUE,
                                hearing_date=HEARING_DUE, acting_user=chief)
    with at(KENNEL_DECIDED), committed():
        decide_kennel_review(case=review, outcome="revoke", decided_on=KENNEL_DECIDED,
                             reasons="Dogs kept in filth.", acting_user=chief)

    [notice] = [email for email in mail.outbox if "determined" in email.subject]
    body = " ".join(notice.body.split())
    assert notice.to == [review.party.email]
    assert "Revoke the kennel license: Dogs kept in filth." in body
    assert "The case is brought under North Andover Code ch. 60, Kennel license B(4), B(5)." in body
