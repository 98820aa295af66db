"""Impoundment services (North Andover Code ch. 60, Impoundment A–H; ACO B(2)) and the
public "found a dog?" report.

North Andover's offices keep a Monday–Thursday week. The seven-day hold is a duration:
its last day never rolls, even to a Friday or a weekend; the 30 days to forward the
intake record to the Clerk are a deadline, rolled to the next business day."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.core import mail
from django.core.cache import cache

from dogs.impoundment import found
from dogs.impoundment.services import (
    IMPOUNDMENT_FEES,
    dates_of,
    declare_town_property,
    identify_owner,
    invoice_fees,
    record_contract,
    record_cori_check,
    record_disposition,
    record_forwarded,
    record_intake,
    record_rabies_proof,
    release_to_owner,
)
from dogs.models import FoundAnimalReport, ImpoundmentBasis, ImpoundmentStatus
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.models import (
    DocumentStatus,
    FeeSchedule,
    InvoiceStatus,
    PaymentMethod,
    PermitType,
)
from permits_site.licensing.services.applications import check_may_apply
from permits_site.licensing.services.fees import create_fee_schedule_version
from permits_site.licensing.services.payments import record_payment
from tests.factories import (
    DocumentFactory,
    DogFactory,
    DogLicenseFactory,
    DogTagFactory,
    PermitFactory,
    Role,
    local,
    staff,
)

THU_JUNE_4 = dt.date(2026, 6, 4)
FRI_JUNE_5 = dt.date(2026, 6, 5)
TAG = 417


def on(day: dt.date):
    return time_machine.travel(local(day), tick=False)


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, first_name="Alex", last_name="Officer")


@pytest.fixture
def tagged_dog(dog):
    """Biscuit, wearing tag 417 of her 2026 license."""
    permit = PermitFactory(application__applicant=dog.owner)
    DogTagFactory(permit=permit, dog=dog, year=2026, number=TAG)
    return dog


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    return lambda: django_capture_on_commit_callbacks(execute=True)


def intake(aco, town, day: dt.date = THU_JUNE_4, **fields):
    with on(day):
        return record_intake(municipality=town, impounded_on=day, acting_user=aco,
                             description="Beagle, tricolor, female", **fields)


# -- Dates -------------------------------------------------------------------------------

def test_the_hold_ends_seven_days_after_intake_and_never_rolls(aco, north_andover):
    dates = dates_of(intake(aco, north_andover, FRI_JUNE_5), north_andover.calendar())
    assert dates.hold_ends == dt.date(2026, 6, 12)  # a Friday: the offices are closed
    assert dates.town_property_from == dt.date(2026, 6, 13)


def test_the_intake_record_is_forwarded_within_30_days_rolled_to_a_business_day(
        aco, north_andover):
    impoundment = intake(aco, north_andover)
    dates = dates_of(impoundment, north_andover.calendar())
    # June 4 + 30 = Saturday, July 4 (Friday July 3 is observed): the next Monday.
    assert dates.forward_by == dt.date(2026, 7, 6)
    assert not dates.forwarding_overdue(impoundment, dt.date(2026, 7, 6))
    assert dates.forwarding_overdue(impoundment, dt.date(2026, 7, 7))
    with on(dt.date(2026, 7, 7)):
        record_forwarded(impoundment=impoundment, on=dt.date(2026, 7, 7), acting_user=aco)
    dates = dates_of(impoundment, north_andover.calendar())
    assert not dates.forwarding_overdue(impoundment, dt.date(2026, 7, 7))
    assert dates.keep_until == dt.date(2028, 7, 7)  # kept two years by the Clerk


# -- The hold: Town property and dispositions refused before it ends ------------------------

@pytest.mark.parametrize(("impounded", "day", "allowed"), [
    (THU_JUNE_4, dt.date(2026, 6, 10), False),  # the day before the hold ends
    (THU_JUNE_4, dt.date(2026, 6, 11), False),  # the hold's last day
    (THU_JUNE_4, dt.date(2026, 6, 12), True),   # the day after: a Friday, not rolled
    (FRI_JUNE_5, dt.date(2026, 6, 11), False),
    (FRI_JUNE_5, dt.date(2026, 6, 12), False),  # ends on a Friday: still held that day
    (FRI_JUNE_5, dt.date(2026, 6, 13), True),   # a Saturday
])
def test_town_property_is_refused_until_the_hold_has_ended(aco, north_andover, impounded,
                                                          day, allowed):
    impoundment = intake(aco, north_andover, impounded)
    with on(day):
        if allowed:
            declare_town_property(impoundment=impoundment, acting_user=aco)
            assert impoundment.status == ImpoundmentStatus.TOWN_PROPERTY
        else:
            with pytest.raises(InvalidTransition, match="Impoundment E") as refused:
                declare_town_property(impoundment=impoundment, acting_user=aco)
            assert "status" in refused.value.errors
    impoundment.refresh_from_db()
    assert (impoundment.status == ImpoundmentStatus.TOWN_PROPERTY) is allowed


@pytest.mark.parametrize("outcome", [ImpoundmentStatus.TRANSFERRED,
                                     ImpoundmentStatus.EUTHANIZED])
@pytest.mark.parametrize(("day", "allowed"), [
    (dt.date(2026, 6, 10), False), (dt.date(2026, 6, 11), False), (dt.date(2026, 6, 12), True),
])
def test_transfer_and_euthanasia_are_refused_until_the_hold_has_ended(
        aco, north_andover, outcome, day, allowed):
    impoundment = intake(aco, north_andover)
    with on(day):
        if allowed:
            record_disposition(impoundment=impoundment, outcome=outcome, acting_user=aco,
                               note="Cape Ann Rescue")
        else:
            with pytest.raises(InvalidTransition, match="held through June 11, 2026"):
                record_disposition(impoundment=impoundment, outcome=outcome, acting_user=aco)
    impoundment.refresh_from_db()
    assert (impoundment.status == outcome) is allowed


def test_adoption_after_the_hold_needs_identification_and_owes_the_adoption_fee(
        aco, north_andover):
    impoundment = intake(aco, north_andover)
    with on(dt.date(2026, 6, 11)), pytest.raises(InvalidTransition):
        record_disposition(impoundment=impoundment, outcome=ImpoundmentStatus.ADOPTED,
                           acting_user=aco, adopter_name="Pat Doe",
                           adopter_identification="MA license S123", cori_authorized=True)
    with on(dt.date(2026, 6, 12)):
        with pytest.raises(DomainError) as refused:
            record_disposition(impoundment=impoundment, outcome=ImpoundmentStatus.ADOPTED,
                               acting_user=aco, adopter_name="Pat Doe")
        assert set(refused.value.errors) == {"adopter_identification", "cori_authorized",
                                             "cori_checks"}
        record_cori_check(impoundment=impoundment, person_name="Pat Doe",
                          checked_on=dt.date(2026, 6, 12), result="clear", acting_user=aco)
        record_disposition(impoundment=impoundment, outcome=ImpoundmentStatus.ADOPTED,
                           acting_user=aco, adopter_name="Pat Doe",
                           adopter_identification="MA license S123", cori_authorized=True)
    line = impoundment.adoption_invoice.lines.get()
    assert (line.code, line.amount) == ("adoption", Decimal("50.00"))
    assert line.citation == "North Andover Code ch. 60, Impoundment H"
    assert impoundment.status == ImpoundmentStatus.ADOPTED


def test_a_surrendered_dog_has_no_minimum_hold(aco, north_andover):
    impoundment = intake(aco, north_andover, picked_up=False)
    with on(THU_JUNE_4):
        record_contract(impoundment=impoundment, basis=ImpoundmentBasis.SURRENDER,
                        signed_by="Jane Smith", acting_user=aco)
        declare_town_property(impoundment=impoundment, acting_user=aco)
    assert impoundment.status == ImpoundmentStatus.TOWN_PROPERTY


def test_a_safe_hold_dog_is_the_towns_only_after_its_claim_by_date(aco, north_andover):
    impoundment = intake(aco, north_andover)
    claim_by = dt.date(2026, 6, 30)
    with on(THU_JUNE_4):
        with pytest.raises(DomainError) as refused:
            record_contract(impoundment=impoundment, basis=ImpoundmentBasis.SAFE_HOLD,
                            signed_by="Jane Smith", acting_user=aco)
        assert "Impoundment G(2)" in refused.value.errors["claim_by"][0]
        record_contract(impoundment=impoundment, basis=ImpoundmentBasis.SAFE_HOLD,
                        signed_by="Jane Smith", claim_by=claim_by,
                        alternate_party="Sam Smith, 978-555-0100", acting_user=aco)
    with on(claim_by), pytest.raises(InvalidTransition, match="held through June 30, 2026"):
        declare_town_property(impoundment=impoundment, acting_user=aco)
    with on(claim_by + dt.timedelta(days=1)):
        declare_town_property(impoundment=impoundment, acting_user=aco)
    assert impoundment.status == ImpoundmentStatus.TOWN_PROPERTY


# -- Finding and notifying the owner --------------------------------------------------------

def test_the_tag_number_finds_the_license_and_the_owner_is_notified_at_once(
        aco, north_andover, tagged_dog, committed):
    with committed():
        impoundment = intake(aco, north_andover, tag_number=str(TAG))
    assert impoundment.dog == tagged_dog
    assert impoundment.owner_notified_at is not None
    assert AuditEntry.objects.filter(action="impoundment.owner_notified",
                                     object_id=impoundment.pk).exists()
    [email] = mail.outbox
    assert email.to == [tagged_dog.owner.email]
    assert "Biscuit" in email.subject
    assert "Impoundment D" in email.body


@pytest.mark.parametrize(("accepted", "officer_s", "on_record"), [
    (dt.date(2028, 11, 4), None, dt.date(2028, 11, 4)),
    (dt.date(2028, 11, 4), dt.date(2029, 5, 1), dt.date(2029, 5, 1)),
])
def test_the_rabies_certificate_accepted_with_the_license_is_on_the_intake_record(
        aco, north_andover, tagged_dog, accepted, officer_s, on_record):
    """Rabies A: a licensed dog whose certificate the Clerk accepted is not flagged as
    unvaccinated (Rabies C), nor held for proof the Town has; the officer's own, later
    record of a certificate stands."""
    application = tagged_dog.tags.get().permit.application
    DogLicenseFactory(dog=tagged_dog, application=application, license_year=2026)
    DocumentFactory(application=application, owner=tagged_dog.owner,
                    status=DocumentStatus.ACCEPTED, valid_until=accepted)
    DocumentFactory(application=application, owner=tagged_dog.owner,
                    status=DocumentStatus.REJECTED, valid_until=dt.date(2031, 1, 1))
    impoundment = intake(aco, north_andover)
    if officer_s is not None:
        impoundment.rabies_valid_through = officer_s
        impoundment.save()

    with on(THU_JUNE_4):
        identify_owner(impoundment=impoundment, acting_user=aco, tag_number=str(TAG))

    impoundment.refresh_from_db()
    assert impoundment.rabies_valid_through == on_record
    assert not impoundment.rabies_missing_on(THU_JUNE_4)


def test_a_licensed_dog_without_an_accepted_certificate_is_still_flagged_rabies_c(
        aco, north_andover, tagged_dog):
    impoundment = intake(aco, north_andover, tag_number=str(TAG))

    assert impoundment.rabies_valid_through is None
    assert impoundment.rabies_missing_on(THU_JUNE_4)


def test_last_years_tag_number_still_identifies_the_dog_impoundment_d(
        aco, north_andover, tagged_dog):
    """Impoundment D: "by a license tag or other means": a tag of an earlier license year
    identifies its dog; only a year's tag not yet on sale is not looked at."""
    impoundment = intake(aco, north_andover, dt.date(2027, 1, 5), tag_number=str(TAG))
    assert impoundment.dog == tagged_dog
    assert impoundment.identified_by == "tag"
    assert intake(aco, north_andover, dt.date(2025, 11, 30), tag_number=str(TAG)).dog is None


