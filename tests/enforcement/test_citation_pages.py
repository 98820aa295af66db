"""The citation pages (MGL c.40 §21D): the case screen's citation form, the staff's list,
citation page and party records, and the cited party's own pages — access, each form's main
path and refusal, and fixed query counts."""

import datetime as dt
import re
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone

from permits_site.enforcement.models import (
    Citation,
    CitationHearing,
    CourtDecision,
    SurchargeClassification,
)
from permits_site.enforcement.services import issue_citation, issue_order, open_case
from permits_site.enforcement.services.dispositions import (
    Standing,
    annotate_standing,
    decide_hearing,
    record_court_decision,
    request_hearing,
    standing,
    with_answers,
)
from permits_site.licensing.models import InvoiceStatus, Payment
from permits_site.licensing.services.payments import record_payment
from permits_site.parties.services import create_business
from tests.clients import queries_of
from tests.e2e.plain_language import pdf_title_and_text
from tests.enforcement.conftest import DOG_COMPLAINT, MONDAY, STABLE_OFFENSE, stable_case
from tests.factories import Role, UserFactory, municipality, staff
from tests.page_forms import assert_on_the_page, form_on, post_form

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]

#: North Andover's 21 days from Monday 7 June end on Monday 28 June (Non-criminal disposition).
LAST_DAY = dt.date(2027, 6, 28)
AFTER_WINDOW = dt.datetime(2027, 6, 29, 9, 0)
NA_WINDOW = "North Andover Code ch. 60, Non-criminal disposition A, B"
TISBURY_CASE = "tisbury.health_violation"
FORFEITURE = "board_regulation_violation"


def at(moment: dt.datetime):
    return time_machine.travel(moment, tick=False)


@pytest.fixture
def tisbury_clerk(db):
    return staff(Role.CLERK, "tisbury", first_name="Tina", last_name="Clerk")


@pytest.fixture
def tisbury_admin(db):
    return staff(Role.ADMIN, "tisbury", first_name="Ada", last_name="Admin")


@pytest.fixture
def kennel(resident):
    return create_business(legal_name="Harbor Kennels LLC", kind="llc",
                           mailing_address="9 Water St", acting_user=resident)


def dog_case(officer, *, party=None, business=None, name="Jane Smith"):
    return open_case(municipality=municipality("north_andover"), case_type=DOG_COMPLAINT.code,
                     party=party, party_business=business, party_name=name,
                     address="1 Main St", complaint="Dog loose on Main St.",
                     received_on=MONDAY.date(), acting_user=officer)


def held_today(citation: Citation) -> Citation:
    """The citation's hearing set for today, so that it may be decided (a hearing is decided
    on its day or later)."""
    CitationHearing.objects.filter(citation=citation).update(hearing_date=timezone.localdate())
    return citation


def cite(officer, *, party=None, business=None, name="Jane Smith",
         offense="running_at_large") -> Citation:
    """A North Andover citation: running at large is $25, $50, then $100, due in 21 days."""
    case = dog_case(officer, party=party, business=business, name=name)
    return issue_citation(case=case, offense=offense, acting_user=officer)


def tisbury_citation(user, *, offense="littering", amount=None, surcharge_event="",
                     party=None) -> Citation:
    case = open_case(municipality=municipality("tisbury"), case_type=TISBURY_CASE,
                     party=party, party_name="Pat Boater", address="5 Beach Rd",
                     complaint="Oil in the harbor", received_on=MONDAY.date(), acting_user=user)
    return issue_citation(case=case, offense=offense, amount=amount,
                          surcharge_event=surcharge_event, acting_user=user)


def signed_in(client, user):
    client.force_login(user)
    return client


def page_of(response) -> str:
    assert response.status_code == 200
    return response.content.decode()


def citation_url(citation):
    """The citation's page, where its forms post too, naming their action."""
    return reverse("enforcement:citation", args=[citation.pk])


# -- access ----------------------------------------------------------------------------------


def staff_urls(citation) -> list[str]:
    return [reverse("enforcement:citations"), citation_url(citation),
            reverse("enforcement:person_record", args=[citation.case.party_id])]


def test_a_visitor_is_asked_to_sign_in_on_every_citation_page(client, officer, resident):
    citation = cite(officer, party=resident)

    for url in [*staff_urls(citation), reverse("citations:mine"),
                reverse("citations:detail", args=[citation.pk])]:
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("accounts:login"))


def test_residents_get_403_on_the_staff_citation_pages_even_for_their_own(client, officer,
                                                                         resident):
    citation = cite(officer, party=resident)
    client = signed_in(client, resident)

    for url in staff_urls(citation):
        assert client.get(url).status_code == 403
    assert client.post(citation_url(citation), {"action": "hearing"}).status_code == 403


