"""``/api/v1/citations/``: citations as money owed (MGL c.40 §21D) for staff and parties,
their filters and every answer to a citation, with each kind of refusal."""

import datetime as dt

import pytest
import time_machine

from permits_site.accounts.models import User
from permits_site.enforcement.models import Citation, CitationHearing, CourtDecision
from permits_site.enforcement.services import issue_citation, open_case
from permits_site.enforcement.services.dispositions import (
    Standing,
    decide_hearing,
    record_court_decision,
    request_hearing,
)
from permits_site.licensing.models import InvoiceLine, InvoiceStatus, Payment
from permits_site.licensing.services.payments import record_payment
from permits_site.parties.services import create_business
from tests.api.conftest import client_for
from tests.enforcement.test_citation_pages import held_today
from tests.factories import Role, municipality, staff

pytestmark = pytest.mark.django_db

CITATIONS = "/api/v1/citations/"
CASES = "/api/v1/cases/"
#: Monday 14 June 2027: 21 days later is Monday 5 July, Independence Day observed, so North
#: Andover's window ends on Tuesday 6 July.
MONDAY = dt.date(2027, 6, 14)
NA_DUE = dt.date(2027, 7, 6)
AFTER_WINDOW = dt.date(2027, 7, 7)
#: Written on 3 May 2027, a North Andover citation was due on 24 May: referred by MONDAY.
EARLIER = dt.date(2027, 5, 3)
DOG_CONTROL = "north_andover.dog_control"
TISBURY_HEALTH = "tisbury.health_violation"
#: The citations list costs the same queries at 2 rows and at 10.
LIST_QUERY_CAP = 10


def at(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=False)


@pytest.fixture(autouse=True)
def _monday(_frozen_clock):
    with at(MONDAY):
        yield


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", first_name="Al", last_name="Aco")


@pytest.fixture
def chief(db):
    return staff(Role.HEARING_AUTHORITY, "north_andover", first_name="Pat", last_name="Chief")


@pytest.fixture
def tisbury_officer(db):
    return staff(Role.INSPECTOR, "tisbury", first_name="Tess", last_name="Officer")


@pytest.fixture
def tisbury_admin(db):
    return staff(Role.ADMIN, "tisbury", first_name="Ada", last_name="Admin")


@pytest.fixture
def business(resident):
    """A business the resident acts for."""
    return create_business(legal_name="Harbor Eats LLC", kind="llc",
                           mailing_address="3 Beach Rd, Tisbury", acting_user=resident)


def case_in(town, case_type, officer, *, party=None, business=None):
    name = business.legal_name if business else (party.display_name if party else "Pat Doe")
    return open_case(municipality=municipality(town), case_type=case_type, party=party,
                     party_business=business, party_name=name, address="1 Main St",
                     complaint="Seen by the officer.", received_on=dt.date(2027, 5, 1),
                     acting_user=officer)


def cite(party, officer, *, offense="running_at_large", town="north_andover",
         case_type=DOG_CONTROL, business=None, **options) -> Citation:
    case = case_in(town, case_type, officer, party=party, business=business)
    return issue_citation(case=case, offense=offense, acting_user=officer, **options)


def forfeiture(party, officer, **options) -> Citation:
    """A Tisbury Board of Health violation off the fine schedule: owed only on conviction,
    so referred to the court from the start."""
    return cite(party, officer, offense="board_regulation_violation", town="tisbury",
                case_type=TISBURY_HEALTH, amount="100.00", **options)


def post(user, url, body=None, **options):
    return client_for(user).post(url, body if body is not None else {}, format="json",
                                 **options)


def get(user, url, **options):
    return client_for(user).get(url, **options)


def ids(response) -> list[int]:
    assert response.status_code == 200, response.json()
    return [item["id"] for item in response.json()["results"]]


def unchanged(citation: Citation) -> tuple:
    """What an action could change: hearings, court decision, invoice lines and payments."""
    return (CitationHearing.objects.filter(citation=citation).count(),
            CourtDecision.objects.filter(citation=citation).count(),
            InvoiceLine.objects.filter(invoice__citation=citation).count(),
            Payment.objects.filter(invoice__citation=citation).count(),
            citation.surcharge_classifications.count())


# -- issuing over the cases API -------------------------------------------------------------