@pytest.mark.parametrize("day", [dt.date(2025, 12, 1), dt.date(2025, 12, 30)])
def test_next_years_tag_on_sale_from_december_1_identifies_the_dog_impoundment_d(
        aco, north_andover, tagged_dog, day):
    """Next year's licenses and tags are sold from December 1 (Licenses A(8)): in December
    a dog may wear its 2026 tag, and the tag number finds it (Impoundment D)."""
    impoundment = intake(aco, north_andover, day, tag_number=str(TAG))
    assert impoundment.dog == tagged_dog
    assert impoundment.identified_by == "tag"


def test_the_microchip_finds_the_owner_after_intake(aco, north_andover, committed):
    chipped = DogFactory(name="Moose", microchip="985112003456789")
    impoundment = intake(aco, north_andover)
    with on(THU_JUNE_4):
        with pytest.raises(DomainError) as refused:
            identify_owner(impoundment=impoundment, microchip="000", acting_user=aco)
        assert "tag_number" in refused.value.errors
        with committed():
            identify_owner(impoundment=impoundment, microchip="985112003456789",
                           acting_user=aco)
    assert impoundment.dog == chipped
    assert mail.outbox[0].to == [chipped.owner.email]


def test_only_the_animal_control_officer_records_an_intake(north_andover, clerk):
    with pytest.raises(PermissionDenied):
        intake(clerk, north_andover)


