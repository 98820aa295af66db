"""Each change that concerns a person or business sends one email after commit."""

import datetime as dt
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.core import mail
from django.core.mail import EmailMultiAlternatives
from django.utils import timezone

from permits_site.audit.models import AuditEntry
from permits_site.licensing.services import applications as services
from permits_site.licensing.services.payments import record_payment
from permits_site.notifications import services as notification_services
from permits_site.notifications.models import Message, MessageKind
from permits_site.notifications.tasks import send_event_messages
from permits_site.parties.services import add_member, create_business
from tests.factories import UserFactory
from tests.lifecycle.conftest import finish

pytestmark = pytest.mark.django_db


def kinds() -> list[str]:
    return list(Message.objects.order_by("pk").values_list("kind", flat=True))


def test_submitting_sends_the_applicant_one_email_after_commit(draft, resident, committed):
    application = draft()
    with committed():
        services.submit_application(application=application, acting_user=resident)
        assert mail.outbox == []  # nothing leaves before the change commits
    assert len(mail.outbox) == 1
    email = mail.outbox[0]
    assert email.to == [resident.email]
    assert email.subject == "Garden Party Permit: application received"
    assert f"/applications/{application.pk}/" in email.body
    html, mimetype = email.alternatives[0]
    assert mimetype == "text/html" and "application received" in html
    message = Message.objects.get()
    assert message.sent_at is not None and message.recipient == resident


