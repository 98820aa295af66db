"""Dumpster, dumpster contractor, temporary dumpster (Tisbury BOH Reg 09.2.5), septage handler
(09.1.4) and stable license (09.7.2): each declared with its own holder, place, fields,
documents, gates and term, and carried through the API from application to a verified PDF."""

from __future__ import annotations

import datetime as dt

import pytest
from rest_framework.test import APIClient

from permits_site.exceptions import InvalidTransition
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import Application, Permit
from permits_site.licensing.services.applications import blockers
from permits_site.licensing.services.hearings import schedule_hearing
from permits_site.licensing.services.variances import request_variance
from permits_site.parties.services import create_business, find_or_create_property
from tests.factories import Role, UserFactory, municipality, staff
from tests.tisbury.support import (
    SAMPLE,
    TODAY,
    WRITTEN_WAIVER,
    accepted_documents,
    client_for,
    pdf_text,
)
from tests.tisbury.test_every_permit_type import DUMPSTER_VISIT, passed_inspection

pytestmark = pytest.mark.django_db
DEC_31 = dt.date(2030, 12, 31)
CALENDAR_YEAR = "Valid through December 31 of the year issued"
TEMPORARY_TERM = "From the start date for up to 30 days; a renewal adds up to 30 more"
TEMPORARY_SECTION = "Tisbury BOH Reg 09.2.5(3)"
INSURANCE_SECTION = "Tisbury BOH Reg 09.1.4"

DUMPSTER_ANSWERS = {"location_on_lot": "Behind the kitchen door", "sticker_number": "T-0412"}
CONTRACTOR_ANSWERS = {"dumpsters": ["T-0412 / 10 cubic yards / 5 Main Street",
                                    "T-0413 / 20 cubic yards / 9 Beach Road"]}
TEMPORARY_ANSWERS = {"start_date": "2030-06-05", "end_date": "2030-07-05"}
SEPTAGE_ANSWERS = {"vehicles": ["International 4300, MA plate 1234-AB",
                                "Mack Granite, MA plate 5678-CD"]}
STABLE_ANSWERS = {"horses": 6}



@pytest.fixture
def owner(db):
    return UserFactory(username="wes", first_name="Wes", last_name="Waste")




def records(owner) -> dict[str, int]:
    """The owner's lot and business, as reference fields name them."""
    place, _ = find_or_create_property(municipality=municipality("tisbury"),
                                       address="12 Beach Road", acting_user=owner)
    business = create_business(legal_name="Island Hauling LLC", kind="llc",
                               mailing_address="1 Main Street", acting_user=owner)
    return {"property": place.pk, "business": business.pk}


#: code → (holder, about, the references its application names, its answers, documents,
#: gates, term, the PDF rows it prints).
TYPES = {
    "tisbury.dumpster": (
        "person_or_business", "about_property", ("property",), DUMPSTER_ANSWERS, (),
        ["inspection_passed", "hearing_decided", "board_signatures", "fee_paid"], CALENDAR_YEAR,
        ("Where the dumpster stands on the lot Behind the kitchen door",
         "Dumpster sticker number T-0412")),
    "tisbury.dumpster_contractor": (
        "business", "about_business", ("business",), CONTRACTOR_ANSWERS, (),
        ["hearing_decided", "board_signatures", "fee_paid"], CALENDAR_YEAR,
        ("Dumpsters supplied in Tisbury T-0412 / 10 cubic yards / 5 Main Street, "
         "T-0413 / 20 cubic yards / 9 Beach Road",)),
    "tisbury.temporary_dumpster": (
        "person_or_business", "about_property", ("property",), TEMPORARY_ANSWERS, (),
        ["rules_met", "hearing_decided", "board_signatures", "fee_paid"], TEMPORARY_TERM,
        ("Permit period start date June 5, 2030", "Permit period end date July 5, 2030",
         "June 5, 2030 through July 5, 2030")),
    "tisbury.septage_handler": (
        "business", "about_business", ("business",), SEPTAGE_ANSWERS, ("liability_insurance",),
        ["documents_accepted", "hearing_decided", "board_signatures", "fee_paid"], CALENDAR_YEAR,
        ("Septage hauling vehicles International 4300, MA plate 1234-AB, "
         "Mack Granite, MA plate 5678-CD",)),
    "tisbury.stable": (
        "person", "about_property", ("property",), STABLE_ANSWERS, (),
        ["hearing_decided", "board_signatures", "fee_paid"], CALENDAR_YEAR,
        ("How many horses will be kept? 6 horses",)),
}


