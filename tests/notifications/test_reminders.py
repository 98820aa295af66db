"""The daily run: 30 days before a permit expires, 7 days before an order or a citation's
last day, and staff's overdue items each morning — each once, however often it runs."""

import datetime as dt
from decimal import Decimal

import pytest
from django.core.mail.backends.base import BaseEmailBackend
from django.core.management import CommandError, call_command

from permits_site.enforcement.services import issue_citation, issue_order
from permits_site.enforcement.services.orders import record_compliance
from permits_site.licensing.services.payments import record_payment
from permits_site.notifications.models import Message, MessageKind
from permits_site.notifications.reminders import (
    Reminder,
    register_reminder_source,
    reminder_draft,
    unregister_reminder_source,
)
from permits_site.notifications.services import Draft, set_preference, write
from tests.enforcement.conftest import issued_permit
from tests.factories import Role, UserFactory, staff
from tests.notifications.conftest import at
from tests.notifications.test_enforcement_events import MONDAY, case_against

pytestmark = pytest.mark.django_db
EXPIRES = dt.date(2028, 1, 3)


@pytest.fixture
def holder(db):
    return UserFactory(first_name="Sam", last_name="Stable")


@pytest.fixture
def permit(holder):
    return issued_permit(holder, issued_by=staff(Role.CLERK, "northborough"),
                         valid_from=dt.date(2027, 1, 4), valid_through=EXPIRES)


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", first_name="Al")


def test_a_permit_is_announced_30_days_before_it_expires_and_once(permit, holder, run):
    assert run(EXPIRES - dt.timedelta(days=31)) == []
    sent = run(EXPIRES - dt.timedelta(days=30))
    assert [email.to for email in sent] == [[holder.email]]
    assert "expires on Monday, January 3, 2028" in sent[0].body
    assert "Northborough Horse & Stable Regs" in sent[0].body
    assert run(EXPIRES - dt.timedelta(days=30)) == []  # run twice: nothing new
    assert run(EXPIRES - dt.timedelta(days=29)) == []  # the next morning: nothing new
    assert Message.objects.get().kind == MessageKind.PERMIT_EXPIRING


def test_a_missed_morning_is_caught_up_the_next_day(permit, run):
    assert len(run(EXPIRES - dt.timedelta(days=20))) == 1


def test_a_term_shorter_than_the_notice_gets_no_reminder(holder, run):
    issued_permit(holder, issued_by=staff(Role.CLERK, "tisbury"),
                  code="tisbury.temporary_dumpster",
                  valid_from=dt.date(2027, 12, 10), valid_through=EXPIRES)
    assert run(dt.date(2027, 12, 10)) == []
    assert run(EXPIRES - dt.timedelta(days=10)) == []


def test_a_person_who_turned_reminders_off_gets_none(permit, holder, run):
    set_preference(user=holder, skip_reminders=True)
    assert run(EXPIRES - dt.timedelta(days=30)) == []
    assert not Message.objects.exists()


def test_an_order_is_announced_7_days_before_it_falls_due(resident, aco, run):
    with at(MONDAY):
        order = issue_order(case=case_against(aco, party=resident), text="Fix the fence.",
                            citation="Restraint A", comply_within_days=10, acting_user=aco)
    assert run(order.comply_by - dt.timedelta(days=8)) == []
    sent = run(order.comply_by - dt.timedelta(days=7))
    assert [email.to for email in sent] == [[resident.email]]
    assert "Fix the fence." in sent[0].body and "Thursday, June 24, 2027" in sent[0].body
    assert run(order.comply_by - dt.timedelta(days=7)) == []


def test_an_order_complied_with_is_not_announced(resident, aco, run):
    with at(MONDAY):
        order = issue_order(case=case_against(aco, party=resident), text="Fix the fence.",
                            citation="Restraint A", comply_within_days=10, acting_user=aco)
        record_compliance(order=order, complied_on=MONDAY, acting_user=aco)
    assert run(order.comply_by - dt.timedelta(days=5)) == []


