"""A public hearing on an application continued to a new day, hour or place (Northborough
Horse & Stable Regs §2.2): postponed before its day, the abutters are noticed again by
certified mail at least 10 days ahead; opened and continued at the hearing, the notice
mailed for it stands. The review screen continues it and shows the hearing's history, the
applicant's page names the new day, and the abutters' letters say the hearing is continued.
"""

import datetime as dt
import io

import pytest
import time_machine
from django.urls import reverse
from pypdf import PdfReader

from permits_site.accounts.models import Role
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, InvalidTransition, PermissionDenied
from permits_site.licensing.models import (
    Application,
    ApplicationStatus,
    PermitHearing,
    PermitHearingContinuance,
)
from permits_site.licensing.services.hearings import (
    continue_hearing,
    decide_hearing,
    missing_notices,
    record_notice_mailing,
    render_notice_letters,
    schedule_hearing,
)
from tests.factories import staff
from tests.licensing.test_hearings import (  # noqa: F401 -- stable_kind, a fixture
    ABUTTERS,
    NOTICE_CITATION,
    stable_kind,
    submitted_application,
)
from tests.page_forms import assert_on_the_page, field_error, post_action

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("stable_kind")]
MAILED = dt.date(2030, 7, 1)            # Monday: the hearing is scheduled and noticed
HEARING_DAY = dt.date(2030, 7, 16)      # Tuesday, 15 days after the mailing
DAY_BEFORE = dt.date(2030, 7, 15)
DAY_AFTER = dt.date(2030, 7, 17)
NEW_DAY = dt.date(2030, 8, 1)           # Thursday
SEVEN_PM = dt.time(19, 0)
TOWN_HALL = "Board of Health room, Town Hall, 63 Main Street"
SENIOR_CENTER = "Northborough Senior Center, 119 Bearfoot Road"
REASON = "The applicant asked for time to answer the abutters' letters."
WAS_SET_FOR = "Tuesday, July 16, 2030, 7:00 PM, Board of Health room, Town Hall, 63 Main Street"
IS_SET_FOR = "Thursday, August 1, 2030, 7:00 PM, Northborough Senior Center, 119 Bearfoot Road"


def on(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=False)


@pytest.fixture(autouse=True)
def _the_day_before_the_hearing():
    """Each test starts on Monday, July 15, 2030; a step taken on another day says so."""
    with on(DAY_BEFORE):
        yield


@pytest.fixture
def hearing(northborough_clerk):
    """A hearing on July 16, 2030 at 7:00 PM, its letters mailed on July 1 with every
    article number recorded."""
    with on(MAILED):
        return schedule_hearing(
            application=submitted_application(), hearing_date=HEARING_DAY,
            notices_mailed_on=MAILED, hearing_time=SEVEN_PM, location=TOWN_HALL,
            abutters=ABUTTERS, acting_user=northborough_clerk)


def continued(hearing, user, *, day=DAY_BEFORE, **changes):
    """The hearing continued on ``day`` to August 1 at the Senior Center, unless changed."""
    with on(day):
        return continue_hearing(**{
            "hearing": hearing, "hearing_date": NEW_DAY, "hearing_time": SEVEN_PM,
            "location": SENIOR_CENTER, "reason": REASON, "acting_user": user, **changes})


def numbers(hearing) -> list[str]:
    return list(hearing.abutters.order_by("name").values_list("certified_mail_number",
                                                               flat=True))


def unchanged(hearing) -> bool:
    fresh = PermitHearing.objects.get(pk=hearing.pk)
    return ((fresh.hearing_date, fresh.hearing_time, fresh.location, fresh.notices_mailed_on)
            == (HEARING_DAY, SEVEN_PM, TOWN_HALL, MAILED)
            and numbers(fresh) == [row["certified_mail_number"] for row in ABUTTERS]
            and not PermitHearingContinuance.objects.exists())


# -- The service -------------------------------------------------------------------------