def test_citing_takes_an_end_date_and_a_surcharge_event_and_the_case_shows_them(
        tisbury_officer, resident):
    case = case_in("tisbury", TISBURY_HEALTH, tisbury_officer, party=resident)

    cited = post(tisbury_officer, f"{CASES}{case.pk}/citations/", {
        "offense": "junkyard_noncompliance", "accrues_until": "2027-06-16",
        "surcharge_event": "trash_violation"})

    assert cited.status_code == 201, cited.json()
    citation = cited.json()["citations"][0]
    assert (citation["accrues_until"], citation["days"], citation["total"]) == (
        "2027-06-16", 3, "300.00")
    assert (citation["surcharge_event"], citation["standing"], citation["forfeiture"]) == (
        "trash_violation", "due", False)
    assert citation["invoice"] == Citation.objects.get().invoice_id
    assert citation["due_on"] is not None
    shown = get(tisbury_officer, f"{CASES}{case.pk}/").json()["citations"][0]
    assert shown["surcharge_event"] == "trash_violation"


@pytest.mark.parametrize(("body", "field"), [
    ({"offense": "junkyard_noncompliance", "surcharge_event": "no_such_event"},
     "surcharge_event"),
    ({"offense": "dumpster", "accrues_until": "2027-06-16"}, "accrues_until"),
    ({"offense": "junkyard_noncompliance", "accrues_until": "2027-06-01"}, "accrues_until"),
    ({"offense": "junkyard_noncompliance", "accrues_until": 20270616}, "accrues_until"),
    ({"offense": "junkyard_noncompliance", "surcharge_event": 3}, "surcharge_event"),
])
def test_a_bad_end_date_or_surcharge_event_is_a_400_naming_it_and_cites_nothing(
        tisbury_officer, resident, body, field):
    case = case_in("tisbury", TISBURY_HEALTH, tisbury_officer, party=resident)

    response = post(tisbury_officer, f"{CASES}{case.pk}/citations/", body)

    assert response.status_code == 400
    assert field in response.json()
    assert not Citation.objects.exists()


# -- who sees which citations ---------------------------------------------------------------


@pytest.fixture
def on_record(resident, other_resident, business, aco, tisbury_officer):
    """The resident's own citation, their business's, another resident's and a Tisbury one."""
    return {
        "own": cite(resident, aco),
        "business": cite(None, tisbury_officer, offense="dumpster", town="tisbury",
                         case_type=TISBURY_HEALTH, business=business),
        "other": cite(other_resident, aco),
        "tisbury": cite(other_resident, tisbury_officer, offense="dumpster", town="tisbury",
                        case_type=TISBURY_HEALTH),
    }


def test_a_resident_sees_their_own_and_their_businesses_citations(resident, on_record):
    listed = ids(get(resident, CITATIONS))

    assert sorted(listed) == sorted([on_record["own"].pk, on_record["business"].pk])
    assert get(resident, f"{CITATIONS}{on_record['business'].pk}/").status_code == 200


def test_another_residents_citation_is_a_404(resident, on_record):
    assert get(resident, f"{CITATIONS}{on_record['other'].pk}/").status_code == 404
    assert on_record["other"].pk not in ids(get(resident, CITATIONS))


def test_staff_see_their_towns_citations_and_another_towns_are_404(clerk, tisbury_clerk,
                                                                    on_record):
    assert sorted(ids(get(clerk, CITATIONS))) == sorted(
        [on_record["own"].pk, on_record["other"].pk])
    assert get(tisbury_clerk, f"{CITATIONS}{on_record['own'].pk}/").status_code == 404
    assert sorted(ids(get(tisbury_clerk, CITATIONS))) == sorted(
        [on_record["business"].pk, on_record["tisbury"].pk])


def test_a_town_administrator_sees_the_towns_citations_to_reclassify_them(tisbury_admin,
                                                                           on_record):
    assert get(tisbury_admin, f"{CITATIONS}{on_record['tisbury'].pk}/").status_code == 200
    assert get(tisbury_admin, f"{CITATIONS}{on_record['own'].pk}/").status_code == 404


def test_signed_out_callers_are_refused_and_odd_ids_are_404(api, clerk, on_record):
    assert api.get(CITATIONS).status_code in (401, 403)
    assert api.get(f"{CITATIONS}{on_record['own'].pk}/").status_code in (401, 403)
    assert get(clerk, f"{CITATIONS}abc/").status_code == 404
    assert get(clerk, f"{CITATIONS}{10**30}/").status_code == 404
    assert post(clerk, f"{CITATIONS}{10**30}/payments/", {}).status_code == 404


