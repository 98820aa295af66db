"""Septic plans only from the registered owner (Tisbury BOH Reg 09.0.8(5)): an applicant who
is not an owner of record of the property brings the owner's signed authority, accepted by the
clerk before the permit is issued; percolation tests older than two years come under the
Board's review before the plan is approved (09.0.8(3))."""

from __future__ import annotations

import datetime as dt

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import InvalidTransition, PermissionDenied
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.services.applications import blockers
from permits_site.licensing.services.documents import review_document, upload_document
from tests.factories import PropertyOwnerFactory, UserFactory, municipality
from tests.tisbury.support import SAMPLE, TODAY
from tests.tisbury.test_septic_and_well_permits import (
    DISPOSAL_WORKS,
    SEPTIC_ANSWERS,
    SEPTIC_DOCUMENTS,
    blocker_codes,
    lot,
    start,
    submitted_with_documents,
)
from tisbury_regs.permits.septic_plans import perc_test_is_old, review_perc_test

pytestmark = pytest.mark.django_db


@pytest.fixture
def owner(db):
    return UserFactory(username="olive", first_name="Olive", last_name="Owner")


def required_kinds(application) -> list[tuple[str, ...]]:
    kind = kind_for(application.permit_type.code)
    return [document.kinds for document in kind.required_documents(application)]


def test_the_owner_of_record_applies_without_an_authority_0908_5(owner):
    place = lot(owner)
    PropertyOwnerFactory(property=place, account=owner)

    application = start(owner, DISPOSAL_WORKS, place, **SEPTIC_ANSWERS)

    assert ("owner_authority",) not in required_kinds(application)


def test_an_agent_needs_the_owners_signed_authority_0908_5(owner, clerk):
    place = lot(owner)
    PropertyOwnerFactory(property=place, account=UserFactory(), name="Rhoda Owner")

    application = submitted_with_documents(
        start(owner, DISPOSAL_WORKS, place, **SEPTIC_ANSWERS), SEPTIC_DOCUMENTS, clerk=clerk)

    [authority] = [document for document in kind_for(DISPOSAL_WORKS).required_documents(
        application) if document.kinds == ("owner_authority",)]
    assert authority.citation.endswith("09.0.8(5)")
    assert blocker_codes(application, "documents_accepted") != []


def test_the_accepted_authority_opens_the_documents_gate_0908_5(owner, clerk):
    place = lot(owner)
    PropertyOwnerFactory(property=place, account=UserFactory())
    application = submitted_with_documents(
        start(owner, DISPOSAL_WORKS, place, **SEPTIC_ANSWERS), SEPTIC_DOCUMENTS, clerk=clerk)
    assert blocker_codes(application, "documents_accepted")

    with open(SAMPLE, "rb") as sample:
        authority = upload_document(
            application=application, uploaded_by=owner, kind="owner_authority",
            upload=SimpleUploadedFile("authority.pdf", sample.read(), "application/pdf"))
    review_document(document=authority, accepted=True, acting_user=clerk)

    application.refresh_from_db()
    assert blocker_codes(application, "documents_accepted") == []


def test_a_property_with_no_owner_recorded_asks_for_no_authority_0908_5(owner, clerk):
    application = submitted_with_documents(
        start(owner, DISPOSAL_WORKS, lot(owner), **SEPTIC_ANSWERS), SEPTIC_DOCUMENTS, clerk=clerk)

    assert ("owner_authority",) not in required_kinds(application)
    assert blocker_codes(application, "documents_accepted") == []


# -- percolation tests older than two years (09.0.8(3)) -----------------------------------


@pytest.mark.parametrize(("tested_on", "old"), [
    (dt.date(2028, 6, 3), False),   # exactly two years on June 3, 2030: not yet older
    (dt.date(2028, 6, 2), True),    # a day more than two years
])
def test_a_perc_test_older_than_two_years_comes_under_review_0908_3(tested_on, old):
    calendar = municipality("tisbury").calendar()

    assert perc_test_is_old(tested_on, on=TODAY, calendar=calendar) is old


def test_an_old_perc_test_holds_the_review_gate_until_the_board_accepts_it_0908_3(
        owner, clerk):
    application = start(owner, DISPOSAL_WORKS, lot(owner), **SEPTIC_ANSWERS,
                        perc_tested_on="2027-05-01")
    submitted = submitted_with_documents(application, SEPTIC_DOCUMENTS, clerk=clerk)
    [blocker] = [blocker for blocker in blockers(submitted) if blocker.code == "perc.review"]
    assert blocker.gate == "review_determined" and blocker.citation.endswith("09.0.8(3)")
    assert "May 1, 2027 is older than two years" in blocker.message

    review_perc_test(application=submitted, acceptable=True, note="Soils unchanged; test holds.",
                     acting_user=clerk)

    submitted.refresh_from_db()
    assert "perc.review" not in {blocker.code for blocker in blockers(submitted)}
    assert AuditEntry.objects.filter(action="application.perc_test_reviewed").exists()


def test_a_perc_test_found_not_acceptable_keeps_the_gate_shut_0908_3(owner, clerk):
    application = submitted_with_documents(
        start(owner, DISPOSAL_WORKS, lot(owner), **SEPTIC_ANSWERS, perc_tested_on="2027-05-01"),
        SEPTIC_DOCUMENTS, clerk=clerk)

    review_perc_test(application=application, acceptable=False, note="Retest in season.",
                     acting_user=clerk)

    application.refresh_from_db()
    [blocker] = [blocker for blocker in blockers(application) if blocker.code == "perc.review"]
    assert "not acceptable: Retest in season." in blocker.message


def test_a_recent_perc_test_is_not_reviewed_0908_3(owner, clerk):
    application = start(owner, DISPOSAL_WORKS, lot(owner), **SEPTIC_ANSWERS,
                        perc_tested_on="2029-05-01")

    assert "perc.review" not in {blocker.code for blocker in blockers(application)}
    with pytest.raises(InvalidTransition):
        review_perc_test(application=application, acceptable=True, note="n/a",
                         acting_user=clerk)


def test_only_the_boards_reviewers_review_a_perc_test_0908_3(owner):
    application = start(owner, DISPOSAL_WORKS, lot(owner), **SEPTIC_ANSWERS,
                        perc_tested_on="2027-05-01")

    with pytest.raises(PermissionDenied):
        review_perc_test(application=application, acceptable=True, note="Mine.",
                         acting_user=owner)


def test_the_board_reviews_the_perc_test_on_the_review_screen_0908_3(owner, clerk, client):
    application = submitted_with_documents(
        start(owner, DISPOSAL_WORKS, lot(owner), **SEPTIC_ANSWERS, perc_tested_on="2027-05-01"),
        SEPTIC_DOCUMENTS, clerk=clerk)
    client.force_login(clerk)
    screen = client.get(f"/staff/applications/{application.pk}/").content.decode()
    assert "older than two years, so the Board reviews it" in screen

    client.post(f"/tisbury/applications/{application.pk}/perc-review/",
                {"acceptable": "yes", "note": "Soils unchanged."})

    application.refresh_from_db()
    assert application.details["perc_review"]["acceptable"] is True
