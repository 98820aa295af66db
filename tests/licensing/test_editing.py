"""The applicant changes a draft — one the office sent back for changes, too — on the
generated form, then resubmits it; files chosen on a refused form are kept."""

from __future__ import annotations

import datetime as dt

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from dogs.licenses.services import apply_for_dog_license
from permits_site.audit.models import AuditEntry
from permits_site.exceptions import InvalidTransition
from permits_site.licensing import pending_uploads
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import Application, ApplicationStatus
from permits_site.licensing.services import applications as application_services
from permits_site.parties.services import find_or_create_property
from stables.models import Horse, Stable
from tests.declared import declared_permit_type
from tests.dogs.test_license_flow import ACQUIRED
from tests.factories import Role, UserFactory, municipality, staff
from tests.lifecycle.conftest import party_on
from tests.stables.flow import drafted, pdf, permitted, submitted

pytestmark = pytest.mark.django_db
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)
S = ApplicationStatus


@pytest.fixture
def keeper(db):
    return UserFactory(first_name="Kate", last_name="Keeper", city="Northborough")


@pytest.fixture
def nb_clerk(db):
    return staff(Role.CLERK, "northborough", first_name="Nora", last_name="Clerk")


@pytest.fixture
def garden_party(db):
    with declared_permit_type() as permit_type:
        yield permit_type


def party_draft(permit_type, applicant, *, guests: int = 20) -> Application:
    """A draft started as the generated form starts one."""
    place, _ = find_or_create_property(municipality=municipality("north_andover"),
                                    address="3 Elm Street", acting_user=applicant)
    kind = kind_for(permit_type.code)
    details = kind.parse_details(
        permit_type, {"property": place.pk, "party_date": party_on(), "guests": guests},
        action="new", applicant=applicant,
    )
    return kind.start_application(applicant=applicant, permit_type=permit_type, action="new",
                                  details=details, acting_user=applicant)


def returned(application: Application, clerk) -> Application:
    application_services.submit_application(application=application,
                                            acting_user=application.applicant)
    return application_services.request_changes(
        application=application, message="Is it really 20 guests? Count the band.",
        acting_user=clerk,
    )


def edit_url(application: Application) -> str:
    return reverse("licensing:edit", args=[application.pk])


def details_of(application: Application, **changes) -> dict:
    """``details`` as the API and the form's cleaning hand them to the kind."""
    return {"property": application.place_id, "party_date": party_on(), "guests": 20,
            **changes}


def form_post(application: Application, **changes) -> dict:
    return {"property": application.place_id, "party_date": party_on(), "guests": 20,
            "band": "", **changes}


# -- The service refuses every status but a draft ---------------------------------------------


@pytest.mark.parametrize(("status", "named"), [
    (S.SUBMITTED, "submitted"), (S.UNDER_REVIEW, "under review"), (S.APPROVED, "approved"),
    (S.ISSUED, "issued"), (S.DENIED, "denied"), (S.WITHDRAWN, "withdrawn"),
])
def test_editing_is_refused_naming_the_status_and_changes_nothing(
    garden_party, resident, status, named
):
    application = party_draft(garden_party, resident)
    Application.objects.filter(pk=application.pk).update(status=status)
    application.refresh_from_db()
    kind = kind_for(garden_party.code)
    details = kind.parse_details(garden_party, details_of(application, guests=45,
                                                          band="The Hedges"),
                                 action="new", applicant=resident)
    audited = AuditEntry.objects.count()

    with pytest.raises(InvalidTransition) as refused:
        kind.update_details(application, details, acting_user=resident)

    application.refresh_from_db()
    assert refused.value.errors == {
        "non_field_errors": [f"Cannot edit an application that is {named} "
                             f"(only one that is draft)."]
    }
    assert application.facts["guests"] == 20
    assert "band" not in application.details
    assert AuditEntry.objects.count() == audited


def test_a_returned_application_is_edited_and_resubmitted(garden_party, resident, clerk):
    application = returned(party_draft(garden_party, resident), clerk)
    kind = kind_for(garden_party.code)
    details = kind.parse_details(garden_party, details_of(application, guests=24),
                                 action="new", applicant=resident)

    kind.update_details(application, details, acting_user=resident)
    assert application.is_returned
    application_services.submit_application(application=application, acting_user=resident)

    application.refresh_from_db()
    assert application.facts["guests"] == 24
    assert (application.status, application.changes_requested) == (S.SUBMITTED, "")
    assert not application.is_returned


