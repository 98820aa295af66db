"""Each town's enforcement screens ask what its own law asks: a fine counted per boat or per
permit asks how many (Tisbury 09.4.10, 09.6.2) and nowhere else; a town without surcharge
schedules shows no surcharge event; rule and offense codes wait behind a disclosure."""


import pytest
from django.urls import reverse

from permits_site.enforcement.forms import CitationForm
from permits_site.enforcement.services import issue_citation, issue_order, open_case
from tests.e2e.plain_language import page_text
from tests.enforcement.conftest import MONDAY, STABLE_OFFENSE, stable_case
from tests.factories import municipality

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]


def tisbury_case(user):
    return open_case(municipality=municipality("tisbury"), case_type="tisbury.health_violation",
                     party=None, party_name="Pat Boater", address="5 Beach Rd",
                     complaint="Living aboard", received_on=MONDAY.date(), acting_user=user)


def test_a_northborough_citation_form_asks_no_units_and_no_surcharge(
    stable_permit, nb_inspector
):
    form = CitationForm(case=stable_case(stable_permit, nb_inspector, received_on=MONDAY.date()),
                        prefix="citation")

    assert "units" not in form.fields
    assert "surcharge_event" not in form.fields


def test_a_tisbury_citation_form_asks_how_many_boats_or_permits(tisbury_inspector):
    form = CitationForm(case=tisbury_case(tisbury_inspector), prefix="citation")

    assert form.fields["units"].label == "Number of boats or permits involved"
    assert "surcharge_event" in form.fields


def test_a_northborough_case_and_citation_show_no_surcharge_event(
    client, stable_permit, nb_inspector
):
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())
    issue_order(case=case, text="Remove the manure pile.", citation="§6.2",
                comply_within_days=14, acting_user=nb_inspector)
    citation = issue_citation(case=case, offense=STABLE_OFFENSE, amount="25",
                              acting_user=nb_inspector)
    client.force_login(nb_inspector)

    case_page = page_text(client.get(reverse("enforcement:case", args=[case.pk])).content
                          .decode(), disclosures=False)
    citation_page = client.get(reverse("enforcement:citation", args=[citation.pk])).content\
        .decode()

    assert "urcharge" not in case_page
    assert "urcharge" not in page_text(citation_page)
    assert STABLE_OFFENSE not in page_text(citation_page, disclosures=False)
    assert STABLE_OFFENSE in page_text(citation_page)  # behind the disclosure


def test_a_tisbury_case_links_each_order_s_surcharge_event(client, tisbury_inspector):
    case = tisbury_case(tisbury_inspector)
    issue_order(case=case, text="Leave the boat overnight no more.", citation="09.4.10",
                comply_within_days=14, acting_user=tisbury_inspector)
    client.force_login(tisbury_inspector)

    page = page_text(client.get(reverse("enforcement:case", args=[case.pk])).content.decode())

    assert "Surcharge event of order" in page