def test_staff_of_another_town_get_404_and_see_nothing(client, officer, resident, kennel,
                                                       tisbury_inspector):
    citation = cite(officer, party=resident)
    business_citation = cite(officer, business=kennel, name="Harbor Kennels LLC")
    client = signed_in(client, tisbury_inspector)

    for url in (citation_url(citation),
                reverse("enforcement:citation_referral", args=[citation.pk]),
                reverse("enforcement:person_record", args=[resident.pk]),
                reverse("enforcement:business_record", args=[kennel.pk])):
        assert client.get(url).status_code == 404
    assert client.post(citation_url(citation), {"action": "hearing"}).status_code == 404
    listed = page_of(client.get(reverse("enforcement:citations")))
    assert "Jane Smith" not in listed and business_citation.description not in listed
    assert not CitationHearing.objects.exists()


def test_the_citation_page_takes_no_other_post(client, officer, resident):
    citation = cite(officer, party=resident)

    assert signed_in(client, officer).post(citation_url(citation),
                                           {"action": "delete"}).status_code == 405


def test_the_navigation_offers_citations_to_staff_and_my_citations_to_everyone(
    client, officer, resident, tisbury_admin
):
    staff_page = page_of(signed_in(client, officer).get(reverse("enforcement:cases")))
    resident_page = page_of(signed_in(client, resident).get(reverse("licensing:dashboard")))
    admin_page = page_of(signed_in(client, tisbury_admin).get(reverse("licensing:dashboard")))

    assert f'href="{reverse("enforcement:citations")}"' in staff_page
    assert f'href="{reverse("citations:mine")}"' in staff_page
    assert f'href="{reverse("citations:mine")}"' in resident_page
    assert f'href="{reverse("enforcement:citations")}"' not in resident_page
    assert f'href="{reverse("enforcement:citations")}"' in admin_page


# -- the case screen -----------------------------------------------------------------------


def test_the_case_screen_cites_a_daily_fine_with_its_last_day_and_links_the_citation(
    client, stable_permit, nb_inspector
):
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())
    client = signed_in(client, nb_inspector)
    form = page_of(client.get(reverse("enforcement:case", args=[case.pk])))

    response = client.post(reverse("enforcement:case", args=[case.pk]), {"action": "citation",
        "citation-offense": STABLE_OFFENSE, "citation-amount": "25", "citation-units": 1,
        "citation-accrues_until": "2027-06-09"})

    citation = Citation.objects.get()
    assert response.status_code == 302
    assert 'name="citation-accrues_until"' in form
    assert 'name="citation-surcharge_event"' not in form  # Northborough lists no events
    assert citation.accrues_until == dt.date(2027, 6, 9)
    assert citation.invoice.total == Decimal("75.00")  # 3 days × $25
    page = page_of(client.get(reverse("enforcement:case", args=[case.pk])))
    assert f'href="{citation_url(citation)}"' in page
    assert "Due" in page and "$75.00" in page
    assert f'href="{reverse("enforcement:person_record", args=[stable_permit.holder_id])}"' \
        in page


def test_an_end_date_for_a_single_offense_is_refused_on_its_field(client, officer, resident):
    case = dog_case(officer, party=resident)

    response = post_form(signed_in(client, officer), reverse("enforcement:case", args=[case.pk]),
                         'name="citation-accrues_until"', {
                             "citation-offense": "running_at_large", "citation-units": 1,
                             "citation-accrues_until": "2027-06-10"})

    page = page_of(response)
    assert_on_the_page(client, response, reverse("enforcement:case", args=[case.pk]))
    assert 'href="#id_citation-accrues_until"' in page
    assert "Only an offense fined per day takes an end date." in page
    assert not Citation.objects.exists()


def test_tisbury_citations_carry_a_surcharge_event_chosen_on_the_case_screen(
    client, tisbury_inspector
):
    case = open_case(municipality=municipality("tisbury"), case_type=TISBURY_CASE, party=None,
                     party_name="Island Diner", address="1 Main St, Vineyard Haven",
                     complaint="Trash", received_on=MONDAY.date(), acting_user=tisbury_inspector)
    client = signed_in(client, tisbury_inspector)
    form = page_of(client.get(reverse("enforcement:case", args=[case.pk])))

    client.post(reverse("enforcement:case", args=[case.pk]), {"action": "citation",
        "citation-offense": "littering", "citation-units": 1,
        "citation-surcharge_event": "trash_violation"})

    assert 'name="citation-surcharge_event"' in form and "trash violations" in form
    assert SurchargeClassification.objects.get().event == "trash_violation"