# -- Release to the owner -------------------------------------------------------------------

def pay(invoice, clerk, reference="R-1"):
    record_payment(invoice=invoice, method=PaymentMethod.CASH, reference=reference,
                   amount=invoice.balance(), acting_user=clerk)


def test_the_fees_come_from_the_schedule_in_force(aco, north_andover, tagged_dog):
    impoundment = intake(aco, north_andover, tag_number=str(TAG))
    with on(dt.date(2026, 6, 8)):
        invoice = invoice_fees(impoundment=impoundment, acting_user=aco)
    lines = {line.code: line for line in invoice.lines.all()}
    assert lines["pick_up"].amount == Decimal("25.00")
    assert lines["pick_up"].citation == "North Andover Code ch. 60, Impoundment C(1)"
    assert lines["impound"].amount == Decimal("25.00")
    assert lines["boarding_per_day"].amount == Decimal("40.00")  # four days at $10.00
    assert invoice.payer == tagged_dog.owner
    assert invoice.fee_schedule.seeded  # placeholder amounts, flagged


def test_an_admins_new_schedule_prices_later_invoices(aco, north_andover, tagged_dog,
                                                      town_admin):
    schedule = FeeSchedule.objects.get(permit_type__code="north_andover.impoundment")
    with on(dt.date(2026, 6, 1)):
        create_fee_schedule_version(
            permit_type=schedule.permit_type, effective_from=dt.date(2026, 6, 6),
            amounts={**schedule.amounts(), "boarding_per_day": Decimal("15.00")},
            acting_user=town_admin)
    impoundment = intake(aco, north_andover, tag_number=str(TAG), picked_up=False)
    with on(dt.date(2026, 6, 5)):
        first = invoice_fees(impoundment=impoundment, acting_user=aco)
    with on(dt.date(2026, 6, 6)):
        second = invoice_fees(impoundment=impoundment, acting_user=aco)
    first.refresh_from_db()
    assert first.status == InvoiceStatus.VOID
    assert [line.code for line in second.lines.all()] == ["impound", "boarding_per_day"]
    assert second.total == Decimal("25.00") + 2 * Decimal("15.00")


