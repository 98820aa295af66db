"""The generated application form, the counter, the online switch and the review screen's
determinations, for their users and for everyone they refuse."""

from __future__ import annotations

import pytest
from django.urls import reverse

from permits_site.audit.models import AuditEntry
from permits_site.licensing.models import Application, PermitType
from permits_site.licensing.services import applications as application_services
from permits_site.parties.services import add_member, create_business, find_or_create_property
from tests.factories import Role, UserFactory, municipality, staff
from tests.lifecycle.conftest import party_on
from tests.page_forms import assert_on_the_page, post_action, post_form


@pytest.fixture
def host(db):
    return UserFactory(username="hal", first_name="Hal", last_name="Host")


@pytest.fixture
def garden(host):
    return find_or_create_property(municipality=municipality("north_andover"),
                                   address="3 Elm Street", acting_user=host)[0]


def form_data(garden, guests=20) -> dict:
    return {"action": "new", "property": garden.pk, "guests": guests,
            "party_date": party_on()}


def test_the_generated_form_starts_a_draft(client, garden_party, host, garden):
    client.force_login(host)
    url = reverse("licensing:apply", args=[garden_party.code])

    page = client.get(url)
    response = client.post(url, form_data(garden))

    assert page.status_code == 200
    assert b"How many guests?" in page.content and b"3 Elm Street" in page.content
    application = Application.objects.get(applicant=host)
    assert response.status_code == 302
    assert response["Location"] == reverse("licensing:application", args=[application.pk])
    assert application.place == garden
    assert application.facts == {"guests": 20}
    assert application.details["party_date"] == party_on()


def test_the_generated_form_names_the_refused_field_and_saves_nothing(
    client, garden_party, host, garden
):
    client.force_login(host)
    response = client.post(reverse("licensing:apply", args=[garden_party.code]),
                           {**form_data(garden), "guests": "many"})

    assert response.status_code == 400
    assert "guests" in response.context["form"].errors
    assert not Application.objects.exists()


def test_someone_elses_property_is_not_offered_or_accepted(client, garden_party, garden):
    stranger = UserFactory()
    client.force_login(stranger)
    url = reverse("licensing:apply", args=[garden_party.code])

    assert b"3 Elm Street" not in client.get(url).content
    assert client.post(url, form_data(garden)).status_code == 400
    assert not Application.objects.exists()


def test_an_unknown_action_or_permit_type_is_a_404(client, garden_party, host):
    client.force_login(host)
    assert client.get(reverse("licensing:apply", args=[garden_party.code]),
                      {"action": "demolition"}).status_code == 404
    assert client.get(reverse("licensing:apply", args=["tisbury.unicorn"])).status_code == 404


def test_the_counter_is_for_the_towns_clerks(client, garden_party, host, garden, clerk):
    url = reverse("licensing:counter", args=[garden_party.code])
    client.force_login(host)
    assert client.get(url).status_code == 403

    tisbury_clerk = staff(Role.CLERK, "tisbury")
    client.force_login(tisbury_clerk)
    assert client.get(url).status_code == 403

    client.force_login(clerk)
    assert client.get(url, {"applicant": "nobody"}).status_code == 400
    response = client.post(url, {**form_data(garden), "applicant": "hal"})
    application = Application.objects.get(applicant=host)
    assert response["Location"] == reverse("licensing:review", args=[application.pk])
    assert "at the counter" in AuditEntry.objects.get(action="application.created").summary


def test_an_admin_switches_a_type_off_and_on_and_it_is_audited(client, garden_party):
    admin = staff(Role.ADMIN, "north_andover")
    client.force_login(admin)
    url = reverse("licensing:permit_type_online", args=[garden_party.code])

    assert client.get(reverse("licensing:permit_types")).status_code == 200
    client.post(url, {})
    assert PermitType.objects.get(pk=garden_party.pk).online is False
    client.post(url, {"online": "on"})
    assert PermitType.objects.get(pk=garden_party.pk).online is True
    assert AuditEntry.objects.filter(action__in=["permit_type.offline",
                                                 "permit_type.online"]).count() == 2


def test_only_the_towns_admins_switch_a_type(client, garden_party, clerk):
    client.force_login(clerk)
    assert client.get(reverse("licensing:permit_types")).status_code == 403
    assert client.post(reverse("licensing:permit_type_online", args=[garden_party.code]),
                       {}).status_code == 403
    tisbury_admin = staff(Role.ADMIN, "tisbury")
    client.force_login(tisbury_admin)
    assert client.post(reverse("licensing:permit_type_online", args=[garden_party.code]),
                       {}).status_code == 403
    assert PermitType.objects.get(pk=garden_party.pk).online is True


def test_the_review_screen_records_a_determination(client, garden_party, host, garden, clerk):
    application = application_services.create_application(
        applicant=host, permit_type=garden_party, action="new", place=garden,
        facts={"guests": 120}, details={"party_date": party_on()})
    application_services.submit_application(application=application, acting_user=host)
    client.force_login(clerk)
    url = reverse("licensing:review", args=[application.pk])
    review = client.get(url)
    assert b"Record the determination" in review.content

    refused = post_form(client, url, 'name="determine-0-note"', {
        "determine-0-rule": "garden.1.neighbours", "determine-0-acceptable": "yes",
        "determine-0-note": ""})
    done = post_action(client, url, "determination", {
        "determine-0-rule": "garden.1.neighbours", "determine-0-acceptable": "yes",
        "determine-0-note": "Quiet street; fine."}, finding=0)

    assert refused.status_code == 400
    assert_on_the_page(client, refused, url)
    assert 'href="#id_determine-0-note"' in refused.content.decode()
    assert done.status_code == 302
    assert application.determinations.get().note == "Quiet street; fine."
    client.force_login(host)
    assert post_action(client, url, "determination", {
        "determine-0-rule": "garden.1.neighbours", "determine-0-acceptable": "yes",
        "determine-0-note": "Me."}, finding=0).status_code == 403


def test_every_member_of_the_business_opens_its_application(client, garden_party, host, garden):
    partner = UserFactory(username="pat")
    business = create_business(legal_name="Elm Parties LLC", kind="llc",
                               mailing_address="3 Elm Street", acting_user=host)
    add_member(business=business, username="pat", acting_user=host)
    application = application_services.create_application(
        applicant=host, permit_type=garden_party, action="new", place=garden, business=business,
        facts={"guests": 20}, details={"party_date": party_on()})
    client.force_login(partner)

    page = client.get(reverse("licensing:application", args=[application.pk]))

    assert page.status_code == 200
    assert b"Elm Parties LLC" in page.content
    client.force_login(UserFactory())
    assert client.get(reverse("licensing:application", args=[application.pk])).status_code == 404
