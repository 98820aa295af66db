"""The dog license form asks for the rabies proof only where the license needs one (North
Andover Code ch. 60, Licenses A(1)): beside a certificate on file that serves the renewal,
the proof's fields are not marked required — no asterisk, no ``required`` — and wait behind
"Attach a newer certificate instead"; a replacement tag asks for none. However the form
was opened, as posted, and as it changes (the page's htmx fragment)."""

import datetime as dt
import re
from html.parser import HTMLParser

import pytest
import time_machine
from django.urls import reverse

from permits_site.licensing.models import Application
from tests.dogs.test_license_flow import png_upload
from tests.dogs.test_rabies_on_file_chosen import licensed_for
from tests.factories import DogFactory, local

pytestmark = pytest.mark.django_db

DEC_10_2026 = local(dt.date(2026, 12, 10))
ON_FILE = "on file, valid until March 3, 2028"
NEWER = "Attach a newer certificate instead"


@pytest.fixture
def license_2026(resident, clerk):
    """Biscuit's 2026 license, its certificate good until March 3, 2028."""
    return licensed_for(DogFactory(owner=resident, name="Biscuit"), clerk, year=2026,
                        rabies_until=dt.date(2028, 3, 3))


RABIES_FIELDS = ("kind", "valid_until", "file")


class _Inputs(HTMLParser):
    def __init__(self):
        super().__init__()
        self.inputs: list[dict] = []

    def handle_starttag(self, tag, attrs):
        if tag == "input":
            self.inputs.append(dict(attrs))


def marked_required(markup: str) -> tuple[set[str], int]:
    """The rabies proof's fields marked required — by the ``required`` attribute or by
    ``aria-required`` — and the asterisks of its labels, in ``markup`` (a page or its
    fragment) from the first of them on."""
    fields = markup[markup.index('id="div_id_kind"'):]
    fields = fields[:fields.index('id="fee-preview"')] if 'id="fee-preview"' in fields else fields
    parser = _Inputs()
    parser.feed(fields)
    required = {attrs["name"] for attrs in parser.inputs
                if attrs.get("name") in RABIES_FIELDS
                and ("required" in attrs or attrs.get("aria-required") == "true")}
    return required, fields.count("asteriskField")


NOTHING_REQUIRED = (set(), 0)
ALL_REQUIRED = (set(RABIES_FIELDS), 3)


@time_machine.travel(DEC_10_2026, tick=False)
def test_the_renewal_form_marks_nothing_required_beside_the_certificate_on_file(
        client, resident, license_2026):
    client.force_login(resident)
    dog = license_2026.application.dog_license.dog

    renewal = client.get(reverse("dogs:apply"), {"action": "renewal",
                                                 "permit": license_2026.pk}).content.decode()
    new = client.get(reverse("dogs:apply"), {"action": "new", "dog": dog.pk}).content.decode()

    assert ON_FILE in renewal
    assert marked_required(renewal) == NOTHING_REQUIRED
    assert f"<summary>{NEWER}</summary>" in renewal
    assert "<details>" in renewal
    assert ON_FILE not in new
    assert NEWER not in new
    assert marked_required(new) == ALL_REQUIRED


@time_machine.travel(DEC_10_2026, tick=False)
def test_the_fragment_changes_the_fields_as_the_license_chosen_changes(
        client, resident, license_2026):
    client.force_login(resident)
    dog = license_2026.application.dog_license.dog
    fragment = reverse("dogs:rabies_on_file")
    chosen = {"dog": dog.pk, "license_year": "2027"}

    renewal = client.get(fragment, {**chosen, "action": "renewal", "valid_until": "2029-05-01",
                                    "kind": "rabies_certificate"}).content.decode()
    new = client.get(fragment, {**chosen, "action": "new"}).content.decode()

    assert ON_FILE in renewal
    assert marked_required(renewal) == NOTHING_REQUIRED
    assert "<details open>" in renewal
    assert 'value="2029-05-01"' in renewal
    assert 'value="rabies_certificate"' in renewal and "checked" in renewal
    assert ON_FILE not in new
    assert marked_required(new) == ALL_REQUIRED


@time_machine.travel(DEC_10_2026, tick=False)
def test_the_fragment_leaves_the_fields_alone_when_what_they_ask_has_not_changed(
        client, resident, license_2026):
    """Nothing to swap (204): what the resident entered, a chosen file too, stays."""
    client.force_login(resident)
    dog = license_2026.application.dog_license.dog
    fragment = reverse("dogs:rabies_on_file")
    chosen = {"dog": dog.pk, "license_year": "2027", "action": "renewal"}
    page = client.get(reverse("dogs:apply"), {"action": "renewal", "permit": license_2026.pk})
    [shown] = re.findall(r'hx-vals=\'\{"shown": "([^"]+)"\}\'', page.content.decode())

    same = client.get(fragment, {**chosen, "shown": shown})
    changed = client.get(fragment, {**chosen, "action": "new", "shown": shown})

    assert same.status_code == 204
    assert same.content == b""
    assert changed.status_code == 200
    assert marked_required(changed.content.decode()) == ALL_REQUIRED


@time_machine.travel(DEC_10_2026, tick=False)
def test_a_newer_certificate_is_described_as_any_other_and_shown_open(
        client, resident, license_2026):
    client.force_login(resident)
    dog = license_2026.application.dog_license.dog

    refused = client.post(reverse("dogs:apply"), {
        "dog": dog.pk, "action": "renewal", "license_year": "2027",
        "kind": "rabies_certificate", "file": png_upload("newer.png")})

    assert refused.status_code == 400
    assert list(refused.context["rabies"].errors) == ["valid_until"]
    assert "<details open>" in refused.content.decode()
    assert "Kept: newer.png" in refused.content.decode()
    assert not Application.objects.filter(action="renewal").exists()


@time_machine.travel(DEC_10_2026, tick=False)
def test_a_replacement_tag_asks_no_rabies_proof(client, resident):
    dog = DogFactory(owner=resident, name="Rex")
    client.force_login(resident)

    page = client.get(reverse("dogs:apply"), {"dog": dog.pk, "action": "replacement_tag"})
    refused = client.post(reverse("dogs:apply"), {"dog": dog.pk, "action": "replacement_tag",
                                                  "license_year": "2027"})

    assert 'name="file"' not in page.content.decode()
    assert page.context["rabies"] is None
    assert refused.status_code == 400
    assert list(refused.context["details"].errors) == ["action"]
    assert "Proof of rabies vaccination" not in refused.content.decode()
