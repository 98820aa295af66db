"""Public hearings on an application: notice to abutters, the date rule and the decision.

Northborough Horse & Stable Regs §2.2: every abutter notified by certified mail
at least 10 days before the hearing, judged by the rule ``nb.2.2.notice_days``.
Permit kinds are registered for the test; the stable rules themselves are not
what these tests are about, so the test kinds judge no application rules.
"""

import datetime as dt
import io
from html import escape

import pytest
import time_machine
from django.urls import reverse
from pypdf import PdfReader

from permits_site.accounts.models import Role
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.licensing.kinds import PermitKind, registered_kind
from permits_site.licensing.models import ApplicationStatus, PermitHearing, PermitType
from permits_site.licensing.review_forms import parse_abutter_line
from permits_site.licensing.services.applications import (
    approve_application,
    blockers,
    create_application,
    submit_application,
)
from permits_site.licensing.services.hearings import (
    decide_hearing,
    record_notice_mailing,
    render_notice_letters,
    schedule_hearing,
)
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import issue_permit
from tests.factories import PropertyFactory, UserFactory, municipality, staff
from tests.page_forms import assert_on_the_page, post_action, post_form
from tests.tisbury.support import with_required_documents

pytestmark = pytest.mark.django_db
MONDAY_JUNE_3_2030 = dt.datetime(2030, 6, 3, 10, 0)
TODAY = dt.date(2030, 6, 3)
PRIVATE_STABLE = "northborough.private_stable"
DISPOSAL_WORKS = "tisbury.disposal_works"
NOTICE_CITATION = "Northborough Horse & Stable Regs §2.2"
ABUTTERS = [
    {
        "name": "Ann Abbot",
        "mailing_address": "3 Green Lane, Northborough MA 01532",
        "certified_mail_number": "7019 0700 0000 1234 5678",
    },
    {
        "name": "Bob Birch",
        "mailing_address": "5 Green Lane, Northborough MA 01532",
        "relation": "tenant",
        "certified_mail_number": "7019 0700 0000 1234 5679",
    },
]
#: An abutter whose letter is printed but whose article number is not recorded yet.
UNNUMBERED = {"name": "Bob Birch", "mailing_address": "5 Green Lane, Northborough MA 01532"}


class HearingKind(PermitKind):
    """A permit type with hearings; it judges no application rules."""

    def __init__(self, code: str, *, notice_days: int, citation: str, certified_mail=False):
        self.code = code
        self.hearing_notice_days = notice_days
        self.hearing_citation = citation
        self.hearing_notice_by_certified_mail = certified_mail

    def check_code(self, application) -> str:
        return ""


@pytest.fixture
def stable_kind():
    with registered_kind(HearingKind(PRIVATE_STABLE, notice_days=10, citation=NOTICE_CITATION,
                                     certified_mail=True)) as kind:
        yield kind


@pytest.fixture
def disposal_works_kind():
    """A Tisbury permit type with hearings noticed 7 days ahead: no rule set says so."""
    with registered_kind(HearingKind(DISPOSAL_WORKS, notice_days=7,
                                     citation="Tisbury BOH Reg 09.0.3")) as kind:
        yield kind


def submitted_application(code=PRIVATE_STABLE):
    applicant = UserFactory(
        first_name="Holly", last_name="Hooves", street_address="7 Green Lane", city="Northborough"
    )
    application = create_application(
        applicant=applicant, permit_type=PermitType.objects.get(code=code), action="new"
    )
    return submit_application(application=with_required_documents(application),
                              acting_user=applicant)


def scheduled(application, clerk, *, days_after_mailing=14, abutters=ABUTTERS, mailed=TODAY):
    return schedule_hearing(
        application=application,
        hearing_date=mailed + dt.timedelta(days=days_after_mailing),
        notices_mailed_on=mailed,
        hearing_time=dt.time(19, 0),
        location="Board of Health room, Town Hall, 63 Main Street",
        abutters=abutters,
        acting_user=clerk,
    )


def hearing_blockers(application):
    return [blocker for blocker in blockers(application) if blocker.code == "hearing.undecided"]


