"""The two resident journeys of issue #21's "Done when", each walked by a brand-new person
who starts at the home page and follows only links and buttons, on a desktop and on a phone:

- a restaurant owner finds the Tisbury food service permit through "Apply for a permit",
  creates an account, registers the business, fills the generated form, is refused submit
  until both certificates are attached (Tisbury BOH Reg 09.5.2, 09.5.4), pays on the demo
  checkout, asks the Board for a waiver (09.0.3) of the full-time manager of 09.5.2 from
  the application page, and sees the permit issued once the Tisbury clerk — from their own
  "My work" — has accepted the certificates, two Board members have signed the waiver from
  theirs, and the clerk has issued it;
- a horse owner applies for a Northborough private stable on the generated form (the
  stables' old apply address redirects there), watching the rules' findings change while
  answering (§4.1(a): 49 ft blocks, 50 ft meets), submits, pays on the demo checkout, and
  sees the permit issued once the Northborough clerk has recorded the sign-offs and
  accepted the plans (§2.2, §2.3).

Every page the resident sees is checked with axe at the width it is walked at.
"""

from __future__ import annotations

import re

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from permits_site.licensing.models import InvoiceStatus, PaymentMethod, Permit
from permits_site.online_payments.models import WebhookEvent
from stables.permits.kinds import PLOT_PLAN, STABLE_PLAN
from tests.e2e.conftest import assert_accessible, open_main_nav, sign_in
from tests.e2e.test_private_stable import fill_the_application, the_setback_is_judged_live
from tests.factories import PASSWORD, Role, staff
from tests.stables.flow import PRIVATE_FACTS
from tests.tisbury.support import SAMPLE

DEMO_LABEL = "Demo payment — no money moves"
SCREENS = ["page", "phone_page"]


@pytest.fixture
def demo_checkout(settings):
    """No town has payment keys; the site's demo checkout stands in for the hosted page."""
    settings.PAYMENT_DEMO_CHECKOUT = True
    settings.ONLINE_PAYMENT_TOWNS = {}


def click_nav(page: Page, name: str) -> None:
    """Follow a link of the main menu, opening it first on a phone."""
    open_main_nav(page)
    page.get_by_role("navigation", name="Main").get_by_role("link", name=name,
                                                            exact=True).click()
    page.wait_for_load_state()


def create_an_account(page: Page, username: str, first: str, last: str, address: str,
                      city: str, zip_code: str) -> None:
    """From the sign-in page the apply link led to: "Create an account", which returns to
    the permit's form once the account is made."""
    page.get_by_role("link", name="Create an account").last.click()
    expect(page.get_by_role("heading", name="Create an account")).to_be_visible()
    assert_accessible(page)
    form = page.locator("main form")
    form.get_by_label("Username").fill(username)
    form.get_by_label("First name").fill(first)
    form.get_by_label("Last name").fill(last)
    form.get_by_label("Email").fill(f"{username}@example.org")
    form.get_by_label("Street address").fill(address)
    form.get_by_label("City or town").fill(city)
    form.get_by_label("ZIP code").fill(zip_code)
    form.get_by_label(re.compile(r"^\s*Password\W*$")).fill("a-long-new-passphrase")
    form.get_by_label("Password confirmation").fill("a-long-new-passphrase")
    form.get_by_role("button", name="Create account").click()
    expect(page.get_by_text("Your account is ready.")).to_be_visible()
    assert_accessible(page)


def find_a_permit(page: Page, town: str, purpose: str, name: str) -> None:
    """"Apply for a permit", filtered by town and purpose, to the type's public page and on
    to its generated form (or the sign-in page it asks for first)."""
    page.get_by_role("link", name="Apply for a permit", exact=True).first.click()
    expect(page.get_by_role("heading", name="Apply for a permit")).to_be_visible()
    assert_accessible(page)
    page.get_by_label("Town").select_option(label=town)
    page.get_by_label("What do you want to do?").select_option(label=purpose)
    page.get_by_role("button", name="Find permits").click()
    assert_accessible(page)
    page.get_by_role("link", name=re.compile(f"^{name}")).first.click()
    expect(page.get_by_role("heading", name=name)).to_be_visible()
    assert_accessible(page)
    page.get_by_role("link", name=re.compile("^Apply online")).click()
    page.wait_for_load_state()


