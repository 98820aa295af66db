"""Tag exemptions for dog events and medical reasons, recorded on the dog's license
(North Andover Code ch. 60, Licenses A(6)(a), (b))."""

import datetime as dt
from types import SimpleNamespace

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from dogs.licenses.exemptions import in_force, record_tag_exemption
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.models import PermitStatus
from tests.dogs.test_license_flow import png_upload
from tests.factories import (
    DogFactory,
    DogLicenseFactory,
    PermitFactory,
    Role,
    staff,
)
from tests.tisbury.support import client_for

pytestmark = pytest.mark.django_db
JUNE_2027 = dt.datetime(2027, 6, 10, 15, 0)
SHOW_DAY = dt.date(2027, 6, 12)


def dog_license(dog, *, year=2027, **fields):
    """The dog's issued license of ``year``, running January 1 to December 31."""
    details = DogLicenseFactory(dog=dog, license_year=year, application__status="issued")
    return PermitFactory(application=details.application, holder=dog.owner, year=year,
                         valid_from=dt.date(year, 1, 1), valid_through=dt.date(year, 12, 31),
                         **fields)


@pytest.fixture
def permit(db):
    return dog_license(DogFactory())


def event(permit, clerk, **changes):
    fields = {"permit": permit, "reason": "dog_event",
              "explanation": "Obedience trial, Essex County Kennel Club",
              "keeper": "Pat Doe", "starts_on": SHOW_DAY, "ends_on": SHOW_DAY,
              "acting_user": clerk}
    return record_tag_exemption(**{**fields, **changes})


def medical(permit, user, **changes):
    fields = {"reason": "medical", "explanation": "Neck surgery: no collar until healed",
              "starts_on": dt.date(2027, 6, 10), "ends_on": dt.date(2027, 7, 10),
              "veterinarian": "Dr. Ana Vet, Andover Animal Hospital",
              "statement": png_upload("vet-statement.png")}
    return event(permit, user, **{**fields, **changes})


@time_machine.travel(JUNE_2027, tick=False)
def test_dog_event_exemption_recorded_on_the_license_licenses_a6a(permit, clerk):
    exemption = event(permit, clerk)

    assert exemption.dog == permit.application.dog_license.dog
    assert (exemption.reason, exemption.keeper) == ("dog_event", "Pat Doe")
    assert not exemption.statement
    entry = AuditEntry.objects.get(action="dog.tag_exemption_recorded")
    assert entry.actor == clerk
    assert "Licenses A(6)(a)" in entry.summary


@time_machine.travel(JUNE_2027, tick=False)
def test_medical_exemption_keeps_the_veterinarians_statement_licenses_a6b(permit):
    aco = staff(Role.ANIMAL_CONTROL_OFFICER)
    exemption = medical(permit, aco)

    assert exemption.veterinarian == "Dr. Ana Vet, Andover Animal Hospital"
    assert exemption.statement_content_type == "image/png"
    assert exemption.statement.read().startswith(b"\x89PNG")


@pytest.mark.parametrize(("changes", "field"), [
    ({"veterinarian": " "}, "veterinarian"),
    ({"statement": None}, "statement"),
    ({"statement": SimpleUploadedFile("note.txt", b"not a document")}, "statement"),
])
@time_machine.travel(JUNE_2027, tick=False)
def test_medical_exemption_needs_the_veterinarians_determination_licenses_a6b(
        permit, clerk, changes, field):
    with pytest.raises(DomainError) as refused:
        medical(permit, clerk, **changes)

    assert field in refused.value.errors
    assert not permit.tag_exemptions.exists()


@pytest.mark.parametrize(("changes", "field"), [
    ({"reason": "holiday"}, "reason"),
    ({"explanation": ""}, "explanation"),
    ({"keeper": "  "}, "keeper"),
    ({"ends_on": SHOW_DAY - dt.timedelta(days=1)}, "ends_on"),
    ({"ends_on": dt.date(2028, 1, 1)}, "ends_on"),
    ({"starts_on": dt.date(2026, 12, 31)}, "ends_on"),
])
@time_machine.travel(JUNE_2027, tick=False)
def test_refused_exemption_names_its_field_licenses_a6(permit, clerk, changes, field):
    with pytest.raises(DomainError) as refused:
        event(permit, clerk, **changes)

    assert field in refused.value.errors
    assert not AuditEntry.objects.filter(action="dog.tag_exemption_recorded").exists()


@time_machine.travel(JUNE_2027, tick=False)
def test_exemption_last_day_of_the_license_is_allowed_licenses_a6(permit, clerk):
    exemption = event(permit, clerk, ends_on=dt.date(2027, 12, 31))

    assert exemption.ends_on == permit.valid_through


@time_machine.travel(JUNE_2027, tick=False)
def test_only_the_clerk_or_the_officer_records_an_exemption(permit):
    with pytest.raises(PermissionDenied):
        event(permit, permit.holder)
    with pytest.raises(PermissionDenied):
        event(permit, staff(Role.INSPECTOR))


@time_machine.travel(JUNE_2027, tick=False)
def test_exemption_needs_a_license_in_force(clerk):
    revoked = dog_license(DogFactory(), status=PermitStatus.REVOKED)

    with pytest.raises(DomainError) as refused:
        event(revoked, clerk)

    assert "permit" in refused.value.errors


