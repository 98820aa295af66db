"""A renewal issued before its term begins leaves the license it renews in force until then.

Next year's dog license goes on sale on December 1 (North Andover ch. 60, Licenses A(8)) and
may be issued that month; the license it renews runs through December 31 (A(7)), so for the
rest of December the dog is licensed by it and its QR code says so. The renewal is linked to
it at once — it is no longer offered for renewal, nor reminded as expiring — and it reads as
expired after its own last day. A renewal whose term has begun supersedes it at once, as
before. The same holds for every permit type renewed ahead."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from dogs.licenses.services import current_license
from permits_site.enforcement.deadlines import deadlines
from permits_site.homes.clerk import expiring_list
from permits_site.licensing.kinds import already_renewed
from permits_site.licensing.models import PermitStatus
from permits_site.notifications.reminders import expiring_permits
from permits_site.towns.calendar import town_calendar
from tests.dogs.test_license_flow import licensed
from tests.enforcement.conftest import issued_permit
from tests.factories import Role, UserFactory, staff

pytestmark = pytest.mark.django_db
MARCH_2026 = dt.datetime(2026, 3, 10, 15, 0)
ANNUAL = "northborough.public_stable"


def at(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(15, 0)), tick=False)


@pytest.fixture
def last_year(dog, clerk):
    with time_machine.travel(MARCH_2026, tick=False):
        return licensed(dog, clerk, year=2026)


@pytest.fixture
def renewed_in_december(last_year, dog, clerk):
    with at(dt.date(2026, 12, 7)):
        renewal = licensed(dog, clerk, action="renewal", year=2027)
    last_year.refresh_from_db()
    return renewal


def test_the_license_renewed_in_december_stays_in_force_through_december_31(
        renewed_in_december, last_year, dog):
    assert renewed_in_december.valid_from == dt.date(2027, 1, 1)
    assert last_year.status == PermitStatus.ACTIVE
    assert last_year.superseded_by == renewed_in_december
    assert not last_year.renewable
    assert last_year.effective_status(dt.date(2026, 12, 31)) == PermitStatus.ACTIVE
    assert last_year.effective_status(dt.date(2027, 1, 1)) == PermitStatus.EXPIRED
    assert current_license(dog, year=2026) == last_year


def test_its_qr_code_says_valid_in_december_and_the_renewal_not_yet(
        client, api, renewed_in_december, last_year):
    with at(dt.date(2026, 12, 8)):
        page = client.get(reverse("verify", args=[last_year.verification_token]))
        answer = api.get(f"/api/v1/verify/{last_year.verification_token}/").json()
        renewal = api.get(f"/api/v1/verify/{renewed_in_december.verification_token}/").json()

    assert b"Valid license" in page.content
    assert answer["status"] == "active"
    assert renewal["status"] == "active"


@pytest.mark.parametrize(("issued_on", "superseded_at_once"), [
    (dt.date(2026, 12, 31), False),  # the day before the renewal's term begins
    (dt.date(2027, 1, 1), True),  # its first day
    (dt.date(2027, 1, 4), True),  # after it
])
def test_a_renewal_whose_term_has_begun_supersedes_at_once(
        last_year, dog, clerk, issued_on, superseded_at_once):
    with at(issued_on):
        renewal = licensed(dog, clerk, action="renewal", year=2027)
    last_year.refresh_from_db()

    assert last_year.superseded_by == renewal
    assert (last_year.status == PermitStatus.SUPERSEDED) is superseded_at_once


def test_a_permit_renewed_ahead_is_neither_reminded_nor_listed_as_due_for_renewal():
    """Northborough's annual stable permit, its reminder 30 days before its last day; the
    same permit renewed ahead (its successor linked, itself still in force) gets none."""
    december_10 = dt.date(2027, 12, 10)
    holder, clerk = UserFactory(), staff(Role.CLERK, "northborough")
    due, renewed = (issued_permit(holder, issued_by=clerk, code=ANNUAL, sequence=sequence,
                                  valid_from=dt.date(2027, 1, 1),
                                  valid_through=dt.date(2027, 12, 31)) for sequence in (1, 2))
    renewed.superseded_by = issued_permit(holder, issued_by=clerk, code=ANNUAL,
                                          valid_from=dt.date(2028, 1, 1),
                                          valid_through=dt.date(2028, 12, 31))
    renewed.save(update_fields=["superseded_by"])

    reminded = [reminder.draft.key for reminder in expiring_permits(december_10)]
    listed = expiring_list(town_calendar("northborough"), today=dt.date(2027, 12, 24))

    on_the_deadlines_screen = [row.record for row in deadlines(
        [due.municipality_id], today=dt.date(2027, 12, 24)) if "renewal due" in row.what]

    assert reminded == [f"permit-expiry:{due.pk}:2027-12-31"]
    assert [item.record for item in listed.items] == [f"{due.number} ({due.holder_name})"]
    assert len(on_the_deadlines_screen) == 1
    assert due.number in on_the_deadlines_screen[0]


def test_a_permit_renewed_ahead_is_refused_a_second_renewal_naming_its_renewal():
    holder, clerk = UserFactory(), staff(Role.CLERK, "northborough")
    current = issued_permit(holder, issued_by=clerk, code=ANNUAL,
                            valid_from=dt.date(2027, 1, 1), valid_through=dt.date(2027, 12, 31))
    assert already_renewed(current, section="Northborough Horse & Stable Regs §7.1") is None

    current.superseded_by = issued_permit(holder, issued_by=clerk, code=ANNUAL,
                                          valid_from=dt.date(2028, 1, 1),
                                          valid_through=dt.date(2028, 12, 31))

    assert already_renewed(current, section="Northborough Horse & Stable Regs §7.1") == (
        f"Permit {current.number} is already renewed by {current.superseded_by.number}: renew "
        "that one (Northborough Horse & Stable Regs §7.1).")
