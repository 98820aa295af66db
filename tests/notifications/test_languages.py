"""Each person's e-mails are written in the language they saved (``User.language``), never
in the language of the clerk whose action sends them; a business's members read the
language of the member who applied. The outbox keeps each message as it was sent."""

import datetime as dt

import pytest
from django.core import mail
from django.urls import reverse
from django.utils import translation

from permits_site.enforcement.services import issue_citation, issue_order
from permits_site.enforcement.services.cases import schedule_case_hearing
from permits_site.licensing.services import applications as services
from permits_site.notifications.models import Message, MessageKind
from permits_site.parties.services import add_member, create_business
from tests.factories import MessageFactory, UserFactory
from tests.lifecycle.conftest import finish
from tests.notifications.conftest import at
from tests.notifications.test_enforcement_events import MONDAY, case_against

pytestmark = pytest.mark.django_db


def speaking(person, language: str):
    person.language = language
    person.save(update_fields=["language"])
    return person


def emails_of(kind: str) -> list:
    subjects = set(Message.objects.filter(kind=kind).values_list("subject", flat=True))
    return [email for email in mail.outbox if email.subject in subjects]


def issue_as_an_english_speaking_clerk(application, *, resident, clerk, committed):
    """The resident submits; the clerk, browsing in English, takes it to an issued permit."""
    with translation.override("en"), committed():
        services.submit_application(application=application, acting_user=resident)
        return finish(application, clerk=clerk, reference="R-1")


def test_a_portuguese_reader_gets_every_email_in_portuguese(draft, resident, clerk,
                                                           committed):
    speaking(resident, "pt-br")
    application = draft()
    permit = issue_as_an_english_speaking_clerk(application, resident=resident, clerk=clerk,
                                                committed=committed)
    [received] = emails_of(MessageKind.SUBMITTED)
    assert received.subject == "Garden Party Permit: pedido recebido"
    assert received.body.startswith("Prezado(a) Jane Smith,")
    assert f"Recebemos o seu pedido de Garden Party Permit (nº {application.pk}) em " in (
        received.body)
    assert "Todas as mensagens que enviamos a você estão em" in received.body
    [paid] = emails_of(MessageKind.PAYMENT_RECEIVED)
    assert paid.subject == "North Andover: pagamento de US$ 12,00 recebido"
    assert "Recebemos US$ 12,00 em dinheiro em " in paid.body
    assert "Referência do pagamento: R-1." in paid.body
    assert "A fatura está totalmente paga. Obrigado." in paid.body
    [issued] = emails_of(MessageKind.ISSUED)
    assert issued.subject == f"Garden Party Permit {permit.number}: emissão concluída"
    assert f"Sua licença Garden Party Permit foi emitida: número {permit.number}, de " in (
        issued.body)
    assert "Baixe a licença (PDF):" in issued.body
    html, _ = issued.alternatives[0]
    assert '<html lang="pt-br">' in html and "emissão concluída" in html
    assert not any("We received" in email.body or "Dear" in email.body
                   for email in mail.outbox)


def test_the_permit_types_name_reads_as_the_admin_gave_it_in_the_readers_language(
        draft, resident, clerk, committed):
    speaking(resident, "pt-br")
    application = draft()
    application.permit_type.name_pt_br = "Licença de festa no jardim"
    application.permit_type.save(update_fields=["name_pt_br"])

    issue_as_an_english_speaking_clerk(application, resident=resident, clerk=clerk,
                                       committed=committed)

    [received] = emails_of(MessageKind.SUBMITTED)
    assert received.subject == "Licença de festa no jardim: pedido recebido"
    assert "Recebemos o seu pedido de Licença de festa no jardim (nº" in received.body


def test_a_spanish_reader_gets_the_dates_and_amounts_their_way(draft, resident, clerk,
                                                              committed):
    speaking(resident, "es")
    application = draft()
    permit = issue_as_an_english_speaking_clerk(application, resident=resident, clerk=clerk,
                                                committed=committed)
    [received] = emails_of(MessageKind.SUBMITTED)
    assert received.subject == "Garden Party Permit: solicitud recibida"
    assert received.body.startswith("Estimado(a) Jane Smith:")
    day = application.submitted_on
    assert f"el {day.day} de " in received.body and f" de {day.year}." in received.body
    [paid] = emails_of(MessageKind.PAYMENT_RECEIVED)
    assert paid.subject == "North Andover: pago de US$ 12,00 recibido"
    assert "La factura está pagada por completo. Gracias." in paid.body
    [issued] = emails_of(MessageKind.ISSUED)
    assert issued.subject == f"Garden Party Permit {permit.number}: emisión completada"
    assert "Cualquier persona puede comprobar que es auténtica" in issued.body