# -- the staff's list --------------------------------------------------------------------------


def test_the_list_shows_every_column_and_links_party_and_citation(client, officer, resident):
    citation = cite(officer, party=resident)

    page = page_of(signed_in(client, officer).get(reverse("enforcement:citations")))

    for text in (f'href="{citation_url(citation)}">#{citation.pk}',
                 f'href="{reverse("enforcement:person_record", args=[resident.pk])}"',
                 "Dog running at large", "North Andover Code ch. 60, Restraint A",
                 "Jun 7, 2027", "Jun 28, 2027", "$25.00", "Due"):
        assert text in page


def test_the_referred_filter_is_the_court_referral_list(client, officer, resident):
    late = cite(officer, party=resident, name="Late Larry")
    paid = cite(officer, party=UserFactory(), name="Paid Paula")
    record_payment(invoice=paid.invoice, method="cash", reference="R-1",
                   amount=Decimal("25.00"), acting_user=officer)
    with at(AFTER_WINDOW):
        fresh = cite(officer, party=UserFactory(), name="Fresh Fred")
        client = signed_in(client, officer)
        referred = page_of(client.get(reverse("enforcement:citations"), {"standing": "referred"}))
        due = page_of(client.get(reverse("enforcement:citations"), {"standing": "due"}))

    assert "Citations referred to court" in referred
    assert "Late Larry" in referred and "Paid Paula" not in referred
    assert "Fresh Fred" not in referred
    assert "Fresh Fred" in due and "Late Larry" not in due
    assert late.pk != fresh.pk


def test_the_list_searches_party_names(client, officer):
    cite(officer, party=UserFactory(), name="Rosa Rivers")
    cite(officer, party=UserFactory(), name="Sam Stone")

    page = page_of(signed_in(client, officer).get(reverse("enforcement:citations"),
                                                  {"q": "rivers"}))

    assert "Rosa Rivers" in page and "Sam Stone" not in page


def every_standing(officer, authority, tisbury_clerk) -> None:
    """Citations in each standing by 29 June (the window of those of 7 June has ended)."""
    paid = cite(officer, party=UserFactory())
    record_payment(invoice=paid.invoice, method="cash", reference="P-1",
                   amount=Decimal("25.00"), acting_user=officer)
    heard = cite(officer, party=UserFactory())
    request_hearing(citation=heard, acting_user=officer)
    for outcome, reduced in (("dismissed", None), ("reduced", "10.00"), ("upheld", None)):
        decided = cite(officer, party=UserFactory())
        request_hearing(citation=decided, acting_user=officer)
        held_today(decided)
        decide_hearing(citation=decided, outcome=outcome, reduced_to=reduced,
                       acting_user=authority)
    cite(officer, party=UserFactory(), offense="animal_limit")  # first: a written warning
    repeat = UserFactory()
    cite(officer, party=repeat, offense="animal_limit")
    cite(officer, party=repeat, offense="animal_limit")  # second: $25 a day, accruing
    for outcome in ("responsible", "not_responsible"):
        late = cite(officer, party=UserFactory())
        with at(AFTER_WINDOW):
            record_court_decision(citation=late, outcome=outcome,
                                  decided_on=AFTER_WINDOW.date(), acting_user=authority)
    cite(officer, party=UserFactory())  # referred on the 29th
    tisbury_citation(tisbury_clerk, offense=FORFEITURE, amount="100")
    with at(AFTER_WINDOW):
        cite(officer, party=UserFactory())  # due


def test_the_standing_the_list_filters_on_is_the_standing_each_row_shows(
    officer, authority, tisbury_clerk
):
    every_standing(officer, authority, tisbury_clerk)
    on = AFTER_WINDOW.date()

    rows = list(with_answers(annotate_standing(Citation.objects.all(), on=on)))

    assert {row.standing_code for row in rows} == {current.value for current in Standing}
    for row in rows:
        assert row.standing_code == standing(row, on=on), row


def seed_citations(count: int, officer, authority) -> None:
    """``count`` citations of different parties, people and businesses, in several standings."""
    for number in range(count):
        owner = UserFactory()
        if number % 2:
            business = create_business(legal_name=f"Kennel {number}", kind="llc",
                                       mailing_address="1 Main St", acting_user=owner)
            citation = cite(officer, business=business, name=business.legal_name)
        else:
            citation = cite(officer, party=owner, name=owner.display_name)
        if number % 3 == 1:
            record_payment(invoice=citation.invoice, method="check",
                           reference=f"CHK-{citation.pk}", amount=Decimal("10.00"),
                           acting_user=officer)
        if number % 3 == 2:
            request_hearing(citation=citation, acting_user=officer)