# -- Scheduling: the notice rule ---------------------------------------------------


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
@pytest.mark.parametrize(("days_after_mailing", "allowed"), [(9, False), (10, True), (11, True)])
def test_hearing_at_least_10_days_after_the_notices_are_mailed_2_2(
    stable_kind, northborough_clerk, days_after_mailing, allowed
):
    application = submitted_application()

    if allowed:
        hearing = scheduled(application, northborough_clerk, days_after_mailing=days_after_mailing)
        assert (hearing.hearing_date - hearing.notices_mailed_on).days == days_after_mailing
        assert hearing.abutters.count() == 2
    else:
        with pytest.raises(DomainError) as refused:
            scheduled(application, northborough_clerk, days_after_mailing=days_after_mailing)
        assert list(refused.value.errors) == ["hearing_date"]
        message = refused.value.errors["hearing_date"][0]
        assert "less than 10 days before the hearing on June 12, 2030" in message
        assert message.endswith(f"({NOTICE_CITATION})")
        assert not PermitHearing.objects.exists()


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
@pytest.mark.parametrize(("days_after_mailing", "closed_because"), [
    (30, None),                      # Wednesday, July 3, 2030
    (31, "Independence Day"),        # Thursday, July 4, 2030
    (33, "Saturdays are not office days"),
])
def test_a_hearing_is_set_only_on_a_day_the_offices_are_open(
    stable_kind, northborough_clerk, days_after_mailing, closed_because
):
    """The Board meets on a day the town's offices keep, as a case hearing does: a legal
    holiday or a weekday they do not open is refused, naming the day and why."""
    application = submitted_application()

    if closed_because is None:
        assert scheduled(application, northborough_clerk,
                         days_after_mailing=days_after_mailing).pk
        return
    with pytest.raises(DomainError) as refused:
        scheduled(application, northborough_clerk, days_after_mailing=days_after_mailing)
    [message] = refused.value.errors["hearing_date"]
    assert closed_because in message and "choose a day they are open" in message
    assert not PermitHearing.objects.exists()


@time_machine.travel(dt.datetime(2030, 6, 4, 10, 0), tick=False)
@pytest.mark.parametrize(("days_after_mailing", "allowed"), [(6, False), (7, True)])
def test_a_town_without_a_notice_rule_set_counts_the_kinds_days(
    disposal_works_kind, days_after_mailing, allowed
):
    """Mailed on a Tuesday: the sixth day after is a Monday the offices are open."""
    clerk = staff(Role.CLERK, "tisbury")
    application = submitted_application(DISPOSAL_WORKS)
    mailed = dt.date(2030, 6, 4)

    if allowed:
        assert scheduled(application, clerk, days_after_mailing=days_after_mailing,
                         mailed=mailed).pk
    else:
        with pytest.raises(DomainError) as refused:
            scheduled(application, clerk, days_after_mailing=days_after_mailing, mailed=mailed)
        assert refused.value.errors["hearing_date"] == [
            "The notices mailed on June 4, 2030 must reach the abutters at least 7 days before "
            "the hearing; a hearing on June 10, 2030 is 6 days after the mailing. "
            "(Tisbury BOH Reg 09.0.3)"
        ]


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_a_permit_type_without_hearings_refuses_one(northborough_clerk):
    application = submitted_application("northborough.horse_registration")

    with pytest.raises(InvalidTransition) as refused:
        scheduled(application, northborough_clerk)

    assert refused.value.errors == {
        "hearing_date": ["This horse registration application has no public hearing."]
    }


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_scheduling_refuses_a_past_date_no_place_and_no_abutters(stable_kind, northborough_clerk):
    application = submitted_application()

    with pytest.raises(DomainError) as refused:
        schedule_hearing(
            application=application,
            hearing_date=TODAY - dt.timedelta(days=1),
            notices_mailed_on=TODAY - dt.timedelta(days=20),
            location=" ",
            abutters=[],
            acting_user=northborough_clerk,
        )

    assert refused.value.errors == {
        "hearing_date": ["The hearing date has already passed; choose a later date."],
        "location": ["Say where the hearing will be held: the town has no usual hearing "
                     "place."],
        "abutters": [
            f"List every abutter: each is sent the notice by certified mail. ({NOTICE_CITATION})"
        ],
    }


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_each_abutter_needs_a_name_and_a_mailing_address(stable_kind, northborough_clerk):
    application = submitted_application()

    with pytest.raises(DomainError) as refused:
        scheduled(application, northborough_clerk, abutters=[ABUTTERS[0], {"name": "Cy"}])

    assert refused.value.errors == {"abutters": ["Abutter 2: give the mailing address."]}


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_a_second_hearing_waits_for_the_first_decision(stable_kind, northborough_clerk):
    application = submitted_application()
    first = scheduled(application, northborough_clerk)

    with pytest.raises(InvalidTransition) as refused:
        scheduled(application, northborough_clerk, days_after_mailing=30)

    assert "June 17, 2030 is still to be decided" in refused.value.errors["hearing_date"][0]
    assert list(application.hearings.all()) == [first]


