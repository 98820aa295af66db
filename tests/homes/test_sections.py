"""Each role's lists on its home, with their boundary dates."""

import datetime as dt

import pytest

from dogs.cases.common import NUISANCE_DOG
from dogs.limits.services import NUISANCE_NOISE_CASE, RESIDENCE_LIMITS_CASE
from dogs.models import Impoundment, ImpoundmentStatus
from permits_site.enforcement.deadlines import window_end
from permits_site.enforcement.models import InspectionResult, InspectionStatus
from permits_site.homes import board, clerk, hearings, inspector, town_admin
from permits_site.homes.registry import LIST_LIMIT, WorkItem
from permits_site.licensing.models import ApplicationStatus, DocumentStatus, PermitType
from permits_site.rules.calendar import format_date
from permits_site.towns.calendar import town_calendar
from tests.factories import (
    AppealFactory,
    ApplicationFactory,
    BusinessFactory,
    BusinessMemberFactory,
    CaseFactory,
    CaseHearingFactory,
    CitationFactory,
    CitationHearingFactory,
    ClosureFactory,
    DocumentFactory,
    FeeScheduleFactory,
    InspectionFactory,
    InvoiceFactory,
    InvoiceLineFactory,
    OrderFactory,
    PermitFactory,
    PropertyFactory,
    Role,
    UserFactory,
    VarianceFactory,
    VarianceSignatureFactory,
    permit_type,
    staff,
)
from tests.homes.conftest import TODAY, days

pytestmark = pytest.mark.django_db


def titled(lists, title):
    [found] = [work for work in lists if work.title == title]
    return found


def records(work):
    return [item.record for item in work.items]


# -- the item's words --------------------------------------------------------------------


@pytest.mark.parametrize(("item", "status"), [
    (WorkItem("x", "r", "/", due_on=days(-1)), "Overdue since June 9, 2026"),
    (WorkItem("x", "r", "/", due_on=TODAY), "Due today"),
    (WorkItem("x", "r", "/", due_on=days(1)), "Due by June 11, 2026"),
    (WorkItem("x", "r", "/", on=days(23)), "On July 3, 2026"),
    (WorkItem("x", "r", "/", since=days(-9)), "Waiting since June 1, 2026"),
    (WorkItem("x", "r", "/"), ""),
])
def test_an_item_says_what_is_due_by_which_date(item, status):
    assert item.status(TODAY) == status
    assert item.overdue(TODAY) == (item.due_on is not None and item.due_on < TODAY)


# -- inspector ---------------------------------------------------------------------------


@pytest.fixture
def nb_town():
    return town_calendar("northborough")


def test_the_agenda_splits_overdue_today_and_the_week_through_its_sixth_day(nb_town):
    me = staff(Role.INSPECTOR, "northborough")
    permit = PermitFactory(application__permit_type=permit_type("northborough.private_stable"))
    for offset in (-1, 0, 6, 7):
        InspectionFactory(inspector=me, scheduled_for=days(offset), address=f"{offset} Elm",
                          permit=permit)
    InspectionFactory(scheduled_for=TODAY, address="Someone else's")

    overdue, today, week = inspector.agenda(nb_town, user=me, today=TODAY)

    assert [item.record.split(" at ")[1] for item in overdue.items] == ["-1 Elm"]
    assert [item.record.split(" at ")[1] for item in today.items] == ["0 Elm"]
    assert [item.record.split(" at ")[1] for item in week.items] == ["6 Elm"]
    assert today.items[0].detail == f"Permit {permit.number}"
    assert overdue.items[0].overdue(TODAY)


def test_an_agenda_row_names_the_property_as_the_town_records_it(nb_town):
    """A visit scheduled by a typed address reads the property's address, whatever was typed
    after the street; an address the town has no property at reads as typed."""
    me = staff(Role.INSPECTOR, "northborough")
    PropertyFactory(municipality=nb_town.municipality, address="12 Bartlett Street")
    InspectionFactory(inspector=me, scheduled_for=TODAY,
                      address="12 bartlett street, Northborough, MA 01532")
    InspectionFactory(inspector=me, scheduled_for=TODAY, address="3 Nowhere Lane")

    _overdue, today, _week = inspector.agenda(nb_town, user=me, today=TODAY)

    assert [item.record.split(" at ")[1] for item in today.items] == [
        "12 Bartlett Street, Northborough", "3 Nowhere Lane"]


