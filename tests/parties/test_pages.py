"""The business and property pages: each user's main path, every refused path, and lists
that run a fixed number of queries (spec ``lifecycle.md``, "Holders")."""

from __future__ import annotations

import pytest
from django.urls import reverse

from permits_site import audit
from permits_site.licensing.models import Application, InvoiceStatus, PermitType
from permits_site.licensing.services.applications import submit_application
from permits_site.parties.models import Business, Property
from permits_site.parties.places import place_facts
from permits_site.parties.services import add_member, correct_property
from tests.declared import declared_permit_type
from tests.factories import ApplicationFactory, Role, UserFactory, staff
from tests.lifecycle.conftest import carry_to_permit
from tests.page_forms import assert_on_the_page, post_form
from tests.parties.test_services import apply_for_party, place, register_business

pytestmark = pytest.mark.django_db


def url(name: str, *args) -> str:
    return reverse(f"parties:{name}", args=args)


def page(client, user, address: str, **query):
    client.force_login(user)
    return client.get(address, query)


def send(client, user, address: str, data: dict):
    client.force_login(user)
    return client.post(address, data)


def text_of(response) -> str:
    return response.content.decode()


def bare_application(business: Business, town: str = "north_andover") -> Application:
    return ApplicationFactory(
        permit_type=PermitType.objects.filter(municipality__code=town).first(),
        applicant=business.members.first(), business=business)


@pytest.fixture
def tisbury_clerk(db):
    return staff(Role.CLERK, "tisbury", first_name="Tia", last_name="Clerk")


@pytest.fixture
def business(resident):
    return register_business(resident, dba="Harbor Parties")


@pytest.fixture
def garden_party(db):
    with declared_permit_type() as permit_type:
        yield permit_type


@pytest.fixture
def garden(resident):
    return place(resident, "12 Osgood Street", parcel="62-104")


# -- my businesses -----------------------------------------------------------------


def test_my_businesses_lists_the_businesses_i_act_for(client, resident, other_resident,
                                                        business):
    register_business(other_resident, "Someone Else Co")
    add_member(business=business, username=other_resident.username, acting_user=resident)

    response = page(client, resident, url("businesses"))

    assert response.status_code == 200
    assert "Harbor Events LLC d/b/a Harbor Parties" in text_of(response)
    assert "Someone Else Co" not in text_of(response)
    assert url("business", business.pk) in text_of(response)
    assert '<td data-label="Members">2</td>' in text_of(response)  # both members counted


@pytest.mark.parametrize("name", ["businesses", "business_new", "properties", "property_new"])
def test_the_resident_pages_ask_a_visitor_to_sign_in(client, name):
    response = client.get(url(name))

    assert response.status_code == 302
    assert "sign-in" in response["Location"] or "login" in response["Location"]


def test_the_navigation_offers_my_businesses_to_everyone_and_staff_lists_to_clerks(
    client, resident, clerk
):
    resident_nav = text_of(page(client, resident, reverse("licensing:dashboard")))
    clerk_nav = text_of(page(client, clerk, reverse("licensing:dashboard")))

    assert url("businesses") in resident_nav
    assert url("staff_businesses") not in resident_nav
    assert url("staff_businesses") in clerk_nav and url("staff_properties") in clerk_nav


def test_registering_a_business_makes_me_its_member(client, resident):
    form = page(client, resident, url("business_new"))
    assert form.status_code == 200
    for label in ('for="id_legal_name"', 'for="id_dba"', 'for="id_kind"',
                  'for="id_mailing_address"', 'for="id_phone"', 'for="id_email"'):
        assert label in text_of(form)

    response = send(client, resident, url("business_new"), {
        "legal_name": "Osgood Catering Inc.", "dba": "", "kind": "corporation",
        "mailing_address": "3 Osgood Street, North Andover", "phone": "", "email": "",
    })

    business = Business.objects.get()
    assert response.status_code == 302
    assert response["Location"] == url("business", business.pk)
    assert list(business.members.all()) == [resident]


def test_a_bad_business_form_names_the_fields(client, resident):
    response = send(client, resident, url("business_new"), {
        "legal_name": "", "kind": "guild", "mailing_address": "1 Elm St", "email": "nope",
    })

    assert response.status_code == 400
    page_text = text_of(response)
    assert 'href="#id_legal_name"' in page_text
    assert 'href="#id_kind"' in page_text
    assert 'href="#id_email"' in page_text
    assert 'id="id_email_error"' in page_text
    assert not Business.objects.exists()


