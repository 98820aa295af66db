"""``/api/v1/inspections/`` and ``/api/v1/cases/``: the main paths and every kind of refusal."""

import datetime as dt

import pytest
import time_machine

from permits_site.enforcement.models import Case, Inspection
from permits_site.enforcement.services import schedule_inspection
from permits_site.rules.base import RuleSet
from permits_site.rules.registry import registered_law
from tests.clients import api_for
from tests.enforcement.conftest import (
    CLEAN_STABLE,
    MANURE_OVER_LIMIT,
    SANITARY,
    STABLE_CASE,
    STABLE_OFFENSE,
    photo_upload,
    sanitary_inspection,
    stable_case,
)
from tests.enforcement.test_cases import found_in_violation
from tests.factories import Role, UserFactory, staff

pytestmark = pytest.mark.django_db

INSPECTIONS = "/api/v1/inspections/"
CASES = "/api/v1/cases/"


@pytest.fixture(autouse=True)
def _monday():
    with time_machine.travel(dt.datetime(2027, 6, 7, 9, 0), tick=False):
        yield



@pytest.fixture
def inspection(stable_permit, nb_inspector):
    return sanitary_inspection(stable_permit, nb_inspector, on=dt.date(2027, 6, 7))


@pytest.fixture
def case(stable_permit, nb_inspector):
    return stable_case(stable_permit, nb_inspector, received_on=dt.date(2027, 6, 7))


def post(user, url, body, **options):
    return api_for(user).post(url, body, format="json", **options)


# -- inspections ---------------------------------------------------------------------------


@pytest.mark.parametrize(("day", "why"), [
    ("2027-06-12", "Saturdays are not office days"),
    ("2027-07-05", "Independence Day"),
    ("2027-06-04", "That day has passed"),
])
def test_scheduling_refuses_a_day_past_or_the_offices_are_closed_as_rescheduling_does(
        stable_permit, nb_inspector, day, why):
    response = post(nb_inspector, INSPECTIONS, {
        "municipality": "northborough", "check": SANITARY, "scheduled_for": day,
        "inspector": nb_inspector.pk, "permit": stable_permit.pk})

    assert response.status_code == 400, response.json()
    assert why in response.json()["scheduled_for"][0]
    assert not Inspection.objects.exists()


def test_an_inspector_schedules_records_and_closes_an_inspection(stable_permit, nb_inspector):
    scheduled = post(nb_inspector, INSPECTIONS, {
        "municipality": "northborough", "check": SANITARY, "scheduled_for": "2027-06-07",
        "inspector": nb_inspector.pk, "permit": stable_permit.pk})
    assert scheduled.status_code == 201, scheduled.json()
    url = f"{INSPECTIONS}{scheduled.json()['id']}/"

    recorded = post(nb_inspector, f"{url}findings/",
                    {"answers": MANURE_OVER_LIMIT, "notes": "By the brook"})
    closed = post(nb_inspector, f"{url}close/", {})

    assert recorded.status_code == 200
    assert recorded.json()["answers"]["manure_storage_cuft"] == 300
    body = closed.json()
    assert (body["status"], body["result"], body["inspected_on"]) == (
        "closed", "failed", "2027-06-07")
    assert [(v["rule"], v["citation"]) for v in body["violations"]] == [
        ("nb.6.2.volume", "Northborough Horse & Stable Regs §6.2")]


def test_wrongly_typed_answers_are_a_400_naming_each_fact(inspection, nb_inspector):
    response = post(nb_inspector, f"{INSPECTIONS}{inspection.pk}/findings/",
                    {"answers": {**CLEAN_STABLE, "manure_storage_cuft": "300", "horses": 2}})

    assert response.status_code == 400
    errors = response.json()["answers"]
    assert set(errors) == {"manure_storage_cuft", "horses"}


def test_an_unknown_body_field_and_a_non_object_body_are_400s(inspection, nb_inspector):
    unknown = post(nb_inspector, f"{INSPECTIONS}{inspection.pk}/findings/",
                   {"answers": CLEAN_STABLE, "result": "passed"})
    listed = post(nb_inspector, f"{INSPECTIONS}{inspection.pk}/findings/", [CLEAN_STABLE])

    assert unknown.status_code == 400 and "result" in unknown.json()
    assert listed.status_code == 400 and "non_field_errors" in listed.json()


def test_photos_are_uploaded_as_multipart_and_checked_by_content(inspection, nb_inspector):
    client = api_for(nb_inspector)
    url = f"{INSPECTIONS}{inspection.pk}/photos/"

    added = client.post(url, {"file": photo_upload(), "caption": "Pile"}, format="multipart")
    refused = client.post(url, {"file": photo_upload("renamed_program.pdf", as_name="x.png")},
                          format="multipart")

    assert added.status_code == 201 and added.json()["content_type"] == "image/png"
    assert refused.status_code == 400 and "file" in refused.json()


