"""An order gives the party time to comply: "Issue an order" offers, among a town's periods,
only those the law gives a party to do something (``Period.party_complies``), never the
town's own deadlines (the Animal Control Officer's records, the hearing authority's
decision, an inspection the officer makes), an appeal window, or how long a term, a hold or
an order in force lasts. The service refuses those periods too, naming ``period_code``, so
the API answers as the page offers."""

import pytest
from django.urls import reverse

from permits_site.enforcement.forms import OrderForm
from permits_site.enforcement.models import Order
from permits_site.enforcement.services import issue_order
from permits_site.exceptions import DomainError
from permits_site.rules.registry import town_law
from tests.clients import api_for, page_text
from tests.factories import CaseFactory, municipality

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]

PARTYS_TIME = {
    "north_andover": {"new_dog_license", "puppy_license", "new_resident_license",
                      "replacement_tag", "kennel_new_dog_report", "pdd_compliance",
                      "dd_registration"},
    "tisbury": {"septic_inspection_report", "failed_system_upgrade", "failed_system_hearing",
                "pumpout_permits_return", "public_facility_correction", "ust_notification",
                "food_handler_ownership_change", "triggered_septic_inspection"},
    "northborough": set(),
}
STAFF_DEADLINES = ["aco_intake_records", "kennel_decision", "vacated_property_inspection",
                   "kennel_hearing_notice", "kennel_hearing", "appeal_aco_decision",
                   "citation_response", "restraint_order", "impound_hold", "pdd_release"]
CASE_TYPES = {"north_andover": "north_andover.dog_complaint",
              "tisbury": "tisbury.health_violation",
              "northborough": "northborough.stable_violation"}


def case_in(town: str):
    return CaseFactory(municipality=municipality(town), case_type=CASE_TYPES[town])


@pytest.mark.parametrize("town", sorted(PARTYS_TIME))
def test_each_town_marks_its_partys_times_to_comply(town):
    marked = {code for code, period in town_law(town).periods.items() if period.party_complies}

    assert marked == PARTYS_TIME[town]


@pytest.mark.parametrize("town", sorted(PARTYS_TIME))
def test_the_order_form_offers_only_a_partys_time_to_comply(town):
    choices = dict(OrderForm(case=case_in(town)).fields["period_code"].choices)

    assert set(choices) == {"", *PARTYS_TIME[town]}


def test_the_case_page_offers_no_staff_deadline_as_an_order(client, officer):
    case = case_in("north_andover")
    client.force_login(officer)

    page = page_text(client.get(reverse("enforcement:case", args=[case.pk])))

    assert "secures the premises within 21 days" in page
    for words in ("forwards intake records", "hearing authority decides within seven",
                  "Inspect a vacated property"):
        assert words not in page


@pytest.mark.parametrize("code", STAFF_DEADLINES)
def test_the_service_refuses_a_period_that_is_not_the_partys_naming_it(officer, code):
    case = case_in("north_andover")

    with pytest.raises(DomainError) as refused:
        issue_order(case=case, text="Do it.", period_code=code, acting_user=officer)

    [message] = refused.value.errors["period_code"]
    assert town_law("north_andover").periods[code].citation in message
    assert not Order.objects.exists()


def test_the_api_refuses_it_by_name_and_takes_a_partys_time(officer):
    case = case_in("north_andover")
    url = f"/api/v1/cases/{case.pk}/orders/"

    refused = api_for(officer).post(url, {"text": "Forward the records.",
                                          "period_code": "aco_intake_records"}, format="json")
    ordered = api_for(officer).post(url, {"text": "Register the dog.",
                                          "period_code": "dd_registration"}, format="json")

    assert refused.status_code == 400 and "period_code" in refused.json()
    assert ordered.status_code == 201, ordered.json()
    assert Order.objects.get().text == "Register the dog."

