"""A person who meets the sign-in page on the way to a permit's form, and creates an
account instead, lands back on that form (issue #21: "from 'what do I need?' to a verified
permit alone"); an address off the site is never followed."""

import pytest
from django.urls import reverse

from permits_site.accounts.models import User

pytestmark = pytest.mark.django_db
PASSWORD = "correct horse battery staple 9"
FOOD_FORM = "/apply/tisbury.food_service/"


def registration(username: str) -> dict:
    return {"username": username, "first_name": "Fern", "last_name": "Owner",
            "email": f"{username}@example.org", "street_address": "4 Main Street",
            "city": "Tisbury", "state": "MA", "postal_code": "02568", "password1": PASSWORD,
            "password2": PASSWORD}


def test_the_sign_in_page_carries_the_form_to_create_an_account(client):
    page = client.get(reverse("accounts:login"), {"next": FOOD_FORM}).content.decode()

    assert f'{reverse("accounts:register")}?next=%2Fapply%2Ftisbury.food_service%2F' in page


def test_creating_the_account_returns_to_the_form(client):
    register = reverse("accounts:register")

    assert f'name="next" value="{FOOD_FORM}"' in client.get(register, {"next": FOOD_FORM}
                                                             ).content.decode()
    response = client.post(register, {**registration("fern"), "next": FOOD_FORM})

    assert response.status_code == 302 and response["Location"] == FOOD_FORM
    assert User.objects.filter(username="fern").exists()


@pytest.mark.parametrize("elsewhere", ["https://example.org/", "//example.org/x", ""])
def test_without_a_page_of_the_site_to_return_to_it_is_the_dashboard(client, elsewhere):
    response = client.post(reverse("accounts:register"),
                           {**registration("fern"), "next": elsewhere})

    assert response["Location"] == reverse("licensing:dashboard")