def start(owner, code: str, *, action: str = "new", **extra) -> dict:
    _, _, references, answers, *_ = TYPES[code]
    named = records(owner)
    details = {**{name: named[name] for name in references}, **answers, **extra}
    return client_for(owner).post("/api/v1/applications/", {
        "permit_type": code, "action": action, "details": details}, format="json")


def carried_to_issue(owner, clerk, pk: int, documents=()) -> Permit:
    """Documents accepted, submitted, paid, approved and issued — each step through the API."""
    resident, office = client_for(owner), client_for(clerk)
    accepted_documents(resident, office, pk, documents)
    submitted = resident.post(f"/api/v1/applications/{pk}/submit/")
    assert submitted.status_code == 200, submitted.content
    invoice = submitted.json()["invoice"]
    paid = office.post("/api/v1/payments/", {"invoice": invoice["id"], "method": "check",
                                             "reference": f"CHK-{pk}",
                                             "amount": invoice["total"]}, format="json")
    assert paid.status_code == 201, paid.content
    kind = kind_for(Application.objects.get(pk=pk).permit_type.code)
    if kind.inspected:  # the dumpster's site visit approves its location (09.2.3(1))
        passed_inspection(office, staff(Role.INSPECTOR, "tisbury"), pk, kind.inspection_check,
                          DUMPSTER_VISIT)
    approved = office.post(f"/api/v1/applications/{pk}/review/", {"decision": "approve"},
                           format="json")
    assert approved.json()["status"] == "approved", approved.content
    issued = office.post("/api/v1/permits/", {"application": pk}, format="json")
    assert issued.status_code == 201, issued.content
    return Permit.objects.get(pk=issued.json()["id"])



# -- the declarations ----------------------------------------------------------------------


@pytest.mark.parametrize("code", TYPES)
def test_each_type_declares_its_holder_place_fields_documents_gates_and_term(api, code):
    holder, about, references, answers, documents, gates, term, _ = TYPES[code]

    described = api.get(f"/api/v1/permit-types/{code}/").json()

    assert described["holder"] == holder
    assert f"about_{described['about']}" == about
    business = [] if holder == "person" else ["business"]
    place = ["property"] if about == "about_property" else []
    assert [field["name"] for field in described["fields"]] == [
        *business, *place, "permit", *answers]
    assert [document["kind"] for document in described["documents"]] == list(documents)
    assert described["gates"] == gates
    assert described["term"] == term


def test_the_list_fields_and_the_horses_are_declared_as_such(api):
    def field(code, name):
        described = api.get(f"/api/v1/permit-types/{code}/").json()
        return next(field for field in described["fields"] if field["name"] == name)

    assert field("tisbury.dumpster_contractor", "dumpsters")["type"] == "list"
    assert field("tisbury.septage_handler", "vehicles")["type"] == "list"
    horses = field("tisbury.stable", "horses")
    assert (horses["type"], horses["minimum"]) == ("integer", 5)
    assert "09.7.2" in horses["help"]
    insurance = api.get("/api/v1/permit-types/tisbury.septage_handler/").json()["documents"]
    assert insurance == [{"kind": "liability_insurance", "required": True, "may_follow": True,
                          "label": "Certificate of liability insurance",
                          "section": INSURANCE_SECTION}]


# -- from application to a verified permit -------------------------------------------------


@pytest.mark.parametrize("code", TYPES)
def test_each_type_goes_from_application_to_a_verified_permit_with_its_rows(owner, clerk, code):
    holder, about, _, _, documents, _, _, rows = TYPES[code]
    created = start(owner, code)
    assert created.status_code == 201, created.content

    permit = carried_to_issue(owner, clerk, created.json()["id"], documents)

    verified = APIClient().get(f"/api/v1/verify/{permit.verification_token}/")
    assert verified.status_code == 200
    assert verified.json()["status"] == "active"
    assert verified.json()["permit_type"] == code
    assert (permit.holder_business is not None) == (holder == "business")
    assert permit.place_address.startswith("12 Beach Road") == (about == "about_property")
    if code == "tisbury.temporary_dumpster":
        assert (permit.valid_from, permit.valid_through) == (dt.date(2030, 6, 5),
                                                            dt.date(2030, 7, 5))
    else:
        assert (permit.valid_from, permit.valid_through) == (TODAY, DEC_31)
    text = pdf_text(permit)
    for row in rows:
        assert row in text


