"""Variances (Northborough §8.2, Tisbury 09.0.3) and hearings (Northborough §2.2) over the API.

Variances are asked of a Tisbury disposal works permit judged by the coastal
septic rules; hearings are held on a Northborough private stable. Each test
registers a permit kind as the licensing tests do.
"""

import datetime as dt
import io

import pytest
import time_machine
from pypdf import PdfReader

from permits_site.accounts.models import Role
from permits_site.licensing.kinds import registered_kind
from permits_site.licensing.models import PermitHearing, VarianceSignature, VarianceStatus
from permits_site.licensing.services.hearings import schedule_hearing
from permits_site.licensing.services.variances import request_variance
from tests.api.conftest import client_for
from tests.factories import staff
from tests.licensing.test_hearings import ABUTTERS, NOTICE_CITATION, PRIVATE_STABLE, HearingKind
from tests.licensing.test_hearings import submitted_application as submitted_stable
from tests.licensing.test_variances import (
    PRIVATE_WELL,
    TOO_CLOSE_TO_A_WELL,
    WAIVER_CITATION,
    WATER_BODY,
    WaiverKind,
)
from tests.licensing.test_variances import submitted_application as submitted_disposal_works

pytestmark = pytest.mark.django_db
TODAY = dt.date(2030, 6, 3)
GRANT = {"approve": True, "conditions": "Annual water test.", "bases": "No other site on the lot."}


@pytest.fixture(autouse=True)
def _june_2030(_frozen_clock):
    """The dates of the licensing tests whose permit kinds these tests borrow."""
    with time_machine.travel(dt.datetime(2030, 6, 3, 10, 0), tick=False):
        yield


@pytest.fixture
def waiver_kind():
    with registered_kind(WaiverKind(signatures=1)) as kind:
        yield kind


@pytest.fixture
def stable_kind():
    with registered_kind(HearingKind(PRIVATE_STABLE, notice_days=10, certified_mail=True,
                                     citation=NOTICE_CITATION)) as kind:
        yield kind


@pytest.fixture
def tisbury_board_api(db):
    return client_for(staff(Role.BOARD_MEMBER, "tisbury", first_name="Bea", last_name="Board"))


@pytest.fixture
def northborough_clerk(db):
    return staff(Role.CLERK, "northborough")


@pytest.fixture
def northborough_clerk_api(northborough_clerk):
    return client_for(northborough_clerk)


@pytest.fixture
def northborough_board_api(db):
    return client_for(staff(Role.BOARD_MEMBER, "northborough"))


@pytest.fixture
def disposal_works(waiver_kind):
    return submitted_disposal_works()


@pytest.fixture
def variance(disposal_works, tisbury_clerk):
    return request_variance(
        application=disposal_works,
        rule_ids=[PRIVATE_WELL],
        request_text="The lot is too small to keep 200 ft from the neighbour's well.",
        acting_user=tisbury_clerk,
    )


@pytest.fixture
def stable(stable_kind):
    return submitted_stable()


def schedule_body(*, days_after_mailing: int = 14, **changes) -> dict:
    return {
        "hearing_date": (TODAY + dt.timedelta(days=days_after_mailing)).isoformat(),
        "notices_mailed_on": TODAY.isoformat(),
        "hearing_time": "19:00",
        "location": "Town Hall",
        "abutters": ABUTTERS,
        **changes,
    }


def scheduled(application, clerk) -> PermitHearing:
    body = schedule_body()
    return schedule_hearing(
        application=application,
        hearing_date=dt.date.fromisoformat(body["hearing_date"]),
        notices_mailed_on=TODAY,
        hearing_time=dt.time(19, 0),
        location=body["location"],
        abutters=ABUTTERS,
        acting_user=clerk,
    )


def variances_url(application) -> str:
    return f"/api/v1/applications/{application.pk}/variances/"


def hearings_url(application) -> str:
    return f"/api/v1/applications/{application.pk}/hearings/"