@pytest.mark.parametrize("day", [dt.date(2026, 6, 8), dt.date(2026, 6, 11),
                                 dt.date(2026, 6, 12)])
def test_release_needs_rabies_proof_and_the_fees_paid_before_or_after_the_hold(
        aco, clerk, north_andover, tagged_dog, day):
    impoundment = intake(aco, north_andover, tag_number=str(TAG))
    with on(day):
        with pytest.raises(DomainError) as refused:
            release_to_owner(impoundment=impoundment, acting_user=aco)
        assert set(refused.value.errors) == {"rabies_valid_through", "fee_invoice"}
        record_rabies_proof(impoundment=impoundment, certificate="NAV-2291, Dr. Lee",
                            valid_through=dt.date(2027, 5, 1), acting_user=aco)
        invoice = invoice_fees(impoundment=impoundment, acting_user=aco)
        with pytest.raises(DomainError, match="fees must be paid") as refused:
            release_to_owner(impoundment=impoundment, acting_user=aco)
        assert set(refused.value.errors) == {"fee_invoice"}
        pay(invoice, clerk)
        impoundment.refresh_from_db()
        release_to_owner(impoundment=impoundment, acting_user=aco)
    assert impoundment.status == ImpoundmentStatus.RELEASED
    assert impoundment.closed_on == day


