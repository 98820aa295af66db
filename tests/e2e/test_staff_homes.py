"""Each role's home in a real browser: sign-in lands every member of staff on their own
work, and the first item there is done by clicking through — no address typed. Each home is
checked with axe at desktop and at phone width."""

from __future__ import annotations

import datetime as dt
import re

from django.utils import timezone
from playwright.sync_api import Page, expect

from dogs.licenses.services import apply_for_dog_license
from dogs.models import Impoundment
from permits_site.licensing.models import PermitType
from permits_site.licensing.services.applications import submit_application
from permits_site.licensing.services.variances import request_variance
from tests.e2e.conftest import assert_accessible, sign_in
from tests.e2e.test_sanitary_inspection import (
    inspection,
    inspector,
    record_manure_over_the_limit,
)
from tests.enforcement.conftest import STABLE_CASE
from tests.factories import (
    PASSWORD,
    CaseFactory,
    CaseHearingFactory,
    DogFactory,
    Role,
    UserFactory,
    municipality,
    staff,
)
from tests.licensing.test_variances import PRIVATE_WELL, submitted_application
from tests.tisbury.support import with_required_documents

#: Fixtures shared with the sanitary inspection's walk: Ivan and his inspection today.
__all__ = ["inspection", "inspector"]


def lands_on_my_work(page: Page, phone_page: Page, live_server, username: str) -> None:
    """Sign in on a phone and on a desktop: both land on "My work", clean under axe; the
    desktop page stays open for the work."""
    for browser_page in (phone_page, page):
        sign_in(browser_page, live_server, username, PASSWORD)
        expect(browser_page).to_have_url(re.compile(r"/staff/$"))
        expect(browser_page.get_by_role("heading", name="My work", level=1)).to_be_visible()
        assert_accessible(browser_page)


def test_the_clerk_starts_the_review_of_a_submitted_application(page, phone_page, live_server):
    staff(Role.CLERK, "north_andover", username="carla")
    dog = DogFactory(owner=UserFactory(first_name="Jane", last_name="Smith"), name="Biscuit")
    today = timezone.localdate()
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=today.year,
                                        acquired_on=today - dt.timedelta(days=5))
    submit_application(application=with_required_documents(application),
                       acting_user=dog.owner)

    lands_on_my_work(page, phone_page, live_server, "carla")
    page.get_by_role("link", name=f"Start the review: Dog license application "
                     f"#{application.pk} (Jane Smith)").click()
    page.get_by_role("button", name="Start review").click()

    expect(page.get_by_text("Review started.")).to_be_visible()


def test_the_inspector_records_todays_inspection_from_the_agenda(page, phone_page, live_server,
                                                                 inspection):
    lands_on_my_work(page, phone_page, live_server, "ivan")
    agenda = page.get_by_role("heading", name=re.compile("^Inspections today")).locator("..")
    expect(agenda).to_contain_text(inspection.permit.number)
    agenda.get_by_role("link", name=re.compile(
        f"^Inspect and record the checklist: Inspection #{inspection.pk} at ")).click()
    record_manure_over_the_limit(page)
    page.get_by_role("button", name="Close inspection").click()

    expect(page.get_by_text("Inspection closed: failed, 1 violation.")).to_be_visible()
    page.get_by_role("navigation", name="Main").get_by_role("link", name="My work").click()
    failed = page.get_by_role("heading", name=re.compile("^Failed inspections")).locator("..")
    expect(failed.get_by_role("link", name=re.compile("Open a case"))).to_be_visible()


def test_the_animal_control_officer_forwards_an_intake_record(page, phone_page, live_server):
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", username="olive")
    held = Impoundment.objects.create(
        municipality=municipality("north_andover"), recorded_by=officer,
        impounded_on=timezone.localdate() - dt.timedelta(days=2), description="Brown terrier")

    lands_on_my_work(page, phone_page, live_server, "olive")
    page.get_by_role("link", name=re.compile(
        rf"^Day 3 of the hold .*Impoundment #{held.pk} \(dog: Brown terrier\)")).click()
    page.get_by_label("Forwarded to the Town Clerk on").fill(timezone.localdate().isoformat())
    page.get_by_role("button", name="Record forwarding").click()

    expect(page.get_by_text("Forwarding recorded.")).to_be_visible()
    held.refresh_from_db()
    assert held.forwarded_to_clerk_on == timezone.localdate()


def test_the_hearing_authority_decides_todays_hearing(page, phone_page, live_server):
    staff(Role.HEARING_AUTHORITY, "northborough", username="hal")
    hearing = CaseHearingFactory(
        case=CaseFactory(municipality=municipality("northborough"), case_type=STABLE_CASE,
                         party_name="Sam Stable", address="12 Bartlett St"),
        notice_sent_on=timezone.localdate() - dt.timedelta(days=14),
        hearing_date=timezone.localdate())

    lands_on_my_work(page, phone_page, live_server, "hal")
    page.get_by_role("link", name=f"Hold the hearing: Case #{hearing.case_id} "
                     "(Sam Stable, 12 Bartlett St)").click()
    page.get_by_label("Decision", exact=True).fill("The stable keeps its permit.")
    page.get_by_role("button", name="Record decision").click()

    expect(page.get_by_text("Hearing decision recorded.")).to_be_visible()


def test_the_board_member_signs_the_variance_waiting_for_them(page, phone_page, live_server):
    member = staff(Role.BOARD_MEMBER, "tisbury", username="bea")
    variance = request_variance(
        application=submitted_application(), rule_ids=[PRIVATE_WELL],
        request_text="The lot is too small to keep 200 ft from the neighbour's well.",
        locus="Lot 12, Map 7", owner="Sam Septic, 4 Beach Road", regulation="09.7.6",
        relief="150 ft from the well", acting_user=staff(Role.CLERK, "tisbury"))

    lands_on_my_work(page, phone_page, live_server, "bea")
    page.get_by_role("link", name=re.compile(
        rf"^Sign or refuse the variance: .* #{variance.application_id} ")).click()
    page.get_by_label("Conditions imposed").fill("Monitor the well yearly.")
    page.get_by_label("Specific bases of the variance").fill("The lot is too small.")
    page.get_by_role("button", name="Approve with these conditions and bases").click()

    expect(page.get_by_role("status")).to_be_visible()
    assert variance.signatures.get().board_member == member


def test_the_town_admin_takes_an_offline_permit_type_online(page, phone_page, live_server):
    staff(Role.ADMIN, "northborough", username="adam")
    stable = PermitType.objects.get(code="northborough.private_stable")
    PermitType.objects.filter(pk=stable.pk).update(online=False)

    lands_on_my_work(page, phone_page, live_server, "adam")
    page.get_by_role("link", name=f"Offline: take it online when the town is ready: "
                     f"{stable.name}").click()
    page.locator("tr", has_text=stable.name).get_by_role(
        "button", name=re.compile("Open online applications")).click()

    expect(page.get_by_role("status")).to_be_visible()
    stable.refresh_from_db()
    assert stable.online


def test_tisburys_admin_opens_the_septic_inspector_licenses_from_the_registers(
        page, phone_page, live_server):
    """The registers a role opens are on its My work: the admin, who cannot open the
    application queue, reaches the page licensing septic system inspectors (09.0.8(4))."""
    staff(Role.ADMIN, "tisbury", username="ada")

    lands_on_my_work(page, phone_page, live_server, "ada")
    registers = page.get_by_role("navigation", name="Registers of Tisbury")
    registers.get_by_role("link", name="System inspector licenses").click()

    expect(page.get_by_role("heading", name="System inspector licenses", level=1)).to_be_visible()
