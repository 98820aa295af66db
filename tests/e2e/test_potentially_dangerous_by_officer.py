"""A potentially dangerous dog determined by the Animal Control Officer, in the browser
(Code ch. 60, Potentially dangerous B(2), C): the officer determines it without a proposal,
the Chief's designee orders two of the duties ("any or all"), and the officer writes the
security of the premises required (C(5)), which the owner has 21 days from receiving to
meet. Each page state is checked with axe. The case is opened here; a call or a bite record
may open it too."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from dogs.cases import POTENTIALLY_DANGEROUS_DOG, duty_orders
from tests.e2e.test_dog_cases import (  # noqa: F401 -- fixtures
    aco,
    as_user,
    chief,
    dog_case,
    done,
    owner,
)

#: The frozen day, Wednesday 10 June 2026: notified and description received the same day,
#: so the premises are due secured on Wednesday 1 July (21 days, a duration).
TODAY = "2026-06-10"
SECURITY_DESCRIPTION = "Raise the back-yard fence to six feet and keep the gate padlocked."


def determine_potentially_dangerous(page: Page) -> None:
    """On the case page, the officer determines the dog potentially dangerous on B(1)(a)."""
    determination = page.locator("#determine-section")
    determination.get_by_label("Potentially dangerous", exact=True).check()
    determination.get_by_label("Highly aggressive, unprovoked", exact=False).check()
    determination.get_by_label("Reasons").fill("Lunges at passers-by over a four-foot fence.")
    page.get_by_role("button", name="Record determination").click()
    done(page, "Determination recorded.")
    expect(page.locator("#criteria")).to_contain_text("B(1)(a)")


def order_two_duties(page: Page) -> None:
    """On the case page, the Chief's designee orders two of the duties ("any or all"):
    the microchip and the security of the premises, which the officer is yet to describe."""
    duties = page.locator("#duties-section")
    duties.get_by_label("Owner notified of the determination on").fill(TODAY)
    for code in ("spay_neuter", "training"):
        duties.locator(f'input[name="duties-duties"][value="{code}"]').uncheck()
    page.get_by_role("button", name="Order duties").click()
    done(page, "Owner's duties ordered.")
    expect(page.locator(".duty")).to_have_count(1)
    expect(page.locator("#security-awaiting")).to_be_visible()


def describe_the_security(page: Page) -> None:
    """On the case page, the officer writes the security required (C(5)), received today:
    due 21 days later."""
    expect(page.get_by_role("button", name="Record check")).to_have_count(0)
    security = page.locator("#describe_security-section")
    security.get_by_label("Security required of the premises").fill(SECURITY_DESCRIPTION)
    security.get_by_label("Owner received the description on").fill(TODAY)
    page.get_by_role("button", name="Record description").click()
    done(page, "Security description recorded.")
    expect(page.locator("#duties")).to_contain_text(SECURITY_DESCRIPTION)
    expect(page.locator("#security-window")).to_contain_text("Wednesday, July 1, 2026")
    expect(page.get_by_role("link", name="The security description sent to the owner (PDF)")
           ).to_be_visible()


def test_the_officer_determines_the_chief_orders_two_duties_the_officer_describes_security(
        page, live_server, owner, aco, chief):  # noqa: F811
    case = dog_case(POTENTIALLY_DANGEROUS_DOG, owner, aco)

    as_user(page, live_server, "alice", case)
    determine_potentially_dangerous(page)
    expect(page.locator("#determination")).to_contain_text("Alice Officer")

    as_user(page, live_server, "hal", case)
    order_two_duties(page)

    as_user(page, live_server, "alice", case)
    describe_the_security(page)

    assert sorted(duty_orders(case)) == ["microchip", "security"]
    assert duty_orders(case)["security"].text == SECURITY_DESCRIPTION