def test_a_citation_says_what_it_owes_where_it_stands_and_under_which_sections(resident,
                                                                               on_record):
    citation = on_record["own"]

    item = get(resident, f"{CITATIONS}{citation.pk}/").json()

    assert item["municipality"] == "north_andover"
    assert item["case"] == citation.case_id
    assert item["party"] == {"name": resident.display_name, "person": resident.pk,
                             "business": None}
    assert (item["offense"], item["citation"], item["offense_number"], item["warning"],
            item["forfeiture"], item["per_day"], item["units"]) == (
        "running_at_large", "North Andover Code ch. 60, Restraint A", 1, False, False, False, 1)
    assert (item["amount_per_offense"], item["days"], item["amount"], item["balance"]) == (
        "25.00", 1, "25.00", "25.00")
    assert (item["issued_on"], item["accrues_until"], item["due_on"], item["pay_by"]) == (
        "2027-06-14", None, "2027-07-06", "2027-07-06")
    assert item["window"]["days"] == 21
    assert "Non-criminal disposition" in item["window"]["citation"]
    assert (item["standing"], item["standing_label"]) == ("due", "Due")
    invoice = item["invoice"]
    assert (invoice["id"], invoice["status"], invoice["total"]) == (
        citation.invoice_id, "open", "25.00")
    line = invoice["lines"][0]
    assert (line["code"], line["amount"], line["citation"]) == (
        "running_at_large", "25.00", "North Andover Code ch. 60, Restraint A")
    assert "offense #1" in line["description"]
    assert (item["hearing"], item["court_decision"], item["surcharge_event"],
            item["referral_packet_url"]) == (None, None, "", None)


def test_a_business_citation_names_the_business_as_party(resident, business, on_record):
    item = get(resident, f"{CITATIONS}{on_record['business'].pk}/").json()

    assert item["party"] == {"name": "Harbor Eats LLC", "person": None,
                             "business": business.pk}


# -- filters ------------------------------------------------------------------------------


@pytest.fixture
def every_standing(resident, aco, chief, clerk):
    """One citation of the resident's standing each way on MONDAY."""
    with at(EARLIER):
        referred = cite(resident, aco)
        ordered = cite(resident, aco)
    record_court_decision(citation=ordered, outcome="responsible", decided_on=MONDAY,
                          acting_user=clerk)
    warning = cite(resident, aco, offense="animal_limit")
    accruing = cite(resident, aco, offense="animal_limit")
    due = cite(resident, aco)
    paid = cite(resident, aco)
    record_payment(invoice=paid.invoice, method="cash", reference="R-PAID",
                   amount=paid.invoice.total, acting_user=clerk)
    heard = cite(resident, aco)
    request_hearing(citation=heard, acting_user=resident)
    dismissed = cite(resident, aco)
    request_hearing(citation=dismissed, acting_user=resident)
    held_today(dismissed)
    decide_hearing(citation=dismissed, outcome="dismissed", acting_user=chief)
    return {Standing.REFERRED: referred, Standing.COURT_ORDERED: ordered,
            Standing.WARNING: warning, Standing.ACCRUING: accruing, Standing.DUE: due,
            Standing.PAID: paid, Standing.HEARING: heard, Standing.DISMISSED: dismissed}


@pytest.mark.parametrize("wanted", list(Standing), ids=str)
def test_the_standing_filter_finds_exactly_the_citations_standing_so_today(
        clerk, resident, every_standing, wanted):
    for user in (clerk, resident):
        response = get(user, CITATIONS, data={"standing": wanted.value})

        assert ids(response) == [every_standing[wanted].pk]
        assert response.json()["count"] == 1
        assert response.json()["results"][0]["standing"] == wanted.value


def test_an_unknown_standing_is_a_400_naming_it(clerk):
    response = get(clerk, CITATIONS, data={"standing": "overdue"})

    assert response.status_code == 400
    assert "standing" in response.json()


def test_the_municipality_filter_keeps_one_town_and_an_unknown_town_is_a_400(resident,
                                                                            on_record):
    assert ids(get(resident, CITATIONS, data={"municipality": "tisbury"})) == [
        on_record["business"].pk]
    unknown = get(resident, CITATIONS, data={"municipality": "nowhere"})

    assert unknown.status_code == 400 and "municipality" in unknown.json()


def test_staff_filter_by_person_and_a_resident_may_not(clerk, resident, other_resident,
                                                       on_record):
    assert ids(get(clerk, CITATIONS, data={"person": other_resident.pk})) == [
        on_record["other"].pk]
    assert get(resident, CITATIONS, data={"person": resident.pk}).status_code == 403
    malformed = get(clerk, CITATIONS, data={"person": "abc"})
    assert malformed.status_code == 400 and "person" in malformed.json()


