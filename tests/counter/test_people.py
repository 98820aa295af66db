"""People found and entered at the counter: a person without an email address is stored
with none (NULL, never an empty string), so any number of them live side by side, while
an address is one person's whatever its letters' case; without one nobody signs in."""

from __future__ import annotations

import pytest
from django.contrib.auth import authenticate
from django.core import mail
from django.db import IntegrityError, transaction
from django.test import RequestFactory

from permits_site.accounts.forms import QueuedPasswordResetForm, ResidentRegistrationForm
from permits_site.accounts.models import User
from permits_site.accounts.people import enter_person_at_counter, find_people
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError, PermissionDenied
from tests.factories import PASSWORD, Role, UserFactory, municipality, staff

pytestmark = pytest.mark.django_db


def enter(clerk, **fields) -> User:
    details = {"first_name": "Ruth", "last_name": "Walker", "street_address": "4 Main Street",
               "city": "Vineyard Haven", "postal_code": "02568", **fields}
    return enter_person_at_counter(municipality=municipality("tisbury"), acting_user=clerk,
                                   **details)


# -- no email address ------------------------------------------------------------------


def test_two_people_without_an_email_address_do_not_collide(tisbury_clerk):
    first = enter(tisbury_clerk)
    second = enter(tisbury_clerk, first_name="Sam", last_name="Walker")

    assert first.email is None and second.email is None
    assert User.objects.filter(email__isnull=True).count() == 2


@pytest.mark.parametrize("typed", ["", "   ", None])
def test_an_empty_email_address_is_stored_as_none(tisbury_clerk, typed):
    person = enter(tisbury_clerk, email=typed)

    assert User.objects.get(pk=person.pk).email is None
    assert not User.objects.filter(email="").exists()


def test_an_empty_address_saved_any_other_way_becomes_none_too():
    made = User.objects.create_user("lou", email="")
    factory_made = UserFactory(email="")

    assert User.objects.filter(pk__in=[made.pk, factory_made.pk], email__isnull=True).count() == 2


def test_the_database_refuses_an_empty_address():
    person = UserFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        User.objects.filter(pk=person.pk).update(email="")


def test_the_person_gets_a_username_of_their_own_and_no_password(tisbury_clerk):
    first = enter(tisbury_clerk)
    second = enter(tisbury_clerk)

    assert (first.username, second.username) == ("ruth.walker", "ruth.walker2")
    assert not first.has_usable_password()


def test_entering_a_person_is_audited_as_the_clerks_at_the_counter(tisbury_clerk):
    person = enter(tisbury_clerk)

    entry = AuditEntry.objects.get(action="account.entered_at_counter")
    assert entry.actor == tisbury_clerk and entry.object_id == person.pk
    assert entry.municipality == municipality("tisbury")
    assert entry.summary == ("Tess Clerk entered Ruth Walker at the counter, without an "
                             "email address")
    assert entry.after["mailing_address"] == "4 Main Street, Vineyard Haven, MA 02568"


# -- duplicates by email address ---------------------------------------------------------


def test_an_address_another_person_uses_in_any_case_is_refused(tisbury_clerk):
    UserFactory(email="ruth@example.org")

    with pytest.raises(DomainError) as refused:
        enter(tisbury_clerk, email="RUTH@Example.org")

    assert "email" in refused.value.errors
    assert not User.objects.filter(first_name="Ruth").exists()


def test_a_person_entered_with_an_address_keeps_it(tisbury_clerk):
    person = enter(tisbury_clerk, email=" ruth@EXAMPLE.org ")

    assert person.email == "ruth@example.org"
    assert "without" not in AuditEntry.objects.get(action="account.entered_at_counter").summary


def test_the_database_refuses_the_same_address_in_another_case():
    UserFactory(email="ruth@example.org")
    with pytest.raises(IntegrityError), transaction.atomic():
        UserFactory(email="Ruth@example.org")


def test_registration_refuses_an_address_taken_in_another_case():
    UserFactory(email="ruth@example.org")
    form = ResidentRegistrationForm(data={
        "username": "ruthw", "first_name": "Ruth", "last_name": "Walker",
        "email": "RUTH@example.org", "street_address": "4 Main Street", "city": "Tisbury",
        "state": "MA", "postal_code": "02568", "password1": PASSWORD, "password2": PASSWORD,
    })

    assert not form.is_valid()
    assert list(form.errors) == ["email"]


# -- who enters people -----------------------------------------------------------------


@pytest.mark.parametrize("role, town", [(Role.CLERK, "north_andover"),
                                        (Role.INSPECTOR, "tisbury"), (None, None)])
def test_only_the_towns_clerks_enter_people(role, town):
    someone = staff(role, town) if role else UserFactory()

    with pytest.raises(PermissionDenied):
        enter(someone)

    assert not AuditEntry.objects.filter(action="account.entered_at_counter").exists()


# -- without an address, no sign-in ----------------------------------------------------


def test_a_person_without_an_address_cannot_sign_in_even_with_a_password():
    person = UserFactory(email=None)
    request = RequestFactory().post("/accounts/sign-in/")

    assert authenticate(request, username=person.username, password=PASSWORD) is None


def test_a_person_with_an_address_still_signs_in():
    person = UserFactory()
    request = RequestFactory().post("/accounts/sign-in/")

    assert authenticate(request, username=person.username, password=PASSWORD) == person


def test_no_password_reset_reaches_a_person_without_an_address(tisbury_clerk,
                                                               django_capture_on_commit_callbacks):
    enter(tisbury_clerk)
    form = QueuedPasswordResetForm(data={"email": ""})

    assert not form.is_valid()
    assert list(form.get_users("")) == []
    with django_capture_on_commit_callbacks(execute=True):
        QueuedPasswordResetForm(data={"email": "x@example.org"}).is_valid()
    assert mail.outbox == []


# -- finding people ----------------------------------------------------------------------


@pytest.fixture
def people(tisbury_clerk):
    return {
        "ruth": enter(tisbury_clerk),
        "sam": enter(tisbury_clerk, first_name="Sam", last_name="Quay",
                     street_address="9 Beach Road", email="sam@example.org"),
        "gone": UserFactory(first_name="Ruth", last_name="Gone", is_active=False),
    }


@pytest.mark.parametrize("query, found", [
    ("walker", ["ruth"]),
    ("RUTH", ["ruth"]),
    ("beach road", ["sam"]),
    ("Sam@Example", ["sam"]),
    ("ruth 4 main", ["ruth"]),
    ("ruth beach", []),
    ("", []),
    ("   ", []),
    ("walk\x00er", ["ruth"]),
    ("x" * 500, []),
])
def test_the_clerk_finds_people_by_name_address_or_email(people, query, found):
    assert list(find_people(query)) == [people[name] for name in found]


def test_a_person_entered_with_an_address_sets_a_first_password_from_a_reset_link(
        tisbury_clerk, django_capture_on_commit_callbacks):
    person = enter(tisbury_clerk, email="ruth@example.org")

    with django_capture_on_commit_callbacks(execute=True):
        form = QueuedPasswordResetForm(data={"email": "Ruth@Example.org"})
        assert form.is_valid()
        form.save(domain_override="permits.example.org")

    assert [message.to for message in mail.outbox] == [["ruth@example.org"]]
    assert list(QueuedPasswordResetForm().get_users("ruth@example.org")) == [person]