def test_residents_are_refused_and_other_towns_get_404(inspection, resident, tisbury_inspector):
    assert api_for(resident).get(INSPECTIONS).status_code == 403
    assert api_for(resident).get(f"{INSPECTIONS}{inspection.pk}/").status_code == 403
    assert api_for(tisbury_inspector).get(f"{INSPECTIONS}{inspection.pk}/").status_code == 404
    assert api_for(tisbury_inspector).get(INSPECTIONS).json()["results"] == []
    assert post(tisbury_inspector, f"{INSPECTIONS}{inspection.pk}/close/", {}).status_code == 404


def test_only_inspectors_record_and_only_schedulers_schedule(inspection, stable_permit,
                                                              nb_inspector, nb_board):
    assert post(nb_board, f"{INSPECTIONS}{inspection.pk}/findings/",
                {"answers": CLEAN_STABLE}).status_code == 403
    assert post(nb_board, INSPECTIONS, {
        "municipality": "northborough", "check": SANITARY, "scheduled_for": "2027-06-08",
        "inspector": nb_inspector.pk, "permit": stable_permit.pk}).status_code == 403
    assert Inspection.objects.count() == 1


def test_scheduling_names_a_check_and_an_inspector_the_town_lacks(nb_clerk, tisbury_inspector):
    response = post(nb_clerk, INSPECTIONS, {
        "municipality": "northborough", "check": "tisbury.no_such_check",
        "scheduled_for": "2027-06-08", "inspector": tisbury_inspector.pk, "address": "1 Main"})

    assert response.status_code == 400
    assert "inspector" in response.json()


def test_a_check_the_town_lacks_is_refused_under_check_as_sent(nb_clerk, nb_inspector):
    response = post(nb_clerk, INSPECTIONS, {
        "municipality": "northborough", "check": "tisbury.no_such_check",
        "scheduled_for": "2027-06-08", "inspector": nb_inspector.pk, "address": "1 Main"})

    assert response.status_code == 400
    assert list(response.json()) == ["check"]
    assert "tisbury.no_such_check" in response.json()["check"][0]
    assert not Inspection.objects.exists()


def test_a_check_the_town_no_longer_has_is_refused_under_check(stable_permit, nb_inspector):
    withdrawn = RuleSet(code="northborough.withdrawn_visit", municipality="northborough",
                        title="Withdrawn visit", facts=())
    with registered_law("northborough", checklists=[withdrawn]):
        inspection = schedule_inspection(
            municipality=stable_permit.municipality, check_code=withdrawn.code,
            scheduled_for=dt.date(2027, 6, 7), inspector=nb_inspector, permit=stable_permit,
            acting_user=nb_inspector)

    recorded = post(nb_inspector, f"{INSPECTIONS}{inspection.pk}/findings/", {"answers": {}})
    closed = post(nb_inspector, f"{INSPECTIONS}{inspection.pk}/close/", {})

    for refused in (recorded, closed):
        assert refused.status_code == 400
        assert list(refused.json()) == ["check"]
        assert withdrawn.code in refused.json()["check"][0]


def test_closing_twice_is_a_400(inspection, nb_inspector):
    post(nb_inspector, f"{INSPECTIONS}{inspection.pk}/findings/", {"answers": CLEAN_STABLE})
    assert post(nb_inspector, f"{INSPECTIONS}{inspection.pk}/close/", {}).json()["result"] == \
        "passed"

    again = post(nb_inspector, f"{INSPECTIONS}{inspection.pk}/close/", {})

    assert again.status_code == 400
    assert "closed" in again.json()["non_field_errors"][0]


# -- cases ---------------------------------------------------------------------------------


def test_a_case_opened_from_an_inspection_walks_to_a_daily_citation(
    stable_permit, nb_inspector, inspection
):
    post(nb_inspector, f"{INSPECTIONS}{inspection.pk}/findings/", {"answers": MANURE_OVER_LIMIT})
    post(nb_inspector, f"{INSPECTIONS}{inspection.pk}/close/", {})

    opened = post(nb_inspector, CASES, {"municipality": "northborough", "case_type": STABLE_CASE,
                                        "inspection": inspection.pk})
    assert opened.status_code == 201, opened.json()
    url = f"{CASES}{opened.json()['id']}/"
    post(nb_inspector, f"{url}determination/", {"determination": "Over two cords.",
                                               "complaint_validated": True})
    ordered = post(nb_inspector, f"{url}orders/", {
        "text": "Remove the excess manure", "citation": "Northborough Horse & Stable Regs §6.2",
        "comply_within_days": 5})
    cited = post(nb_inspector, f"{url}citations/", {"offense": STABLE_OFFENSE, "amount": "25.00"})

    body = cited.json()
    assert (ordered.status_code, cited.status_code) == (201, 201)
    assert body["party_name"] == stable_permit.holder_name
    assert body["status"] == "determined"
    assert body["violations"][0]["rule"] == "nb.6.2.volume"
    assert body["orders"][0]["comply_by"] == "2027-06-14"
    citation = body["citations"][0]
    assert (citation["amount_per_offense"], citation["per_day"], citation["offense_number"],
            citation["days"], citation["total"]) == ("25.00", True, 1, 1, "25.00")
    with time_machine.travel(dt.datetime(2027, 6, 10, 9, 0), tick=False):
        assert api_for(nb_inspector).get(url).json()["citations"][0]["total"] == "100.00"


