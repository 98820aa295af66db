"""My work's row of a citation hearing cites the law the hearing is held under — the town's
non-criminal disposition (MGL c.40 §21D as the town's law takes it up), which the party's
notice cites too — not the section of the offense cited."""

import pytest
from django.urls import reverse
from django.utils import timezone

from permits_site.homes.hearings import citation_hearings
from permits_site.towns.calendar import town_calendar
from tests.clients import page_text
from tests.factories import CaseFactory, CitationHearingFactory, municipality

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]

OFFENSE = "North Andover Code ch. 60, Restraint A"
HEARINGS_LAW = {"north_andover": "North Andover Code ch. 60, Non-criminal disposition A, B",
                "tisbury": "MGL c.40 §21D; Tisbury BOH Reg 09.0.6"}


@pytest.mark.parametrize("town", sorted(HEARINGS_LAW))
def test_each_row_undated_or_dated_cites_the_towns_non_criminal_disposition(town):
    case = CaseFactory(municipality=municipality(town))
    for hearing_date in (None, timezone.localdate()):
        CitationHearingFactory(hearing_date=hearing_date, citation__case=case,
                               citation__citation=OFFENSE)

    rows = citation_hearings(town_calendar(town)).items

    assert [row.citation for row in rows] == [HEARINGS_LAW[town]] * 2


def test_my_work_shows_the_hearings_law_and_not_the_offenses(client, authority):
    CitationHearingFactory(citation__citation=OFFENSE)
    client.force_login(authority)

    page = page_text(client.get(reverse("staff_home")))

    assert HEARINGS_LAW["north_andover"] in page
    assert "Restraint A" not in page
