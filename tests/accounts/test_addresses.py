"""A person's mailing address is a US postal address: "street, city, ST ZIP", written by one
formatter wherever the site prints it, with the state among the codes USPS uses."""

import pytest

from permits_site.accounts.addresses import State, format_address, window_lines
from tests.factories import UserFactory

ELM = {"street": "12 Elm Street", "city": "North Andover", "state": "MA",
       "postal_code": "01845"}


@pytest.mark.parametrize(("missing", "written"), [
    ((), "12 Elm Street, North Andover, MA 01845"),
    (("street",), "North Andover, MA 01845"),
    (("city",), "12 Elm Street, MA 01845"),
    (("state",), "12 Elm Street, North Andover, 01845"),
    (("postal_code",), "12 Elm Street, North Andover, MA"),
    (("city", "postal_code"), "12 Elm Street"),
    (("street", "city", "postal_code"), ""),
    (("street", "city", "state", "postal_code"), ""),
    (("street", "state"), "North Andover, 01845"),
    (("street", "city", "state"), "01845"),
])
def test_an_address_is_written_street_city_state_and_zip_leaving_out_what_is_missing(
        missing, written):
    assert format_address(**{**ELM, **dict.fromkeys(missing, "")}) == written


def test_parts_typed_with_spaces_around_them_are_written_without():
    assert format_address(street=" 12 Elm Street ", city=" North Andover", state="MA",
                          postal_code="01845 ") == "12 Elm Street, North Andover, MA 01845"


@pytest.mark.django_db
def test_a_persons_mailing_address_names_their_state():
    summer_resident = UserFactory(street_address="210 West 89th Street", city="New York",
                                  state="NY", postal_code="10024")

    assert summer_resident.mailing_address == "210 West 89th Street, New York, NY 10024"


@pytest.mark.django_db
def test_a_person_with_no_address_on_file_has_no_mailing_address_whatever_their_state():
    assert UserFactory(street_address="", city="", postal_code="", state="MA"
                       ).mailing_address == ""


def test_the_states_are_the_fifty_dc_and_the_codes_usps_gives_territories_and_the_forces():
    codes = set(State.values)

    assert len(codes) == 62 and all(len(code) == 2 and code.isupper() for code in codes)
    assert {"MA", "NY", "NH", "DC", "PR", "GU", "VI", "AS", "MP", "AA", "AE", "AP"} <= codes
    assert State.MA.label == "Massachusetts"


@pytest.mark.parametrize(("address", "lines"), [
    ("12 Elm Street, North Andover, MA 01845", ["12 Elm Street", "North Andover, MA 01845"]),
    ("Apt 2, 5 Main Street, New York, NY 10024",
     ["Apt 2, 5 Main Street", "New York, NY 10024"]),
    ("12 Elm Street, MA 01845", ["12 Elm Street", "MA 01845"]),
    # frozen before the state was asked: its parts as they were, the town and ZIP together
    ("12 Elm Street, North Andover, 01845", ["12 Elm Street", "North Andover, 01845"]),
    ("", []),
])
def test_an_envelope_shows_the_street_then_town_state_and_zip_on_one_line(address, lines):
    assert window_lines(address) == lines