def test_the_staff_list_runs_the_same_queries_for_2_and_10_rows(
    client, officer, authority
):
    client = signed_in(client, officer)
    url = reverse("enforcement:citations")
    seed_citations(2, officer, authority)
    few = queries_of(client, url)
    assert few <= 12

    seed_citations(8, officer, authority)
    many = queries_of(client, url)
    assert many <= 12

    assert few == many
    assert len(re.findall(r'href="/enforcement/citations/\d+/"', page_of(client.get(url)))) == 10


# -- the staff's citation page ----------------------------------------------------------------


def test_the_citation_page_shows_everything_about_it(client, officer, authority, resident):
    citation = cite(officer, party=resident)
    request_hearing(citation=citation, acting_user=officer)
    held_today(citation)
    decide_hearing(citation=citation, outcome="reduced", reduced_to="15.00",
                   note="First time; dog now fenced.", acting_user=authority)

    page = page_of(signed_in(client, officer).get(citation_url(citation)))

    case_link = f'href="{reverse("enforcement:case", args=[citation.case_id])}"'
    for text in (f"Citation #{citation.pk}", "Jane Smith", case_link,
                 "North Andover Code ch. 60, Restraint A", "Dog running at large — offense #1",
                 "Reduced at the hearing of", "$15.00", NA_WINDOW, "Lawrence District Court",
                 "First time; dog now fenced.", "Reduced"):
        assert text in page, text
    assert f'href="{reverse("enforcement:person_record", args=[resident.pk])}"' in page


def test_the_clerk_records_a_payment_at_the_counter(client, clerk, officer, resident):
    citation = cite(officer, party=resident)
    client = signed_in(client, clerk)
    assert 'name="payment-reference"' in page_of(client.get(citation_url(citation)))

    response = client.post(citation_url(citation), {"action": "payment",
        "payment-method": "check", "payment-reference": "CHK-101", "payment-amount": "25.00"})

    citation.invoice.refresh_from_db()
    assert response.status_code == 302
    assert citation.invoice.status == InvoiceStatus.PAID
    page = page_of(client.get(citation_url(citation)))
    assert "is paid" in page and "CHK-101" in page and "Carla Clerk" in page
    assert 'name="payment-reference"' not in page


def test_each_payment_reads_as_a_sentence_on_the_staffs_and_the_partys_page(
    client, clerk, officer, resident
):
    citation = cite(officer, party=resident)
    record_payment(invoice=citation.invoice, method="card", reference="pi_3Q", amount=Decimal(
        "10.00"), acting_user=clerk)
    record_payment(invoice=citation.invoice, method="cash", reference="R-5", amount=Decimal(
        "5.00"), acting_user=clerk)

    staff_page = page_of(signed_in(client, clerk).get(citation_url(citation)))
    own_page = page_of(signed_in(client, resident).get(reverse("citations:detail",
                                                               args=[citation.pk])))

    assert ("Paid June 7, 2027 by card, reference pi_3Q (received by Carla Clerk)</td>"
            in staff_page)
    assert "Paid June 7, 2027 in cash, reference R-5 (received by Carla Clerk)</td>" in staff_page
    assert "Paid June 7, 2027 by card, reference pi_3Q</td>" in own_page
    assert "Paid June 7, 2027 in cash, reference R-5</td>" in own_page
    assert "processor reference" not in own_page


def test_a_payment_more_than_the_balance_is_refused_on_its_field(client, clerk, officer,
                                                                 resident):
    citation = cite(officer, party=resident)

    response = post_form(signed_in(client, clerk), citation_url(citation),
                         'name="payment-amount"', {"payment-method": "cash",
                                                   "payment-reference": "R-9",
                                                   "payment-amount": "40.00"})

    page = page_of(response)
    assert_on_the_page(client, response, citation_url(citation))
    assert 'href="#id_payment-amount"' in page
    assert "The balance due is $25.00; do not record more than that." in page
    assert not Payment.objects.exists()


def test_a_payment_on_a_referred_citation_is_refused_naming_the_window(client, clerk, officer,
                                                                       resident):
    citation = cite(officer, party=resident)

    with at(AFTER_WINDOW):
        client = signed_in(client, clerk)
        assert 'name="payment-reference"' not in page_of(client.get(citation_url(citation)))
        page = page_of(client.post(citation_url(citation), {"action": "payment",
            "payment-method": "cash", "payment-reference": "R-10", "payment-amount": "25.00"}))

    assert "stands referred to the Lawrence District Court" in page
    assert f"({NA_WINDOW})" in page
    assert not Payment.objects.exists()