def test_a_business_filter_for_staff_and_for_the_businesss_own_members(
        tisbury_clerk, resident, other_resident, business, on_record):
    wanted = {"business": business.pk}

    assert ids(get(tisbury_clerk, CITATIONS, data=wanted)) == [on_record["business"].pk]
    assert ids(get(resident, CITATIONS, data=wanted)) == [on_record["business"].pk]
    assert get(other_resident, CITATIONS, data=wanted).status_code == 403
    malformed = get(resident, CITATIONS, data={"business": "1.5"})
    assert malformed.status_code == 400 and "business" in malformed.json()


def test_the_list_is_paged_with_the_projects_ceiling(clerk, resident, aco):
    for _ in range(3):
        cite(resident, aco)

    page = get(clerk, CITATIONS, data={"limit": 2}).json()
    huge = get(clerk, CITATIONS, data={"limit": 10**12})

    assert (page["count"], len(page["results"])) == (3, 2)
    assert page["next"] is not None
    assert huge.status_code == 200 and len(huge.json()["results"]) == 3


# -- a fixed number of queries ------------------------------------------------------------


def many_citations(count, resident, aco, chief, clerk):
    """Citations with every kind of answer, so each row reads all its related records."""
    made = []
    for n in range(count):
        citation = cite(resident, aco)
        if n % 3 == 0:
            record_payment(invoice=citation.invoice, method="cash", reference=f"R-{n}",
                           amount=citation.invoice.total, acting_user=clerk)
        elif n % 3 == 1:
            request_hearing(citation=citation, acting_user=resident)
            held_today(citation)
            decide_hearing(citation=citation, outcome="upheld", acting_user=chief)
        made.append(citation)
    return made