@pytest.mark.parametrize(("recorded_on", "renoticed"), [
    (DAY_BEFORE, True),    # postponed: new letters go to the abutters
    (HEARING_DAY, False),  # opened and continued at the hearing: the notice stands
    (DAY_AFTER, False),    # recorded the day after the hearing that continued it
])
def test_a_postponement_notices_the_abutters_again_a_continuance_at_the_hearing_does_not_2_2(
    hearing, northborough_clerk, recorded_on, renoticed
):
    moved = continued(hearing, northborough_clerk, day=recorded_on)

    moved = PermitHearing.objects.prefetch_related("abutters", "continuances").get(pk=moved.pk)
    [continuance] = moved.continuances.all()
    assert (moved.hearing_date, moved.hearing_time, moved.location) == (
        NEW_DAY, SEVEN_PM, SENIOR_CENTER)
    assert (continuance.previous_date, continuance.previous_time,
            continuance.previous_location, continuance.previous_notices_mailed_on) == (
        HEARING_DAY, SEVEN_PM, TOWN_HALL, MAILED)
    assert (continuance.hearing_date, continuance.hearing_time, continuance.location) == (
        NEW_DAY, SEVEN_PM, SENIOR_CENTER)
    assert (continuance.reason, continuance.recorded_by, continuance.renoticed) == (
        REASON, northborough_clerk, renoticed)
    assert moved.continued_from == continuance.replaced == (HEARING_DAY, SEVEN_PM, TOWN_HALL)
    if renoticed:
        assert moved.notices_mailed_on is None
        assert numbers(moved) == ["", ""]
        assert continuance.previous_certified_mail_numbers == [
            {"abutter": abutter.pk, "name": abutter.name,
             "certified_mail_number": row["certified_mail_number"]}
            for abutter, row in zip(moved.abutters.all(), ABUTTERS, strict=True)]
        assert missing_notices(moved) == [
            "the day the notices were mailed",
            "the certified-mail article number of Ann Abbot's letter",
            "the certified-mail article number of Bob Birch's letter"]
    else:
        assert moved.notices_mailed_on == MAILED
        assert numbers(moved) == [row["certified_mail_number"] for row in ABUTTERS]
        assert continuance.previous_certified_mail_numbers == []
        assert missing_notices(moved) == []


@pytest.mark.parametrize(("new_day", "allowed"), [
    (dt.date(2030, 7, 24), False),  # 9 days after the new letters
    (dt.date(2030, 7, 25), True),   # 10 days
    (dt.date(2030, 7, 26), True),   # 11 days
])
def test_a_postponed_hearing_is_noticed_again_at_least_10_days_ahead_2_2(
    hearing, northborough_clerk, new_day, allowed
):
    def postpone():
        return continued(hearing, northborough_clerk, hearing_date=new_day,
                         notices_mailed_on=DAY_BEFORE)

    if not allowed:
        with pytest.raises(DomainError) as refused:
            postpone()
        assert list(refused.value.errors) == ["hearing_date"]
        [message] = refused.value.errors["hearing_date"]
        assert "less than 10 days before the hearing on July 24, 2030" in message
        assert message.endswith(f"({NOTICE_CITATION})")
        assert unchanged(hearing)
        return
    moved = postpone()
    assert (moved.hearing_date, moved.notices_mailed_on) == (new_day, DAY_BEFORE)
    assert numbers(moved) == ["", ""]


def test_a_postponement_without_its_mailing_date_is_judged_as_if_mailed_today_2_2(
    hearing, northborough_clerk
):
    """The new letters are mailed today at the earliest; the mailing and the new article
    numbers are recorded once they are, and the hearing is held on its new day."""
    with pytest.raises(DomainError) as too_soon:
        continued(hearing, northborough_clerk, hearing_date=dt.date(2030, 7, 24))
    moved = continued(hearing, northborough_clerk, hearing_date=dt.date(2030, 7, 25))
    ann, bob = moved.abutters.order_by("name")
    with on(DAY_BEFORE):
        record_notice_mailing(hearing=moved, notices_mailed_on=DAY_BEFORE,
                              certified_mail_numbers={ann.pk: "7019 0700 0000 2222 0001",
                                                      bob.pk: "7019 0700 0000 2222 0002"},
                              acting_user=northborough_clerk)
    with on(dt.date(2030, 7, 25)):
        decide_hearing(hearing=moved, decision="Granted.", decided_on=dt.date(2030, 7, 25),
                       acting_user=northborough_clerk)

    assert "less than 10 days" in too_soon.value.errors["hearing_date"][0]
    moved.refresh_from_db()
    assert (moved.notices_mailed_on, moved.decided_on) == (DAY_BEFORE, dt.date(2030, 7, 25))
    assert numbers(moved) == ["7019 0700 0000 2222 0001", "7019 0700 0000 2222 0002"]
    assert moved.continuances.get().previous_certified_mail_numbers[0][
        "certified_mail_number"] == ABUTTERS[0]["certified_mail_number"]


def test_continued_at_the_hearing_the_new_day_needs_no_new_notice_period(
    hearing, northborough_clerk
):
    """Opened on its day and continued to a date certain two days later: the abutters
    noticed of the hearing were told of its continuance there."""
    moved = continued(hearing, northborough_clerk, day=HEARING_DAY,
                      hearing_date=dt.date(2030, 7, 18), location=TOWN_HALL)

    assert (moved.hearing_date, moved.notices_mailed_on) == (dt.date(2030, 7, 18), MAILED)


