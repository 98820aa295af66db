"""Granting and removing staff roles: only a town's admin does it, every change is audited,
a town keeps an admin, and North Andover's hearing authority is never the Animal Control
Officer (North Andover Code ch. 60, Hearing authority A)."""

from __future__ import annotations

import pytest

from permits_site.accounts import incompatible_roles, permissions
from permits_site.accounts.incompatible_roles import forbid_roles_together, forbidden_with
from permits_site.accounts.models import Membership, Role
from permits_site.accounts.staff_roles import find_person, grant_role, revoke_role, staff_of
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, PermissionDenied
from tests.factories import MembershipFactory, UserFactory, municipality, staff

pytestmark = pytest.mark.django_db

HEARING_AUTHORITY_A = "North Andover Code ch. 60, Hearing authority A"


def roles_of(user, town) -> set[str]:
    return set(Membership.objects.filter(user=user, municipality=town)
               .values_list("role", flat=True))


def test_an_admin_grants_a_role_with_an_audit_entry_of_the_roles_before_and_after(
    town_admin, north_andover, resident
):
    MembershipFactory(user=resident, role=Role.INSPECTOR)

    membership = grant_role(municipality=north_andover, user=resident, role=Role.CLERK,
                            acting_user=town_admin)

    entry = AuditEntry.objects.get(action="staff.role_granted")
    assert membership.role == Role.CLERK
    assert roles_of(resident, north_andover) == {"clerk", "inspector"}
    assert (entry.actor, entry.subject, entry.municipality) == (town_admin, resident,
                                                                north_andover)
    assert entry.before == {"roles": ["inspector"]}
    assert entry.after == {"roles": ["clerk", "inspector"]}


def test_an_admin_removes_a_role_with_an_audit_entry(town_admin, north_andover, clerk):
    membership = clerk.memberships.get()

    revoke_role(membership=membership, acting_user=town_admin)

    entry = AuditEntry.objects.get(action="staff.role_revoked")
    assert roles_of(clerk, north_andover) == set()
    assert (entry.subject, entry.before, entry.after) == (clerk, {"roles": ["clerk"]},
                                                          {"roles": []})


def test_someone_who_is_not_an_admin_cannot_grant_a_role(clerk, north_andover, resident):
    with pytest.raises(PermissionDenied, match="Only an administrator of North Andover"):
        grant_role(municipality=north_andover, user=resident, role=Role.CLERK,
                   acting_user=clerk)

    assert not resident.memberships.exists()
    assert not AuditEntry.objects.exists()


def test_someone_who_is_not_an_admin_cannot_remove_a_role(clerk, north_andover):
    other = staff(Role.INSPECTOR)

    with pytest.raises(PermissionDenied):
        revoke_role(membership=other.memberships.get(), acting_user=clerk)

    assert other.memberships.exists()


def test_an_admin_of_another_town_cannot_grant_a_role_here(north_andover, resident):
    tisbury_admin = staff(Role.ADMIN, "tisbury")

    with pytest.raises(PermissionDenied):
        grant_role(municipality=north_andover, user=resident, role=Role.CLERK,
                   acting_user=tisbury_admin)

    assert not resident.memberships.exists()


def test_an_admin_of_another_town_cannot_remove_a_role_here(clerk):
    tisbury_admin = staff(Role.ADMIN, "tisbury")

    with pytest.raises(PermissionDenied):
        revoke_role(membership=clerk.memberships.get(), acting_user=tisbury_admin)

    assert clerk.memberships.exists()


def test_the_animal_control_officer_cannot_be_made_hearing_authority_hearing_authority_a(
    town_admin, north_andover
):
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, first_name="Olive", last_name="Officer")

    with pytest.raises(DomainError) as refused:
        grant_role(municipality=north_andover, user=officer, role=Role.HEARING_AUTHORITY,
                   acting_user=town_admin)

    message = refused.value.errors["role"][0]
    assert "Olive Officer holds the Animal Control Officer role in North Andover" in message
    assert HEARING_AUTHORITY_A in message
    assert roles_of(officer, north_andover) == {"aco"}
    assert not AuditEntry.objects.exists()


def test_the_hearing_authority_cannot_be_made_animal_control_officer_hearing_authority_a(
    town_admin, north_andover
):
    designee = staff(Role.HEARING_AUTHORITY, first_name="Pat", last_name="Designee")

    with pytest.raises(DomainError) as refused:
        grant_role(municipality=north_andover, user=designee,
                   role=Role.ANIMAL_CONTROL_OFFICER, acting_user=town_admin)

    assert "holds the Hearing authority role" in refused.value.errors["role"][0]
    assert HEARING_AUTHORITY_A in refused.value.errors["role"][0]
    assert roles_of(designee, north_andover) == {"hearing_authority"}