def test_a_citation_is_announced_7_days_before_its_last_day(resident, aco, run):
    with at(MONDAY):
        citation = issue_citation(case=case_against(aco, party=resident),
                                  offense="running_at_large", acting_user=aco)
    sent = run(dt.date(2027, 6, 29))
    assert [message.kind for message in Message.objects.all()] == [MessageKind.CITATION_DUE]
    assert f"citation #{citation.pk}" in sent[0].body
    assert "by Tuesday, July 6, 2027" in sent[0].body


def test_a_paid_citation_is_not_announced(resident, aco, clerk, run):
    with at(MONDAY):
        citation = issue_citation(case=case_against(aco, party=resident),
                                  offense="running_at_large", acting_user=aco)
        record_payment(invoice=citation.invoice, method="cash", reference="P-1",
                       amount=Decimal("25.00"), acting_user=clerk)
    assert run(dt.date(2027, 6, 29)) == []


def test_staff_get_one_morning_digest_of_their_towns_overdue_items(resident, aco, run):
    tisbury_staff = staff(Role.INSPECTOR, "tisbury")
    with at(MONDAY):
        order = issue_order(case=case_against(aco, party=resident), text="Fix the fence.",
                            citation="Restraint A", comply_within_days=3, acting_user=aco)
    assert aco.email not in [email.to[0] for email in run(order.comply_by)]  # due today
    day = order.comply_by + dt.timedelta(days=1)
    digests = [email for email in run(day) if email.to == [aco.email]]
    assert len(digests) == 1
    assert "Overdue by 1 day: Compliance with the order: Fix the fence." in digests[0].body
    assert "/enforcement/deadlines/" in digests[0].body
    assert run(day) == []
    assert not Message.objects.filter(recipient=tisbury_staff).exists()
    assert len(run(day + dt.timedelta(days=1))) == 1  # the next morning's digest


def test_a_date_that_is_not_a_date_is_refused_naming_the_option():
    with pytest.raises(CommandError, match="--date: '2027-13-01' is not a date"):
        call_command("send_reminders", "--date", "2027-13-01")


def test_a_message_whose_sending_failed_goes_with_the_next_run(resident, run, settings,
                                                               committed):
    settings.EMAIL_BACKEND = "tests.notifications.test_reminders.BrokenBackend"
    with at(dt.date(2027, 6, 1)), committed():
        submitted = write(Draft(kind=MessageKind.SUBMITTED, key="failed", subject="Received",
                                context={"application": None}), [resident])
    assert Message.objects.get(pk=submitted[0].pk).sent_at is None
    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
    assert [email.subject for email in run(dt.date(2027, 6, 2))] == ["Received"]
    assert Message.objects.get(pk=submitted[0].pk).sent_at is not None
    assert run(dt.date(2027, 6, 3)) == []


class BrokenBackend(BaseEmailBackend):
    """A mail server that is down."""

    def send_messages(self, email_messages):
        raise OSError("The mail server is down.")


def test_a_registered_source_is_run_once_however_often_it_is_registered(permit, holder, run):
    def season_notice(today):
        yield Reminder(reminder_draft(MessageKind.RENEWAL_NOTICE, f"season:{today.year}",
                                      "Season notice", about=None, municipality=None,
                                      what="Your permit", year=today.year + 1, due=today,
                                      citation="Test Bylaw §3", authority="Town Clerk",
                                      url="/"), [holder])

    register_reminder_source(season_notice, covers=[permit.permit_type.code])
    register_reminder_source(season_notice, covers=[permit.permit_type.code])
    try:
        sent = run(EXPIRES - dt.timedelta(days=30))
    finally:
        unregister_reminder_source(season_notice)
    assert [email.subject for email in sent] == ["Season notice"]  # no expiry reminder
    assert len(run(EXPIRES - dt.timedelta(days=29))) == 1  # unregistered: the expiry one
