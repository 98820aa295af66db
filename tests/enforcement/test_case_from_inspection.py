"""A failed inspection opens its case in one step: its violations, its place and the party
responsible — the permit's holder, else the person or business picked from the town's
records, else a name entered. The refused paths change nothing."""


import pytest
from django.urls import reverse

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import Case
from permits_site.enforcement.services import (
    close_inspection,
    open_case_from_inspection,
    record_inspection,
    schedule_inspection,
)
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from tests.enforcement.conftest import (
    CLEAN_STABLE,
    MANURE_OVER_LIMIT,
    MONDAY,
    SANITARY,
    STABLE_CASE,
    failed_inspection,
    issued_permit,
)
from tests.factories import BusinessFactory, Role, UserFactory, municipality, staff
from tests.page_forms import assert_on_the_page, post_form

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]


def closed_at_address(inspector, answers, *, address="5 Brook Rd"):
    """A sanitary inspection of a place no permit covers, closed with ``answers``."""
    inspection = schedule_inspection(
        municipality=municipality("northborough"), check_code=SANITARY,
        scheduled_for=MONDAY.date(), inspector=inspector, address=address,
        acting_user=inspector)
    record_inspection(inspection=inspection, answers=answers, notes="", acting_user=inspector)
    return close_inspection(inspection=inspection, acting_user=inspector)


@pytest.fixture
def unpermitted_failure(nb_inspector):
    return closed_at_address(nb_inspector, MANURE_OVER_LIMIT)


@pytest.fixture
def town_resident(nb_clerk):
    """Someone on Northborough's records: they hold one of its permits."""
    person = UserFactory(first_name="Rita", last_name="Rider", street_address="5 Brook Rd",
                         city="Northborough", postal_code="01532")
    issued_permit(person, issued_by=nb_clerk, sequence=7)
    return person


# -- the service --------------------------------------------------------------------------


def test_the_permits_holder_is_the_party_and_the_violations_carry_over(stable_permit,
                                                                       nb_inspector):
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    case = open_case_from_inspection(inspection=inspection, case_type=STABLE_CASE,
                                     acting_user=nb_inspector)

    assert (case.party, case.party_name, case.permit, case.inspection) == (
        stable_permit.holder, "Sam Stable", stable_permit, inspection)
    assert [violation.rule for violation in case.violations.all()] == ["nb.6.2.volume"]
    assert case.address == inspection.address
    assert AuditEntry.objects.filter(action="case.opened").count() == 1


def test_without_a_permit_the_person_picked_from_the_records_is_the_party(
    unpermitted_failure, nb_inspector, town_resident
):
    case = open_case_from_inspection(inspection=unpermitted_failure, case_type=STABLE_CASE,
                                     party=town_resident, acting_user=nb_inspector)

    assert (case.party, case.party_name, case.address) == (town_resident, "Rita Rider",
                                                           "5 Brook Rd")
    assert case.violations.get().rule == "nb.6.2.volume"


def test_without_a_permit_a_business_picked_is_the_party(unpermitted_failure, nb_inspector):
    business = BusinessFactory(legal_name="Brook Farm LLC", dba="Brook Stables")

    case = open_case_from_inspection(inspection=unpermitted_failure, case_type=STABLE_CASE,
                                     party_business=business, acting_user=nb_inspector)

    assert (case.party_business, case.party_name) == (business,
                                                      "Brook Farm LLC d/b/a Brook Stables")


def test_without_a_permit_a_name_entered_is_the_party(unpermitted_failure, nb_inspector):
    case = open_case_from_inspection(inspection=unpermitted_failure, case_type=STABLE_CASE,
                                     party_name="  Pat Tenant ", acting_user=nb_inspector)

    assert (case.party, case.party_business, case.party_name) == (None, None, "Pat Tenant")


def test_without_a_permit_and_no_party_named_it_is_refused_on_the_party_field(
    unpermitted_failure, nb_inspector
):
    with pytest.raises(DomainError) as refused:
        open_case_from_inspection(inspection=unpermitted_failure, case_type=STABLE_CASE,
                                  acting_user=nb_inspector)

    assert list(refused.value.errors) == ["party"]
    assert not Case.objects.exists()


def test_a_passed_inspection_opens_no_case(nb_inspector):
    passed = closed_at_address(nb_inspector, CLEAN_STABLE)

    with pytest.raises(InvalidTransition, match="passed"):
        open_case_from_inspection(inspection=passed, case_type=STABLE_CASE,
                                  party_name="Pat Tenant", acting_user=nb_inspector)
    assert not Case.objects.exists()


def test_an_inspection_still_scheduled_opens_no_case(stable_permit, nb_inspector):
    scheduled = schedule_inspection(
        municipality=stable_permit.municipality, check_code=SANITARY,
        scheduled_for=MONDAY.date(), inspector=nb_inspector, permit=stable_permit,
        acting_user=nb_inspector)

    with pytest.raises(InvalidTransition, match="closed as failed"):
        open_case_from_inspection(inspection=scheduled, case_type=STABLE_CASE,
                                  acting_user=nb_inspector)


def test_a_second_case_from_the_same_inspection_is_refused(stable_permit, nb_inspector):
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())
    first = open_case_from_inspection(inspection=inspection, case_type=STABLE_CASE,
                                      acting_user=nb_inspector)

    with pytest.raises(InvalidTransition, match=f"Case #{first.pk}"):
        open_case_from_inspection(inspection=inspection, case_type=STABLE_CASE,
                                  acting_user=nb_inspector)
    assert Case.objects.count() == 1


