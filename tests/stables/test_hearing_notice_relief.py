"""The abutters' notice of a §2.2 hearing names only the relief the Board is asked for: its own
failed rules (§8.2) that no granted variance covers yet, one clean sentence each. The zoning
certification (§2.3) and the Conservation Commission review (§4.1) are other bodies' sign-offs
the office records; the Board does not vary them."""

import datetime as dt
import io

import pytest
import time_machine
from django.urls import reverse
from pypdf import PdfReader

from permits_site.licensing.services.hearings import schedule_hearing
from permits_site.licensing.services.variances import request_variance, sign_variance
from tests.stables.flow import answers, submitted

pytestmark = pytest.mark.django_db
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)
RELIEF = "A variance of §5.3: 3.5 ft where 4 ft is required."


@pytest.fixture
def notice(client, keeper, nb_clerk, board_member):
    """A stable 42 ft from the lot line (varied already) with a 3.5 ft fence (not varied),
    whose sign-offs are not recorded; the clerk schedules the hearing, relief left blank, and
    reads the review screen and the letters."""
    with time_machine.travel(MARCH_15_2027, tick=False):
        application = submitted(keeper, facts=answers(distance_to_abutter_property_line_ft=42,
                                                      fence_height_ft=3.5))
        variance = request_variance(application=application, rule_ids=["nb.4.1a.lot_line"],
                                    request_text="The lot is narrow.", acting_user=nb_clerk)
        sign_variance(variance=variance, board_member=board_member, approve=True,
                      conditions="Evergreen screen on the east line.",
                      bases="The lot predates the regulations.")
        hearing = schedule_hearing(
            application=application, hearing_date=dt.date(2027, 4, 5),
            hearing_time=dt.time(19, 0), location="Town Hall", acting_user=nb_clerk,
            abutters=[{"name": "Mary Jones",
                       "mailing_address": "20 Whitney Street, Northborough, MA 01532"}])
        client.force_login(nb_clerk)
        page = client.get(reverse("licensing:review", args=[application.pk])).content.decode()
        letters = client.get(reverse("licensing:hearing_notices",
                                     args=[application.pk, hearing.pk]))
        text = " ".join(" ".join(p.extract_text().split())
                        for p in PdfReader(io.BytesIO(letters.content)).pages)
        yield hearing, page, text


def test_the_notice_asks_only_the_boards_relief_still_needed(notice):
    hearing, page, letter = notice

    assert hearing.relief_sought == RELIEF
    assert RELIEF in page
    assert RELIEF in " ".join(letter.split())


@pytest.mark.parametrize("absent", ["Conservation Commission", "zoning", "§4.1", "§2.3",
                                    "42 ft", ";", ".."])
def test_the_notice_leaves_out_sign_offs_granted_variances_and_stray_marks(notice, absent):
    hearing, _page, letter = notice

    assert absent not in hearing.relief_sought
    relief_line = letter.split("Relief sought", 1)[1].split(RELIEF[-20:], 1)[0]
    assert absent not in relief_line