# -- Blocking and deciding ------------------------------------------------------------


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_an_undecided_hearing_blocks_issuance_and_a_decided_one_does_not(
    stable_kind, northborough_clerk
):
    application = submitted_application()
    hearing = scheduled(application, northborough_clerk)

    undecided = hearing_blockers(application)
    with time_machine.travel(dt.datetime(2030, 6, 18, 10, 0), tick=False):
        decide_hearing(
            hearing=hearing,
            decision="Permit granted as applied for.",
            decided_on=dt.date(2030, 6, 17),
            acting_user=northborough_clerk,
        )

    assert [(blocker.message, blocker.citation) for blocker in undecided] == [
        ("The hearing on June 17, 2030 has not been decided.", NOTICE_CITATION)
    ]
    assert hearing_blockers(application) == []


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_no_hearing_scheduled_blocks_nothing(stable_kind):
    assert hearing_blockers(submitted_application()) == []


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_the_permit_is_issued_only_after_the_hearing_is_decided(stable_kind, northborough_clerk):
    application = submitted_application()
    invoice = application.invoices.get()
    record_payment(
        invoice=invoice,
        method="cash",
        reference="R-1",
        amount=invoice.total,
        acting_user=northborough_clerk,
    )
    hearing = scheduled(application, northborough_clerk, days_after_mailing=10)

    with pytest.raises(InvalidTransition) as refused:
        approve_application(application=application, acting_user=northborough_clerk)
    with time_machine.travel(dt.datetime(2030, 6, 14, 9, 0), tick=False):
        decide_hearing(
            hearing=hearing,
            decision="Granted.",
            decided_on=dt.date(2030, 6, 13),
            acting_user=northborough_clerk,
        )
        approve_application(application=application, acting_user=northborough_clerk)
        permit = issue_permit(application=application, acting_user=northborough_clerk)

    assert refused.value.errors["non_field_errors"] == [
        f"The hearing on June 13, 2030 has not been decided. ({NOTICE_CITATION})"
    ]
    assert permit.application.status == ApplicationStatus.ISSUED


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_decision_needs_its_text_and_a_date_not_before_the_hearing(stable_kind, northborough_clerk):
    hearing = scheduled(submitted_application(), northborough_clerk)

    with pytest.raises(DomainError) as refused:
        decide_hearing(
            hearing=hearing, decision="", decided_on=TODAY, acting_user=northborough_clerk
        )

    assert refused.value.errors == {
        "decision": ["Write down the Board's decision."],
        "decided_on": ["The decision cannot come before the hearing on June 17, 2030."],
    }
    hearing.refresh_from_db()
    assert hearing.decided_on is None


