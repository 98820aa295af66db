"""A boarding kennel's dogs (North Andover Code ch. 60, Kennel license B(1)): "kennel
licensees who offer temporary boarding services must obtain valid proof that each dog in
the kennel that is older than six months has received a current rabies vaccination, which
proof must be maintained". The roster tells each boarded dog from the kennel's own, names
its owner and keeps its rabies certificate; a boarded dog is no acquisition to report
(B(2)) and takes no place among the dogs the license was issued for."""

from __future__ import annotations

import datetime as dt
import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from dogs.kennels.services import render_roster_pdf, roster_count, roster_row
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError
from tests.dogs.test_kennel_roster import ACQUIRED, kennel_permit, listed, on  # noqa: F401
from tests.factories import KennelDogFactory

pytestmark = pytest.mark.django_db

TODAY = dt.date(2026, 10, 1)
OWNER = "Jo Visitor, 978-555-0101"


def boarded(permit, **overrides):
    return listed(permit, name="Guest", boarded_for=overrides.pop("boarded_for", OWNER),
                  rabies_certificate=overrides.pop("rabies_certificate", "RV-88, Dr. Lee"),
                  **overrides)


@on(TODAY)
def test_kennel_b1_a_boarded_dog_is_told_apart_and_its_rabies_proof_kept(kennel_permit):  # noqa: F811
    KennelDogFactory.create_batch(6, permit=kennel_permit)  # every dog licensed is listed

    dog = boarded(kennel_permit)

    assert (dog.is_boarded, dog.boarded_for, dog.rabies_certificate) == (
        True, OWNER, "RV-88, Dr. Lee")
    count = roster_count(kennel_permit, list(kennel_permit.kennel_dogs.all()))
    assert (count.licensed, count.listed, count.reported, count.boarded) == (6, 6, 0, 1)
    row = roster_row(dog, today=TODAY)
    assert row.on_roster == f"Boarded for {OWNER} since October 1, 2026"
    assert "certificate RV-88, Dr. Lee" in row.rabies
    assert AuditEntry.objects.filter(action="kennel.dog_boarded").count() == 1


@on(TODAY)
def test_kennel_b1_a_boarded_dog_without_its_rabies_certificate_is_refused(kennel_permit):  # noqa: F811
    with pytest.raises(DomainError) as refused:
        boarded(kennel_permit, rabies_certificate=" ")

    assert list(refused.value.errors) == ["rabies_certificate"]
    assert "Kennel license B(1)" in refused.value.errors["rabies_certificate"][0]
    assert not kennel_permit.kennel_dogs.exists()


@on(TODAY)
def test_kennel_b1_a_boarded_dog_with_an_expired_vaccination_is_refused(kennel_permit):  # noqa: F811
    with pytest.raises(DomainError) as refused:
        boarded(kennel_permit, rabies_valid_through=dt.date(2026, 9, 30))

    assert "rabies_valid_through" in refused.value.errors


@on(dt.date(2026, 10, 20))
def test_kennel_b1_b2_a_boarded_dog_has_no_acquisition_to_report(kennel_permit):  # noqa: F811
    with pytest.raises(DomainError) as refused:
        boarded(kennel_permit, acquired_on=ACQUIRED)

    assert list(refused.value.errors) == ["acquired_on"]


@on(TODAY)
def test_kennel_b1_the_page_and_printed_roster_show_the_boarded_dog_apart(client, kennel_permit):  # noqa: F811
    listed(kennel_permit, name="Own")
    client.force_login(kennel_permit.holder)
    response = client.post(reverse("dogs:kennel", args=[kennel_permit.pk]), {
        "action": "dog", "dog-name": "Guest", "dog-breed": "Collie",
        "dog-rabies_valid_through": "2027-05-01",
        "dog-boarded_for": OWNER, "dog-rabies_certificate": "RV-88, Dr. Lee"})
    assert response.status_code == 302

    page = client.get(reverse("dogs:kennel", args=[kennel_permit.pk])).content.decode()
    assert "1 boarded dog, not the kennel's own" in page
    assert f"Boarded for {OWNER}" in page and "Certificate RV-88, Dr. Lee" in page
    printed = " ".join(" ".join(sheet.extract_text().split()) for sheet in PdfReader(
        io.BytesIO(render_roster_pdf(kennel_permit, today=TODAY))).pages)
    assert f"Boarded for {OWNER}" in printed and "Licensed with the kennel" in printed
