"""Sign-in lockout (django-axes): five failures lock one username *from one address*.

Locking the pair, not the account, is what keeps a stranger from locking a
clerk out by typing the clerk's name five times (DESIGN: "django-axes (site
and admin, by username and address)"). The Django admin's sign-in is covered
too, and an administrator can lift a lock.
"""

import pytest
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db

SITE_LOGIN = reverse("accounts:login")
ADMIN_LOGIN = "/django-admin/login/"
HOME_ADDRESS = "198.51.100.7"
ATTACKER_ADDRESS = "203.0.113.66"


def sign_in(client, url, username, password, address):
    return client.post(url, {"username": username, "password": password}, REMOTE_ADDR=address)


def fail_five_times(client, url, username, address):
    for _ in range(5):
        sign_in(client, url, username, "wrong", address)


def signed_in(client) -> bool:
    return "_auth_user_id" in client.session


@pytest.fixture
def superuser(db):
    return UserFactory(is_staff=True, is_superuser=True)


def test_five_site_failures_lock_the_pair_with_a_clear_message(client, clerk):
    fail_five_times(client, SITE_LOGIN, clerk.username, ATTACKER_ADDRESS)

    response = sign_in(client, SITE_LOGIN, clerk.username, PASSWORD, ATTACKER_ADDRESS)

    page = response.content.decode()
    assert not signed_in(client)
    assert response.status_code == 429
    assert "Too many failed sign-ins" in page
    assert "locked" in page
    assert '<h1 class="h3 mb-3">Sign in</h1>' in page


def test_the_same_username_from_another_address_still_signs_in(client, clerk):
    fail_five_times(client, SITE_LOGIN, clerk.username, ATTACKER_ADDRESS)

    response = sign_in(client, SITE_LOGIN, clerk.username, PASSWORD, HOME_ADDRESS)

    assert response.status_code == 302
    assert signed_in(client)


def test_four_failures_do_not_lock(client, clerk):
    for _ in range(4):
        sign_in(client, SITE_LOGIN, clerk.username, "wrong", HOME_ADDRESS)

    response = sign_in(client, SITE_LOGIN, clerk.username, PASSWORD, HOME_ADDRESS)

    assert response.status_code == 302


def test_five_admin_failures_lock_the_pair_on_the_django_admin(client, superuser):
    fail_five_times(client, ADMIN_LOGIN, superuser.username, ATTACKER_ADDRESS)

    response = sign_in(client, ADMIN_LOGIN, superuser.username, PASSWORD, ATTACKER_ADDRESS)

    assert not signed_in(client)
    assert response.status_code == 429
    assert "Too many failed sign-ins" in response.content.decode()


def test_the_admin_lock_leaves_other_addresses_alone(client, superuser):
    fail_five_times(client, ADMIN_LOGIN, superuser.username, ATTACKER_ADDRESS)

    response = sign_in(client, ADMIN_LOGIN, superuser.username, PASSWORD, HOME_ADDRESS)

    assert response.status_code == 302
    assert signed_in(client)


def test_an_administrator_unlocks_a_pair_by_deleting_its_access_attempt(client, clerk, superuser):
    from axes.models import AccessAttempt

    fail_five_times(client, SITE_LOGIN, clerk.username, ATTACKER_ADDRESS)
    attempt = AccessAttempt.objects.get(username=clerk.username, ip_address=ATTACKER_ADDRESS)
    admin = type(client)()
    admin.force_login(superuser)

    unlocked = admin.post(f"/django-admin/axes/accessattempt/{attempt.pk}/delete/",
                          {"post": "yes"})
    response = sign_in(client, SITE_LOGIN, clerk.username, PASSWORD, ATTACKER_ADDRESS)

    assert unlocked.status_code == 302
    assert not AccessAttempt.objects.exists()
    assert response.status_code == 302
    assert signed_in(client)


def test_the_hand_written_lockout_table_is_gone():
    from django.apps import apps

    assert "failedlogin" not in apps.get_app_config("accounts").models