def test_a_ranged_citation_without_an_amount_is_a_400_citing_8_3(case, nb_inspector):
    response = post(nb_inspector, f"{CASES}{case.pk}/citations/", {"offense": STABLE_OFFENSE})

    assert response.status_code == 400
    assert "§8.3" in response.json()["amount"][0]


def test_compliance_stops_the_daily_fine(case, nb_inspector):
    url = f"{CASES}{case.pk}/"
    order = post(nb_inspector, f"{url}orders/", {"text": "Remove", "citation": "§6.2",
                                                 "comply_within_days": 7}).json()["orders"][0]
    post(nb_inspector, f"{url}citations/", {"offense": STABLE_OFFENSE, "amount": "10.00"})

    with time_machine.travel(dt.datetime(2027, 6, 9, 9, 0), tick=False):
        complied = post(nb_inspector, f"{url}compliance/",
                        {"order": order["id"], "complied_on": "2027-06-09"})

    citation = complied.json()["citations"][0]
    assert (citation["accrues_until"], citation["days"], citation["total"]) == (
        "2027-06-09", 3, "30.00")


def test_an_order_of_another_case_is_a_400(case, stable_permit, nb_inspector):
    other = stable_case(stable_permit, nb_inspector, received_on=dt.date(2027, 6, 7))
    order = post(nb_inspector, f"{CASES}{other.pk}/orders/", {
        "text": "Remove", "citation": "§6.2", "comply_within_days": 7}).json()["orders"][0]

    response = post(nb_inspector, f"{CASES}{case.pk}/compliance/",
                    {"order": order["id"], "complied_on": "2027-06-07"})

    assert response.status_code == 400 and "order" in response.json()


def test_hearing_and_appeal_decisions_belong_to_the_hearing_authority(case, nb_inspector,
                                                                      nb_board, nb_clerk):
    url = f"{CASES}{case.pk}/"
    hearing = post(nb_inspector, f"{url}hearings/", {
        "notice_sent_on": "2027-06-07", "hearing_date": "2027-06-07"}).json()["hearings"][0]
    decision = {"hearing": hearing["id"], "decision": "Fine upheld", "decided_on": "2027-06-07"}

    assert post(nb_inspector, f"{url}hearing-decisions/", decision).status_code == 403
    decided = post(nb_board, f"{url}hearing-decisions/", {**decision, "ruling": "In writing."})
    appeal = post(nb_clerk, f"{url}appeals/", {
        "filed_on": "2027-06-07", "grounds": "Measured wrongly"}).json()["appeals"][0]
    appealed = post(nb_board, f"{url}appeal-decisions/", {
        "appeal": appeal["id"], "decision": "Denied", "decided_on": "2027-06-07"})

    assert decided.json()["hearings"][0]["ruling"] == "In writing."
    assert appealed.json()["appeals"][0]["decision"] == "Denied"


def test_legal_fees_and_suspension_through_the_api(case, stable_permit, nb_clerk, nb_board):
    url = f"{CASES}{case.pk}/"

    refused = post(nb_clerk, f"{url}charges/", {"code": "legal_fees", "amount": "300.00"})
    found_in_violation(case)
    charged = post(nb_clerk, f"{url}charges/", {"code": "legal_fees", "amount": "300.00"})
    suspended = post(nb_board, f"{url}permit-status/", {"change": "suspend",
                                                        "reason": "Repeated §6.2 violations"})

    assert refused.status_code == 400
    assert "found in violation" in refused.json()["code"][0]
    line = charged.json()["charges"][0]["lines"][0]
    assert (line["amount"], line["citation"]) == ("300.00", "Northborough Horse & Stable Regs §8.4")
    assert suspended.status_code == 200
    stable_permit.refresh_from_db()
    assert stable_permit.status == "suspended"


