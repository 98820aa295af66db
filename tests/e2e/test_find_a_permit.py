"""A new resident finds the right permit from the home page, following only links and
buttons: "Apply for a permit" filtered to Tisbury and "Run a food business" reaches the food
service permit's public page and its apply link; "Which permit do I need?" leads question by
question to a temporary dumpster permit (issue #21, "Find"). Desktop and phone width."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import assert_accessible


def find_the_tisbury_food_service_permit(page: Page, live_server) -> None:
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Apply for a permit", exact=True).click()
    expect(page.get_by_role("heading", name="Apply for a permit")).to_be_visible()
    assert_accessible(page)

    page.get_by_label("Town").select_option(label="Town of Tisbury")
    page.get_by_label("What do you want to do?").select_option(label="Run a food business")
    page.get_by_role("button", name="Find permits").click()
    expect(page.get_by_role("heading", name="3 permits")).to_be_visible()
    expect(page.get_by_role("link", name="Dog License, North Andover")).to_have_count(0)
    assert_accessible(page)

    page.get_by_role("link", name=re.compile("^Food Service Permit")).click()
    expect(page.get_by_role("heading", name="Food Service Permit")).to_be_visible()
    assert_accessible(page)
    apply = page.get_by_role("link", name=re.compile("^Apply online"))
    expect(apply).to_have_attribute("href", "/apply/tisbury.food_service/")
    apply.click()
    expect(page.get_by_role("heading", name="Sign in")).to_be_visible()
    assert "next=/apply/tisbury.food_service/" in page.url


@pytest.mark.parametrize("screen", ["page", "phone_page"])
def test_a_new_resident_finds_the_tisbury_food_service_permit(request, live_server, screen):
    find_the_tisbury_food_service_permit(request.getfixturevalue(screen), live_server)


def test_which_permit_do_i_need_leads_to_a_temporary_dumpster_permit(page, live_server):
    page.goto(f"{live_server.url}/")
    page.get_by_role("link", name="Which permit do I need in Tisbury?").click()
    expect(page.get_by_role("heading", name="Which permit do I need in Tisbury?")).to_be_visible()
    assert_accessible(page)

    page.get_by_label("Put a dumpster on a lot").check()
    page.get_by_role("button", name="Next").click()
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("link", name=re.compile("^Do you supply dumpsters to others.* "
                                                    "Choose yes or no.$"))).to_be_visible()
    assert_accessible(page)

    page.get_by_role("group", name="Do you supply dumpsters to others as a business (a "
                                   "dumpster service)?").get_by_label("No", exact=True).check()
    page.get_by_role("button", name="Next").click()
    page.get_by_label("How many days will the dumpster stay on the lot?").fill("10")
    page.get_by_role("button", name="Next").click()
    expect(page.get_by_role("heading", name="You need: Temporary Dumpster Permit")).to_be_visible()
    assert_accessible(page)
    page.get_by_role("link", name="Temporary Dumpster Permit: fees, documents and steps").click()
    expect(page.get_by_role("heading", name="Temporary Dumpster Permit")).to_be_visible()