# -- the temporary dumpster: thirty days, renewed by thirty more (09.2.5(3)) ----------------


def test_a_31_day_temporary_dumpster_is_held_by_the_duration_rule_citing_the_section(
    owner, clerk
):
    """The period fails ``ti.2.5.3.duration``: the draft is kept (a Board waiver under 09.0.3
    could allow it) but it cannot be approved while the rule fails."""
    created = start(owner, "tisbury.temporary_dumpster", end_date="2030-07-06")
    assert created.status_code == 201, created.content
    pk = created.json()["id"]

    [blocker] = created.json()["blockers"]
    assert (blocker["code"], blocker["gate"]) == ("ti.2.5.3.duration", "rules_met")
    assert TEMPORARY_SECTION in str(blocker)
    [finding] = created.json()["findings"]
    assert (finding["outcome"], finding["required"], finding["actual"]) == ("fail", 30, 31)
    client_for(owner).post(f"/api/v1/applications/{pk}/submit/")
    refused = client_for(clerk).post(f"/api/v1/applications/{pk}/review/",
                                     {"decision": "approve"}, format="json")
    assert refused.status_code == 400, refused.content
    assert TEMPORARY_SECTION in str(refused.json())
    assert not Permit.objects.exists()


def test_the_board_may_hear_a_waiver_asked_before_deciding_it(owner, clerk):
    """09.0.3: a waiver is granted "after consideration, or after public hearing and
    consideration": a hearing is offered once a waiver is asked, not before."""
    created = start(owner, "tisbury.temporary_dumpster", end_date="2030-07-06")
    client_for(owner).post(f"/api/v1/applications/{created.json()['id']}/submit/")
    application = Application.objects.get(pk=created.json()["id"])
    hearing = {"hearing_date": dt.date(2030, 6, 13), "notices_mailed_on": dt.date(2030, 6, 3),
               "location": "Town Hall, 7 pm", "acting_user": clerk,
               "abutters": [{"name": "Ann Abbot", "mailing_address": "3 Beach Road"}]}

    with pytest.raises(InvalidTransition) as refused:
        schedule_hearing(application=application, **hearing)
    assert "(Tisbury BOH Reg 09.0.3)" in refused.value.errors["hearing_date"][0]

    request_variance(application=application, rule_ids=["ti.2.5.3.duration"],
                     request_text="The roof work runs a day over.", acting_user=clerk,
                     **WRITTEN_WAIVER)
    scheduled = schedule_hearing(application=application, **hearing)

    assert scheduled.application == application
    assert "hearing.undecided" in {blocker.code for blocker in blockers(application)}


@pytest.fixture
def current_temporary(owner, clerk) -> Permit:
    created = start(owner, "tisbury.temporary_dumpster")
    return carried_to_issue(owner, clerk, created.json()["id"])


def renew(owner, permit: Permit, **period):
    return start(owner, "tisbury.temporary_dumpster", action="renewal", permit=permit.pk,
                 **period)


def test_a_renewal_adds_thirty_days_to_the_current_end_and_prints_its_period(
    owner, clerk, current_temporary
):
    """A renewal "adds at most 30 more days from the end of the current period" (spec
    ``lifecycle.md``, Tisbury corrections; it wins over the town file's "judged the same
    way"): the permit of June 5 to July 5 is renewed from July 6 to August 4."""
    response = renew(owner, current_temporary, start_date="2030-07-06", end_date="2030-08-04")
    assert response.status_code == 201, response.content
    assert response.json()["findings"][0]["outcome"] == "pass"

    renewed = carried_to_issue(owner, clerk, response.json()["id"])

    assert (renewed.valid_from, renewed.valid_through) == (dt.date(2030, 7, 6),
                                                          dt.date(2030, 8, 4))
    current_temporary.refresh_from_db()
    # Issued before July 6, the renewal leaves the current permit in force through July 5.
    assert (current_temporary.status, current_temporary.superseded_by) == ("active", renewed)
    text = pdf_text(renewed)
    assert "July 6, 2030 through August 4, 2030" in text
    assert "July 6 to August 4: 29 days" in text