# -- a business's page ----------------------------------------------------------------


def test_a_member_sees_the_business_its_applications_permits_and_fees_due(
    client, resident, business, garden_party, garden, clerk
):
    issued = carry_to_permit(
        apply_for_party(garden_party, applicant=resident, place=garden, business=business),
        clerk=clerk, reference="B-1")
    waiting = apply_for_party(garden_party, applicant=resident, place=garden, business=business)
    submit_application(application=waiting, acting_user=resident)
    invoice = waiting.invoices.get()
    assert invoice.payer_business == business and invoice.status == InvoiceStatus.OPEN

    response = page(client, resident, url("business", business.pk))

    page_text = text_of(response)
    assert response.status_code == 200
    assert "1 Main Street" in page_text
    assert f"{resident.display_name} ({resident.username})" in page_text
    assert issued.number in page_text
    assert "12 Osgood Street, North Andover" in page_text
    assert f"#{waiting.pk}" in page_text
    assert f"#{invoice.pk}" in page_text and f"${invoice.total}" in page_text
    assert "Add a member" in page_text and 'for="id_username"' in page_text


def test_a_businesss_invoice_is_billed_to_the_business_on_its_application_page(
    client, resident, business, garden_party, garden
):
    """lifecycle.md, Holders: the business is the payer of its invoices (name and mailing
    address); the member who applied is not named as the payer."""
    waiting = apply_for_party(garden_party, applicant=resident, place=garden, business=business)
    submit_application(application=waiting, acting_user=resident)
    assert waiting.invoices.get().payer == resident

    page_text = text_of(page(client, resident, reverse("licensing:application",
                                                        args=[waiting.pk])))

    assert f"Billed to {business.display_name}, 1 Main Street" in page_text
    assert f"Billed to {resident.display_name}" not in page_text


def test_an_invoice_keeps_the_name_and_address_it_was_billed_to(
    client, resident, business, garden_party, garden
):
    """An invoice says whom it was made out to as they were then, as a permit keeps its
    holder: renaming the business or moving it rewrites no invoice; the next one is made
    out to the new name and address."""
    billed = apply_for_party(garden_party, applicant=resident, place=garden, business=business)
    submit_application(application=billed, acting_user=resident)
    business.legal_name, business.mailing_address = "Harbor Gatherings LLC", "9 Water Street"
    business.save()
    later = apply_for_party(garden_party, applicant=resident, place=garden, business=business)
    submit_application(application=later, acting_user=resident)

    billed_text, later_text = (
        text_of(page(client, resident, reverse("licensing:application", args=[each.pk])))
        for each in (billed, later))

    assert "Billed to Harbor Events LLC d/b/a Harbor Parties, 1 Main Street" in billed_text
    assert "Billed to Harbor Gatherings" not in billed_text
    assert "Billed to Harbor Gatherings LLC d/b/a Harbor Parties, 9 Water Street" in later_text


def test_a_persons_invoice_is_billed_to_them_on_their_application_page(
    client, resident, garden_party, garden
):
    waiting = apply_for_party(garden_party, applicant=resident, place=garden)
    submit_application(application=waiting, acting_user=resident)

    page_text = text_of(page(client, resident, reverse("licensing:application",
                                                        args=[waiting.pk])))

    assert f"Billed to {resident.display_name}, {resident.mailing_address}" in page_text


def test_another_resident_cannot_see_a_business(client, other_resident, business):
    assert page(client, other_resident, url("business", business.pk)).status_code == 404
    assert page(client, other_resident, url("business", 999999)).status_code == 404


def test_staff_see_a_business_that_applied_in_their_town_without_acting_for_it(
    client, business, clerk, tisbury_clerk
):
    assert page(client, clerk, url("business", business.pk)).status_code == 404

    bare_application(business)

    response = page(client, clerk, url("business", business.pk))
    assert response.status_code == 200
    assert "Add a member" not in text_of(response)
    assert page(client, tisbury_clerk, url("business", business.pk)).status_code == 404


def test_a_member_adds_another_member(client, resident, other_resident, business):
    response = send(client, resident, url("business", business.pk),
                    {"action": "member", "username": other_resident.username})

    assert response.status_code == 302
    assert set(business.members.all()) == {resident, other_resident}
    assert page(client, other_resident, url("business", business.pk)).status_code == 200