@time_machine.travel(dt.datetime(2030, 6, 20, 10, 0), tick=False)
def test_decision_cannot_be_dated_in_the_future_nor_made_twice(stable_kind, northborough_clerk):
    with time_machine.travel(MONDAY_JUNE_3_2030, tick=False):
        hearing = scheduled(submitted_application(), northborough_clerk)

    with pytest.raises(DomainError) as future:
        decide_hearing(
            hearing=hearing,
            decision="Granted.",
            decided_on=dt.date(2030, 6, 21),
            acting_user=northborough_clerk,
        )
    decide_hearing(
        hearing=hearing,
        decision="Granted.",
        decided_on=dt.date(2030, 6, 17),
        acting_user=northborough_clerk,
    )
    with pytest.raises(InvalidTransition, match="already decided on June 17, 2030"):
        decide_hearing(
            hearing=hearing,
            decision="Denied.",
            decided_on=dt.date(2030, 6, 20),
            acting_user=northborough_clerk,
        )

    assert future.value.errors == {"decided_on": ["The decision date cannot be in the future."]}
    hearing.refresh_from_db()
    assert hearing.decision == "Granted."


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_scheduling_and_deciding_each_write_one_audit_entry(stable_kind, northborough_clerk):
    hearing = scheduled(submitted_application(), northborough_clerk)
    with time_machine.travel(dt.datetime(2030, 6, 18, 10, 0), tick=False):
        decide_hearing(
            hearing=hearing,
            decision="Granted.",
            decided_on=dt.date(2030, 6, 17),
            acting_user=northborough_clerk,
        )

    entries = AuditEntry.objects.filter(object_id=hearing.pk, action__startswith="hearing.")

    assert sorted(entries.values_list("action", flat=True)) == [
        "hearing.decided",
        "hearing.scheduled",
    ]


# -- The notice letters ------------------------------------------------------------------


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_notice_letters_have_one_page_per_abutter_with_the_certified_mail_number(
    stable_kind, northborough_clerk
):
    hearing = scheduled(submitted_application(), northborough_clerk,
                        abutters=[ABUTTERS[0], UNNUMBERED])

    pages = [
        " ".join(page.extract_text().split())
        for page in PdfReader(io.BytesIO(render_notice_letters(hearing))).pages
    ]

    assert len(pages) == 2
    first, second = pages
    for expected in (
        "Town of Northborough",
        "Board of Health",
        "Ann Abbot",
        "Holly Hooves",
        "Hearing date Monday, June 17, 2030 Time 7:00 PM",
        "Place Board of Health room, Town Hall, 63 Main Street",
        "Certified mail article no.: 7019 0700 0000 1234 5678",
        "Mailed June 3, 2030",
        "Relief sought A private stable permit.",
        NOTICE_CITATION,
    ):
        assert expected in first
    assert "Bob Birch" in second
    assert "Ann Abbot" not in second
    assert "7019" not in second
    assert "Certified mail article no.:" in second


@pytest.mark.parametrize(
    ("line", "row"),
    [
        (
            "Ann Abbot | 3 Green Lane | Tenant",
            {"name": "Ann Abbot", "mailing_address": "3 Green Lane", "relation": "tenant"},
        ),
        (
            " Bob Birch|5 Green Lane ",
            {"name": "Bob Birch", "mailing_address": "5 Green Lane", "relation": "owner"},
        ),
    ],
)
def test_an_abutter_line_is_name_address_and_owner_tenant_or_occupant_1_2(line, row):
    assert parse_abutter_line(line) == row


# -- Certified mail before the hearing (§2.2) ------------------------------------------


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_a_hearing_cannot_be_held_until_every_abutters_certified_mail_number_is_in_2_2(
    stable_kind, northborough_clerk
):
    application = submitted_application()
    hearing = schedule_hearing(
        application=application, hearing_date=dt.date(2030, 6, 17), location="Town Hall",
        abutters=[ABUTTERS[0], UNNUMBERED], acting_user=northborough_clerk,
    )
    ann, bob = hearing.abutters.order_by("name")

    with time_machine.travel(dt.datetime(2030, 6, 18, 10, 0), tick=False), \
            pytest.raises(InvalidTransition) as refused:
        decide_hearing(hearing=hearing, decision="Granted.", decided_on=dt.date(2030, 6, 17),
                       acting_user=northborough_clerk)
    record_notice_mailing(hearing=hearing, notices_mailed_on=dt.date(2030, 6, 3),
                          certified_mail_numbers={bob.pk: "7019 0700 0000 9999 0001"},
                          acting_user=northborough_clerk)
    with time_machine.travel(dt.datetime(2030, 6, 18, 10, 0), tick=False):
        decide_hearing(hearing=hearing, decision="Granted.", decided_on=dt.date(2030, 6, 17),
                       acting_user=northborough_clerk)

    assert refused.value.errors == {"decision": [
        "The hearing cannot be held until every abutter's notice is recorded as mailed; still "
        "to record: the day the notices were mailed, the certified-mail article number of "
        f"Bob Birch's letter. ({NOTICE_CITATION})"
    ]}
    hearing.refresh_from_db()
    assert hearing.notices_mailed_on == dt.date(2030, 6, 3)
    assert hearing.decided_on == dt.date(2030, 6, 17)
    assert set(hearing.abutters.values_list("certified_mail_number", flat=True)) == {
        "7019 0700 0000 1234 5678", "7019 0700 0000 9999 0001"}
    assert AuditEntry.objects.filter(action="hearing.notices_mailed", object_id=hearing.pk).exists()


