"""Amounts the law text does not state (the catalogue's *seeded* schedules) are the schedule
in force and are invoiced like any other. The town's admin sees them flagged on their home
and on the fee schedule page until they confirm them (audited) or save their own version;
residents never read that they are seeded."""

import pytest
from django.urls import reverse
from django.utils import timezone

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.homes import town_admin
from permits_site.licensing.models import FeeSchedule
from permits_site.licensing.services.fees import confirm_fee_schedule, schedule_in_force
from permits_site.towns.calendar import town_calendar
from tests.factories import PermitType, Role, staff

pytestmark = pytest.mark.django_db

#: Impoundment fees are not in ch. 60's text: the Select Board's seeded schedule.
SEEDED = "north_andover.impoundment"


@pytest.fixture
def seeded() -> FeeSchedule:
    schedule = schedule_in_force(PermitType.objects.get(code=SEEDED), timezone.localdate())
    assert schedule.seeded
    return schedule


@pytest.fixture
def admin():
    return staff(Role.ADMIN, "north_andover", username="adam")


def flagged() -> list[str]:
    work = town_admin.placeholder_fees(town_calendar("north_andover"),
                                       today=timezone.localdate())
    return [item.record for item in work.items]


def fee_section(home: str) -> str:
    """The admin home's list of fee schedules to confirm."""
    return home.split("Fee schedules with amounts not in the law text")[1].split("</section>")[0]


def test_the_admin_confirms_a_seeded_schedule_and_it_is_audited(seeded, admin):
    assert seeded.permit_type.name in flagged()

    confirm_fee_schedule(schedule=seeded, acting_user=admin)

    assert seeded.permit_type.name not in flagged()

    seeded.refresh_from_db()
    assert not seeded.seeded
    entry = AuditEntry.objects.get(action="fee_schedule.confirmed")
    assert entry.actor == admin and entry.before == {"seeded": True}
    assert entry.after["seeded"] is False and entry.after["amounts"]


def test_a_schedule_already_confirmed_is_refused(seeded, admin):
    confirm_fee_schedule(schedule=seeded, acting_user=admin)

    with pytest.raises(DomainError, match="already confirmed"):
        confirm_fee_schedule(schedule=seeded, acting_user=admin)
    assert AuditEntry.objects.filter(action="fee_schedule.confirmed").count() == 1


@pytest.mark.parametrize(("role", "town"), [
    (Role.CLERK, "north_andover"), (Role.ADMIN, "tisbury"),
])
def test_only_the_towns_admin_confirms(seeded, role, town):
    with pytest.raises(PermissionDenied):
        confirm_fee_schedule(schedule=seeded, acting_user=staff(role, town))
    seeded.refresh_from_db()
    assert seeded.seeded and not AuditEntry.objects.filter(
        action="fee_schedule.confirmed").exists()


def test_the_admin_sees_the_flag_on_the_fee_schedule_page_and_confirming_clears_it(
    client, seeded, admin
):
    client.force_login(admin)
    page = reverse("licensing:fee_schedules") + "?q=impoundment"
    text = client.get(page).content.decode()
    assert "Not in the law text" in text and "Confirm these amounts" in text

    response = client.post(reverse("licensing:fee_schedule_confirm", args=[seeded.pk]))

    assert response.status_code == 302
    seeded.refresh_from_db()
    assert not seeded.seeded
    text = client.get(page).content.decode()
    assert "Not in the law text" not in text and "Confirm these amounts" not in text


def test_the_admin_home_flags_the_seeded_schedule_until_it_is_confirmed(client, seeded, admin):
    client.force_login(admin)
    home = reverse("staff_home")
    impoundment = seeded.permit_type.name
    assert impoundment in fee_section(client.get(home).content.decode())

    client.post(reverse("licensing:fee_schedule_confirm", args=[seeded.pk]))

    assert impoundment not in fee_section(client.get(home).content.decode())


def test_confirming_another_towns_schedule_is_not_found(client, seeded):
    client.force_login(staff(Role.ADMIN, "tisbury"))

    response = client.post(reverse("licensing:fee_schedule_confirm", args=[seeded.pk]))

    assert response.status_code in (403, 404)
    seeded.refresh_from_db()
    assert seeded.seeded


def test_confirming_takes_only_posts(client, seeded, admin):
    client.force_login(admin)

    assert client.get(reverse("licensing:fee_schedule_confirm", args=[seeded.pk])
                      ).status_code == 405


DUMPSTER = "tisbury.temporary_dumpster"


def test_the_review_screen_shows_a_seeded_fee_as_seeded_until_it_is_confirmed(client):
    """tisbury.md: amounts marked seeded are "shown to admins and clerks as 'seeded —
    confirm' until an admin saves a schedule version"."""
    from tests.factories import ApplicationFactory, InvoiceFactory, InvoiceLineFactory

    schedule = schedule_in_force(PermitType.objects.get(code=DUMPSTER), timezone.localdate())
    assert schedule.seeded
    application = ApplicationFactory(permit_type=schedule.permit_type, status="submitted",
                                     submitted_on=timezone.localdate(),
                                     facts={"start_date": "2027-03-01", "end_date": "2027-03-20"})
    InvoiceLineFactory(invoice=InvoiceFactory(application=application, fee_schedule=schedule,
                                              municipality=schedule.permit_type.municipality),
                       amount="50.00")
    client.force_login(staff(Role.CLERK, "tisbury"))
    review = reverse("licensing:review", args=[application.pk])

    assert "Seeded — confirm" in client.get(review).content.decode()
    confirm_fee_schedule(schedule=schedule, acting_user=staff(Role.ADMIN, "tisbury"))
    assert "Seeded — confirm" not in client.get(review).content.decode()
