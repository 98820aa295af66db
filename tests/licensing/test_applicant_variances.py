"""The applicant asks the Board for relief from their own application page (issue #21): a
Tisbury waiver (BOH Reg 09.0.3) in the same written application the clerk files, audited as
theirs; the page says first what the law puts beyond any waiver (statutes and bylaws, 09.0.3(1);
on a barrier beach, its Designated Barrier Beach rules, 09.9.1), then shows the request's status
and each Board member's signature. Another person gets a 404, the API the same action."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from permits_site.audit.models import AuditEntry
from permits_site.licensing.models import PermitType, Variance
from permits_site.licensing.services.applications import create_application, submit_application
from permits_site.licensing.services.variances import request_variance, sign_variance
from tests.factories import Role, UserFactory, staff, tisbury_place
from tests.rules.test_tisbury_rules import COASTAL_SEPTIC_OK
from tests.tisbury.support import WRITTEN_WAIVER, with_required_documents

pytestmark = pytest.mark.django_db
SEWER = "ti.0.8.14.sewer"
WAIVER_FORM = {
    "variance-rule_ids": [SEWER],
    "variance-request_text": "The sewer main ends 900 feet away; the lot cannot reach it.",
    **{f"variance-{name}": value for name, value in WRITTEN_WAIVER.items()},
}


def disposal_works(zone: str = "coastal_district"):
    """A submitted disposal works permit that fails the sewer rule (09.0.8(14))."""
    owner = UserFactory()
    lot = tisbury_place(owner, zone, address=f"1 {zone.title()} Way")
    application = create_application(
        applicant=owner, action="new", place=lot,
        facts={**COASTAL_SEPTIC_OK, "zone": zone, "sewer_connection_feasible": True},
        permit_type=PermitType.objects.get(code="tisbury.disposal_works"))
    return submit_application(application=with_required_documents(application),
                              acting_user=owner)


@pytest.fixture
def application(db):
    return disposal_works()


def test_the_applicants_request_is_audited_as_theirs(application):
    variance = request_variance(application=application, rule_ids=[SEWER],
                                request_text="The sewer is out of reach.",
                                acting_user=application.applicant, **WRITTEN_WAIVER)

    assert variance.requested_by == application.applicant
    entry = AuditEntry.objects.get(action="variance.requested")
    assert entry.actor == application.applicant


def test_the_page_explains_what_cannot_be_waived_before_the_request(client, application):
    client.force_login(application.applicant)

    page = client.get(reverse("licensing:variance_ask", args=[application.pk]))

    text = page.content.decode()
    assert page.status_code == 200
    assert "statute or a town bylaw (Tisbury BOH Reg 09.0.3(1))" in text
    assert "Tisbury BOH Reg 09.9.1" in text
    assert "Designated Barrier Beach rules" in text
    assert "is on a barrier beach" not in text
    assert 'name="variance-locus"' in text and 'name="variance-regulation"' in text


def test_on_a_barrier_beach_the_page_says_the_property_is_on_one(client):
    application = disposal_works("barrier_beach")
    client.force_login(application.applicant)

    page = client.get(reverse("licensing:variance_ask", args=[application.pk]))

    assert "property of this application is on a barrier beach" in page.content.decode()


def test_the_applicant_asks_for_a_waiver_and_sees_its_status_and_signatures(
    client, application
):
    board = staff(Role.BOARD_MEMBER, "tisbury", first_name="Bea", last_name="Board")
    client.force_login(application.applicant)

    response = client.post(reverse("licensing:variance_ask", args=[application.pk]),
                           WAIVER_FORM)

    assert response.status_code == 302
    variance = Variance.objects.get()
    assert (variance.requested_by, variance.regulation) == (
        application.applicant, WRITTEN_WAIVER["regulation"])
    sign_variance(variance=variance, board_member=board, approve=True,
                  conditions="Inspect yearly.", bases="The sewer is out of reach.")
    page = client.get(reverse("licensing:application", args=[application.pk]))
    text = page.content.decode()
    assert "Waiver request of" in text and "Requested" in text
    assert "Approved by Bea Board" in text
    assert "1 signature; 2 approvals needed" in text
    assert "Rules: No new, upgraded or expanded system where a sewer connection is feasible" in text


def test_a_refused_request_changes_nothing_and_names_the_field(client, application):
    client.force_login(application.applicant)

    response = client.post(reverse("licensing:variance_ask", args=[application.pk]),
                           {**WAIVER_FORM, "variance-locus": ""})

    assert response.status_code == 400
    assert "assessors" in response.content.decode()
    assert not Variance.objects.exists()


def test_another_resident_gets_not_found(client, application):
    client.force_login(UserFactory())

    assert client.get(reverse("licensing:variance_ask", args=[application.pk])).status_code == 404
    assert client.post(reverse("licensing:variance_ask", args=[application.pk]),
                       WAIVER_FORM).status_code == 404
    assert not Variance.objects.exists()


def test_the_application_page_offers_the_request_to_its_applicant(client, application):
    client.force_login(application.applicant)

    page = client.get(reverse("licensing:application", args=[application.pk]))

    assert reverse("licensing:variance_ask", args=[application.pk]) in page.content.decode()


# -- the API ----------------------------------------------------------------------------


def api_for(user) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def test_the_api_takes_the_applicants_request_and_lists_it_with_its_signatures(application):
    api = api_for(application.applicant)
    url = f"/api/v1/applications/{application.pk}/variance-requests/"

    created = api.post(url, {"rule_ids": [SEWER], "request_text": "Out of reach.",
                             **WRITTEN_WAIVER}, format="json")

    assert created.status_code == 201, created.content
    assert created.json()["requested_by"] == application.applicant.display_name
    listed = api.get(url).json()
    assert [(row["status"], row["signatures"]) for row in listed] == [("requested", [])]


def test_the_api_refuses_a_statute_naming_09_0_3_1(application):
    response = api_for(application.applicant).post(
        f"/api/v1/applications/{application.pk}/variance-requests/",
        {"rule_ids": [SEWER], "request_text": "Out of reach.", "sets_aside_law": True,
         **WRITTEN_WAIVER}, format="json")

    assert response.status_code == 400
    assert "09.0.3(1)" in response.json()["sets_aside_law"][0]
    assert not Variance.objects.exists()


def test_the_api_answers_another_resident_not_found(application):
    response = api_for(UserFactory()).post(
        f"/api/v1/applications/{application.pk}/variance-requests/",
        {"rule_ids": [SEWER], "request_text": "x", **WRITTEN_WAIVER}, format="json")

    assert response.status_code == 404
    assert not Variance.objects.exists()


def test_the_applicants_form_leaves_the_statute_mark_to_the_clerk(client, application):
    """Whether a request asks to set aside a statute or bylaw is the clerk's mark on the
    request (the page already says what cannot be waived); no applicant ticks it of their
    own request."""
    client.force_login(application.applicant)

    text = client.get(reverse("licensing:variance_ask", args=[application.pk])).content.decode()

    assert 'name="variance-sets_aside_law"' not in text
    assert "It asks to set aside" not in text
    assert 'name="variance-request_text"' in text
