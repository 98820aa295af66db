"""``POST /api/v1/applications/{id}/hearings/{hearing_id}/continuances/``: a Board member, or
the Clerk for the Board, continues a public hearing on an application (Northborough Horse &
Stable Regs §2.2), through the service the review screen calls; the answer is the hearing
with its ``continuances``, and the applicant's answer lists them too."""

import datetime as dt

import pytest
import time_machine

from permits_site.accounts.models import Role
from permits_site.licensing.models import Application, PermitHearing
from permits_site.licensing.services.hearings import schedule_hearing
from tests.api.conftest import client_for
from tests.factories import staff
from tests.licensing.test_hearings import (  # noqa: F401 -- stable_kind, a fixture
    ABUTTERS,
    NOTICE_CITATION,
    stable_kind,
    submitted_application,
)

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("stable_kind")]
MAILED = dt.date(2030, 7, 1)
HEARING_DAY = dt.date(2030, 7, 16)
REASON = "The applicant asked for time to answer the abutters' letters."
BODY = {"hearing_date": "2030-08-01", "hearing_time": "19:00", "location": "Senior Center",
        "reason": REASON}


@pytest.fixture(autouse=True)
def _the_day_before_the_hearing(_frozen_clock):
    with time_machine.travel(dt.datetime(2030, 7, 15, 10, 0), tick=False):
        yield


@pytest.fixture
def hearing(northborough_clerk):
    """July 16, 2030 at 7:00 PM in Town Hall, its letters mailed and numbered on July 1."""
    with time_machine.travel(dt.datetime(2030, 7, 1, 10, 0), tick=False):
        return schedule_hearing(
            application=submitted_application(), hearing_date=HEARING_DAY,
            notices_mailed_on=MAILED, hearing_time=dt.time(19, 0), location="Town Hall",
            abutters=ABUTTERS, acting_user=northborough_clerk)


def continuances_url(hearing, *, application_id=None) -> str:
    return (f"/api/v1/applications/{application_id or hearing.application_id}/hearings/"
            f"{hearing.pk}/continuances/")


def unchanged(hearing) -> bool:
    fresh = PermitHearing.objects.get(pk=hearing.pk)
    return (fresh.hearing_date, fresh.notices_mailed_on, fresh.continuances.exists()) == (
        HEARING_DAY, MAILED, False)


def test_a_board_member_continues_the_hearing_and_is_answered_the_hearing(
    hearing, northborough_board_member
):
    response = client_for(northborough_board_member).post(
        continuances_url(hearing), BODY, format="json")

    assert response.status_code == 201, response.content
    answer = response.json()
    assert (answer["id"], answer["hearing_date"], answer["hearing_time"], answer["location"],
            answer["notices_mailed_on"]) == (hearing.pk, "2030-08-01", "19:00", "Senior Center",
                                             None)
    assert [abutter["certified_mail_number"] for abutter in answer["abutters"]] == ["", ""]
    [continuance] = answer["continuances"]
    recorded_at = continuance.pop("recorded_at")
    assert recorded_at.startswith("2030-07-15")
    assert continuance == {
        "previous_date": "2030-07-16", "previous_time": "19:00", "previous_location": "Town Hall",
        "hearing_date": "2030-08-01", "hearing_time": "19:00", "location": "Senior Center",
        "previous_notices_mailed_on": "2030-07-01", "renoticed": True,
        "previous_certified_mail_numbers": [
            {"abutter": abutter["id"], "name": abutter["name"],
             "certified_mail_number": row["certified_mail_number"]}
            for abutter, row in zip(answer["abutters"], ABUTTERS, strict=True)],
        "reason": REASON, "recorded_by": northborough_board_member.display_name,
    }


def test_the_hearings_and_the_applicants_answer_list_the_continuance(
    hearing, northborough_clerk
):
    client_for(northborough_clerk).post(continuances_url(hearing), BODY, format="json")

    listed = client_for(northborough_clerk).get(
        f"/api/v1/applications/{hearing.application_id}/hearings/").json()
    applicants = client_for(hearing.application.applicant).get(
        f"/api/v1/applications/{hearing.application_id}/").json()

    assert [row["previous_date"] for row in listed[0]["continuances"]] == ["2030-07-16"]
    [seen] = applicants["hearings"]
    assert (seen["hearing_date"], seen["location"]) == ("2030-08-01", "Senior Center")
    [continued_from] = seen["continuances"]
    assert set(continued_from) == {"previous_date", "previous_time", "previous_location",
                                   "hearing_date", "hearing_time", "location", "recorded_at"}
    assert (continued_from["previous_date"], continued_from["previous_time"],
            continued_from["previous_location"]) == ("2030-07-16", "19:00", "Town Hall")


