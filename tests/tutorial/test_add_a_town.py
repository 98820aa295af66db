"""The tutorial "Add a town" (``docs/development/add-a-town.md``), followed to the letter.

Westborough's app (``fourth_town``) is installed for each test the way Django installs a
bylaw app — its data migration run, its ``AppConfig.ready`` called — inside context
managers that forget its registrations afterwards (its rows go with the test's
transaction). A resident then carries an application through the site's pages to a
verified license, and the page is checked against the module so that neither drifts.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import tomllib
from decimal import Decimal
from pathlib import Path

import pytest
import time_machine
from django.apps import apps
from django.conf import settings
from django.db.migrations.loader import MigrationLoader
from pypdf import PdfReader

from permits_site.licensing.kinds import restored_kinds
from permits_site.licensing.models import Application, Permit, PermitType
from permits_site.licensing.services.fees import create_fee_schedule_version, quote_fee
from permits_site.parties.models import Property
from permits_site.parties.services import find_or_create_property
from permits_site.rules.base import Outcome
from permits_site.rules.registry import restored_law
from permits_site.towns.models import Municipality
from tests.factories import Role, UserFactory, staff
from tests.tutorial import fourth_town
from tests.tutorial.fourth_town import (
    BACKYARD_CHICKENS,
    CODE,
    MUNICIPALITY,
    Migration,
    WestboroughConfig,
    cite,
)

PAGE = Path(settings.BASE_DIR) / "docs/development/add-a-town.md"
#: Tuesday 14 May 2030: Westborough's offices are open (Monday to Thursday).
TUESDAY = dt.datetime(2030, 5, 14, 10, 0)


@pytest.fixture
def westborough(db):
    """The app as ``INSTALLED_APPS`` would have it, on a frozen Tuesday."""
    (seed,) = Migration.operations
    seed.code(apps, None)
    with time_machine.travel(TUESDAY, tick=False), restored_law(), restored_kinds():
        WestboroughConfig(WestboroughConfig.name, fourth_town).ready()
        yield Municipality.objects.get(code=MUNICIPALITY)


def pdf_words(content: bytes) -> str:
    """A PDF's words, its table cells' line breaks undone."""
    pages = PdfReader(io.BytesIO(content)).pages
    return " ".join("".join(page.extract_text() for page in pages).split())


# --8<-- [start:walk]
def test_a_resident_gets_a_verified_backyard_chicken_permit(
    client, westborough, django_capture_on_commit_callbacks
):
    resident = UserFactory(username="rita", first_name="Rita", last_name="Rhode")
    clerk = staff(Role.CLERK, MUNICIPALITY, first_name="Cleo", last_name="Clerk")
    client.force_login(resident)

    # The town's public page of the permit type: who needs it and the fee in force today.
    public = client.get(f"/towns/{MUNICIPALITY}/permits/{CODE}/").content.decode()
    assert "Anyone who keeps hens in Westborough" in public and "25.00" in public

    # The resident records the property, then applies on the form generated for the type.
    client.post(f"/properties/new/?town={MUNICIPALITY}", {"address": "7 Lyman Street"})
    place = Property.objects.get(municipality=westborough, address="7 Lyman Street")
    applied = client.post(f"/apply/{CODE}/", {
        "action": "new", "property": place.pk, "coop_setback_ft": "24", "hens": "4",
    })
    application = Application.objects.get(applicant=resident)
    assert applied["Location"] == f"/applications/{application.pk}/"
    client.post(f"/applications/{application.pk}/submit/")

    # Submitting priced it by the fee schedule in force that day.
    application.refresh_from_db()
    assert application.status == "submitted"
    assert application.invoices.get().total == Decimal("25.00")

    # The town's clerk takes the fee at the counter, then approves and issues; the PDF is
    # rendered once the issuing transaction commits.
    client.force_login(clerk)
    client.post(f"/staff/applications/{application.pk}/payment/",
                {"method": "cash", "reference": "R-0001", "amount": "25.00"})
    with django_capture_on_commit_callbacks(execute=True):
        client.post(f"/staff/applications/{application.pk}/issue/")
    permit = Permit.objects.get(application=application)
    assert permit.number == "BCP-2030-00001"
    assert permit.valid_through == dt.date(2030, 12, 31)

    # The holder downloads the license: the town, the number, the fee's section.
    client.force_login(resident)
    pdf = client.get(f"/permits/{permit.pk}/pdf/")
    assert pdf["Content-Type"] == "application/pdf" and pdf.content.startswith(b"%PDF")
    words = pdf_words(pdf.content)
    assert "Town of Westborough" in words and permit.number in words
    assert "Distance from the coop to the nearest lot line 24 ft" in words
    assert cite("4.2(c)") in words

    # Anyone scanning the QR code learns that the license is valid.
    client.logout()
    verified = client.get(f"/verify/{permit.verification_token}/").content.decode()
    assert "Valid license" in verified and permit.number in verified
# --8<-- [end:walk]


@pytest.mark.parametrize(("distance", "outcome"), [
    (19.9, Outcome.FAIL),
    (20, Outcome.PASS),
    (20.1, Outcome.PASS),
])
def test_the_coop_stands_at_least_20_ft_from_every_lot_line_4_2b(distance, outcome):
    facts = BACKYARD_CHICKENS.parse({"coop_setback_ft": distance})

    (finding,) = BACKYARD_CHICKENS.evaluate(facts, on=TUESDAY.date()).findings

    assert finding.outcome is outcome
    assert finding.citation == "Westborough BOH Reg 4.2(b)"
    assert finding.required == 20 and finding.unit == "ft"


def test_a_coop_12_ft_from_the_lot_line_holds_the_permit_citing_4_2b(client, westborough):
    resident = UserFactory()
    clerk = staff(Role.CLERK, MUNICIPALITY)
    place, _ = find_or_create_property(municipality=westborough, address="9 Lyman Street",
                                       acting_user=resident)
    client.force_login(resident)
    client.post(f"/apply/{CODE}/", {
        "action": "new", "property": place.pk, "coop_setback_ft": "12", "hens": "3",
    })
    application = Application.objects.get(applicant=resident)
    findings = client.get(f"/applications/{application.pk}/").content.decode()
    client.post(f"/applications/{application.pk}/submit/")
    client.force_login(clerk)
    client.post(f"/staff/applications/{application.pk}/payment/",
                {"method": "cash", "reference": "R-0002", "amount": "25.00"})

    refused = client.post(f"/staff/applications/{application.pk}/issue/", follow=True)

    assert "it must be at least 20 ft" in findings and cite("4.2(b)") in findings
    assert f"it must be at least 20 ft. ({cite('4.2(b)')})" in refused.content.decode()
    assert not Permit.objects.filter(application=application).exists()


def test_the_api_describes_the_permit_type_and_takes_an_application(api, westborough):
    resident = UserFactory()
    place, _ = find_or_create_property(municipality=westborough, address="9 Lyman Street",
                                       acting_user=resident)
    described = api.get(f"/api/v1/permit-types/{CODE}/").json()
    api.force_authenticate(resident)

    created = api.post("/api/v1/applications/", {
        "permit_type": CODE, "action": "new",
        "details": {"property": place.pk, "coop_setback_ft": 24, "hens": 4},
    }, format="json")

    assert [field["name"] for field in described["fields"]] == [
        "property", "hens", "coop_setback_ft"]
    assert created.status_code == 201, created.json()
    assert created.json()["details"] == {"property": place.pk, "coop_setback_ft": 24, "hens": 4}


def test_the_boards_new_fee_prices_applications_from_its_first_day(westborough):
    permit_type = PermitType.objects.get(code=CODE)
    admin = staff(Role.ADMIN, MUNICIPALITY)
    create_fee_schedule_version(permit_type=permit_type, effective_from=dt.date(2030, 7, 1),
                                amounts={"new": Decimal("30.00")}, acting_user=admin)

    def fee_on(day: dt.date) -> Decimal:
        quote, _ = quote_fee(permit_type=permit_type, action="new", facts={}, on=day)
        return quote.total

    assert fee_on(dt.date(2030, 6, 30)) == Decimal("25.00")
    assert fee_on(dt.date(2030, 7, 1)) == Decimal("30.00")


def test_the_town_keeps_a_monday_to_thursday_week(westborough):
    calendar = westborough.calendar()

    assert calendar.is_business_day(dt.date(2030, 5, 16))  # a Thursday
    assert not calendar.is_business_day(dt.date(2030, 5, 17))  # a Friday
    assert calendar.next_business_day_after(dt.date(2030, 5, 16)) == dt.date(2030, 5, 20)


def test_the_migration_depends_on_migrations_that_exist():
    graph = MigrationLoader(None, ignore_no_migrations=True).graph

    assert set(Migration.dependencies) <= set(graph.nodes)


# -- the page and the code -----------------------------------------------------------

#: ``--8<-- "path:section"`` on a line of its own: the page includes that section of a file.
INCLUDE = re.compile(r'^\s*--8<--\s+"(?P<path>[^":]+)(?::(?P<section>[\w-]+))?"\s*$',
                     re.MULTILINE)
#: The comments that open and close a section of a file, named after the section.
MARKER = re.compile(r"--8<--\s+\[(?P<edge>start|end):(?P<section>[\w-]+)\]")
#: The files whose sections the page shows.
SOURCES = ("tests/tutorial/fourth_town.py", "tests/tutorial/test_add_a_town.py")


def sections(path: str) -> set[str]:
    """The sections marked in ``path``, each opened once and closed after it opens."""
    lines = (Path(settings.BASE_DIR) / path).read_text().splitlines()
    opened: dict[str, int] = {}
    closed: dict[str, int] = {}
    for number, line in enumerate(lines):
        for marker in MARKER.finditer(line):
            table = opened if marker["edge"] == "start" else closed
            assert marker["section"] not in table, f"{path}: {marker['section']} marked twice"
            table[marker["section"]] = number
    assert opened.keys() == closed.keys(), f"{path}: unbalanced sections"
    assert all(opened[name] < closed[name] for name in opened), f"{path}: closed before open"
    return set(opened)


def included() -> set[tuple[str, str | None]]:
    return {(match["path"], match["section"]) for match in INCLUDE.finditer(PAGE.read_text())}


def test_the_page_shows_every_section_of_the_code():
    shown = included()

    for path in SOURCES:
        missing = {name for name in sections(path) if (path, name) not in shown}
        assert not missing, f"the page does not include {path}: {sorted(missing)}"


def test_every_code_block_of_the_page_names_a_section_that_exists():
    for path, section in included():
        assert (Path(settings.BASE_DIR) / path).is_file(), f"{path} does not exist"
        assert section is None or section in sections(path), f"{path} has no {section}"


def test_the_page_names_every_contract_that_lists_the_bylaw_apps():
    contracts = tomllib.loads((Path(settings.BASE_DIR) / "pyproject.toml").read_text())[
        "tool"]["importlinter"]["contracts"]
    page = PAGE.read_text()

    for contract in contracts:
        listed = {*contract.get("modules", ()), *contract.get("forbidden_modules", ())}
        if "dogs" in listed:
            assert contract["name"] in page, contract["name"]
