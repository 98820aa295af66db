"""The dog officer's actions that take no body refuse one (North Andover Code ch. 60): a
bite's potentially dangerous case, a dog case's ``close/``, ``compliance/`` and
``release/``, an impoundment's ``invoice/``, ``release/`` and ``town-property/`` and a
finder's ``cite/``. A body is a 400 that changes nothing; no body, or ``{}``, is taken."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.core.cache import cache

from dogs.cases import NUISANCE_DOG, POTENTIALLY_DANGEROUS_DOG
from dogs.impoundment import found
from dogs.impoundment.services import identify_owner, invoice_fees, record_intake
from dogs.models import FoundAnimalReport, FoundReportStatus, ImpoundmentStatus, Species
from permits_site.enforcement.models import CaseStatus
from permits_site.enforcement.services.fines import set_offense_amounts
from permits_site.licensing.models import PaymentMethod
from permits_site.licensing.services.payments import record_payment
from tests.api.bodyless import EMPTY_BODIES, REFUSED_BODIES, assert_refused_unchanged, post_body
from tests.dogs.test_dog_cases import dog_case
from tests.factories import BiteRecordFactory, DogFactory, Role, local, staff

pytestmark = pytest.mark.django_db

THU_JUNE_4 = dt.date(2026, 6, 4)
#: The day after the hold of a June 4 intake ends.
FRI_JUNE_12 = dt.date(2026, 6, 12)


@pytest.fixture(autouse=True)
def _june_12():
    with time_machine.travel(local(FRI_JUNE_12, 11), tick=False):
        yield


@pytest.fixture(autouse=True)
def _no_reports_counted():
    """The finders' reports of earlier tests do not count against this one's."""
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def people(owner, aco, north_andover):
    return {"owner": owner, "aco": aco, "town": north_andover,
            "clerk": staff(Role.CLERK, "north_andover")}


def goat(people, *, invoiced=False, paid=False):
    """A goat taken in on June 4 (no rabies proof needed), its owner known."""
    with time_machine.travel(local(THU_JUNE_4, 12), tick=False):
        record = record_intake(municipality=people["town"], impounded_on=THU_JUNE_4,
                               acting_user=people["aco"], species=Species.LIVESTOCK,
                               description="Nubian goat")
    identify_owner(impoundment=record, owner_name="Farmer Jones",
                   owner_contact="Salem Street farm", identification_note="Ear tag",
                   acting_user=people["aco"])
    if invoiced or paid:
        invoice = invoice_fees(impoundment=record, acting_user=people["aco"])
    if paid:
        record_payment(invoice=invoice, method=PaymentMethod.CASH, reference=f"R-{record.pk}",
                       amount=invoice.balance(), acting_user=people["clerk"])
    record.refresh_from_db()
    return record


def bite(people):
    record = BiteRecordFactory(dog=DogFactory(owner=people["owner"]))
    return f"/api/v1/bites/{record.pk}/potentially-dangerous-case/", record


def nuisance_case(people):
    case = dog_case(NUISANCE_DOG, people["owner"], people["aco"])
    return f"/api/v1/dog-cases/{case.pk}/close/", case


def impoundment_to_invoice(people):
    record = goat(people)
    return f"/api/v1/impoundments/{record.pk}/invoice/", record


def impoundment_to_release(people):
    record = goat(people, paid=True)
    return f"/api/v1/impoundments/{record.pk}/release/", record


def impoundment_past_its_hold(people):
    with time_machine.travel(local(THU_JUNE_4, 12), tick=False):
        record = record_intake(municipality=people["town"], impounded_on=THU_JUNE_4,
                               acting_user=people["aco"], species=Species.CAT,
                               description="Gray tabby, female, no collar",
                               found_at="Elm Street")
    return f"/api/v1/impoundments/{record.pk}/town-property/", record


def finders_report_kept(people):
    """A finder asked to turn a stray over, with the Select Board's fine set (Impoundment
    B(2))."""
    set_offense_amounts(municipality=people["town"], offense=found.NOT_TURNED_OVER,
                        effective_from=FRI_JUNE_12,
                        amounts={"first": "25", "second": "50", "later": "50"},
                        acting_user=staff(Role.ADMIN, "north_andover"))
    with time_machine.travel(local(THU_JUNE_4, 12), tick=False):
        found.report_found_dog(municipality=people["town"], tag_number="", species=Species.CAT,
                               description="Gray tabby", found_at="12 Elm Street",
                               finder_name="Fay Finder", finder_contact="978-555-0199",
                               message="In my garage.", client_address="203.0.113.7")
    report = FoundAnimalReport.objects.latest("pk")
    found.request_turn_over(report=report, requested_on=THU_JUNE_4, acting_user=people["aco"])
    return f"/api/v1/found-reports/{report.pk}/cite/", report


#: Each action: a record it may be taken on now, and whether it was.
TAKEN = {
    "open a bite's potentially dangerous case": (
        bite, 201, lambda record: record.case.case_type == POTENTIALLY_DANGEROUS_DOG),
    "close a dog case": (nuisance_case, 200,
                         lambda case: case.status == CaseStatus.CLOSED),
    "invoice an impoundment's fees": (impoundment_to_invoice, 200,
                                      lambda record: record.fee_invoice_id is not None),
    "release an impoundment to its owner": (
        impoundment_to_release, 200, lambda record: record.status == ImpoundmentStatus.RELEASED),
    "declare an impoundment town property": (
        impoundment_past_its_hold, 200,
        lambda record: record.status == ImpoundmentStatus.TOWN_PROPERTY),
    "cite a finder who kept the stray": (
        finders_report_kept, 200,
        lambda report: report.status == FoundReportStatus.NOT_TURNED_OVER),
}


def dog_case_step(step: str):
    """A potentially dangerous dog case just opened: its ``compliance/`` and ``release/``
    wait on duties it does not have yet."""

    def setup(people):
        case = dog_case(POTENTIALLY_DANGEROUS_DOG, people["owner"], people["aco"])
        return f"/api/v1/dog-cases/{case.pk}/{step}/", case
    return setup


#: Every action, those above and those whose record is refused for what it lacks.
ACTIONS = {
    **{action: setup for action, (setup, _, _) in TAKEN.items()},
    "record a dog case's compliance": dog_case_step("compliance"),
    "release a potentially dangerous dog": dog_case_step("release"),
}


@pytest.mark.parametrize("body", REFUSED_BODIES)
@pytest.mark.parametrize("action", ACTIONS)
def test_a_body_is_refused_and_nothing_changes(people, action, body):
    url, record = ACTIONS[action](people)

    assert_refused_unchanged(people["aco"], url, record, body)


@pytest.mark.parametrize("body", EMPTY_BODIES)
@pytest.mark.parametrize("action", TAKEN)
def test_no_body_or_an_empty_object_takes_the_action(people, action, body):
    setup, code, taken = TAKEN[action]
    url, record = setup(people)

    response = post_body(people["aco"], url, *EMPTY_BODIES[body])

    assert response.status_code == code, response.content
    record.refresh_from_db()
    assert taken(record)


@pytest.mark.parametrize("body", ["an empty object"])
@pytest.mark.parametrize("step", ["compliance", "release"])
def test_an_empty_object_is_answered_as_no_body(people, step, body):
    setup = dog_case_step(step)

    without = post_body(people["aco"], setup(people)[0], *EMPTY_BODIES["no body"])
    with_object = post_body(people["aco"], setup(people)[0], *EMPTY_BODIES[body])

    assert without.status_code == with_object.status_code == 400
    assert with_object.json() == without.json()
    assert "unexpected" not in with_object.json()

