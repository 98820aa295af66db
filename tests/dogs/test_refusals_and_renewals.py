"""Refusals the Clerk sees with their sections, and the renewal, transfer and tag flows."""

import datetime as dt

import pytest
import time_machine
from django.core import mail

from dogs.licenses.reminders import send_season_notices
from dogs.licenses.services import (
    apply_for_dog_license,
    attach_last_years_numbers,
    dogs_not_renewed,
    record_paper_license,
)
from dogs.models import DogTag
from permits_site.exceptions import DomainError
from permits_site.licensing.models import PermitStatus
from permits_site.licensing.services.applications import blockers, evaluate, submit_application
from permits_site.licensing.services.documents import upload_document
from permits_site.licensing.services.permits import issue_permit
from tests.dogs.test_license_flow import ACQUIRED, licensed, png_upload
from tests.factories import DogFactory

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)


def finding(application, rule_id):
    return next(f for f in evaluate(application).findings if f.rule == rule_id)


@time_machine.travel(FEB_2027, tick=False)
def test_dog_over_6_months_without_current_rabies_proof_is_refused_a1(dog):
    application = apply_for_dog_license(
        applicant=dog.owner, dog=dog, action="new", license_year=2027, acquired_on=ACQUIRED
    )
    upload_document(
        application=application,
        uploaded_by=dog.owner,
        kind="rabies_certificate",
        upload=png_upload(),
        valid_until=dt.date(2027, 2, 9),
    )
    submit_application(application=application, acting_user=dog.owner)

    rabies = finding(application, "na.lic.A1.rabies")
    blocker = next(b for b in blockers(application) if b.code == "na.lic.A1.rabies")

    assert rabies.outcome == "fail"
    assert blocker.citation == "North Andover Code ch. 60, Licenses A(1)"


@time_machine.travel(FEB_2027, tick=False)
def test_a_veterinarians_exemption_counts_as_rabies_proof_a1(dog):
    application = apply_for_dog_license(
        applicant=dog.owner, dog=dog, action="new", license_year=2027, acquired_on=ACQUIRED
    )
    upload_document(
        application=application,
        uploaded_by=dog.owner,
        kind="rabies_exemption",
        upload=png_upload(),
        valid_until=dt.date(2027, 6, 30),
    )

    assert finding(application, "na.lic.A1.rabies").outcome == "pass"


@time_machine.travel(FEB_2027, tick=False)
def test_fifth_dog_over_6_months_needs_a_kennel_license(resident):
    dogs = [DogFactory(owner=resident) for _ in range(5)]
    application = apply_for_dog_license(
        applicant=resident, dog=dogs[-1], action="new", license_year=2027, acquired_on=ACQUIRED
    )

    kennel = finding(application, "na.lim.A.kennel")

    assert kennel.outcome == "fail"
    assert kennel.actual == 5
    assert "Kennel license B(1)" in kennel.citation


@time_machine.travel(FEB_2027, tick=False)
def test_fourth_dog_needs_no_kennel_license(resident):
    dogs = [DogFactory(owner=resident) for _ in range(4)]
    application = apply_for_dog_license(
        applicant=resident, dog=dogs[-1], action="new", license_year=2027, acquired_on=ACQUIRED
    )

    assert finding(application, "na.lim.A.kennel").outcome == "pass"


@time_machine.travel(FEB_2027, tick=False)
def test_puppies_under_6_months_do_not_count_towards_the_limit(resident):
    for _ in range(4):
        DogFactory(owner=resident)
    puppy = DogFactory(owner=resident, date_of_birth=dt.date(2026, 12, 1))
    application = apply_for_dog_license(
        applicant=resident, dog=puppy, action="new", license_year=2027
    )

    assert finding(application, "na.lim.A.kennel").outcome == "pass"


@time_machine.travel(FEB_2027, tick=False)
def test_renewal_supersedes_last_years_license(dog, clerk):
    with time_machine.travel(dt.datetime(2026, 3, 10, 15, 0), tick=False):
        old = licensed(dog, clerk, year=2026)

    renewed = licensed(dog, clerk, action="renewal", year=2027)

    old.refresh_from_db()
    assert old.status == PermitStatus.SUPERSEDED
    assert old.superseded_by == renewed
    assert renewed.application.previous_permit == old


@time_machine.travel(FEB_2027, tick=False)
def test_renewal_without_an_earlier_license_is_refused_naming_the_action(dog):
    with pytest.raises(DomainError) as refusal:
        apply_for_dog_license(applicant=dog.owner, dog=dog, action="renewal", license_year=2027)

    assert "action" in refusal.value.errors