# -- The status the applicant reads ---------------------------------------------------------


def test_a_returned_draft_reads_returned_for_changes(garden_party, resident, clerk):
    draft = party_draft(garden_party, resident)
    assert draft.status_label == "Draft"

    application = returned(draft, clerk)

    assert application.status_label == "Returned for changes"


def test_the_application_page_shows_the_return_and_offers_the_change(
    client, garden_party, resident, clerk
):
    application = returned(party_draft(garden_party, resident), clerk)
    client.force_login(resident)

    page = client.get(reverse("licensing:application", args=[application.pk])).content.decode()

    assert "Returned for changes" in page
    assert ">Draft<" not in page
    assert "Is it really 20 guests? Count the band." in page
    assert f'href="{edit_url(application)}"' in page


def test_a_submitted_application_offers_no_change(client, garden_party, resident):
    application = party_draft(garden_party, resident)
    application_services.submit_application(application=application, acting_user=resident)
    client.force_login(resident)

    page = client.get(reverse("licensing:application", args=[application.pk])).content.decode()

    assert edit_url(application) not in page


# -- The edit page ------------------------------------------------------------------------------


def test_the_edit_page_is_the_generated_form_filled_in_with_the_offices_request(
    client, garden_party, resident, clerk
):
    application = returned(party_draft(garden_party, resident), clerk)
    client.force_login(resident)

    response = client.get(edit_url(application))

    page = response.content.decode()
    assert response.status_code == 200
    assert "Change your garden party permit application" in page
    assert "Is it really 20 guests? Count the band." in page
    assert 'name="guests" value="20"' in page
    assert f'<option value="{application.place_id}" selected>' in page


def test_saving_the_edit_page_updates_the_draft_through_the_kind(
    client, garden_party, resident, clerk
):
    application = returned(party_draft(garden_party, resident), clerk)
    client.force_login(resident)

    response = client.post(edit_url(application),
                           form_post(application, guests=24, band="The Hedges"))

    application.refresh_from_db()
    assert response.status_code == 302
    assert response.url == reverse("licensing:application", args=[application.pk])
    assert application.facts["guests"] == 24
    assert application.details["band"] == "The Hedges"
    assert application.status == S.DRAFT
    assert AuditEntry.objects.filter(action="application.updated",
                                     object_id=application.pk).count() == 1


def test_a_refused_edit_names_the_field_and_changes_nothing(client, garden_party, resident):
    application = party_draft(garden_party, resident)
    client.force_login(resident)

    response = client.post(edit_url(application), form_post(application, guests="many"))

    application.refresh_from_db()
    assert response.status_code == 400
    assert 'href="#id_guests"' in response.content.decode()
    assert application.facts["guests"] == 20


def test_another_persons_application_is_not_found(
    client, garden_party, resident, other_resident
):
    application = party_draft(garden_party, resident)
    client.force_login(other_resident)

    page = client.get(edit_url(application))
    post = client.post(edit_url(application), form_post(application, guests=99))

    application.refresh_from_db()
    assert (page.status_code, post.status_code) == (404, 404)
    assert application.facts["guests"] == 20


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_submitted_application_is_not_edited_and_the_page_says_why(
    client, garden_party, resident, method
):
    application = party_draft(garden_party, resident)
    application_services.submit_application(application=application, acting_user=resident)
    client.force_login(resident)

    response = getattr(client, method)(edit_url(application),
                                       form_post(application, guests=99), follow=True)

    application.refresh_from_db()
    assert response.redirect_chain[-1][0] == reverse("licensing:application",
                                                     args=[application.pk])
    assert ("Cannot edit an application that is submitted (only one that is draft)."
            in response.content.decode())
    assert application.facts["guests"] == 20


@time_machine.travel(dt.datetime(2027, 2, 10, 15, 0), tick=False)
def test_a_dog_license_draft_is_edited_on_the_generated_form(client, dog):
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=2027, acquired_on=ACQUIRED)
    client.force_login(dog.owner)

    page = client.get(edit_url(application)).content.decode()
    response = client.post(edit_url(application), {"dog": dog.pk, "license_year": 2027,
                                                   "acquired_on": "2027-01-20"})

    application.dog_license.refresh_from_db()
    assert f'<option value="{dog.pk}" selected>' in page
    assert 'value="2027-02-01"' in page
    assert response.status_code == 302
    assert application.dog_license.acquired_on == dt.date(2027, 1, 20)


