"""What a resident reads before applying — each Tisbury permit type's public page — and the
renewal a holder starts from "My permits", pre-filled from last year's permit."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine

from permits_site.licensing.models import PermitType
from permits_site.parties.services import create_business
from tests.factories import Role, UserFactory, staff
from tests.tisbury.test_every_permit_type import TYPES, details_for, issued_through_the_api

pytestmark = pytest.mark.django_db
UNSUPPLIED = "The regulation text supplied to the town stops before 09.11"


def agent():
    """The Board of Health agent who visits a dumpster's site (09.2.3(1))."""
    return staff(Role.INSPECTOR, "tisbury")


def page(client, code: str) -> str:
    response = client.get(f"/towns/tisbury/permits/{code}/")
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("code", TYPES)
def test_each_type_has_a_public_page_saying_who_needs_it_and_what_it_costs(client, code):
    permit_type = PermitType.objects.get(code=code)

    text = page(client, code)

    assert f"<h1 class=\"h2\">{permit_type.name}</h1>" in text
    assert "Who needs it" in text and "Documents to bring" in text
    assert permit_type.citation in text
    fees = text.split('id="fee-heading"')[1].split("</section>")[0]
    assert "Fees in force today" in fees and "$" in fees
    assert "placeholder" not in fees.lower() and "confirm" not in fees.lower()
    assert "the office tells you when you apply" in text
    assert (UNSUPPLIED in text) == (code in ("tisbury.body_art_establishment",
                                             "tisbury.body_art_practitioner",
                                             "tisbury.tobacco_sales"))


def test_the_septage_page_lists_the_insurance_certificate_with_its_section(client):
    text = page(client, "tisbury.septage_handler")

    assert "Certificate of liability insurance" in text
    assert "(Tisbury BOH Reg 09.1.4)" in text
    assert "pumping or transporting the contents of a septic system" in text


def test_a_type_listing_no_documents_says_the_office_tells_of_any_form(client):
    assert "the office tells you of any form it needs" in page(client, "tisbury.tobacco_sales")


def test_the_stable_page_names_the_select_board_and_its_twenty_dollar_fee(client):
    text = page(client, "tisbury.stable")

    assert "Issued by the Select Board" in text
    assert "$20.00" in text


def test_an_unknown_permit_type_or_another_town_s_is_not_found(client):
    assert client.get("/towns/tisbury/permits/tisbury.nothing/").status_code == 404
    assert client.get("/towns/tisbury/permits/north_andover.dog_license/").status_code == 404


def test_the_town_page_links_each_permit_type_s_page(client):
    text = client.get("/towns/tisbury/").content.decode()

    for code in TYPES:
        assert f'href="/towns/tisbury/permits/{code}/"' in text


def test_the_body_art_application_form_says_the_text_stops_before_09_11(client):
    client.force_login(UserFactory())

    text = client.get("/apply/tisbury.body_art_practitioner/").content.decode()

    assert UNSUPPLIED in text


def test_the_kitchen_checklist_is_in_the_api_catalogue_but_not_a_town_check_page(api, client):
    catalogue = {rule_set["code"] for rule_set in api.get("/api/v1/checks/").json()}

    assert {"tisbury.residential_kitchen_visit", "tisbury.campground"} <= catalogue
    assert client.get("/towns/tisbury/check/tisbury.residential_kitchen_visit/").status_code == 404


# -- renewals from "My permits" ---------------------------------------------------------------


@pytest.fixture
def owner(db):
    return UserFactory(username="tilly", first_name="Tilly", last_name="Holder")


def test_my_permits_offers_the_renewal_pre_filled_from_last_year(owner, clerk, client):
    code = "tisbury.dumpster"
    permit = issued_through_the_api(owner, clerk, agent(), code, details_for(owner, code))

    # Renewal is offered from 30 days before the permit runs out: read on its last day.
    with time_machine.travel(dt.datetime.combine(permit.valid_through, dt.time(12)),
                             tick=False):
        client.force_login(owner)
        dashboard = client.get("/dashboard/").content.decode()
    link = f"/apply/{code}/?action=renewal&amp;permit={permit.pk}"
    assert f'href="{link}"' in dashboard

    form = client.get(link.replace("&amp;", "&")).content.decode()
    assert 'value="Behind the kitchen door"' in form
    assert 'value="T-0412"' in form
    assert f'<option value="{permit.pk}" selected>' in form
    assert "Your answers from the permit you renew are filled in" in form


def test_a_renewal_form_does_not_pre_fill_from_another_holder_s_permit(owner, clerk, client):
    code = "tisbury.dumpster"
    permit = issued_through_the_api(owner, clerk, agent(), code, details_for(owner, code))
    client.force_login(UserFactory(username="stranger"))

    form = client.get(f"/apply/{code}/?action=renewal&permit={permit.pk}").content.decode()

    assert "Behind the kitchen door" not in form
    assert "Your answers from the permit you renew" not in form


def test_a_business_s_list_renewal_is_pre_filled_one_entry_per_line(owner, clerk, client):
    code = "tisbury.dumpster_contractor"
    business = create_business(legal_name="Island Works LLC", kind="llc",
                               mailing_address="1 Main Street", acting_user=owner)
    permit = issued_through_the_api(owner, clerk, agent(), code, {
        "business": business.pk, "dumpsters": ["T-1 / 10 yd / 5 Main St", "T-2 / 20 yd / Pier"]})
    client.force_login(owner)

    form = client.get(f"/apply/{code}/?action=renewal&permit={permit.pk}").content.decode()

    assert "T-1 / 10 yd / 5 Main St\nT-2 / 20 yd / Pier</textarea>" in form


def test_a_checked_plan_leads_to_the_application_with_its_answers(client, resident):
    """After "Check my plan", the permit the rules belong to is one step away, its form
    filled with the answers the resident gave (and they are signed in: no "after you sign
    in")."""
    client.force_login(resident)
    answers = "start_date=2030-06-01&end_date=2030-06-20&renewal=no"

    page = client.get(f"/towns/tisbury/check/tisbury.temporary_dumpster/?{answers}"
                      ).content.decode()
    form = client.get(f"/apply/tisbury.temporary_dumpster/?{answers}").context["form"]

    assert f'href="/apply/tisbury.temporary_dumpster/?{answers.replace("&", "&amp;")}"' in page
    assert "Apply with these answers: Temporary Dumpster Permit" in page
    assert "(after you sign in)" not in page
    assert (form["start_date"].value(), form["end_date"].value()) == ("2030-06-01",
                                                                      "2030-06-20")
