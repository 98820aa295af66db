"""Impoundment of every animal (North Andover Code ch. 60, ACO B(2); Impoundment B, C, D, H;
Welfare G(7); Rabies A, C): cats, ferrets, livestock and abandoned animals on the officer's
custody record; owners identified by a tag or license of any year, a microchip or other
means; notices by telephone, in person, mail or email; finders' reports that reach the
officer and the citation of a finder who keeps a stray; the adopting household's CORI
checks and the adoption money handed to the Treasurer."""

from __future__ import annotations

import datetime as dt
import html
import re
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from dogs.impoundment import found
from dogs.impoundment.services import (
    declare_town_property,
    identify_owner,
    invoice_fees,
    record_cori_check,
    record_disposition,
    record_intake,
    record_owner_notice,
    record_rabies_proof,
    release_to_owner,
)
from dogs.impoundment.treasurer import adoption_money_by_day
from dogs.models import (
    FoundAnimalReport,
    FoundReportStatus,
    ImpoundmentBasis,
    ImpoundmentStatus,
    NoticeMethod,
    OwnerNotice,
    Species,
)
from permits_site.enforcement.models import Citation
from permits_site.enforcement.services.fines import set_offense_amounts
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.licensing.models import PaymentMethod
from permits_site.licensing.services.payments import record_payment
from tests.factories import (
    DogFactory,
    DogLicenseFactory,
    DogTagFactory,
    ImpoundmentFactory,
    PermitFactory,
    Role,
    UserFactory,
    local,
    staff,
)
from tests.page_forms import assert_on_the_page, post_form

pytestmark = pytest.mark.django_db

THU_JUNE_4 = dt.date(2026, 6, 4)
FRI_JUNE_12 = dt.date(2026, 6, 12)  # the day after the hold of a June 4 intake ends


def on(day: dt.date, hour: int = 12):
    return time_machine.travel(local(day, hour), tick=False)


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, first_name="Alex", last_name="Officer")


def take_in_cat(aco, town, day: dt.date = THU_JUNE_4, **fields):
    with on(day):
        return record_intake(municipality=town, impounded_on=day, acting_user=aco,
                             species=Species.CAT, description="Gray tabby, female, no collar",
                             found_at="Elm Street", **fields)


def pay(invoice, clerk, reference: str, when: dt.datetime | None = None):
    with time_machine.travel(when or local(THU_JUNE_4), tick=False):
        record_payment(invoice=invoice, method=PaymentMethod.CASH, reference=reference,
                       amount=invoice.balance(), acting_user=clerk)


# -- ACO B(2), Welfare G(7): custody of any animal --------------------------------------

def test_a_cat_is_impounded_with_its_species_and_description_aco_b2(aco, north_andover):
    record = take_in_cat(aco, north_andover)
    assert (record.species, record.dog) == (Species.CAT, None)
    assert record.description == "Gray tabby, female, no collar"
    assert record.status == ImpoundmentStatus.HELD


@pytest.mark.parametrize("species", [Species.FERRET, Species.LIVESTOCK, Species.OTHER])
def test_every_species_has_a_custody_record_aco_b2(aco, north_andover, species):
    with on(THU_JUNE_4):
        record = record_intake(municipality=north_andover, impounded_on=THU_JUNE_4,
                               acting_user=aco, species=species, description="Brown")
    assert record.get_species_display() in {"Ferret", "Livestock or horse", "Other animal"}


def test_an_abandoned_animal_from_vacated_property_is_impounded_welfare_g7(aco,
                                                                          north_andover):
    record = take_in_cat(aco, north_andover, basis=ImpoundmentBasis.ABANDONED)
    assert record.basis == ImpoundmentBasis.ABANDONED
    assert "Welfare G(7)" in record.get_basis_display()


def test_an_unknown_species_or_basis_is_refused_naming_the_field(aco, north_andover):
    with on(THU_JUNE_4), pytest.raises(DomainError) as refused:
        record_intake(municipality=north_andover, impounded_on=THU_JUNE_4, acting_user=aco,
                      species="dragon", basis=ImpoundmentBasis.SURRENDER, description="?")
    assert set(refused.value.errors) == {"species", "basis"}
    assert "Welfare G(7)" in refused.value.errors["basis"][0]