@pytest.mark.parametrize(("day", "changes", "field", "refusal"), [
    (DAY_BEFORE, {"hearing_date": dt.date(2030, 7, 12)}, "hearing_date",
     "The hearing date has already passed; choose a later date."),
    (DAY_BEFORE, {"hearing_date": dt.date(2030, 7, 27)}, "hearing_date",
     "The offices of Northborough are closed on July 27, 2030 (Saturdays are not office "
     "days): choose a day they are open."),
    (DAY_BEFORE, {"hearing_date": HEARING_DAY, "location": TOWN_HALL}, "hearing_date",
     "The hearing is already set for that day, hour and place."),
    (DAY_BEFORE, {"reason": "  "}, "reason", "Say why the hearing is continued."),
    (DAY_BEFORE, {"reason": "x" * 501}, "reason", "Keep the reason under 500 characters."),
    (DAY_BEFORE, {"location": "x" * 201}, "location", "Keep the place under 200 characters."),
    (DAY_BEFORE, {"notices_mailed_on": HEARING_DAY}, "notices_mailed_on",
     "The letters cannot have been mailed in the future."),
    (HEARING_DAY, {"notices_mailed_on": HEARING_DAY}, "notices_mailed_on",
     "Continued at the hearing, its notice mailed on July 1, 2030 stands: no new letters "
     "are mailed."),
])
def test_a_continuance_is_refused_naming_the_field(
    hearing, northborough_clerk, day, changes, field, refusal
):
    with pytest.raises(DomainError) as refused:
        continued(hearing, northborough_clerk, day=day, **changes)

    assert refused.value.errors == {field: [refusal]}
    assert unchanged(hearing)


def test_a_decided_hearing_is_not_continued(hearing, northborough_clerk):
    with on(HEARING_DAY):
        decide_hearing(hearing=hearing, decision="Granted.", decided_on=HEARING_DAY,
                       acting_user=northborough_clerk)

    with pytest.raises(InvalidTransition) as refused:
        continued(hearing, northborough_clerk, day=HEARING_DAY)

    assert refused.value.errors == {"hearing_date": [
        "The hearing on July 16, 2030 was already decided on July 16, 2030: it is not "
        "continued."]}
    assert not PermitHearingContinuance.objects.exists()


def test_the_hearing_of_a_withdrawn_application_is_not_continued(hearing, northborough_clerk):
    Application.objects.filter(pk=hearing.application_id).update(
        status=ApplicationStatus.WITHDRAWN)

    with pytest.raises(InvalidTransition) as refused:
        continued(hearing, northborough_clerk)

    assert refused.value.errors == {"hearing_date": [
        "The application is withdrawn: its hearing is not continued."]}
    assert unchanged(hearing)


def test_a_board_member_continues_the_hearing_as_the_clerk_may(hearing, northborough_board_member):
    """The Board holds the hearing (§2.2): a member continues it, as the Clerk does."""
    moved = continued(hearing, northborough_board_member)

    assert moved.continuances.get().recorded_by == northborough_board_member


@pytest.mark.parametrize("who", ["applicant", "inspector", "other_town_clerk", "own_clerk"])
def test_only_the_towns_clerk_or_board_member_continues_and_never_their_own(hearing, who):
    own_clerk = staff(Role.CLERK, "northborough")
    user = {
        "applicant": hearing.application.applicant,
        "inspector": staff(Role.INSPECTOR, "northborough"),
        "other_town_clerk": staff(Role.CLERK, "tisbury"),
        "own_clerk": own_clerk,
    }[who]
    if who == "own_clerk":
        Application.objects.filter(pk=hearing.application_id).update(applicant=own_clerk)
        hearing = PermitHearing.objects.get(pk=hearing.pk)

    with pytest.raises(PermissionDenied) as refused:
        continued(hearing, user)

    expected = ("You applied for this: another member of the town's staff reviews it."
                if who == "own_clerk" else "Only the town's Clerk or Board of Health member "
                                           "may continue an application's hearing.")
    assert str(refused.value) == expected
    assert not PermitHearingContinuance.objects.exists()