def test_a_failed_inspection_waits_for_its_case_until_one_is_opened(nb_town):
    me = staff(Role.INSPECTOR, "northborough")
    closed = {"status": InspectionStatus.CLOSED, "inspected_on": days(-2), "inspector": me}
    waiting = InspectionFactory(result=InspectionResult.FAILED, address="1 Waiting", **closed)
    cased = InspectionFactory(result=InspectionResult.FAILED, address="2 Cased", **closed)
    CaseFactory(municipality=nb_town.municipality, inspection=cased)
    InspectionFactory(result=InspectionResult.PASSED, address="3 Passed", **closed)

    work = inspector.failed_without_case(nb_town, user=me)

    assert records(work) == [f"Inspection #{waiting.pk} at 1 Waiting"]
    assert work.items[0].url == f"/enforcement/inspections/{waiting.pk}/"


# -- clerk -------------------------------------------------------------------------------


@pytest.fixture
def na_town():
    return town_calendar("north_andover")


def test_applications_sit_under_each_gate_that_holds_them(na_town):
    submitted = ApplicationFactory(status=ApplicationStatus.SUBMITTED, submitted_on=days(-3))
    DocumentFactory(application=submitted, status=DocumentStatus.PENDING)
    accepted = ApplicationFactory(status=ApplicationStatus.UNDER_REVIEW, submitted_on=days(-2))
    DocumentFactory(application=accepted, status=DocumentStatus.ACCEPTED)
    ApplicationFactory(status=ApplicationStatus.ISSUED, submitted_on=days(-2))

    lists = clerk.gate_lists(na_town, user=UserFactory(), today=TODAY)

    assert [item.url for item in titled(lists, "Review not started").items] == [
        f"/staff/applications/{submitted.pk}/"]
    documents = titled(lists, "Documents")
    assert [item.url for item in documents.items] == [f"/staff/applications/{submitted.pk}/"]
    assert documents.items[0].status(TODAY) == "Waiting since June 7, 2026"


def test_a_list_shows_ten_and_says_there_are_more(na_town):
    for _ in range(LIST_LIMIT + 1):
        ApplicationFactory(status=ApplicationStatus.SUBMITTED, submitted_on=days(-1))

    work = titled(clerk.gate_lists(na_town, user=UserFactory(), today=TODAY), "Review not started")

    assert len(work.items) == LIST_LIMIT and work.more
    assert work.link_url == "/staff/queue/"


def test_an_unpaid_fee_is_a_payment_to_record_and_a_paid_one_is_not(na_town):
    application = ApplicationFactory(status=ApplicationStatus.SUBMITTED, submitted_on=TODAY)
    InvoiceLineFactory(invoice=InvoiceFactory(application=application), amount="15.00")
    paid = ApplicationFactory(status=ApplicationStatus.SUBMITTED, submitted_on=TODAY)
    InvoiceFactory(application=paid, status="paid")

    [item] = clerk.payments_list(na_town, user=UserFactory()).items

    assert item.what == "Record the payment of $15.00"
    assert item.url == f"/staff/applications/{application.pk}/#payment-heading"


def test_the_clerks_own_application_is_left_to_another_clerk(na_town):
    """Nothing the clerk may not do is on their list: their own application, or their
    business's, waits for another clerk's review and payment."""
    me = staff(Role.CLERK, "north_andover")
    mine = ApplicationFactory(applicant=me, status=ApplicationStatus.SUBMITTED,
                              submitted_on=TODAY)
    membership = BusinessMemberFactory(business=BusinessFactory(), user=me)
    my_business = ApplicationFactory(business=membership.business,
                                     status=ApplicationStatus.SUBMITTED, submitted_on=TODAY)
    theirs = ApplicationFactory(status=ApplicationStatus.SUBMITTED, submitted_on=TODAY)
    for application in (mine, my_business, theirs):
        InvoiceLineFactory(invoice=InvoiceFactory(application=application), amount="15.00")
    colleague = staff(Role.CLERK, "north_andover")

    def reviews_and_payments(user):
        not_started = titled(clerk.gate_lists(na_town, user=user, today=TODAY),
                             "Review not started")
        return ([item.url for item in not_started.items],
                [item.url.split("#")[0] for item in clerk.payments_list(na_town, user=user).items])

    assert reviews_and_payments(me) == ([f"/staff/applications/{theirs.pk}/"],) * 2
    assert len(reviews_and_payments(colleague)[0]) == 3
    assert len(reviews_and_payments(colleague)[1]) == 3