def test_the_disposition_of_a_cat_is_recorded_aco_b2(aco, north_andover):
    record = take_in_cat(aco, north_andover)
    with on(FRI_JUNE_12):
        record_disposition(impoundment=record, outcome=ImpoundmentStatus.TRANSFERRED,
                           note="Merrimack rescue", acting_user=aco)
    record.refresh_from_db()
    assert (record.status, record.closed_on) == (ImpoundmentStatus.TRANSFERRED, FRI_JUNE_12)


# -- Impoundment D: the owner identified by tag, microchip, license or other means ------

def test_a_license_number_of_an_earlier_year_identifies_the_dog_impoundment_d(
        aco, north_andover):
    dog = DogFactory(name="Moose")
    license_details = DogLicenseFactory(dog=dog, license_year=2024)
    permit = PermitFactory(application=license_details.application, number="DOG-2024-0031")
    record = ImpoundmentFactory(recorded_by=aco, impounded_on=THU_JUNE_4)
    with on(THU_JUNE_4):
        identify_owner(impoundment=record, license_number=permit.number.lower(),
                       acting_user=aco)
    assert (record.dog, record.identified_by) == (dog, "license")


def test_an_owner_identified_by_other_means_must_say_how_impoundment_d(aco, north_andover):
    record = take_in_cat(aco, north_andover)
    with on(THU_JUNE_4):
        with pytest.raises(DomainError) as refused:
            identify_owner(impoundment=record, owner_name="Rita Reyes", acting_user=aco)
        assert set(refused.value.errors) == {"owner_contact", "identification_note"}
        identify_owner(impoundment=record, owner_name="Rita Reyes",
                       owner_contact="978-555-0142", acting_user=aco,
                       identification_note="A neighbor on Elm Street knew the cat")
    record.refresh_from_db()
    assert (record.owner_name, record.identified_by) == ("Rita Reyes", "other")
    assert record.owner_identified and record.owner_display == "Rita Reyes"


def test_notice_by_phone_records_the_date_and_who_was_reached_impoundment_d(
        aco, north_andover):
    record = take_in_cat(aco, north_andover)
    with on(THU_JUNE_4):
        identify_owner(impoundment=record, owner_name="Rita Reyes",
                       owner_contact="978-555-0142", identification_note="Neighbor",
                       acting_user=aco)
        record_owner_notice(impoundment=record, method=NoticeMethod.PHONE,
                            notified_on=THU_JUNE_4, person_reached="Rita Reyes",
                            acting_user=aco)
    [notice] = record.owner_notices.all()
    assert (notice.method, notice.notified_on, notice.person_reached) == (
        "phone", THU_JUNE_4, "Rita Reyes")
    record.refresh_from_db()
    assert record.owner_notified_at is not None


@pytest.mark.parametrize(("notified_on", "allowed"), [
    (dt.date(2026, 6, 3), False),  # the day before the intake
    (THU_JUNE_4, True),            # the day of the intake (today)
    (dt.date(2026, 6, 5), False),  # tomorrow
])
def test_a_notice_is_dated_from_the_intake_to_today_impoundment_d(aco, north_andover,
                                                                  notified_on, allowed):
    record = take_in_cat(aco, north_andover)
    with on(THU_JUNE_4):
        identify_owner(impoundment=record, owner_name="Rita Reyes",
                       owner_contact="978-555-0142", identification_note="Neighbor",
                       acting_user=aco)
        if allowed:
            record_owner_notice(impoundment=record, method=NoticeMethod.IN_PERSON,
                                notified_on=notified_on, person_reached="Rita",
                                acting_user=aco)
        else:
            with pytest.raises(DomainError) as refused:
                record_owner_notice(impoundment=record, method=NoticeMethod.MAIL,
                                    notified_on=notified_on, person_reached="Rita",
                                    acting_user=aco)
            assert "notified_on" in refused.value.errors
    assert record.owner_notices.exists() is allowed


