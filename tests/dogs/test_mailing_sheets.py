"""Mailing-ready license and tag sheets: one page per license, addressed for a window."""

import datetime as dt
import io

import pytest
import time_machine
from django.urls import reverse
from pypdf import PdfReader

from dogs.models import DogTag
from permits_site.pdf.sheets import address_lines
from tests.dogs.test_license_flow import licensed
from tests.factories import DogFactory, PropertyFactory, UserFactory

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)


def test_the_window_block_puts_town_state_and_zip_on_one_line():
    assert address_lines("Jane Smith", "12 Elm Street, North Andover, MA 01845") == [
        "Jane Smith",
        "12 Elm Street",
        "North Andover, MA 01845",
    ]


@time_machine.travel(FEB_2027, tick=False)
def test_mailing_sheets_print_one_page_per_license_with_address_and_tag(client, clerk):
    owners = [
        UserFactory(first_name="Ada", last_name="Abbot", street_address="12 Elm Street"),
        UserFactory(first_name="Ben", last_name="Brook", street_address="7 Oak Road",
                    city="Concord", state="NH", postal_code="03301"),
    ]
    # The owner mailing from New Hampshire keeps the dog at a house in town (Licenses A(1)).
    dogs = [DogFactory(owner=owners[0]),
            DogFactory(owner=owners[1], residence=PropertyFactory(address="40 Lakeside Drive"))]
    permits = [licensed(dog, clerk) for dog in dogs]
    unrelated = licensed(DogFactory(), clerk)
    client.force_login(clerk)

    response = client.get(
        reverse("dogs:mailing_sheets"), {"permit": [permit.pk for permit in permits]}
    )

    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    pages = PdfReader(io.BytesIO(response.content)).pages
    assert len(pages) == 2
    for page, permit, town_line in zip(pages, permits, ["North Andover, MA 01845",
                                                        "Concord, NH 03301"], strict=True):
        text = page.extract_text()
        tag = DogTag.objects.get(permit=permit)
        assert f"{permit.holder_name}\n{permit.holder.street_address}\n{town_line}\n" in text
        assert f"Tag No. {tag.number}" in text
        assert permit.number in text
        assert unrelated.number not in text
        verify_line = next(line for line in text.splitlines() if line.startswith("Verify: "))
        assert verify_line.endswith(f"/verify/{permit.verification_token}/")


@time_machine.travel(FEB_2027, tick=False)
def test_mailing_sheets_need_an_issued_license_of_the_town(client, clerk):
    client.force_login(clerk)

    assert client.get(reverse("dogs:mailing_sheets"), {"permit": "999999"}).status_code == 404
    assert client.get(reverse("dogs:mailing_sheets")).status_code == 404


@time_machine.travel(FEB_2027, tick=False)
def test_residents_cannot_print_mailing_sheets(client, clerk, resident):
    permit = licensed(DogFactory(owner=resident), clerk)
    client.force_login(resident)

    assert client.get(reverse("dogs:mailing_sheets"), {"permit": permit.pk}).status_code == 403
