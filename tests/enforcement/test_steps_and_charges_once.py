"""One table of who takes each enforcement step, read by the pages and the API alike, and the
case page judging each charge of its case type once per request."""

from unittest import mock

import pytest
from django.urls import reverse

from permits_site.api.enforcement import SEEING, CaseViewSet, InspectionViewSet
from permits_site.enforcement import steps
from permits_site.enforcement.services import charges, determine
from tests.enforcement.conftest import MONDAY, failed_inspection, stable_case

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]


def the_steps() -> list[steps.Step]:
    return [*steps.STEPS.values(), *steps.INSPECTION_STEPS.values(), steps.SEEING]


@pytest.mark.parametrize("viewset", [CaseViewSet, InspectionViewSet])
def test_every_act_of_the_api_is_a_step_of_the_one_table(viewset):
    """A refusal of the API names the act in the words of the steps, not words of its own."""
    written_here = {action: act.doing for action, act in viewset.acts.items()
                    if not any(act is step for step in the_steps())}

    assert written_here == {}


def test_the_api_refuses_reading_in_the_words_of_the_steps():
    assert SEEING is steps.SEEING


@pytest.fixture
def charged_case(stable_permit, nb_inspector):
    """A stable case whose registered charge (legal fees, §8.4) waits for a determination."""
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())
    return stable_case(stable_permit, nb_inspector, received_on=MONDAY.date(),
                       inspection=inspection)


def judged(client, method: str, url: str, data=None) -> tuple[int, str]:
    """How many times the request judged a charge of the case, and the page it answered."""
    with mock.patch.object(charges, "charge_refusal", wraps=charges.charge_refusal) as judge:
        response = getattr(client, method)(url, data) if data else getattr(client, method)(url)
    return judge.call_count, response.content.decode()


def test_the_case_page_judges_its_one_charge_once_while_it_waits(client, charged_case, nb_clerk):
    client.force_login(nb_clerk)

    count, page = judged(client, "get", reverse("enforcement:case", args=[charged_case.pk]))

    assert "charged only to a party found in violation" in page
    assert "Invoice charge" not in page
    assert count == 1


def test_the_case_page_judges_its_one_charge_once_when_it_is_offered(
    client, charged_case, nb_clerk, nb_inspector
):
    determine(case=charged_case, determination="Manure over two cords.",
              complaint_validated=True, acting_user=nb_inspector)
    client.force_login(nb_clerk)

    count, page = judged(client, "get", reverse("enforcement:case", args=[charged_case.pk]))

    assert "Invoice charge" in page and "§8.4): record" not in page
    assert count == 1


def test_a_refused_charge_form_shown_again_judges_the_charge_once(
    client, charged_case, nb_clerk, nb_inspector
):
    """An amount of nothing is refused by the form, before the service: the page judged the
    charge once for the offer, the choices and the words of what waits."""
    determine(case=charged_case, determination="Manure over two cords.",
              complaint_validated=True, acting_user=nb_inspector)
    client.force_login(nb_clerk)

    count, page = judged(client, "post", reverse("enforcement:case", args=[charged_case.pk]),
                         {"action": "charge", "charge-code": "legal_fees",
                          "charge-amount": "0"})

    assert "Invoice charge" in page
    assert not charged_case.charges.exists()
    assert count == 1