# -- Variances ---------------------------------------------------------------------------


def test_clerk_requests_a_variance_and_a_board_member_grants_it_8_2(
    disposal_works, tisbury_clerk_api, tisbury_board_api
):
    requested = tisbury_clerk_api.post(variances_url(disposal_works), {
        "rule_ids": [PRIVATE_WELL], "request_text": "The lot is too small.",
    }, format="json")
    variance_id = requested.json()["id"]
    signed = tisbury_board_api.post(
        f"{variances_url(disposal_works)}{variance_id}/sign/", GRANT, format="json"
    )
    listed = tisbury_clerk_api.get(variances_url(disposal_works)).json()

    assert requested.status_code == 201
    assert requested.json()["status"] == VarianceStatus.REQUESTED
    assert signed.status_code == 200
    assert signed.json()["status"] == VarianceStatus.GRANTED
    [variance] = listed
    assert variance["rule_ids"] == [PRIVATE_WELL]
    assert variance["conditions"] == "Annual water test."
    [signature] = variance["signatures"]
    assert signature["board_member"] == "Bea Board"
    assert signature["approve"] is True
    assert signature["signed_at"].startswith("2030-06-03")


def test_granting_needs_the_conditions_and_the_bases_written_down_8_2(
    variance, tisbury_board_api
):
    response = tisbury_board_api.post(
        f"{variances_url(variance.application)}{variance.pk}/sign/", {"approve": True},
        format="json",
    )

    assert response.status_code == 400
    assert set(response.json()) == {"conditions", "bases"}
    assert response.json()["bases"][0].endswith(f"({WAIVER_CITATION})")
    assert not VarianceSignature.objects.exists()


def test_only_a_board_member_of_the_town_signs_or_denies(variance, tisbury_clerk_api):
    url = f"{variances_url(variance.application)}{variance.pk}/"

    signed = tisbury_clerk_api.post(f"{url}sign/", GRANT, format="json")
    denied = tisbury_clerk_api.post(f"{url}deny/", {"reason": "No."}, format="json")

    assert (signed.status_code, denied.status_code) == (403, 403)
    assert signed.json()["detail"] == "Only the town's Board of Health member may sign a variance."
    variance.refresh_from_db()
    assert variance.status == VarianceStatus.REQUESTED


def test_a_board_member_denies_giving_the_reason(variance, tisbury_board_api):
    url = f"{variances_url(variance.application)}{variance.pk}/deny/"

    blank = tisbury_board_api.post(url, {"reason": " "}, format="json")
    denied = tisbury_board_api.post(url, {"reason": "The well would be at risk."}, format="json")

    assert blank.status_code == 400
    assert list(blank.json()) == ["reason"]
    assert denied.status_code == 200
    assert denied.json()["status"] == VarianceStatus.DENIED
    assert denied.json()["denial_reason"] == "The well would be at risk."
    assert denied.json()["bases"] == ""
    assert denied.json()["signatures"][0]["approve"] is False


def test_a_denial_keeps_the_proposed_bases_apart_from_its_reason_8_2(variance, tisbury_board_api):
    board = staff(Role.BOARD_MEMBER, "tisbury")
    with registered_kind(WaiverKind(signatures=2)):
        variance.signatures_required = 2
        variance.save(update_fields=["signatures_required"])
        url = f"{variances_url(variance.application)}{variance.pk}/"
        tisbury_board_api.post(f"{url}sign/", GRANT, format="json")
        denied = client_for(board).post(f"{url}deny/", {"reason": "Not needed."}, format="json")

    assert denied.status_code == 200, denied.content
    assert (denied.json()["status"], denied.json()["bases"], denied.json()["denial_reason"]) == (
        VarianceStatus.DENIED, GRANT["bases"], "Not needed.")


