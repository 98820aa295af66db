"""Fee and fine schedules adopted after notice and hearing, where the town's law says so.

Tisbury BOH Reg 09.0.4: "The Board, after notice, hearing and vote may adopt or amend
regulations. … the Board may adopt emergency regulations without prior notice or hearing."
Tisbury declares it, so a new version of its fee or fine schedule names its notice and
hearing (or is an emergency regulation) and takes effect no earlier than the hearing; a town
that declares nothing records the dates when given and checks nothing.
"""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import FineSchedule
from permits_site.enforcement.services import add_fine_offense
from permits_site.exceptions import DomainError
from permits_site.licensing.adoption import NOT_RECORDED, Adoption, schedule_adoption_errors
from permits_site.licensing.models import FeeSchedule, PermitType
from permits_site.licensing.services.fees import create_fee_schedule_version
from tests.api.conftest import client_for
from tests.factories import Role, municipality, staff

SECTION = "Tisbury BOH Reg 09.0.4"
NOTICE = dt.date(2027, 5, 10)
HEARING = dt.date(2027, 5, 24)
EFFECTIVE = dt.date(2027, 6, 1)
HELD = Adoption(notice_given_on=NOTICE, hearing_held_on=HEARING, voted_on=HEARING)
DAY = dt.timedelta(days=1)


# -- the rule, pure --------------------------------------------------------------------------


@pytest.mark.parametrize(("notice_on", "refused"), [
    (HEARING - DAY, False), (HEARING, True), (HEARING + DAY, True)])
def test_notice_is_given_before_the_hearing_0904(notice_on, refused):
    errors = schedule_adoption_errors(
        "tisbury", Adoption(notice_given_on=notice_on, hearing_held_on=HEARING), HEARING)
    assert ("hearing_held_on" in errors) is refused
    assert not refused or SECTION in errors["hearing_held_on"][0]


@pytest.mark.parametrize(("effective_from", "refused"), [
    (HEARING - DAY, True), (HEARING, False), (HEARING + DAY, False)])
def test_a_version_takes_effect_no_earlier_than_its_hearing_0904(effective_from, refused):
    errors = schedule_adoption_errors("tisbury", HELD, effective_from)
    assert ("effective_from" in errors) is refused
    assert not refused or SECTION in errors["effective_from"][0]


@pytest.mark.parametrize(("adoption", "field"), [
    (Adoption(hearing_held_on=HEARING), "notice_given_on"),
    (Adoption(notice_given_on=NOTICE), "hearing_held_on")])
def test_a_version_without_notice_or_hearing_is_refused_naming_the_field_0904(adoption, field):
    errors = schedule_adoption_errors("tisbury", adoption, EFFECTIVE)
    assert list(errors) == [field] and SECTION in errors[field][0]


def test_an_emergency_regulation_needs_no_prior_notice_or_hearing_0904():
    assert schedule_adoption_errors("tisbury", Adoption(emergency=True), EFFECTIVE) == {}


@pytest.mark.parametrize("town", ["northborough", "north_andover"])
def test_a_town_that_declares_no_notice_and_hearing_requires_no_date(town):
    assert schedule_adoption_errors(town, Adoption(), EFFECTIVE) == {}
    assert schedule_adoption_errors(town, Adoption(voted_on=HEARING), EFFECTIVE) == {}


@pytest.mark.parametrize("town", ["northborough", "north_andover"])
@pytest.mark.parametrize(("notice_on", "refused"), [
    (HEARING - DAY, False), (HEARING, True), (HEARING + DAY, True)])
def test_in_any_town_a_notice_given_comes_before_the_hearing(town, notice_on, refused):
    errors = schedule_adoption_errors(
        town, Adoption(notice_given_on=notice_on, hearing_held_on=HEARING), EFFECTIVE)
    assert errors == ({"hearing_held_on": ["The hearing comes after the notice of the hearing."]}
                      if refused else {})


@pytest.mark.parametrize("town", ["tisbury", "north_andover"])
@pytest.mark.parametrize(("voted_on", "refused"), [
    (HEARING - DAY, "voted_on"), (HEARING, None), (EFFECTIVE, None),
    (EFFECTIVE + DAY, "effective_from")])
def test_the_vote_comes_between_the_hearing_and_the_first_day_in_force(town, voted_on, refused):
    """The day before, of and after each bound: a vote before its hearing, or a version in
    force before the vote adopting it, is refused on the later date's field."""
    errors = schedule_adoption_errors(
        town, Adoption(notice_given_on=NOTICE, hearing_held_on=HEARING, voted_on=voted_on),
        EFFECTIVE)
    assert list(errors) == ([refused] if refused else [])
    assert town != "tisbury" or not refused or SECTION in errors[refused][0]