@pytest.mark.parametrize("username", ["nobody-at-all", "__self__"])
def test_adding_an_unknown_or_existing_member_names_the_username(
    client, resident, business, username
):
    username = resident.username if username == "__self__" else username

    client.force_login(resident)
    response = post_form(client, url("business", business.pk), 'name="username"',
                         {"username": username})

    assert response.status_code == 400
    assert_on_the_page(client, response, url("business", business.pk))
    assert 'id="id_username_error"' in text_of(response)
    assert 'href="#id_username"' in text_of(response)
    assert list(business.members.all()) == [resident]


def test_only_members_add_members(client, resident, other_resident, business, clerk):
    bare_application(business)
    data = {"username": other_resident.username}

    assert send(client, other_resident, url("business", business.pk),
                {"action": "member", **data}).status_code == 404
    assert send(client, clerk, url("business", business.pk),
                {"action": "member", **data}).status_code == 403
    assert list(business.members.all()) == [resident]


# -- my properties ---------------------------------------------------------------------


def test_my_properties_lists_my_places_and_my_businesses(client, resident, other_resident,
                                                          business, garden):
    shop = place(other_resident, "5 Water Street")
    shop.businesses.add(business)
    place(other_resident, "7 Hidden Lane")

    response = page(client, resident, url("properties"))

    page_text = text_of(response)
    assert "12 Osgood Street" in page_text and "62-104" in page_text
    assert "5 Water Street" in page_text
    assert "7 Hidden Lane" not in page_text


def test_adding_a_property_asks_the_town_first_then_its_attributes(client, resident):
    first = page(client, resident, url("property_new"))
    assert first.status_code == 200
    assert 'for="id_town"' in text_of(first)

    tisbury = page(client, resident, url("property_new"), town="tisbury")

    page_text = text_of(tisbury)
    assert tisbury.status_code == 200
    assert 'name="zone"' not in page_text and "Designated Barrier Beach list" in page_text
    assert 'for="id_address"' in page_text and 'for="id_parcel"' in page_text


def test_an_unknown_town_is_refused(client, resident):
    response = page(client, resident, url("property_new"), town="atlantis")

    assert response.status_code == 400
    assert 'id="id_town_error"' in text_of(response)


def test_adding_a_tisbury_property_derives_its_zone_from_the_parcel(client, resident):
    response = send(client, resident, url("property_new") + "?town=tisbury",
                    {"address": "9 Beach Road", "parcel": "30-A-4", "zoning": ""})

    assert response.status_code == 302
    assert response["Location"] == url("properties")
    lot = Property.objects.get()
    assert (lot.municipality.code, lot.address, lot.attributes) == (
        "tisbury", "9 Beach Road", {})
    assert place_facts(lot)["zone"] == "barrier_beach"
    assert list(lot.people.all()) == [resident]
    assert "Barrier beach" in text_of(client.get(url("properties")))


def test_adding_a_place_the_town_knows_links_me_to_it(client, resident, other_resident,
                                                      garden):
    response = send(client, other_resident, url("property_new") + "?town=north_andover",
                    {"address": "12 Osgood St", "parcel": "62 - 104"})

    assert response.status_code == 302
    assert Property.objects.get() == garden
    assert set(garden.people.all()) == {resident, other_resident}
    followed = client.get(response["Location"])
    assert "already on the town&#x27;s records" in text_of(followed)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"address": "9 Beach Road", "zone": "inland"}, "zone"),
        ({"address": ""}, "address"),
        ({"address": "9 Beach Road", "parcel": "x" * 41}, "parcel"),
    ],
)
def test_a_bad_property_form_names_the_field(client, resident, data, field):
    response = send(client, resident, url("property_new") + "?town=tisbury", data)

    assert response.status_code == 400
    assert f'id="id_{field}_error"' in text_of(response) or (
        field == "zone" and "The zone is not sent: the town derives it" in text_of(response))
    assert not Property.objects.exists()


def test_a_blank_address_after_trimming_is_refused_by_the_service(client, resident):
    response = send(client, resident, url("property_new") + "?town=north_andover",
                    {"address": "   "})

    assert response.status_code == 400
    assert 'id="id_address_error"' in text_of(response)


# -- the clerk's businesses ----------------------------------------------------------------


@pytest.mark.parametrize("name", ["staff_businesses", "staff_properties"])
def test_the_staff_lists_refuse_residents_and_other_staff(client, resident, name):
    inspector = staff(Role.INSPECTOR, "north_andover")

    assert page(client, resident, url(name)).status_code == 403
    assert page(client, inspector, url(name)).status_code == 403


