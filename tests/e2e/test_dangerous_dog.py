"""A dangerous dog in the browser (Code ch. 60): the Animal Control Officer opens the case on
Cases naming the dog by its tag; the Chief orders the owner's duties, the Animal Control
Officer's check against Dangerous D finds the insurance short inside the 21 days, the Chief
extends the time to secure the premises, compliance is recorded within it, and the owner's
notice of moving away is printed for the other town. (A potentially
dangerous dog is not judged by these rules: ``test_potentially_dangerous_by_officer``.)"""

from __future__ import annotations

import datetime as dt
import re

import time_machine
from django.utils import timezone
from playwright.sync_api import Page, expect

from dogs.cases import DANGEROUS_DOG, determine_dangerous, duty_orders
from permits_site.enforcement.models import Case
from permits_site.enforcement.services import open_case
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import (
    PASSWORD,
    DogFactory,
    DogTagFactory,
    PermitFactory,
    Role,
    UserFactory,
    municipality,
    staff,
)

#: Determined Thursday 2 September 2027; the owner notified Friday 3 September, so the
#: premises are due secured Friday 24 September (a duration: not rolled to Monday).
DECIDED = dt.date(2027, 9, 2)
NOTIFIED = dt.date(2027, 9, 3)
CHECKED = dt.date(2027, 9, 20)
EXTENDED = dt.date(2027, 9, 23)
COMPLIED = dt.date(2027, 10, 28)

FACTS = {
    "enclosure_distance_to_property_line_ft": "12", "enclosure_has_bottom": True,
    "sides_embedded_ft": "0", "enclosure_has_secure_top": True,
    "enclosure_weather_protection": True,
    "warning_signs_all_sides": True, "child_warning_symbol_sign": True,
    "abutters_notified_certified": True, "insurance_per_incident": "100000",
    "lead_length_ft": "4", "muzzled_off_premises": True, "handler_age": "30",
}


def on(day: dt.date):
    return time_machine.travel(dt.datetime.combine(day, dt.time(10, 0)), tick=True)


def determined_case() -> Case:
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", username="alice",
                    first_name="Alice", last_name="Officer")
    chief = staff(Role.HEARING_AUTHORITY, "north_andover", username="hal", first_name="Hal",
                  last_name="Chief")
    case = open_case(municipality=municipality("north_andover"), case_type=DANGEROUS_DOG,
                     party=UserFactory(first_name="Pat", last_name="Doe"), party_name="",
                     address="12 Elm St", complaint="The dog bit a jogger.",
                     received_on=timezone.localdate(), acting_user=officer)
    return determine_dangerous(case=case, deemed=True, exceptions=[], grounds=["B(1)(a)"],
                               determination="Bit a jogger without provocation.",
                               acting_user=chief)


def as_user(page: Page, live_server, username: str, case: Case) -> None:
    page.context.clear_cookies()
    sign_in(page, live_server, username, PASSWORD)
    page.goto(f"{live_server.url}/dogs/cases/{case.pk}/")
    assert_accessible(page)


def done(page: Page, message: str) -> None:
    expect(page.get_by_text(message)).to_be_visible()
    assert_accessible(page)


def fill_facts(page: Page, facts: dict) -> None:
    check = page.locator("#check-section")
    for name, value in facts.items():
        if isinstance(value, bool):
            check.locator(f'input[name="check-{name}"][value="{"yes" if value else "no"}"]'
                          ).check()
        else:
            check.locator(f'[name="check-{name}"]').fill(value)