# -- the services ----------------------------------------------------------------------------

@pytest.fixture
def _may_2027():
    """The day after the hearing: the notice, hearing and vote are recorded once held."""
    with time_machine.travel(dt.datetime(2027, 5, 25, 10, 0), tick=False):
        yield


def stable_fees(adoption=NOT_RECORDED, effective_from=EFFECTIVE):
    return create_fee_schedule_version(
        permit_type=PermitType.objects.get(code="tisbury.stable"),
        effective_from=effective_from, adoption=adoption,
        amounts={"new": Decimal("15.00"), "renewal": Decimal("20.00")},
        acting_user=staff(Role.ADMIN, "tisbury"), note="Board vote of May 24, 2027")


def beach_offense(town, adoption=NOT_RECORDED):
    return add_fine_offense(
        municipality=municipality(town), offense="litter_on_beach",
        description="Litter on the beach", citation="Section 9", per_day=False,
        amounts={"first": Decimal("25"), "second": None, "later": None},
        effective_from=EFFECTIVE, adoption=adoption, acting_user=staff(Role.ADMIN, town))


@pytest.mark.django_db
@pytest.mark.usefixtures("_may_2027")
def test_a_tisbury_fee_schedule_without_its_hearing_is_refused_and_saves_nothing_0904():
    before = FeeSchedule.objects.count()
    with pytest.raises(DomainError) as refused:
        stable_fees(Adoption(notice_given_on=NOTICE))
    assert list(refused.value.errors) == ["hearing_held_on"]
    assert SECTION in refused.value.errors["hearing_held_on"][0]
    assert FeeSchedule.objects.count() == before


@pytest.mark.django_db
@pytest.mark.usefixtures("_may_2027")
def test_a_tisbury_fee_schedule_records_its_notice_hearing_and_vote_and_audits_them_0904():
    schedule = stable_fees(HELD)
    assert (schedule.notice_given_on, schedule.hearing_held_on, schedule.voted_on,
            schedule.emergency) == (NOTICE, HEARING, HEARING, False)
    entry = AuditEntry.objects.get(action="fee_schedule.created", object_id=str(schedule.pk))
    assert entry.after["adoption"] == {"notice_given_on": "2027-05-10",
                                       "hearing_held_on": "2027-05-24",
                                       "voted_on": "2027-05-24", "emergency": False}


@pytest.mark.django_db
@pytest.mark.usefixtures("_may_2027")
def test_a_tisbury_emergency_fee_schedule_is_saved_without_notice_0904():
    assert stable_fees(Adoption(emergency=True), effective_from=dt.date(2027, 5, 25)).emergency


@pytest.mark.django_db
@pytest.mark.usefixtures("_may_2027")
def test_a_tisbury_offense_effective_before_its_hearing_is_refused_0904():
    """A hearing after the version's first day is still to come as well: both are refused."""
    with pytest.raises(DomainError) as refused:
        beach_offense("tisbury", Adoption(notice_given_on=NOTICE,
                                          hearing_held_on=EFFECTIVE + DAY))
    assert refused.value.errors["hearing_held_on"] == [
        "The hearing cannot be held on a day still to come."]
    assert SECTION in refused.value.errors["effective_from"][0]


@pytest.mark.django_db
@pytest.mark.usefixtures("_may_2027")
def test_a_tisbury_offense_after_notice_and_hearing_is_added_with_them_0904():
    schedule = beach_offense("tisbury", HELD)
    assert (schedule.notice_given_on, schedule.hearing_held_on) == (NOTICE, HEARING)
    entry = AuditEntry.objects.get(action="fine_schedule.offense_added")
    assert entry.after["adoption"]["hearing_held_on"] == "2027-05-24"


@pytest.mark.django_db
@pytest.mark.usefixtures("_may_2027")
def test_another_towns_offense_needs_no_notice_and_records_dates_given():
    assert beach_offense("north_andover").notice_given_on is None
    recorded = beach_offense("northborough", Adoption(voted_on=HEARING))
    assert (recorded.voted_on, recorded.notice_given_on) == (HEARING, None)


# -- the pages -------------------------------------------------------------------------------

FEES = reverse("licensing:fee_schedule_new", args=["tisbury.stable"])
STABLE_FORM = {"effective_from": "2027-06-01", "note": "Board vote", "amount_new": "15.00",
               "amount_renewal": "20.00"}


@pytest.mark.django_db
@pytest.mark.usefixtures("_may_2027")
def test_the_fee_schedule_page_refuses_a_tisbury_version_without_notice_naming_0904(client):
    client.force_login(staff(Role.ADMIN, "tisbury"))
    page = client.get(FEES).content.decode()
    assert "Notice of the hearing given on" in page and SECTION in page
    refused = client.post(FEES, STABLE_FORM)
    assert refused.status_code == 400
    assert "Enter the date the Board gave notice of the hearing" in refused.content.decode()
    assert not FeeSchedule.objects.filter(effective_from=EFFECTIVE).exists()


