"""The staff homes' tests run on Wednesday, June 10, 2026: an ordinary business day in
every town (no legal holiday near; Independence Day is 24 days ahead)."""

import datetime as dt

import pytest
import time_machine

TODAY = dt.date(2026, 6, 10)


@pytest.fixture(autouse=True)
def _today():
    with time_machine.travel(dt.datetime(2026, 6, 10, 9, 0), tick=False):
        yield


def days(count: int) -> dt.date:
    return TODAY + dt.timedelta(days=count)
