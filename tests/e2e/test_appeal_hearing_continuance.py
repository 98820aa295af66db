"""The hearing authority continues the public hearing on an appeal of a North Andover case,
in a real browser (North Andover Code ch. 60, Hearing authority B): from the case page it
opens the appeal's continuance, finds the form filled with the hearing's own day, hour and
place, is refused a day the offices are closed on its field, moves the hearing with a
reason, and is back on the case page, which lists the day, hour and place the hearing had
before. Every page on the way is checked with axe for WCAG 2.1 AA."""

from __future__ import annotations

import datetime as dt
import re

from django.utils import timezone
from playwright.sync_api import expect

from permits_site.enforcement.models import Appeal
from permits_site.enforcement.services import file_appeal, open_case
from permits_site.enforcement.services.cases import schedule_appeal_hearing
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, Role, UserFactory, municipality, staff

TOWN_HALL = "Town Hall, 120 Main Street"
POLICE_STATION = "Police Station, 1475 Osgood Street"
REASON = "The appellant's witness is away that week."


def test_the_hearing_authority_continues_an_appeals_hearing_and_sees_its_history(
        page, live_server):
    town = municipality("north_andover")
    town.hearing_time, town.hearing_place = dt.time(19), TOWN_HALL
    town.save(update_fields=["hearing_time", "hearing_place"])
    owner = UserFactory(first_name="Olive", last_name="Owner")
    aco = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    clerk = staff(Role.CLERK, "north_andover")
    authority = staff(Role.HEARING_AUTHORITY, "north_andover", username="hal",
                      first_name="Hal", last_name="Chief")
    today = timezone.localdate()
    case = open_case(municipality=town, case_type="north_andover.dog_control", party=owner,
                     party_name="", address="5 Chestnut Street", complaint="Dog loose.",
                     received_on=today, acting_user=aco)
    appeal = file_appeal(case=case, filed_on=today, grounds="The dog was on a leash.",
                         acting_user=clerk)
    schedule_appeal_hearing(appeal=appeal, hearing_date=dt.date(2026, 6, 18),
                            hearing_time=dt.time(18, 30), acting_user=authority)

    sign_in(page, live_server, "hal", PASSWORD)
    page.goto(f"{live_server.url}/enforcement/cases/{case.pk}/")
    assert_accessible(page)
    page.get_by_role("link", name=re.compile(
        r"^Continue or reschedule the public hearing of June 18")).click()

    expect(page.get_by_role("heading", name="Continue the appeal's public hearing",
                            level=1)).to_be_visible()
    expect(page.get_by_label("New hearing date")).to_have_value("2026-06-18")
    expect(page.get_by_label("Hearing time")).to_have_value("18:30")
    expect(page.get_by_label("Hearing place")).to_have_value(TOWN_HALL)
    assert_accessible(page)
    page.get_by_label("New hearing date").fill("2026-06-19")
    page.get_by_label("Hearing place").fill(POLICE_STATION)
    page.get_by_label("Why the hearing is continued").fill(REASON)
    page.get_by_role("button", name="Continue the hearing").click()

    expect(page.get_by_role("alert")).to_contain_text("closed on June 19, 2026")
    assert_accessible(page)
    page.get_by_label("New hearing date").fill("2026-06-22")
    page.get_by_role("button", name="Continue the hearing").click()

    expect(page).to_have_url(re.compile(rf"/enforcement/cases/{case.pk}/$"))
    expect(page.get_by_text("Public hearing continued to Monday, June 22, 2026, 6:30 PM, "
                            f"{POLICE_STATION}")).to_be_visible()
    appeals = page.get_by_role("region", name="Appeals")
    expect(appeals).to_contain_text(
        f"Public hearing on Monday, June 22, 2026, 6:30 PM, {POLICE_STATION}")
    expect(appeals.get_by_role("listitem")).to_have_text(
        f"Thursday, June 18, 2026, 6:30 PM, {TOWN_HALL}, moved to Monday, June 22, 2026, "
        f"6:30 PM, {POLICE_STATION} on June 10, 2026 by Hal Chief: {REASON}")
    assert_accessible(page)
    moved = Appeal.objects.get(pk=appeal.pk)
    assert (moved.hearing_date, moved.location) == (dt.date(2026, 6, 22), POLICE_STATION)
