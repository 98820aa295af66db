"""A renewal reuses the rabies certificate on file (North Andover Code ch. 60, Licenses
A(1)): the certificate the Clerk accepted with last year's license serves the renewal when
it is still valid on the new license's first day; only one expiring before then is asked
again."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from dogs.licenses.services import apply_for_dog_license
from permits_site.licensing.models import Application, DocumentStatus
from permits_site.licensing.services.applications import blockers
from tests.dogs.test_license_flow import licensed
from tests.factories import DogFactory, local

pytestmark = pytest.mark.django_db

DEC_10_2026 = dt.date(2026, 12, 10)


def licensed_in_2026(clerk, *, rabies_until: dt.date):
    dog = DogFactory(name="Biscuit")
    with time_machine.travel(local(dt.date(2026, 3, 10)), tick=False):
        licensed(dog, clerk, year=2026, rabies_until=rabies_until)
    return dog


def rabies_blockers(application) -> list:
    """What still blocks issuance for want of the rabies document (gate documents_accepted)."""
    return [blocker for blocker in blockers(application)
            if blocker.code.startswith("document.") and "rabies" in blocker.code]


@time_machine.travel(local(DEC_10_2026), tick=False)
def test_a_renewal_takes_the_certificate_on_file_still_valid_on_january_1(clerk):
    dog = licensed_in_2026(clerk, rabies_until=dt.date(2027, 1, 1))

    renewal = apply_for_dog_license(applicant=dog.owner, dog=dog, action="renewal",
                                    license_year=2027)

    [certificate] = renewal.documents.all()
    assert (certificate.kind, certificate.valid_until, certificate.status) == (
        "rabies_certificate", dt.date(2027, 1, 1), DocumentStatus.ACCEPTED)
    assert rabies_blockers(renewal) == []


@time_machine.travel(local(DEC_10_2026), tick=False)
def test_a_certificate_expiring_before_the_new_license_starts_is_asked_again(clerk):
    dog = licensed_in_2026(clerk, rabies_until=dt.date(2026, 12, 31))

    renewal = apply_for_dog_license(applicant=dog.owner, dog=dog, action="renewal",
                                    license_year=2027)

    assert not renewal.documents.exists()
    assert [blocker.message for blocker in rabies_blockers(renewal)] == [
        "Rabies vaccination certificate or Veterinarian's rabies exemption certificate is "
        "missing."]


@time_machine.travel(local(DEC_10_2026), tick=False)
def test_the_renewal_form_says_the_certificate_is_on_file_and_needs_no_upload(client, clerk):
    dog = licensed_in_2026(clerk, rabies_until=dt.date(2028, 3, 3))
    client.force_login(dog.owner)
    url = reverse("dogs:apply")

    page = client.get(url, {"dog": dog.pk, "action": "renewal"}).content.decode()
    saved = client.post(url, {"dog": dog.pk, "action": "renewal", "license_year": "2027",
                              "kind": "rabies_certificate"})

    assert "on file, valid until March 3, 2028" in page
    renewal = Application.objects.get(action="renewal")
    assert saved.status_code == 302
    assert renewal.documents.get().valid_until == dt.date(2028, 3, 3)


@time_machine.travel(local(DEC_10_2026), tick=False)
def test_the_renewal_form_asks_for_a_certificate_when_the_one_on_file_runs_out(client, clerk):
    dog = licensed_in_2026(clerk, rabies_until=dt.date(2026, 12, 31))
    client.force_login(dog.owner)
    url = reverse("dogs:apply")

    page = client.get(url, {"dog": dog.pk, "action": "renewal"}).content.decode()
    refused = client.post(url, {"dog": dog.pk, "action": "renewal", "license_year": "2027",
                                "kind": "rabies_certificate"})

    assert "on file, valid until" not in page
    assert refused.status_code == 400
    assert "file" in refused.context["rabies"].errors
    assert not Application.objects.filter(action="renewal").exists()