def attach(page: Page, kind: str) -> None:
    """Attach one document on the application page ("Add a document")."""
    upload = page.locator("details", has_text="Add a document")
    if upload.get_attribute("open") is None:
        upload.locator("summary").click()
    page.get_by_role("combobox", name="Document").select_option(kind)
    page.get_by_label("File (PDF, PNG or JPEG, up to 10 MB)").set_input_files(SAMPLE)
    page.get_by_role("button", name="Upload", exact=True).click()
    expect(page.get_by_text("Document uploaded")).to_be_visible()
    assert_accessible(page)


def pay_on_the_demo_checkout(page: Page, amount: str) -> None:
    """The one "Pay" path from the application page to the demo checkout and back."""
    page.get_by_role("link", name=re.compile(r"^Pay invoice #\d+")).click()
    expect(page.get_by_text(DEMO_LABEL)).to_be_visible()
    assert_accessible(page)
    page.get_by_role("button", name="Continue to the demo checkout").click()
    expect(page.get_by_role("heading", name=re.compile("Demo checkout"))).to_be_visible()
    assert_accessible(page)
    page.get_by_role("button", name=f"Pay {amount}").click()
    expect(page.get_by_text(f"Payment received: {amount}")).to_be_visible()
    expect(page.get_by_text(DEMO_LABEL)).to_be_visible()
    assert_accessible(page)
    page.get_by_role("link", name=re.compile("^Back to")).first.click()
    page.wait_for_load_state()


def clerk_opens_the_review(clerk: Page, live_server, username: str, reference: str) -> None:
    """The clerk signs in, lands on "My work" and follows its link to the review."""
    sign_in(clerk, live_server, username, PASSWORD)
    expect(clerk.get_by_role("heading", name="My work", level=1)).to_be_visible()
    clerk.get_by_role("link", name=re.compile(f"^Start the review: {reference}")).click()
    clerk.get_by_role("button", name="Start review").click()
    expect(clerk.get_by_text("Review started.")).to_be_visible()


def accept_documents(clerk: Page, count: int) -> None:
    """The clerk accepts each document the resident attached, from the review."""
    for document in range(count):
        clerk.get_by_role("button", name=re.compile(r"^Accept ")).nth(document).click()
        expect(clerk.get_by_text("Document accepted.")).to_be_visible()


def issue(clerk: Page) -> None:
    """Nothing is left but issuing: the resident's payment and the clerk's steps are in."""
    expect(clerk.get_by_text("Nothing blocks issuance")).to_be_visible()
    clerk.get_by_role("button", name="Approve and issue license").click()
    expect(clerk.get_by_text(re.compile(r"^Issued [A-Z]+-")).first).to_be_visible()


def sees_the_permit_issued(page: Page, application_url: str) -> Permit:
    """The resident's application page, refreshed, says the license is issued; it was paid
    online."""
    page.reload()
    expect(page.get_by_text(re.compile(r"License [A-Z]+-\d{4}-\d+ issued"))).to_be_visible()
    assert_accessible(page)
    application_id = int(re.search(r"/applications/(\d+)/", application_url).group(1))
    permit = Permit.objects.get(application_id=application_id)
    invoice = permit.application.invoices.get()
    assert invoice.status == InvoiceStatus.PAID
    assert invoice.payments.get().method == PaymentMethod.CARD
    return permit


# -- Tisbury: a food service permit for a new restaurant ----------------------------------


#: The two certificates a food service application brings before it is submitted: how the
#: refusal names each, its document kind, and the section that asks for it.
FOOD_CERTIFICATES = (
    ("Certificate of the certified food protection manager", "food_protection_manager",
     "09.5.2"),
    ("Allergen-awareness training certificate", "allergen_awareness", "09.5.4"),
)


@pytest.fixture
def tisbury_clerk(db):
    return staff(Role.CLERK, "tisbury", username="tess", first_name="Tess", last_name="Clerk")


@pytest.fixture
def tisbury_board(db):
    return [staff(Role.BOARD_MEMBER, "tisbury", username=username, first_name=first,
                  last_name="Board") for username, first in (("bea", "Bea"), ("ben", "Ben"))]


