"""The person cited reads, on their citation's page, the hearings set on its case and on the
case's appeals — day, hour and place, and the decision once made — which their notices give
and which they may attend; before, only the notices said so."""

from __future__ import annotations

import datetime as dt

import pytest
from django.urls import reverse

from permits_site.enforcement.services import schedule_case_hearing
from permits_site.enforcement.services.cases import decide_case_hearing, schedule_appeal_hearing
from tests.enforcement.test_citation_pages import cite, page_of, signed_in
from tests.factories import AppealFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]
THURSDAY = dt.date(2027, 6, 10)
NEXT_TUESDAY = dt.date(2027, 6, 15)


def my_citation_page(client, citation, person) -> str:
    return page_of(signed_in(client, person).get(reverse("citations:detail",
                                                         args=[citation.pk])))


def test_the_case_hearing_and_the_appeals_public_hearing_are_on_the_party_page(
        client, officer, authority, resident):
    citation = cite(officer, party=resident)
    schedule_case_hearing(case=citation.case, notice_sent_on=dt.date(2027, 6, 7),
                          hearing_date=THURSDAY, hearing_time=dt.time(19, 0),
                          location="Town Hall", acting_user=officer)
    appeal = AppealFactory(case=citation.case, filed_on=dt.date(2027, 6, 7))
    schedule_appeal_hearing(appeal=appeal, hearing_date=NEXT_TUESDAY, location="Library",
                            acting_user=authority)

    page = my_citation_page(client, citation, resident)

    assert "Hearings on the case" in page
    assert "A hearing on the case: Thursday, June 10, 2027, 7:00 PM, Town Hall." in page
    assert ("The public hearing on the appeal filed on June 7, 2027: Tuesday, June 15, 2027"
            in page) and "Library" in page
    assert page.count("Not decided yet.") == 2


def test_a_decided_hearing_reads_with_its_decision(client, officer, authority, resident,
                                                  time_machine):
    citation = cite(officer, party=resident)
    hearing = schedule_case_hearing(case=citation.case, notice_sent_on=dt.date(2027, 6, 7),
                                    hearing_date=THURSDAY, location="Town Hall",
                                    acting_user=officer)
    time_machine.move_to(dt.datetime(2027, 6, 10, 20, 0))
    decide_case_hearing(hearing=hearing, decision="Order upheld.", decided_on=THURSDAY,
                        acting_user=authority)

    page = my_citation_page(client, citation, resident)

    assert "Decided on June 10, 2027: Order upheld." in page


def test_a_case_without_hearings_shows_no_such_part(client, officer, resident):
    citation = cite(officer, party=resident)

    assert "Hearings on the case" not in my_citation_page(client, citation, resident)


def test_another_resident_reads_none_of_it(client, officer, resident):
    citation = cite(officer, party=resident)

    response = signed_in(client, UserFactory()).get(reverse("citations:detail",
                                                            args=[citation.pk]))

    assert response.status_code == 404