def test_only_the_clerk_records_payments(client, officer, resident):
    citation = cite(officer, party=resident)
    client = signed_in(client, officer)

    assert 'name="payment-reference"' not in page_of(client.get(citation_url(citation)))
    assert client.post(citation_url(citation), {"action": "payment",
        "payment-method": "cash", "payment-reference": "R-1",
        "payment-amount": "25.00"}).status_code == 403
    assert not Payment.objects.exists()


def test_staff_ask_for_a_hearing_on_the_partys_behalf(client, officer, resident):
    citation = cite(officer, party=resident)

    response = signed_in(client, officer).post(citation_url(citation), {"action": "hearing"})

    assert response.status_code == 302
    assert CitationHearing.objects.get(citation=citation).requested_by == officer
    assert standing(with_answers(Citation.objects.filter(pk=citation.pk)).get(),
                    on=MONDAY.date()) is Standing.HEARING


def test_a_hearing_asked_for_after_the_window_is_refused_naming_the_section(client, officer,
                                                                           resident):
    citation = cite(officer, party=resident)

    with at(AFTER_WINDOW):
        page = page_of(signed_in(client, officer).post(citation_url(citation),
                                                       {"action": "hearing"}))

    assert f"The time to ask for a hearing ended on June 28, 2027 ({NA_WINDOW})." in page
    assert not CitationHearing.objects.exists()


def test_the_hearing_authority_reduces_the_fine(client, officer, authority, resident):
    citation = cite(officer, party=resident)
    request_hearing(citation=citation, acting_user=officer)
    held_today(citation)
    client = signed_in(client, authority)
    assert 'name="hearing_decision-outcome"' in page_of(client.get(citation_url(citation)))

    response = client.post(citation_url(citation), {"action": "hearing_decision",
        "hearing_decision-outcome": "reduced", "hearing_decision-reduced_to": "10.00",
        "hearing_decision-note": "Fenced since."})

    hearing = CitationHearing.objects.get()
    assert response.status_code == 302
    assert (hearing.outcome, hearing.reduced_to) == ("reduced", Decimal("10.00"))
    assert citation.invoice.total == Decimal("10.00")
    after = page_of(client.get(citation_url(citation)))
    # Decided before the first window's last day: that day is named, not said to be past.
    assert f"The window before the hearing: to {citation.due_on:%B} {citation.due_on.day}," in after
    assert "ended" not in after


def test_a_reduction_not_below_the_total_is_refused_on_its_field(client, officer, authority,
                                                                 resident):
    citation = cite(officer, party=resident)
    request_hearing(citation=citation, acting_user=officer)
    held_today(citation)

    page = page_of(signed_in(client, authority).post(citation_url(citation),
                                                     {"action": "hearing_decision",
                                                      "hearing_decision-outcome": "reduced",
                                                      "hearing_decision-reduced_to": "30.00"}))

    assert 'href="#id_hearing_decision-reduced_to"' in page
    assert "less than $25.00" in page
    assert CitationHearing.objects.get().decided_on is None
    assert citation.invoice.lines.count() == 1


def test_an_officer_may_not_decide_the_hearing(client, officer, resident):
    citation = cite(officer, party=resident)
    request_hearing(citation=citation, acting_user=officer)
    client = signed_in(client, officer)

    assert 'name="hearing_decision-outcome"' not in page_of(client.get(citation_url(citation)))
    assert client.post(citation_url(citation),
                       {"action": "hearing_decision",
                        "hearing_decision-outcome": "dismissed"}).status_code == 403


def test_the_clerk_records_the_courts_decision_on_a_referred_citation(client, clerk, officer,
                                                                      resident):
    citation = cite(officer, party=resident)

    with at(AFTER_WINDOW):
        client = signed_in(client, clerk)
        page = page_of(client.get(citation_url(citation)))
        response = client.post(citation_url(citation), {"action": "court",
            "court-outcome": "responsible", "court-decided_on": "2027-06-29",
            "court-note": "Docket 27-123"})
        after = page_of(client.get(citation_url(citation)))

    assert 'name="court-outcome"' in page and "Print court referral packet" in page
    assert 'name="court-amount_per_offense"' not in page  # not a forfeiture
    assert response.status_code == 302
    assert CourtDecision.objects.get().outcome == "responsible"
    assert "Ordered by the court" in after and "Docket 27-123" in after
    assert 'name="payment-reference"' in after


def test_a_court_decision_dated_tomorrow_is_refused_on_its_field(client, clerk, officer,
                                                                 resident):
    citation = cite(officer, party=resident)

    with at(AFTER_WINDOW):
        page = page_of(signed_in(client, clerk).post(citation_url(citation), {"action": "court",
            "court-outcome": "responsible", "court-decided_on": "2027-06-30"}))

    assert 'href="#id_court-decided_on"' in page
    assert "The court decides between the day of the citation and today." in page
    assert not CourtDecision.objects.exists()