def ask_the_board_for_a_waiver(page: Page) -> None:
    """The written application of 09.0.3(3), sent from the applicant's own page: the
    full-time manager of 09.5.2 waived for a diner open only in the summer."""
    page.get_by_role("link", name="Ask the Board of Health for a waiver").click()
    expect(page.get_by_role("heading", name="What cannot be waived")).to_be_visible()
    assert_accessible(page)
    page.get_by_label("What is asked of the Board, and why").fill(
        "The diner opens from June to September; its manager works there those months only.")
    page.get_by_label("Locus, with its assessors' lot number").fill(
        "4 Main Street, Tisbury, assessors' lot 7-D-12")
    page.get_by_label("The exact regulation").fill(
        "Tisbury BOH Reg 09.5.2, page 31: a certified manager employed full-time")
    page.get_by_label("The waiver asked").fill("A certified manager employed for the season.")
    page.get_by_role("button", name="Send the request").click()
    expect(page.get_by_text("Your waiver request is before the Board of Health")).to_be_visible()
    expect(page.get_by_role("region", name="Waivers").get_by_text("Requested")).to_be_visible()
    assert_accessible(page)


def board_member_signs_from_my_work(browser, live_server, username: str,
                                    application_url: str) -> None:
    """A Board member signs in, lands on "My work" and signs the waiver waiting for them."""
    application_id = re.search(r"/applications/(\d+)/", application_url).group(1)
    board = browser.new_page()
    sign_in(board, live_server, username, PASSWORD)
    expect(board.get_by_role("heading", name="My work", level=1)).to_be_visible()
    board.get_by_role("link", name=re.compile(rf"^Sign or refuse the .* #{application_id} ")
                      ).click()
    approve = board.get_by_role("button", name=re.compile("^Approve with these conditions"))
    expect(approve).to_be_visible()  # the signing page has loaded: count its fields now
    conditions = board.get_by_label("Conditions imposed")
    if conditions.count():  # the first signer proposes them; the next signs what is proposed
        conditions.fill("A certified manager on duty whenever the diner is open.")
        board.get_by_label("Specific bases of the variance").fill("The diner opens only in summer.")
    approve.click()
    expect(board.get_by_role("status")).to_be_visible()
    board.close()


def find_the_food_service_permit(page: Page) -> None:
    find_a_permit(page, "Town of Tisbury", "Run a food business", "Food Service Permit")


@pytest.mark.parametrize("screen", SCREENS)
def test_a_new_restaurant_owner_gets_a_tisbury_food_service_permit_alone(
    request, browser, live_server, demo_checkout, tisbury_clerk, tisbury_board, screen
):
    page: Page = request.getfixturevalue(screen)
    page.goto(f"{live_server.url}/")
    assert_accessible(page)
    find_the_food_service_permit(page)
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    assert_accessible(page)
    create_an_account(page, "fern", "Fern", "Owner", "4 Main Street", "Tisbury", "02568")

    expect(page.get_by_role("heading", name="Apply for a Tisbury food service permit")
           ).to_be_visible()
    assert_accessible(page)
    page.get_by_role("link", name="Register the business").click()
    page.get_by_label("Legal name").fill("Harbor Diner Inc.")
    page.get_by_label("Kind of business").select_option(label="Corporation")
    page.get_by_label("Mailing address").fill("4 Main Street, Tisbury, MA 02568")
    assert_accessible(page)
    page.get_by_role("button", name=re.compile("^Register")).click()
    expect(page.get_by_text("Harbor Diner Inc. is registered. You act for it.")).to_be_visible()
    assert_accessible(page)

    click_nav(page, "My permits")
    find_the_food_service_permit(page)
    page.get_by_label("The business that is to hold the permit").select_option(
        label="Harbor Diner Inc.")
    page.get_by_role("group", name="Is a fee waiver requested?").get_by_label(
        "No", exact=True).check()
    assert_accessible(page)
    page.get_by_role("button", name="Save the draft").click()
    expect(page.get_by_text("Draft saved")).to_be_visible()
    assert_accessible(page)

    page.get_by_role("button", name="Submit application").click()
    for certificate, _kind, section in FOOD_CERTIFICATES:
        refusal = page.get_by_role("alert").filter(has_text=certificate)
        expect(refusal).to_contain_text("is missing")
        expect(refusal).to_contain_text(f"Tisbury BOH Reg {section}")
    assert_accessible(page)
    for _certificate, kind, _section in FOOD_CERTIFICATES:
        attach(page, kind)
    page.get_by_role("button", name="Submit application").click()
    expect(page.get_by_text("Application submitted")).to_be_visible()
    assert_accessible(page)
    application_url = page.url

    pay_on_the_demo_checkout(page, "$150.00")
    expect(page).to_have_url(application_url)
    assert_accessible(page)
    assert WebhookEvent.objects.get().provider == "demo"
    ask_the_board_for_a_waiver(page)

    clerk = browser.new_page()
    clerk_opens_the_review(clerk, live_server, "tess", "Food Service Permit")
    accept_documents(clerk, 2)
    for member in tisbury_board:
        board_member_signs_from_my_work(browser, live_server, member.username, application_url)
    clerk.reload()
    issue(clerk)
    clerk.close()

    permit = sees_the_permit_issued(page, application_url)
    assert permit.holder_business.legal_name == "Harbor Diner Inc."
    assert permit.application.variances.get().status == "granted"


