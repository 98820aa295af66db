"""The printable citation (MGL c.40 §21D): the staff who see a citation and the person cited
print the same paper — the offense and its section, the date, the amount, how to pay and how
to ask for a hearing by the window's last day — and nobody else gets it. The citation's pages
print as the citation too, without the site's navigation, forms or buttons."""

import datetime as dt
import re
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from permits_site.enforcement.services import issue_citation, open_case
from permits_site.enforcement.services.dispositions import (
    decide_hearing,
    request_hearing,
    set_hearing_date,
)
from permits_site.online_payments.services import save_office
from tests.e2e.plain_language import pdf_title_and_text
from tests.enforcement.conftest import DOG_COMPLAINT, MONDAY
from tests.factories import Role, UserFactory, municipality, staff

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]

AFTER_WINDOW = dt.datetime(2027, 6, 29, 9, 0)
THURSDAY = dt.date(2027, 6, 10)


@pytest.fixture
def citation(officer, resident):
    """Running at large, a first offense: $25, due in 21 days (ch. 60, Non-criminal
    disposition)."""
    town = municipality("north_andover")
    save_office(municipality=town, acting_user=staff(Role.ADMIN, "north_andover"),
                office="Town Clerk's office", address="120 Main Street, North Andover",
                hours="Monday–Thursday", accepts="Cash or check", payee="Town of North Andover",
                phone="(978) 555-0101", convenience_fee="0.00")
    case = open_case(municipality=town, case_type=DOG_COMPLAINT.code, party=resident,
                     party_business=None, party_name="Jane Smith", address="1 Main St",
                     complaint="Dog loose on Main St.", received_on=MONDAY.date(),
                     acting_user=officer)
    return issue_citation(case=case, offense="running_at_large", acting_user=officer)


def staff_pdf(citation):
    return reverse("enforcement:citation_pdf", args=[citation.pk])


def own_pdf(citation):
    return reverse("citations:pdf", args=[citation.pk])


def text_of(response) -> str:
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    return pdf_title_and_text(response.content)[1]


def test_the_officer_prints_the_citations_facts_how_to_pay_and_how_to_contest(
    client, officer, citation
):
    client.force_login(officer)

    text = text_of(client.get(staff_pdf(citation)))

    assert f"Citation #{citation.pk}" in text
    assert "Written to Jane Smith" in text
    assert "Written on June 7, 2027, Alice Officer" in text
    assert citation.description in text
    assert citation.citation in text
    assert "You owe $25.00" in text
    assert "Last day to pay or ask for a hearing Monday, June 28, 2027" in text
    assert "Town Clerk's office, 120 Main Street, North Andover" in text
    assert f"with citation #{citation.pk} written on it" in text
    assert "you may ask for a hearing until June 28, 2027" in text
    assert f"/citations/{citation.pk}/" in text
    page = client.get(reverse("enforcement:citation", args=[citation.pk])).content.decode()
    assert f'href="{staff_pdf(citation)}"' in page


def test_the_person_cited_prints_it_in_english_with_their_language_beside(
    client, resident, citation
):
    resident.language = "es"
    resident.save(update_fields=["language"])
    client.force_login(resident)

    text = text_of(client.get(own_pdf(citation)))

    assert "Written to / Emitida a Jane Smith" in text
    assert "Perro suelto sin control" in text
    assert "You owe / Usted debe $25.00" in text
    assert ("Last day to pay or ask for a hearing / Último día para pagar o pedir una audiencia "
            "Monday, June 28, 2027") in text
    assert "Por correo: un cheque o giro postal" in text
    page = client.get(reverse("citations:detail", args=[citation.pk])).content.decode()
    assert f'href="{own_pdf(citation)}"' in page


def sheet_of(page: str) -> str:
    """What the page prints: the element marked ``print-sheet``, which must open ``main`` (the
    site's print rules hide the rest of ``main``, and all outside it)."""
    opened = re.search(r'<main [^>]*>\s*<div class="print-sheet">', page)
    assert opened, "the page's content is not marked print-sheet"
    return page[opened.end():page.index("</main>")]


def test_both_pages_carry_the_marks_the_print_rules_read(client, officer, resident, citation):
    client.force_login(officer)
    staff_page = client.get(reverse("enforcement:citation", args=[citation.pk])).content.decode()
    client.force_login(resident)
    own_page = client.get(reverse("citations:detail", args=[citation.pk])).content.decode()

    for sheet in (sheet_of(staff_page), sheet_of(own_page)):
        assert f"Citation #{citation.pk}" in sheet and citation.citation in sheet
        assert "Monday, June 28, 2027" in sheet
    forms_column = staff_page.index('<div class="col-lg-5 d-print-none">')
    assert forms_column < staff_page.index('name="action" value="hearing"')
    assert 'name="action" value="hearing"' in sheet_of(own_page)
    with open("static/css/site.css") as css:
        rules = css.read()
    assert "body:has(.print-sheet) > :not(main)," in rules
    assert ".print-sheet :is(nav, form, .btn, .disclosed-code)," in rules


