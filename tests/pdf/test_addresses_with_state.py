"""The license names its holder at a postal address with the state ("Holder Jane Smith,
12 Elm Street, North Andover, MA 01845"), as the invoice names whom it is billed to; both
keep the address they were made with."""

import datetime as dt
import io

import pytest
import time_machine
from pypdf import PdfReader

from permits_site.accounts.services import update_profile
from permits_site.pdf.rendering import render_permit_pdf_bytes
from tests.dogs.test_license_flow import licensed
from tests.factories import DogFactory, PropertyFactory, UserFactory

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)


def pdf_text(permit) -> str:
    return "".join(page.extract_text() for page in PdfReader(
        io.BytesIO(render_permit_pdf_bytes(permit))).pages)


@time_machine.travel(FEB_2027, tick=False)
@pytest.mark.parametrize(("city", "state", "postal_code", "holder_line"), [
    ("North Andover", "MA", "01845", "Holder Jane Smith, 12 Elm Street, North Andover, MA 01845"),
    ("Concord", "NH", "03301", "Holder Jane Smith, 12 Elm Street, Concord, NH 03301"),
])
def test_the_license_and_its_invoice_name_the_holders_state(clerk, city, state, postal_code,
                                                            holder_line):
    owner = UserFactory(first_name="Jane", last_name="Smith", street_address="12 Elm Street",
                        city=city, state=state, postal_code=postal_code)

    # Mailing from New Hampshire, the owner keeps the dog at a house in town (Licenses A(1)).
    in_town = {} if state == "MA" else {"residence": PropertyFactory(address="40 Lake Street")}
    permit = licensed(DogFactory(owner=owner, **in_town), clerk)

    assert holder_line in pdf_text(permit)
    assert permit.application.invoices.get().payer_address == holder_line.removeprefix(
        "Holder Jane Smith, ")


@time_machine.travel(FEB_2027, tick=False)
def test_a_license_issued_keeps_its_address_when_the_holder_moves_out_of_state(clerk):
    owner = UserFactory(first_name="Jane", last_name="Smith", street_address="12 Elm Street",
                        city="North Andover", state="MA", postal_code="01845")
    permit = licensed(DogFactory(owner=owner), clerk)

    update_profile(owner, street_address="210 West 89th Street", city="New York", state="NY",
                   postal_code="10024")

    permit.refresh_from_db()
    assert permit.holder_address == "12 Elm Street, North Andover, MA 01845"
    assert "North Andover, MA 01845" in pdf_text(permit)
