"""The application page says what happens next and who acts, each sentence naming who acts
first: derived from the application's status and its first open gate, naming the role as the
town's permit type names it and the section of the gate (spec ``lifecycle.md``)."""

import re

import pytest
from django.urls import reverse

from permits_site.licensing.declarations import Gate
from permits_site.licensing.kinds import Blocker, applied_for, kind_for
from permits_site.licensing.models import Application, ApplicationStatus, PermitType
from permits_site.licensing.services.next_step import APPLICANT, next_step, role_title
from tests import factories

pytestmark = pytest.mark.django_db
SECTION = "Test Regs §9(z)"
#: What a resident must never read: a rule id, a gate or status code, a template slot.
RAW_CODE = re.compile(r"\b\w+_\w+\b|\b[a-z]+\.[a-z0-9]+\.\w|[{}]")


def demo_cases():
    """Every applied-for permit type × each gate it declares (and none) × every status."""
    for permit_type in applied_for(PermitType.objects.select_related("municipality")
                                   .order_by("code")):
        gates = (None, *kind_for(permit_type.code).gates(permit_type))
        for gate in gates:
            for status in ApplicationStatus.values:
                yield permit_type, gate, status


def _roles_named(permit_type) -> list[str]:
    kind = kind_for(permit_type.code)
    return [role_title(kind, role, permit_type)
            for role in ("clerk", "inspector", "board_member")] + ["You"]


def test_every_status_and_gate_of_every_demo_type_says_who_acts_next():
    checked = 0
    for permit_type, gate, status in demo_cases():
        application = Application(permit_type=permit_type,
                                  municipality=permit_type.municipality, status=status)
        blockers = [Blocker("x", "Held.", SECTION, gate)] if gate else []

        sentence = next_step(application, blockers=blockers)

        where = f"{permit_type.code} {status} {gate}"
        assert sentence, where
        for said in re.split(r"(?<=\.)\s+(?=[A-Z])", sentence):
            assert not re.search(r"[;:]\s+[A-Z]", said) and said.endswith("."), where
            assert said.lower().startswith(
                tuple(role.lower() for role in _roles_named(permit_type))), where
        assert not RAW_CODE.search(sentence), f"{where}: {sentence}"
        if gate and status in ("submitted", "under_review", "approved"):
            assert SECTION in sentence, where
        checked += 1
    assert checked > 100


def test_the_kennel_inspection_is_arranged_by_the_animal_inspector():
    permit_type = PermitType.objects.get(code="north_andover.kennel_license")
    application = Application(permit_type=permit_type, municipality=permit_type.municipality,
                              status=ApplicationStatus.SUBMITTED)

    sentence = next_step(application, blockers=[
        Blocker("inspection.not_passed", "Not yet.", "Kennel license B(3)",
                Gate.INSPECTION_PASSED),
        Blocker("fee.unpaid", "Unpaid.", "Licenses A(9)", Gate.FEE_PAID),
    ])

    assert sentence == ("The North Andover Health Division Animal Inspector will arrange the "
                        "kennel inspection (Kennel license B(3)), and another after a visit not "
                        "passed; you will get an e-mail with the date and the result of each.")


def test_an_unpaid_fee_is_the_applicants_to_pay():
    permit_type = PermitType.objects.get(code="northborough.private_stable")
    application = Application(permit_type=permit_type, municipality=permit_type.municipality,
                              status=ApplicationStatus.UNDER_REVIEW)

    sentence = next_step(application, blockers=[
        Blocker("fee.unpaid", "The fee of $50.00 is not paid.", "§2.2", Gate.FEE_PAID)])

    assert sentence.startswith("You pay the fee")
    assert "(§2.2)" in sentence
    assert role_title(kind_for(permit_type.code), APPLICANT, permit_type) == "you"


def test_the_application_page_says_what_happens_next(client):
    application = factories.ApplicationFactory(
        permit_type=factories.permit_type("tisbury.temporary_food"))
    client.force_login(application.applicant)

    content = client.get(reverse("licensing:application", args=[application.pk])
                         ).content.decode()

    assert 'id="next-step"' in content
    assert "What happens next" in content
    assert "You submit the application" in content