@pytest.mark.parametrize("end_date", ["2030-08-03", "2030-08-04"])
def test_a_renewal_may_end_up_to_thirty_days_after_the_current_end(owner, current_temporary,
                                                                   end_date):
    """The day before and the day of the renewal's last day (July 5 + 30 = August 4)."""
    response = renew(owner, current_temporary, start_date="2030-07-06", end_date=end_date)

    assert response.status_code == 201, response.content
    assert Application.objects.count() == 2


def test_a_renewal_beyond_thirty_days_after_the_current_end_is_refused(owner,
                                                                      current_temporary):
    """The day after the renewal's last day is refused, naming that last day."""
    response = renew(owner, current_temporary, start_date="2030-07-06", end_date="2030-08-05")

    assert response.status_code == 400
    errors = response.json()["details"]
    assert set(errors) == {"end_date"}
    assert TEMPORARY_SECTION in errors["end_date"][0]
    assert "August 4, 2030" in errors["end_date"][0]
    assert Application.objects.count() == 1


def test_a_renewal_continues_the_current_permit_from_the_day_after_it_ends(
    owner, current_temporary
):
    response = renew(owner, current_temporary, start_date="2030-07-20", end_date="2030-08-01")

    assert response.status_code == 400
    errors = response.json()["details"]
    assert set(errors) == {"start_date"}
    assert "July 6, 2030" in errors["start_date"][0]


def test_a_permit_already_renewed_is_not_renewed_again(owner, clerk, current_temporary):
    first = renew(owner, current_temporary, start_date="2030-07-06", end_date="2030-08-04")
    carried_to_issue(owner, clerk, first.json()["id"])

    again = renew(owner, current_temporary, start_date="2030-07-06", end_date="2030-08-04")

    assert again.status_code == 400
    assert set(again.json()["details"]) == {"permit"}
    renewal = Permit.objects.get(application_id=first.json()["id"])
    assert (f"Permit {current_temporary.number} is already renewed by {renewal.number}: "
            "renew that one") in again.json()["details"]["permit"][0]


# -- the septage handler waits on its insurance (09.1.4) ------------------------------------


def test_the_septage_handler_is_held_until_its_insurance_is_accepted(owner, clerk):
    resident, office = client_for(owner), client_for(clerk)
    pk = start(owner, "tisbury.septage_handler").json()["id"]
    submitted = resident.post(f"/api/v1/applications/{pk}/submit/").json()
    invoice = submitted["invoice"]
    office.post("/api/v1/payments/", {"invoice": invoice["id"], "method": "cash",
                                      "reference": "R-1", "amount": invoice["total"]},
                format="json")

    [blocker] = client_for(owner).get(f"/api/v1/applications/{pk}/").json()["blockers"]
    assert blocker["gate"] == "documents_accepted"
    assert INSURANCE_SECTION in str(blocker)
    refused = office.post(f"/api/v1/applications/{pk}/review/", {"decision": "approve"},
                          format="json")
    assert refused.status_code == 400, refused.content
    assert INSURANCE_SECTION in str(refused.json())
    assert not Permit.objects.exists()

    with open(SAMPLE, "rb") as sample:
        uploaded = resident.post(f"/api/v1/applications/{pk}/documents/",
                                 {"kind": "liability_insurance", "file": sample},
                                 format="multipart")
    office.post(f"/api/v1/documents/{uploaded.json()['id']}/review/", {"accepted": True},
                format="json")

    assert client_for(owner).get(f"/api/v1/applications/{pk}/").json()["blockers"] == []
    approved = office.post(f"/api/v1/applications/{pk}/review/", {"decision": "approve"},
                           format="json")
    assert approved.json()["status"] == "approved", approved.content
    assert office.post("/api/v1/permits/", {"application": pk},
                       format="json").status_code == 201


# -- the stable license: more than four horses (09.7.2) -------------------------------------


@pytest.mark.parametrize("horses", [0, 4])
def test_four_horses_or_fewer_are_refused_naming_the_field_and_section(owner, horses):
    response = start(owner, "tisbury.stable", horses=horses)

    assert response.status_code == 400
    errors = response.json()["details"]
    assert set(errors) == {"horses"}
    assert "Tisbury BOH Reg 09.7.2" in errors["horses"][0]
    assert not Application.objects.exists()


def test_a_wrongly_typed_horse_count_keeps_its_own_message(owner):
    response = start(owner, "tisbury.stable", horses="six")

    assert response.status_code == 400
    assert "09.7.2" not in response.json()["details"]["horses"][0]
