"""No member of staff takes the Board's relief or the hearing of their own application: a
Board member who applied — or whose business applied — signs none of its variances or
waivers (Northborough §8.2, Tisbury 09.0.3), and a Clerk who applied schedules none of its
hearings nor records their notices' mailing or decision (Northborough §2.2). The services
refuse and change nothing, the review screen offers none of these forms, its posts and the
API refuse with the sentence the other office steps use
(tests/licensing/test_own_application.py); another member of the town's staff takes them.
"""

import datetime as dt

import pytest
import time_machine
from django.urls import reverse

from permits_site.accounts.models import Role
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import PermissionDenied
from permits_site.licensing.kinds import registered_kind
from permits_site.licensing.models import PermitType, VarianceStatus
from permits_site.licensing.services.applications import create_application, submit_application
from permits_site.licensing.services.hearings import (
    decide_hearing,
    record_notice_mailing,
    schedule_hearing,
)
from permits_site.licensing.services.variances import deny_variance, sign_variance
from tests.api.conftest import client_for
from tests.factories import BusinessMemberFactory, VarianceFactory, staff
from tests.licensing.test_hearings import (
    ABUTTERS,
    NOTICE_CITATION,
    PRIVATE_STABLE,
    UNNUMBERED,
    HearingKind,
)
from tests.licensing.test_variances import (
    DISPOSAL_WORKS,
    TOO_CLOSE_TO_A_WELL,
    WaiverKind,
    requested,
)
from tests.own_application import (
    OWN,
    OWN_BUSINESS,
    OWN_ON_PAGE,
    assert_api_refuses_own_then_colleague_takes,
)
from tests.page_forms import post_action
from tests.tisbury.support import with_required_documents

pytestmark = pytest.mark.django_db

JUNE_3_2030 = dt.datetime(2030, 6, 3, 10, 0)
TODAY = JUNE_3_2030.date()
#: The day after the hearing scheduled 14 days after TODAY: it may be decided.
AFTER_THE_HEARING = dt.datetime(2030, 6, 18, 10, 0)
GRANT = {"conditions": "Annual water test.", "bases": "No other site on the lot."}


@pytest.fixture(autouse=True)
def _june_2030():
    with time_machine.travel(JUNE_3_2030, tick=False):
        yield


def own_application(applicant, code: str, **facts):
    """``applicant``'s own application of ``code``, made and submitted as a resident."""
    application = create_application(applicant=applicant,
                                      permit_type=PermitType.objects.get(code=code),
                                      action="new", facts=facts)
    return submit_application(application=with_required_documents(application),
                              acting_user=applicant)


def review_url(application) -> str:
    return reverse("licensing:review", args=[application.pk])


def review_page(client, user, application) -> str:
    client.force_login(user)
    response = client.get(review_url(application))
    assert response.status_code == 200
    return response.content.decode()


# -- variances and waivers: the Board member's signature (§8.2, 09.0.3) -------------------


@pytest.fixture
def board_member(db):
    return staff(Role.BOARD_MEMBER, "tisbury", first_name="Bea", last_name="Board")


@pytest.fixture
def other_member(db):
    """Another member of Tisbury's Board of Health."""
    return staff(Role.BOARD_MEMBER, "tisbury", first_name="Ben", last_name="Bench")


@pytest.fixture
def variance(board_member):
    """A waiver, asked by the clerk, of the Board member's own disposal works application."""
    with registered_kind(WaiverKind(signatures=1)):
        application = own_application(board_member, DISPOSAL_WORKS, **TOO_CLOSE_TO_A_WELL)
        yield requested(application, staff(Role.CLERK, "tisbury"))


def variance_state(variance) -> tuple:
    """Everything a signature could change: the status, the text, the signatures, the log."""
    variance.refresh_from_db()
    return (variance.status, variance.conditions, variance.bases, variance.denial_reason,
            variance.signatures.count(), AuditEntry.objects.count())