def test_a_forfeiture_outside_its_range_is_refused_on_the_courts_amount(client, tisbury_clerk):
    citation = tisbury_citation(tisbury_clerk, offense=FORFEITURE, amount="100")
    client = signed_in(client, tisbury_clerk)
    assert 'name="court-amount_per_offense"' in page_of(client.get(citation_url(citation)))

    page = page_of(client.post(citation_url(citation), {"action": "court",
        "court-outcome": "responsible", "court-decided_on": "2027-06-07",
        "court-amount_per_offense": "600"}))

    assert 'href="#id_court-amount_per_offense"' in page
    assert "Enter an amount from $0.01 to $500.00 (Tisbury BOH Reg 09.0.7(B)" in page
    assert not CourtDecision.objects.exists()
    assert Citation.objects.get().invoice is None


def test_the_admin_reclassifies_the_surcharge_event(client, tisbury_inspector, tisbury_admin):
    citation = tisbury_citation(tisbury_inspector, surcharge_event="trash_violation")
    client = signed_in(client, tisbury_admin)
    assert 'name="surcharge-event"' in page_of(client.get(citation_url(citation)))

    response = client.post(citation_url(citation), {"action": "surcharge",
        "surcharge-event": "citation_order", "surcharge-reason": "An order, not trash."})

    assert response.status_code == 302
    page = page_of(client.get(citation_url(citation)))
    assert "trash violations" in page and "citation/order to correct violations" in page
    assert "An order, not trash." in page
    assert SurchargeClassification.objects.count() == 2


def test_reclassifying_to_the_same_event_is_refused_on_its_field(client, tisbury_inspector,
                                                                 tisbury_admin):
    citation = tisbury_citation(tisbury_inspector, surcharge_event="trash_violation")

    page = page_of(signed_in(client, tisbury_admin).post(citation_url(citation), {
        "action": "surcharge", "surcharge-event": "trash_violation",
        "surcharge-reason": "Again"}))

    assert 'href="#id_surcharge-event"' in page
    assert "The citation already carries this event." in page
    assert SurchargeClassification.objects.count() == 1


def test_only_an_admin_reclassifies(client, tisbury_inspector):
    citation = tisbury_citation(tisbury_inspector, surcharge_event="trash_violation")
    client = signed_in(client, tisbury_inspector)

    assert 'name="surcharge-event"' not in page_of(client.get(citation_url(citation)))
    assert client.post(citation_url(citation), {"action": "surcharge",
        "surcharge-event": "", "surcharge-reason": "x"}).status_code == 403


def test_the_referral_packet_is_printed_only_for_a_referred_citation(client, clerk, officer,
                                                                     resident):
    citation = cite(officer, party=resident)
    url = reverse("enforcement:citation_referral", args=[citation.pk])

    assert signed_in(client, clerk).get(url).status_code == 404
    with at(AFTER_WINDOW):
        response = signed_in(client, clerk).get(url)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")


@pytest.mark.parametrize("language", ["en", "es", "pt-br"])
def test_the_referral_packet_says_how_and_when_each_payment_was_made_in_english(
    client, clerk, officer, resident, language
):
    """The court's paper reads in English whatever the language of the staff's browser
    (docs/development/translations.md, "What stays English")."""
    citation = cite(officer, party=resident)
    record_payment(invoice=citation.invoice, method="money_order", reference="MO-12",
                   amount=Decimal("10.00"), acting_user=clerk)

    with at(AFTER_WINDOW):
        response = signed_in(client, clerk).get(
            reverse("enforcement:citation_referral", args=[citation.pk]),
            HTTP_ACCEPT_LANGUAGE=language)

    _title, text = pdf_title_and_text(response.content)
    assert "Paid June 7, 2027 by money order, reference MO-12 −$10.00" in text
    assert "Unpaid $15.00" in text


# -- party records --------------------------------------------------------------------------------


def test_a_persons_record_totals_their_own_citations_not_their_business(
    client, clerk, officer, authority, resident, kennel
):
    paid = cite(officer, party=resident)
    record_payment(invoice=paid.invoice, method="cash", reference="R-1",
                   amount=Decimal("25.00"), acting_user=clerk)
    cite(officer, party=resident)  # second offense: $50 due
    heard = cite(officer, party=resident)  # third: $100, hearing asked
    request_hearing(citation=heard, acting_user=officer)
    cite(officer, party=resident, offense="animal_limit")  # a written warning
    of_business = cite(officer, business=kennel, name="Harbor Kennels LLC")
    client = signed_in(client, clerk)

    person = page_of(client.get(reverse("enforcement:person_record", args=[resident.pk])))
    business = page_of(client.get(reverse("enforcement:business_record", args=[kennel.pk])))

    assert totals_of(person) == {"Owed now": "$50.00", "Paid": "$25.00", "Hearings waiting": "1",
                                 "Referred to court": "0", "Written warnings": "1"}
    assert len(re.findall(r'href="/enforcement/citations/\d+/"', person)) == 4
    assert f'href="{citation_url(of_business)}"' not in person
    assert totals_of(business)["Owed now"] == "$25.00"
    assert re.findall(r'href="/enforcement/citations/\d+/"', business) == [
        f'href="{citation_url(of_business)}"']


