"""An office closure entered on a day hearings are set for lists them, each linking to
where it is moved; removing a closure asks first."""

import datetime as dt

import pytest
import time_machine
from django.contrib.messages import get_messages
from django.urls import reverse

from permits_site.enforcement.registry import steps_page_url
from permits_site.licensing.models import ApplicationStatus
from permits_site.licensing.services.hearing_days import SetHearing, hearings_set_on
from permits_site.towns.models import Closure
from tests.factories import (
    AppealFactory,
    ApplicationFactory,
    CaseFactory,
    CaseHearingFactory,
    CitationFactory,
    CitationHearingFactory,
    PermitHearingFactory,
    Role,
    municipality,
    permit_type,
    staff,
)

pytestmark = pytest.mark.django_db

THURSDAY = dt.date(2026, 12, 17)
PAGE = reverse("licensing:closures", args=["tisbury"])


@pytest.fixture(autouse=True)
def _a_monday_ten_days_before():
    with time_machine.travel(dt.datetime(2026, 12, 7, 9, 0), tick=False):
        yield


@pytest.fixture
def admin(client):
    user = staff(Role.ADMIN, "tisbury")
    client.force_login(user)
    return user


def tisbury_case(**fields):
    return CaseFactory(municipality=municipality("tisbury"),
                       case_type="tisbury.health_violation", party_name="Ann Lee",
                       address="4 Main Street", **fields)


@pytest.fixture
def set_for_thursday():
    """One hearing of each kind, undecided and set for Thursday."""
    case_hearing = CaseHearingFactory(case=tisbury_case(), hearing_date=THURSDAY)
    citation_hearing = CitationHearingFactory(
        citation=CitationFactory(case=tisbury_case()), hearing_date=THURSDAY)
    appeal = AppealFactory(case=tisbury_case(), hearing_date=THURSDAY)
    application = ApplicationFactory(permit_type=permit_type("tisbury.residential_kitchen"),
                                     status=ApplicationStatus.SUBMITTED)
    application_hearing = PermitHearingFactory(application=application, hearing_date=THURSDAY)
    return case_hearing, citation_hearing, appeal, application_hearing


def test_the_towns_undecided_hearings_of_the_day_are_found_with_where_to_move_them(
        set_for_thursday):
    case_hearing, citation_hearing, appeal, application_hearing = set_for_thursday
    CaseHearingFactory(case=tisbury_case(), hearing_date=THURSDAY, decided_on=THURSDAY)
    AppealFactory(case=tisbury_case(), hearing_date=THURSDAY + dt.timedelta(days=1))
    CaseHearingFactory(hearing_date=THURSDAY)  # North Andover's
    application = application_hearing.application

    found = hearings_set_on(municipality("tisbury"), THURSDAY)

    assert found == [
        SetHearing(f"Hearing on case #{case_hearing.case_id} (Ann Lee, 4 Main Street)",
                   reverse("enforcement:case", args=[case_hearing.case_id])),
        SetHearing(f"Hearing on citation #{citation_hearing.citation_id} (Ann Lee)",
                   reverse("enforcement:citation", args=[citation_hearing.citation_id])),
        SetHearing(f"Appeal hearing on case #{appeal.case_id} (Ann Lee, 4 Main Street)",
                   steps_page_url(appeal.case)),
        SetHearing(f"Hearing on {application.permit_type.name} application #{application.pk} "
                   f"({application.applicant.display_name})",
                   reverse("licensing:review", args=[application.pk]) + "#hearing-heading"),
    ]


def test_saving_a_closure_on_a_hearing_day_says_each_hearing_must_be_moved(
        client, admin, set_for_thursday):
    response = client.post(PAGE, {"date": THURSDAY.isoformat(), "reason": "Snow emergency"},
                           follow=True)

    saved, warning = (str(message) for message in get_messages(response.wsgi_request))
    case_hearing, citation_hearing, appeal, application_hearing = set_for_thursday
    assert saved == "Closure saved; deadlines now skip that day."
    assert warning.startswith("These hearings are set for Thursday, December 17, 2026 and must "
                              "be moved to a day the offices are open: ")
    for link in (reverse("enforcement:case", args=[case_hearing.case_id]),
                 reverse("enforcement:citation", args=[citation_hearing.citation_id]),
                 steps_page_url(appeal.case),
                 reverse("licensing:review", args=[application_hearing.application_id])):
        assert f'<a href="{link}' in warning
    assert f'<a href="{reverse("enforcement:case", args=[case_hearing.case_id])}">' in (
        response.content.decode())


def test_a_closure_on_a_day_without_hearings_warns_of_none(client, admin):
    CaseHearingFactory(case=tisbury_case(), hearing_date=THURSDAY + dt.timedelta(days=1))

    response = client.post(PAGE, {"date": THURSDAY.isoformat(), "reason": "Snow emergency"},
                           follow=True)

    assert [str(message) for message in get_messages(response.wsgi_request)] == [
        "Closure saved; deadlines now skip that day."]


# -- removing a closure --------------------------------------------------------------------


@pytest.fixture
def closure():
    return Closure.objects.create(municipality=municipality("tisbury"), date=THURSDAY,
                                  reason="Snow emergency")


def test_remove_on_the_list_is_a_link_to_a_confirmation(client, admin, closure):
    remove = reverse("licensing:closure_remove", args=[closure.pk])

    page = client.get(PAGE).content.decode()
    confirmation = client.get(remove)

    assert f'href="{remove}"' in page
    assert f'action="{remove}"' not in page
    assert confirmation.status_code == 200
    text = confirmation.content.decode()
    assert ("Remove the closure of Thursday, December 17, 2026 (Snow emergency)? Every deadline "
            "counted over that day moves back.") in text
    assert '<form method="post">' in text
    assert f'href="{PAGE}">Cancel</a>' in text
    assert Closure.objects.filter(pk=closure.pk).exists()


def test_the_confirmations_button_removes_the_closure(client, admin, closure):
    response = client.post(reverse("licensing:closure_remove", args=[closure.pk]))

    assert response.status_code == 302
    assert response["Location"] == PAGE
    assert not Closure.objects.exists()


def test_another_towns_closure_is_not_found_to_confirm(client, admin):
    other = Closure.objects.create(municipality=municipality("north_andover"), date=THURSDAY,
                                   reason="Storm")

    assert client.get(reverse("licensing:closure_remove", args=[other.pk])).status_code == 404
    assert Closure.objects.filter(pk=other.pk).exists()
