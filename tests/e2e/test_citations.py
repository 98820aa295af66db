"""Citations that get paid, in every town, in a real browser (MGL c.40 §21D).

- Northborough: an inspector's §8.3 daily fine accrues until the holder complies, and
  the clerk takes the money at the counter.
- North Andover: a running-at-large citation left unanswered past its 21 days stands
  referred to the court, and a second one on the same owner is priced as the second
  offense without anyone typing the number; the owner sees both, with their sections.
- Tisbury: a first offense of feeding waterfowl is a written warning with nothing due.
- Printed from its page, by the person cited or the officer, a citation is the citation
  alone: its number, section and last day, without the site's navigation, forms or buttons.

Every page on the way is checked with axe for WCAG 2.1 AA.
"""

import datetime as dt
import re
from decimal import Decimal

import pytest
import time_machine
from django.utils import timezone
from playwright.sync_api import Page, expect

from permits_site.enforcement.models import Citation
from permits_site.enforcement.services import issue_citation, issue_order, open_case
from permits_site.licensing.models import InvoiceStatus
from tests.e2e.conftest import assert_accessible, open_main_nav, sign_in
from tests.factories import PASSWORD, Role, UserFactory, municipality, staff


def days_ago(count: int):
    """Move the clock back for the records written before the browser opens."""
    moment = dt.datetime.combine(timezone.localdate() - dt.timedelta(days=count), dt.time(10))
    return time_machine.travel(moment, tick=False)


def new_case(town: str, case_type: str, officer, party, *, address: str, complaint: str):
    return open_case(municipality=municipality(town), case_type=case_type, party=party,
                     party_name="", address=address, complaint=complaint,
                     received_on=timezone.localdate(), acting_user=officer)


def sign_out(page: Page) -> None:
    page.context.clear_cookies()


@pytest.fixture
def stable_keeper(db):
    return UserFactory(username="sam", first_name="Sam", last_name="Stable",
                       street_address="24 Whitney Street", city="Northborough")


def test_a_daily_fine_accrues_until_compliance_and_is_paid_at_the_counter(
        page, live_server, stable_keeper):
    inspector = staff(Role.INSPECTOR, "northborough", username="ivan")
    staff(Role.CLERK, "northborough", username="nora")
    with days_ago(3):
        case = new_case("northborough", "northborough.stable_violation", inspector,
                        stable_keeper, address="24 Whitney Street, Northborough",
                        complaint="Manure piled beside the brook.")
        issue_order(case=case, text="Remove the manure pile from beside the brook.",
                    citation="Northborough Horse & Stable Regs §6.2", comply_within_days=7,
                    acting_user=inspector)
        issue_citation(case=case, offense="stable_regulation_violation", amount="25.00",
                       acting_user=inspector)

    sign_in(page, live_server, "ivan", PASSWORD)
    page.goto(f"{live_server.url}/enforcement/cases/{case.pk}/")
    expect(page.locator("td.accrual")).to_have_text("4 days × $25.00 = $100.00 so far")
    assert_accessible(page)
    compliance = page.locator("#compliance-section")
    compliance.get_by_role("button", name="Record compliance").click()
    expect(page.get_by_text("Compliance recorded.")).to_be_visible()
    page.get_by_role("link", name=re.compile(r"Citation #\d+")).first.click()

    expect(page.get_by_role("heading", name=re.compile(r"Amount: \$100\.00"))).to_be_visible()
    expect(page.get_by_text("Northborough Horse & Stable Regs §8.3").first).to_be_visible()
    expect(page.get_by_text("MGL c.40 §21D").first).to_be_visible()
    assert_accessible(page)
    citation_url = page.url

    sign_out(page)
    sign_in(page, live_server, "nora", PASSWORD)
    page.goto(citation_url)
    payment = page.locator("#payment-section")
    payment.get_by_label("Paid by").select_option("check")
    payment.get_by_label("Receipt, check or card reference").fill("CHK-2201")
    payment.get_by_label("Amount ($)").fill("100.00")
    payment.get_by_role("button", name="Record payment").click()

    expect(page.get_by_text("Payment of $100.00 recorded")).to_be_visible()
    expect(page.locator("p.lead")).to_contain_text("Paid")
    expect(page.get_by_role("row", name=re.compile("Still owed"))).to_contain_text("$0.00")
    assert_accessible(page)
    citation = Citation.objects.select_related("invoice").get()
    assert citation.invoice.status == InvoiceStatus.PAID
    assert citation.invoice.total == Decimal("100.00")


@pytest.fixture
def dog_owner(db):
    return UserFactory(username="olive", first_name="Olive", last_name="Owner",
                       street_address="5 Chestnut Street", city="North Andover")