def test_legal_fees_of_a_party_holding_no_stable_permit_are_a_400_naming_8_4(
    stable_permit, nb_inspector, nb_clerk
):
    case = found_in_violation(Case.objects.create(
        municipality=stable_permit.municipality, case_type=STABLE_CASE,
        party=UserFactory(), party_name="Jane Smith", address="24 Whitney St",
        complaint="Manure by the brook.", received_on=dt.date(2027, 6, 7), opened_by=nb_inspector))

    refused = post(nb_clerk, f"{CASES}{case.pk}/charges/", {"code": "legal_fees",
                                                            "amount": "350.00"})

    assert refused.status_code == 400
    assert refused.json()["code"] == [
        "Legal fees reimbursed by the permit holder are charged only to the holder of a "
        "Private Stable Permit or Public Stable Permit (Northborough Horse & Stable Regs "
        "§8.4): Jane Smith holds none."]
    assert not case.charges.exists()


def test_a_case_type_of_another_town_is_a_400_and_another_towns_staff_are_refused(
    case, nb_inspector, tisbury_inspector
):
    wrong_type = post(nb_inspector, CASES, {
        "municipality": "northborough", "case_type": "tisbury.animal_quarantine",
        "party_name": "Pat", "address": "1 Main St", "complaint": "x"})
    other_town = post(tisbury_inspector, CASES, {
        "municipality": "northborough", "case_type": STABLE_CASE, "party_name": "Pat",
        "address": "1 Main St", "complaint": "x"})

    assert wrong_type.status_code == 400 and "case_type" in wrong_type.json()
    assert other_town.status_code == 403
    assert api_for(tisbury_inspector).get(f"{CASES}{case.pk}/").status_code == 404
    assert post(tisbury_inspector, f"{CASES}{case.pk}/determination/",
                {"determination": "x"}).status_code == 404
    assert Case.objects.count() == 1


def test_cases_list_runs_a_fixed_number_of_queries(stable_permit, nb_inspector,
                                                   django_assert_max_num_queries):
    for _ in range(30):
        case = stable_case(stable_permit, nb_inspector, received_on=dt.date(2027, 6, 7))
        post(nb_inspector, f"{CASES}{case.pk}/citations/",
             {"offense": STABLE_OFFENSE, "amount": "5"})

    with django_assert_max_num_queries(14):
        response = api_for(staff(Role.CLERK, "northborough")).get(CASES)

    assert response.json()["count"] == 30


@pytest.mark.parametrize("body", [b"{not json", b'{"answers": NaN}', b"[" * 50_000])
def test_a_malformed_body_is_a_400(inspection, case, nb_inspector, body):
    client = api_for(nb_inspector)

    for url in (f"{INSPECTIONS}{inspection.pk}/findings/", f"{CASES}{case.pk}/citations/", CASES):
        response = client.generic("POST", url, body, content_type="application/json")
        assert response.status_code == 400, url


# -- what a refusal says ------------------------------------------------------------------


def test_an_answer_to_an_exemption_the_offense_lacks_is_refused_by_its_code(case, nb_inspector):
    """docs/api/index.md: an unknown key is a 400 under its own name, never dropped."""
    response = post(nb_inspector, f"{CASES}{case.pk}/citations/",
                    {"offense": STABLE_OFFENSE, "amount": "10.00",
                     "answers": {"bogus": True, "other": False}})

    assert response.status_code == 400
    assert response.json() == {"answers": {
        "bogus": ["This offense has no exemption to answer."],
        "other": ["This offense has no exemption to answer."],
    }}
    assert not case.citations.exists()


@pytest.mark.parametrize(("method", "url", "message"), [
    ("get", INSPECTIONS, "Only the town's Clerk, Inspector, Animal Control Officer, Hearing "
                         "authority or Board member may see inspections, cases and deadlines."),
    ("post", INSPECTIONS, "Only the town's Clerk or Inspector may schedule inspections."),
    ("post", f"{INSPECTIONS}1/findings/", "Only the town's Inspector or Animal Control "
                                          "Officer may record an inspection."),
    ("post", CASES, "Only the town's Clerk, Inspector, Animal Control Officer or Hearing "
                    "authority may open a case."),
    ("post", f"{CASES}1/citations/", "Only the town's Clerk, Inspector, Animal Control "
                                     "Officer or Hearing authority may issue a citation."),
    ("post", f"{CASES}1/appeal-decisions/", "Only the town's Hearing authority or Board "
                                            "member may decide an appeal."),
])
def test_a_resident_s_refusal_names_the_act_the_request_attempted(resident, method, url,
                                                                   message):
    """A resident scheduling an inspection is refused the scheduling, not the seeing (as
    docs/api/index.md's example reads)."""
    response = getattr(api_for(resident), method)(url, {}, format="json")

    assert response.status_code == 403
    assert response.json() == {"detail": message}
