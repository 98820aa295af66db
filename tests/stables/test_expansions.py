"""Expansions of a stable: under 25 % they are cumulated; at 25 % a permit comes first (§2.1)."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine

from permits_site.exceptions import DomainError
from permits_site.licensing.services.applications import submit_application
from stables.models import Stable, StableExpansion
from stables.permits import services
from tests.stables.flow import ITEMS, answers, drafted, issue, permitted, with_plans

pytestmark = pytest.mark.django_db
JUNE_2027 = dt.datetime(2027, 6, 1, 10, 0)


def expand(stable, area, clerk_or_keeper, made_on=dt.date(2027, 5, 20)):
    return services.record_expansion(
        stable=stable, area_sqft=Decimal(area), made_on=made_on, acting_user=clerk_or_keeper
    )


@pytest.fixture
def stable(keeper, nb_clerk):
    """A stable permitted with 400 sq ft of floor: 100 sq ft is its 25 %."""
    with time_machine.travel(dt.datetime(2027, 3, 15, 10, 0), tick=False):
        permitted(keeper, nb_clerk, facts=answers(stable_floor_area_sqft=400))
    return Stable.objects.get()


@time_machine.travel(JUNE_2027, tick=False)
def test_expansions_under_25_percent_are_cumulated_2_1(stable, keeper, nb_clerk):
    expand(stable, "40", keeper)
    expand(stable, "35", nb_clerk)

    standing = services.expansion_standing(stable)

    assert (standing.permitted_area, standing.cumulated, standing.threshold) == (
        Decimal("400"), Decimal("75"), Decimal("100.00")
    )
    assert StableExpansion.objects.filter(stable=stable).count() == 2


@time_machine.travel(JUNE_2027, tick=False)
@pytest.mark.parametrize(("proposed", "needs_permit"), [("59.9", False), ("60", True),
                                                        ("60.1", True)])
def test_prior_and_proposed_expansions_of_25_percent_need_a_permit_first_2_1(
    stable, keeper, proposed, needs_permit
):
    expand(stable, "40", keeper)

    finding = services.expansion_finding(
        stable=stable, proposed_sqft=Decimal(proposed), on=dt.date(2027, 6, 1)
    )

    assert finding.failed is needs_permit
    assert finding.citation == "Northborough Horse & Stable Regs §2.1"


@time_machine.travel(JUNE_2027, tick=False)
def test_an_expansion_reaching_25_percent_is_refused_naming_the_area_and_section(
    stable, keeper
):
    expand(stable, "40", keeper)

    with pytest.raises(DomainError) as refused:
        expand(stable, "60", keeper)

    message = refused.value.errors["area_sqft"][0]
    assert "permit is required before this expansion" in message
    assert message.endswith("(Northborough Horse & Stable Regs §2.1)")
    assert services.expansion_standing(stable).cumulated == Decimal("40")


def test_a_renewed_permit_judges_the_new_area_and_restarts_the_count(stable, keeper, nb_clerk):
    with time_machine.travel(JUNE_2027, tick=False):
        expand(stable, "90", keeper)
        permit = stable.area_permitted_by
    with time_machine.travel(dt.datetime(2028, 3, 1, 10, 0), tick=False):
        application = services.renew_stable_permit(
            applicant=keeper,
            permit=permit,
            items={**ITEMS, "changes_made": "Added a 90 sq ft foaling stall."},
            facts=answers(stable_floor_area_sqft=490),
        )
        with_plans(application, keeper)
        submit_application(application=application, acting_user=keeper)
        issue(application, nb_clerk)

    stable.refresh_from_db()
    standing = services.expansion_standing(stable)
    assert (standing.permitted_area, standing.cumulated) == (Decimal("490"), Decimal("0"))


@time_machine.travel(JUNE_2027, tick=False)
def test_a_stable_without_a_permit_has_no_area_to_expand_from(keeper):
    unpermitted = drafted(keeper).stable_application.stable

    with pytest.raises(DomainError) as refused:
        expand(unpermitted, "10", keeper)

    assert "apply for a stable permit first" in refused.value.errors["area_sqft"][0]


@time_machine.travel(JUNE_2027, tick=False)
def test_an_expansion_must_add_area(stable, keeper):
    with pytest.raises(DomainError) as refused:
        expand(stable, "0", keeper)

    assert list(refused.value.errors) == ["area_sqft"]
