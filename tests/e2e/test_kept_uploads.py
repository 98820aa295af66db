"""In a real browser: the dog license page keeps the rabies certificate chosen on a post
refused for another field, so the resident does not choose it again. Checked with axe."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone
from playwright.sync_api import expect

from permits_site.licensing.models import Application
from tests.e2e.conftest import assert_accessible, sign_in
from tests.factories import PASSWORD, DogFactory, UserFactory

CERTIFICATE = "tests/fixtures_files/rabies_certificate.pdf"


def test_a_refused_transfer_keeps_the_rabies_certificate(page, live_server):
    owner = UserFactory(username="tess", first_name="Tess", last_name="Transfer")
    DogFactory(owner=owner, name="Pepper")
    today = timezone.localdate()

    sign_in(page, live_server, "tess", PASSWORD)
    page.get_by_role("link", name="Apply for a license for Pepper").click()
    page.get_by_label("Transfer license").check()
    page.get_by_label("Date you moved to North Andover").fill(
        (today - dt.timedelta(days=3)).isoformat())
    page.get_by_label("Rabies vaccination certificate").check()
    page.get_by_label("Vaccination expires (or exemption ends) on").fill(
        (today + dt.timedelta(days=365)).isoformat())
    page.get_by_label("Certificate file").set_input_files(CERTIFICATE)
    page.get_by_role("button", name="Save and review").click()

    expect(page.get_by_role("link", name="Previous town and state (transfer only)")
           ).to_be_visible()
    expect(page.get_by_text("Kept: rabies_certificate.pdf")).to_be_visible()
    assert not Application.objects.exists()
    assert_accessible(page)
    page.get_by_label("Previous town and state (transfer only)").fill("Andover, MA")
    page.get_by_label("Previous license number (transfer only)").fill("A-553")
    page.get_by_role("button", name="Save and review").click()

    expect(page.get_by_text("Draft saved")).to_be_visible()
    application = Application.objects.get(applicant=owner)
    assert application.action == "transfer"
    assert application.documents.get().original_name == "rabies_certificate.pdf"