# -- Northborough: a private stable on the generated form -----------------------------------


#: A private stable that meets every rule its keeper answers for (§4.1–§4.3, §5).
STABLE_ANSWERS = {**PRIVATE_FACTS, "distance_to_abutter_property_line_ft": 50}


@pytest.fixture
def northborough_clerk(db):
    return staff(Role.CLERK, "northborough", username="nora", first_name="Nora",
                 last_name="Clerk")


def find_the_private_stable_permit(page: Page) -> None:
    find_a_permit(page, "Town of Northborough", "Keep horses", "Private Stable Permit")


def add_the_stable_site(page: Page) -> None:
    """From the generated form: "Add a property" opens Northborough's property form, then
    back to the form."""
    page.get_by_role("link", name="Add a property").click()
    expect(page.get_by_role("heading", name="Add a property in Northborough")).to_be_visible()
    page.get_by_label("Street address").fill("12 Bartlett Street")
    assert_accessible(page)
    page.get_by_role("button", name="Add the property").click()
    expect(page.get_by_text("12 Bartlett Street, Northborough is added to your properties")
           ).to_be_visible()
    assert_accessible(page)


def upload_the_plans(page: Page) -> None:
    """The plot plan and the stable plan go with the application (§2.2)."""
    for plan in (PLOT_PLAN, STABLE_PLAN):
        attach(page, plan)


def clerk_records_the_sign_offs(clerk: Page) -> None:
    """The zoning certification (§2.3) and the Conservation Commission's review (§4.1)."""
    today = timezone.localdate().isoformat()
    clerk.get_by_label("Certification dated").fill(today)
    clerk.get_by_role("button", name="Record the zoning certification").click()
    expect(clerk.get_by_text("The zoning certification is recorded")).to_be_visible()
    clerk.get_by_label("Review dated").fill(today)
    clerk.get_by_role("button", name="Record the Conservation Commission review").click()
    expect(clerk.get_by_text("The Conservation Commission review is recorded")).to_be_visible()


def test_the_stables_old_apply_address_leads_to_the_generated_form(client):
    answer = client.get("/stables/apply/private/?horses=2")
    assert answer.status_code == 301
    assert answer["Location"] == "/apply/northborough.private_stable/?horses=2"


@pytest.mark.parametrize("screen", SCREENS)
def test_a_new_horse_owner_gets_a_northborough_private_stable_permit_alone(
    request, browser, live_server, demo_checkout, northborough_clerk, screen
):
    page: Page = request.getfixturevalue(screen)
    page.goto(f"{live_server.url}/")
    assert_accessible(page)
    find_the_private_stable_permit(page)
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    assert_accessible(page)
    create_an_account(page, "kate", "Kate", "Keeper", "12 Bartlett Street", "Northborough",
                      "01532")

    expect(page.get_by_role("heading", name="Apply for a Northborough private stable permit")
           ).to_be_visible()
    assert page.url.endswith("/apply/northborough.private_stable/")
    assert_accessible(page)
    add_the_stable_site(page)
    click_nav(page, "My permits")
    find_the_private_stable_permit(page)
    fill_the_application(page, STABLE_ANSWERS)
    the_setback_is_judged_live(page, check=assert_accessible)
    page.get_by_role("button", name="Save the draft").click()
    expect(page.get_by_text("Draft saved")).to_be_visible()
    assert_accessible(page)
    upload_the_plans(page)
    page.get_by_role("button", name="Submit application").click()
    expect(page.get_by_text("Application submitted")).to_be_visible()
    expect(page.locator("#next-step")).to_contain_text("The Northborough Board of Health's "
                                                       "office will check your documents")
    assert_accessible(page)
    application_url = page.url

    pay_on_the_demo_checkout(page, "$50.00")
    expect(page).to_have_url(application_url)
    assert_accessible(page)

    clerk = browser.new_page()
    clerk_opens_the_review(clerk, live_server, "nora", "Private Stable Permit")
    clerk_records_the_sign_offs(clerk)
    accept_documents(clerk, 2)
    issue(clerk)
    clerk.close()

    permit = sees_the_permit_issued(page, application_url)
    assert permit.number.startswith("PVS-")