def test_permits_expiring_run_through_the_deadlines_window(na_town):
    for valid_through in (days(-1), TODAY, window_end(TODAY), window_end(TODAY) + dt.timedelta(1)):
        PermitFactory(valid_through=valid_through, holder_name=f"Through {valid_through}")

    work = clerk.expiring_list(na_town, today=TODAY)

    assert [item.due_on for item in work.items] == [TODAY, window_end(TODAY)]


@pytest.mark.parametrize(("due_in", "listed"), [(-1, True), (0, False)])
def test_a_citation_goes_to_court_the_day_after_its_last_day(na_town, due_in, listed):
    citation = CitationFactory(due_on=days(due_in))

    work = clerk.court_referral_list(na_town, today=TODAY)

    assert [item.url for item in work.items] == (
        [f"/enforcement/citations/{citation.pk}/"] if listed else [])


# -- hearing authority --------------------------------------------------------------------


def test_hearings_to_hold_from_today_and_rulings_due_after_the_hearing(na_town):
    CaseHearingFactory(hearing_date=TODAY, case__party_name="Today")
    CaseHearingFactory(hearing_date=days(-1), case__party_name="Yesterday")
    CaseHearingFactory(hearing_date=days(-3), decided_on=days(-3), case__party_name="Decided")

    to_hold, rulings = hearings.hearing_lists(na_town, today=TODAY)

    assert [item.record.split("(")[1].split(",")[0] for item in to_hold.items] == ["Today"]
    assert [item.record.split("(")[1].split(",")[0] for item in rulings.items] == ["Yesterday"]
    assert rulings.items[0].overdue(TODAY)


def test_citation_hearings_and_appeals_wait_for_a_decision(na_town):
    requested = CitationHearingFactory(requested_on=days(-4))
    CitationHearingFactory(decided_on=TODAY)
    appeal = AppealFactory(filed_on=days(-5))
    AppealFactory(decided_on=TODAY)

    [hearing] = hearings.citation_hearings(na_town).items
    [waiting] = hearings.open_appeals(na_town, user=UserFactory()).items

    assert hearing.url == f"/enforcement/citations/{requested.citation_id}/#hearing_date-section"
    assert waiting.url == f"/enforcement/cases/{appeal.case_id}/"
    assert waiting.status(TODAY) == "Waiting since June 5, 2026"


def test_a_citation_hearing_waits_for_its_date_then_is_due_on_it(na_town):
    """Until the hearing authority sets the day, the row asks for it, waiting since the
    request; once set, the row is the hearing, due on its day; undated rows come first."""
    later = CitationHearingFactory(requested_on=days(-9), hearing_date=days(9))
    sooner = CitationHearingFactory(requested_on=days(-8), hearing_date=days(2))
    undated = CitationHearingFactory(requested_on=days(-1))

    rows = hearings.citation_hearings(na_town).items

    assert [row.url for row in rows] == [
        f"/enforcement/citations/{hearing.citation_id}/#{form}-section" for hearing, form in (
            (undated, "hearing_date"), (sooner, "hearing_decision"), (later, "hearing_decision"))]
    assert [row.what for row in rows] == ["Set the hearing's date",
                                          "Hear the citation and decide",
                                          "Hear the citation and decide"]
    assert rows[0].status(TODAY) == f"Waiting since {format_date(days(-1))}"
    assert rows[1].status(TODAY) == f"Due by {format_date(days(2))}"


def test_an_appeal_of_a_case_whose_law_has_its_own_page_opens_that_page(na_town):
    """A nuisance dog's appeal is ruled on the dog case's page, where its law's steps are
    taken; the generic case page has no ruling form for it."""
    appeal = AppealFactory(case=CaseFactory(case_type=NUISANCE_DOG))

    [waiting] = hearings.open_appeals(na_town, user=UserFactory()).items

    assert waiting.url == f"/dogs/cases/{appeal.case_id}/"


def test_an_appeal_is_not_offered_to_whoever_decided_what_it_answers(na_town):
    """Whoever made the determination, ruled on an earlier appeal of the case or proposed
    the determination does not decide the appeal (``own_review_refusal``,
    ``require_other_seat``): their list leaves it out, another's keeps it."""
    determiner, earlier_ruler, proposer, other = UserFactory.create_batch(4)
    determined = AppealFactory(case__determined_by=determiner, case__party_name="Determined")
    further = AppealFactory(case__party_name="Further")
    AppealFactory(case=further.case, decided_on=days(-2), decided_by=earlier_ruler)
    proposed = AppealFactory(case__proposed_by=proposer, case__party_name="Proposed")

    def waiting_for(user) -> set[int]:
        return {int(item.url.rstrip("/").rsplit("/", 1)[1])
                for item in hearings.open_appeals(na_town, user=user).items}

    every_case = {determined.case_id, further.case_id, proposed.case_id}
    assert waiting_for(other) == every_case
    assert waiting_for(determiner) == every_case - {determined.case_id}
    assert waiting_for(earlier_ruler) == every_case - {further.case_id}
    assert waiting_for(proposer) == every_case - {proposed.case_id}