def test_the_clerk_lists_the_businesses_that_applied_in_the_town(
    client, resident, other_resident, business, clerk, tisbury_clerk
):
    bare_application(business)
    placed = register_business(other_resident, "Placed Co", dba="Corner Shop")
    place(other_resident, "5 Water Street").businesses.add(placed)
    island = register_business(other_resident, "Island Co")
    bare_application(island, town="tisbury")
    register_business(other_resident, "Never Applied Co")

    response = page(client, clerk, url("staff_businesses"))

    page_text = text_of(response)
    assert "Harbor Events LLC" in page_text and "Placed Co" in page_text
    assert "Island Co" not in page_text and "Never Applied Co" not in page_text
    assert "Island Co" in text_of(page(client, tisbury_clerk, url("staff_businesses")))


@pytest.mark.parametrize(("query", "found"), [("harbor", "Harbor Events"),
                                             ("corner", "Placed Co"),
                                             ("PARTIES", "Harbor Events")])
def test_the_clerk_searches_businesses_by_legal_name_or_dba(
    client, other_resident, business, clerk, query, found
):
    bare_application(business)
    placed = register_business(other_resident, "Placed Co", dba="Corner Shop")
    bare_application(placed)

    response = page(client, clerk, url("staff_businesses"), q=query)

    page_text = text_of(response)
    assert found in page_text
    assert ({"Harbor Events", "Placed Co"} - {found}).pop() not in page_text


def test_the_business_list_shows_25_a_page(client, resident, clerk):
    for number in range(30):
        bare_application(register_business(resident, f"Business {number:02}"))

    first = text_of(page(client, clerk, url("staff_businesses")))
    second = text_of(page(client, clerk, url("staff_businesses"), page=2))

    assert "Business 24" in first and "Business 25" not in first
    assert "Business 25" in second and "Business 29" in second and "Business 00" not in second
    assert "Page 1 of 2" in first


def test_the_clerk_sees_the_business_record_in_the_town(
    client, resident, business, clerk, tisbury_clerk, garden_party, garden
):
    issued = carry_to_permit(
        apply_for_party(garden_party, applicant=resident, place=garden, business=business),
        clerk=clerk, reference="S-1")
    island = bare_application(business, town="tisbury")

    response = page(client, clerk, url("staff_business", business.pk))

    page_text = text_of(response)
    assert response.status_code == 200
    assert issued.number in page_text
    assert reverse("licensing:review", args=[issued.application_id]) in page_text
    assert f"#{island.pk}" not in page_text
    assert page(client, tisbury_clerk, url("staff_business", business.pk)).status_code == 200
    assert issued.number not in text_of(page(client, tisbury_clerk,
                                             url("staff_business", business.pk)))


def test_a_business_that_never_applied_in_the_town_is_a_404_to_its_clerk(
    client, resident, business, clerk
):
    assert page(client, clerk, url("staff_business", business.pk)).status_code == 404
    assert page(client, resident, url("staff_business", business.pk)).status_code == 403


# -- the clerk's properties --------------------------------------------------------------


def test_the_clerk_lists_the_towns_live_properties(client, resident, garden, clerk):
    merged = place(resident, "99 Gone Road")
    merged.merged_into = garden
    merged.save()
    place(resident, "9 Beach Road", town="tisbury", determined_zone="inland")

    page_text = text_of(page(client, clerk, url("staff_properties")))

    assert "12 Osgood Street" in page_text and "62-104" in page_text
    assert "99 Gone Road" not in page_text and "9 Beach Road" not in page_text


@pytest.mark.parametrize("query", ["osgood", "12 Osgood St.", "62 - 104", "62-1"])
def test_the_clerk_searches_properties_by_address_or_parcel(client, resident, garden, clerk,
                                                              query):
    place(resident, "3 Elm Street")

    page_text = text_of(page(client, clerk, url("staff_properties"), q=query))

    assert "12 Osgood Street" in page_text
    assert "3 Elm Street" not in page_text


def test_the_property_list_shows_25_a_page(client, resident, clerk):
    for number in range(30):
        place(resident, f"{number:02} Elm Street")

    first = text_of(page(client, clerk, url("staff_properties")))
    second = text_of(page(client, clerk, url("staff_properties"), page=2))

    assert "24 Elm Street" in first and "25 Elm Street" not in first
    assert "29 Elm Street" in second


