"""The town admin's staff page (``/admin/staff/<town>/``) and ``/api/v1/staff-roles/``."""

from __future__ import annotations

import pytest
from django.urls import reverse

from permits_site.accounts.models import Membership, Role
from permits_site.audit.models import AuditEntry
from tests.api.conftest import client_for
from tests.factories import MembershipFactory, UserFactory, municipality, staff
from tests.page_forms import FORM, assert_on_the_page, form_on, post_action

pytestmark = pytest.mark.django_db

HEARING_AUTHORITY_A = "North Andover Code ch. 60, Hearing authority A"
PAGE_QUERY_CAP = 10


def page_url(code: str = "north_andover") -> str:
    return reverse("accounts:staff_roles", args=[code])


def remove(client, membership: Membership, code: str | None = None):
    """Post the page's Remove button of ``membership`` (on the page of ``code``, by default
    the membership's town)."""
    return post_action(client, page_url(code or membership.municipality.code), "remove",
                       membership=membership.pk)


# -- the page -----------------------------------------------------------------------------


def test_the_page_lists_the_towns_staff_and_their_roles(client, town_admin, clerk):
    staff(Role.INSPECTOR, "tisbury", first_name="Tess", last_name="Tisbury")
    client.force_login(town_admin)

    response = client.get(page_url())

    assert response.status_code == 200
    assert "Carla Clerk" in response.text
    assert "Tess Tisbury" not in response.text
    assert [member.user for member in response.context["staff"]] == [town_admin, clerk]


def test_an_admin_adds_a_person_found_by_email_to_a_role(client, town_admin, north_andover):
    person = UserFactory(first_name="Nina", last_name="New", email="nina@example.org")
    client.force_login(town_admin)

    response = client.post(page_url(), {"person": "NINA@example.org", "role": Role.CLERK},
                           follow=True)

    assert response.redirect_chain[-1][0] == page_url()
    assert "Nina New now holds the Clerk role." in response.text
    assert Membership.objects.filter(user=person, municipality=north_andover,
                                     role=Role.CLERK).exists()
    assert "Clerk role in North Andover granted to Nina New" in response.text


def test_the_forbidden_combination_is_refused_on_the_role_field_naming_the_section(
    client, town_admin
):
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, first_name="Olive", last_name="Officer")
    client.force_login(town_admin)

    response = client.post(page_url(), {"person": officer.username,
                                         "role": Role.HEARING_AUTHORITY})

    assert response.status_code == 400
    assert HEARING_AUTHORITY_A in response.context["form"].errors["role"][0]
    assert HEARING_AUTHORITY_A in response.text
    assert officer.memberships.count() == 1


@pytest.mark.parametrize(("body", "field"), [
    ({"person": "nobody", "role": Role.CLERK}, "person"),
    ({"person": "", "role": Role.CLERK}, "person"),
    ({"person": "carla", "role": "mayor"}, "role"),
    ({"person": "carla", "role": ""}, "role"),
])
def test_bad_input_is_named_on_its_field_and_changes_nothing(client, town_admin, body, field):
    UserFactory(username="carla")
    client.force_login(town_admin)

    response = client.post(page_url(), body)

    assert response.status_code == 400
    assert field in response.context["form"].errors
    assert Membership.objects.count() == 1


def test_a_role_granted_twice_is_a_message_on_the_page(client, town_admin, clerk):
    client.force_login(town_admin)

    response = client.post(page_url(), {"person": clerk.username, "role": Role.CLERK})

    assert response.status_code == 400
    assert response.context["form"].errors["role"] == [
        "Carla Clerk already holds the Clerk role in North Andover."]


def test_an_admin_removes_a_role(client, town_admin, clerk):
    client.force_login(town_admin)

    response = remove(client, clerk.memberships.get())
    response = client.get(response.url)

    assert "Carla Clerk no longer holds the Clerk role." in response.text
    assert not clerk.memberships.exists()
    assert AuditEntry.objects.filter(action="staff.role_revoked").exists()


def test_the_last_admin_role_is_not_offered_for_removal(client, town_admin, clerk):
    client.force_login(town_admin)

    response = client.get(page_url())

    assert response.context["sole_admin_role"] == town_admin.memberships.get()
    assert "Remove<span class=\"visually-hidden\"> the Admin role" not in response.text
    assert "The town's only admin" in response.text