@pytest.mark.parametrize(("day", "covered"), [
    (SHOW_DAY - dt.timedelta(days=1), False), (SHOW_DAY, True),
    (SHOW_DAY + dt.timedelta(days=1), True), (SHOW_DAY + dt.timedelta(days=2), False),
])
def test_exemption_covers_its_first_and_last_day_licenses_a6(day, covered):
    exemption = SimpleNamespace(starts_on=SHOW_DAY, ends_on=SHOW_DAY + dt.timedelta(days=1))

    assert (in_force([exemption], on=day) == [exemption]) is covered


# -- the pages and the API ----------------------------------------------------------------

PAGE_FIELDS = {"reason": "medical", "explanation": "Neck surgery", "keeper": "Pat Doe",
               "starts_on": "2027-06-10", "ends_on": "2027-07-10",
               "veterinarian": "Dr. Ana Vet"}


@time_machine.travel(JUNE_2027, tick=False)
def test_clerk_records_a_medical_exemption_from_the_page_and_the_dog_page_shows_it(
        client, permit, clerk):
    client.force_login(clerk)
    dog = permit.application.dog_license.dog
    record_page = client.get(reverse("dogs:dog_record", args=[dog.pk])).content.decode()
    assert reverse("dogs:tag_exemptions", args=[permit.pk]) in record_page

    posted = client.post(reverse("dogs:tag_exemptions", args=[permit.pk]),
                         {**PAGE_FIELDS, "statement": png_upload("vet.png")})

    assert posted.status_code == 302
    exemption = permit.tag_exemptions.get()
    shown = client.get(reverse("dogs:dog_record", args=[dog.pk])).content.decode()
    assert "Neck surgery" in shown
    assert reverse("dogs:exemption_statement", args=[exemption.pk]) in shown
    statement = client.get(reverse("dogs:exemption_statement", args=[exemption.pk]))
    assert statement.status_code == 200
    assert statement["Content-Type"] == "image/png"


@time_machine.travel(JUNE_2027, tick=False)
def test_medical_exemption_without_statement_is_refused_on_the_page_licenses_a6b(
        client, permit, clerk):
    client.force_login(clerk)

    refused = client.post(reverse("dogs:tag_exemptions", args=[permit.pk]), PAGE_FIELDS)

    assert refused.status_code == 400
    assert "Attach the veterinarian" in refused.content.decode()
    assert not permit.tag_exemptions.exists()


@time_machine.travel(JUNE_2027, tick=False)
def test_exemption_pages_answer_404_to_others(client, permit, other_resident):
    exemption = medical(permit, staff(Role.CLERK))
    client.force_login(other_resident)

    assert client.get(reverse("dogs:tag_exemptions", args=[permit.pk])).status_code == 404
    assert client.get(reverse("dogs:exemption_statement",
                              args=[exemption.pk])).status_code == 404


@time_machine.travel(JUNE_2027, tick=False)
def test_license_review_screen_lists_the_exemptions(client, permit, clerk):
    event(permit, clerk)
    client.force_login(clerk)

    page = client.get(reverse("licensing:review", args=[permit.application.pk]))

    assert "Obedience trial, Essex County Kennel Club" in page.content.decode()


@time_machine.travel(JUNE_2027, tick=False)
def test_owner_reads_the_exemption_on_the_dog_in_the_api(permit, clerk):
    event(permit, clerk)
    owner = client_for(permit.holder)

    dog = owner.get(f"/api/v1/dogs/{permit.application.dog_license.dog_id}/").json()
    listed = owner.get("/api/v1/dog-tag-exemptions/").json()["results"]

    assert [(item["reason"], item["starts_on"], item["statement_url"])
            for item in dog["tag_exemptions"]] == [("dog_event", "2027-06-12", None)]
    assert [item["license_number"] for item in listed] == [permit.number]


@time_machine.travel(JUNE_2027, tick=False)
def test_officer_records_an_exemption_through_the_api_and_a_refusal_names_the_field(permit):
    officer = client_for(staff(Role.ANIMAL_CONTROL_OFFICER))
    body = {"permit": permit.pk, "reason": "dog_event", "explanation": "Agility trial",
            "keeper": "Pat Doe", "starts_on": "2027-06-12", "ends_on": "2027-06-12"}

    created = officer.post("/api/v1/dog-tag-exemptions/", body, format="json")
    refused = officer.post("/api/v1/dog-tag-exemptions/", {**body, "reason": "medical"},
                           format="json")

    assert created.status_code == 201, created.content
    assert created.json()["explanation"] == "Agility trial"
    assert refused.status_code == 400
    assert "veterinarian" in refused.json()


@time_machine.travel(JUNE_2027, tick=False)
def test_a_resident_cannot_record_an_exemption_through_the_api(permit):
    refused = client_for(permit.holder).post("/api/v1/dog-tag-exemptions/", {
        "permit": permit.pk, "reason": "dog_event", "explanation": "Show", "keeper": "Me",
        "starts_on": "2027-06-12", "ends_on": "2027-06-12"}, format="json")

    assert refused.status_code == 403
    assert not permit.tag_exemptions.exists()


def test_dog_page_says_the_dog_is_exempt_today_licenses_a6(client, permit, clerk):
    dog_page = reverse("dogs:dog_record", args=[permit.application.dog_license.dog_id])
    with time_machine.travel(dt.datetime(2027, 6, 11, 12), tick=False):
        event(permit, clerk)
        client.force_login(clerk)
        before = client.get(dog_page).content.decode()
    with time_machine.travel(dt.datetime(2027, 6, 12, 12), tick=False):
        during = client.get(dog_page).content.decode()

    assert "Exempt today" not in before
    assert "Exempt today" in during
