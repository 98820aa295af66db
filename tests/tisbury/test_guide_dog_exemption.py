"""Tisbury BOH Reg 09.7.1: "This section shall not apply to a blind person while walking his or
her guide dog." The officer citing animal excrement says whether that held; when it did, no
citation is written and the refusal names the section — on the case page and over the API —
and the exemption is asked only in a town whose law has one."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import timezone

from permits_site.enforcement.forms import CitationForm
from permits_site.enforcement.models import Citation
from permits_site.enforcement.services import issue_citation, open_case
from permits_site.exceptions import DomainError
from tests.api.conftest import client_for
from tests.factories import Role, municipality, staff

pytestmark = pytest.mark.django_db
EXCREMENT = "animal_excrement"
SECTION = "Tisbury BOH Reg 09.7.1"


@pytest.fixture
def officer(db):
    return staff(Role.INSPECTOR, "tisbury")


def case_for(officer, *, town="tisbury", case_type="tisbury.health_violation"):
    return open_case(municipality=municipality(town), case_type=case_type, party=None,
                     party_business=None, party_name="Pat Doe", address="1 Main St",
                     complaint="A dog's mess left on Main Street.",
                     received_on=timezone.localdate(), acting_user=officer)


REFUSAL = ("09.7.1 does not apply to a blind person while walking his or her guide dog: no "
           "citation is written.")


def test_a_blind_person_walking_a_guide_dog_is_not_cited_7_1(officer):
    case = case_for(officer)

    with pytest.raises(DomainError) as refused:
        issue_citation(case=case, offense=EXCREMENT, answers={"guide_dog": True},
                       acting_user=officer)

    assert refused.value.errors == {"guide_dog": [REFUSAL]}
    assert not Citation.objects.exists()


def test_without_the_exemption_the_offense_is_cited_at_25_dollars_7_1(officer):
    citation = issue_citation(case=case_for(officer), offense=EXCREMENT,
                              answers={"guide_dog": False}, acting_user=officer)

    assert (citation.offense, str(citation.amount_per_offense)) == (EXCREMENT, "25.00")
    assert citation.answers == {"guide_dog": False}


def test_the_guide_dog_answer_is_not_asked_of_another_offense(officer):
    citation = issue_citation(case=case_for(officer), offense="littering",
                              answers={"guide_dog": True}, acting_user=officer)

    assert citation.answers == {}


def test_the_api_refuses_the_exempt_citation_with_a_400_7_1(officer):
    case = case_for(officer)

    answered = client_for(officer).post(f"/api/v1/cases/{case.pk}/citations/",
                                        {"offense": EXCREMENT, "answers": {"guide_dog": True}},
                                        format="json")

    assert answered.status_code == 400
    assert SECTION.removeprefix("Tisbury BOH Reg ") in answered.json()["guide_dog"][0]
    assert not Citation.objects.exists()


def test_the_case_page_asks_the_exemption_and_refuses_on_it_7_1(client, officer):
    case = case_for(officer)
    client.force_login(officer)

    page = client.post(reverse("enforcement:case", args=[case.pk]),
                       {"action": "citation", "citation-offense": EXCREMENT, "citation-units": "1",
                        "citation-guide_dog": "yes"})

    assert not Citation.objects.exists()
    assert "09.7.1 does not apply to a blind person" in page.content.decode()


def test_a_town_without_the_exemption_is_not_asked(db):
    north_andover_officer = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    case = case_for(north_andover_officer, town="north_andover",
                    case_type="north_andover.dog_control")

    assert "guide_dog" not in CitationForm(case=case).fields
    tisbury_form = CitationForm(case=case_for(staff(Role.INSPECTOR, "tisbury")))
    assert "guide dog" in tisbury_form.fields["guide_dog"].label