def test_with_two_admins_either_admin_role_is_offered_for_removal(client, town_admin):
    staff(Role.ADMIN)
    client.force_login(town_admin)

    response = client.get(page_url())

    assert response.context["sole_admin_role"] is None
    assert response.text.count("the Admin role of") == 2


def test_the_last_admin_role_is_not_removed_and_the_page_says_why(client, town_admin):
    """The other admin stepped down after the page was opened: its Remove button is
    refused, on the page."""
    other = staff(Role.ADMIN)
    client.force_login(town_admin)
    page = client.get(page_url()).content.decode()
    own_role = town_admin.memberships.get()
    address, hidden = next(form_on(form, "the Admin role of") for form in FORM.findall(page)
                           if f'value="{own_role.pk}"' in form)
    client.force_login(other)
    remove(client, other.memberships.get())
    client.force_login(town_admin)

    response = client.post(address or page_url(), hidden)

    assert response.status_code == 400
    assert_on_the_page(client, response, page_url())
    assert "last administrator of North Andover" in response.text
    assert town_admin.memberships.exists()


def test_an_admin_who_steps_down_goes_home(client, town_admin):
    staff(Role.ADMIN)
    client.force_login(town_admin)

    response = remove(client, town_admin.memberships.get())

    assert response.status_code == 302
    assert response.url == reverse("home")


def test_the_navigation_entry_opens_the_first_town_the_person_administers(client):
    admin = staff(Role.ADMIN, "tisbury")
    MembershipFactory(user=admin, role=Role.ADMIN)
    client.force_login(admin)

    response = client.get(reverse("accounts:staff_roles_start"))

    assert response.url == page_url("north_andover")


def test_the_navigation_entry_is_refused_to_whoever_administers_no_town(client, clerk):
    client.force_login(clerk)

    assert client.get(reverse("accounts:staff_roles_start")).status_code == 403


@pytest.mark.parametrize("role", [Role.CLERK, Role.ANIMAL_CONTROL_OFFICER])
def test_staff_who_are_not_admins_cannot_open_the_page(client, role):
    client.force_login(staff(role))

    assert client.get(page_url()).status_code == 403


def test_a_resident_cannot_open_the_page_or_remove_a_role(client, resident, clerk):
    client.force_login(resident)

    assert client.get(page_url()).status_code == 403
    assert remove(client, clerk.memberships.get()).status_code == 403
    assert clerk.memberships.exists()


def test_anyone_signed_out_is_sent_to_sign_in(client):
    response = client.get(page_url())

    assert response.status_code == 302
    assert reverse("accounts:login") in response.url


def test_an_admin_of_another_town_sees_neither_its_page_nor_its_roles(client, clerk):
    client.force_login(staff(Role.ADMIN, "tisbury"))

    assert client.get(page_url()).status_code == 404
    assert client.post(page_url(), {"person": "x", "role": Role.CLERK}).status_code == 404
    assert remove(client, clerk.memberships.get()).status_code == 404
    assert clerk.memberships.exists()


def test_a_role_of_another_town_cannot_be_removed_through_this_towns_page(client, town_admin):
    tisbury_clerk = staff(Role.CLERK, "tisbury")
    MembershipFactory(user=town_admin, municipality=tisbury_clerk.memberships.get()
                      .municipality, role=Role.INSPECTOR)
    client.force_login(town_admin)

    assert remove(client, tisbury_clerk.memberships.get(), "north_andover").status_code == 404
    assert tisbury_clerk.memberships.exists()


@pytest.mark.parametrize("people", [3, 60])
def test_the_page_runs_a_fixed_number_of_queries(client, town_admin, people,
                                                 django_assert_max_num_queries):
    for _ in range(people):
        member = staff(Role.CLERK)
        MembershipFactory(user=member, role=Role.INSPECTOR)
    client.force_login(town_admin)

    with django_assert_max_num_queries(PAGE_QUERY_CAP):
        response = client.get(page_url())

    assert len(response.context["staff"]) == people + 1


# -- the API ------------------------------------------------------------------------------

API = "/api/v1/staff-roles/"