@pytest.mark.parametrize("rows", [2, 10])
@pytest.mark.parametrize("query", [{}, {"standing": "paid"}, {"municipality": "north_andover"}])
def test_the_list_costs_the_same_queries_at_2_and_10_rows(
        django_assert_max_num_queries, rows, query, resident, aco, chief, clerk):
    many_citations(rows, resident, aco, chief, clerk)

    for user in (clerk, resident):
        client = client_for(User.objects.get(pk=user.pk))
        with django_assert_max_num_queries(LIST_QUERY_CAP):
            response = client.get(CITATIONS, data=query)
        assert response.status_code == 200
    assert response.json()["count"] == (rows if not query.get("standing")
                                        else (rows + 2) // 3)


# -- asking for a hearing ----------------------------------------------------------------


def test_the_party_asks_for_a_hearing_within_the_window(resident, on_record):
    citation = on_record["own"]

    response = post(resident, f"{CITATIONS}{citation.pk}/hearing-request/")

    assert response.status_code == 201, response.json()
    item = response.json()
    assert item["standing"] == "hearing"
    assert item["hearing"] == {"requested_on": "2027-06-14", "hearing_date": None,
                               "hearing_time": None, "location": "",
                               "decided_on": None, "outcome": None, "reduced_to": None,
                               "pay_by": None, "note": ""}


def test_case_staff_ask_for_a_hearing_for_the_party(aco, on_record):
    response = post(aco, f"{CITATIONS}{on_record['own'].pk}/hearing-request/")

    assert response.status_code == 201
    assert CitationHearing.objects.get().requested_by == aco


def test_a_hearing_asked_after_the_window_is_a_400_naming_the_date_and_section(resident,
                                                                               aco):
    warning = cite(resident, aco, offense="animal_limit")
    with at(AFTER_WINDOW):
        response = post(resident, f"{CITATIONS}{warning.pk}/hearing-request/")

    assert response.status_code == 400
    message = response.json()["citation"][0]
    assert "July 6, 2027" in message
    assert "North Andover Code ch. 60, Non-criminal disposition A, B" in message
    assert not CitationHearing.objects.exists()


def test_a_fine_unanswered_in_its_window_is_referred_and_takes_no_hearing(resident,
                                                                         on_record):
    with at(AFTER_WINDOW):
        response = post(resident, f"{CITATIONS}{on_record['own'].pk}/hearing-request/")

    assert response.status_code == 400
    assert "Non-criminal disposition A, B" in response.json()["citation"][0]
    assert not CitationHearing.objects.exists()


def test_a_hearing_is_asked_for_once(resident, on_record):
    url = f"{CITATIONS}{on_record['own'].pk}/hearing-request/"
    post(resident, url)

    again = post(resident, url)

    assert again.status_code == 400 and "non_field_errors" in again.json()
    assert CitationHearing.objects.count() == 1


def test_who_may_not_ask_for_a_hearing(other_resident, board_member, tisbury_clerk,
                                       on_record):
    url = f"{CITATIONS}{on_record['own'].pk}/hearing-request/"

    assert post(other_resident, url).status_code == 404
    assert post(tisbury_clerk, url).status_code == 404
    assert post(board_member, url).status_code == 403
    assert not CitationHearing.objects.exists()


def test_a_hearing_request_with_a_body_it_does_not_take_is_a_400(resident, on_record):
    response = post(resident, f"{CITATIONS}{on_record['own'].pk}/hearing-request/",
                    {"reason": "I was away"})

    assert response.status_code == 400 and "reason" in response.json()
    assert not CitationHearing.objects.exists()


# -- deciding a hearing -------------------------------------------------------------------


@pytest.fixture
def in_hearing(resident, aco):
    citation = cite(resident, aco)
    request_hearing(citation=citation, acting_user=resident)
    return held_today(citation)


def test_the_hearing_authority_upholds_and_a_new_window_runs(chief, in_hearing):
    with at(dt.date(2027, 6, 21)):
        response = post(chief, f"{CITATIONS}{in_hearing.pk}/hearing-decision/",
                        {"outcome": "upheld", "note": "Seen by two officers."})

    assert response.status_code == 200, response.json()
    item = response.json()
    assert (item["standing"], item["hearing"]["outcome"], item["hearing"]["decided_on"]) == (
        "due", "upheld", "2027-06-21")
    assert item["pay_by"] == item["hearing"]["pay_by"] == "2027-07-12"
    assert item["hearing"]["note"] == "Seen by two officers."


def test_a_reduced_citation_owes_the_reduced_amount(chief, in_hearing):
    response = post(chief, f"{CITATIONS}{in_hearing.pk}/hearing-decision/",
                    {"outcome": "reduced", "reduced_to": "10.00"})

    item = response.json()
    assert response.status_code == 200
    assert (item["hearing"]["reduced_to"], item["amount"], item["balance"]) == (
        "10.00", "10.00", "10.00")
    assert [line["code"] for line in item["invoice"]["lines"]] == [
        "running_at_large", "hearing_reduction"]


@pytest.mark.parametrize("reduced_to", ["30.00", "25.00", "0.00", None])
def test_a_reduction_not_below_the_total_is_a_400_naming_it_and_changes_nothing(
        chief, in_hearing, reduced_to):
    before = unchanged(in_hearing)

    response = post(chief, f"{CITATIONS}{in_hearing.pk}/hearing-decision/",
                    {"outcome": "reduced", "reduced_to": reduced_to})

    assert response.status_code == 400
    assert "reduced_to" in response.json()
    assert unchanged(in_hearing) == before
    assert CitationHearing.objects.get().decided_on is None


def test_a_resident_or_a_clerk_trying_to_decide_is_refused_with_403(resident, clerk,
                                                                     in_hearing):
    url = f"{CITATIONS}{in_hearing.pk}/hearing-decision/"

    assert post(resident, url, {"outcome": "dismissed"}).status_code == 403
    assert post(clerk, url, {"outcome": "dismissed"}).status_code == 403
    assert CitationHearing.objects.get().decided_on is None


def test_another_towns_hearing_authority_gets_a_404(in_hearing):
    tisbury_board = staff(Role.BOARD_MEMBER, "tisbury")

    response = post(tisbury_board, f"{CITATIONS}{in_hearing.pk}/hearing-decision/",
                    {"outcome": "dismissed"})

    assert response.status_code == 404


@pytest.mark.parametrize(("body", "field"), [
    ({"outcome": "quashed"}, "outcome"),
    ({"outcome": 1}, "outcome"),
    ({}, "outcome"),
    ({"outcome": "reduced", "reduced_to": True}, "reduced_to"),
    ({"outcome": "reduced", "reduced_to": "ten"}, "reduced_to"),
    ({"outcome": "upheld", "note": 5}, "note"),
    ({"outcome": "upheld", "decided_on": "2027-06-14"}, "decided_on"),
    (["upheld"], "non_field_errors"),
])
def test_a_wrongly_typed_decision_is_a_400_naming_the_field(chief, in_hearing, body, field):
    response = post(chief, f"{CITATIONS}{in_hearing.pk}/hearing-decision/", body)

    assert response.status_code == 400
    assert field in response.json()


@pytest.mark.parametrize("body", [b"{not json", b'{"outcome": NaN}', b"[" * 5000, b"\xff"])
def test_a_malformed_body_is_a_400_never_a_500(chief, in_hearing, body):
    response = client_for(chief).generic(
        "POST", f"{CITATIONS}{in_hearing.pk}/hearing-decision/", body,
        content_type="application/json")

    assert response.status_code == 400


def test_deciding_a_citation_without_a_hearing_is_a_400(chief, on_record):
    response = post(chief, f"{CITATIONS}{on_record['own'].pk}/hearing-decision/",
                    {"outcome": "upheld"})

    assert response.status_code == 400 and "non_field_errors" in response.json()


# -- the court's decision -----------------------------------------------------------------


def test_a_forfeiture_found_responsible_is_invoiced_at_the_courts_amount(
        resident, tisbury_officer, tisbury_clerk):
    citation = forfeiture(resident, tisbury_officer, accrues_until=dt.date(2027, 6, 16))
    before = get(resident, f"{CITATIONS}{citation.pk}/").json()
    assert (before["standing"], before["invoice"], before["forfeiture"]) == (
        "referred", None, True)

    with at(dt.date(2027, 6, 28)):
        response = post(tisbury_clerk, f"{CITATIONS}{citation.pk}/court-decision/", {
            "outcome": "responsible", "decided_on": "2027-06-25",
            "amount_per_offense": "200.00", "note": "Docket 27-114"})

    assert response.status_code == 201, response.json()
    item = response.json()
    assert item["court_decision"] == {"decided_on": "2027-06-25", "outcome": "responsible",
                                      "amount_per_offense": "200.00", "note": "Docket 27-114"}
    assert (item["standing"], item["invoice"]["status"], item["invoice"]["total"]) == (
        "court_ordered", "open", "600.00")
    assert item["balance"] == "600.00"


def test_the_board_records_a_court_decision_and_a_responsible_party_then_pays(
        resident, tisbury_officer, tisbury_clerk):
    board = staff(Role.BOARD_MEMBER, "tisbury")
    citation = forfeiture(resident, tisbury_officer)
    post(board, f"{CITATIONS}{citation.pk}/court-decision/",
         {"outcome": "responsible", "decided_on": "2027-06-14"})

    paid = post(tisbury_clerk, f"{CITATIONS}{citation.pk}/payments/",
                {"method": "check", "reference": "CHK-88", "amount": "100.00"})

    assert paid.status_code == 201, paid.json()
    assert get(resident, f"{CITATIONS}{citation.pk}/").json()["standing"] == "paid"


def test_not_responsible_in_court_dismisses_the_referred_citation(clerk, resident, aco):
    with at(EARLIER):
        citation = cite(resident, aco)

    response = post(clerk, f"{CITATIONS}{citation.pk}/court-decision/",
                    {"outcome": "not_responsible", "decided_on": "2027-06-10"})

    assert response.status_code == 201
    assert (response.json()["standing"], response.json()["invoice"]["status"]) == (
        "dismissed", "void")


@pytest.mark.parametrize(("body", "field"), [
    ({"outcome": "responsible", "decided_on": "2027-06-15"}, "decided_on"),
    ({"outcome": "responsible", "decided_on": "2027-06-31"}, "decided_on"),
    ({"outcome": "guilty", "decided_on": "2027-06-14"}, "outcome"),
    ({"outcome": "responsible"}, "decided_on"),
    ({"outcome": "responsible", "decided_on": "2027-06-14", "amount_per_offense": "900.00"},
     "amount_per_offense"),
    ({"outcome": "responsible", "decided_on": "2027-06-14", "amount_per_offense": [1]},
     "amount_per_offense"),
])
def test_a_bad_court_decision_is_a_400_naming_the_field_and_changes_nothing(
        resident, tisbury_officer, tisbury_clerk, body, field):
    citation = forfeiture(resident, tisbury_officer)

    response = post(tisbury_clerk, f"{CITATIONS}{citation.pk}/court-decision/", body)

    assert response.status_code == 400
    assert field in response.json()
    assert unchanged(citation) == (0, 0, 0, 0, 0)
    assert Citation.objects.get(pk=citation.pk).invoice_id is None


def test_a_court_decision_on_a_citation_not_referred_is_a_400(clerk, on_record):
    response = post(clerk, f"{CITATIONS}{on_record['own'].pk}/court-decision/",
                    {"outcome": "responsible", "decided_on": "2027-06-14"})

    assert response.status_code == 400
    assert not CourtDecision.objects.exists()


def test_the_party_and_case_staff_may_not_record_a_court_decision(resident, tisbury_officer):
    citation = forfeiture(resident, tisbury_officer)
    body = {"outcome": "not_responsible", "decided_on": "2027-06-14"}

    assert post(resident, f"{CITATIONS}{citation.pk}/court-decision/", body).status_code == 403
    assert post(tisbury_officer, f"{CITATIONS}{citation.pk}/court-decision/",
                body).status_code == 403
    assert not CourtDecision.objects.exists()


# -- payments ------------------------------------------------------------------------------


def test_the_clerk_records_a_payment_and_the_same_receipt_again_returns_it(clerk, resident,
                                                                           on_record):
    citation = on_record["own"]
    url = f"{CITATIONS}{citation.pk}/payments/"
    body = {"method": "cash", "reference": "R-100", "amount": "25.00"}

    first = post(clerk, url, body)
    again = post(clerk, url, body)

    assert first.status_code == 201, first.json()
    assert (first.json()["invoice"], first.json()["amount"], first.json()["invoice_status"]) == (
        citation.invoice_id, "25.00", "paid")
    assert again.status_code == 200 and again.json()["id"] == first.json()["id"]
    assert Payment.objects.count() == 1
    assert get(resident, f"{CITATIONS}{citation.pk}/").json()["standing"] == "paid"


def test_a_reference_used_for_another_amount_is_a_400_naming_it(clerk, on_record):
    url = f"{CITATIONS}{on_record['own'].pk}/payments/"
    post(clerk, url, {"method": "cash", "reference": "R-100", "amount": "10.00"})

    response = post(clerk, url, {"method": "cash", "reference": "R-100", "amount": "15.00"})

    assert response.status_code == 400 and "reference" in response.json()
    assert Payment.objects.count() == 1


def test_the_invoices_endpoint_and_the_citation_share_one_receipt_book(clerk, on_record):
    """A receipt recorded through ``POST /payments/`` is the same receipt here."""
    citation = on_record["own"]
    body = {"method": "cash", "reference": "R-7", "amount": "25.00"}
    first = post(clerk, "/api/v1/payments/", {**body, "invoice": citation.invoice_id})

    again = post(clerk, f"{CITATIONS}{citation.pk}/payments/", body)

    assert (first.status_code, again.status_code) == (201, 200)
    assert again.json()["id"] == first.json()["id"]


def test_a_referred_citation_cannot_be_paid_and_the_refusal_names_the_invoice(clerk, resident,
                                                                             aco):
    with at(EARLIER):
        citation = cite(resident, aco)

    response = post(clerk, f"{CITATIONS}{citation.pk}/payments/",
                    {"method": "cash", "reference": "R-1", "amount": "25.00"})

    assert response.status_code == 400
    assert "referred" in response.json()["invoice"][0]
    assert not Payment.objects.exists()
    assert Citation.objects.get(pk=citation.pk).invoice.status == InvoiceStatus.OPEN


def test_a_citation_in_hearing_or_without_an_invoice_cannot_be_paid(clerk, resident, aco,
                                                                    in_hearing):
    warning = cite(resident, aco, offense="animal_limit")
    body = {"method": "cash", "reference": "R-1", "amount": "25.00"}

    heard = post(clerk, f"{CITATIONS}{in_hearing.pk}/payments/", body)
    warned = post(clerk, f"{CITATIONS}{warning.pk}/payments/", body)

    assert heard.status_code == 400 and "invoice" in heard.json()
    assert warned.status_code == 400 and "invoice" in warned.json()
    assert not Payment.objects.exists()


def test_only_the_towns_clerk_records_payments(resident, aco, tisbury_clerk, on_record):
    url = f"{CITATIONS}{on_record['own'].pk}/payments/"
    body = {"method": "cash", "reference": "R-1", "amount": "25.00"}

    assert post(resident, url, body).status_code == 403
    assert post(aco, url, body).status_code == 403
    assert post(tisbury_clerk, url, body).status_code == 404
    assert not Payment.objects.exists()


@pytest.mark.parametrize(("body", "field"), [
    ({"method": "barter", "reference": "R-1", "amount": "25.00"}, "method"),
    ({"method": "cash", "reference": "R-1", "amount": "abc"}, "amount"),
    ({"method": "cash", "reference": "R-1", "amount": "0.00"}, "amount"),
    ({"method": "cash", "reference": "R-1", "amount": "30.00"}, "amount"),
    ({"method": "cash", "reference": 12, "amount": "25.00"}, "reference"),
    ({"method": "cash", "reference": "  ", "amount": "25.00"}, "reference"),
    ({"method": "cash", "amount": "25.00"}, "reference"),
    ({"method": "cash", "reference": "R-1", "amount": "25.00", "invoice": 1}, "invoice"),
])
def test_a_bad_payment_is_a_400_naming_the_field(clerk, on_record, body, field):
    response = post(clerk, f"{CITATIONS}{on_record['own'].pk}/payments/", body)

    assert response.status_code == 400
    assert field in response.json()
    assert not Payment.objects.exists()


# -- surcharge events ----------------------------------------------------------------------


def test_an_administrator_reclassifies_the_surcharge_event(tisbury_admin, resident,
                                                          tisbury_officer):
    citation = cite(resident, tisbury_officer, offense="dumpster", town="tisbury",
                    case_type=TISBURY_HEALTH, surcharge_event="trash_violation")

    response = post(tisbury_admin, f"{CITATIONS}{citation.pk}/surcharge-event/",
                    {"event": "citation_noncritical", "reason": "Not a trash matter."})

    assert response.status_code == 200, response.json()
    assert response.json()["surcharge_event"] == "citation_noncritical"


@pytest.mark.parametrize(("body", "field"), [
    ({"event": "no_such_event", "reason": "Typo"}, "event"),
    ({"event": "trash_violation", "reason": "Same"}, "event"),
    ({"event": "smoking_violation", "reason": "   "}, "reason"),
    ({"event": "smoking_violation"}, "reason"),
    ({"event": None, "reason": "x"}, "event"),
])
def test_a_bad_reclassification_is_a_400_naming_the_field(tisbury_admin, resident,
                                                          tisbury_officer, body, field):
    citation = cite(resident, tisbury_officer, offense="dumpster", town="tisbury",
                    case_type=TISBURY_HEALTH, surcharge_event="trash_violation")

    response = post(tisbury_admin, f"{CITATIONS}{citation.pk}/surcharge-event/", body)

    assert response.status_code == 400
    assert field in response.json()
    assert citation.surcharge_classifications.count() == 1


def test_only_an_administrator_of_the_town_reclassifies(tisbury_clerk, town_admin, resident,
                                                         tisbury_officer):
    citation = cite(resident, tisbury_officer, offense="dumpster", town="tisbury",
                    case_type=TISBURY_HEALTH)
    url = f"{CITATIONS}{citation.pk}/surcharge-event/"
    body = {"event": "trash_violation", "reason": "Trash"}

    assert post(tisbury_clerk, url, body).status_code == 403
    assert post(resident, url, body).status_code == 403
    assert post(town_admin, url, body).status_code == 404
    assert not citation.surcharge_classifications.exists()


# -- the court referral packet -----------------------------------------------------------------


def test_staff_download_the_referral_packet_of_a_referred_citation(clerk, resident, aco):
    with at(EARLIER):
        citation = cite(resident, aco)
    item = get(clerk, f"{CITATIONS}{citation.pk}/").json()

    response = get(clerk, item["referral_packet_url"])

    assert item["standing"] == "referred"
    assert item["referral_packet_url"] == f"{CITATIONS}{citation.pk}/referral-packet/"
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert b"".join(response.streaming_content).startswith(b"%PDF")


def test_the_packet_is_for_staff_and_only_once_referred(clerk, resident, tisbury_clerk, aco,
                                                        on_record):
    with at(EARLIER):
        referred = cite(resident, aco)
    packet = f"{CITATIONS}{referred.pk}/referral-packet/"

    assert get(resident, packet).status_code == 403
    assert get(resident, f"{CITATIONS}{referred.pk}/").json()["referral_packet_url"] is None
    assert get(tisbury_clerk, packet).status_code == 404
    assert get(clerk, f"{CITATIONS}{on_record['own'].pk}/referral-packet/").status_code == 404


# -- the schema ------------------------------------------------------------------------------


def test_the_citation_endpoints_are_in_the_schema(api):
    paths = api.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()[
        "paths"]

    for suffix in ("", "{id}/", "{id}/hearing-request/", "{id}/hearing-decision/",
                   "{id}/court-decision/", "{id}/payments/", "{id}/surcharge-event/",
                   "{id}/referral-packet/"):
        assert f"{CITATIONS}{suffix}" in paths