def test_an_expired_rabies_certificate_is_refused(aco, north_andover, tagged_dog):
    impoundment = intake(aco, north_andover, tag_number=str(TAG))
    with on(THU_JUNE_4), pytest.raises(DomainError) as refused:
        record_rabies_proof(impoundment=impoundment, certificate="old",
                            valid_through=dt.date(2026, 6, 3), acting_user=aco)
    assert "rabies_valid_through" in refused.value.errors


def test_a_released_dog_cannot_become_town_property(aco, clerk, north_andover, tagged_dog):
    impoundment = intake(aco, north_andover, tag_number=str(TAG))
    with on(THU_JUNE_4):
        record_rabies_proof(impoundment=impoundment, certificate="NAV-1",
                            valid_through=dt.date(2027, 1, 1), acting_user=aco)
        pay(invoice_fees(impoundment=impoundment, acting_user=aco), clerk)
        impoundment.refresh_from_db()
        release_to_owner(impoundment=impoundment, acting_user=aco)
    with on(dt.date(2026, 6, 20)), pytest.raises(InvalidTransition, match="released"):
        declare_town_property(impoundment=impoundment, acting_user=aco)


# -- Found a dog? -----------------------------------------------------------------------------

@pytest.fixture
def fresh_limits():
    cache.clear()
    yield
    cache.clear()


def report(town, tag, address="203.0.113.7"):
    return found.report_found_dog(municipality=town, tag_number=tag,
                                  message="She is safe in my yard on Elm St.",
                                  finder_contact="finder@example.net",
                                  client_address=address)


def test_a_found_dog_report_emails_the_owner_the_finders_message(
        north_andover, tagged_dog, committed, fresh_limits):
    with on(THU_JUNE_4), committed():
        answer = report(north_andover, str(TAG))
    [email] = mail.outbox
    assert email.to == [tagged_dog.owner.email]
    assert "She is safe in my yard on Elm St." in email.body
    assert "finder@example.net" in email.body
    assert answer == FoundAnimalReport.objects.get()


def test_a_found_dog_report_answers_the_same_whatever_the_tag(
        north_andover, tagged_dog, committed, fresh_limits):
    with on(THU_JUNE_4), committed():
        reports = [report(north_andover, tag) for tag in (str(TAG), "9999", "not a number")]
    assert [type(answer) for answer in reports] == [FoundAnimalReport] * 3
    assert len(mail.outbox) == 1
    assert tagged_dog.owner.last_name not in found.SAME_ANSWER


def test_found_dog_reports_are_limited_per_address(north_andover, fresh_limits):
    with on(THU_JUNE_4):
        for _ in range(found.REPORTS_PER_HOUR):
            report(north_andover, "1")
        with pytest.raises(found.TooManyReports, match="5 reports in the last hour"):
            report(north_andover, "1")
        assert report(north_andover, "1", address="198.51.100.2").pk is not None


def test_impoundment_fees_are_charged_never_applied_for(client, clerk):
    """The fee schedule is the admins' to edit, but no form, queue or catalogue offers it."""
    permit_type = PermitType.objects.get(code=IMPOUNDMENT_FEES)
    listed = client.get("/api/v1/permit-types/?municipality=north_andover").json()

    assert IMPOUNDMENT_FEES not in [row["code"] for row in listed]
    assert client.get(f"/api/v1/permit-types/{IMPOUNDMENT_FEES}/").status_code == 404
    client.force_login(clerk)
    assert client.get(f"/apply/{IMPOUNDMENT_FEES}/").status_code == 404
    with pytest.raises(InvalidTransition, match="No application is made for"):
        check_may_apply(permit_type=permit_type, applicant=clerk, acting_user=clerk)
