"""Every link the site prints or sends starts with ``SITE_URL``: the QR code of a license,
the links in the outbox's messages, the password reset and the email change links, whatever
host the request that caused them came in on; ``make run`` sets it to the address it serves."""

from __future__ import annotations

import re
import subprocess

import pytest
from django.core import mail
from django.urls import reverse

from permits_site.links import absolute_url, is_local
from permits_site.pdf.links import verification_url
from tests.factories import PASSWORD, PermitFactory

pytestmark = pytest.mark.django_db

PUBLIC = "https://permits.example.org"


@pytest.fixture
def public_site(settings):
    settings.SITE_URL = PUBLIC + "/"
    settings.ALLOWED_HOSTS = ["testserver", "internal-node-3"]


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    def request(call, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            return call(*args, **kwargs)
    return request


def links_in(text: str) -> list[str]:
    return re.findall(r"https?://[^\s\"<>]+", text)


@pytest.mark.parametrize(("site_url", "path", "url"), [
    ("https://permits.example.org", "/verify/x/", "https://permits.example.org/verify/x/"),
    ("https://permits.example.org/", "/verify/x/", "https://permits.example.org/verify/x/"),
    ("http://127.0.0.1:8000", "/messages/", "http://127.0.0.1:8000/messages/"),
])
def test_an_absolute_url_is_site_url_and_the_path(settings, site_url, path, url):
    settings.SITE_URL = site_url

    assert absolute_url(path) == url


@pytest.mark.parametrize(("url", "local"), [
    ("http://localhost:8000", True), ("http://127.0.0.1:8000", True),
    ("http://[::1]:8000", True), ("http://app.localhost", True),
    ("https://permits.example.org", False), ("https://localhost.example.org", False),
])
def test_a_local_address_is_one_only_this_machine_reaches(url, local):
    assert is_local(url) is local


def test_the_qr_code_of_a_license_points_at_site_url(public_site):
    permit = PermitFactory()

    assert verification_url(permit) == f"{PUBLIC}/verify/{permit.verification_token}/"


def test_the_password_reset_link_starts_with_site_url_not_the_requests_host(
    client, resident, public_site, committed
):
    committed(client.post, reverse("accounts:password_reset"), {"email": resident.email},
              HTTP_HOST="internal-node-3")

    links = links_in(mail.outbox[0].body)
    assert links and all(link.startswith(f"{PUBLIC}/accounts/") for link in links)
    html = mail.outbox[0].alternatives[0][0]
    assert "internal-node-3" not in html and f"{PUBLIC}/accounts/" in html


def test_the_email_change_link_starts_with_site_url_not_the_requests_host(
    client, resident, public_site, committed
):
    client.force_login(resident)

    committed(client.post, reverse("accounts:email_change"),
              {"email": "new@example.org", "password": PASSWORD}, HTTP_HOST="internal-node-3")

    links = links_in(mail.outbox[0].body)
    assert links and all(link.startswith(f"{PUBLIC}/accounts/") for link in links)
    assert "internal-node-3" not in mail.outbox[0].alternatives[0][0]


def test_make_run_serves_the_demo_checkout_and_links_to_the_address_it_serves():
    dry_run = subprocess.run(
        ["make", "-n", "run", "HOST=192.0.2.10", "PORT=8123", "VENV=/nonexistent"],
        capture_output=True, text=True, check=True).stdout

    serve = next(line for line in dry_run.splitlines() if "runserver" in line)
    assert "SITE_URL=http://192.0.2.10:8123" in serve
    assert "PAYMENT_DEMO_CHECKOUT=1" in serve