def test_no_notice_before_the_owner_is_identified_impoundment_d(aco, north_andover):
    record = take_in_cat(aco, north_andover)
    with on(THU_JUNE_4), pytest.raises(DomainError) as refused:
        record_owner_notice(impoundment=record, method=NoticeMethod.PHONE,
                            notified_on=THU_JUNE_4, person_reached="Someone",
                            acting_user=aco)
    assert "owner_name" in refused.value.errors
    assert not OwnerNotice.objects.exists()


def test_the_letter_to_an_owner_without_email_is_recorded_as_notice_by_mail(
        aco, north_andover, django_capture_on_commit_callbacks):
    owner = UserFactory(first_name="Olive", last_name="Post", email=None,
                        street_address="9 Elm Street", city="North Andover",
                        postal_code="01845")
    dog = DogFactory(owner=owner, name="Biscuit")
    DogTagFactory(permit=PermitFactory(application__applicant=owner), dog=dog, year=2026,
                  number=417)
    with on(THU_JUNE_4), django_capture_on_commit_callbacks(execute=True):
        record = record_intake(municipality=north_andover, impounded_on=THU_JUNE_4,
                               acting_user=aco, description="Beagle", tag_number="417")
    [notice] = record.owner_notices.all()
    assert (notice.method, notice.person_reached) == (NoticeMethod.MAIL, "Olive Post")


# -- Impoundment C, Rabies A: a cat released to its owner -------------------------------

def test_a_cat_is_released_against_the_fees_and_rabies_proof_rabies_a(aco, clerk,
                                                                       north_andover):
    record = take_in_cat(aco, north_andover)
    with on(THU_JUNE_4):
        identify_owner(impoundment=record, owner_name="Rita Reyes",
                       owner_contact="978-555-0142", identification_note="Neighbor",
                       acting_user=aco)
        invoice = invoice_fees(impoundment=record, acting_user=aco)
        assert invoice.payer is None
        assert {line.code for line in invoice.lines.all()} == {
            "pick_up", "impound", "boarding_per_day"}
    pay(invoice, clerk, "R-CAT")
    record.refresh_from_db()
    with on(THU_JUNE_4):
        with pytest.raises(DomainError) as refused:
            release_to_owner(impoundment=record, acting_user=aco)
        assert set(refused.value.errors) == {"rabies_valid_through"}
        record_rabies_proof(impoundment=record, certificate="NAV-77, Dr. Lee",
                            valid_through=dt.date(2027, 6, 1), acting_user=aco)
        release_to_owner(impoundment=record, acting_user=aco)
    assert record.status == ImpoundmentStatus.RELEASED


def test_livestock_is_released_without_rabies_proof(aco, clerk, north_andover):
    with on(THU_JUNE_4):
        record = record_intake(municipality=north_andover, impounded_on=THU_JUNE_4,
                               acting_user=aco, species=Species.LIVESTOCK,
                               description="Nubian goat")
        identify_owner(impoundment=record, owner_name="Farmer Jones",
                       owner_contact="Salem Street farm", identification_note="Ear tag",
                       acting_user=aco)
        invoice = invoice_fees(impoundment=record, acting_user=aco)
    pay(invoice, clerk, "R-GOAT")
    record.refresh_from_db()
    with on(THU_JUNE_4):
        release_to_owner(impoundment=record, acting_user=aco)
    assert record.status == ImpoundmentStatus.RELEASED


@pytest.mark.parametrize(("species", "under_six_months", "valid_through", "missing"), [
    (Species.CAT, False, None, True),
    (Species.FERRET, False, None, True),
    (Species.CAT, False, dt.date(2026, 6, 3), True),    # expired the day before
    (Species.CAT, False, THU_JUNE_4, False),             # valid through today
    (Species.CAT, False, dt.date(2026, 6, 5), False),
    (Species.CAT, True, None, False),                    # younger than six months
    (Species.LIVESTOCK, False, None, False),
])
def test_rabies_vaccination_missing_is_flagged_for_cats_and_ferrets_rabies_c(
        species, under_six_months, valid_through, missing):
    record = ImpoundmentFactory.build(species=species, under_six_months=under_six_months,
                                      rabies_valid_through=valid_through)
    assert record.rabies_missing_on(THU_JUNE_4) is missing


