"""The counter in the browser's requests: find or enter the resident, fill the generated
form, submit it for them (audited as the clerk's at the counter); every refused path."""

from __future__ import annotations

import pytest
from django.urls import reverse

from permits_site.accounts.models import User
from permits_site.audit.models import AuditEntry
from permits_site.licensing.models import Application, ApplicationStatus
from permits_site.licensing.services.applications import create_application
from tests.counter.conftest import BODY_ART
from tests.factories import Role, UserFactory, permit_type, staff
from tests.page_forms import assert_on_the_page, post_form

pytestmark = pytest.mark.django_db

COUNTER = reverse("licensing:counter", args=[BODY_ART])
#: The counter's "Enter a resident" form, as it posts to the counter page.
RUTH = {"action": "person", "first_name": "Ruth", "last_name": "Walker",
        "street_address": "4 Main Street", "city": "Vineyard Haven", "state": "MA",
        "postal_code": "02568", "phone": "", "email": ""}


@pytest.fixture
def signed_in(client, tisbury_clerk):
    client.force_login(tisbury_clerk)
    return client


def test_the_clerk_chooses_what_to_apply_for_among_the_towns_types(signed_in):
    page = signed_in.get(reverse("licensing:counter_types")).content.decode()

    assert "Body Art Practitioner Permit" in page and COUNTER in page
    assert "Dog license" not in page


def test_the_clerk_finds_the_resident_by_address(signed_in, walk_in):
    page = signed_in.get(COUNTER, {"q": "4 main"}).content.decode()

    assert "Ruth Walker" in page and f"?applicant={walk_in.username}" in page
    assert "no email address" in page


def test_an_unknown_username_is_a_400_that_offers_the_search(signed_in):
    response = signed_in.get(COUNTER, {"applicant": "nobody-at-all"})

    assert response.status_code == 400
    assert "Find the resident" in response.content.decode()


def test_nobody_found_says_so_and_offers_to_enter_them(signed_in):
    page = signed_in.get(COUNTER, {"q": "Zebedee"}).content.decode()

    assert "Nobody on file matches" in page and "Enter a resident who is not on file" in page


def test_the_clerk_enters_a_resident_without_an_email_address(signed_in):
    response = signed_in.post(COUNTER, RUTH)

    ruth = User.objects.get(email__isnull=True, last_name="Walker")
    assert ruth.email is None
    assert response.status_code == 302
    assert response["Location"] == f"{COUNTER}?applicant={ruth.username}"


def test_a_second_resident_without_an_address_is_entered_too(signed_in, walk_in):
    signed_in.post(COUNTER, {**RUTH, "first_name": "Sam"})

    assert User.objects.filter(email__isnull=True, last_name="Walker").count() == 2


@pytest.mark.parametrize("field, value", [("postal_code", "2568"), ("last_name", ""),
                                          ("email", "ruth@"), ("state", "ZZ"), ("state", "")])
def test_bad_input_names_the_field_and_enters_nobody(signed_in, field, value):
    response = post_form(signed_in, COUNTER, 'name="last_name"', {**RUTH, field: value})

    assert response.status_code == 400
    assert_on_the_page(signed_in, response, COUNTER)
    assert field in response.context["person_form"].errors
    assert not User.objects.filter(first_name="Ruth", last_name="Walker").exists()


def test_an_address_already_on_file_in_another_case_is_refused(signed_in):
    UserFactory(email="ruth@example.org")

    response = signed_in.post(COUNTER, {**RUTH, "email": "Ruth@Example.org"})

    assert response.status_code == 400
    assert "find them by it" in response.context["person_form"].errors["email"][0]


def test_the_clerk_fills_the_form_and_submits_it_for_the_resident(signed_in, walk_in,
                                                                  tisbury_clerk):
    form = signed_in.get(COUNTER, {"applicant": walk_in.username}).content.decode()
    assert "Submit for Ruth Walker" in form and "no email address" in form

    response = signed_in.post(COUNTER, {"applicant": walk_in.username, "action": "new",
                                        "submit": "1"})

    application = Application.objects.get(applicant=walk_in)
    assert response["Location"] == reverse("licensing:review", args=[application.pk])
    assert application.status == ApplicationStatus.SUBMITTED
    assert application.invoices.get().total == 100
    entry = AuditEntry.objects.get(action="application.submitted")
    assert entry.actor == tisbury_clerk
    assert entry.summary == ("Application submitted at the counter by Tess Clerk for "
                             "Ruth Walker")


def test_a_draft_saved_at_the_counter_is_submitted_from_the_review(signed_in, walk_in):
    signed_in.post(COUNTER, {"applicant": walk_in.username, "action": "new"})
    application = Application.objects.get(applicant=walk_in)
    review = reverse("licensing:review", args=[application.pk])
    assert "Submit for Ruth Walker" in signed_in.get(review).content.decode()

    signed_in.post(reverse("licensing:submit_for_applicant", args=[application.pk]))

    application.refresh_from_db()
    assert application.status == ApplicationStatus.SUBMITTED
    assert "Submit at the counter" not in signed_in.get(review).content.decode()


def test_submitting_again_is_refused_with_a_message(signed_in, walk_in):
    signed_in.post(COUNTER, {"applicant": walk_in.username, "action": "new", "submit": "1"})
    application = Application.objects.get(applicant=walk_in)

    response = signed_in.post(reverse("licensing:submit_for_applicant", args=[application.pk]),
                              follow=True)

    assert "Cannot submit an application that is submitted" in response.content.decode()
    assert AuditEntry.objects.filter(action="application.submitted").count() == 1


@pytest.fixture
def draft(walk_in, tisbury_clerk):
    return create_application(applicant=walk_in, permit_type=permit_type(BODY_ART),
                              action="new", acting_user=tisbury_clerk)


@pytest.mark.parametrize("who", ["other_towns_clerk", "board_member", "inspector",
                                 "resident"])
def test_only_the_towns_clerks_submit_for_the_applicant(client, draft, who):
    person = {
        "other_towns_clerk": lambda: staff(Role.CLERK, "north_andover"),
        "board_member": lambda: staff(Role.BOARD_MEMBER, "tisbury"),
        "inspector": lambda: staff(Role.INSPECTOR, "tisbury"),
        "resident": UserFactory,
    }[who]()
    client.force_login(person)

    response = client.post(reverse("licensing:submit_for_applicant", args=[draft.pk]))

    assert response.status_code in (403, 404)
    draft.refresh_from_db()
    assert draft.status == ApplicationStatus.DRAFT


@pytest.mark.parametrize("who", ["other_towns_clerk", "inspector", "resident"])
def test_only_the_towns_clerks_use_the_counter(client, who):
    person = {
        "other_towns_clerk": lambda: staff(Role.CLERK, "north_andover"),
        "inspector": lambda: staff(Role.INSPECTOR, "tisbury"),
        "resident": UserFactory,
    }[who]()
    client.force_login(person)

    assert client.get(COUNTER, {"q": "Ruth"}).status_code == 403
    assert client.post(COUNTER, RUTH).status_code == 403
    assert not User.objects.filter(first_name="Ruth", last_name="Walker").exists()


def test_the_counter_types_page_is_for_clerks(client):
    client.force_login(UserFactory())
    assert client.get(reverse("licensing:counter_types")).status_code == 403


def test_the_review_says_when_the_applicant_has_no_email_address(signed_in, draft):
    page = signed_in.get(reverse("licensing:review", args=[draft.pk])).content.decode()

    assert "No email address: notices are posted" in page and "mailto:None" not in page
