"""``manage.py verify_license``: the verification page's answer, for the restore drill."""

import datetime as dt
import io
import secrets

import pytest
import time_machine
from django.core.management import CommandError, call_command

from permits_site.licensing.models import new_verification_token
from tests.dogs.test_license_flow import licensed

pytestmark = pytest.mark.django_db


@time_machine.travel(dt.datetime(2027, 2, 10, 15, 0), tick=False)
def test_verify_license_prints_number_and_status_by_token(dog, clerk):
    permit = licensed(dog, clerk)
    out = io.StringIO()

    call_command("verify_license", permit.verification_token, stdout=out)

    number, status, *_ = out.getvalue().strip().split("\t")
    assert (number, status) == (permit.number, "active")


@time_machine.travel(dt.datetime(2028, 2, 10, 15, 0), tick=False)
def test_verify_license_reads_a_license_past_its_term_as_expired(dog, clerk):
    with time_machine.travel(dt.datetime(2027, 2, 10, 15, 0), tick=False):
        permit = licensed(dog, clerk)
    out = io.StringIO()

    call_command("verify_license", permit.verification_token, stdout=out)

    assert out.getvalue().split("\t")[1] == "expired"


@pytest.mark.django_db
def test_verify_license_fails_for_an_unknown_token():
    with pytest.raises(CommandError, match="No license"):
        call_command("verify_license", "not-a-token")


@time_machine.travel(dt.datetime(2027, 2, 10, 15, 0), tick=False)
def test_verify_license_reads_a_token_that_begins_with_a_dash_after_double_dash(dog, clerk):
    """URL-safe tokens may begin with "-": the restore drill passes them after ``--``."""
    permit = licensed(dog, clerk)
    token = "-" + permit.verification_token[1:]
    type(permit).objects.filter(pk=permit.pk).update(verification_token=token)
    out = io.StringIO()

    call_command("verify_license", "--", token, stdout=out)

    assert out.getvalue().split("\t")[0] == permit.number


def test_new_tokens_never_begin_with_a_dash(monkeypatch):
    """A new license's token is given to the command as it is, without ``--``."""
    drawn = iter(["-dash-first", "plain-token"])
    monkeypatch.setattr(secrets, "token_urlsafe", lambda length: next(drawn))

    assert new_verification_token() == "plain-token"
