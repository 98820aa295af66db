"""A case is filed at the property it is about, so the property's page finds it: the place
named when it is opened, else its permit's, application's or inspection's; the record that
stays when that place was merged; cases opened before are filed by the migration."""

from __future__ import annotations

import datetime as dt
import importlib

import pytest
from django.apps import apps

from permits_site.audit import history_of
from permits_site.enforcement.models import Case
from permits_site.enforcement.services import open_case
from permits_site.exceptions import DomainError
from permits_site.licensing.models import ApplicationStatus
from permits_site.parties.services import merge_properties
from tests.factories import (
    ApplicationFactory,
    CaseFactory,
    InspectionFactory,
    PermitFactory,
    PropertyFactory,
    Role,
    SystemInspectorLicenseFactory,
    UserFactory,
    municipality,
    permit_type,
    staff,
)
from tisbury_regs.septic import services as septic_reports

pytestmark = pytest.mark.django_db

HEALTH_CASE = "tisbury.health_violation"
backfill = importlib.import_module("permits_site.enforcement.migrations.0007_case_place")


@pytest.fixture
def tisbury():
    return municipality("tisbury")


@pytest.fixture
def clerk(tisbury):
    return staff(Role.CLERK, "tisbury")


@pytest.fixture
def lot(tisbury):
    return PropertyFactory(municipality=tisbury, address="12 Beach Road")


def application_at(place, **fields):
    return ApplicationFactory(permit_type=permit_type("tisbury.disposal_works"), place=place,
                              **fields)


def permit_at(place):
    return PermitFactory(application=application_at(place, status=ApplicationStatus.ISSUED),
                         place=place)


def opened(clerk, **about) -> Case:
    return open_case(municipality=municipality("tisbury"), case_type=HEALTH_CASE, party=None,
                     party_name="Olive Owner", address="12 Beach Road", complaint="Odour",
                     received_on=dt.date.today() - dt.timedelta(days=1), acting_user=clerk,
                     **about)


def test_a_case_on_a_permit_is_filed_at_its_place_and_the_entry_says_so(clerk, lot):
    case = opened(clerk, permit=permit_at(lot))

    assert case.place == lot
    assert history_of(case).get().after["place"] == str(lot.pk)


@pytest.mark.parametrize("about", ["application", "inspected_permit", "inspected_application"])
def test_a_case_on_an_application_or_an_inspection_is_filed_at_its_place(clerk, lot, about):
    records = {
        "application": lambda: {"application": application_at(lot)},
        "inspected_permit": lambda: {"inspection": InspectionFactory(
            municipality=lot.municipality, permit=permit_at(lot))},
        "inspected_application": lambda: {"inspection": InspectionFactory(
            municipality=lot.municipality, application=application_at(lot))},
    }[about]()

    assert opened(clerk, **records).place == lot


def test_the_place_named_is_the_one_filed(clerk, lot):
    other = PropertyFactory(municipality=lot.municipality, address="3 Main Street")

    assert opened(clerk, permit=permit_at(lot), place=other).place == other


def test_a_complaint_about_no_place_is_filed_nowhere(clerk):
    assert opened(clerk).place is None


def test_a_place_of_another_town_is_refused_naming_the_field(clerk):
    elsewhere = PropertyFactory(municipality=municipality("north_andover"))

    with pytest.raises(DomainError) as refused:
        opened(clerk, place=elsewhere)

    assert refused.value.errors == {"place": ["This property is not in Town of Tisbury."]}
    assert not Case.objects.exists()


def test_a_case_on_a_permit_of_a_merged_record_is_filed_at_the_record_that_stays(clerk, lot):
    duplicate = PropertyFactory(municipality=lot.municipality, address="12-14 Beach Road")
    permit = permit_at(duplicate)
    merge_properties(duplicate=duplicate, into=lot, acting_user=clerk)
    permit.refresh_from_db()

    case = opened(clerk, permit=permit)

    assert permit.place == duplicate and case.place == lot


def test_merging_moves_the_duplicates_cases_to_the_record_that_stays(clerk, lot):
    duplicate = PropertyFactory(municipality=lot.municipality, address="12-14 Beach Road")
    case = opened(clerk, place=duplicate)

    merge_properties(duplicate=duplicate, into=lot, acting_user=clerk)

    case.refresh_from_db()
    assert case.place == lot


def test_a_failed_septic_report_files_its_case_at_the_property(lot):
    inspector = UserFactory()
    SystemInspectorLicenseFactory(user=inspector)

    report = septic_reports.file_report(place=lot, owner_name="Olive Owner",
                                        inspected_on=dt.date.today(), result="failed",
                                        acting_user=inspector)

    assert report.case.place == lot and lot.cases.get() == report.case


def test_the_migration_files_earlier_cases_at_their_permits_or_applications_place(clerk, lot):
    duplicate = PropertyFactory(municipality=lot.municipality, address="12-14 Beach Road")
    on_permit = CaseFactory(municipality=lot.municipality, permit=permit_at(lot))
    on_application = CaseFactory(municipality=lot.municipality,
                                 application=application_at(duplicate))
    duplicate.merged_into = lot
    duplicate.save(update_fields=["merged_into"])
    about_nothing = CaseFactory(municipality=lot.municipality)
    elsewhere = PropertyFactory(municipality=lot.municipality, address="3 Main Street")
    already_filed = CaseFactory(municipality=lot.municipality, permit=permit_at(lot),
                                place=elsewhere)

    backfill.file_cases_at_their_place(apps, None)

    assert Case.objects.get(pk=on_permit.pk).place == lot
    assert Case.objects.get(pk=on_application.pk).place == lot
    assert Case.objects.get(pk=about_nothing.pk).place is None
    assert Case.objects.get(pk=already_filed.pk).place == elsewhere