def totals_of(page: str) -> dict[str, str]:
    """The party record's "At a glance" figures by label."""
    block = page[page.index('id="totals"'):]
    block = block[:block.index("</dl>")]
    return dict(re.findall(r"<dt[^>]*>([^<]+)</dt><dd[^>]*>([^<]+)</dd>", block))


def test_a_party_with_no_case_in_the_staffs_towns_is_404(client, clerk, other_resident):
    client = signed_in(client, clerk)

    assert client.get(reverse("enforcement:person_record",
                              args=[other_resident.pk])).status_code == 404
    assert client.get(reverse("enforcement:person_record", args=[99999])).status_code == 404
    assert client.get(reverse("enforcement:business_record", args=[99999])).status_code == 404


def test_the_party_record_runs_the_same_queries_for_2_and_10_citations(
    client, clerk, officer, resident
):
    client = signed_in(client, clerk)
    url = reverse("enforcement:person_record", args=[resident.pk])

    def seed(count):
        for _ in range(count):
            citation = cite(officer, party=resident)
            record_payment(invoice=citation.invoice, method="cash",
                           reference=f"R-{citation.pk}", amount=Decimal("5.00"),
                           acting_user=clerk)

    seed(2)
    few = queries_of(client, url)
    assert few <= 12
    seed(8)
    many = queries_of(client, url)
    assert many <= 12

    assert few == many


# -- the cited party's own pages ---------------------------------------------------------------


def test_my_citations_lists_mine_and_my_businesses_not_anyone_elses(
    client, officer, resident, other_resident, kennel
):
    mine = cite(officer, party=resident)
    ours = cite(officer, business=kennel, name="Harbor Kennels LLC")
    theirs = cite(officer, party=other_resident, name="Omar Other")

    page = page_of(signed_in(client, resident).get(reverse("citations:mine")))

    assert f'href="{reverse("citations:detail", args=[mine.pk])}"' in page
    assert f'href="{reverse("citations:detail", args=[ours.pk])}"' in page
    assert f'href="{reverse("citations:detail", args=[theirs.pk])}"' not in page
    assert "Omar Other" not in page
    assert "You owe $25.00. Pay it, or ask for a hearing, by June 28, 2027." in page
    assert 'press its "Pay" button, to pay online by card where the town takes cards' in page
    assert "money order or card" not in page


def test_another_persons_citation_is_404(client, officer, resident, other_resident):
    theirs = cite(officer, party=other_resident, name="Omar Other")
    client = signed_in(client, resident)

    assert client.get(reverse("citations:detail", args=[theirs.pk])).status_code == 404
    assert client.post(reverse("citations:detail", args=[theirs.pk]),
                       {"action": "hearing"}).status_code == 404
    assert not CitationHearing.objects.exists()


def test_my_citation_says_what_is_owed_by_when_under_which_section_and_how_to_pay(
    client, officer, resident
):
    citation = cite(officer, party=resident)

    page = page_of(signed_in(client, resident).get(reverse("citations:detail",
                                                           args=[citation.pk])))

    for text in ("North Andover Code ch. 60, Restraint A", "$25.00", "Monday, June 28, 2027",
                 NA_WINDOW, "Town Clerk's office of the Town of North Andover",
                 f"citation #{citation.pk} written on a check", "Ask the office what it takes",
                 f"Pay invoice #{citation.invoice.pk}", "Request a hearing"):
        assert text in page, text


def test_i_ask_for_a_hearing_and_the_button_goes(client, officer, resident):
    citation = cite(officer, party=resident)
    client = signed_in(client, resident)

    response = client.post(reverse("citations:detail", args=[citation.pk]), {"action": "hearing"})

    assert response["Location"] == reverse("citations:detail", args=[citation.pk])
    assert CitationHearing.objects.get().requested_by == resident
    page = page_of(client.get(reverse("citations:detail", args=[citation.pk])))
    assert "Nothing is due until it is decided." in page
    assert "Request a hearing" not in page


