"""The e-mail citing a late pump-out return (Tisbury BOH Reg 09.6.2) states the fine the
return's lateness fixed — $10 for each permit for each day late — and never "for each day until
corrected": the return is filed, so nothing is left to correct."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from permits_site.notifications.models import Message
from tests.factories import SeptageHandlerPermitFactory, local, municipality
from tisbury_regs.pumpout import services
from tisbury_regs.pumpout.services import Job

pytestmark = pytest.mark.django_db
MAY = dt.date(2030, 5, 1)


def test_the_late_return_email_states_the_fixed_fine_6_2(django_capture_on_commit_callbacks):
    municipality("tisbury")
    permit = SeptageHandlerPermitFactory()
    jobs = [Job(f"PO-{n}", MAY.replace(day=n), 800 + n, address=f"{n} Skiff Avenue")
            for n in range(1, 4)]
    # May's return is due Monday June 17; filed Friday June 21: 3 permits × 4 days.
    with time_machine.travel(local(dt.date(2030, 6, 21), 10), tick=False), \
            django_capture_on_commit_callbacks(execute=True):
        services.file_return(handler=permit.holder_business, month=MAY, jobs=jobs,
                             acting_user=permit.holder)

    text = Message.objects.get(recipient=permit.holder, kind="citation_issued").text
    assert "until the problem is corrected" not in text
    assert "The fine is $10.00 for each of 12: $120.00 in all." in text