def test_the_continuance_is_audited_with_the_old_and_new_day_hour_and_place(
    hearing, northborough_clerk
):
    moved = continued(hearing, northborough_clerk)

    entry = AuditEntry.objects.get(action="hearing.continued", object_id=moved.pk)
    assert entry.before == {"hearing_date": "2030-07-16", "hearing_time": "19:00",
                            "location": TOWN_HALL, "notices_mailed_on": "2030-07-01"}
    assert entry.after == {
        "continuance": str(moved.continuances.get().pk), "hearing_date": "2030-08-01",
        "hearing_time": "19:00", "location": SENIOR_CENTER, "notices_mailed_on": None,
        "renoticed": True, "reason": REASON}
    assert entry.summary == f"Hearing continued from {WAS_SET_FOR} to {IS_SET_FOR}: {REASON}"


def test_every_continuance_is_kept(hearing, northborough_clerk):
    continued(hearing, northborough_clerk)
    moved = continued(hearing, northborough_clerk, day=NEW_DAY,
                      hearing_date=dt.date(2030, 8, 6), hearing_time=dt.time(18, 30))

    first, second = moved.continuances.all()
    assert (first.previous_date, first.hearing_date) == (HEARING_DAY, NEW_DAY)
    assert (second.previous_date, second.previous_time, second.previous_location) == (
        NEW_DAY, SEVEN_PM, SENIOR_CENTER)
    assert second.previous_notices_mailed_on is None
    assert (moved.hearing_date, moved.hearing_time) == (dt.date(2030, 8, 6), dt.time(18, 30))


# -- The abutters' letters -----------------------------------------------------------------


def letter_text(hearing) -> str:
    hearing = PermitHearing.objects.get(pk=hearing.pk)
    reader = PdfReader(io.BytesIO(render_notice_letters(hearing)))
    return " ".join(" ".join(page.extract_text().split()) for page in reader.pages[:1])


def test_the_letter_of_a_continued_hearing_names_the_new_day_and_the_earlier_one(
    hearing, northborough_clerk
):
    first = letter_text(hearing)
    continued(hearing, northborough_clerk)

    letter = letter_text(hearing)

    assert "Notice of continued public hearing" in letter
    assert ("The public hearing on the application below, set for Tuesday, July 16, 2030, "
            "has been continued to the day, hour and place below.") in letter
    assert "Hearing date Thursday, August 1, 2030 Time 7:00 PM" in letter
    assert f"Place {SENIOR_CENTER}" in letter
    assert "Mailed July 1, 2030" not in letter
    assert "continued" not in first and "Mailed July 1, 2030" in first


# -- The review screen ---------------------------------------------------------------------


def review_url(hearing) -> str:
    return reverse("licensing:review", args=[hearing.application_id])


def continue_data(hearing, **changes) -> dict:
    fields = {"hearing_date": "2030-08-01", "hearing_time": "19:00",
              "location": SENIOR_CENTER, "reason": REASON, "notices_mailed_on": "", **changes}
    return {f"continue-{hearing.pk}-{name}": value for name, value in fields.items()}


def page_of(client, url) -> str:
    return " ".join(client.get(url).content.decode().split())


@pytest.mark.parametrize("role", [Role.CLERK, Role.BOARD_MEMBER])
def test_the_review_screen_offers_to_continue_the_hearing_starting_at_its_own(
    client, hearing, role
):
    client.force_login(staff(role, "northborough"))

    with on(DAY_BEFORE):
        page = page_of(client, review_url(hearing))

    assert "Continue the hearing" in page
    for name, value in {"hearing_date": "2030-07-16", "hearing_time": "19:00",
                        "location": TOWN_HALL}.items():
        assert f'name="continue-{hearing.pk}-{name}" value="{value}"' in page
    assert f'name="continue-{hearing.pk}-reason"' in page
    assert f'name="continue-{hearing.pk}-notices_mailed_on"' in page


def test_at_the_hearing_the_screen_asks_no_new_mailing(client, hearing, northborough_clerk):
    """Continued on its day, the hearing's notice stands: no new letters, no mailing date."""
    client.force_login(northborough_clerk)

    with on(HEARING_DAY):
        page = page_of(client, review_url(hearing))

    assert f'name="continue-{hearing.pk}-hearing_date"' in page
    assert f'name="continue-{hearing.pk}-notices_mailed_on"' not in page
    assert "the notice mailed for it stands" in page


def test_a_decided_hearing_offers_no_continuance(client, hearing, northborough_clerk):
    with on(HEARING_DAY):
        decide_hearing(hearing=hearing, decision="Granted.", decided_on=HEARING_DAY,
                       acting_user=northborough_clerk)
        client.force_login(northborough_clerk)
        page = page_of(client, review_url(hearing))

    assert f'name="continue-{hearing.pk}-hearing_date"' not in page


