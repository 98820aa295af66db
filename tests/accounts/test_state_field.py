"""The state of a person's mailing address, asked where the address is: registration, the
profile and the counter's "new person" form, each a list of the codes USPS uses labelled
"State" that browsers fill in (``autocomplete="address-level1"``); and the Django admin."""

import re

import pytest
from django.urls import reverse

from permits_site.accounts.forms import CounterPersonForm, ProfileForm
from permits_site.accounts.models import User
from permits_site.audit.models import AuditEntry
from tests.counter.conftest import BODY_ART
from tests.factories import PASSWORD, Role, UserFactory, staff

pytestmark = pytest.mark.django_db

PROFILE = reverse("accounts:profile")
REGISTER = reverse("accounts:register")
COUNTER = reverse("licensing:counter", args=[BODY_ART])
NEW_YORK = {"street_address": "210 West 89th Street", "city": "New York", "state": "NY",
            "postal_code": "10024"}


def state_select(page: str) -> str:
    return re.search(r'<select name="state".*?</select>', page, re.S).group(0)


def selected(select: str) -> list[str]:
    return re.findall(r'<option value="(\w*)"[^>]*selected', select)


def profile_data(user, **changes) -> dict[str, str]:
    return {**{name: getattr(user, name) for name in ProfileForm.base_fields}, **changes}


def registration(**changes) -> dict[str, str]:
    return {"username": "dana", "first_name": "Dana", "last_name": "Whitman",
            "email": "dana@example.org", **NEW_YORK, "password1": PASSWORD,
            "password2": PASSWORD, **changes}


# -- the field -------------------------------------------------------------------------


@pytest.mark.parametrize("form", [ProfileForm, CounterPersonForm])
def test_the_state_is_a_required_list_after_the_city_that_browsers_fill_in(form):
    fields = form().fields

    assert list(fields)[list(fields).index("city") + 1] == "state"
    assert fields["state"].required and str(fields["state"].label) == "State"
    assert fields["state"].widget.attrs["autocomplete"] == "address-level1"
    assert ("NY", "New York") in fields["state"].choices
    assert fields["state"].choices[0][0] == ""


def test_the_registration_page_offers_massachusetts_first(client):
    page = client.get(REGISTER).content.decode()
    select = state_select(page)

    assert 'autocomplete="address-level1"' in select and 'id="id_state"' in select
    assert selected(select) == ["MA"]
    assert re.search(r'<label\s+for="id_state"[^>]*>\s*State<', page)


def test_a_person_without_a_state_on_file_is_asked_to_choose_one_never_given_alabama(client):
    person = UserFactory(street_address="", city="", postal_code="", state="")
    client.force_login(person)

    assert selected(state_select(client.get(PROFILE).content.decode())) == [""]


# -- registration ----------------------------------------------------------------------


def test_a_person_registers_with_an_address_out_of_state(client):
    response = client.post(REGISTER, registration())

    assert response.status_code == 302
    assert User.objects.get(username="dana").mailing_address == (
        "210 West 89th Street, New York, NY 10024")


@pytest.mark.parametrize(("state", "message"), [
    ("ZZ", "Select a valid choice. ZZ is not one of the available choices."),
    ("", "This field is required."),
])
def test_registration_refuses_a_state_not_on_the_list_and_a_missing_one(client, state,
                                                                        message):
    response = client.post(REGISTER, registration(state=state))

    assert response.status_code == 200
    assert response.context["form"].errors == {"state": [message]}
    assert not User.objects.filter(username="dana").exists()


# -- the profile -----------------------------------------------------------------------


def test_moving_out_of_state_is_saved_and_audited(client, resident):
    client.force_login(resident)

    response = client.post(PROFILE, profile_data(resident, **NEW_YORK))

    assert response.status_code == 302
    resident.refresh_from_db()
    assert resident.mailing_address == "210 West 89th Street, New York, NY 10024"
    entry = AuditEntry.objects.get(action="account.profile_updated")
    assert (entry.before["state"], entry.after["state"]) == ("MA", "NY")


@pytest.mark.parametrize("state", ["ZZ", "ny", ""])
def test_a_bad_or_missing_state_names_the_field_and_changes_nothing(client, resident, state):
    client.force_login(resident)

    response = client.post(PROFILE, profile_data(resident, **{**NEW_YORK, "state": state}))

    assert response.status_code == 200
    assert list(response.context["form"].errors) == ["state"]
    resident.refresh_from_db()
    assert (resident.city, resident.state) == ("North Andover", "MA")


# -- the counter -----------------------------------------------------------------------


def test_the_clerk_enters_a_resident_from_out_of_state(client):
    client.force_login(staff(Role.CLERK, "tisbury"))

    response = client.post(COUNTER, {"action": "person", "first_name": "Dana",
                                     "last_name": "Whitman", **NEW_YORK, "phone": "",
                                     "email": ""})

    assert response.status_code == 302
    dana = User.objects.get(last_name="Whitman")
    assert dana.state == "NY"
    assert AuditEntry.objects.get(action="account.entered_at_counter").after[
        "mailing_address"] == "210 West 89th Street, New York, NY 10024"


# -- the Django admin ------------------------------------------------------------------


def test_the_admin_shows_a_persons_state(admin_client, resident):
    page = admin_client.get(reverse("admin:accounts_user_change", args=[resident.pk]))

    assert selected(state_select(page.content.decode())) == ["MA"]
