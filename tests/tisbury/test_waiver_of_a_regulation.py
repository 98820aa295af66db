"""A Tisbury waiver may be of any of the Board's regulations (09.0.3(3)), not only of a rule
the product checks: the written application names the exact regulation (page, section,
paragraph, sentence), and a request that names no rule of the rule set is taken on that
writing alone. Northborough's variance (§8) stays a variance of the rules not met."""

from __future__ import annotations

import pytest
from django.urls import reverse

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError
from permits_site.licensing.models import Variance
from permits_site.licensing.services.applications import (
    blockers,
    create_application,
    submit_application,
)
from permits_site.licensing.services.variances import frozen_variance, request_variance
from permits_site.parties.services import create_business
from tests.factories import UserFactory, permit_type
from tests.stables import flow as stable_flow
from tests.tisbury.support import WRITTEN_WAIVER
from tests.tisbury.test_required_documents import ALLERGEN, FOOD, MANAGER, attach

pytestmark = pytest.mark.django_db
FULL_TIME = {
    **WRITTEN_WAIVER,
    "regulation": "Tisbury BOH Reg 09.5.2, second sentence: a certified food protection "
                  "manager employed full-time",
    "relief": "A certified manager on duty at all hours of operation, employed part-time.",
}


@pytest.fixture
def submitted(db):
    """A food service application with both its certificates: no rule of the product fails
    on it, yet 09.5.2 asks more than the product checks (a manager employed full-time)."""
    owner = UserFactory()
    diner = create_business(legal_name="Harbor Diner Inc.", kind="corporation",
                            mailing_address="4 Main Street, Tisbury", acting_user=owner)
    draft = create_application(applicant=owner, permit_type=permit_type(FOOD), action="new",
                               business=diner, details={"fee_waiver_requested": False})
    attach(draft, MANAGER, ALLERGEN)
    return submit_application(application=draft, acting_user=owner)


def test_a_waiver_of_a_regulation_no_rule_checks_is_taken_on_its_written_application(
    submitted
):
    variance = request_variance(application=submitted, rule_ids=[],
                                request_text="Our manager works mornings; another evenings.",
                                acting_user=submitted.applicant, **FULL_TIME)

    assert variance.rule_ids == [] and variance.regulation == FULL_TIME["regulation"]
    assert "09.5.2" in AuditEntry.objects.get(action="variance.requested").summary
    assert any("waits for the Board" in blocker.message for blocker in blockers(submitted))


def test_without_the_regulation_named_it_is_refused_on_that_field(submitted):
    with pytest.raises(DomainError) as refused:
        request_variance(application=submitted, rule_ids=[], request_text="Please.",
                         acting_user=submitted.applicant, **{**FULL_TIME, "regulation": ""})

    assert "09.0.3" in " ".join(refused.value.errors["regulation"])
    assert not Variance.objects.exists()


def test_the_applicant_is_offered_the_waiver_and_asks_for_it_on_the_page(client, submitted):
    client.force_login(submitted.applicant)
    ask = reverse("licensing:variance_ask", args=[submitted.pk])

    assert ask in client.get(reverse("licensing:application", args=[submitted.pk])).content.decode()
    form = client.get(ask).content.decode()
    assert "Rules the variance would cover" not in form
    response = client.post(ask, {
        "variance-request_text": "Our manager works mornings; another evenings.",
        **{f"variance-{name}": value for name, value in FULL_TIME.items()},
    })

    assert response.status_code == 302
    page = client.get(reverse("licensing:application", args=[submitted.pk])).content.decode()
    assert "Waiver request of" in page and "09.5.2, second sentence" in page


def test_a_northborough_variance_still_names_the_rules_it_covers():
    application = stable_flow.submitted(UserFactory())

    with pytest.raises(DomainError) as refused:
        request_variance(application=application, rule_ids=[], request_text="Please.",
                         acting_user=application.applicant)

    assert "Choose at least one rule" in " ".join(refused.value.errors["rule_ids"])
    assert not Variance.objects.exists()


def test_the_license_lists_the_regulation_waived(submitted):
    variance = request_variance(application=submitted, rule_ids=[],
                                request_text="Our manager works mornings; another evenings.",
                                acting_user=submitted.applicant, **FULL_TIME)

    frozen = frozen_variance(variance, citation="Tisbury BOH Reg 09.0.3")

    assert frozen["rules"] == [] and frozen["regulation"] == FULL_TIME["regulation"]


def test_the_clerk_is_offered_the_same_written_waiver_on_the_review_screen(
    client, submitted, clerk
):
    client.force_login(clerk)

    page = client.get(reverse("licensing:review", args=[submitted.pk])).content.decode()

    # Tisbury's law grants waivers (09.0.3): the screen says so, never "variance".
    assert '<h2 id="variances-heading" class="h5">Waivers</h2>' in page
    assert "Request a waiver" in page and "Request the waiver" in page
    assert "Request a variance" not in page
    assert "The exact regulation: page, section, paragraph" in page


def test_the_clerk_files_the_written_waiver_for_a_counter_applicant(client, submitted, clerk):
    client.force_login(clerk)

    response = client.post(reverse("licensing:review", args=[submitted.pk]), {
        "action": "variance_request",
        "variance-request_text": "Our manager works mornings; another evenings.",
        **{f"variance-{name}": value for name, value in FULL_TIME.items()},
    })

    assert response.status_code == 302
    page = client.get(reverse("licensing:review", args=[submitted.pk])).content.decode()
    assert "Waiver asked" in page and "employed part-time" in page
