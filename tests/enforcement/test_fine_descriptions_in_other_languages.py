"""The offenses the towns' fine schedules declare are read in Portuguese and Spanish (#26):
each description is seeded into the schedule and copied onto a citation, whose page shows it
through the catalogue."""

from __future__ import annotations

import pytest

from dogs.fines import FINES as NORTH_ANDOVER
from stables.fines import FINES as NORTHBOROUGH
from tests.translated import assert_translated
from tisbury_regs.fines import FINES as TISBURY


@pytest.mark.parametrize("catalogue", [NORTH_ANDOVER, NORTHBOROUGH, TISBURY],
                         ids=["north_andover", "northborough", "tisbury"])
def test_every_offense_described_in_each_language(catalogue):
    for item in catalogue.items:
        assert_translated(item.description)
