"""A finder has no address to type: the public "Found an animal?" page (Impoundment B) is
linked where a finder looks, North Andover's town page and its card on the home page, and
only there (the dogs app registers it for its town)."""

import pytest
from django.urls import reverse

pytestmark = pytest.mark.django_db

LINK = f'href="{reverse("dogs:found_dog")}">Found an animal?</a>'


def town_cards(client) -> dict[str, str]:
    """Each town's card on the home page, by the town's code."""
    page = client.get(reverse("home")).content.decode()
    cards = page.split('aria-labelledby="town-')[1:]
    return {card.split('"', 1)[0]: card.split("</section>", 1)[0] for card in cards}


def test_the_home_page_links_it_on_north_andovers_card_only(client):
    cards = town_cards(client)

    assert LINK in cards["north_andover"]
    assert LINK not in cards["northborough"] and LINK not in cards["tisbury"]


def test_north_andovers_town_page_links_it_and_the_others_do_not(client):
    def town_page(code):
        return client.get(reverse("law:town", args=[code])).content.decode()

    assert LINK in town_page("north_andover")
    assert "Report a stray, lost or homeless animal" in town_page("north_andover")
    assert LINK not in town_page("tisbury")


def test_the_link_reads_in_the_readers_language(client):
    page = client.get(reverse("law:town", args=["north_andover"]),
                      HTTP_ACCEPT_LANGUAGE="es").content.decode()

    assert f'href="{reverse("dogs:found_dog")}">¿Encontró un animal?</a>' in page
