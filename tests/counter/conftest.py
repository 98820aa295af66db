"""The counter: a Tisbury clerk applies for residents, some of whom have no account."""

import pytest

from permits_site.accounts.people import enter_person_at_counter
from tests.factories import Role, municipality, staff

BODY_ART = "tisbury.body_art_practitioner"


@pytest.fixture
def tisbury_clerk(db):
    return staff(Role.CLERK, "tisbury", username="tess", first_name="Tess", last_name="Clerk")


@pytest.fixture
def walk_in(tisbury_clerk):
    """Ruth Walker, entered at the counter without an email address."""
    return enter_person_at_counter(
        municipality=municipality("tisbury"), first_name="Ruth", last_name="Walker",
        street_address="4 Main Street", city="Vineyard Haven", postal_code="02568",
        acting_user=tisbury_clerk)