def test_an_unanswered_citation_is_referred_and_the_next_is_the_second_offense(
        page, live_server, dog_owner):
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", username="andy")
    with days_ago(30):
        first_case = new_case("north_andover", "north_andover.dog_control", aco, dog_owner,
                              address="5 Chestnut Street", complaint="Dog loose on Main St.")
        issue_citation(case=first_case, offense="running_at_large", acting_user=aco)
    second_case = new_case("north_andover", "north_andover.dog_control", aco, dog_owner,
                           address="5 Chestnut Street", complaint="Dog loose again.")

    sign_in(page, live_server, "andy", PASSWORD)
    open_main_nav(page)
    main_nav = page.get_by_role("navigation", name="Main")
    main_nav.get_by_role("link", name="Citations", exact=True).click()
    row = page.get_by_role("row", name=re.compile("running at large", re.IGNORECASE))
    expect(row).to_contain_text("Referred to court")
    assert_accessible(page)

    page.goto(f"{live_server.url}/enforcement/cases/{second_case.pk}/")
    citation_form = page.locator("#citation-section")
    citation_form.get_by_label("Offense", exact=True).select_option("running_at_large")
    citation_form.get_by_role("button", name="Issue citation").click()
    expect(page.get_by_text("Citation issued.")).to_be_visible()
    second = Citation.objects.order_by("pk").last()
    assert (second.offense_number, second.invoice.total) == (2, Decimal("50.00"))
    page.get_by_role("link", name=f"Citation #{second.pk}").click()
    # The offense number, not the citation's own number (the print link's "#…").
    expect(page.locator("dl").get_by_text("#2", exact=True)).to_be_visible()
    expect(page.get_by_role("heading", name=re.compile(r"Amount: \$50\.00"))).to_be_visible()
    assert_accessible(page)

    sign_out(page)
    sign_in(page, live_server, "olive", PASSWORD)
    page.goto(f"{live_server.url}/citations/")
    expect(page.get_by_role("heading", name="My citations")).to_be_visible()
    expect(page.get_by_text("North Andover Code ch. 60, Restraint A")).to_have_count(2)
    first = page.get_by_role("listitem").filter(has_text="Amount$25.00")
    expect(first).to_contain_text("District Court")
    assert_accessible(page)


def test_a_first_offense_of_feeding_waterfowl_is_a_warning_with_nothing_due(
        page, live_server):
    officer = staff(Role.INSPECTOR, "tisbury", username="tess")
    walker = UserFactory(first_name="Wes", last_name="Walker", street_address="2 Lake Rd",
                         city="Tisbury")
    case = new_case("tisbury", "tisbury.health_violation", officer, walker,
                    address="Lake Tashmoo landing", complaint="Feeding the swans bread.")

    sign_in(page, live_server, "tess", PASSWORD)
    page.goto(f"{live_server.url}/enforcement/cases/{case.pk}/")
    citation_form = page.locator("#citation-section")
    citation_form.get_by_label("Offense", exact=True).select_option("feeding_waterfowl")
    citation_form.get_by_role("button", name="Issue citation").click()
    expect(page.get_by_text("Citation issued.")).to_be_visible()
    page.get_by_role("link", name=re.compile(r"Citation #\d+")).first.click()

    expect(page.get_by_text("Written warning, nothing due").first).to_be_visible()
    expect(page.get_by_text("Tisbury BOH Reg 09.9.17").first).to_be_visible()
    assert_accessible(page)
    warning = Citation.objects.get()
    assert warning.warning and warning.invoice is None


def test_a_citation_printed_from_its_page_is_the_citation_alone(page, live_server, dog_owner):
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", username="andy")
    case = new_case("north_andover", "north_andover.dog_control", aco, dog_owner,
                    address="5 Chestnut Street", complaint="Dog loose on Main St.")
    citation = issue_citation(case=case, offense="running_at_large", acting_user=aco)
    last_day = f"{citation.due_on:%A, %B %-d, %Y}"

    for username, address, buttons, kept in (
            ("olive", f"/citations/{citation.pk}/", ("Request a hearing", "Pay invoice #"),
             "How to pay $25.00"),
            ("andy", f"/enforcement/citations/{citation.pk}/", ("Request hearing",), "Hearing")):
        sign_out(page)
        sign_in(page, live_server, username, PASSWORD)
        page.emulate_media(media="screen")
        page.goto(live_server.url + address)
        screen_only = [
            page.get_by_role("navigation", name="Main", exact=True),
            page.get_by_role("navigation", name="Breadcrumb", exact=True),
            page.get_by_role("link", name=re.compile(r"^Print (this|the) citation")),
            page.get_by_role("link", name="API", exact=True),
            *(page.locator("main .btn").filter(has_text=button) for button in buttons),
        ]
        for part in screen_only:
            expect(part).to_be_visible()
        assert_accessible(page)

        page.emulate_media(media="print")
        for part in screen_only:
            expect(part).to_be_hidden()
        expect(page.get_by_role("heading", level=1)).to_have_text(
            re.compile(rf"^Citation #{citation.pk}: "))
        expect(page.locator("dd.citation")).to_have_text(citation.citation)
        expect(page.locator("dd").filter(has_text=last_day)).to_be_visible()
        expect(page.get_by_role("heading", name=kept, exact=True)).to_be_visible()
        assert_accessible(page)