SIGNATURES = {
    "approve": lambda variance, member: sign_variance(variance=variance, board_member=member,
                                                      approve=True, **GRANT),
    "oppose": lambda variance, member: sign_variance(variance=variance, board_member=member,
                                                     approve=False),
    "deny": lambda variance, member: deny_variance(variance=variance, board_member=member,
                                                   reason="The well is too close."),
}


@pytest.mark.parametrize("signature", list(SIGNATURES))
def test_the_board_member_who_applied_signs_none_of_its_waivers(variance, board_member,
                                                                 signature):
    before = variance_state(variance)

    with pytest.raises(PermissionDenied) as refused:
        SIGNATURES[signature](variance, board_member)

    assert str(refused.value) == OWN
    assert variance_state(variance) == before


def test_a_member_of_the_business_that_applied_signs_none_of_its_waivers(board_member):
    member = BusinessMemberFactory(user=board_member)
    variance = VarianceFactory(application__business=member.business)

    with pytest.raises(PermissionDenied) as refused:
        sign_variance(variance=variance, board_member=board_member, approve=True, **GRANT)

    assert str(refused.value) == OWN_BUSINESS
    assert not variance.signatures.exists()


def test_another_member_of_the_board_grants_it(variance, other_member):
    SIGNATURES["approve"](variance, other_member)

    variance.refresh_from_db()
    assert variance.status == VarianceStatus.GRANTED
    assert list(variance.signatures.values_list("board_member", flat=True)) == [other_member.pk]


def test_the_review_screen_offers_the_board_member_who_applied_no_signature(
        client, variance, board_member, other_member):
    own = review_page(client, board_member, variance.application)
    theirs = review_page(client, other_member, variance.application)

    assert OWN_ON_PAGE in own
    assert "Approve with these conditions and bases" not in own
    assert f'name="deny-{variance.pk}-reason"' not in own
    assert OWN_ON_PAGE not in theirs
    assert "Approve with these conditions and bases" in theirs
    assert f'name="deny-{variance.pk}-reason"' in theirs


@pytest.mark.parametrize(("action", "data"), [
    ("variance_approve", {"approve-{pk}-conditions": "Annual test.", "approve-{pk}-bases": "Lot."}),
    ("variance_deny", {"deny-{pk}-reason": "The well is too close."}),
])
def test_signing_on_the_screen_is_refused_saying_why(client, variance, board_member, action,
                                                     data):
    before = variance_state(variance)
    client.force_login(board_member)

    response = post_action(client, review_url(variance.application), action,
                           variance=variance.pk,
                           data={name.format(pk=variance.pk): text for name, text in data.items()})

    assert response.status_code == 403
    page = response.content.decode()
    assert OWN_ON_PAGE in page
    assert "administrator gives the" not in page  # no role to ask for: they hold it
    assert variance_state(variance) == before


@pytest.mark.parametrize(("endpoint", "body"), [
    ("sign", {"approve": True, **GRANT}),
    ("sign", {"approve": False}),
    ("deny", {"reason": "The well is too close."}),
])
def test_the_api_answers_403_saying_why(variance, board_member, other_member, endpoint, body):
    assert_api_refuses_own_then_colleague_takes(
        f"/api/v1/applications/{variance.application_id}/variances/{variance.pk}/{endpoint}/",
        body, applicant=board_member, colleague=other_member,
        state=lambda: variance_state(variance))


# -- hearings: scheduling, the notices' mailing, the decision (§2.2) ----------------------


@pytest.fixture
def clerk(db):
    return staff(Role.CLERK, "northborough", first_name="Nora", last_name="Clerk")


@pytest.fixture
def colleague(db):
    """Another Clerk of Northborough."""
    return staff(Role.CLERK, "northborough", first_name="Colin", last_name="Colleague")