@pytest.mark.django_db
@pytest.mark.usefixtures("_may_2027")
def test_the_fee_schedule_page_saves_and_shows_the_notice_hearing_and_vote_0904(client):
    client.force_login(staff(Role.ADMIN, "tisbury"))
    saved = client.post(FEES, {**STABLE_FORM, "notice_given_on": "2027-05-10",
                               "hearing_held_on": "2027-05-24", "voted_on": "2027-05-24"})
    assert saved.status_code == 302
    listing = client.get(reverse("licensing:fee_schedules"), {"q": "stable"}).content.decode()
    assert "notice May 10, 2027; hearing May 24, 2027; voted May 24, 2027" in listing


@pytest.mark.django_db
@pytest.mark.usefixtures("_may_2027")
def test_the_fine_schedule_pages_ask_and_show_the_hearing_0904(client):
    client.force_login(staff(Role.ADMIN, "tisbury"))
    url = reverse("enforcement:fine_offense_new", args=["tisbury"])
    answers = {"offense": "litter_on_beach", "description": "Litter on the beach",
               "citation": "Section 9", "first": "25", "effective_from": "2027-06-01"}
    refused = client.post(url, answers)
    assert refused.status_code == 400 and SECTION in refused.content.decode()
    saved = client.post(url, {**answers, "emergency": "on"})
    assert saved.status_code == 302
    assert ("emergency regulation: no prior notice or hearing"
            in client.get(reverse("enforcement:fine_schedules")).content.decode())


@pytest.mark.django_db
@pytest.mark.usefixtures("_may_2027")
def test_another_towns_fine_page_saves_without_notice(client):
    client.force_login(staff(Role.ADMIN, "north_andover"))
    saved = client.post(reverse("enforcement:fine_offense_new", args=["north_andover"]), {
        "offense": "litter_on_beach", "description": "Litter on the beach",
        "citation": "Section 9", "first": "25", "effective_from": "2027-06-01"})
    assert saved.status_code == 302


# -- the API ---------------------------------------------------------------------------------

STABLE_BODY = {"permit_type": "tisbury.stable", "effective_from": "2027-06-01",
               "amounts": {"new": "15.00", "renewal": "20.00"}}
OFFENSE_BODY = {"offense": "litter_on_beach", "description": "Litter on the beach",
                "citation": "Section 9", "first": "25.00", "effective_from": "2027-06-01"}


@pytest.mark.django_db
@pytest.mark.usefixtures("_may_2027")
def test_the_api_refuses_a_tisbury_fee_schedule_without_notice_naming_the_field_0904():
    response = client_for(staff(Role.ADMIN, "tisbury")).post(
        "/api/v1/fee-schedules/", STABLE_BODY, format="json")
    assert response.status_code == 400
    assert SECTION in response.json()["notice_given_on"][0]


@pytest.mark.django_db
@pytest.mark.usefixtures("_may_2027")
def test_the_api_creates_a_tisbury_fee_schedule_and_shows_its_dates_0904():
    response = client_for(staff(Role.ADMIN, "tisbury")).post(
        "/api/v1/fee-schedules/", {**STABLE_BODY, "notice_given_on": "2027-05-10",
                                   "hearing_held_on": "2027-05-24"}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert (body["notice_given_on"], body["hearing_held_on"], body["voted_on"],
            body["emergency"]) == ("2027-05-10", "2027-05-24", None, False)


@pytest.mark.django_db
@pytest.mark.usefixtures("_may_2027")
def test_the_api_refuses_a_tisbury_offense_with_notice_after_the_hearing_0904():
    response = client_for(staff(Role.ADMIN, "tisbury")).post(
        "/api/v1/fine-schedules/offenses/",
        {**OFFENSE_BODY, "municipality": "tisbury", "notice_given_on": "2027-05-24",
         "hearing_held_on": "2027-05-24"}, format="json")
    assert response.status_code == 400
    assert SECTION in response.json()["hearing_held_on"][0]
    assert not FineSchedule.objects.filter(effective_from=EFFECTIVE).exists()


@pytest.mark.django_db
@pytest.mark.usefixtures("_may_2027")
def test_the_api_adds_another_towns_offense_without_notice():
    response = client_for(staff(Role.ADMIN, "north_andover")).post(
        "/api/v1/fine-schedules/offenses/", {**OFFENSE_BODY, "municipality": "north_andover"},
        format="json")
    assert response.status_code == 201
    assert response.json()["notice_given_on"] is None