def test_a_board_member_continues_on_the_screen_and_its_history_shows_it(
    client, hearing, northborough_board_member
):
    client.force_login(northborough_board_member)

    with on(DAY_BEFORE):
        response = post_action(client, review_url(hearing), "hearing_continue",
                               hearing=hearing.pk, data=continue_data(hearing))
        page = page_of(client, review_url(hearing))

    assert response.status_code == 302
    assert f"Hearing on {IS_SET_FOR}" in page
    assert "Hearing continued to Thursday, August 1, 2030" in page
    assert "download the new notice letters" in page
    history = page.split('id="hearing-continuances-')[1].split("</ol>")[0]
    assert (f"{WAS_SET_FOR}, continued on July 15, 2030 by Bea Board to {IS_SET_FOR}; new "
            "letters to the abutters (earlier letters mailed July 1, 2030: 7019 0700 0000 "
            "1234 5678, 7019 0700 0000 1234 5679)") in history
    assert REASON.replace("'", "&#x27;") in history
    assert "Record the mailing" not in page  # the Clerk's, not the Board member's
    assert "The hearing cannot be held until the notices are recorded as mailed" in page


def test_a_refused_continuance_is_shown_on_its_field_at_the_pages_address(
    client, hearing, northborough_clerk
):
    client.force_login(northborough_clerk)

    with on(DAY_BEFORE):
        response = post_action(client, review_url(hearing), "hearing_continue",
                               hearing=hearing.pk,
                               data=continue_data(hearing, hearing_date="2030-07-27"))
        assert_on_the_page(client, response, review_url(hearing))
    page = response.content.decode()

    assert response.status_code == 400
    assert f'href="#id_continue-{hearing.pk}-hearing_date"' in page
    assert "Saturdays are not office days" in field_error(
        page, f"continue-{hearing.pk}-hearing_date")
    assert unchanged(hearing)


def test_residents_and_other_towns_cannot_continue_a_hearing(client, hearing):
    statuses = {}
    for who, user in {"applicant": hearing.application.applicant,
                      "inspector": staff(Role.INSPECTOR, "northborough"),
                      "other_town_clerk": staff(Role.CLERK, "tisbury")}.items():
        client.force_login(user)
        statuses[who] = post_action(client, review_url(hearing), "hearing_continue",
                                    hearing=hearing.pk, data=continue_data(hearing)).status_code

    assert statuses == {"applicant": 403, "inspector": 403, "other_town_clerk": 404}
    assert unchanged(hearing)


def test_a_hearing_of_another_application_is_a_404(client, hearing, northborough_clerk):
    other = submitted_application()
    client.force_login(northborough_clerk)

    response = post_action(client, reverse("licensing:review", args=[other.pk]),
                           "hearing_continue", hearing=hearing.pk,
                           data=continue_data(hearing))

    assert response.status_code == 404
    assert unchanged(hearing)


# -- The applicant's page ------------------------------------------------------------------


def test_the_applicant_reads_the_new_day_and_that_the_hearing_was_continued(
    client, hearing, northborough_clerk
):
    continued(hearing, northborough_clerk)
    client.force_login(hearing.application.applicant)

    with on(DAY_BEFORE):
        page = page_of(client, reverse("licensing:application", args=[hearing.application_id]))

    hearing_part = page.split('id="hearing-heading"')[1].split("</section>")[0]
    assert f"{IS_SET_FOR}. Not decided yet." in hearing_part
    assert f"Continued from {WAS_SET_FOR}." in hearing_part
    next_step = page.split('id="next-step"')[1].split("</p>")[0]
    assert (f"The public hearing on your application, continued from {WAS_SET_FOR}, is now "
            f"set for {IS_SET_FOR}.") in next_step


# -- The schedule form's abutters picked by parcel ----------------------------------------


def test_a_parcel_not_on_record_is_refused_on_the_parcel_field_1_2(client, northborough_clerk):
    application = submitted_application()
    url = reverse("licensing:review", args=[application.pk])
    client.force_login(northborough_clerk)

    with on(MAILED):
        response = post_action(client, url, "hearing_schedule", data={
            "hearing-hearing_date": "2030-07-16", "hearing-hearing_time": "19:00",
            "hearing-location": TOWN_HALL, "hearing-parcels": "99-1 | occupant",
            "hearing-abutters": "Ann Abbot | 3 Green Lane"})
    page = response.content.decode()

    assert response.status_code == 400
    assert 'href="#id_hearing-parcels"' in page
    assert field_error(page, "hearing-parcels") == (
        "Abutter 1: No property with parcel 99-1 is on the town's record.")
    assert field_error(page, "hearing-abutters") == ""
    assert not application.hearings.exists()
