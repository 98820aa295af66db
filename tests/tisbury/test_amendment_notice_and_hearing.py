"""Adoption and amendment after notice and hearing (Tisbury BOH Reg 09.0.4): "The Board, after
notice, hearing and vote may adopt or amend regulations … may adopt emergency regulations
without prior notice or hearing." An amendment of the Coastal District and Barrier Beach lots
records its notice and hearing dates and takes effect no earlier than the hearing."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from functools import partial

import pytest

from permits_site.exceptions import DomainError
from permits_site.licensing import adoption
from tests.factories import Role, staff
from tests.tisbury.support import TODAY
from tisbury_regs.models import CoastalDistrictDefinition
from tisbury_regs.zones.districts import AMEND_SECTION
from tisbury_regs.zones.services import AMENDMENT_FIELDS, amend_district

#: The core's check as the amendment of the district calls it, naming its own fields.
adoption_errors = partial(adoption.adoption_errors, section=AMEND_SECTION,
                          names=AMENDMENT_FIELDS)
HEARING = dt.date(2030, 6, 20)
NOTICE = dt.date(2030, 6, 6)


@pytest.mark.parametrize(("effective_from", "refused"), [
    (HEARING - dt.timedelta(days=1), True), (HEARING, False),
    (HEARING + dt.timedelta(days=1), False)])
def test_an_amendment_takes_effect_no_earlier_than_its_hearing_0904(effective_from, refused):
    errors = adoption_errors(notice_on=NOTICE, hearing_on=HEARING,
                             effective_from=effective_from, emergency=False)
    assert ("effective_from" in errors) is refused


@pytest.mark.parametrize(("notice_on", "refused"), [
    (HEARING - dt.timedelta(days=1), False), (HEARING, True),
    (HEARING + dt.timedelta(days=1), True)])
def test_notice_is_given_before_the_hearing_0904(notice_on, refused):
    errors = adoption_errors(notice_on=notice_on, hearing_on=HEARING, effective_from=HEARING,
                             emergency=False)
    assert ("hearing_on" in errors) is refused


@pytest.mark.parametrize(("notice_on", "hearing_on", "field"), [
    (None, HEARING, "notice_on"), (NOTICE, None, "hearing_on")])
def test_an_amendment_without_notice_or_hearing_is_refused_naming_it_0904(notice_on,
                                                                         hearing_on, field):
    errors = adoption_errors(notice_on=notice_on, hearing_on=hearing_on,
                             effective_from=HEARING, emergency=False)
    assert list(errors) == [field] and "Tisbury BOH Reg 09.0.4" in errors[field][0]


def test_an_emergency_regulation_needs_no_prior_notice_or_hearing_0904():
    assert adoption_errors(notice_on=None, hearing_on=None, effective_from=HEARING,
                           emergency=True) == {}


def amend(**fields):
    return amend_district(
        acting_user=staff(Role.ADMIN, "tisbury"), note="Board vote of June 20, 2030",
        barrier_beach_lots=["29-A-1 through 5"], partial_lots=[],
        elevation_ft=Decimal("20"), water_distance_ft=Decimal("500"),
        slope_crest_ft=Decimal("100"), share_below_percent=Decimal("50"), **fields)


@pytest.mark.django_db
def test_the_amendment_records_its_notice_and_hearing_0904():
    version = amend(effective_from=HEARING, notice_on=NOTICE, hearing_on=HEARING)
    assert (version.notice_on, version.hearing_on, version.emergency) == (
        NOTICE, HEARING, False)


@pytest.mark.django_db
def test_an_amendment_effective_before_its_hearing_changes_nothing_0904():
    before = CoastalDistrictDefinition.objects.count()
    with pytest.raises(DomainError) as refused:
        amend(effective_from=TODAY + dt.timedelta(days=1), notice_on=NOTICE,
              hearing_on=HEARING)
    assert "effective_from" in refused.value.errors
    assert CoastalDistrictDefinition.objects.count() == before


@pytest.mark.django_db
def test_the_page_asks_the_notice_and_hearing_and_lists_them_0904(client):
    client.force_login(staff(Role.ADMIN, "tisbury"))
    answers = {"effective_from": "2030-07-01", "note": "Vote of June 20, 2030",
               "barrier_beach_lots": "29-A-1 through 5", "partial_lots": "",
               "elevation_ft": "20", "water_distance_ft": "500", "slope_crest_ft": "100",
               "share_below_percent": "50"}
    refused = client.post("/tisbury/coastal-district/", answers)
    assert refused.status_code == 400
    assert "Enter the date the Board gave notice of the hearing" in refused.content.decode()
    recorded = client.post("/tisbury/coastal-district/",
                           {**answers, "notice_on": "2030-06-06", "hearing_on": "2030-06-20"})
    assert recorded.status_code == 302
    assert "Notice Jun 6, 2030; hearing Jun 20, 2030" in client.get(
        "/tisbury/coastal-district/").content.decode()