# -- Files kept across a refused form ----------------------------------------------------------


def kept_token(response, name: str) -> str:
    for field, token in response.context["kept_uploads"].hidden_inputs():
        if field == f"kept-{name}":
            return token
    raise AssertionError(f"{name} was not kept")


def text_file(name: str = "notes.txt") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, b"not a plan", content_type="text/plain")


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_kept_file_serves_only_the_person_and_the_form_it_was_kept_for(client, keeper):
    mine = drafted(keeper)
    client.force_login(keeper)
    refused = client.post(reverse("licensing:application", args=[mine.pk]), {
        "action": "upload", "kind": "plot_plan", "file": pdf("plot.pdf"), "valid_until": "someday"})
    token = kept_token(refused, "file")
    other = UserFactory()
    theirs = drafted(other, address="7 Whitney Street")
    client.force_login(other)

    stolen = client.post(reverse("licensing:application", args=[theirs.pk]), {
        "action": "upload", "kind": "plot_plan", "kept-file": token})

    assert refused.status_code == 400
    assert "Kept: plot.pdf" in refused.content.decode()
    assert stolen.status_code == 400
    assert 'href="#id_file"' in stolen.content.decode() or "id_file_error" in (
        stolen.content.decode())
    assert "plot.pdf" not in theirs.documents.values_list("original_name", flat=True)


def test_a_kept_file_expires_after_a_day_and_is_then_deleted(rf, resident):
    request = rf.post("/", {})
    request.user = resident
    uploads = pending_uploads.KeptUploads(request, page="test")
    token = uploads.store("file", pdf("old.pdf"))

    later = rf.post("/", {"kept-file": token})
    later.user = resident
    with time_machine.travel(dt.datetime.now(dt.UTC) + dt.timedelta(days=1, minutes=1)):
        restored = pending_uploads.KeptUploads(later, page="test").files()
        pending_uploads.KeptUploads(later, page="test").store("file", pdf("new.pdf"))

    assert "file" not in restored
    assert len(pending_uploads.storage().listdir(pending_uploads.DIRECTORY)[1]) == 1


def test_a_tampered_token_restores_nothing(rf, resident):
    request = rf.post("/", {"kept-file": "forged:token"})
    request.user = resident

    assert "file" not in pending_uploads.KeptUploads(request, page="test").files()


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_horse_certificate_is_kept_while_its_date_is_corrected(client, keeper, nb_clerk):
    permitted(keeper, nb_clerk)
    client.force_login(keeper)
    url = reverse("stables:horse_new")
    horse = {"stable": Stable.objects.get().pk, "name": "Juniper", "description": "Bay mare"}

    refused = client.post(url, {**horse, "certificate": pdf("eee.pdf"),
                                "certificate_dated": "2027-04-01"})
    client.post(url, {**horse, "certificate_dated": "2027-03-01",
                      "kept-certificate": kept_token(refused, "certificate")})

    assert refused.status_code == 400
    assert 'href="#id_certificate_dated"' in refused.content.decode()
    assert Horse.objects.get().inoculation_certificate.original_name == "eee.pdf"


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_returned_stable_application_is_also_changed_on_the_generated_form(
    client, keeper, nb_clerk
):
    application = submitted(keeper)
    application_services.request_changes(application=application, message="48 ft?",
                                         acting_user=nb_clerk)
    client.force_login(keeper)
    form = client.get(edit_url(application)).context["form"]

    response = client.post(edit_url(application),
                           {**form.initial, "distance_to_abutter_property_line_ft": 48})

    application.refresh_from_db()
    assert response.status_code == 302
    assert application.facts["distance_to_abutter_property_line_ft"] == 48
    assert application.stable_application.layout == form.initial["layout"]


def test_a_request_for_changes_without_them_names_the_screen_s_field(client, garden_party,
                                                                    resident, clerk):
    application = party_draft(garden_party, resident)
    application_services.submit_application(application=application, acting_user=resident)
    client.force_login(clerk)

    response = client.post(reverse("licensing:decide", args=[application.pk, "request_changes"]),
                           {"message": " "}, follow=True)

    page = response.content.decode()
    assert "Changes the applicant must make: Say what the applicant should change." in page
    assert "Message:" not in page
    application.refresh_from_db()
    assert application.status == ApplicationStatus.SUBMITTED
