"""Every role's main pages fit a 390 px phone: nothing scrolls the page sideways, and a table
wider than the phone scrolls inside its own box, a labelled region the keyboard reaches (axe's
scrollable-region-focusable, WCAG 2.1.1).

The demo (``manage.py seed_demo``) gives every role its records: the test signs in once as
the resident and once as each role, in one town each, and visits that person's pages.
"""

from __future__ import annotations

from http import HTTPStatus

import pytest
from django.core.management import call_command
from django.urls import reverse
from playwright.sync_api import Browser, Page

from permits_site.accounts.demo import DEMO_PASSWORD
from permits_site.enforcement.models import Case, Citation
from permits_site.licensing.models import Application
from permits_site.parties.models import Business
from permits_site.towns.models import Municipality
from tests.e2e.conftest import PHONE, assert_accessible, sign_in

PHONE_WIDTH = PHONE["viewport"]["width"]
#: Whether some box of the page scrolls sideways inside it (a wide table in its region).
SCROLLS_INSIDE = """() => [...document.querySelectorAll("main *")].some(box =>
    box.scrollWidth > box.clientWidth && /auto|scroll/.test(getComputedStyle(box).overflowX))"""
TOWNS = ("north_andover", "northborough", "tisbury")


@pytest.fixture
def demo(db, capsys) -> None:
    call_command("seed_demo")
    capsys.readouterr()  # the demo's e-mails and its accounts table


def public_pages(page: Page, live_server) -> list[str]:
    """Each town's page, its key dates and the page of each permit type it lists."""
    pages = ["/"]
    for town in TOWNS:
        page.goto(f"{live_server.url}{reverse('law:town', args=[town])}")
        listed = page.locator(f"main a[href^='/towns/{town}/permits/']").evaluate_all(
            "links => links.map(link => link.getAttribute('href'))")
        assert listed, f"{town} lists no permit type"
        pages += [reverse("law:town", args=[town]), reverse("law:key_dates", args=[town]),
                  *listed]
    return pages


def resident_pages() -> list[str]:
    resident_applications = Application.objects.filter(applicant__username="resident")
    citation = Citation.objects.filter(case__party__username="resident").order_by("pk").first()
    return [
        reverse("licensing:dashboard"),
        reverse("licensing:find"),
        *(reverse("licensing:application", args=[pk]) for pk in
          resident_applications.order_by("pk").values_list("pk", flat=True)),
        reverse("citations:mine"),
        reverse("citations:detail", args=[citation.pk]),
        reverse("accounts:profile"),
        reverse("accounts:email_change"),
        reverse("notifications:messages"),
        reverse("parties:properties"),
        *(reverse("parties:business", args=[pk]) for pk in Business.objects.filter(
            memberships__user__username="resident").order_by("pk").values_list("pk", flat=True)),
    ]


def business_pages() -> list[str]:
    business = Business.objects.get(legal_name="Harbor Diner Inc.")
    return [reverse("licensing:dashboard"), reverse("parties:business", args=[business.pk])]


def staff_pages(town: str) -> list[str]:
    """My work, the queue, search, reports, and the town's first case, citation and
    application under review."""
    place = Municipality.objects.get(code=town)
    pages = ["/staff/", reverse("licensing:queue"), "/staff/search/?q=smith", "/reports/",
             reverse("enforcement:cases"), reverse("enforcement:citations"),
             reverse("accounts:profile"),
             reverse("accounts:email_change")]
    case = Case.objects.filter(municipality=place).order_by("pk").first()
    if case:
        pages.append(reverse("enforcement:case", args=[case.pk]))
    citation = Citation.objects.filter(case__municipality=place).order_by("pk").first()
    if citation:
        pages.append(reverse("enforcement:citation", args=[citation.pk]))
    application = Application.objects.filter(municipality=place).exclude(status="draft") \
        .order_by("pk").first()
    if application:
        pages.append(reverse("licensing:review", args=[application.pk]))
    return pages


#: Who signs in, and the pages of their own besides the public ones (one town per role).
PEOPLE = {
    "resident": resident_pages,
    "restaurateur": business_pages,
    "clerk_north_andover": lambda: [*staff_pages("north_andover"), "/dogs/renewals/",
                                    reverse("licensing:counter_types")],
    "aco_north_andover": lambda: [*staff_pages("north_andover"), "/dogs/calls/"],
    "inspector_northborough": lambda: staff_pages("northborough"),
    "inspector_tisbury": lambda: staff_pages("tisbury"),
    "hearing_authority_north_andover": lambda: staff_pages("north_andover"),
    "board_member_tisbury": lambda: staff_pages("tisbury"),
    "admin_tisbury": lambda: [*staff_pages("tisbury"), reverse("licensing:permit_types"),
                              reverse("licensing:fee_schedules"),
                              reverse("enforcement:fine_schedules"),
                              reverse("accounts:staff_roles", args=["tisbury"]),
                              "/tisbury/septic/inspectors/"],
}


def test_every_roles_pages_fit_a_phone(browser: Browser, live_server, demo):
    too_wide: list[str] = []
    for username, own_pages in PEOPLE.items():
        context = browser.new_context(**PHONE)
        try:
            page = context.new_page()
            sign_in(page, live_server, username, DEMO_PASSWORD)
            pages = own_pages() + (public_pages(page, live_server) if username == "resident"
                                   else [])
            for path in dict.fromkeys(pages):
                response = page.goto(f"{live_server.url}{path}")
                assert response is not None
                if response.status == HTTPStatus.FORBIDDEN:
                    continue  # a page of another role (the queue is not the officer's)
                assert response.ok, f"{username}: {path} answers {response.status}"
                width = page.evaluate("document.documentElement.scrollWidth")
                if width > PHONE_WIDTH:
                    too_wide.append(f"{username} {path}: {width} px")
                elif page.evaluate(SCROLLS_INSIDE):
                    try:
                        assert_accessible(page)
                    except AssertionError as violations:
                        too_wide.append(f"{username} {path}: {violations}")
        finally:
            context.close()
    assert not too_wide, "pages wider than a phone, or scrolling where a keyboard cannot:\n" + (
        "\n".join(too_wide))