def test_after_the_window_the_paper_offers_no_hearing(client, officer, citation):
    with time_machine.travel(AFTER_WINDOW, tick=False):
        client.force_login(officer)
        text = text_of(client.get(staff_pdf(citation)))

    assert "ask for a hearing" not in text
    assert "Last day to pay" not in text


@pytest.fixture
def in_hearing(citation, resident):
    request_hearing(citation=citation, acting_user=resident)
    return citation


@pytest.fixture
def dated(in_hearing, authority):
    set_hearing_date(citation=in_hearing, hearing_date=THURSDAY, acting_user=authority,
                     hearing_time=dt.time(19, 0), location="Town Hall, 120 Main Street")
    return in_hearing


def test_a_hearing_asked_for_is_on_the_paper_which_names_nothing_owed(client, officer,
                                                                       in_hearing):
    client.force_login(officer)

    text = text_of(client.get(staff_pdf(in_hearing)))

    assert ("Hearing requested on June 7, 2027. Not decided yet: nothing is due until it is. "
            "The town will tell you the date of the hearing.") in text
    assert "You owe" not in text and "How to pay" not in text
    assert "ask for a hearing" not in text


def test_the_paper_gives_the_hearings_day_hour_and_place_once_set(client, resident, dated):
    client.force_login(resident)

    text = text_of(client.get(own_pdf(dated)))

    assert ("Your hearing is set for Thursday, June 10, 2027, 7:00 PM, Town Hall, 120 Main "
            "Street.") in text
    assert "You owe" not in text


def test_the_paper_gives_the_decision_and_what_is_owed_after_it(client, officer, authority,
                                                                dated):
    with time_machine.travel(dt.datetime(2027, 6, 10, 21, 0), tick=False):
        decide_hearing(citation=dated, outcome="reduced", reduced_to="10.00",
                       acting_user=authority)
        client.force_login(officer)
        text = text_of(client.get(staff_pdf(dated)))

    assert ("Decided on June 10, 2027: the amount is reduced to $10.00. New last day to pay: "
            "July 1, 2027.") in text
    assert "Held on Thursday, June 10, 2027, 7:00 PM, Town Hall, 120 Main Street." in text
    assert "You owe $10.00" in text


def test_the_hearing_is_in_the_party_s_language_beside_the_english(client, resident, dated):
    resident.language = "es"
    resident.save(update_fields=["language"])
    client.force_login(resident)

    text = text_of(client.get(own_pdf(dated)))

    assert "Your hearing / Su audiencia" in text
    assert "Hearing requested on June 7, 2027." in text
    assert "Audiencia solicitada el 7 de junio de 2027." in text
    assert "Su audiencia está fijada para el jueves, 10 de junio de 2027, 19:00" in text
    assert "Usted debe" not in text


def test_nobody_else_prints_it(client, citation, officer):
    neighbor = UserFactory()
    other_town = staff(Role.INSPECTOR, "tisbury")

    client.force_login(neighbor)
    assert client.get(own_pdf(citation)).status_code == 404
    assert client.get(staff_pdf(citation)).status_code == 403
    client.force_login(other_town)
    assert client.get(staff_pdf(citation)).status_code == 404
    assert client.get(own_pdf(citation)).status_code == 404
    client.logout()
    assert client.get(own_pdf(citation)).status_code == 302
    assert client.get(staff_pdf(citation)).status_code == 302


def test_a_fine_still_counting_each_day_says_what_is_owed_is_set_when_it_stops(
        client, stable_permit_case, nb_inspector):
    """Northborough's fine, set by the officer from $5 to $100 (§8.3), counts each day the
    violation continues: until the day it stops nothing is invoiced, so the paper owes
    nothing yet and says when it will."""
    citation = issue_citation(case=stable_permit_case, offense="stable_regulation_violation",
                              amount=Decimal("25.00"), acting_user=nb_inspector)
    client.force_login(nb_inspector)

    text = text_of(client.get(staff_pdf(citation)))

    assert citation.per_day and citation.invoice_id is None
    assert ("You owe Nothing yet: each day until the problem is corrected counts, and what you "
            "owe and the last day to pay it are set on the day it stops.") in text
    assert "You owe $0.00" not in text