def test_an_hour_and_place_left_out_are_the_towns_usual_ones(hearing, northborough_clerk):
    town = hearing.application.municipality
    town.hearing_time, town.hearing_place = dt.time(18, 30), "Town Hall, Room 2"
    town.save(update_fields=["hearing_time", "hearing_place"])

    response = client_for(northborough_clerk).post(
        continuances_url(hearing), {"hearing_date": "2030-08-01", "reason": REASON},
        format="json")

    assert response.status_code == 201
    assert (response.json()["hearing_time"], response.json()["location"]) == (
        "18:30", "Town Hall, Room 2")


@pytest.mark.parametrize(("changes", "field", "words"), [
    ({"hearing_date": "2030-07-27"}, "hearing_date", "Saturdays are not office days"),
    ({"hearing_date": "2030-07-24", "notices_mailed_on": "2030-07-15"}, "hearing_date",
     f"or the hearing moved later. ({NOTICE_CITATION})"),
    ({"hearing_date": "2030-07-12"}, "hearing_date", "already passed"),
    ({"hearing_date": 20300801}, "hearing_date", ""),
    ({"reason": ""}, "reason", "Say why the hearing is continued."),
    ({"reason": None}, "reason", ""),
    ({"reason": "x" * 501}, "reason", ""),
    ({"hearing_time": "25:00"}, "hearing_time", ""),
    ({"location": "x" * 201}, "location", ""),
    ({"notices_mailed_on": "2030-07-16"}, "notices_mailed_on", "in the future"),
])
def test_a_continuance_is_a_400_naming_the_field(
    hearing, northborough_clerk, changes, field, words
):
    response = client_for(northborough_clerk).post(
        continuances_url(hearing), {**BODY, **changes}, format="json")

    assert response.status_code == 400
    assert list(response.json()) == [field]
    assert words in response.json()[field][0]
    assert unchanged(hearing)


def test_a_continuance_without_its_reason_is_a_400_naming_it(hearing, northborough_clerk):
    body = {name: value for name, value in BODY.items() if name != "reason"}

    response = client_for(northborough_clerk).post(continuances_url(hearing), body,
                                                   format="json")

    assert response.status_code == 400
    assert list(response.json()) == ["reason"]
    assert unchanged(hearing)


def test_residents_and_staff_who_hold_no_hearing_are_refused(hearing):
    own_clerk = staff(Role.CLERK, "northborough")
    Application.objects.filter(pk=hearing.application_id).update(applicant=own_clerk)
    callers = {
        "applicant": hearing.application.applicant,
        "inspector": staff(Role.INSPECTOR, "northborough"),
        "other_town_inspector": staff(Role.INSPECTOR, "tisbury"),
        "other_town_board_member": staff(Role.BOARD_MEMBER, "tisbury"),
        "clerk_on_own_application": own_clerk,
    }

    statuses = {who: client_for(user).post(continuances_url(hearing), BODY,
                                           format="json").status_code
                for who, user in callers.items()}

    # Another town's reviewer sees no application of this town: it is not found for them.
    assert statuses == {"applicant": 403, "inspector": 403, "other_town_inspector": 403,
                        "other_town_board_member": 404, "clerk_on_own_application": 403}
    assert unchanged(hearing)


def test_a_hearing_of_another_application_is_a_404(hearing, northborough_clerk):
    other = submitted_application()

    response = client_for(northborough_clerk).post(
        continuances_url(hearing, application_id=other.pk), BODY, format="json")

    assert response.status_code == 404
    assert unchanged(hearing)


def test_the_schema_documents_the_continuance(northborough_clerk):
    schema = client_for(northborough_clerk).get(
        "/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    [path] = [path for path in schema["paths"] if path.endswith("/continuances/")
              and path.startswith("/api/v1/applications/")]
    operation = schema["paths"][path]["post"]
    components = schema["components"]["schemas"]

    assert set(operation["responses"]) >= {"201"}
    request = components["PermitHearingContinuanceRequest"]
    assert {"hearing_date", "hearing_time", "location", "reason", "notices_mailed_on"} == set(
        request["properties"])
    assert set(request["required"]) == {"hearing_date", "reason"}
    assert "continuances" in components["PermitHearing"]["properties"]
    assert "continuances" in components["ApplicationHearing"]["properties"]