def test_hearing_authority_a_binds_north_andover_only():
    """Another town's officer may sit on its Board: the pair is North Andover's law."""
    tisbury_admin = staff(Role.ADMIN, "tisbury")
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "tisbury")
    tisbury = municipality("tisbury")

    grant_role(municipality=tisbury, user=officer, role=Role.HEARING_AUTHORITY,
               acting_user=tisbury_admin)

    assert roles_of(officer, tisbury) == {"aco", "hearing_authority"}


def test_the_officer_of_another_town_may_be_north_andovers_hearing_authority(
    town_admin, north_andover
):
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "northborough")

    grant_role(municipality=north_andover, user=officer, role=Role.HEARING_AUTHORITY,
               acting_user=town_admin)

    assert roles_of(officer, north_andover) == {"hearing_authority"}


def test_the_last_admin_cannot_remove_their_own_admin_role(town_admin, north_andover):
    with pytest.raises(DomainError, match="last administrator of North Andover"):
        revoke_role(membership=town_admin.memberships.get(), acting_user=town_admin)

    assert permissions.is_admin(town_admin, north_andover.pk)
    assert roles_of(town_admin, north_andover) == {"admin"}


def test_an_admin_may_step_down_while_another_admin_remains(town_admin, north_andover):
    staff(Role.ADMIN)

    revoke_role(membership=town_admin.memberships.get(), acting_user=town_admin)

    assert not permissions.is_admin(town_admin, north_andover.pk)


def test_a_role_granted_twice_is_refused_with_a_clear_message(
    town_admin, north_andover, clerk
):
    with pytest.raises(DomainError) as refused:
        grant_role(municipality=north_andover, user=clerk, role=Role.CLERK,
                   acting_user=town_admin)

    assert refused.value.errors == {
        "role": ["Carla Clerk already holds the Clerk role in North Andover."]}
    assert clerk.memberships.count() == 1


def test_a_role_removed_twice_is_refused(town_admin, clerk):
    membership = clerk.memberships.get()
    revoke_role(membership=membership, acting_user=town_admin)

    with pytest.raises(DomainError, match="already removed"):
        revoke_role(membership=membership, acting_user=town_admin)


def test_an_unknown_role_is_refused(town_admin, north_andover, resident):
    with pytest.raises(DomainError) as refused:
        grant_role(municipality=north_andover, user=resident, role="mayor",
                   acting_user=town_admin)

    assert "role" in refused.value.errors


@pytest.mark.parametrize("typed", ["jdoe", "JDoe@Example.org", "  jdoe  "])
def test_a_person_is_found_by_username_or_email(typed):
    person = UserFactory(username="jdoe", email="jdoe@example.org")

    assert find_person(typed) == person


@pytest.mark.parametrize(("typed", "words"), [("", "Enter the person's username"),
                                              ("nobody", "No account has"),
                                              ("JDOE", "No account has")])
def test_no_account_is_a_message_on_the_person_field(typed, words):
    UserFactory(username="jdoe")

    with pytest.raises(DomainError) as refused:
        find_person(typed)

    assert words in refused.value.errors["person"][0]


def test_the_town_staff_are_listed_by_surname_with_their_roles_in_order(north_andover):
    zed = staff(Role.HEARING_AUTHORITY, last_name="Zed")
    MembershipFactory(user=zed, role=Role.CLERK)
    abel = staff(Role.INSPECTOR, last_name="Abel")
    staff(Role.CLERK, "tisbury")

    listed = staff_of(north_andover)

    assert [member.user for member in listed] == [abel, zed]
    assert [membership.role for membership in listed[1].memberships] == [
        "clerk", "hearing_authority"]


def test_the_registry_forbids_a_pair_both_ways_in_its_town_only(monkeypatch):
    monkeypatch.setattr(incompatible_roles, "_PAIRS", [])
    forbid_roles_together("atlantis", Role.CLERK, Role.BOARD_MEMBER, citation="§1",
                          reason="no one signs what they reviewed")

    assert forbidden_with("atlantis", Role.CLERK, {"board_member"})[0] == "board_member"
    assert forbidden_with("atlantis", Role.BOARD_MEMBER, {"clerk"})[0] == "clerk"
    assert forbidden_with("atlantis", Role.CLERK, {"inspector"}) is None
    assert forbidden_with("tisbury", Role.CLERK, {"board_member"}) is None