def test_a_member_asks_for_a_hearing_for_the_business(client, officer, resident, kennel):
    citation = cite(officer, business=kennel, name="Harbor Kennels LLC")

    signed_in(client, resident).post(reverse("citations:detail", args=[citation.pk]),
                                     {"action": "hearing"})

    assert CitationHearing.objects.get(citation=citation).requested_by == resident


def test_a_hearing_asked_for_too_late_is_refused_naming_the_section(client, officer, resident):
    citation = cite(officer, party=resident)

    client = signed_in(client, resident)
    page_url = reverse("citations:detail", args=[citation.pk])
    address, hidden = form_on(page_of(client.get(page_url)), "Request a hearing</button>")
    with at(AFTER_WINDOW):  # the page opened in time, its button pressed too late
        client = signed_in(client, resident)  # the session of June has expired
        page = page_of(client.get(page_url))
        response = client.post(address or page_url, hidden)
        refused = page_of(response)
        assert_on_the_page(client, response, page_url)

    assert "Request a hearing" not in page
    assert "sent it to the Lawrence District Court" in page
    assert "There is a problem" in refused
    assert f"The time to ask for a hearing ended on June 28, 2027 ({NA_WINDOW})." in refused
    assert not CitationHearing.objects.exists()


def test_a_hearing_asked_for_on_a_running_daily_fine_is_refused(client, officer, resident):
    cite(officer, party=resident, offense="animal_limit")  # a warning
    citation = cite(officer, party=resident, offense="animal_limit")  # $25 a day, running

    page = page_of(signed_in(client, resident).post(
        reverse("citations:detail", args=[citation.pk]), {"action": "hearing"}))

    assert "once the per-day fine stops" in page
    assert not CitationHearing.objects.exists()


def test_the_dashboard_names_and_links_the_citation_a_fee_is_for(client, officer, resident):
    client = signed_in(client, resident)
    before = page_of(client.get(reverse("licensing:dashboard")))
    citation = cite(officer, party=resident)
    after = page_of(client.get(reverse("licensing:dashboard")))

    assert "Fees due" not in before
    assert (f'Invoice #{citation.invoice_id} (<a href="'
            f'{reverse("citations:detail", args=[citation.pk])}">Citation #{citation.pk}: '
            f'{citation.description}, North Andover</a>): $25.00') in after


def test_my_citations_runs_the_same_queries_for_2_and_10_rows(
    client, officer, resident, kennel
):
    client = signed_in(client, resident)
    url = reverse("citations:mine")

    def seed(count):
        for number in range(count):
            if number % 2:
                cite(officer, business=kennel, name="Harbor Kennels LLC")
            else:
                citation = cite(officer, party=resident)
                request_hearing(citation=citation, acting_user=resident)

    seed(2)
    few = queries_of(client, url)
    assert few <= 12
    seed(8)
    many = queries_of(client, url)
    assert many <= 12

    assert few == many
    assert len(re.findall(r'href="/citations/\d+/"', page_of(client.get(url)))) == 10


def test_a_case_without_citations_leaves_my_citations_empty(client, officer, resident):
    case = dog_case(officer, party=resident)
    issue_order(case=case, text="Keep the dog restrained", citation="Restraint A",
                comply_within_days=7, acting_user=officer)

    page = page_of(signed_in(client, resident).get(reverse("citations:mine")))

    assert "You have no citations." in page


def test_the_case_screen_runs_the_same_queries_for_2_and_10_citations(
    client, officer, authority, resident
):
    case = dog_case(officer, party=resident)
    client = signed_in(client, officer)
    url = reverse("enforcement:case", args=[case.pk])

    def seed(days):
        """One dog at large a day: the same offense is cited once a day on a case."""
        for day in days:
            with at(MONDAY + dt.timedelta(days=day)):
                citation = issue_citation(case=case, offense="running_at_large",
                                          acting_user=officer)
                request_hearing(citation=citation, acting_user=officer)
                held_today(citation)
                decide_hearing(citation=citation, outcome="upheld", acting_user=authority)

    seed(range(2))
    few = queries_of(client, url)
    seed(range(2, 10))
    many = queries_of(client, url)

    assert few == many
    assert len(re.findall(r'href="/enforcement/citations/\d+/"', page_of(client.get(url)))) == 10


@pytest.mark.parametrize("query", [{"sort": "pay_by"}, {"sort": "party", "standing": "payable"},
                                   {"sort": "bogus", "standing": "nope", "page": "x"},
                                   {"town": "tisbury", "q": "1"}])
def test_the_list_takes_any_parameters_without_an_error(client, officer, resident, query):
    cite(officer, party=resident)

    assert signed_in(client, officer).get(reverse("enforcement:citations"),
                                          query).status_code == 200
