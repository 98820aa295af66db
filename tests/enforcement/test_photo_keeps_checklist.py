"""Adding a photo from the field screen keeps the checklist answers not yet saved: the
photo's button submits the checklist form, a complete checklist is saved with the photo and
an incomplete one stays on the page as entered."""


import pytest
from django.urls import reverse

from permits_site.enforcement.models import InspectionPhoto
from tests.enforcement.conftest import MANURE_OVER_LIMIT, MONDAY, photo_upload, sanitary_inspection
from tests.factories import Role, staff
from tests.page_forms import assert_on_the_page, button_on

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]


def answers(facts):
    return {name: ("yes" if value else "no") if isinstance(value, bool) else value
            for name, value in facts.items()}


def add_photo(client, user, inspection, data, *, upload=None):
    client.force_login(user)
    return client.post(reverse("enforcement:inspection", args=[inspection.pk]), {
        "action": "photo", **data, "file": upload or photo_upload(), "caption": "Pile"})


def test_a_complete_checklist_is_saved_with_the_photo(client, stable_permit, nb_inspector):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    response = add_photo(client, nb_inspector, inspection,
                         {**answers(MANURE_OVER_LIMIT), "notes": "Pile by the brook."})

    assert response.status_code == 302
    inspection.refresh_from_db()
    assert inspection.answers["manure_storage_cuft"] == 300
    assert inspection.notes == "Pile by the brook."
    assert inspection.photos.count() == 1
    page = client.get(response["Location"]).content.decode()
    assert 'value="300"' in page


def test_an_incomplete_checklist_stays_on_the_page_unsaved(client, stable_permit,
                                                          nb_inspector):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    response = add_photo(client, nb_inspector, inspection,
                         {"manure_storage_cuft": "300", "notes": "Half done."})

    page = response.content.decode()
    assert response.status_code == 200
    assert 'value="300"' in page
    assert "Half done." in page
    assert "The checklist is not saved yet" in page
    assert "is-invalid" not in page
    inspection.refresh_from_db()
    assert (inspection.answers, inspection.photos.count()) == ({}, 1)


def test_a_refused_photo_keeps_the_answers_and_names_the_photo_field(client, stable_permit,
                                                                    nb_inspector):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    client.force_login(nb_inspector)
    page_url = reverse("enforcement:inspection", args=[inspection.pk])

    address, sent = button_on(client.get(page_url).content.decode(), "Add photo")
    response = client.post(address or page_url, {
        **sent, "manure_storage_cuft": "300", "caption": "Pile",
        "file": photo_upload("rabies_certificate.pdf", as_name="stall.png")})

    page = response.content.decode()
    assert_on_the_page(client, response, page_url)
    assert 'value="300"' in page
    assert 'href="#id_file"' in page
    assert not InspectionPhoto.objects.exists()


def test_the_photos_button_submits_the_checklist_form(client, stable_permit, nb_inspector):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=MONDAY.date())
    client.force_login(nb_inspector)

    page = client.get(reverse("enforcement:inspection", args=[inspection.pk])).content.decode()

    assert 'id="checklist-form"' in page
    assert 'form="checklist-form"' in page
    assert '<button type="submit" form="checklist-form" name="action" value="photo"' in page


def test_a_colleague_without_an_inspecting_role_may_not_add_photos(client, stable_permit,
                                                                  nb_inspector, nb_clerk):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    response = add_photo(client, nb_clerk, inspection, answers(MANURE_OVER_LIMIT))

    assert response.status_code == 403
    assert "may record an inspection" in response.content.decode()
    inspection.refresh_from_db()
    assert (inspection.answers, inspection.photos.count()) == ({}, 0)


def test_another_towns_inspector_finds_no_such_inspection(client, stable_permit, nb_inspector):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    response = add_photo(client, staff(Role.INSPECTOR, "tisbury"), inspection,
                         answers(MANURE_OVER_LIMIT))

    assert response.status_code == 404
    assert not InspectionPhoto.objects.exists()
