"""What no Board may waive (Tisbury BOH Reg 09.9.1): a Designated Barrier Beach rule on a
barrier beach, and any state or federal statute or town bylaw."""

import io

import pytest
from pypdf import PdfReader
from rest_framework.test import APIClient

from permits_site.exceptions import DomainError
from permits_site.licensing.models import PermitType, Variance
from permits_site.licensing.services.applications import create_application, submit_application
from permits_site.licensing.services.variances import request_variance, sign_variance
from tests.factories import Role, UserFactory, staff, tisbury_place
from tests.rules.test_tisbury_rules import COASTAL_SEPTIC_OK
from tests.tisbury.support import WRITTEN_WAIVER, with_required_documents

pytestmark = pytest.mark.django_db

BARRIER_BEACH_SECTION = "Tisbury BOH Reg 09.9.1"


@pytest.fixture
def tisbury_clerk(db):
    return staff(Role.CLERK, "tisbury")


#: A system that fails the rules these tests ask to waive where its zone applies them: a
#: private well at 150 ft, a leaching area no larger than Title 5's, a feasible sewer.
SHORT_OF_THE_RULES = {**COASTAL_SEPTIC_OK, "distance_to_private_well_ft": 150,
                      "proposed_leaching_area_sqft": 1000, "sewer_connection_feasible": True,
                      "existing_failed_system": True}


def disposal_works_on(zone: str):
    owner = UserFactory()
    lot = tisbury_place(owner, zone, address=f"1 {zone.title()} Way")
    application = create_application(
        applicant=owner, action="new", place=lot, facts={**SHORT_OF_THE_RULES, "zone": zone},
        permit_type=PermitType.objects.get(code="tisbury.disposal_works"))
    return submit_application(application=with_required_documents(application),
                              acting_user=owner)


def ask(application, clerk, *rule_ids, sets_aside_law=False):
    return request_variance(application=application, rule_ids=list(rule_ids),
                            request_text="The lot cannot meet the separation.",
                            sets_aside_law=sets_aside_law, acting_user=clerk, **WRITTEN_WAIVER)


@pytest.mark.parametrize("rule_id", ["ti.9.4.2.bb_new", "ti.9.4.2.bb_mound",
                                     "ti.9.7.6.private_well", "ti.9.7.6.wetlands",
                                     "ti.9.7.7.leaching"])
def test_a_barrier_beach_rule_is_not_waived_on_a_barrier_beach(tisbury_clerk, rule_id):
    with pytest.raises(DomainError) as refused:
        ask(disposal_works_on("barrier_beach"), tisbury_clerk, rule_id)

    assert refused.value.errors["rule_ids"] == [
        f"{rule_id} is a Designated Barrier Beach rule and cannot be waived on a barrier beach "
        f"({BARRIER_BEACH_SECTION})."]
    assert not Variance.objects.exists()


def test_other_rules_are_waived_on_a_barrier_beach(tisbury_clerk):
    variance = ask(disposal_works_on("barrier_beach"), tisbury_clerk, "ti.0.8.14.sewer")

    assert variance.rule_ids == ["ti.0.8.14.sewer"]
    assert variance.signatures_required == 2


def test_the_same_rules_are_waived_in_the_coastal_district(tisbury_clerk):
    variance = ask(disposal_works_on("coastal_district"), tisbury_clerk,
                   "ti.9.7.6.private_well", "ti.9.7.7.leaching")

    assert variance.rule_ids == ["ti.9.7.6.private_well", "ti.9.7.7.leaching"]


def test_a_request_to_set_aside_a_statute_or_bylaw_is_refused_0_3_1(tisbury_clerk):
    with pytest.raises(DomainError) as refused:
        ask(disposal_works_on("inland"), tisbury_clerk, "ti.0.8.14.sewer", sets_aside_law=True)

    assert refused.value.errors["sets_aside_law"] == [
        "A Board cannot waive a state or federal statute or a town bylaw "
        "(Tisbury BOH Reg 09.0.3(1))."]
    assert not Variance.objects.exists()


def test_the_api_refuses_a_barrier_beach_waiver_naming_the_field(tisbury_clerk):
    application = disposal_works_on("barrier_beach")
    client = APIClient()
    client.force_authenticate(tisbury_clerk)

    response = client.post(f"/api/v1/applications/{application.pk}/variances/",
                           {"rule_ids": ["ti.9.7.6.private_well"],
                            "request_text": "Too close to the well.", **WRITTEN_WAIVER},
                           format="json")

    assert response.status_code == 400
    assert BARRIER_BEACH_SECTION in response.json()["rule_ids"][0]
    assert not Variance.objects.exists()


def test_a_tisbury_waiver_is_a_written_application_naming_locus_owner_regulation_and_relief(
        tisbury_clerk):
    application = disposal_works_on("inland")
    with pytest.raises(DomainError) as refused:
        request_variance(application=application, rule_ids=["ti.0.8.14.sewer"],
                         request_text="No sewer reaches the lot.", acting_user=tisbury_clerk)

    assert set(refused.value.errors) == {"locus", "owner", "regulation", "relief"}
    assert all("Tisbury BOH Reg 09.0.3" in messages[0]
               for messages in refused.value.errors.values())
    variance = ask(application, tisbury_clerk, "ti.0.8.14.sewer")
    assert (variance.locus, variance.relief) == (WRITTEN_WAIVER["locus"],
                                                 WRITTEN_WAIVER["relief"])


def test_a_granted_waiver_prints_a_notice_to_post_at_the_site(tisbury_clerk, client):
    application = disposal_works_on("inland")
    variance = ask(application, tisbury_clerk, "ti.0.8.14.sewer")
    notice_url = f"/staff/applications/{application.pk}/variances/{variance.pk}/notice.pdf"
    client.force_login(tisbury_clerk)

    assert client.get(notice_url).status_code == 404  # not granted yet
    for member in (staff(Role.BOARD_MEMBER, "tisbury"), staff(Role.BOARD_MEMBER, "tisbury")):
        sign_variance(variance=variance, board_member=member, approve=True,
                      conditions="Pump every two years.", bases="No sewer in the street.")
    response = client.get(notice_url)

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages)
    assert "Waiver granted" in text
    assert "To be posted at the site during construction" in text
    assert WRITTEN_WAIVER["locus"] in " ".join(text.split())
