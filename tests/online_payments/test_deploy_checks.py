"""``manage.py check --deploy`` refuses the demo checkout in production and warns when the
links printed in licenses and e-mails would point at this machine."""

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from permits_site.notifications.checks import site_url_is_local
from permits_site.online_payments.checks import demo_checkout_in_production


@pytest.fixture(autouse=True)
def _as_deployed(monkeypatch):
    """Without what the browser tests set in the same process for Playwright's event loop,
    which Django's own deploy check (async.E001) rightly refuses in production."""
    monkeypatch.delenv("DJANGO_ALLOW_ASYNC_UNSAFE", raising=False)


@pytest.mark.parametrize(("demo", "debug", "errors"), [
    (True, False, ["online_payments.E001"]),
    (True, True, []),
    (False, False, []),
])
def test_the_demo_checkout_is_an_error_only_with_debug_off(settings, demo, debug, errors):
    settings.PAYMENT_DEMO_CHECKOUT = demo
    settings.DEBUG = debug

    assert [message.id for message in demo_checkout_in_production(None)] == errors


def test_check_deploy_fails_with_the_demo_checkout_on_and_debug_off(settings):
    settings.PAYMENT_DEMO_CHECKOUT = True
    settings.DEBUG = False

    with pytest.raises(SystemCheckError, match="PAYMENT_DEMO_CHECKOUT"):
        call_command("check", "--deploy", "--fail-level", "ERROR")


def test_check_deploy_passes_the_demo_checkout_off(settings):
    settings.PAYMENT_DEMO_CHECKOUT = False
    settings.DEBUG = False
    settings.SITE_URL = "https://permits.example.org"

    call_command("check", "--deploy", "--fail-level", "ERROR")


@pytest.mark.parametrize(("site_url", "debug", "warned"), [
    ("http://localhost:8000", False, True),
    ("http://127.0.0.1:8000", False, True),
    ("http://[::1]:8000/", False, True),
    ("http://0.0.0.0:8000", False, True),
    ("http://localhost:8000", True, False),
    ("https://permits.example.org", False, False),
    ("https://localhost.example.org", False, False),
])
def test_a_local_site_url_is_warned_only_with_debug_off(settings, site_url, debug, warned):
    settings.SITE_URL = site_url
    settings.DEBUG = debug

    warnings = site_url_is_local(None)

    assert [message.id for message in warnings] == (["notifications.W001"] if warned else [])
    if warned:
        assert site_url in warnings[0].msg


def test_check_deploy_reports_the_local_site_url(settings, capsys):
    settings.PAYMENT_DEMO_CHECKOUT = False
    settings.DEBUG = False
    settings.SITE_URL = "http://localhost:8000"

    call_command("check", "--deploy", "--fail-level", "ERROR")

    assert "SITE_URL" in capsys.readouterr().err
