"""The Board of Health varies its own rules (Northborough §8.2): the zoning certification
(§2.3) and the Conservation Commission review (§4.1) are other bodies' sign-offs, which the
office records; a variance request neither offers them nor takes them."""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from permits_site.exceptions import DomainError
from permits_site.licensing.models import Variance
from permits_site.licensing.services.variances import request_variance
from tests.stables.flow import answers, submitted

pytestmark = pytest.mark.django_db
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)
SIGN_OFFS = ("The zoning authority certified the stable",
             "The location was reviewed with the Conservation Commission")


@pytest.fixture
def too_close(keeper):
    """A stable 42 ft from the lot line whose sign-offs the office has not recorded yet."""
    with time_machine.travel(MARCH_15_2027, tick=False):
        yield submitted(keeper, facts=answers(distance_to_abutter_property_line_ft=42))


def variance_choices(page: str) -> str:
    return page.split("Rules the variance would cover", 1)[1].split("</fieldset>", 1)[0]


def test_the_review_screen_offers_only_the_boards_own_rules(client, too_close, board_member):
    client.force_login(board_member)

    page = client.get(reverse("licensing:review", args=[too_close.pk])).content.decode()

    choices = variance_choices(page)
    assert "50 ft" in choices
    for sign_off in SIGN_OFFS:
        assert sign_off not in choices


def test_the_applicants_request_offers_only_the_boards_own_rules(client, too_close):
    client.force_login(too_close.applicant)

    page = client.get(reverse("licensing:variance_ask", args=[too_close.pk])).content.decode()

    choices = variance_choices(page)
    assert "50 ft" in choices
    for sign_off in SIGN_OFFS:
        assert sign_off not in choices


def test_a_posted_sign_off_is_refused_and_nothing_is_requested(client, too_close, nb_clerk):
    client.force_login(nb_clerk)

    response = client.post(reverse("licensing:review", args=[too_close.pk]), {
        "action": "variance_request", "variance-rule_ids": ["nb.4.1a.lot_line", "nb.2.3.zoning"],
        "variance-request_text": "The barn predates the lot split.",
    })

    assert response.status_code == 400
    assert not Variance.objects.exists()


def test_the_service_refuses_a_sign_off_naming_the_section(too_close, nb_clerk):
    with pytest.raises(DomainError) as refused:
        request_variance(application=too_close, rule_ids=["nb.4.1.concom"],
                         request_text="The Commission is slow.", acting_user=nb_clerk)

    [message] = refused.value.errors["rule_ids"]
    assert "Conservation Commission" in message and "§8.2" in message
    assert not Variance.objects.exists()


def test_the_applicants_request_heads_its_limits_in_the_words_of_a_variance(client, too_close):
    """§8.2 lets the Board vary its rules: the page says what cannot be varied, not waived."""
    client.force_login(too_close.applicant)

    page = client.get(reverse("licensing:variance_ask", args=[too_close.pk])).content.decode()

    assert "What cannot be varied" in page
    assert "A Board cannot vary a state or federal statute or a town bylaw (" in page
    assert "waive" not in page