@time_machine.travel(dt.datetime(2030, 6, 8, 10, 0), tick=False)
@pytest.mark.parametrize(("mailed_on", "number", "field", "refusal"), [
    (dt.date(2030, 6, 8), "7019 1", "notices_mailed_on",
     "less than 10 days before the hearing on June 17, 2030"),
    (dt.date(2030, 6, 7), " ", "abutters",
     "Record the certified-mail article number of Bob Birch's letter."),
    (dt.date(2030, 6, 9), "7019 1", "notices_mailed_on",
     "The letters cannot have been mailed in the future."),
])
def test_recording_the_mailing_refuses_a_late_mailing_or_a_missing_number_2_2(
    stable_kind, northborough_clerk, mailed_on, number, field, refusal
):
    with time_machine.travel(MONDAY_JUNE_3_2030, tick=False):
        hearing = schedule_hearing(
            application=submitted_application(), hearing_date=dt.date(2030, 6, 17),
            location="Town Hall", abutters=[UNNUMBERED], acting_user=northborough_clerk,
        )
    bob = hearing.abutters.get()

    with pytest.raises(DomainError) as refused:
        record_notice_mailing(hearing=hearing, notices_mailed_on=mailed_on,
                              certified_mail_numbers={bob.pk: number},
                              acting_user=northborough_clerk)

    assert list(refused.value.errors) == [field]
    assert refusal in refused.value.errors[field][0]
    hearing.refresh_from_db()
    bob.refresh_from_db()
    assert (hearing.notices_mailed_on, bob.certified_mail_number) == (None, "")


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_an_abutter_is_picked_from_the_towns_properties_by_parcel_1_2(
    stable_kind, northborough_clerk
):
    neighbour = PropertyFactory(municipality=municipality("northborough"), parcel="62-104",
                                address="9 Green Lane")
    application = submitted_application()

    with pytest.raises(DomainError) as unknown:
        scheduled(application, northborough_clerk,
                  abutters=[{"parcel": "99-1", "relation": "occupant"}])
    hearing = scheduled(application, northborough_clerk,
                        abutters=[{"parcel": "62 - 104", "relation": "occupant"}])

    assert unknown.value.errors == {"parcel": [
        "Abutter 1: No property with parcel 99-1 is on the town's record."]}
    abutter = hearing.abutters.get()
    assert (abutter.place, abutter.name, abutter.relation) == (neighbour, "Occupant", "occupant")
    assert abutter.mailing_address == str(neighbour)


# -- The review screen ----------------------------------------------------------------


def review_url(application):
    return reverse("licensing:review", args=[application.pk])


