"""The office's records on a Tisbury disposal works application — that the lot is served by
public water (Tisbury BOH Reg 09.3.1(3)) and the Board's review of a percolation test older
than two years (09.0.8(3)) — are never made by a member of staff on their own application:
the core's rule (``permissions.own_application_refusal``) refuses the service, the review
screen offers no form, a post to the page and the API answer 403 with the sentence of every
other office step, and another member of staff records them."""

import pytest
from django.urls import reverse

from permits_site.accounts.models import Role
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import PermissionDenied
from permits_site.licensing.models import Application
from tests.factories import staff
from tests.own_application import OWN, OWN_ON_PAGE, assert_api_refuses_own_then_colleague_takes
from tests.tisbury.test_septic_and_well_permits import (
    DISPOSAL_WORKS,
    SEPTIC_ANSWERS,
    SEPTIC_DOCUMENTS,
    lot,
    start,
    submitted_with_documents,
)
from tisbury_regs.permits.disposal_works import record_public_water
from tisbury_regs.permits.septic_plans import review_perc_test

pytestmark = pytest.mark.django_db



@pytest.fixture
def colleague(db):
    """Another clerk of Tisbury's Board of Health."""
    return staff(Role.CLERK, "tisbury", first_name="Colin", last_name="Colleague")


@pytest.fixture
def own(clerk, colleague):
    """The clerk's own disposal works application, made as a resident on their lot with a
    percolation test older than two years: submitted, its plans accepted and its fee taken by
    the colleague."""
    application = start(clerk, DISPOSAL_WORKS, lot(clerk), **SEPTIC_ANSWERS,
                        perc_tested_on="2027-05-01")
    return submitted_with_documents(application, SEPTIC_DOCUMENTS, clerk=colleague)


#: Each record: the service call, the page's address, what the page posts, its button.
RECORDS = {
    "public water": (lambda application, user: record_public_water(
        application=application, note="Water Dept. account 4411", acting_user=user),
        "tisbury_regs:record_public_water", {"note": "Water Dept. account 4411"},
        "Record public water connection"),
    "percolation test": (lambda application, user: review_perc_test(
        application=application, acceptable=True, note="Soils unchanged.", acting_user=user),
        "tisbury_regs:perc_review", {"acceptable": "yes", "note": "Soils unchanged."},
        "Record the review"),
}


def state(application) -> tuple:
    """Everything a record could change: the application's details and the audit log."""
    return (Application.objects.get(pk=application.pk).details, AuditEntry.objects.count())


@pytest.mark.parametrize("record", list(RECORDS))
def test_the_service_refuses_the_clerk_their_own_application(own, clerk, record):
    before = state(own)

    with pytest.raises(PermissionDenied) as refused:
        RECORDS[record][0](own, clerk)

    assert str(refused.value) == OWN
    assert state(own) == before


def test_a_board_member_who_applied_reviews_none_of_its_percolation_tests(colleague):
    member = staff(Role.BOARD_MEMBER, "tisbury")
    application = submitted_with_documents(
        start(member, DISPOSAL_WORKS, lot(member), **SEPTIC_ANSWERS,
              perc_tested_on="2027-05-01"), SEPTIC_DOCUMENTS, clerk=colleague)

    with pytest.raises(PermissionDenied, match="You applied for this"):
        RECORDS["percolation test"][0](application, member)

    assert "perc_review" not in Application.objects.get(pk=application.pk).details


@pytest.mark.parametrize("record", list(RECORDS))
def test_another_member_of_staff_records_it(own, colleague, record):
    before = state(own)

    RECORDS[record][0](own, colleague)

    assert state(own) != before


@pytest.mark.parametrize("record", list(RECORDS))
def test_the_review_screen_offers_the_clerk_no_form_on_their_own_application(
        client, own, clerk, colleague, record):
    button = RECORDS[record][3]
    url = reverse("licensing:review", args=[own.pk])
    client.force_login(clerk)
    mine = client.get(url).content.decode()
    client.force_login(colleague)
    theirs = client.get(url).content.decode()

    assert OWN_ON_PAGE in mine
    assert button not in mine
    assert button in theirs


@pytest.mark.parametrize("record", list(RECORDS))
def test_posting_the_page_is_refused_saying_why(client, own, clerk, record):
    _, name, data, _ = RECORDS[record]
    before = state(own)
    client.force_login(clerk)

    response = client.post(reverse(name, args=[own.pk]), data)

    assert response.status_code == 403
    assert OWN_ON_PAGE in response.content.decode()
    assert state(own) == before


def test_the_api_answers_403_saying_why(own, clerk, colleague):
    assert_api_refuses_own_then_colleague_takes(
        f"/api/v1/disposal-works-applications/{own.pk}/public-water/",
        {"note": "Water Dept. account 4411"},
        applicant=clerk, colleague=colleague, state=lambda: state(own))