@pytest.fixture
def stable(clerk):
    """The Clerk's own stable application, made and submitted as a resident, of a permit kind
    with hearings noticed by certified mail 10 days ahead (§2.2)."""
    with registered_kind(HearingKind(PRIVATE_STABLE, notice_days=10, citation=NOTICE_CITATION,
                                     certified_mail=True)):
        yield own_application(clerk, PRIVATE_STABLE)


def schedule(application, user, *, abutters=ABUTTERS, mailed: dt.date | None = TODAY):
    return schedule_hearing(application=application, hearing_date=TODAY + dt.timedelta(days=14),
                            notices_mailed_on=mailed, location="7:00 PM, Town Hall",
                            abutters=abutters, acting_user=user)


def unmailed(application, user):
    """A hearing whose letters are printed, their mailing not yet recorded."""
    return schedule(application, user, abutters=[UNNUMBERED], mailed=None)


def record_mailing(application, user):
    hearing = application.hearings.get()
    return record_notice_mailing(
        hearing=hearing, notices_mailed_on=TODAY, acting_user=user,
        certified_mail_numbers={abutter.pk: "7019 0700 0000 1234 5679"
                                for abutter in hearing.abutters.all()})


def decide(application, user):
    with time_machine.travel(AFTER_THE_HEARING, tick=False):
        return decide_hearing(hearing=application.hearings.get(), decision="Granted.",
                              decided_on=AFTER_THE_HEARING.date(), acting_user=user)


#: Each step: (what the colleague does first so that the step may be taken, the step).
HEARING_STEPS = {
    "schedule the hearing": (None, schedule),
    "record the notices' mailing": (unmailed, record_mailing),
    "record the decision": (schedule, decide),
}


def hearing_state(application) -> tuple:
    """Everything a hearing's step could change: its hearings, their mailing, the article
    numbers, the decisions and the audit log."""
    return (list(application.hearings.values_list("notices_mailed_on", "decided_on",
                                                  "decision")),
            sorted(application.hearings.values_list("abutters__certified_mail_number",
                                                    flat=True)),
            AuditEntry.objects.count())


@pytest.mark.parametrize("step", list(HEARING_STEPS))
def test_the_clerk_who_applied_takes_no_step_of_its_hearing(stable, clerk, colleague, step):
    prepare, take = HEARING_STEPS[step]
    if prepare:
        prepare(stable, colleague)
    before = hearing_state(stable)

    with pytest.raises(PermissionDenied) as refused:
        take(stable, clerk)

    assert str(refused.value) == OWN
    assert hearing_state(stable) == before


@pytest.mark.parametrize("step", list(HEARING_STEPS))
def test_another_clerk_of_the_town_takes_each_step(stable, colleague, step):
    prepare, take = HEARING_STEPS[step]
    if prepare:
        prepare(stable, colleague)
    before = hearing_state(stable)

    take(stable, colleague)

    assert hearing_state(stable) != before


def test_a_board_member_who_applied_records_no_decision_of_its_hearing(colleague):
    member = staff(Role.BOARD_MEMBER, "northborough")
    with registered_kind(HearingKind(PRIVATE_STABLE, notice_days=10, citation=NOTICE_CITATION,
                                     certified_mail=True)):
        application = own_application(member, PRIVATE_STABLE)
        schedule(application, colleague)

        with pytest.raises(PermissionDenied, match="You applied for this"):
            decide(application, member)

    assert application.hearings.get().decided_on is None


def test_scheduling_a_hearing_is_not_among_the_applicants_own_actions(client, stable, clerk,
                                                                      colleague):
    mine = client_for(clerk).get(f"/api/v1/applications/{stable.pk}/").json()
    theirs = client_for(colleague).get(f"/api/v1/applications/{stable.pk}/").json()

    assert "schedule_hearing" not in mine["allowed_actions"]
    assert "schedule_hearing" in theirs["allowed_actions"]
    assert "Schedule the hearing" not in review_page(client, clerk, stable)
    assert "Schedule the hearing" in review_page(client, colleague, stable)


