"""The rabies certificate on file (North Andover Code ch. 60, Licenses A(1)) as the form and
the draft see it: the form says it is "on file, valid until …" whenever the dog, license and
year chosen are a renewal the certificate accepted with last year's license still covers on
the new license's first day — however the form was opened, as posted, and as changed (the
page's htmx fragment) — and a draft changed to another dog or license year is checked again:
the certificate that no longer serves it goes, the one that does comes attached."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from dogs.licenses.services import RabiesProof, apply_for_dog_license, update_dog_license
from permits_site.audit.models import AuditEntry
from permits_site.licensing.models import DocumentStatus
from tests.dogs.test_license_flow import licensed, png_upload
from tests.dogs.test_renewal_rabies_on_file import rabies_blockers
from tests.factories import DogFactory, local

pytestmark = pytest.mark.django_db

DEC_10_2026 = dt.date(2026, 12, 10)
ON_FILE = "on file, valid until"


def licensed_for(dog, clerk, *, year: int, rabies_until: dt.date):
    with time_machine.travel(local(dt.date(year, 3, 10)), tick=False):
        return licensed(dog, clerk, year=year, rabies_until=rabies_until)


@pytest.fixture
def biscuit(resident, clerk):
    """Licensed for 2026, its certificate good until March 3, 2028."""
    dog = DogFactory(owner=resident, name="Biscuit")
    licensed_for(dog, clerk, year=2026, rabies_until=dt.date(2028, 3, 3))
    return dog


@pytest.fixture
def rex(resident, clerk):
    """Licensed for 2025 and not for 2026, its certificate good until June 1, 2027."""
    dog = DogFactory(owner=resident, name="Rex")
    licensed_for(dog, clerk, year=2025, rabies_until=dt.date(2027, 6, 1))
    return dog


# -- the form -----------------------------------------------------------------------------


@time_machine.travel(local(DEC_10_2026), tick=False)
def test_the_fragment_says_the_certificate_is_on_file_for_the_dog_chosen_in_the_list(
        client, resident, biscuit):
    client.force_login(resident)
    fragment = reverse("dogs:rabies_on_file")

    renewal = client.get(fragment, {"dog": biscuit.pk, "action": "renewal",
                                    "license_year": "2027"}).content.decode()
    new = client.get(fragment, {"dog": biscuit.pk, "action": "new",
                                "license_year": "2027"}).content.decode()

    assert f"{ON_FILE} March 3, 2028" in renewal
    assert ON_FILE not in new


@time_machine.travel(local(DEC_10_2026), tick=False)
def test_the_fragment_says_nothing_of_another_persons_dog(client, other_resident, biscuit):
    client.force_login(other_resident)

    page = client.get(reverse("dogs:rabies_on_file"),
                      {"dog": biscuit.pk, "action": "renewal", "license_year": "2027"})

    assert page.status_code == 200
    assert ON_FILE not in page.content.decode()


@time_machine.travel(local(DEC_10_2026), tick=False)
def test_the_fragment_says_nothing_when_the_certificate_ends_before_the_license_starts(
        client, resident, clerk):
    dog = DogFactory(owner=resident, name="Pepper")
    licensed_for(dog, clerk, year=2026, rabies_until=dt.date(2026, 12, 31))
    client.force_login(resident)

    page = client.get(reverse("dogs:rabies_on_file"),
                      {"dog": dog.pk, "action": "renewal", "license_year": "2027"})

    assert ON_FILE not in page.content.decode()


@time_machine.travel(local(DEC_10_2026), tick=False)
def test_the_form_opened_on_a_renewal_says_so_for_the_dog_the_list_shows_chosen(
        client, resident, biscuit):
    """Only one dog: the list shows it chosen though the address names none."""
    client.force_login(resident)

    page = client.get(reverse("dogs:apply"), {"action": "renewal"}).content.decode()

    assert f"{ON_FILE} March 3, 2028" in page
    assert reverse("dogs:rabies_on_file") in page  # changed choices ask the fragment again


@time_machine.travel(local(DEC_10_2026), tick=False)
def test_a_refused_post_of_a_renewal_still_says_the_certificate_is_on_file(
        client, resident, biscuit):
    client.force_login(resident)

    refused = client.post(reverse("dogs:apply"), {
        "dog": biscuit.pk, "action": "renewal", "license_year": "2027",
        "moved_in_on": "not a date"})

    assert refused.status_code == 400
    assert f"{ON_FILE} March 3, 2028" in refused.content.decode()


# -- the draft changed --------------------------------------------------------------------


@time_machine.travel(local(DEC_10_2026), tick=False)
def test_a_draft_changed_to_another_dog_and_year_takes_that_dogs_certificate(
        resident, rex, biscuit):
    draft = apply_for_dog_license(applicant=resident, dog=rex, action="renewal",
                                  license_year=2026)
    assert [document.valid_until for document in draft.documents.all()] == [
        dt.date(2027, 6, 1)]

    update_dog_license(application=draft, dog=biscuit, license_year=2027,
                       acting_user=resident)

    [certificate] = draft.documents.all()
    assert (certificate.valid_until, certificate.status) == (dt.date(2028, 3, 3),
                                                             DocumentStatus.ACCEPTED)
    assert rabies_blockers(draft) == []
    actions = list(AuditEntry.objects.filter(
        action__startswith="document.").order_by("pk").values_list("action", flat=True))
    assert actions[-2:] == ["document.on_file_detached", "document.attached_on_file"]


@time_machine.travel(local(DEC_10_2026), tick=False)
def test_a_draft_changed_to_a_year_the_certificate_does_not_cover_asks_for_one(
        resident, clerk, rex):
    pepper = DogFactory(owner=resident, name="Pepper")
    licensed_for(pepper, clerk, year=2026, rabies_until=dt.date(2026, 12, 31))
    draft = apply_for_dog_license(applicant=resident, dog=rex, action="renewal",
                                  license_year=2026)

    update_dog_license(application=draft, dog=pepper, license_year=2027,
                       acting_user=resident)

    assert not draft.documents.exists()
    assert [blocker.message for blocker in rabies_blockers(draft)] == [
        "Rabies vaccination certificate or Veterinarian's rabies exemption certificate is "
        "missing."]


def test_a_draft_kept_past_its_certificates_end_is_asked_for_a_new_one_when_edited(
        resident, clerk):
    """Started in December, its certificate good until February 1: edited on February 15,
    the license's first day is that day, which the certificate no longer covers."""
    dog = DogFactory(owner=resident, name="Pepper")
    licensed_for(dog, clerk, year=2026, rabies_until=dt.date(2027, 2, 1))
    with time_machine.travel(local(DEC_10_2026), tick=False):
        draft = apply_for_dog_license(applicant=resident, dog=dog, action="renewal",
                                      license_year=2027)
    assert draft.documents.count() == 1

    with time_machine.travel(local(dt.date(2027, 2, 15)), tick=False):
        update_dog_license(application=draft, dog=dog, license_year=2027,
                           acting_user=resident)

    assert not draft.documents.exists()


@time_machine.travel(local(DEC_10_2026), tick=False)
def test_an_edit_that_changes_nothing_keeps_the_same_certificate(resident, biscuit):
    draft = apply_for_dog_license(applicant=resident, dog=biscuit, action="renewal",
                                  license_year=2027)
    [before] = draft.documents.all()

    update_dog_license(application=draft, dog=biscuit, license_year=2027,
                       acting_user=resident)

    assert list(draft.documents.all()) == [before]
    assert not AuditEntry.objects.filter(action="document.on_file_detached").exists()


@time_machine.travel(local(DEC_10_2026), tick=False)
def test_a_certificate_the_owner_attached_is_kept_whatever_the_change(resident, rex, biscuit):
    draft = apply_for_dog_license(
        applicant=resident, dog=rex, action="renewal", license_year=2026,
        rabies_proof=RabiesProof("rabies_certificate", png_upload(), dt.date(2029, 1, 1)))
    [own] = draft.documents.all()

    update_dog_license(application=draft, dog=biscuit, license_year=2027,
                       acting_user=resident)

    assert list(draft.documents.all()) == [own]
