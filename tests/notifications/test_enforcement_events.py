"""Legal notices: a citation, an order and a hearing reach the party (every member of a
business), whatever their reminder preference."""

import datetime as dt

import pytest
from django.core import mail
from django.utils import timezone

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.services import issue_citation, issue_order, open_case
from permits_site.enforcement.services.cases import schedule_case_hearing
from permits_site.licensing.services.applications import submit_application
from permits_site.licensing.services.hearings import schedule_hearing
from permits_site.notifications.models import Message, MessageKind
from permits_site.notifications.services import set_preference
from permits_site.notifications.tasks import send_event_messages
from permits_site.parties.services import add_member, create_business
from tests.declared import GardenPartyKind
from tests.factories import UserFactory, municipality
from tests.notifications.conftest import at

pytestmark = pytest.mark.django_db
#: Monday 14 June 2027: North Andover's 21 days end on Tuesday 6 July (July 5 observed).
MONDAY = dt.date(2027, 6, 14)


def case_against(aco, *, party=None, business=None):
    return open_case(municipality=municipality("north_andover"),
                     case_type="north_andover.dog_control", party=party,
                     party_business=business, party_name="Jane Smith", address="9 Elm St",
                     complaint="Dog seen loose.", received_on=timezone.localdate(),
                     acting_user=aco)


def test_a_citation_tells_the_amount_the_section_and_the_last_day(resident, aco, committed):
    set_preference(user=resident, skip_reminders=True)
    with at(MONDAY):
        case = case_against(aco, party=resident)
        with committed():
            citation = issue_citation(case=case, offense="running_at_large", acting_user=aco)
    message = Message.objects.get()
    assert message.kind == MessageKind.CITATION_ISSUED and message.is_legal_notice
    body = mail.outbox[0].body
    assert "North Andover Code ch. 60, Restraint A" in body
    assert "The fine is $25.00." in body
    assert "by Tuesday, July 6, 2027" in body
    assert f"/citations/{citation.pk}/" in body


def test_an_order_goes_to_every_member_of_the_business(resident, aco, committed):
    partner = UserFactory(username="ben")
    business = create_business(legal_name="Kennel Co", kind="llc",
                               mailing_address="9 Elm St", acting_user=resident)
    add_member(business=business, username="ben", acting_user=resident)
    with at(MONDAY):
        case = case_against(aco, business=business)
        with committed():
            issue_order(case=case, text="Fix the fence.", citation="Restraint A",
                        comply_within_days=10, acting_user=aco)
    assert sorted(email.to[0] for email in mail.outbox) == sorted([resident.email,
                                                                  partner.email])
    assert "Fix the fence." in mail.outbox[0].body
    assert "by Thursday, June 24, 2027" in mail.outbox[0].body


def test_a_case_hearing_names_its_date(resident, aco, committed):
    with at(MONDAY):
        case = case_against(aco, party=resident)
        with committed():
            schedule_case_hearing(case=case, notice_sent_on=MONDAY,
                                  hearing_date=dt.date(2027, 6, 28), acting_user=aco)
    assert [message.kind for message in Message.objects.all()] == [
        MessageKind.HEARING_SCHEDULED]
    assert f"case #{case.pk} at 9 Elm St is set for Monday, June 28, 2027." in mail.outbox[0].body


def test_a_case_hearing_names_its_hour_and_place(resident, aco, committed):
    with at(MONDAY):
        case = case_against(aco, party=resident)
        with committed():
            schedule_case_hearing(case=case, notice_sent_on=MONDAY,
                                  hearing_date=dt.date(2027, 6, 28), acting_user=aco,
                                  hearing_time=dt.time(18, 30), location="Town Hall, Room 2")
    assert "is set for Monday, June 28, 2027 at 6:30 PM: Town Hall, Room 2." in (
        mail.outbox[0].body)


def test_a_hearing_set_without_its_hour_and_place_takes_the_towns_usual_ones(
        resident, aco, committed):
    town = municipality("north_andover")
    town.hearing_time, town.hearing_place = dt.time(19), "Town Hall, 120 Main Street"
    town.save()
    with at(MONDAY):
        case = case_against(aco, party=resident)
        with committed():
            hearing = schedule_case_hearing(case=case, notice_sent_on=MONDAY,
                                            hearing_date=dt.date(2027, 6, 28), acting_user=aco,
                                            location="  ")
    assert (hearing.hearing_time, hearing.location) == (dt.time(19),
                                                        "Town Hall, 120 Main Street")
    assert "Monday, June 28, 2027 at 7:00 PM: Town Hall, 120 Main Street." in (
        mail.outbox[0].body)


def test_an_application_hearing_names_its_date_and_place(draft, resident, clerk, committed,
                                                         monkeypatch):
    monkeypatch.setattr(GardenPartyKind, "hearing_notice_days", 10)
    application = draft()
    with at(MONDAY):
        submit_application(application=application, acting_user=resident)
        with committed():
            schedule_hearing(application=application, hearing_date=dt.date(2027, 6, 30),
                             notices_mailed_on=MONDAY, location="7 PM, Town Hall",
                             abutters=[{"name": "Ann Abbot", "mailing_address": "3 Elm St"}],
                             acting_user=clerk)
    assert "Wednesday, June 30, 2027: 7 PM, Town Hall" in mail.outbox[0].body
    assert mail.outbox[0].to == [resident.email]


def test_a_case_without_a_known_party_writes_nothing(aco):
    with at(MONDAY):
        issue_citation(case=case_against(aco), offense="running_at_large", acting_user=aco)
    send_event_messages.call(AuditEntry.objects.get(action="case.citation_issued").pk)
    assert mail.outbox == [] and not Message.objects.exists()
