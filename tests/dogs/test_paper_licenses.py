"""A dog licensed on paper before the town licensed dogs online: the owner (with the old
license number and year) or the Clerk records it, and the dog's next license is a renewal,
not a late new license (spec ``lifecycle.md``, North Andover corrections)."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.core import mail
from django.template.loader import render_to_string
from django.urls import reverse

from dogs.licenses.kinds import DogLicenseKind
from dogs.licenses.reminders import renewal_notices, send_season_notices
from dogs.licenses.services import (
    apply_for_dog_license,
    attach_last_years_numbers,
    dogs_not_renewed,
    record_paper_license,
)
from dogs.licenses.views import PAGE_SIZE
from dogs.models import PaperLicense
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError
from permits_site.licensing.services.applications import evaluate, submit_application
from permits_site.notifications.models import Message
from tests.clients import warmed
from tests.dogs.test_license_flow import licensed
from tests.dogs.test_tag_exemptions import dog_license
from tests.factories import DogFactory, Role, staff
from tests.tisbury.support import with_required_documents

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)
MARCH_2027 = dt.datetime(2027, 3, 10, 15, 0)
#: The resident's dashboard, whatever the number of records (one of them lists the towns
#: for "Which permit do I need?"; three more: the withdrawn and denied applications, the
#: permit types' towns and the resident's ties to each town, which decide which towns'
#: panels are open; one the kennel reviews of the resident's kennels, Kennel license B(5)).
DASHBOARD_QUERIES = 15
PAPER_LICENSE_PAGE_QUERIES = 6
#: The renewal season screen: the not-renewed list's count and page, then last year's
#: numbers of the page's dogs (one query online, one on paper).
SEASON_SCREEN_QUERIES = 10


def timely(application):
    return next(f for f in evaluate(application).findings if f.rule == "na.lic.A.timely")


@time_machine.travel(FEB_2027, tick=False)
def test_the_owner_records_the_old_license_number_and_year(dog):
    paper = record_paper_license(dog=dog, number=" NA-2026-0412 ", year=2026,
                                 acting_user=dog.owner)

    assert (paper.number, paper.year, paper.recorded_by) == ("NA-2026-0412", 2026, dog.owner)
    assert paper.recorded_on == dt.date(2027, 2, 10)
    entry = AuditEntry.objects.get(action="dog.paper_license_recorded")
    assert entry.actor == dog.owner
    assert entry.after == {"dog": dog.pk, "number": "NA-2026-0412", "year": 2026}


@time_machine.travel(FEB_2027, tick=False)
def test_the_clerk_records_a_residents_paper_license(dog, clerk):
    paper = record_paper_license(dog=dog, number="812", year=2026, acting_user=clerk)

    assert paper.recorded_by == clerk
    assert AuditEntry.objects.get(action="dog.paper_license_recorded").actor == clerk


@time_machine.travel(FEB_2027, tick=False)
@pytest.mark.parametrize(("number", "year", "field"), [
    ("", 2026, "number"),
    ("   ", 2026, "number"),
    ("N" * 41, 2026, "number"),
    ("812", None, "year"),
    ("812", 2028, "year"),
    ("812", 1999, "year"),
])
def test_an_incomplete_or_impossible_record_is_refused_naming_the_field(
    dog, number, year, field
):
    with pytest.raises(DomainError) as refusal:
        record_paper_license(dog=dog, number=number, year=year, acting_user=dog.owner)

    assert field in refusal.value.errors
    assert not PaperLicense.objects.exists()
    assert not AuditEntry.objects.filter(action__startswith="dog.paper_license").exists()


@time_machine.travel(FEB_2027, tick=False)
def test_another_persons_dog_is_refused(dog, other_resident):
    with pytest.raises(DomainError) as refusal:
        record_paper_license(dog=dog, number="812", year=2026, acting_user=other_resident)

    assert "dog" in refusal.value.errors
    assert not PaperLicense.objects.exists()


@time_machine.travel(FEB_2027, tick=False)
def test_another_towns_clerk_cannot_record_one(dog):
    tisbury_clerk = staff(Role.CLERK, "tisbury")

    with pytest.raises(DomainError):
        record_paper_license(dog=dog, number="812", year=2026, acting_user=tisbury_clerk)

    assert not PaperLicense.objects.exists()


@time_machine.travel(FEB_2027, tick=False)
def test_a_year_the_dog_was_licensed_online_is_refused(dog, clerk):
    licensed(dog, clerk, year=2027)

    with pytest.raises(DomainError) as refusal:
        record_paper_license(dog=dog, number="812", year=2027, acting_user=dog.owner)

    assert "year" in refusal.value.errors


@time_machine.travel(FEB_2027, tick=False)
def test_recording_the_same_year_again_corrects_the_number_audited(dog, clerk):
    record_paper_license(dog=dog, number="821", year=2026, acting_user=dog.owner)

    paper = record_paper_license(dog=dog, number="812", year=2026, acting_user=clerk)

    assert PaperLicense.objects.get() == paper
    assert paper.number == "812"
    entry = AuditEntry.objects.get(action="dog.paper_license_corrected")
    assert (entry.before["number"], entry.after["number"]) == ("821", "812")


@time_machine.travel(FEB_2027, tick=False)
def test_the_record_is_never_changed_once_a_license_follows_it(dog):
    record_paper_license(dog=dog, number="812", year=2026, acting_user=dog.owner)
    apply_for_dog_license(applicant=dog.owner, dog=dog, action="renewal", license_year=2027)

    with pytest.raises(DomainError) as refusal:
        record_paper_license(dog=dog, number="999", year=2026, acting_user=dog.owner)

    assert "number" in refusal.value.errors
    assert PaperLicense.objects.get().number == "812"


@time_machine.travel(FEB_2027, tick=False)
def test_a_renewal_after_the_paper_license_is_priced_as_a_renewal(dog):
    record_paper_license(dog=dog, number="812", year=2026, acting_user=dog.owner)

    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="renewal",
                                        license_year=2027)
    submit_application(application=with_required_documents(application),
                       acting_user=dog.owner)

    invoice = application.invoices.get()
    assert [(line.code, line.amount) for line in invoice.lines.all()] == [
        ("renewal", Decimal("10.00"))
    ]
    assert application.previous_permit is None
    assert timely(application).outcome == "not_applicable"


@time_machine.travel(MARCH_2027, tick=False)
def test_after_march_1_it_is_a_late_renewal_not_a_late_new_license(dog):
    record_paper_license(dog=dog, number="812", year=2026, acting_user=dog.owner)
    new = apply_for_dog_license(applicant=dog.owner, dog=DogFactory(owner=dog.owner),
                                action="new", license_year=2027)

    renewal = apply_for_dog_license(applicant=dog.owner, dog=dog, action="renewal",
                                    license_year=2027)
    submit_application(application=with_required_documents(renewal), acting_user=dog.owner)

    codes = [line.code for line in renewal.invoices.get().lines.all()]
    assert codes == ["renewal", "late_fee"]
    assert timely(renewal).outcome == "not_applicable"
    assert timely(new).outcome == "fail"


@time_machine.travel(dt.datetime(2026, 12, 2, 15, 0), tick=False)
@pytest.mark.parametrize("action", ["new", "renewal"])
def test_the_paper_licenses_own_year_is_not_licensed_again(dog, action):
    record_paper_license(dog=dog, number="812", year=2026, acting_user=dog.owner)

    with pytest.raises(DomainError) as refusal:
        apply_for_dog_license(applicant=dog.owner, dog=dog, action=action, license_year=2026)

    assert refusal.value.errors["action"] == ["Biscuit is already licensed on paper for 2026."]
    assert not dog.license_applications.exists()


@time_machine.travel(FEB_2027, tick=False)
def test_the_renewal_is_issued_with_a_tag(dog, clerk):
    record_paper_license(dog=dog, number="812", year=2026, acting_user=clerk)

    permit = licensed(dog, clerk, action="renewal", year=2027)

    assert permit.application.action == "renewal"
    assert permit.dog_tags.get().year == 2027


# -- the renewal season (Licenses A(8)) ----------------------------------------------------


@time_machine.travel(FEB_2027, tick=False)
def test_a_dog_licensed_on_paper_last_year_is_due_for_renewal(dog, north_andover):
    record_paper_license(dog=dog, number="812", year=2026, acting_user=dog.owner)
    older = DogFactory()
    record_paper_license(dog=older, number="77", year=2025, acting_user=older.owner)

    [due] = attach_last_years_numbers(
        list(dogs_not_renewed(municipality=north_andover, year=2027)),
        municipality=north_andover, year=2027)

    assert due == dog
    assert (due.license_number, due.paper_license_number) == (None, "812")


@time_machine.travel(FEB_2027, tick=False)
@pytest.mark.parametrize("renewed", ["online", "on paper"])
def test_a_dog_licensed_for_the_season_online_or_on_paper_is_not_due(
    dog, clerk, north_andover, renewed
):
    record_paper_license(dog=dog, number="812", year=2026, acting_user=clerk)
    assert list(dogs_not_renewed(municipality=north_andover, year=2027)) == [dog]

    if renewed == "online":
        licensed(dog, clerk, action="renewal", year=2027)
    else:
        record_paper_license(dog=dog, number="913", year=2027, acting_user=clerk)

    assert not dogs_not_renewed(municipality=north_andover, year=2027).exists()


@time_machine.travel(FEB_2027, tick=False)
def test_an_inactive_dog_licensed_on_paper_is_not_due(dog, north_andover):
    record_paper_license(dog=dog, number="812", year=2026, acting_user=dog.owner)
    dog.active = False
    dog.save()

    assert not dogs_not_renewed(municipality=north_andover, year=2027).exists()


@time_machine.travel(FEB_2027, tick=False)
def test_the_owner_of_a_dog_licensed_on_paper_gets_the_season_reminder(
    dog, clerk, north_andover, django_capture_on_commit_callbacks
):
    record_paper_license(dog=dog, number="812", year=2026, acting_user=dog.owner)

    with django_capture_on_commit_callbacks(execute=True):
        sent = send_season_notices(municipality=north_andover, year=2027, acting_user=clerk)

    assert sent == 1
    assert mail.outbox[0].to == [dog.owner.email]
    assert mail.outbox[0].subject == "North Andover: Biscuit's 2027 dog license is due"
    assert "Licenses A(8)" in mail.outbox[0].body
    assert Message.objects.get().object_id == dog.pk
    assert send_season_notices(municipality=north_andover, year=2027, acting_user=clerk) == 0


def test_the_daily_run_reminds_the_owner_of_a_dog_licensed_on_paper(dog, clerk):
    with time_machine.travel(FEB_2027, tick=False):
        record_paper_license(dog=dog, number="812", year=2027, acting_user=clerk)

    reminders = list(renewal_notices(dt.date(2027, 12, 1)))

    assert [reminder.recipients for reminder in reminders] == [[dog.owner]]
    assert reminders[0].draft.key == f"dog-renewal:{dog.pk}:2028"


@time_machine.travel(FEB_2027, tick=False)
def test_the_renewal_season_screen_lists_the_paper_license_with_a_link_to_it(
    client, dog, clerk
):
    record_paper_license(dog=dog, number="812", year=2026, acting_user=dog.owner)
    client.force_login(clerk)

    page = client.get(reverse("dogs:renewal_season"), {"year": 2027}).content.decode()

    assert "<td>812 (paper)</td><td>Biscuit</td>" in page
    assert reverse("dogs:paper_license", args=[dog.pk]) in page
    assert "Email a reminder to each owner (1)" in page


@time_machine.travel(FEB_2027, tick=False)
def test_the_clerk_finds_a_dog_on_the_season_screen_to_record_its_paper_license(
    client, dog, clerk
):
    DogFactory(name="Moose")
    client.force_login(clerk)
    url = reverse("dogs:renewal_season")

    found = client.get(url, {"year": 2027, "find": "smith biscuit"})
    missing = client.get(url, {"year": 2027, "find": "Nobody"})

    assert list(found.context["found"]) == [dog]
    assert reverse("dogs:paper_license", args=[dog.pk]) in found.content.decode()
    assert "No dog on file matches “Nobody”." in missing.content.decode()
    assert not client.get(url, {"year": 2027}).context["found"]


@time_machine.travel(FEB_2027, tick=False)
@pytest.mark.parametrize("rows", [1, 30])
def test_the_season_screen_runs_the_same_queries_whatever_the_dogs_due(
    client, clerk, rows, django_assert_num_queries
):
    """One dog due or more than a page of them, licensed last year on paper or online."""
    shown_as = {}
    for index, dog in enumerate(DogFactory.create_batch(rows)):
        if index % 3 == 1:
            dog_license(dog, year=2026, number=f"L-{dog.pk}")
            shown_as[dog.pk] = f"L-{dog.pk}"
        else:
            record_paper_license(dog=dog, number=f"P-{dog.pk}", year=2026, acting_user=clerk)
            shown_as[dog.pk] = f"P-{dog.pk} (paper)"
    client.force_login(clerk)
    warmed(client, reverse("dogs:renewal_season"), {"year": 2027})

    with django_assert_num_queries(SEASON_SCREEN_QUERIES):
        response = client.get(reverse("dogs:renewal_season"), {"year": 2027})

    page = response.content.decode()
    shown = list(response.context["not_renewed"])
    assert len(shown) == min(rows, PAGE_SIZE)
    for dog in shown:
        assert f"<td>{shown_as[dog.pk]}</td><td>{dog.name}</td>" in page
    assert f"Email a reminder to each owner ({rows})" in page


@time_machine.travel(FEB_2027, tick=False)
def test_the_clerk_reviewing_a_license_can_record_the_dogs_paper_license(dog, clerk):
    record_paper_license(dog=dog, number="812", year=2026, acting_user=dog.owner)
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="renewal",
                                        license_year=2027)
    inspector = staff(Role.INSPECTOR, "north_andover")
    link = reverse("dogs:paper_license", args=[dog.pk])

    def panel(user) -> str:
        context = DogLicenseKind().review_context(application, user)
        return render_to_string(DogLicenseKind.review_panel, {"panel": context})

    assert "2026: no. 812" in panel(clerk)
    assert link in panel(clerk)
    assert link not in panel(inspector)


# -- pages ---------------------------------------------------------------------------------


@time_machine.travel(FEB_2027, tick=False)
def test_the_owner_records_it_on_the_page_and_goes_on_to_the_renewal(client, dog):
    client.force_login(dog.owner)
    url = reverse("dogs:paper_license", args=[dog.pk])

    assert client.get(url).status_code == 200
    response = client.post(url, {"number": "812", "year": "2026"})

    assert response.status_code == 302
    assert response["Location"] == f"{reverse('dogs:apply')}?dog={dog.pk}&action=renewal"
    assert dog.paper_licenses.get().number == "812"


@time_machine.travel(FEB_2027, tick=False)
def test_an_incomplete_page_is_refused_naming_the_field(client, dog):
    client.force_login(dog.owner)

    response = client.post(reverse("dogs:paper_license", args=[dog.pk]), {"year": "2026"})

    assert response.status_code == 400
    assert "number" in response.context["form"].errors
    assert b"License number" in response.content
    assert not PaperLicense.objects.exists()


@time_machine.travel(FEB_2027, tick=False)
def test_another_residents_dog_page_is_not_found(client, dog, other_resident):
    client.force_login(other_resident)
    url = reverse("dogs:paper_license", args=[dog.pk])

    assert client.get(url).status_code == 404
    assert client.post(url, {"number": "812", "year": "2026"}).status_code == 404
    assert not PaperLicense.objects.exists()


@time_machine.travel(FEB_2027, tick=False)
def test_the_clerk_records_it_from_the_dogs_record(client, dog, clerk):
    client.force_login(clerk)
    url = reverse("dogs:paper_license", args=[dog.pk])

    page = client.get(url)
    response = client.post(url, {"number": "812", "year": "2026"})

    assert dog.owner.get_full_name().encode() in page.content
    assert response.status_code == 302
    assert response["Location"] == url
    assert dog.paper_licenses.get().recorded_by == clerk


@time_machine.travel(FEB_2027, tick=False)
def test_the_dashboard_lists_the_paper_license(client, dog):
    record_paper_license(dog=dog, number="812", year=2026, acting_user=dog.owner)
    client.force_login(dog.owner)

    response = client.get(reverse("licensing:dashboard"))

    assert b"2026 (paper license no. 812)" in response.content
    assert reverse("dogs:paper_license", args=[dog.pk]).encode() in response.content


@time_machine.travel(FEB_2027, tick=False)
@pytest.mark.parametrize("rows", [2, 10])
def test_the_dashboard_runs_the_same_queries_whatever_the_paper_licenses(
    client, resident, rows, django_assert_num_queries
):
    for dog in DogFactory.create_batch(rows, owner=resident):
        record_paper_license(dog=dog, number=f"P-{dog.pk}", year=2026, acting_user=resident)
    client.force_login(resident)

    with django_assert_num_queries(DASHBOARD_QUERIES):
        response = client.get(reverse("licensing:dashboard"))

    assert response.content.count(b"(paper license no. P-") == rows


@time_machine.travel(FEB_2027, tick=False)
@pytest.mark.parametrize("rows", [2, 10])
def test_the_paper_license_page_runs_the_same_queries_whatever_the_rows(
    client, dog, rows, django_assert_num_queries
):
    for year in range(2026 - rows + 1, 2027):
        record_paper_license(dog=dog, number=f"P-{year}", year=year, acting_user=dog.owner)
    client.force_login(dog.owner)

    with django_assert_num_queries(PAPER_LICENSE_PAGE_QUERIES):
        response = client.get(reverse("dogs:paper_license", args=[dog.pk]))

    assert response.content.count(b": no. P-") == rows


@time_machine.travel(FEB_2027, tick=False)
def test_the_reviewer_sees_the_paper_license_a_renewal_follows(dog):
    record_paper_license(dog=dog, number="812", year=2026, acting_user=dog.owner)
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="renewal",
                                        license_year=2027)

    assert ("Licensed on paper", "2026, no. 812") in DogLicenseKind().summary(application)