def test_the_api_lists_only_the_towns_the_caller_administers(town_admin, clerk):
    staff(Role.CLERK, "tisbury")

    listed = client_for(town_admin).get(API).json()

    assert {row["municipality"] for row in listed["results"]} == {"north_andover"}
    assert {row["person"]["username"] for row in listed["results"]} == {
        town_admin.username, clerk.username}
    clerk_row = next(row for row in listed["results"] if row["role"] == "clerk")
    assert clerk_row["role_label"] == "Clerk"
    assert clerk_row["person"]["name"] == "Carla Clerk"


def test_the_api_lists_one_town_of_several_by_its_code(town_admin):
    MembershipFactory(user=town_admin, municipality=municipality("tisbury"), role=Role.ADMIN)
    tisbury_clerk = staff(Role.CLERK, "tisbury")

    listed = client_for(town_admin).get(API, {"municipality": "tisbury"}).json()

    assert {(row["person"]["id"], row["role"]) for row in listed["results"]} == {
        (town_admin.pk, "admin"), (tisbury_clerk.pk, "clerk")}


def test_the_api_grants_a_role_to_a_person_found_by_username(town_admin, north_andover):
    person = UserFactory(username="nina")

    response = client_for(town_admin).post(API, {"municipality": "north_andover",
                                                 "person": "nina", "role": "inspector"},
                                           format="json")

    assert response.status_code == 201
    assert response.json()["person"]["id"] == person.pk
    assert Membership.objects.filter(user=person, municipality=north_andover,
                                     role=Role.INSPECTOR).exists()


def test_the_api_refuses_the_forbidden_combination_with_a_400_naming_the_section(town_admin):
    officer = staff(Role.ANIMAL_CONTROL_OFFICER)

    response = client_for(town_admin).post(API, {"municipality": "north_andover",
                                                 "person": officer.username,
                                                 "role": "hearing_authority"}, format="json")

    assert response.status_code == 400
    assert HEARING_AUTHORITY_A in response.json()["role"][0]


@pytest.mark.parametrize(("body", "field"), [
    ({"municipality": "north_andover", "person": "nobody", "role": "clerk"}, "person"),
    ({"municipality": "north_andover", "person": "nina", "role": "mayor"}, "role"),
    ({"municipality": "atlantis", "person": "nina", "role": "clerk"}, "municipality"),
    ({"person": "nina", "role": "clerk"}, "municipality"),
])
def test_the_api_names_the_field_of_bad_input(town_admin, body, field):
    UserFactory(username="nina")

    response = client_for(town_admin).post(API, body, format="json")

    assert response.status_code == 400
    assert field in response.json()
    assert Membership.objects.count() == 1


def test_the_api_refuses_a_duplicate_and_the_last_admin_role_with_a_400(town_admin, clerk):
    api = client_for(town_admin)

    duplicate = api.post(API, {"municipality": "north_andover", "person": clerk.username,
                               "role": "clerk"}, format="json")
    last_admin = api.delete(f"{API}{town_admin.memberships.get().pk}/")

    assert duplicate.status_code == 400
    assert "already holds the Clerk role" in duplicate.json()["role"][0]
    assert last_admin.status_code == 400
    assert "last administrator" in last_admin.json()["role"][0]


def test_the_api_removes_a_role(town_admin, clerk):
    response = client_for(town_admin).delete(f"{API}{clerk.memberships.get().pk}/")

    assert response.status_code == 204
    assert not clerk.memberships.exists()


def test_the_api_refuses_whoever_administers_no_town(clerk):
    api = client_for(clerk)

    assert api.get(API).status_code == 403
    assert api.post(API, {"municipality": "north_andover", "person": clerk.username,
                          "role": "admin"}, format="json").status_code == 403
    assert not Membership.objects.filter(role=Role.ADMIN).exists()


def test_the_api_keeps_another_towns_roles_out_of_reach(clerk):
    api = client_for(staff(Role.ADMIN, "tisbury"))
    membership = clerk.memberships.get()

    granted = api.post(API, {"municipality": "north_andover", "person": clerk.username,
                             "role": "inspector"}, format="json")

    assert granted.status_code == 403
    assert api.get(f"{API}{membership.pk}/").status_code == 404
    assert api.delete(f"{API}{membership.pk}/").status_code == 404
    assert list(clerk.memberships.values_list("role", flat=True)) == ["clerk"]
