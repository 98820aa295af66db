"""The Clerk sends overdue license and late fees to the Collector, in a real browser: the
list reached from the menu, the Collector's CSV downloaded and its rows checked, the rows
recorded as sent (North Andover Code ch. 60, Licenses A(8), Kennel license B(8); MGL c. 40,
§ 58). Every page state is checked with axe for WCAG 2.1 AA."""

import csv
import io
from decimal import Decimal

from playwright.sync_api import expect

from dogs.models import CollectorReferral
from permits_site.licensing.models import InvoiceStatus
from tests.e2e.conftest import assert_accessible, open_main_nav, sign_in
from tests.factories import (
    PASSWORD,
    DogFactory,
    DogLicenseFactory,
    InvoiceFactory,
    InvoiceLineFactory,
    PropertyFactory,
    Role,
    UserFactory,
    staff,
)


def late_renewal(first_name: str, dog_name: str, parcel: str):
    """A 2026 renewal applied for after March 1, unpaid, with its late fee (A(8))."""
    owner = UserFactory(first_name=first_name, last_name="Doe", street_address="12 Elm Street",
                        city="North Andover", postal_code="01845")
    dog = DogFactory(owner=owner, name=dog_name, spayed_neutered=False,
                     residence=PropertyFactory(address=f"{parcel[-2:]} Elm Street",
                                               parcel=parcel))
    details = DogLicenseFactory(dog=dog, license_year=2026, application__action="renewal",
                                application__status="submitted")
    invoice = InvoiceFactory(application=details.application, payer=owner)
    InvoiceLineFactory(invoice=invoice, code="renewal", amount=Decimal("15.00"))
    InvoiceLineFactory(invoice=invoice, code="late_fee", amount=Decimal("25.00"))
    return invoice


def test_clerk_downloads_the_collectors_csv_and_records_the_rows_sent(page, live_server):
    staff(Role.CLERK, username="carla")
    first = late_renewal("Pat", "Biscuit", "104.A-0012")
    second = late_renewal("Sam", "Mochi", "104.A-0013")
    sign_in(page, live_server, "carla", PASSWORD)

    open_main_nav(page)
    page.get_by_role("link", name="Overdue fees for the Collector").click()
    expect(page.get_by_role("heading", name="Not yet sent (2)")).to_be_visible()
    assert_accessible(page)
    with page.expect_download() as download:
        page.get_by_role("link", name="Download the Collector's CSV").click()
    rows = list(csv.DictReader(io.StringIO(download.value.path().read_text())))

    assert [(row["owner"], row["license"], row["parcel"], row["license_year"],
             row["license_fee"], row["late_fee"], row["total"]) for row in rows] == [
        ("Pat Doe", "Dog: Biscuit", "104.A-0012", "2026", "15.00", "25.00", "40.00"),
        ("Sam Doe", "Dog: Mochi", "104.A-0013", "2026", "15.00", "25.00", "40.00"),
    ]
    assert all("Licenses A(8); MGL c. 40, § 58" in row["section"] for row in rows)

    page.get_by_label(f"Send invoice #{second.pk} of Sam Doe").uncheck()
    page.get_by_role("button", name="Record the chosen rows as sent to the Collector").click()
    expect(page.get_by_text("1 row is recorded as sent to the Collector.")).to_be_visible()
    expect(page.get_by_role("heading", name="Not yet sent (1)")).to_be_visible()
    expect(page.locator("#sent-to-collector")).to_contain_text(f"invoice #{first.pk}")
    assert_accessible(page)
    referral = CollectorReferral.objects.get()
    assert (referral.invoice_id, referral.late_fee) == (first.pk, Decimal("25.00"))
    first.refresh_from_db()
    assert first.status == InvoiceStatus.OPEN
