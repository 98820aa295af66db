"""An application form whose list of records is empty offers the page that records one, and
that page comes back to the form: a dog for a dog license, a property for a stable permit.
Only pages of this site are come back to."""

import re
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from django.urls import reverse

from dogs.models import Dog
from permits_site.licensing.models import Application
from permits_site.parties.models import Property
from tests.page_forms import button_on

pytestmark = pytest.mark.django_db

DOG_LICENSE_FORM = "/apply/north_andover.dog_license/?action=new"
STABLE_FORM = "/apply/northborough.private_stable/"


def test_the_dog_license_form_offers_to_add_a_dog_coming_back_to_it(client, resident):
    client.force_login(resident)

    page = client.get(DOG_LICENSE_FORM).content.decode()

    add_a_dog = f'{reverse("dogs:dog_new")}?next={quote(DOG_LICENSE_FORM, safe="")}'
    assert f'<a href="{add_a_dog.replace("&", "&amp;")}">Add a dog</a>' in page


def test_a_dog_added_from_the_form_brings_the_resident_back_to_it(client, resident):
    client.force_login(resident)

    response = client.post(reverse("dogs:dog_new"), {
        "name": "Pepper", "breed": "Beagle", "color": "Tricolor", "sex": "female",
        "date_of_birth": "2024-03-01", "spayed_neutered": "on", "next": DOG_LICENSE_FORM})

    assert response.status_code == 302, response.content
    pepper = Dog.objects.get(owner=resident)
    assert pepper.name == "Pepper"
    assert response["Location"] == f"{DOG_LICENSE_FORM}&dog={pepper.pk}"
    assert "Pepper" in client.get(DOG_LICENSE_FORM).content.decode()


def test_a_next_page_off_the_site_is_not_followed(client, resident):
    client.force_login(resident)

    response = client.post(reverse("dogs:dog_new"), {
        "name": "Pepper", "breed": "Beagle", "color": "Tricolor", "sex": "female",
        "date_of_birth": "2024-03-01", "next": "https://elsewhere.example/"})

    assert response["Location"] == reverse("licensing:dashboard")


def test_a_property_added_from_the_stable_form_brings_the_resident_back_to_it(client, resident):
    client.force_login(resident)
    form = client.get(STABLE_FORM).content.decode()
    assert (f'?town=northborough&amp;next={quote(STABLE_FORM, safe="")}">Add a property</a>'
            in form)

    town_step = client.get(reverse("parties:property_new"),
                           {"town": "northborough", "next": STABLE_FORM})
    assert f'name="next" value="{STABLE_FORM}"' in town_step.content.decode()
    response = client.post(f'{reverse("parties:property_new")}?town=northborough',
                           {"address": "12 Whitney Street", "next": STABLE_FORM})

    assert response.status_code == 302, response.content
    added = Property.objects.get(address__icontains="Whitney")
    assert response["Location"] == f"{STABLE_FORM}?property={added.pk}"


def test_at_the_counter_the_clerk_registers_the_walk_in_s_dog_keeping_the_answers(
        client, clerk):
    """clerk.md, "At the counter": a resident who walks in applies through the Clerk; one
    with no dog on file has it registered there, as theirs. "Add a dog for …" is a button
    of the form that keeps the answers typed so far (a link lost them), and the form comes
    back with them and the new dog chosen."""
    from tests.factories import UserFactory

    walk_in = UserFactory(username="ruth.walker", first_name="Ruth", last_name="Walker")
    client.force_login(clerk)
    counter = (f"{reverse('licensing:counter', args=['north_andover.dog_license'])}"
               f"?applicant={walk_in.username}")
    form = client.get(counter).content.decode()
    assert ">Add a dog</a>" not in form
    address, sent = button_on(form, "Add a dog for Ruth Walker")

    kept = client.post(address, {**sent, "acquired_on": "2026-03-01"})

    assert kept.status_code == 302, kept.content
    link = urlsplit(kept["Location"])
    query = parse_qs(link.query)
    assert link.path == reverse("dogs:dog_new")
    assert (query["for"], query["next"]) == (["ruth.walker"], [counter])
    response = client.post(kept["Location"], {
        "name": "Juniper", "breed": "Collie", "color": "Sable", "sex": "female",
        "date_of_birth": "2023-05-01"})
    assert response.status_code == 302, response.content
    juniper = Dog.objects.get()
    assert juniper.owner == walk_in
    assert response["Location"] == f"{counter}&dog={juniper.pk}"
    back = client.get(response["Location"]).content.decode()
    assert _chosen(back, "dog") == [str(juniper.pk)]
    assert re.search(r'<input[^>]*name="acquired_on"[^>]*value="2026-03-01"', back)
    assert not Application.objects.exists()


def test_only_the_clerk_registers_a_dog_for_someone_else(client, resident):
    from tests.factories import UserFactory

    other = UserFactory(username="someone.else")
    client.force_login(resident)

    response = client.post(reverse("dogs:dog_new"), {
        "name": "Juniper", "breed": "Collie", "color": "Sable", "sex": "female",
        "date_of_birth": "2023-05-01", "for": other.username})

    assert response.status_code == 403
    assert not Dog.objects.exists()


def _add_dog(client, name, *, back):
    return client.post(reverse("dogs:dog_new"), {
        "name": name, "breed": "Beagle", "color": "Tricolor", "sex": "female",
        "date_of_birth": "2024-03-01", "next": back})


def _add_property(client, town, address, *, back):
    return client.post(f'{reverse("parties:property_new")}?town={town}',
                       {"address": address, "next": back})


def _chosen(page: str, name: str) -> list[str]:
    """The values of the options selected in the ``name`` list of a form page."""
    select = re.search(rf'<select name="{name}".*?</select>', page, re.S)
    assert select, f"no {name} list on the page"
    return re.findall(r'<option value="([^"]*)"[^>]*\bselected\b', select.group(0))


def test_the_dog_just_added_is_the_one_chosen_on_the_form(client, resident):
    """The resident comes back to the license form with the dog they added already chosen,
    not the first in the list, so they do not license the wrong dog by mistake."""
    client.force_login(resident)
    _add_dog(client, "Biscuit", back=DOG_LICENSE_FORM)

    response = _add_dog(client, "Pepper", back=DOG_LICENSE_FORM)

    pepper = Dog.objects.get(name="Pepper")
    form = client.get(response["Location"]).content.decode()
    assert _chosen(form, "dog") == [str(pepper.pk)]


@pytest.mark.parametrize(("town", "form_page"), [
    ("northborough", STABLE_FORM),
    ("tisbury", "/apply/tisbury.dumpster/"),
])
def test_the_property_just_added_is_the_one_chosen_on_the_form(client, resident, town,
                                                               form_page):
    client.force_login(resident)
    _add_property(client, town, "3 Main Street", back=form_page)

    response = _add_property(client, town, "12 Whitney Street", back=form_page)

    added = Property.objects.get(address__icontains="Whitney")
    form = client.get(response["Location"]).content.decode()
    assert _chosen(form, "property") == [str(added.pk)]
