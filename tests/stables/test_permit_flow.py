"""Private and public stable permits from draft to issue, through the shared services:
what blocks issuance, the terms, renewals and transfers."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine

from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.licensing.models import ApplicationStatus, PermitStatus
from permits_site.licensing.services.applications import (
    approve_application,
    blockers,
    evaluate,
    submit_application,
    withdraw_application,
)
from permits_site.licensing.services.documents import upload_document
from permits_site.licensing.services.hearings import decide_hearing, schedule_hearing
from permits_site.licensing.services.permits import issue_permit
from permits_site.licensing.services.variances import request_variance, sign_variance
from permits_site.rules.base import Outcome
from stables.models import Stable
from stables.permits import services
from tests.factories import UserFactory
from tests.stables.flow import (
    ITEMS,
    PUBLIC,
    accept_documents,
    answers,
    drafted,
    issue,
    pay,
    pdf,
    permitted,
    sign_off,
    submitted,
    with_plans,
)

pytestmark = pytest.mark.django_db
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)
ABUTTERS = [
    {"name": "Alma Abutter", "mailing_address": "14 Bartlett Street, Northborough MA 01532",
     "certified_mail_number": "9407 1000 0000 0000 0001"},
    {"name": "Ben Abutter", "mailing_address": "10 Bartlett Street, Northborough MA 01532",
     "certified_mail_number": "9407 1000 0000 0000 0002"},
]


def codes(application):
    return [blocker.code for blocker in blockers(application)]


# -- What blocks issuance ---------------------------------------------------------------


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_submitted_stable_application_lists_every_gate_with_its_section(keeper):
    application = submitted(keeper)

    found = blockers(application)

    assert [blocker.code for blocker in found] == [
        "nb.4.1.concom",
        "nb.2.3.zoning",
        "document.plot_plan",
        "document.stable_plan",
        "fee.unpaid",
    ]
    assert [blocker.citation for blocker in found] == [
        "Northborough Horse & Stable Regs §4.1",
        "Northborough Horse & Stable Regs §2.3",
        "Northborough Horse & Stable Regs §2.2",
        "Northborough Horse & Stable Regs §2.2",
        "Northborough Horse & Stable Regs §2.2",
    ]


@time_machine.travel(MARCH_15_2027, tick=False)
def test_no_permit_issues_until_the_zoning_certification_is_recorded_2_3(keeper, nb_clerk):
    application = submitted(keeper)
    accept_documents(application, nb_clerk)
    pay(application, nb_clerk)
    services.record_conservation_review(
        application=application, reviewed_on=dt.date(2027, 3, 10), acting_user=nb_clerk
    )

    with pytest.raises(InvalidTransition) as refused:
        approve_application(application=application, acting_user=nb_clerk)
    services.record_zoning_certification(
        application=application, certified_on=dt.date(2027, 3, 12), note="ZBA letter 27-4",
        acting_user=nb_clerk,
    )

    assert "§2.3" in str(refused.value)
    assert codes(application) == []
    details = application.stable_application
    assert (details.zoning_certified_by, details.zoning_note) == (nb_clerk, "ZBA letter 27-4")


@time_machine.travel(MARCH_15_2027, tick=False)
def test_no_permit_issues_until_the_conservation_commission_review_is_recorded_4_1(
    keeper, nb_clerk
):
    application = submitted(keeper)
    accept_documents(application, nb_clerk)
    pay(application, nb_clerk)
    services.record_zoning_certification(
        application=application, certified_on=dt.date(2027, 3, 12), acting_user=nb_clerk
    )

    assert codes(application) == ["nb.4.1.concom"]
    services.record_conservation_review(
        application=application, reviewed_on=dt.date(2027, 3, 14), acting_user=nb_clerk
    )
    assert codes(application) == []


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_applicant_cannot_state_the_office_facts_themselves(keeper):
    application = submitted(keeper)
    application.facts = {**application.facts, "zoning_certified": True,
                         "conservation_commission_reviewed": True}
    application.save(update_fields=["facts"])

    assert {"nb.2.3.zoning", "nb.4.1.concom"} <= set(codes(application))


@time_machine.travel(MARCH_15_2027, tick=False)
def test_office_sign_offs_are_refused_in_the_future_and_twice(keeper, nb_clerk):
    application = submitted(keeper)

    with pytest.raises(DomainError) as future:
        services.record_zoning_certification(
            application=application, certified_on=dt.date(2027, 3, 16), acting_user=nb_clerk
        )
    services.record_zoning_certification(
        application=application, certified_on=dt.date(2027, 3, 15), acting_user=nb_clerk
    )
    with pytest.raises(InvalidTransition, match="already recorded"):
        services.record_zoning_certification(
            application=application, certified_on=dt.date(2027, 3, 15), acting_user=nb_clerk
        )

    assert list(future.value.errors) == ["on"]


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_stable_42_ft_from_the_lot_line_blocks_until_the_board_varies_4_1a(
    keeper, nb_clerk, board_member
):
    application = submitted(
        keeper, facts=answers(distance_to_abutter_property_line_ft=42)
    )
    accept_documents(application, nb_clerk)
    pay(application, nb_clerk)
    sign_off(application, nb_clerk)
    assert codes(application) == ["nb.4.1a.lot_line"]

    variance = request_variance(
        application=application,
        rule_ids=["nb.4.1a.lot_line"],
        request_text="The barn predates the lot split; moving it is not feasible.",
        acting_user=nb_clerk,
    )
    sign_variance(
        variance=variance,
        board_member=board_member,
        approve=True,
        conditions="Evergreen screen along the east line.",
        bases="Enforcing 50 ft would do manifest injustice: the barn predates the lot line.",
    )
    approve_application(application=application, acting_user=nb_clerk)
    permit = issue_permit(application=application, acting_user=nb_clerk)

    assert codes(application) == []
    [finding] = [f for f in evaluate(application).findings if f.rule == "nb.4.1a.lot_line"]
    assert finding.outcome is Outcome.FAIL
    assert "Evergreen screen" in str(permit.conditions)


@time_machine.travel(MARCH_15_2027, tick=False)
def test_the_fee_blocks_issuance_until_it_is_paid(keeper, nb_clerk):
    application = submitted(keeper)
    accept_documents(application, nb_clerk)
    sign_off(application, nb_clerk)

    assert codes(application) == ["fee.unpaid"]
    assert application.invoices.get().total == Decimal("50.00")
    pay(application, nb_clerk)
    assert codes(application) == []


def test_a_scheduled_hearing_blocks_issuance_until_decided_2_2(keeper, nb_clerk):
    with time_machine.travel(MARCH_15_2027, tick=False) as clock:
        application = submitted(keeper)
        accept_documents(application, nb_clerk)
        pay(application, nb_clerk)
        sign_off(application, nb_clerk)
        hearing = schedule_hearing(
            application=application,
            hearing_date=dt.date(2027, 3, 29),
            notices_mailed_on=dt.date(2027, 3, 19),
            location="Town Hall, Room 2, 7 pm",
            abutters=ABUTTERS,
            acting_user=nb_clerk,
        )
        undecided = blockers(application)
        clock.move_to(dt.datetime(2027, 3, 29, 21, 0))
        decide_hearing(hearing=hearing, decision="Permit granted.",
                       decided_on=dt.date(2027, 3, 29), acting_user=nb_clerk)

        assert [(blocker.code, blocker.citation) for blocker in undecided] == [
            ("hearing.undecided", "Northborough Horse & Stable Regs §2.2")
        ]
        assert codes(application) == []


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_hearing_9_days_after_the_notices_are_mailed_is_refused_2_2(keeper, nb_clerk):
    application = submitted(keeper)

    with pytest.raises(DomainError) as refused:
        schedule_hearing(
            application=application,
            hearing_date=dt.date(2027, 3, 31),
            notices_mailed_on=dt.date(2027, 3, 22),
            location="Town Hall",
            abutters=ABUTTERS,
            acting_user=nb_clerk,
        )

    assert "§2.2" in refused.value.errors["hearing_date"][0]


# -- Grandfathered stables (§2.5) -------------------------------------------------------------


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_grandfathered_stable_is_not_judged_by_4_and_5_once_confirmed(keeper, nb_clerk):
    application = submitted(
        keeper, facts=answers(grandfathered=True, distance_to_abutter_property_line_ft=20,
                              shed_sides=2, corral_area_sqft=6000)
    )
    outcomes = {finding.rule: finding.outcome for finding in evaluate(application).findings}

    assert outcomes["nb.4.1a.lot_line"] is Outcome.NOT_APPLICABLE
    assert outcomes["nb.5.1.shed"] is Outcome.NOT_APPLICABLE
    assert outcomes["nb.4.1.concom"] is Outcome.NOT_APPLICABLE
    assert outcomes["nb.3.1.corral"] is Outcome.PASS
    assert "stable.grandfathered" in codes(application)
    services.confirm_grandfathered(
        application=application,
        note="BOH permit 1987-12, operating without complaint since.",
        acting_user=nb_clerk,
    )
    assert "stable.grandfathered" not in codes(application)


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_grandfathered_stable_still_needs_a_large_enough_corral_3_1(keeper):
    application = submitted(keeper, facts=answers(grandfathered=True, corral_area_sqft=4000))

    assert "nb.3.1.corral" in codes(application)


# -- Terms ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("issued", "through"),
    [
        (dt.datetime(2027, 3, 15, 10, 0), dt.date(2028, 3, 14)),
        (dt.datetime(2028, 2, 29, 10, 0), dt.date(2029, 2, 27)),
    ],
)
def test_a_private_permit_runs_through_the_day_before_its_anniversary_2_2(
    keeper, nb_clerk, issued, through
):
    with time_machine.travel(issued, tick=False):
        permit = permitted(keeper, nb_clerk)

    assert (permit.valid_from, permit.valid_through) == (issued.date(), through)
    assert permit.number == f"PVS-{issued.year}-00001"


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_public_permit_runs_through_december_31_7_1(keeper, nb_clerk):
    permit = permitted(keeper, nb_clerk, code=PUBLIC)

    assert (permit.valid_from, permit.valid_through) == (dt.date(2027, 3, 15),
                                                          dt.date(2027, 12, 31))
    assert permit.fee_total == Decimal("200.00")


@time_machine.travel(MARCH_15_2027, tick=False)
def test_issuing_fixes_the_floor_area_that_expansions_count_from_2_1(keeper, nb_clerk):
    permit = permitted(keeper, nb_clerk, facts=answers(stable_floor_area_sqft=480))

    stable = Stable.objects.get()
    assert stable.permitted_floor_area_sqft == Decimal("480")
    assert stable.area_permitted_by == permit


# -- Renewal (§2.2, §7.1) ----------------------------------------------------------------------


def renewal(keeper, permit, **changes):
    application = services.renew_stable_permit(
        applicant=keeper,
        permit=permit,
        items={**ITEMS, "changes_made": "Added a run-in shed door."},
        facts=answers(permit.permit_type.code, **changes),
    )
    return with_plans(application, keeper)


def test_a_private_renewal_costs_40_and_continues_from_the_day_after_the_old_term(
    keeper, nb_clerk
):
    with time_machine.travel(MARCH_15_2027, tick=False):
        permit = permitted(keeper, nb_clerk)
    with time_machine.travel(dt.datetime(2028, 3, 1, 10, 0), tick=False):
        application = renewal(keeper, permit)
        submit_application(application=application, acting_user=keeper)
        renewed = issue(application, nb_clerk)

    permit.refresh_from_db()
    assert renewed.fee_total == Decimal("40.00")
    assert (renewed.valid_from, renewed.valid_through) == (dt.date(2028, 3, 15),
                                                            dt.date(2029, 3, 14))
    # The permit renewed stays in force through March 14, its renewal linked to it.
    assert (permit.status, permit.superseded_by) == (PermitStatus.ACTIVE, renewed)
    assert permit.effective_status(dt.date(2028, 3, 15)) == PermitStatus.EXPIRED
    assert application.stable_application.changes_made == "Added a run-in shed door."


def test_a_late_private_renewal_runs_a_year_from_its_issue(keeper, nb_clerk):
    with time_machine.travel(MARCH_15_2027, tick=False):
        permit = permitted(keeper, nb_clerk)
    with time_machine.travel(dt.datetime(2028, 4, 3, 10, 0), tick=False):
        application = renewal(keeper, permit)
        submit_application(application=application, acting_user=keeper)
        renewed = issue(application, nb_clerk)

    assert (renewed.valid_from, renewed.valid_through) == (dt.date(2028, 4, 3),
                                                            dt.date(2029, 4, 2))


def test_a_public_renewal_in_december_covers_next_year_for_200(keeper, nb_clerk):
    with time_machine.travel(MARCH_15_2027, tick=False):
        permit = permitted(keeper, nb_clerk, code=PUBLIC)
    with time_machine.travel(dt.datetime(2027, 12, 10, 10, 0), tick=False):
        application = renewal(keeper, permit)
        submit_application(application=application, acting_user=keeper)
        renewed = issue(application, nb_clerk)

    assert renewed.fee_total == Decimal("200.00")
    assert (renewed.valid_from, renewed.valid_through) == (dt.date(2028, 1, 1),
                                                            dt.date(2028, 12, 31))
    assert renewed.number == "PBS-2028-00001"


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_renewal_must_specify_the_changes_made_2_2(keeper, nb_clerk):
    permit = permitted(keeper, nb_clerk)

    with pytest.raises(DomainError) as refused:
        services.renew_stable_permit(
            applicant=keeper, permit=permit, items={**ITEMS, "changes_made": "  "},
            facts=answers(),
        )

    assert list(refused.value.errors) == ["changes_made"]
    assert "§2.2" in refused.value.errors["changes_made"][0]


@time_machine.travel(MARCH_15_2027, tick=False)
def test_only_the_holder_renews_and_never_twice_at_once(keeper, nb_clerk, other_resident):
    permit = permitted(keeper, nb_clerk)
    renewal(keeper, permit)

    with pytest.raises(DomainError) as stranger:
        renewal(other_resident, permit)
    with pytest.raises(DomainError) as twice:
        renewal(keeper, permit)

    assert list(stranger.value.errors) == ["permit"]
    assert "already has a renewal application" in twice.value.errors["permit"][0]


# -- Transfer (§2.4) -----------------------------------------------------------------------


def transfer(newcomer, permit, *, notices=("transfer_notice_transferor",
                                           "transfer_notice_transferee")):
    application = services.transfer_stable_permit(
        applicant=newcomer,
        permit_number=permit.number.lower(),
        address=" 12  bartlett street ",
        occupancy="occupant",
    )
    for kind in notices:
        upload_document(application=application, uploaded_by=newcomer, kind=kind, upload=pdf())
    return submit_application(application=application, acting_user=newcomer)


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_transfer_needs_written_notice_from_transferor_and_transferee_2_4(keeper, nb_clerk):
    permit = permitted(keeper, nb_clerk)
    newcomer = UserFactory()

    with pytest.raises(DomainError) as refused:
        transfer(newcomer, permit, notices=("transfer_notice_transferee",))

    [message] = refused.value.errors["documents"]
    assert "transferor" in message and "§2.4" in message


def test_a_transfer_costs_20_keeps_the_end_date_and_hands_over_the_stable(keeper, nb_clerk):
    with time_machine.travel(MARCH_15_2027, tick=False):
        permit = permitted(keeper, nb_clerk)
    newcomer = UserFactory()
    with time_machine.travel(dt.datetime(2027, 9, 1, 10, 0), tick=False):
        application = transfer(newcomer, permit)
        transferred = issue(application, nb_clerk)

    permit.refresh_from_db()
    stable = Stable.objects.get()
    assert transferred.fee_total == Decimal("20.00")
    assert (transferred.valid_from, transferred.valid_through) == (dt.date(2027, 9, 1),
                                                                    dt.date(2028, 3, 14))
    assert transferred.holder == newcomer
    assert (stable.keeper, stable.occupancy) == (newcomer, "occupant")
    assert permit.status == PermitStatus.SUPERSEDED
    assert stable.area_permitted_by == permit


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_public_transfer_costs_100_7_1(keeper, nb_clerk):
    permit = permitted(keeper, nb_clerk, code=PUBLIC)

    application = transfer(UserFactory(), permit)

    assert application.invoices.get().total == Decimal("100.00")


@time_machine.travel(MARCH_15_2027, tick=False)
@pytest.mark.parametrize(
    ("number", "address"),
    [("PVS-2027-00001", "99 Elsewhere Road"), ("PVS-2027-00002", "12 Bartlett Street")],
)
def test_a_transfer_names_a_permit_at_its_address(keeper, nb_clerk, number, address):
    permitted(keeper, nb_clerk)

    with pytest.raises(DomainError) as refused:
        services.transfer_stable_permit(
            applicant=UserFactory(), permit_number=number, address=address, occupancy="owner"
        )

    assert list(refused.value.errors) == ["permit_number"]


def test_an_expired_permit_cannot_be_transferred(keeper, nb_clerk):
    with time_machine.travel(MARCH_15_2027, tick=False):
        permit = permitted(keeper, nb_clerk)

    with (
        time_machine.travel(dt.datetime(2028, 3, 20, 10, 0), tick=False),
        pytest.raises(DomainError) as refused,
    ):
        services.transfer_stable_permit(
            applicant=UserFactory(), permit_number=permit.number,
            address="12 Bartlett Street", occupancy="owner",
        )

    assert "not in force" in refused.value.errors["permit_number"][0]


# -- Applying ------------------------------------------------------------------------------------


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_second_application_for_the_same_stable_is_refused(keeper):
    first = drafted(keeper)

    with pytest.raises(DomainError) as refused:
        drafted(keeper, place=first.place)

    assert "already has a new application in progress" in refused.value.errors["property"][0]


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_resident_applies_only_for_their_own_stable(keeper, other_resident):
    application = drafted(keeper)

    with pytest.raises(DomainError) as refused:
        drafted(other_resident, place=application.place)

    assert list(refused.value.errors) == ["property"]


@time_machine.travel(MARCH_15_2027, tick=False)
def test_withdrawn_applications_free_the_stable_for_a_new_one(keeper):
    first = drafted(keeper)
    withdraw_application(application=first, acting_user=keeper)

    second = drafted(keeper, place=first.place)

    assert second.status == ApplicationStatus.DRAFT
    assert second.stable_application.stable == first.stable_application.stable