def test_a_hearing_row_gives_its_day_hour_and_place_and_an_undated_one_none(na_town):
    """Whoever holds a hearing reads on its row where and when, as the notice told the
    parties; a citation hearing or an appeal with no day yet says nothing of it."""
    held = {"hearing_date": days(1), "hearing_time": dt.time(19, 0),
            "location": "Town Hall, Room 2"}
    CaseHearingFactory(**held)
    CitationHearingFactory(**held)
    CitationHearingFactory(requested_on=days(-1))
    AppealFactory(**held)
    AppealFactory(filed_on=days(-1))

    [to_hold, _] = hearings.hearing_lists(na_town, today=TODAY)
    rows = [*to_hold.items, *hearings.citation_hearings(na_town).items,
            *hearings.open_appeals(na_town, user=UserFactory()).items]

    when_and_where = "Hearing on Thursday, June 11, 2026, 7:00 PM, Town Hall, Room 2"
    assert sorted(row.detail for row in rows) == ["", "", when_and_where, when_and_where,
                                                  when_and_where]


# -- board member ------------------------------------------------------------------------


def test_a_variance_waits_for_my_signature_until_i_sign_it():
    town = town_calendar("tisbury")
    me = staff(Role.BOARD_MEMBER, "tisbury")
    unsigned = VarianceFactory()
    VarianceSignatureFactory(variance=VarianceFactory(), board_member=me)
    VarianceSignatureFactory(variance=unsigned)  # another member signed: still mine to sign

    [item] = board.signatures_waiting(town, user=me).items

    assert item.url == f"/staff/applications/{unsigned.application_id}/#variances-heading"


def test_a_variance_on_my_own_application_is_left_to_the_other_members():
    """A member who applied, or whose business applied, signs none of its variances: their
    list leaves them out, another member's shows them (Tisbury 09.0.3)."""
    town = town_calendar("tisbury")
    me = staff(Role.BOARD_MEMBER, "tisbury")
    other = staff(Role.BOARD_MEMBER, "tisbury")
    VarianceFactory(application__applicant=me)
    my_business = VarianceFactory()
    membership = BusinessMemberFactory(business=BusinessFactory(), user=me)
    my_business.application.business = membership.business
    my_business.application.save(update_fields=["business"])
    theirs = VarianceFactory()

    mine_to_sign = board.signatures_waiting(town, user=me).items
    others_to_sign = board.signatures_waiting(town, user=other).items

    assert [item.url for item in mine_to_sign] == [
        f"/staff/applications/{theirs.application_id}/#variances-heading"]
    assert len(others_to_sign) == 3


# -- town admin --------------------------------------------------------------------------


def test_offline_permit_types_and_placeholder_fees_are_listed(na_town):
    offline = PermitType.objects.filter(municipality=na_town.municipality).first()
    offline.online = False
    offline.save(update_fields=["online"])
    FeeScheduleFactory(permit_type=offline, effective_from=days(-1), seeded=True)

    offline_names = [item.record for item in town_admin.offline_permit_types(na_town).items]
    fees = town_admin.placeholder_fees(na_town, today=TODAY)

    assert offline.name in offline_names
    assert offline.name in records(fees)
    confirmed = FeeScheduleFactory(permit_type=offline, effective_from=TODAY, seeded=False)
    assert offline.name not in records(town_admin.placeholder_fees(na_town, today=TODAY))
    assert confirmed.permit_type.name in records(
        town_admin.placeholder_fees(na_town, today=days(-1)))


def test_closures_and_holidays_run_through_the_thirtieth_day(na_town):
    ClosureFactory(date=days(30), reason="Last day shown")
    ClosureFactory(date=days(31), reason="Too far")

    work = town_admin.closures_ahead(na_town, today=TODAY)

    assert [(item.on, item.what) for item in work.items] == [
        (dt.date(2026, 6, 19), "Legal holiday: Juneteenth National Independence Day"),
        (dt.date(2026, 7, 4), "Legal holiday: Independence Day"),
        (days(30), "Office closed: Last day shown"),
    ]