def test_the_property_page_shows_everything_about_the_place(
    client, resident, business, garden, garden_party, clerk
):
    garden.businesses.add(business)
    issued = carry_to_permit(apply_for_party(garden_party, applicant=resident, place=garden),
                             clerk=clerk, reference="P-1")
    correct_property(property=garden, address="14 Osgood Street",
                     attributes={"zoning": "residential"}, acting_user=clerk)

    response = page(client, clerk, url("staff_property", garden.pk))

    page_text = text_of(response)
    assert response.status_code == 200
    assert "14 Osgood Street, North Andover" in page_text
    assert "Zoning" in page_text and "Residential" in page_text
    assert resident.username in page_text and "Harbor Events LLC" in page_text
    assert issued.number in page_text
    assert "12 Osgood Street, North Andover" in page_text  # the place it was issued on
    assert "Correct this property" in page_text and "Merge a duplicate" in page_text
    assert "Property 12 Osgood Street, North Andover recorded" in page_text
    assert "corrected" in page_text and "12 Osgood Street → 14 Osgood Street" in page_text


def test_the_property_page_is_for_the_towns_clerk(client, resident, other_resident, garden,
                                                  tisbury_clerk):
    assert page(client, tisbury_clerk, url("staff_property", garden.pk)).status_code == 404
    assert page(client, resident, url("staff_property", garden.pk)).status_code == 403
    assert page(client, other_resident, url("staff_property", garden.pk)).status_code == 403


def test_the_clerk_corrects_a_property(client, resident, clerk):
    lot = place(resident, "9 Beach Road", town="tisbury", determined_zone="inland")
    tisbury_clerk = staff(Role.CLERK, "tisbury")

    response = send(client, tisbury_clerk, url("staff_property", lot.pk), {
        "action": "correct",
        "correct-address": "9 Beach Rd", "correct-parcel": "12-34",
        "correct-zoning": "residential",
    })

    assert response.status_code == 302
    lot.refresh_from_db()
    assert (lot.address, lot.parcel, lot.attributes) == ("9 Beach Rd", "12-34",
                                                         {"zoning": "residential"})
    assert audit.history_of(lot).first().actor == tisbury_clerk


def test_a_correction_that_changes_nothing_says_so(client, garden, clerk):
    response = send(client, clerk, url("staff_property", garden.pk), {
        "action": "correct",
        "correct-address": "12 Osgood Street", "correct-parcel": "62-104",
        "correct-zoning": "",
    })

    assert response.status_code == 302
    assert "Nothing was changed" in text_of(client.get(response["Location"]))
    assert [entry.action for entry in audit.history_of(garden)] == ["property.created"]


def test_a_correction_onto_another_places_parcel_names_the_parcel(client, resident, garden,
                                                                   clerk):
    other = place(resident, "3 Elm Street", parcel="1-1")

    client.force_login(clerk)
    response = post_form(client, url("staff_property", other.pk), 'name="correct-parcel"', {
        "correct-address": "3 Elm Street", "correct-parcel": "62-104", "correct-zoning": "",
    })

    assert response.status_code == 400
    assert_on_the_page(client, response, url("staff_property", other.pk))
    assert 'id="id_correct-parcel_error"' in text_of(response)
    assert 'value="62-104"' in text_of(response)
    other.refresh_from_db()
    assert other.parcel == "1-1"


def test_only_the_towns_clerk_corrects(client, resident, garden, tisbury_clerk):
    data = {"correct-address": "1 Other Road", "correct-parcel": ""}

    assert send(client, resident, url("staff_property", garden.pk),
                {"action": "correct", **data}).status_code == 403
    assert send(client, tisbury_clerk, url("staff_property", garden.pk),
                {"action": "correct", **data}).status_code == 404
    garden.refresh_from_db()
    assert garden.address == "12 Osgood Street"


def test_the_clerk_merges_a_duplicate_and_issued_permits_keep_their_place(
    client, resident, other_resident, garden, garden_party, clerk
):
    duplicate = place(other_resident, "12 Osgood St (rear)")
    issued = carry_to_permit(
        apply_for_party(garden_party, applicant=other_resident, place=duplicate),
        clerk=clerk, reference="M-2")

    response = send(client, clerk, url("staff_property", garden.pk),
                    {"action": "merge", "merge-duplicate": duplicate.pk})

    assert response.status_code == 302
    duplicate.refresh_from_db()
    issued.refresh_from_db()
    assert duplicate.merged_into == garden
    assert Application.objects.get(pk=issued.application_id).place == garden
    assert issued.place == duplicate
    page_text = text_of(client.get(response["Location"]))
    assert "12 Osgood St (rear), North Andover" in page_text
    assert f"#{duplicate.pk}" in page_text
    merged_page = text_of(page(client, clerk, url("staff_property", duplicate.pk)))
    assert "This record was merged into" in merged_page
    assert "Correct this property" not in merged_page


