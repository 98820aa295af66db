"""A stable permit's paper shows the facts the Board issued it on: the measured answers the
rules judged (distances, areas, the number of horses, §§3–5, §7), each with its unit, in
the words the application page uses."""

from __future__ import annotations

import datetime as dt
import html
import re

import pytest
import time_machine

from permits_site.pdf.rendering import permit_html
from tests.stables.flow import PUBLIC, permitted

MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)
ROW = re.compile(r"<tr><th>(.*?)</th><td>(.*?)</td></tr>")


def rows(page: str) -> dict[str, str]:
    return {html.unescape(label): html.unescape(value) for label, value in ROW.findall(page)}


@pytest.mark.django_db
@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_private_stable_license_prints_the_measured_answers_with_their_units(
        keeper, nb_clerk):
    permit = permitted(keeper, nb_clerk)

    printed = rows(permit_html(permit))

    assert printed["How many horses will be kept at the stable?"] == "2 horses"
    assert printed["Corral area"] == "6000 sq ft"
    assert printed["Stable floor area"] == "400 sq ft"
    assert printed["Distance from the stable to the nearest abutter's property line"] == "60 ft"
    assert printed["Distance from the stable to the owner's dwelling"] == "60 ft"
    assert printed["Distance from the stable to the nearest drinking water supply"] == "200 ft"
    assert printed["Stable site"] == "12 Bartlett Street, Northborough"


@pytest.mark.django_db
@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_public_stable_license_prints_its_lot_area_7_2(keeper, nb_clerk):
    permit = permitted(keeper, nb_clerk, code=PUBLIC)

    printed = rows(permit_html(permit))

    assert printed["Lot area"] == "6 acres"
    assert printed["Distance from the stable to the nearest abutter's property line"] == "120 ft"