def test_the_clerks_language_never_reaches_an_english_reader(draft, resident, clerk,
                                                            committed):
    application = draft()
    services.submit_application(application=application, acting_user=resident)
    with translation.override("pt-br"), committed():
        permit = finish(application, clerk=clerk, reference="R-1")
    paid, approved, issued = mail.outbox
    assert paid.subject == "North Andover: payment of $12.00 received"
    assert paid.body.startswith("Dear Jane Smith,")
    assert "We received $12.00 in cash on " in paid.body
    assert "Payment reference: R-1." in paid.body
    assert approved.subject == "Garden Party Permit: application approved"
    assert issued.subject == f"Garden Party Permit {permit.number} issued"
    assert f"Your Garden Party Permit is issued: number {permit.number}, " in issued.body
    assert '<html lang="en">' in issued.alternatives[0][0]
    assert set(Message.objects.values_list("language", flat=True)) == {"en"}


def test_a_business_is_told_in_the_language_of_the_member_who_applied(draft, resident,
                                                                     committed):
    speaking(resident, "pt-br")
    partner = speaking(UserFactory(username="ben"), "es")
    business = create_business(legal_name="Harbor Events LLC", kind="llc",
                               mailing_address="1 Main Street", acting_user=resident)
    add_member(business=business, username="ben", acting_user=resident)
    with committed():
        services.submit_application(application=draft(business=business),
                                    acting_user=resident)
    assert sorted(email.to[0] for email in mail.outbox) == sorted(
        [resident.email, partner.email])
    assert {email.subject for email in mail.outbox} == {"Garden Party Permit: pedido recebido"}
    assert set(Message.objects.values_list("language", flat=True)) == {"pt-br"}


def test_the_outbox_keeps_what_was_sent_in_its_language(draft, resident, committed):
    speaking(resident, "pt-br")
    with committed():
        services.submit_application(application=draft(), acting_user=resident)
    message = Message.objects.get()
    [email] = mail.outbox
    assert (message.language, message.subject, message.text) == (
        "pt-br", email.subject, email.body)
    speaking(resident, "en")
    message.refresh_from_db()
    assert message.subject == "Garden Party Permit: pedido recebido"


def test_the_messages_page_marks_each_message_with_its_own_language(
        client, resident, django_assert_num_queries):
    MessageFactory(recipient=resident, subject="Pedido recebido", text="Recebemos o pedido.",
                   html="", language="pt-br")
    MessageFactory(recipient=resident, subject="Application received", text="We received it.",
                   html="")
    client.force_login(resident)
    with django_assert_num_queries(5):  # sign-in, user, roles, preference, page with count
        page = client.get(reverse("notifications:messages")).content.decode()
    assert '<h3 class="h6 mb-1" lang="pt-br">Pedido recebido</h3>' in page
    assert '<h3 class="h6 mb-1" lang="en">Application received</h3>' in page
    assert '<div class="mt-2 message-text" lang="pt-br">' in page


def test_a_spanish_party_reads_the_hearing_and_the_citation_in_spanish(resident, aco,
                                                                      committed):
    speaking(resident, "es")
    with at(MONDAY), translation.override("en"):
        case = case_against(aco, party=resident)
        with committed():
            schedule_case_hearing(case=case, notice_sent_on=MONDAY,
                                  hearing_date=dt.date(2027, 6, 28), acting_user=aco,
                                  hearing_time=dt.time(19), location="Town Hall")
            issue_citation(case=case, offense="running_at_large", acting_user=aco)
    hearing, citation = mail.outbox
    assert hearing.subject == "North Andover: audiencia el 28 de junio"
    assert f"Hay una audiencia sobre el caso n.º {case.pk} en 9 Elm St fijada para el lunes, " \
           "28 de junio de 2027 a las 19:00: Town Hall." in hearing.body
    assert "La multa es de US$ 25,00." in citation.body
    assert "a más tardar el martes, 6 de julio de 2027" in citation.body
    assert "(North Andover Code ch. 60, Restraint A)" in citation.body  # the law stays English


def test_staff_are_written_to_in_english_whatever_language_they_chose(resident, aco, run):
    speaking(aco, "pt-br")
    with at(MONDAY):
        case = case_against(aco, party=resident)
        issue_order(case=case, text="Fix the fence.", citation="Restraint A",
                    comply_within_days=3, acting_user=aco)
    day = MONDAY + dt.timedelta(days=7)
    [digest] = [email for email in run(day) if email.to == [aco.email]]
    assert digest.body.startswith("Dear ")
    assert Message.objects.get(kind=MessageKind.STAFF_DIGEST).language == "en"