@pytest.mark.parametrize(("facts", "rule", "outcome"), [
    ({}, WATER_BODY, "passes"),
    ({}, "ti.9.4.2.bb_new", "does not apply"),
    ({"on_slope": True}, "ti.9.7.6.slope", "waits for a reviewer"),
])
def test_a_variance_of_a_rule_the_application_does_not_fail_is_refused_naming_it_8_2(
    waiver_kind, tisbury_clerk_api, facts, rule, outcome
):
    application = submitted_disposal_works({**TOO_CLOSE_TO_A_WELL, **facts})

    refused = tisbury_clerk_api.post(variances_url(application), {
        "rule_ids": [PRIVATE_WELL, rule], "request_text": "Please."}, format="json")

    assert refused.status_code == 400, refused.content
    assert list(refused.json()) == ["rule_ids"]
    [message] = refused.json()["rule_ids"]
    assert rule in message and outcome in message and PRIVATE_WELL not in message
    assert not application.variances.exists()


def test_a_rule_already_in_a_pending_variance_is_refused_naming_rule_ids(
    variance, tisbury_clerk_api
):
    response = tisbury_clerk_api.post(variances_url(variance.application), {
        "rule_ids": [PRIVATE_WELL], "request_text": "Again.",
    }, format="json")

    assert response.status_code == 400
    assert f"already in variance #{variance.pk}" in response.json()["rule_ids"][0]


@pytest.mark.parametrize(("body", "field"), [
    ({"rule_ids": PRIVATE_WELL, "request_text": "Why."}, "rule_ids"),
    ({"rule_ids": [7], "request_text": "Why."}, "rule_ids"),
    ({"rule_ids": [PRIVATE_WELL], "request_text": 3}, "request_text"),
    ({"rule_ids": [PRIVATE_WELL], "request_text": "Why.", "urgent": True}, "urgent"),
])
def test_a_variance_request_takes_json_types_at_their_word(
    disposal_works, tisbury_clerk_api, body, field
):
    response = tisbury_clerk_api.post(variances_url(disposal_works), body, format="json")

    assert response.status_code == 400
    assert field in response.json()
    assert not disposal_works.variances.exists()


def test_approve_must_be_a_json_boolean(variance, tisbury_board_api):
    response = tisbury_board_api.post(
        f"{variances_url(variance.application)}{variance.pk}/sign/",
        {**GRANT, "approve": "true"}, format="json",
    )

    assert response.status_code == 400
    assert list(response.json()) == ["approve"]


def test_residents_are_refused_and_other_towns_staff_see_no_variances(
    variance, northborough_board_api
):
    applicant_api = client_for(variance.application.applicant)
    url = variances_url(variance.application)

    applicant = (applicant_api.get(url).status_code,
                 applicant_api.post(f"{url}{variance.pk}/sign/", GRANT, format="json").status_code)
    other_town = (northborough_board_api.get(url).status_code,
                  northborough_board_api.post(f"{url}{variance.pk}/sign/", GRANT,
                                              format="json").status_code)

    assert applicant == (403, 403)
    assert other_town == (404, 404)
    assert not VarianceSignature.objects.exists()


def test_a_variance_of_another_application_is_a_404(variance, tisbury_board_api):
    other_application = submitted_disposal_works()

    response = tisbury_board_api.post(
        f"{variances_url(other_application)}{variance.pk}/sign/", GRANT, format="json"
    )

    assert response.status_code == 404
    assert not VarianceSignature.objects.exists()


# -- Hearings ----------------------------------------------------------------------------


def test_clerk_schedules_a_hearing_with_its_abutters(stable, northborough_clerk_api):
    response = northborough_clerk_api.post(hearings_url(stable), schedule_body(), format="json")
    listed = northborough_clerk_api.get(hearings_url(stable)).json()

    assert response.status_code == 201
    assert response.json()["hearing_date"] == "2030-06-17"
    assert (response.json()["hearing_time"], response.json()["location"]) == ("19:00",
                                                                              "Town Hall")
    assert response.json()["decided_on"] is None
    assert [(abutter["name"], abutter["relation"], abutter["parcel"])
            for abutter in listed[0]["abutters"]] == [("Ann Abbot", "owner", None),
                                                      ("Bob Birch", "tenant", None)]
    assert listed[0]["abutters"][1]["certified_mail_number"] == "7019 0700 0000 1234 5679"
    assert listed[0]["relief_sought"] == "A private stable permit."


