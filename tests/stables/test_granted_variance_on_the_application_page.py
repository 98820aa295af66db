"""A granted variance is the applicant's to read on their own application page: the rules it
varies with their sections, the conditions they must keep and the bases the Board wrote,
as the license lists them (Northborough §8.2) — not only on the PDF and the staff pages."""

import datetime as dt
import re

import pytest
import time_machine
from django.urls import reverse

from permits_site.licensing.services.variances import request_variance, sign_variance
from tests.stables.flow import answers, submitted

pytestmark = pytest.mark.django_db
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)
CONDITIONS = "A solid board fence six feet high along the east lot line."
BASES = "The abutting lot is conservation land with no dwelling."


def relief_section(page: str) -> str:
    return re.sub(r"\s+", " ", page.split('id="relief-heading"', 1)[1].split("</section>", 1)[0])


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_applicant_reads_a_granted_variances_rules_conditions_and_bases_8_2(
        client, keeper, board_member):
    application = submitted(keeper, facts=answers(distance_to_abutter_property_line_ft=42))
    variance = request_variance(application=application,
                                rule_ids=["nb.4.1a.lot_line"],
                                request_text="The lot line abuts conservation land.",
                                acting_user=keeper)
    sign_variance(variance=variance, board_member=board_member, approve=True,
                  conditions=CONDITIONS, bases=BASES)
    client.force_login(keeper)

    shown = relief_section(
        client.get(reverse("licensing:application", args=[application.pk])).content.decode())

    assert "Granted" in shown
    assert "§4.1" in shown
    assert f"Conditions: {CONDITIONS}" in shown
    assert f"Specific bases: {BASES}" in shown
    assert "Granted under" in shown and "§8.2" in shown


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_request_still_before_the_board_shows_no_conditions(client, keeper):
    application = submitted(keeper, facts=answers(distance_to_abutter_property_line_ft=42))
    request_variance(application=application, rule_ids=["nb.4.1a.lot_line"],
                     request_text="The lot line abuts conservation land.", acting_user=keeper)
    client.force_login(keeper)

    shown = relief_section(
        client.get(reverse("licensing:application", args=[application.pk])).content.decode())

    assert "§4.1" in shown
    assert "Conditions:" not in shown
    assert "Granted under" not in shown