def test_duties_a_check_an_extension_and_compliance(page, live_server, db):
    with on(DECIDED):
        case = determined_case()

    with on(NOTIFIED):
        as_user(page, live_server, "hal", case)
        page.get_by_label("Owner notified of the determination on").fill(NOTIFIED.isoformat())
        page.get_by_role("button", name="Order duties").click()
        done(page, "Owner's duties ordered.")
        expect(page.locator(".duty")).to_have_count(5)
        expect(page.locator("#security-window")).to_contain_text("Friday, September 24, 2027")

    with on(CHECKED):
        as_user(page, live_server, "alice", case)
        fill_facts(page, {**FACTS, "insurance_per_incident": "50000"})
        page.get_by_role("button", name="Record check").click()
        done(page, "Compliance check recorded.")
        expect(page.locator("#compliance-check")).to_contain_text("Dangerous D(3)")
        expect(page.get_by_role("button", name="Record compliance")).to_have_count(0)

    with on(EXTENDED):
        as_user(page, live_server, "hal", case)
        page.get_by_label("Extend the time to secure the premises to").fill("2027-11-03")
        page.get_by_label("Good cause shown").fill("The insurer needs six weeks.")
        page.get_by_role("button", name="Extend time").click()
        expect(page.locator("#extend-section")).to_contain_text("November 2, 2027 at the latest")
        assert_accessible(page)
        page.get_by_label("Extend the time to secure the premises to").fill("2027-11-02")
        page.get_by_role("button", name="Extend time").click()
        done(page, "Time to comply extended.")
        expect(page.locator("#security-window")).to_contain_text("Tuesday, November 2, 2027")

    with on(COMPLIED):
        as_user(page, live_server, "alice", case)
        fill_facts(page, FACTS)
        page.get_by_role("button", name="Record check").click()
        done(page, "Compliance check recorded.")
        page.get_by_role("button", name="Record compliance").click()
        done(page, "Compliance recorded.")
        expect(page.locator("#duties")).to_contain_text("Complied on October 28, 2027")

        page.get_by_label("Direction of the move").select_option("out")
        page.get_by_label("Other community").fill("Andover")
        page.get_by_label("The new community's Animal Control Officer (moving out)").fill(
            "Andover Animal Control")
        page.get_by_label("Description of the dog").fill("Tan boxer, 60 lb, microchipped.")
        page.get_by_role("button", name="Record notice").click()
        done(page, "Relocation notice recorded.")
        page.get_by_role("link", name="Print notice 1").click()
        expect(page.get_by_role("heading", level=1)).to_have_text(
            "Notice of a dangerous dog relocating")
        expect(page.locator("main")).to_contain_text("To the Animal Control Officer of Andover")
        assert_accessible(page)

    assert duty_orders(case)["security"].complied_on == COMPLIED


def test_the_officer_opens_the_case_on_cases_naming_the_dog_by_its_tag(page, live_server, db):
    with on(DECIDED):
        staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", username="alice",
              first_name="Alice", last_name="Officer")
        owner = UserFactory(first_name="Harriet", last_name="Quennell")
        biscuit = DogFactory(name="Biscuit", breed="Beagle", color="Tricolor", sex="female",
                             owner=owner)
        DogTagFactory(permit=PermitFactory(application__applicant=owner), dog=biscuit,
                      year=2027, number=17)
        sign_in(page, live_server, "alice", PASSWORD)
        page.goto(f"{live_server.url}/enforcement/cases/")
        form = page.get_by_role("region", name="Open a case on a complaint")
        form.get_by_label("Case type").select_option(DANGEROUS_DOG)
        form.get_by_label("Dog (a dangerous or potentially dangerous dog case)").fill("17")
        form.get_by_label("Complaint").fill("The dog bit a jogger on Elm Street.")
        form.get_by_role("button", name="Open case").click()
        expect(page.get_by_text(re.compile(r"^Case #\d+ opened\.$"))).to_be_visible()
        assert_accessible(page)

        page.goto(f"{live_server.url}/dogs/cases/{Case.objects.get().pk}/")
        expect(page.locator("#dog")).to_have_text(
            "Dog: Biscuit (Beagle, Tricolor, female), license tag 17 of 2027")
        expect(page.get_by_role("heading", level=1)).to_have_text(
            "Dangerous dog: Harriet Quennell")
        assert_accessible(page)