def test_a_hearing_sent_without_an_hour_and_place_takes_the_towns_usual_ones(
    stable, northborough_clerk_api
):
    town = stable.municipality
    town.hearing_time, town.hearing_place = dt.time(18, 30), "Town Hall, Room 2"
    town.save(update_fields=["hearing_time", "hearing_place"])
    body = schedule_body()
    del body["hearing_time"], body["location"]

    response = northborough_clerk_api.post(hearings_url(stable), body, format="json")

    assert response.status_code == 201
    assert (response.json()["hearing_time"], response.json()["location"]) == (
        "18:30", "Town Hall, Room 2")


def test_the_schema_documents_the_hour_and_place_in_and_out(northborough_clerk_api):
    schema = northborough_clerk_api.get(
        "/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    components = schema["components"]["schemas"]

    assert {"hearing_time", "location"} <= set(components["HearingScheduleRequest"]["properties"])
    assert not {"hearing_time", "location"} & set(components["HearingScheduleRequest"]["required"])
    assert {"hearing_time", "location"} <= set(components["PermitHearing"]["properties"])


def test_clerk_records_the_mailing_before_the_hearing_may_be_decided_2_2(
    stable, northborough_clerk_api
):
    body = schedule_body(abutters=[{"name": "Cy Cole", "mailing_address": "9 Elm Street",
                                    "relation": "occupant"}])
    body.pop("notices_mailed_on")
    hearing = northborough_clerk_api.post(hearings_url(stable), body, format="json").json()
    [cy] = hearing["abutters"]
    mailing_url = f"{hearings_url(stable)}{hearing['id']}/mailing/"
    decision_url = f"{hearings_url(stable)}{hearing['id']}/decision/"

    with time_machine.travel(dt.datetime(2030, 6, 18, 10, 0), tick=False):
        early = northborough_clerk_api.post(
            decision_url, {"decision": "Granted.", "decided_on": "2030-06-17"}, format="json")
    blank = northborough_clerk_api.post(mailing_url, {
        "notices_mailed_on": "2030-06-03",
        "abutters": [{"id": cy["id"], "certified_mail_number": ""}]}, format="json")
    mailed = northborough_clerk_api.post(mailing_url, {
        "notices_mailed_on": "2030-06-03",
        "abutters": [{"id": cy["id"], "certified_mail_number": "7019 0700 0000 0000 0042"}]},
        format="json")
    with time_machine.travel(dt.datetime(2030, 6, 18, 10, 0), tick=False):
        decided = northborough_clerk_api.post(
            decision_url, {"decision": "Granted.", "decided_on": "2030-06-17"}, format="json")

    assert hearing["notices_mailed_on"] is None
    assert early.status_code == 400
    assert "Cy Cole's letter" in early.json()["decision"][0]
    assert blank.status_code == 400
    assert list(blank.json()) == ["abutters"]
    assert mailed.status_code == 200
    assert mailed.json()["notices_mailed_on"] == "2030-06-03"
    assert mailed.json()["abutters"][0]["certified_mail_number"] == "7019 0700 0000 0000 0042"
    assert decided.status_code == 200


def test_a_hearing_9_days_after_mailing_is_refused_naming_hearing_date_2_2(
    stable, northborough_clerk_api
):
    response = northborough_clerk_api.post(
        hearings_url(stable), schedule_body(days_after_mailing=9), format="json"
    )

    assert response.status_code == 400
    assert list(response.json()) == ["hearing_date"]
    assert "less than 10 days before the hearing" in response.json()["hearing_date"][0]
    assert response.json()["hearing_date"][0].endswith(f"({NOTICE_CITATION})")
    assert not stable.hearings.exists()


@pytest.mark.parametrize(("changes", "field"), [
    ({"hearing_date": 20300617}, "hearing_date"),
    ({"notices_mailed_on": "June 3, 2030"}, "notices_mailed_on"),
    ({"abutters": ["Ann Abbot"]}, "abutters"),
    ({"abutters": [{"name": "Ann Abbot", "mailing_address": 3}]}, "abutters"),
    ({"abutters": []}, "abutters"),
    ({"location": " "}, "location"),
    ({"location": "x" * 201}, "location"),
    ({"hearing_time": "25:00"}, "hearing_time"),
    ({"hearing_time": 1900}, "hearing_time"),
])
def test_a_hearing_is_refused_naming_the_field(stable, northborough_clerk_api, changes, field):
    response = northborough_clerk_api.post(
        hearings_url(stable), schedule_body(**changes), format="json"
    )

    assert response.status_code == 400
    assert field in response.json()
    assert not stable.hearings.exists()


def test_clerk_records_the_decision_after_the_hearing(
    stable, northborough_clerk, northborough_clerk_api
):
    hearing = scheduled(stable, northborough_clerk)
    url = f"{hearings_url(stable)}{hearing.pk}/decision/"

    early = northborough_clerk_api.post(
        url, {"decision": "Granted.", "decided_on": "2030-06-03"}, format="json"
    )
    with time_machine.travel(dt.datetime(2030, 6, 18, 10, 0), tick=False):
        decided = northborough_clerk_api.post(
            url, {"decision": "Granted.", "decided_on": "2030-06-17"}, format="json"
        )

    assert early.status_code == 400
    assert list(early.json()) == ["decided_on"]
    assert decided.status_code == 200
    assert (decided.json()["decision"], decided.json()["decided_on"]) == ("Granted.", "2030-06-17")


def test_board_members_download_the_notices_but_only_the_clerk_schedules(
    stable, northborough_clerk, northborough_board_api
):
    """A Board member may record the Board's decision (§2.2, tested with the stables);
    scheduling stays the Clerk's."""
    hearing = scheduled(stable, northborough_clerk)
    url = f"{hearings_url(stable)}{hearing.pk}/"

    notices = northborough_board_api.get(f"{url}notices.pdf")
    scheduling = northborough_board_api.post(
        hearings_url(stable), schedule_body(days_after_mailing=30), format="json"
    )

    assert notices.status_code == 200
    assert notices["Content-Type"] == "application/pdf"
    assert len(PdfReader(io.BytesIO(b"".join(notices.streaming_content))).pages) == 2
    assert scheduling.status_code == 403
    assert stable.hearings.count() == 1


def test_residents_and_other_towns_cannot_reach_hearings(
    stable, northborough_clerk, tisbury_clerk_api
):
    hearing = scheduled(stable, northborough_clerk)
    applicant_api = client_for(stable.applicant)
    notices = f"{hearings_url(stable)}{hearing.pk}/notices.pdf"

    applicant = (applicant_api.get(notices).status_code,
                 applicant_api.get(hearings_url(stable)).status_code)
    other_town = (tisbury_clerk_api.get(notices).status_code,
                  tisbury_clerk_api.post(hearings_url(stable), schedule_body(),
                                         format="json").status_code)

    assert applicant == (403, 403)
    assert other_town == (404, 404)


def test_a_hearing_of_another_application_is_a_404(
    stable, northborough_clerk, northborough_clerk_api
):
    other_hearing = scheduled(submitted_stable(), northborough_clerk)
    url = f"{hearings_url(stable)}{other_hearing.pk}/"

    notices = northborough_clerk_api.get(f"{url}notices.pdf")
    decided = northborough_clerk_api.post(
        f"{url}decision/", {"decision": "Granted.", "decided_on": "2030-06-17"}, format="json"
    )

    assert (notices.status_code, decided.status_code) == (404, 404)
    other_hearing.refresh_from_db()
    assert other_hearing.decided_on is None