def test_the_admin_home_links_the_town_staff_page(na_town):
    work = town_admin.staff_page(na_town)

    [item] = work.items
    assert item.url == "/admin/staff/north_andover/"
    assert item.what == "Add or remove staff roles"


# -- Animal Control Officer (North Andover) ------------------------------------------------


def impoundment(on, **fields):
    return Impoundment.objects.create(municipality=town_calendar("north_andover").municipality,
                                      impounded_on=on, description="Brown terrier",
                                      recorded_by=UserFactory(), **fields)


def test_a_dog_in_custody_shows_its_day_of_hold_and_forwarding_deadline(na_town):
    from dogs.impoundment.home import impoundment_work

    held = impoundment(days(-2))
    impoundment(days(-9), status=ImpoundmentStatus.RELEASED)

    [work] = impoundment_work(na_town, user=UserFactory(), today=TODAY)

    [item] = work.items
    assert item.url == f"/dogs/impoundments/{held.pk}/"
    assert item.what == "Day 3 of the hold (it ends June 15, 2026)"
    # 30 days after June 8 is Wednesday, July 8: a business day of the Monday-to-Thursday week.
    assert item.due_on == dt.date(2026, 7, 8)


def test_restraint_orders_running_out_within_the_window(na_town):
    from dogs.cases.home import restraint_orders_ending

    for ends in (days(-1), window_end(TODAY), window_end(TODAY) + dt.timedelta(1)):
        OrderFactory(case__case_type=NUISANCE_DOG, ends_on=ends, comply_by=ends)

    work = restraint_orders_ending(na_town, today=TODAY)

    assert [item.due_on for item in work.items] == [window_end(TODAY)]


def test_an_open_dog_case_shows_its_next_date(na_town):
    from dogs.cases.home import open_dog_cases

    case = CaseFactory(case_type=NUISANCE_DOG)
    OrderFactory(case=case, comply_by=days(5))
    CaseHearingFactory(case=case, hearing_date=days(3))
    CaseHearingFactory(case=case, hearing_date=days(1), decided_on=TODAY)

    [item] = open_dog_cases(na_town).items

    assert item.due_on == days(3)


def test_every_open_case_of_the_towns_chapter_60_is_an_open_dog_case(na_town):
    """A dog at large is the town's commonest dog case: it is listed with the dangerous,
    potentially dangerous and nuisance dogs, as the Cases list shows it, each linked to the
    page its next step is taken on; a closed case, another town's and a noise complaint
    (listed under its own heading) are not."""
    from dogs.cases.home import open_dog_cases

    at_large = CaseFactory(case_type="north_andover.dog_control", received_on=days(-3),
                           party_name="Jane Smith", address="12 Elm Street")
    nuisance = CaseFactory(case_type=NUISANCE_DOG, received_on=days(-1))
    determined = CaseFactory(case_type="north_andover.dangerous_dog", status="determined")
    CaseFactory(case_type="north_andover.dog_control", status="closed")
    CaseFactory(case_type=NUISANCE_NOISE_CASE)
    CaseFactory(case_type="northborough.stable_violation",
                municipality=town_calendar("northborough").municipality)

    work = open_dog_cases(na_town, listed_elsewhere=(NUISANCE_NOISE_CASE,))

    assert [item.url for item in work.items] == [
        f"/enforcement/cases/{at_large.pk}/", f"/dogs/cases/{nuisance.pk}/",
        f"/dogs/cases/{determined.pk}/"]
    assert work.items[0].record == (f"Case #{at_large.pk}, Dog at large, waste, noise, limits "
                                    "or feeding wildlife (Jane Smith, 12 Elm Street)")
    assert work.items[0].since == days(-3)
    assert work.link_url == "/enforcement/cases/?town=north_andover"


def test_residence_limit_orders_and_noise_complaints(na_town):
    from dogs.limits.home import noise_complaints, residence_limit_orders

    order = OrderFactory(case__case_type=RESIDENCE_LIMITS_CASE, comply_by=days(20))
    OrderFactory(case__case_type=RESIDENCE_LIMITS_CASE, complied_on=TODAY)
    noise = CaseFactory(case_type=NUISANCE_NOISE_CASE, received_on=days(-1))

    [limit] = residence_limit_orders(na_town).items
    [complaint] = noise_complaints(na_town).items

    assert (limit.url, limit.due_on) == (f"/dogs/limits/{order.case_id}/", days(20))
    assert complaint.url == f"/dogs/noise/{noise.pk}/"