def test_the_record_page_flags_the_missing_vaccination_as_the_rabies_c_offense(
        client, aco, north_andover):
    record = take_in_cat(aco, north_andover)
    client.force_login(aco)
    with on(THU_JUNE_4):
        page = client.get(reverse("dogs:impoundment", args=[record.pk])).content.decode()
    assert alert_of(page) == (
        "No current rabies vaccination on the record. A cat six months of age or older must be "
        "vaccinated (North Andover Code ch. 60, Rabies A); the owner may be cited for the "
        "offense “Dog, cat or ferret six months or older not vaccinated against rabies” "
        "(Rabies C).")
    with on(THU_JUNE_4):
        record_rabies_proof(impoundment=record, certificate="NAV-77",
                            valid_through=dt.date(2027, 6, 1), acting_user=aco)
        page = client.get(reverse("dogs:impoundment", args=[record.pk])).content.decode()
    assert alert_of(page) is None


def alert_of(page: str) -> str | None:
    """The words of the page's alert as a person reads them, or None without one."""
    found = re.search(r'<div class="alert[^"]*" role="alert"[^>]*>(.*?)</div>', page, re.S)
    if found is None:
        return None
    return words_of(found.group(1))


def words_of(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", markup)).split())


# -- Impoundment B: the finder's report reaches the officer -----------------------------

def report_cat(town, address="203.0.113.7") -> FoundAnimalReport:
    found.report_found_dog(municipality=town, tag_number="", species=Species.CAT,
                           description="Gray tabby", found_at="12 Elm Street",
                           finder_name="Fay Finder", finder_contact="978-555-0199",
                           message="In my garage.", client_address=address)
    return FoundAnimalReport.objects.latest("pk")


@pytest.fixture
def fresh_limits():
    from django.core.cache import cache
    cache.clear()
    yield
    cache.clear()


def test_a_finders_report_is_on_the_officers_home_impoundment_b(client, aco, north_andover,
                                                                fresh_limits):
    with on(THU_JUNE_4):
        report = report_cat(north_andover)
        client.force_login(aco)
        home = client.get(reverse("staff_home")).content.decode()
    assert report.status == FoundReportStatus.OPEN
    assert f"Finder&#x27;s report #{report.pk}" in home or f"Finder's report #{report.pk}" in home
    assert reverse("dogs:found_report", args=[report.pk]) in home


def test_the_found_page_records_a_report_for_the_officer_impoundment_b(
        client, north_andover, fresh_limits):
    with on(THU_JUNE_4):
        response = client.post(reverse("dogs:found_dog"), {
            "town": north_andover.pk, "species": "ferret", "description": "White ferret",
            "found_at": "Stevens Pond", "finder_name": "Fay Finder",
            "finder_contact": "978-555-0199", "message": ""})
    assert response.status_code == 200
    report = FoundAnimalReport.objects.get()
    assert (report.species, report.found_at) == ("ferret", "Stevens Pond")


def test_the_found_page_names_a_missing_field_and_records_nothing(client, north_andover,
                                                                  fresh_limits):
    with on(THU_JUNE_4):
        response = client.post(reverse("dogs:found_dog"), {
            "town": north_andover.pk, "species": "cat", "description": "Gray",
            "finder_name": "Fay", "finder_contact": "978-555-0199"})
    assert response.status_code == 400
    assert "found_at" in response.context["form"].errors
    assert not FoundAnimalReport.objects.exists()


@pytest.fixture
def stray_fine(north_andover):
    """Impoundment B(2)'s fine: the Select Board's amounts, entered by the town admin."""
    with on(THU_JUNE_4):
        set_offense_amounts(municipality=north_andover, offense=found.NOT_TURNED_OVER,
                            effective_from=THU_JUNE_4,
                            amounts={"first": "25", "second": "50", "later": "50"},
                            acting_user=staff(Role.ADMIN, "north_andover"))


def test_a_finder_who_keeps_the_stray_on_request_is_cited_impoundment_b2(
        aco, north_andover, fresh_limits, stray_fine):
    with on(THU_JUNE_4):
        report = report_cat(north_andover)
        with pytest.raises(DomainError) as refused:
            found.cite_not_turned_over(report=report, acting_user=aco)
        assert "requested_on" in refused.value.errors
        found.request_turn_over(report=report, requested_on=THU_JUNE_4, acting_user=aco)
        citation = found.cite_not_turned_over(report=report, acting_user=aco)
    assert citation.offense == "stray_not_turned_over"
    assert citation.amount_per_offense == Decimal("25.00")
    assert citation.case.party_name == "Fay Finder"
    report.refresh_from_db()
    assert (report.status, report.case) == (FoundReportStatus.NOT_TURNED_OVER, citation.case)


def test_the_report_page_names_the_offense_of_a_kept_stray_in_words_impoundment_b2(
        client, aco, north_andover, fresh_limits):
    with on(THU_JUNE_4):
        report = report_cat(north_andover)
        found.request_turn_over(report=report, requested_on=THU_JUNE_4, acting_user=aco)
        client.force_login(aco)
        page = client.get(reverse("dogs:found_report", args=[report.pk])).content.decode()
    assert ("Opens a case against the finder and cites the offense “Stray animal not turned "
            "over to Animal Control on request” at the fine schedule's amount (Impoundment "
            "B(2)).") in words_of(page)
    assert "stray_not_turned_over" not in page


def test_citing_before_the_request_is_refused_on_the_reports_page_impoundment_b2(
        client, aco, north_andover, fresh_limits):
    with on(THU_JUNE_4):
        report = report_cat(north_andover)
        client.force_login(aco)
        page = reverse("dogs:found_report", args=[report.pk])
        refused = post_form(client, page, "Cite the finder</button>")
        assert_on_the_page(client, refused, page)
    assert refused.status_code == 400
    assert ("Record the request to turn the animal over first (North Andover Code ch. 60, "
            "Impoundment B(2)).") in words_of(refused.content.decode())
    assert not Citation.objects.exists()


def test_a_turned_over_stray_is_linked_to_its_impoundment_impoundment_b1(
        aco, north_andover, fresh_limits):
    with on(THU_JUNE_4):
        report = report_cat(north_andover)
    record = take_in_cat(aco, north_andover)
    with on(THU_JUNE_4):
        found.record_turned_over(report=report, impoundment=record, acting_user=aco)
        with pytest.raises(InvalidTransition):
            found.cite_not_turned_over(report=report, acting_user=aco)
    assert report.status == FoundReportStatus.IMPOUNDED
    assert not Citation.objects.exists()


def test_another_towns_staff_gets_404_on_a_report(client, north_andover, fresh_limits):
    with on(THU_JUNE_4):
        report = report_cat(north_andover)
    client.force_login(staff(Role.ANIMAL_CONTROL_OFFICER, "tisbury"))
    assert client.get(reverse("dogs:found_report", args=[report.pk])).status_code == 404


@pytest.mark.parametrize("rows", [2, 8])
def test_the_reports_list_takes_the_same_queries_whatever_the_rows(
        client, aco, north_andover, fresh_limits, rows, django_assert_max_num_queries):
    with on(THU_JUNE_4):
        for number in range(rows):
            report_cat(north_andover, address=f"203.0.113.{number}")
    client.force_login(aco)
    with django_assert_max_num_queries(12):
        response = client.get(reverse("dogs:found_reports"))
    assert response.content.decode().count("Gray tabby") == rows


# -- Impoundment H: CORI checks of the household, adoption money to the Treasurer -------

def town_cat(aco, town):
    record = take_in_cat(aco, town)
    with on(FRI_JUNE_12):
        declare_town_property(impoundment=record, acting_user=aco)
    return record


def adopt(record, aco, adopter="Pat Doe"):
    record_disposition(impoundment=record, outcome=ImpoundmentStatus.ADOPTED,
                       acting_user=aco, adopter_name=adopter,
                       adopter_identification="MA license S123", cori_authorized=True)


def cori(record, aco, name, result="clear"):
    record_cori_check(impoundment=record, person_name=name, checked_on=FRI_JUNE_12,
                      result=result, acting_user=aco)


def test_adoption_is_refused_until_every_individual_residing_is_clear_impoundment_h(
        aco, north_andover):
    record = town_cat(aco, north_andover)
    with on(FRI_JUNE_12):
        with pytest.raises(DomainError, match="each individual residing"):
            adopt(record, aco)
        cori(record, aco, "Pat Doe")
        cori(record, aco, "Sam Doe", result="not_clear")
        with pytest.raises(DomainError, match="Sam Doe is not clear"):
            adopt(record, aco)
    record.refresh_from_db()
    assert record.status == ImpoundmentStatus.TOWN_PROPERTY
    assert record.adoption_invoice is None


def test_the_adopter_is_among_the_individuals_checked_impoundment_h(aco, north_andover):
    record = town_cat(aco, north_andover)
    with on(FRI_JUNE_12):
        cori(record, aco, "Sam Doe")
        with pytest.raises(DomainError, match="adopter's own CORI check"):
            adopt(record, aco, adopter="Pat Doe")
        cori(record, aco, "pat doe")
        adopt(record, aco, adopter="Pat Doe")
    assert record.status == ImpoundmentStatus.ADOPTED
    assert [check.person_name for check in record.cori_checks.all()] == ["Sam Doe", "pat doe"]


def adopted_and_paid(aco, clerk, town, reference: str, when: dt.datetime):
    record = town_cat(aco, town)
    with on(FRI_JUNE_12):
        cori(record, aco, "Pat Doe")
        adopt(record, aco)
    pay(record.adoption_invoice, clerk, reference, when)
    return record


def test_adoption_money_is_summed_by_the_local_day_received_impoundment_h(
        aco, clerk, north_andover):
    adopted_and_paid(aco, clerk, north_andover, "A-1", local(FRI_JUNE_12, 9))
    adopted_and_paid(aco, clerk, north_andover, "A-2", local(FRI_JUNE_12, 23, 30))
    adopted_and_paid(aco, clerk, north_andover, "A-3", local(dt.date(2026, 6, 13), 0, 15))

    rows = adoption_money_by_day(north_andover, FRI_JUNE_12, dt.date(2026, 6, 13))
    assert [(row.day, row.payments, row.amount) for row in rows] == [
        (FRI_JUNE_12, 2, Decimal("100.00")), (dt.date(2026, 6, 13), 1, Decimal("50.00"))]
    assert adoption_money_by_day(north_andover, dt.date(2026, 6, 13),
                                 dt.date(2026, 6, 13))[0].payments == 1


def test_the_clerk_downloads_the_treasurer_report_as_csv_impoundment_h(
        client, aco, clerk, north_andover):
    adopted_and_paid(aco, clerk, north_andover, "A-1", local(FRI_JUNE_12, 9))
    client.force_login(clerk)
    with on(dt.date(2026, 6, 15)):
        page = client.get(reverse("dogs:adoption_money"),
                          {"start": "2026-06-01", "end": "2026-06-15"})
        csv = client.get(reverse("dogs:adoption_money"),
                         {"start": "2026-06-01", "end": "2026-06-15", "format": "csv"})
    assert "$50.00" in page.content.decode()
    assert csv["Content-Type"].startswith("text/csv")
    assert csv.content.decode().splitlines() == ["Day received,Payments,Amount ($)",
                                                 "2026-06-12,1,50.00"]


def test_the_treasurer_report_refuses_a_reversed_period_naming_the_field(client, clerk):
    client.force_login(clerk)
    response = client.get(reverse("dogs:adoption_money"),
                          {"start": "2026-06-15", "end": "2026-06-01"})
    assert response.status_code == 400
    assert "end" in response.context["form"].errors


def test_a_resident_cannot_read_the_treasurer_report(client, resident):
    client.force_login(resident)
    assert client.get(reverse("dogs:adoption_money")).status_code == 403


# -- The API over the same services -----------------------------------------------------

def test_the_api_takes_in_a_cat_and_records_a_phone_notice_impoundment_d(api, aco,
                                                                          north_andover):
    api.force_authenticate(aco)
    with on(THU_JUNE_4):
        created = api.post("/api/v1/impoundments/", {
            "impounded_on": "2026-06-04", "species": "cat", "description": "Gray tabby"},
            format="json")
        record_id = created.json()["id"]
        refused = api.post(f"/api/v1/impoundments/{record_id}/notices/", {
            "notice_method": "phone", "notified_on": "2026-06-04",
            "person_reached": "Rita Reyes"}, format="json")
        api.post(f"/api/v1/impoundments/{record_id}/identify/", {
            "owner_name": "Rita Reyes", "owner_contact": "978-555-0142",
            "identification_note": "Neighbor"}, format="json")
        noticed = api.post(f"/api/v1/impoundments/{record_id}/notices/", {
            "notice_method": "phone", "notified_on": "2026-06-04",
            "person_reached": "Rita Reyes"}, format="json")
    assert created.status_code == 201
    assert (created.json()["species"], created.json()["rabies_missing"]) == ("cat", True)
    assert refused.status_code == 400 and "owner_name" in refused.json()
    assert noticed.status_code == 200
    assert noticed.json()["owner_notices"] == [{
        "notice_method": "phone", "notified_on": "2026-06-04",
        "person_reached": "Rita Reyes", "note": ""}]


def test_the_api_names_each_refused_field_as_the_request_sent_it(api, aco, north_andover):
    record = take_in_cat(aco, north_andover)
    api.force_authenticate(aco)
    url = f"/api/v1/impoundments/{record.pk}/"
    with on(THU_JUNE_4):
        identify_owner(impoundment=record, acting_user=aco, owner_name="Rita Reyes",
                       owner_contact="978-555-0142", identification_note="Neighbor")
        expired = api.post(f"{url}rabies-proof/", {
            "certificate": "NA-2025-118", "valid_through": "2026-06-03"}, format="json")
        early = api.post(f"{url}forwarded/", {"on": "2026-06-03"}, format="json")

    assert expired.status_code == 400
    assert list(expired.json()) == ["valid_through"]
    assert "Impoundment C" in expired.json()["valid_through"][0]
    assert early.status_code == 400
    assert list(early.json()) == ["on"]
    record.refresh_from_db()
    assert (record.rabies_valid_through, record.forwarded_to_clerk_on) == (None, None)


def test_the_api_follows_up_a_finders_report_and_cites_the_finder_impoundment_b2(
        api, aco, north_andover, fresh_limits, stray_fine):
    with on(THU_JUNE_4):
        report = report_cat(north_andover)
    api.force_authenticate(aco)
    with on(THU_JUNE_4):
        listed = api.get("/api/v1/found-reports/")
        early = api.post(f"/api/v1/found-reports/{report.pk}/cite/", {}, format="json")
        api.post(f"/api/v1/found-reports/{report.pk}/request-turn-over/",
                 {"requested_on": "2026-06-04"}, format="json")
        cited = api.post(f"/api/v1/found-reports/{report.pk}/cite/", {}, format="json")
    assert [row["id"] for row in listed.json()["results"]] == [report.pk]
    assert early.status_code == 400 and "Impoundment B(2)" in early.json()["requested_on"][0]
    assert cited.status_code == 200
    assert cited.json()["status"] == FoundReportStatus.NOT_TURNED_OVER
    assert Citation.objects.get().case_id == cited.json()["case"]


def test_the_api_hides_finders_reports_from_residents(api, resident):
    api.force_authenticate(resident)
    assert api.get("/api/v1/found-reports/").status_code == 403