def test_a_change_that_does_not_commit_sends_nothing(draft, resident,
                                                     django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        services.submit_application(application=draft(), acting_user=resident)
    assert callbacks and mail.outbox == [] and not Message.objects.exists()


def test_handling_the_same_change_again_sends_nothing_new(draft, resident, committed):
    with committed():
        services.submit_application(application=draft(), acting_user=resident)
    entry = AuditEntry.objects.get(action="application.submitted")
    with committed():
        send_event_messages.call(entry.pk)
    assert len(mail.outbox) == 1 and Message.objects.count() == 1


def test_changes_requested_says_what_to_change(draft, resident, clerk, committed):
    application = draft()
    services.submit_application(application=application, acting_user=resident)
    with committed():
        services.request_changes(application=application, acting_user=clerk,
                                 message="Attach the site plan showing the tent.")
    assert kinds() == [MessageKind.CHANGES_REQUESTED]
    assert "Attach the site plan showing the tent." in mail.outbox[0].body


def test_a_denial_gives_the_reason_and_the_appeal_route(draft, resident, clerk, committed):
    application = draft()
    services.submit_application(application=application, acting_user=resident)
    with committed():
        services.deny_application(application=application, acting_user=clerk,
                                  reason="The garden is in the flood zone.")
    message = Message.objects.get()
    assert message.kind == MessageKind.DENIED and message.is_legal_notice
    assert "The garden is in the flood zone." in message.text
    assert "If you disagree: write to the Town Clerk of North Andover" in message.text
    assert "Test Bylaw §1" in message.text


def test_approval_payment_and_issue_each_send_one_email(draft, resident, clerk, committed):
    application = draft()
    services.submit_application(application=application, acting_user=resident)
    with committed():
        permit = finish(application, clerk=clerk, reference="R-1")
    assert kinds() == [MessageKind.PAYMENT_RECEIVED, MessageKind.APPROVED, MessageKind.ISSUED]
    paid, approved, issued = mail.outbox
    assert "We received $12.00 in cash on " in paid.body
    assert "Payment reference: R-1." in paid.body
    assert "paid in full" in paid.body
    assert issued.subject == f"Garden Party Permit {permit.number} issued"
    assert f"/permits/{permit.pk}/pdf/" in issued.body
    assert all(email.to == [resident.email] for email in mail.outbox)


def test_a_partial_payment_says_what_is_left(draft, resident, clerk, committed):
    application = draft()
    services.submit_application(application=application, acting_user=resident)
    invoice = services.current_invoice(application)
    with committed():
        record_payment(invoice=invoice, method="check", reference="C-7", amount=Decimal("5.00"),
                       acting_user=clerk)
    assert "Still to pay on this invoice: $7.00." in mail.outbox[0].body


def test_every_member_of_a_business_hears_of_its_application(draft, resident, committed):
    partner = UserFactory(username="ben")
    business = create_business(legal_name="Harbor Events LLC", kind="llc",
                               mailing_address="1 Main Street", acting_user=resident)
    add_member(business=business, username="ben", acting_user=resident)
    stranger = UserFactory()
    with committed():
        services.submit_application(application=draft(business=business),
                                    acting_user=resident)
    assert sorted(email.to[0] for email in mail.outbox) == sorted(
        [resident.email, partner.email])
    assert stranger.email not in [email.to[0] for email in mail.outbox]


def test_resident_emails_name_no_internal_rule_ids(draft, resident, clerk, committed):
    application = draft()
    with committed():
        services.submit_application(application=application, acting_user=resident)
        finish(application, clerk=clerk, reference="R-2")
    assert mail.outbox
    assert not any("garden." in email.body for email in mail.outbox)


def test_the_task_that_writes_a_changes_messages_sends_them(draft, resident, committed,
                                                            monkeypatch):
    """One background task per audited change: it writes the messages and, once they
    commit, sends them itself rather than queueing one more task per message."""
    queued = []
    monkeypatch.setattr(notification_services, "deliver_message",
                        SimpleNamespace(enqueue=queued.append))
    with committed():
        services.submit_application(application=draft(), acting_user=resident)
    assert queued == []
    assert len(mail.outbox) == 1 and Message.objects.get().sent_at is not None


def test_a_send_that_fails_leaves_the_others_sent_and_is_retried(draft, resident, committed,
                                                                monkeypatch):
    partner = UserFactory(username="ben")
    business = create_business(legal_name="Harbor Events LLC", kind="llc",
                               mailing_address="1 Main Street", acting_user=resident)
    add_member(business=business, username="ben", acting_user=resident)
    send = EmailMultiAlternatives.send

    def mail_server_refusing_the_resident(email, *args, **kwargs):
        if email.to == [resident.email]:
            raise ConnectionRefusedError("the mail server is down")
        return send(email, *args, **kwargs)

    monkeypatch.setattr(EmailMultiAlternatives, "send", mail_server_refusing_the_resident)
    with committed():
        services.submit_application(application=draft(business=business),
                                    acting_user=resident)
    assert [email.to for email in mail.outbox] == [[partner.email]]
    unsent = Message.objects.get(sent_at__isnull=True)
    assert unsent.recipient == resident

    monkeypatch.setattr(EmailMultiAlternatives, "send", send)
    with committed():
        assert notification_services.retry_unsent(older_than=dt.timedelta(0)) == 1
    assert [email.to for email in mail.outbox] == [[partner.email], [resident.email]]
    assert not Message.objects.filter(sent_at__isnull=True).exists()


@pytest.mark.parametrize(("method", "paid_by"), [
    ("card", "by card"), ("cash", "in cash"), ("check", "by check"),
    ("money_order", "by money order"),
])
def test_the_payment_email_says_plainly_how_it_was_paid_and_its_reference(
    draft, resident, clerk, committed, method, paid_by
):
    application = draft()
    services.submit_application(application=application, acting_user=resident)
    invoice = application.invoices.get()
    mail.outbox.clear()
    with committed():
        record_payment(invoice=invoice, method=method, reference="pi_3Q8x", amount=invoice.total,
                       acting_user=clerk)

    [paid] = mail.outbox
    body = " ".join(paid.body.split())
    day = timezone.localdate()
    assert (f"We received $12.00 {paid_by} on {day:%B} {day.day}, {day.year} for invoice "
            f"#{invoice.pk}. Payment reference: pi_3Q8x.") in body
    assert "processor reference" not in body and f"({method}" not in body