@pytest.mark.parametrize("which", ["missing", "itself", "other_town", "blank"])
def test_a_bad_merge_names_the_duplicate(client, resident, garden, clerk, which):
    number = {
        "missing": lambda: 999999,
        "itself": lambda: garden.pk,
        "other_town": lambda: place(resident, "1 Elm St", town="tisbury",
                                    determined_zone="inland").pk,
        "blank": lambda: "",
    }[which]()

    client.force_login(clerk)
    response = post_form(client, url("staff_property", garden.pk), 'name="merge-duplicate"',
                         {"merge-duplicate": number})

    assert response.status_code == 400
    assert_on_the_page(client, response, url("staff_property", garden.pk))
    assert 'id="id_merge-duplicate_error"' in text_of(response)
    assert not Property.objects.filter(merged_into__isnull=False).exists()


def test_only_the_towns_clerk_merges(client, resident, garden, tisbury_clerk):
    duplicate = place(resident, "12 Osgood St (rear)")
    data = {"merge-duplicate": duplicate.pk}

    assert send(client, resident, url("staff_property", garden.pk),
                {"action": "merge", **data}).status_code == 403
    assert send(client, tisbury_clerk, url("staff_property", garden.pk),
                {"action": "merge", **data}).status_code == 404
    duplicate.refresh_from_db()
    assert duplicate.merged_into is None


# -- lists run a fixed number of queries ----------------------------------------------------


@pytest.mark.parametrize("rows", [3, 30])
def test_the_business_pages_run_a_fixed_number_of_queries(
    client, resident, clerk, rows, django_assert_max_num_queries
):
    first = None
    for number in range(rows):
        business = register_business(resident, f"Business {number:02}")
        add_member(business=business, username=UserFactory().username, acting_user=resident)
        bare_application(business)
        first = first or business
    for _ in range(rows):
        bare_application(first)

    client.force_login(resident)
    with django_assert_max_num_queries(6):
        assert client.get(url("businesses")).status_code == 200
    with django_assert_max_num_queries(11):
        assert client.get(url("business", first.pk)).status_code == 200
    client.force_login(clerk)
    with django_assert_max_num_queries(7):
        assert client.get(url("staff_businesses")).status_code == 200
    with django_assert_max_num_queries(11):
        assert client.get(url("staff_business", first.pk)).status_code == 200


@pytest.mark.parametrize("rows", [3, 30])
def test_the_property_pages_run_a_fixed_number_of_queries(
    client, resident, clerk, rows, django_assert_max_num_queries
):
    business = register_business(resident)
    for number in range(rows):
        lot = place(resident, f"{number} Elm Street", zoning="residential")
        lot.businesses.add(business)
        lot.people.add(UserFactory())
        Application.objects.create(
            municipality=lot.municipality, action="new", applicant=resident, place=lot,
            permit_type=PermitType.objects.filter(municipality=lot.municipality).first())
    for _ in range(rows):
        correct_property(property=lot, address=f"{_} Oak Street", acting_user=clerk)

    client.force_login(resident)
    with django_assert_max_num_queries(6):
        assert client.get(url("properties")).status_code == 200
    client.force_login(clerk)
    with django_assert_max_num_queries(7):
        assert client.get(url("staff_properties")).status_code == 200
    with django_assert_max_num_queries(15):  # with its owners of record
        assert client.get(url("staff_property", lot.pk)).status_code == 200


# -- the site administration looks, never edits ----------------------------------------


def test_the_admin_shows_businesses_and_properties_read_only(client, business, garden):
    admin = UserFactory(is_staff=True, is_superuser=True)
    client.force_login(admin)

    for model, record in (("business", business), ("property", garden)):
        changelist = client.get(f"/django-admin/parties/{model}/")
        assert changelist.status_code == 200
        assert client.get(f"/django-admin/parties/{model}/{record.pk}/change/").status_code == 200
        assert client.get(f"/django-admin/parties/{model}/add/").status_code == 403
        assert client.post(f"/django-admin/parties/{model}/{record.pk}/delete/",
                           {"post": "yes"}).status_code == 403
    assert Business.objects.filter(pk=business.pk).exists()