def test_a_new_license_for_a_dog_licensed_last_year_is_refused_offering_the_renewal(dog, clerk):
    """``renewal`` is "a dog licensed last year" (spec, north_andover.dog_license): such a
    dog is renewed, priced and judged as a renewal, not licensed anew as unlicensed and
    late."""
    with time_machine.travel(FEB_2027, tick=False):
        licensed(dog, clerk, year=2027)

    with time_machine.travel(FEB_2027.replace(year=2028), tick=False):
        with pytest.raises(DomainError) as refusal:
            apply_for_dog_license(applicant=dog.owner, dog=dog, action="new", license_year=2028)
        renewal = apply_for_dog_license(applicant=dog.owner, dog=dog, action="renewal",
                                        license_year=2028)

    assert refusal.value.errors["action"] == [
        f"{dog.name} was licensed for 2027: renew that license instead of applying for a new "
        "one (North Andover Code ch. 60, Licenses A)."]
    assert renewal.action == "renewal"


@time_machine.travel(FEB_2027, tick=False)
def test_a_dog_licensed_on_paper_last_year_is_renewed_too(dog, clerk):
    record_paper_license(dog=dog, number="NA-2026-0412", year=2026, acting_user=clerk)

    with pytest.raises(DomainError) as refusal:
        apply_for_dog_license(applicant=dog.owner, dog=dog, action="new", license_year=2027)

    assert "renew that license" in refusal.value.errors["action"][0]


@time_machine.travel(FEB_2027, tick=False)
def test_a_dog_last_licensed_two_years_ago_is_licensed_anew(dog, clerk):
    record_paper_license(dog=dog, number="NA-2025-0077", year=2025, acting_user=clerk)

    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=2027)

    assert application.action == "new"


@time_machine.travel(FEB_2027, tick=False)
def test_replacement_tag_keeps_the_license_and_gets_the_next_tag_number_a5(dog, clerk):
    permit = licensed(dog, clerk)
    other = licensed(DogFactory(), clerk)
    application = apply_for_dog_license(
        applicant=dog.owner, dog=dog, action="replacement_tag", license_year=2027
    )
    submit_application(application=application, acting_user=dog.owner)
    from permits_site.licensing.services.applications import approve_application
    from permits_site.licensing.services.payments import record_payment

    invoice = application.invoices.get()
    record_payment(
        invoice=invoice, method="cash", reference="TAG-1", amount=invoice.total, acting_user=clerk
    )
    approve_application(application=application, acting_user=clerk)
    same = issue_permit(application=application, acting_user=clerk)

    tags = list(DogTag.objects.filter(permit=permit).order_by("number"))
    assert same.pk == permit.pk
    assert [tag.number for tag in tags] == [1, 3]
    assert tags[1].replaces == tags[0]
    assert other.dog_tags.get().number == 2
    assert invoice.total == 5


@time_machine.travel(FEB_2027, tick=False)
def test_transfer_license_needs_the_previous_towns_license_a4(dog):
    with pytest.raises(DomainError) as refusal:
        apply_for_dog_license(applicant=dog.owner, dog=dog, action="transfer", license_year=2027)

    assert set(refusal.value.errors) == {"previous_jurisdiction", "previous_license_number"}


@time_machine.travel(FEB_2027, tick=False)
def test_transfer_license_waits_for_the_surrendered_license_document_a4(dog, clerk):
    application = apply_for_dog_license(
        applicant=dog.owner,
        dog=dog,
        action="transfer",
        license_year=2027,
        moved_in_on=dt.date(2027, 2, 1),
        previous_jurisdiction="Andover, MA",
        previous_license_number="A-553",
    )
    codes = [blocker.code for blocker in blockers(application)]

    assert "document.other_town_license" in codes


@time_machine.travel(dt.datetime(2027, 12, 5, 10, 0), tick=False)
def test_renewal_season_lists_unrenewed_licenses_and_emails_owners(
    clerk, north_andover, django_capture_on_commit_callbacks
):
    with time_machine.travel(dt.datetime(2027, 2, 10, 15, 0), tick=False):
        renewed_dog, lapsed_dog = DogFactory(), DogFactory()
        licensed(renewed_dog, clerk)
        lapsed = licensed(lapsed_dog, clerk)
    licensed(renewed_dog, clerk, action="renewal", year=2028)

    due = attach_last_years_numbers(
        list(dogs_not_renewed(municipality=north_andover, year=2028)),
        municipality=north_andover, year=2028)
    with django_capture_on_commit_callbacks(execute=True):
        sent = send_season_notices(municipality=north_andover, year=2028, acting_user=clerk)

    assert due == [lapsed_dog]
    assert (due[0].license_number, due[0].paper_license_number) == (lapsed.number, None)
    assert sent == 1
    assert mail.outbox[0].to == [lapsed_dog.owner.email]
    assert "Licenses A(8)" in mail.outbox[0].body
    assert send_season_notices(municipality=north_andover, year=2028, acting_user=clerk) == 0


@time_machine.travel(FEB_2027, tick=False)
def test_cannot_apply_for_a_past_license_year(dog):
    with pytest.raises(DomainError) as refusal:
        apply_for_dog_license(applicant=dog.owner, dog=dog, action="new", license_year=2025)

    assert "license_year" in refusal.value.errors
