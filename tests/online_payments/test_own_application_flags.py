"""A refund, a dispute or money not applied on the invoice of a Clerk's own application is
never marked reviewed by that Clerk: what follows it (a refund, the permit) is another
member of staff's decision (``permissions.own_application_refusal``). The service refuses
and changes nothing; the payments page offers no button and says why, a direct post to the
endpoint answers 403 with the same sentence, and another Clerk of the town reviews it."""

import datetime as dt

import pytest
from django.urls import reverse
from django.utils import timezone

from dogs.licenses.services import apply_for_dog_license
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import PermissionDenied
from permits_site.licensing.services.applications import submit_application
from permits_site.licensing.services.documents import upload_document
from permits_site.online_payments.services import mark_reviewed
from tests.dogs.test_license_flow import png_upload
from tests.factories import DogFactory, Role, staff
from tests.online_payments.test_pages import flagged, text_of
from tests.own_application import OWN, OWN_ON_PAGE

pytestmark = pytest.mark.django_db



@pytest.fixture
def colleague(db):
    """Another Clerk of North Andover."""
    return staff(Role.CLERK, "north_andover", first_name="Colin", last_name="Colleague")


@pytest.fixture
def flag(clerk, colleague):
    """A refund of the Clerk's own online payment of their dog's license fee, applied for
    as a resident."""
    today = timezone.localdate()
    application = apply_for_dog_license(
        applicant=clerk, dog=DogFactory(owner=clerk, name="Rex"), action="new",
        license_year=today.year, acquired_on=today - dt.timedelta(days=5))
    upload_document(application=application, uploaded_by=clerk, kind="rabies_certificate",
                    upload=png_upload(), valid_until=today + dt.timedelta(days=400))
    submit_application(application=application, acting_user=clerk)
    return flagged(application.invoices.get(), clerk)


def reviewed(flag) -> tuple:
    flag.refresh_from_db()
    return (flag.reviewed_at, flag.reviewed_by_id,
            AuditEntry.objects.filter(action="payments.flag_reviewed").count())


def test_the_service_refuses_the_clerk_a_flag_of_their_own_application(flag, clerk):
    before = reviewed(flag)

    with pytest.raises(PermissionDenied) as refused:
        mark_reviewed(flag=flag, acting_user=clerk)

    assert str(refused.value) == OWN
    assert reviewed(flag) == before


def test_the_payments_page_offers_no_button_and_says_why(client, flag, clerk, colleague):
    client.force_login(clerk)
    mine = text_of(client.get(reverse("online_payments:overview")))
    client.force_login(colleague)
    theirs = text_of(client.get(reverse("online_payments:overview")))

    assert "Refunded by the bank" in mine
    assert OWN_ON_PAGE in mine
    assert "Mark reviewed" not in mine
    assert OWN_ON_PAGE not in theirs
    assert "Mark reviewed" in theirs


def test_the_review_screen_offers_no_button_and_says_why(client, flag, clerk):
    client.force_login(clerk)

    page = text_of(client.get(reverse("licensing:review", args=[flag.checkout.invoice
                                                                 .application_id])))

    assert "Online payment flagged" in page
    assert OWN_ON_PAGE in page
    assert "Mark reviewed" not in page


def test_a_direct_post_is_refused_saying_why(client, flag, clerk):
    before = reviewed(flag)
    client.force_login(clerk)

    response = client.post(reverse("online_payments:flag_reviewed", args=[flag.pk]))

    assert response.status_code == 403
    assert OWN_ON_PAGE in text_of(response)
    assert reviewed(flag) == before


def test_another_clerk_of_the_town_marks_it_reviewed(client, flag, colleague):
    client.force_login(colleague)

    response = client.post(reverse("online_payments:flag_reviewed", args=[flag.pk]))

    assert response.status_code == 302
    flag.refresh_from_db()
    assert flag.reviewed_by == colleague