def test_another_towns_inspector_is_refused(stable_permit, nb_inspector, tisbury_inspector):
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    with pytest.raises(PermissionDenied):
        open_case_from_inspection(inspection=inspection, case_type=STABLE_CASE,
                                  acting_user=tisbury_inspector)
    assert not Case.objects.exists()


def test_a_board_member_does_not_open_cases(stable_permit, nb_inspector):
    member = staff(Role.BOARD_MEMBER, "northborough")
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    with pytest.raises(PermissionDenied) as refused:
        open_case_from_inspection(inspection=inspection, case_type=STABLE_CASE,
                                  acting_user=member)
    assert str(refused.value) == (
        "Only the town's Clerk, Board of Health agent, Animal Control Officer or Hearing "
        "authority may open a case.")


# -- the field screen ---------------------------------------------------------------------


def inspection_page(client, user, inspection) -> str:
    client.force_login(user)
    return client.get(reverse("enforcement:inspection", args=[inspection.pk])).content.decode()


def open_from(client, user, inspection, **data):
    client.force_login(user)
    return client.post(reverse("enforcement:inspection", args=[inspection.pk]),
                       {"action": "case", "case_type": STABLE_CASE, **data})


def test_a_permits_failure_offers_the_case_without_asking_for_the_party(
    client, stable_permit, nb_inspector
):
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    page = inspection_page(client, nb_inspector, inspection)

    assert "Open a case from this inspection" in page
    assert "Person or business responsible" not in page


def test_a_failure_without_a_permit_offers_the_towns_records_and_a_name_field(
    client, unpermitted_failure, nb_inspector, town_resident
):
    page = inspection_page(client, nb_inspector, unpermitted_failure)

    assert "Person or business responsible" in page
    assert f'value="person:{town_resident.pk}"' in page
    assert "Rita Rider, 5 Brook Rd" in page
    assert "Or the name of the person responsible" in page


def test_someone_not_on_the_towns_records_is_not_offered(client, unpermitted_failure,
                                                         nb_inspector):
    stranger = UserFactory(first_name="Otto", last_name="Elsewhere")

    page = inspection_page(client, nb_inspector, unpermitted_failure)

    assert f'value="person:{stranger.pk}"' not in page


def test_the_person_picked_on_the_page_becomes_the_party(client, unpermitted_failure,
                                                         nb_inspector, town_resident):
    response = open_from(client, nb_inspector, unpermitted_failure,
                         party=f"person:{town_resident.pk}")

    case = Case.objects.get()
    assert response["Location"] == reverse("enforcement:case", args=[case.pk])
    assert case.party == town_resident


def test_a_name_entered_on_the_page_becomes_the_party(client, unpermitted_failure,
                                                      nb_inspector):
    open_from(client, nb_inspector, unpermitted_failure, party_name="Pat Tenant")

    assert Case.objects.get().party_name == "Pat Tenant"


def test_no_party_on_the_page_is_refused_on_the_party_field(client, unpermitted_failure,
                                                            nb_inspector):
    client.force_login(nb_inspector)
    page_url = reverse("enforcement:inspection", args=[unpermitted_failure.pk])

    response = post_form(client, page_url, "Open a case from this inspection</button>",
                         {"case_type": STABLE_CASE})

    page = response.content.decode()
    assert response.status_code == 200
    assert_on_the_page(client, response, page_url)
    assert 'href="#id_party"' in page
    assert "Choose the person or business responsible" in page
    assert not Case.objects.exists()


def test_a_party_not_on_the_towns_records_is_refused(client, unpermitted_failure,
                                                     nb_inspector):
    stranger = UserFactory()

    open_from(client, nb_inspector, unpermitted_failure, party=f"person:{stranger.pk}")

    assert not Case.objects.exists()


def test_a_passed_inspection_offers_no_case(client, nb_inspector):
    passed = closed_at_address(nb_inspector, CLEAN_STABLE)

    assert "Open a case from this inspection" not in inspection_page(client, nb_inspector,
                                                                      passed)
    response = open_from(client, nb_inspector, passed, party_name="Pat Tenant")
    assert "passed" in response.content.decode()
    assert not Case.objects.exists()


def test_an_inspection_with_its_case_offers_no_second_one(client, stable_permit, nb_inspector):
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())
    open_from(client, nb_inspector, inspection)

    page = inspection_page(client, nb_inspector, inspection)

    assert "Open a case from this inspection" not in page
    assert "was opened from this inspection" in page


def test_another_towns_inspector_finds_no_such_inspection(client, stable_permit, nb_inspector,
                                                          tisbury_inspector):
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    response = open_from(client, tisbury_inspector, inspection)

    assert response.status_code == 404
    assert not Case.objects.exists()


def test_a_board_member_is_not_offered_the_case_and_is_refused_it(client, stable_permit,
                                                                   nb_inspector):
    member = staff(Role.BOARD_MEMBER, "northborough")
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    assert "Open a case from this inspection" not in inspection_page(client, member, inspection)
    response = open_from(client, member, inspection)

    assert response.status_code == 403
    assert "Only the town&#x27;s Clerk, Board of Health agent, Animal Control Officer or " \
           "Hearing authority may open a case." in response.content.decode()
    assert not Case.objects.exists()


def test_the_case_page_offers_the_citation_next(client, stable_permit, nb_inspector):
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    response = open_from(client, nb_inspector, inspection)
    page = client.get(response["Location"]).content.decode()

    assert "Issue a citation" in page
    assert "Issue order" in page