def schedule_data(abutters: str, *, hearing_date="2030-06-17", parcels="") -> dict:
    return {
        "hearing-hearing_date": hearing_date,
        "hearing-hearing_time": "19:00",
        "hearing-location": "Town Hall",
        "hearing-abutters": abutters,
        "hearing-parcels": parcels,
    }


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_clerk_schedules_a_hearing_with_abutters_one_per_line(
    client, stable_kind, northborough_clerk
):
    application = submitted_application()
    client.force_login(northborough_clerk)

    page = client.get(review_url(application)).content.decode()
    response = post_action(
        client, review_url(application), "hearing_schedule",
        data=schedule_data("Ann Abbot | 3 Green Lane | tenant\n\nBob Birch | 5 Green Lane\n"),
    )
    after = client.get(review_url(application)).content.decode()
    hearing = application.hearings.get()
    ann, bob = hearing.abutters.order_by("name")
    mailing = post_action(
        client, review_url(application), "hearing_mailing", hearing=hearing.pk,
        data={f"mailing-{hearing.pk}-notices_mailed_on": "2030-06-03",
              f"mailing-{hearing.pk}-number_{ann.pk}": "7019 0700 1",
              f"mailing-{hearing.pk}-number_{bob.pk}": "7019 0700 2"},
    )
    mailed = client.get(review_url(application)).content.decode()

    assert 'id="hearing-heading"' in page
    assert "Schedule the hearing" in page
    assert response.status_code == 302
    assert list(hearing.abutters.values_list("name", "relation")) == [
        ("Ann Abbot", "tenant"),
        ("Bob Birch", "owner"),
    ]
    assert reverse("licensing:hearing_notices", args=[application.pk, hearing.pk]) in after
    assert "Hearing on Monday, June 17, 2030, 7:00 PM, Town Hall" in after
    assert "The hearing on June 17, 2030 has not been decided." in after
    assert "The hearing cannot be held until the notices are recorded as mailed" in after
    assert "Record the mailing" in after and "Record the decision" not in after
    assert mailing.status_code == 302
    assert list(hearing.abutters.values_list("certified_mail_number", flat=True)) == [
        "7019 0700 1", "7019 0700 2"]
    assert "Record the decision" in mailed and "Record the mailing" not in mailed


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_bad_abutter_lines_are_reported_by_line_number(client, stable_kind, northborough_clerk):
    application = submitted_application()
    client.force_login(northborough_clerk)

    response = post_action(
        client, review_url(application), "hearing_schedule",
        data=schedule_data("Ann Abbot | 3 Green Lane\nBob Birch\n\n | 9 Green Lane"),
    )
    page = response.content.decode()

    assert response.status_code == 400
    assert ("Line 2: write the name, the mailing address and whether the abutter is the owner, "
            "a tenant or an occupant") in page
    assert "Line 4: the name is missing." in page
    assert "Line 1" not in page
    assert 'href="#id_hearing-abutters"' in page
    assert not application.hearings.exists()


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_a_hearing_9_days_off_is_refused_on_the_screen_for_lack_of_notice_time(
    client, stable_kind, northborough_clerk
):
    """Notices mailed today at the earliest could not reach the abutters 10 days ahead."""
    application = submitted_application()
    client.force_login(northborough_clerk)

    response = post_form(client, review_url(application), 'name="hearing-hearing_date"',
                         schedule_data("Ann Abbot | 3 Green Lane", hearing_date="2030-06-12"))

    assert response.status_code == 400
    assert_on_the_page(client, response, review_url(application))
    assert 'href="#id_hearing-hearing_date"' in response.content.decode()
    assert "less than 10 days before the hearing" in response.content.decode()
    assert not application.hearings.exists()


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_a_mailing_9_days_before_the_hearing_is_refused_on_the_screen(
    client, stable_kind, northborough_clerk
):
    application = submitted_application()
    client.force_login(northborough_clerk)
    post_action(
        client, review_url(application), "hearing_schedule",
        data=schedule_data("Ann Abbot | 3 Green Lane", hearing_date="2030-06-17"),
    )
    hearing = application.hearings.get()
    ann = hearing.abutters.get()

    with time_machine.travel(dt.datetime(2030, 6, 8, 10, 0), tick=False):
        response = post_form(
            client, review_url(application), f'name="mailing-{hearing.pk}-notices_mailed_on"',
            {f"mailing-{hearing.pk}-notices_mailed_on": "2030-06-08",
             f"mailing-{hearing.pk}-number_{ann.pk}": "7019 0700 1"})
        assert_on_the_page(client, response, review_url(application))
    page = response.content.decode()

    assert response.status_code == 400
    assert f'href="#id_mailing-{hearing.pk}-notices_mailed_on"' in page
    assert "less than 10 days before the hearing" in page
    assert escape(NOTICE_CITATION) in page
    hearing.refresh_from_db()
    assert hearing.notices_mailed_on is None


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_clerk_records_the_decision_on_the_screen(client, stable_kind, northborough_clerk):
    application = submitted_application()
    hearing = scheduled(application, northborough_clerk)

    with time_machine.travel(dt.datetime(2030, 6, 18, 10, 0), tick=False):
        client.force_login(northborough_clerk)
        response = post_action(
            client, review_url(application), "hearing_decide", hearing=hearing.pk,
            data={
                f"decide-{hearing.pk}-decision": "Granted.",
                f"decide-{hearing.pk}-decided_on": "2030-06-17",
            },
        )

    hearing.refresh_from_db()
    assert response.status_code == 302
    assert (hearing.decision, hearing.decided_on) == ("Granted.", dt.date(2030, 6, 17))


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_clerk_downloads_the_notice_letters(client, stable_kind, northborough_clerk):
    application = submitted_application()
    hearing = scheduled(application, northborough_clerk)
    client.force_login(northborough_clerk)

    response = client.get(reverse("licensing:hearing_notices", args=[application.pk, hearing.pk]))

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert len(PdfReader(io.BytesIO(response.content)).pages) == 2


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_board_members_see_the_hearing_but_only_clerks_schedule_it(
    client, stable_kind, northborough_clerk, northborough_board_member
):
    """The Board holds the hearing and records its decision (Northborough §2.2:
    tests/stables/test_board_records_hearing_decision.py); scheduling and mailing the notices
    stay the Clerk's."""
    application = submitted_application()
    scheduled(application, northborough_clerk)
    client.force_login(northborough_board_member)

    page = client.get(review_url(application)).content.decode()
    schedule = post_action(
        client, review_url(application), "hearing_schedule",
        data=schedule_data("Ann Abbot | 3 Green Lane", hearing_date="2030-07-01"),
    )

    assert "Ann Abbot" in page
    assert schedule.status_code == 403
    assert application.hearings.count() == 1


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_residents_and_other_towns_cannot_reach_hearings(client, stable_kind, northborough_clerk):
    application = submitted_application()
    hearing = scheduled(application, northborough_clerk)
    notices = reverse("licensing:hearing_notices", args=[application.pk, hearing.pk])
    statuses = {}

    for who, user in {
        "applicant": application.applicant,
        "other_town_clerk": staff(Role.CLERK, "tisbury"),
    }.items():
        client.force_login(user)
        statuses[who] = (
            client.get(notices).status_code,
            post_action(client, review_url(application), "hearing_schedule",
                        schedule_data("Ann Abbot | 3 Green Lane")).status_code,
        )

    assert statuses == {"applicant": (403, 403), "other_town_clerk": (404, 404)}
    assert application.hearings.count() == 1


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
def test_a_hearing_of_another_application_is_a_404(client, stable_kind, northborough_clerk):
    application = submitted_application()
    other = scheduled(submitted_application(), northborough_clerk)
    client.force_login(northborough_clerk)

    response = client.get(reverse("licensing:hearing_notices", args=[application.pk, other.pk]))

    assert response.status_code == 404


@time_machine.travel(MONDAY_JUNE_3_2030, tick=False)
@pytest.mark.parametrize(("abutters", "listed", "mailed"), [
    (ABUTTERS[:1], "1 abutter listed", "to 1 abutter ("),
    (ABUTTERS, "2 abutters listed", "to 2 abutters ("),
])
def test_the_history_counts_one_abutter_in_the_singular(
    client, stable_kind, northborough_clerk, abutters, listed, mailed
):
    application = submitted_application()
    hearing = scheduled(application, northborough_clerk,
                        abutters=[{**row, "certified_mail_number": ""} for row in abutters])
    record_notice_mailing(hearing=hearing, notices_mailed_on=TODAY, acting_user=northborough_clerk,
                          certified_mail_numbers={abutter.pk: f"7019 {abutter.pk}"
                                   for abutter in hearing.abutters.all()})
    client.force_login(northborough_clerk)

    history = client.get(review_url(application)).content.decode().split('id="history-heading"')[1]

    assert listed in history and mailed in history
