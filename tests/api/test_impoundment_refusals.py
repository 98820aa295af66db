"""A request about impoundments refused for who sends it says what it attempted and who may
do it (North Andover Code ch. 60, Impoundment A–H; ACO B(2)): recording an intake, a step on
a record, a payment or a finder's report's follow-up, not only that the caller may not see
the records."""

import datetime as dt

import pytest

from dogs.impoundment.services import record_intake
from tests.api.conftest import client_for
from tests.factories import FoundAnimalReportFactory, Role, UserFactory, municipality, staff

pytestmark = pytest.mark.django_db

IMPOUNDMENTS = "/api/v1/impoundments/"
REPORTS = "/api/v1/found-reports/"
OFFICER = "Animal Control Officer"

#: Each officer's step on a record: its path, and the act a refusal names.
STEPS = [
    ("identify/", "identify an impounded animal's owner"),
    ("notices/", "record a notice to an impounded animal's owner"),
    ("cori-checks/", "record an adopter's CORI check"),
    ("rabies-proof/", "record an impounded animal's rabies proof"),
    ("invoice/", "invoice an impoundment's fees"),
    ("release/", "release an impounded animal to its owner"),
    ("contract/", "record an owner's surrender or safe-hold contract"),
    ("town-property/", "declare an unclaimed dog the Town's"),
    ("disposition/", "record an impounded animal's disposition"),
    ("forwarded/", "record an intake record forwarded to the Town Clerk"),
]
#: Each step on a finder's report (Impoundment B).
REPORT_STEPS = [
    ("request-turn-over/", "ask a finder to turn an animal over"),
    ("turned-over/", "record an animal a finder turned over"),
    ("close/", "close a finder's report"),
    ("cite/", "cite a finder who did not turn an animal over"),
]


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER)


@pytest.fixture
def record(aco):
    return record_intake(municipality=municipality("north_andover"), acting_user=aco,
                         impounded_on=dt.date(2027, 2, 8), description="Beagle, tricolor")


@pytest.fixture
def report(db):
    return FoundAnimalReportFactory()


def detail(response) -> str:
    assert response.status_code == 403, response.content
    return response.json()["detail"]


def test_a_resident_recording_an_intake_is_told_who_records_one(db):
    response = client_for(UserFactory()).post(IMPOUNDMENTS, {}, format="json")

    assert detail(response) == f"Only the town's {OFFICER} may record an impoundment."


@pytest.mark.parametrize(("step", "doing"), STEPS)
def test_a_resident_taking_an_officers_step_is_told_which_and_who_takes_it(record, step,
                                                                           doing):
    response = client_for(UserFactory()).post(f"{IMPOUNDMENTS}{record.pk}/{step}", {},
                                              format="json")

    assert detail(response) == f"Only the town's {OFFICER} may {doing}."


@pytest.mark.parametrize(("step", "doing"), STEPS)
def test_the_clerk_who_reads_the_records_is_told_the_step_is_the_officers(record, step, doing):
    """The Clerk receives the records (ACO B(2)) and reads them, but takes no step on them:
    refused before the body is read, naming the step."""
    clerk = client_for(staff(Role.CLERK))

    response = clerk.post(f"{IMPOUNDMENTS}{record.pk}/{step}", {}, format="json")

    assert detail(response) == f"Only the town's {OFFICER} may {doing}."


def test_the_clerk_recording_an_intake_is_told_the_officer_records_it(db):
    response = client_for(staff(Role.CLERK)).post(IMPOUNDMENTS, {}, format="json")

    assert detail(response) == f"Only the town's {OFFICER} may record an impoundment."


def test_a_resident_taking_a_payment_is_told_who_takes_it(record):
    response = client_for(UserFactory()).post(f"{IMPOUNDMENTS}{record.pk}/payments/", {},
                                              format="json")

    assert detail(response) == (
        f"Only the town's Clerk or {OFFICER} may take payments for an impoundment.")


@pytest.mark.parametrize(("step", "doing"), REPORT_STEPS)
def test_a_step_on_a_finders_report_names_itself_and_who_takes_it(report, step, doing):
    for caller in (UserFactory(), staff(Role.CLERK)):
        response = client_for(caller).post(f"{REPORTS}{report.pk}/{step}", {}, format="json")

        assert detail(response) == f"Only the town's {OFFICER} may {doing}."


def test_reading_the_records_is_still_refused_as_seeing_them(db):
    response = client_for(UserFactory()).get(IMPOUNDMENTS)

    assert detail(response) == (
        f"Only the town's Clerk, {OFFICER} or Admin may see impoundments.")
