"""At the counter the town's Clerk adds a property or a business for the resident they serve
(clerk.md, "At the counter"): the record is the resident's — the place among their
properties, the business with them as its member — the audit log names the Clerk who
entered it, and the counter form comes back with it chosen and the answers typed before,
which the Clerk's own session kept meanwhile. Nobody else enters a record for another
person; a bad answer is refused on its field and saves nothing."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.test import Client
from django.urls import reverse

from permits_site import audit
from permits_site.accounts.permissions import Refused
from permits_site.licensing.models import Application
from permits_site.parties.models import Business, BusinessMember, Property
from permits_site.parties.services import create_business, find_or_create_property
from tests.clients import page_text
from tests.factories import Role, UserFactory, municipality, staff
from tests.page_forms import button_on

pytestmark = pytest.mark.django_db

DUMPSTER = "tisbury.dumpster"  # a person or a business holds it; it is about a property
DISPOSAL_WORKS = "tisbury.disposal_works"  # a person holds it; it takes documents
KEEP = reverse("licensing:counter_add_record", args=[DUMPSTER])
#: Answers typed on the counter's dumpster form before adding a record: not all it asks.
TYPED = {"location_on_lot": "Behind the garage"}


@pytest.fixture
def tisbury_clerk(db):
    return staff(Role.CLERK, "tisbury", username="tess", first_name="Tess", last_name="Clerk")


@pytest.fixture
def walk_in(db):
    return UserFactory(username="ruth.walker", first_name="Ruth", last_name="Walker")


def counter_form(person, code: str = DUMPSTER) -> str:
    return f"{reverse('licensing:counter', args=[code])}?applicant={person.username}"


def property_page(person, town: str = "tisbury") -> str:
    return f"{reverse('parties:property_new')}?town={town}&for={person.username}"


def business_page(person, town: str = "tisbury") -> str:
    return f"{reverse('parties:business_new')}?town={town}&for={person.username}"


BUSINESS = {"legal_name": "Walker Hauling LLC", "dba": "", "kind": "llc",
            "mailing_address": "4 Main Street, Vineyard Haven", "phone": "", "email": ""}


def press(client, form: str, words: str, answers: dict | None = None):
    """Press the button ``words`` of the counter form at ``form`` with ``answers`` typed, as
    a browser sends it."""
    address, sent = button_on(client.get(form).content.decode(), words)
    return client.post(address, {**sent, **(answers or {})})


def _typed(page: str, name: str) -> str | None:
    found = re.search(rf'<input type="text" name="{name}"(?: value="([^"]*)")?', page)
    assert found, f"no {name} field on the page"
    return found.group(1)


def _chosen(page: str, name: str) -> list[str]:
    select = re.search(rf'<select name="{name}".*?</select>', page, re.S)
    assert select, f"no {name} list on the page"
    return re.findall(r'<option value="([^"]*)"[^>]*\bselected\b', select.group(0))


# -- the counter form offers both ------------------------------------------------------


def test_the_counter_form_offers_to_add_a_property_and_a_business_for_the_resident(
        client, tisbury_clerk, walk_in):
    client.force_login(tisbury_clerk)
    page = client.get(counter_form(walk_in)).content.decode()

    for words, name in (("Add a property for Ruth Walker", "parties:property_new"),
                        ("Add a business for Ruth Walker", "parties:business_new")):
        address, sent = button_on(page, words)
        response = client.post(address, {**sent, **TYPED})

        assert address == KEEP and response.status_code == 302
        link = urlsplit(response["Location"])
        assert link.path == reverse(name)
        query = parse_qs(link.query)
        assert query["for"] == ["ruth.walker"] and query["town"] == ["tisbury"]
        assert query["next"] == [counter_form(walk_in)]
    assert not Application.objects.exists()


def test_the_residents_own_form_offers_no_counter_links(client, walk_in):
    client.force_login(walk_in)

    page = client.get(f"/apply/{DUMPSTER}/").content.decode()

    assert "for=ruth.walker" not in page and KEEP not in page
    assert "Add a property for" not in page and "Add a business for" not in page


# -- the clerk adds them --------------------------------------------------------------


def test_the_clerk_adds_a_property_for_the_resident_and_comes_back_with_it_chosen(
        client, tisbury_clerk, walk_in):
    client.force_login(tisbury_clerk)
    form = client.get(f"{property_page(walk_in)}&{urlencode({'next': counter_form(walk_in)})}")
    assert form.status_code == 200
    assert 'name="for" value="ruth.walker"' in form.content.decode()
    assert "Ruth Walker" in form.content.decode()

    response = client.post(property_page(walk_in), {"address": "9 Beach Road",
                                                    "next": counter_form(walk_in)})

    assert response.status_code == 302, response.content
    added = Property.objects.get()
    assert list(added.people.all()) == [walk_in]
    assert response["Location"] == f"{counter_form(walk_in)}&property={added.pk}"
    entry = audit.history_of(added).get()
    assert (entry.action, entry.actor, entry.after["for"]) == (
        "property.created", tisbury_clerk, "ruth.walker")
    back = client.get(response["Location"]).content.decode()
    assert _chosen(back, "property") == [str(added.pk)]


def test_a_place_the_town_knows_is_linked_to_the_resident_audited(client, tisbury_clerk,
                                                                   walk_in):
    neighbour = UserFactory()
    known, _ = find_or_create_property(municipality=municipality("tisbury"),
                                       address="9 Beach Road", acting_user=neighbour)
    client.force_login(tisbury_clerk)

    response = client.post(property_page(walk_in), {"address": "9 beach road",
                                                    "next": counter_form(walk_in)})

    assert response["Location"] == f"{counter_form(walk_in)}&property={known.pk}"
    assert set(known.people.all()) == {neighbour, walk_in}
    linked = audit.history_of(known).filter(action="property.linked").get()
    assert linked.actor == tisbury_clerk and linked.after == {"person": "ruth.walker"}


def test_the_clerk_registers_a_business_for_the_resident_and_comes_back_with_it_chosen(
        client, tisbury_clerk, walk_in):
    client.force_login(tisbury_clerk)
    form = client.get(f"{business_page(walk_in)}&{urlencode({'next': counter_form(walk_in)})}")
    assert form.status_code == 200
    assert 'name="for" value="ruth.walker"' in form.content.decode()

    response = client.post(business_page(walk_in), {**BUSINESS, "next": counter_form(walk_in)})

    assert response.status_code == 302, response.content
    business = Business.objects.get()
    member = BusinessMember.objects.get(business=business)
    assert (member.user, member.added_by) == (walk_in, tisbury_clerk)
    assert business.created_by == tisbury_clerk
    assert response["Location"] == f"{counter_form(walk_in)}&business={business.pk}"
    entry = audit.history_of(business).get()
    assert (entry.action, entry.actor, entry.municipality.code, entry.after["member"]) == (
        "business.created", tisbury_clerk, "tisbury", "ruth.walker")
    back = client.get(response["Location"]).content.decode()
    assert _chosen(back, "business") == [str(business.pk)]


def test_adding_one_keeps_the_other_already_chosen(client, tisbury_clerk, walk_in):
    client.force_login(tisbury_clerk)
    client.post(property_page(walk_in), {"address": "9 Beach Road",
                                         "next": counter_form(walk_in)})
    place = Property.objects.get()
    with_place = f"{counter_form(walk_in)}&property={place.pk}"
    page = press(client, with_place, "Add a business for Ruth Walker",
                 {**TYPED, "property": place.pk})["Location"]

    response = client.post(page, BUSINESS)

    back = client.get(response["Location"]).content.decode()
    assert _chosen(back, "property") == [str(place.pk)]
    assert _chosen(back, "business") == [str(Business.objects.get().pk)]
    assert _typed(back, "location_on_lot") == "Behind the garage"


# -- the answers typed before are kept meanwhile ----------------------------------------


def test_the_answers_typed_come_back_once_unjudged_with_the_new_record_chosen(
        client, tisbury_clerk, walk_in):
    client.force_login(tisbury_clerk)
    page = press(client, counter_form(walk_in), "Add a property for Ruth Walker",
                 {**TYPED, "sticker_number": ""})["Location"]

    added = client.post(page, {"address": "9 Beach Road"})
    back = client.get(added["Location"])

    assert back.status_code == 200
    shown = back.content.decode()
    assert _typed(shown, "location_on_lot") == "Behind the garage"
    assert _chosen(shown, "property") == [str(Property.objects.get().pk)]
    assert "is-invalid" not in shown and "Error:" not in shown
    assert not Application.objects.exists()
    again = client.get(counter_form(walk_in)).content.decode()
    assert _typed(again, "location_on_lot") is None


def test_cancelling_the_record_page_comes_back_to_the_answers(client, tisbury_clerk,
                                                              walk_in):
    client.force_login(tisbury_clerk)
    page = press(client, counter_form(walk_in), "Add a business for Ruth Walker", TYPED)

    cancel = parse_qs(urlsplit(page["Location"]).query)["next"][0]

    assert _typed(client.get(cancel).content.decode(), "location_on_lot") == (
        "Behind the garage")
    assert not Business.objects.exists()


def test_another_clerks_session_sees_nothing_of_them(client, tisbury_clerk, walk_in):
    client.force_login(tisbury_clerk)
    press(client, counter_form(walk_in), "Add a property for Ruth Walker", TYPED)
    colleague = Client()
    colleague.force_login(staff(Role.CLERK, "tisbury", username="tom"))

    theirs = colleague.get(counter_form(walk_in))

    assert theirs.status_code == 200
    assert _typed(theirs.content.decode(), "location_on_lot") is None
    assert _typed(client.get(counter_form(walk_in)).content.decode(),
                  "location_on_lot") == "Behind the garage"


def test_answers_kept_for_one_resident_stay_off_anothers_form(client, tisbury_clerk,
                                                              walk_in):
    neighbour = UserFactory(username="sam.walker")
    client.force_login(tisbury_clerk)
    press(client, counter_form(walk_in), "Add a property for Ruth Walker", TYPED)

    assert _typed(client.get(counter_form(neighbour)).content.decode(),
                  "location_on_lot") is None


@pytest.mark.parametrize("who", ["other town's clerk", "resident"])
def test_only_a_clerk_of_the_town_keeps_answers(client, clerk, walk_in, who):
    client.force_login(clerk if who == "other town's clerk" else walk_in)
    session = dict(client.session.items())

    response = client.post(KEEP, {"applicant": walk_in.username, "action": "new",
                                  "record": "property", **TYPED})

    assert response.status_code == 403
    assert "Only the town's Clerk may apply for a person at the counter." in page_text(
        response)
    assert dict(client.session.items()) == session


@pytest.mark.parametrize("code, applicant, record", [
    (DUMPSTER, "gone.away", "property"),
    (DUMPSTER, "ruth.walker", "dog"),
    (DUMPSTER, "ruth.walker", ""),
    (DISPOSAL_WORKS, "ruth.walker", "business"),  # a person holds it: no business list
])
def test_an_unknown_resident_or_list_is_not_found(client, tisbury_clerk, walk_in, code,
                                                  applicant, record):
    UserFactory(username="gone.away", is_active=False)
    client.force_login(tisbury_clerk)
    session = dict(client.session.items())

    response = client.post(reverse("licensing:counter_add_record", args=[code]),
                           {"applicant": applicant, "record": record, **TYPED})

    assert response.status_code == 404
    assert dict(client.session.items()) == session


def test_a_form_with_files_says_they_are_not_kept(client, tisbury_clerk, walk_in):
    client.force_login(tisbury_clerk)

    with_files = client.get(counter_form(walk_in, DISPOSAL_WORKS)).content.decode()
    without = client.get(counter_form(walk_in)).content.decode()

    note = "the files chosen on it are not: choose them again then."
    assert note in with_files and 'aria-describedby="add-property-files"' in with_files
    assert note not in without


# -- who may ----------------------------------------------------------------------------


@pytest.mark.parametrize("page", [property_page, business_page])
def test_a_clerk_of_another_town_is_refused(client, clerk, walk_in, page):
    """A North Andover clerk cannot enter a Tisbury record for anyone."""
    client.force_login(clerk)

    shown = client.get(page(walk_in))
    sent = client.post(page(walk_in), {**BUSINESS, "address": "9 Beach Road"})

    assert (shown.status_code, sent.status_code) == (403, 403)
    assert "Clerk" in sent.content.decode()
    assert not Property.objects.exists() and not Business.objects.exists()


@pytest.mark.parametrize("page", [property_page, business_page])
def test_a_resident_cannot_enter_a_record_for_another_person(client, resident, walk_in, page):
    client.force_login(resident)

    shown = client.get(page(walk_in))
    sent = client.post(page(walk_in), {**BUSINESS, "address": "9 Beach Road"})

    assert (shown.status_code, sent.status_code) == (403, 403)
    assert not Property.objects.exists() and not Business.objects.exists()


@pytest.mark.parametrize("page", [property_page, business_page])
def test_an_unknown_person_is_not_found(client, tisbury_clerk, page):
    gone = UserFactory(username="gone.away", is_active=False)
    client.force_login(tisbury_clerk)

    assert client.get(page(gone)).status_code == 404
    assert client.post(page(gone), {**BUSINESS, "address": "9 Beach Road"}).status_code == 404
    assert not Property.objects.exists() and not Business.objects.exists()


def test_a_business_for_someone_names_a_town(client, tisbury_clerk, walk_in):
    client.force_login(tisbury_clerk)

    response = client.post(f"{reverse('parties:business_new')}?for={walk_in.username}",
                           BUSINESS)

    assert response.status_code == 404
    assert not Business.objects.exists()


def test_the_services_refuse_anyone_but_the_towns_clerk(clerk, walk_in):
    tisbury = municipality("tisbury")

    with pytest.raises(Refused):
        find_or_create_property(municipality=tisbury, address="9 Beach Road",
                                acting_user=clerk, for_person=walk_in)
    with pytest.raises(Refused):
        create_business(legal_name="Walker Hauling LLC", kind="llc",
                        mailing_address="4 Main Street", acting_user=clerk, member=walk_in,
                        municipality=tisbury)
    assert not Property.objects.exists() and not Business.objects.exists()


# -- bad input ------------------------------------------------------------------------


def test_a_bad_property_names_the_field_and_keeps_the_person(client, tisbury_clerk, walk_in):
    client.force_login(tisbury_clerk)

    response = client.post(property_page(walk_in), {"address": "  ",
                                                    "next": counter_form(walk_in)})

    assert response.status_code == 400
    page = response.content.decode()
    assert 'id="id_address_error"' in page
    assert 'name="for" value="ruth.walker"' in page
    assert not Property.objects.exists()


def test_a_bad_business_names_the_fields_and_keeps_the_person(client, tisbury_clerk, walk_in):
    client.force_login(tisbury_clerk)

    response = client.post(business_page(walk_in), {**BUSINESS, "legal_name": "",
                                                    "kind": "guild",
                                                    "next": counter_form(walk_in)})

    assert response.status_code == 400
    page = response.content.decode()
    assert 'id="id_legal_name_error"' in page and 'id="id_kind_error"' in page
    assert 'name="for" value="ruth.walker"' in page
    assert not Business.objects.exists() and not BusinessMember.objects.exists()
