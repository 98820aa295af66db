"""The office's records on a stable application — the zoning certification (Northborough
§2.3), the Conservation Commission review (§4.1), the confirmation that the stable is
grandfathered (§2.5) — are never recorded by the Clerk on their own application: the core's
rule (``permissions.own_application_refusal``) refuses the service, the review screen's
panel offers no form, a post to the page and the API answer 403 with the sentence of every
other office step, and another Clerk records them."""

import pytest
import time_machine
from django.urls import reverse

from permits_site.accounts.models import Role
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import PermissionDenied
from stables.models import Stable, StableApplication
from stables.permits import services
from tests.factories import staff
from tests.own_application import OWN, OWN_ON_PAGE, assert_api_refuses_own_then_colleague_takes
from tests.stables.flow import answers, submitted
from tests.stables.test_pages import MARCH_15_2027

pytestmark = pytest.mark.django_db

ON = MARCH_15_2027.date()


@pytest.fixture(autouse=True)
def _march_2027():
    with time_machine.travel(MARCH_15_2027, tick=False):
        yield


@pytest.fixture
def own(nb_clerk):
    """The Clerk's own stable application, made and submitted as a resident, claiming the
    stable is grandfathered."""
    return submitted(nb_clerk, facts=answers(grandfathered=True))


@pytest.fixture
def colleague(db):
    """Another Clerk of Northborough."""
    return staff(Role.CLERK, "northborough", first_name="Colin", last_name="Colleague")


#: Each record: the service call, the page's address, what the page posts.
RECORDS = {
    "zoning": (lambda application, user: services.record_sign_off(
        application=application, kind="zoning", on=ON, acting_user=user),
        "stables:record_zoning", {"on": ON.isoformat()}),
    "conservation": (lambda application, user: services.record_sign_off(
        application=application, kind="conservation", on=ON, acting_user=user),
        "stables:record_conservation", {"on": ON.isoformat()}),
    "grandfathered": (lambda application, user: services.confirm_grandfathered(
        application=application, note="BOH permit 1987-12", acting_user=user),
        "stables:confirm_grandfathered", {"note": "BOH permit 1987-12"}),
}
#: The panel's buttons, offered on another's application while nothing is recorded.
BUTTONS = ("Record the zoning certification", "Record the Conservation Commission review",
           "Confirm the stable is grandfathered")


def state(application) -> tuple:
    """Everything a record could change: the sign-offs, the stable's status, the log."""
    details = StableApplication.objects.get(application=application)
    stable = Stable.objects.get(pk=details.stable_id)
    return (details.zoning_certified_on, details.conservation_reviewed_on,
            stable.grandfathered, AuditEntry.objects.count())


@pytest.mark.parametrize("record", list(RECORDS))
def test_the_service_refuses_the_clerk_their_own_application(own, nb_clerk, record):
    before = state(own)

    with pytest.raises(PermissionDenied) as refused:
        RECORDS[record][0](own, nb_clerk)

    assert str(refused.value) == OWN
    assert state(own) == before


@pytest.mark.parametrize("record", list(RECORDS))
def test_another_clerk_records_it(own, colleague, record):
    before = state(own)

    RECORDS[record][0](own, colleague)

    assert state(own) != before


def test_the_panel_offers_the_clerk_no_form_on_their_own_application(client, own, nb_clerk,
                                                                     colleague):
    url = reverse("licensing:review", args=[own.pk])
    client.force_login(nb_clerk)
    mine = client.get(url).content.decode()
    client.force_login(colleague)
    theirs = client.get(url).content.decode()

    assert OWN_ON_PAGE in mine
    for button in BUTTONS:
        assert button not in mine, button
        assert button in theirs, button


@pytest.mark.parametrize("record", list(RECORDS))
def test_posting_the_page_is_refused_saying_why(client, own, nb_clerk, record):
    _, name, data = RECORDS[record]
    before = state(own)
    client.force_login(nb_clerk)

    response = client.post(reverse(name, args=[own.pk]), data)

    assert response.status_code == 403
    assert OWN_ON_PAGE in response.content.decode()
    assert state(own) == before


@pytest.mark.parametrize("kind", ["zoning", "conservation"])
def test_the_api_answers_403_saying_why(own, nb_clerk, colleague, kind):
    assert_api_refuses_own_then_colleague_takes(
        f"/api/v1/stable-applications/{own.pk}/signoffs/", {"kind": kind, "on": ON.isoformat()},
        applicant=nb_clerk, colleague=colleague, state=lambda: state(own))