@pytest.mark.parametrize(("prepare", "form"), [(unmailed, "Record the mailing"),
                                                (schedule, "Record the decision")])
def test_the_review_screen_offers_the_clerk_who_applied_no_form_of_its_hearing(
        client, stable, clerk, colleague, prepare, form):
    prepare(stable, colleague)

    with time_machine.travel(AFTER_THE_HEARING, tick=False):
        own = review_page(client, clerk, stable)
        theirs = review_page(client, colleague, stable)

    assert OWN_ON_PAGE in own
    assert form not in own
    assert form in theirs


#: Each hearing form of the review screen: (what the colleague does first, the day it is
#: posted, its action and the data it posts for the hearing numbered ``pk``).
PAGE_POSTS = {
    "hearing_schedule": (None, JUNE_3_2030, lambda pk: {
        "hearing-hearing_date": "2030-06-17", "hearing-location": "7:00 PM, Town Hall",
        "hearing-abutters": "Ann Abbot | 3 Green Lane"}),
    "hearing_mailing": (unmailed, JUNE_3_2030, lambda pk: {
        f"mailing-{pk}-notices_mailed_on": "2030-06-03"}),
    "hearing_decide": (schedule, AFTER_THE_HEARING, lambda pk: {
        f"decide-{pk}-decision": "Granted.", f"decide-{pk}-decided_on": "2030-06-17"}),
}


@pytest.mark.parametrize("action", list(PAGE_POSTS))
def test_posting_a_hearing_step_on_the_screen_is_refused_saying_why(
        client, stable, clerk, colleague, action):
    prepare, day, data = PAGE_POSTS[action]
    if prepare:
        prepare(stable, colleague)
    hearing = stable.hearings.first()
    records = {"hearing": hearing.pk} if hearing else {}
    before = hearing_state(stable)

    with time_machine.travel(day, tick=False):
        client.force_login(clerk)
        response = post_action(client, review_url(stable), action,
                               data=data(hearing and hearing.pk), **records)

    assert response.status_code == 403
    page = response.content.decode()
    assert OWN_ON_PAGE in page
    assert "administrator gives the" not in page
    assert hearing_state(stable) == before


#: Each hearing endpoint: (what the colleague does first, the day it is posted, its address
#: under the application's hearings and its body, given the hearing, the answer's status).
API_POSTS = {
    "schedule": (None, JUNE_3_2030, lambda hearing: ("", {
        "hearing_date": "2030-06-17", "notices_mailed_on": "2030-06-03",
        "location": "7:00 PM, Town Hall", "abutters": ABUTTERS}), 201),
    "mailing": (unmailed, JUNE_3_2030, lambda hearing: (f"{hearing.pk}/mailing/", {
        "notices_mailed_on": "2030-06-03",
        "abutters": [{"id": abutter.pk, "certified_mail_number": "7019 0700 1"}
                     for abutter in hearing.abutters.all()]}), 200),
    "decision": (schedule, AFTER_THE_HEARING, lambda hearing: (
        f"{hearing.pk}/decision/", {"decision": "Granted.", "decided_on": "2030-06-17"}), 200),
}


@pytest.mark.parametrize("endpoint", list(API_POSTS))
def test_the_api_answers_403_saying_why_and_another_clerk_takes_the_step(
        stable, clerk, colleague, endpoint):
    prepare, day, request, created = API_POSTS[endpoint]
    if prepare:
        prepare(stable, colleague)
    path, body = request(stable.hearings.first())
    with time_machine.travel(day, tick=False):
        assert_api_refuses_own_then_colleague_takes(
            f"/api/v1/applications/{stable.pk}/hearings/{path}", body, applicant=clerk,
            colleague=colleague, state=lambda: hearing_state(stable), taken_status=created)
