"""/api/v1/applications/: drafts, submission, withdrawal, findings and the review decisions."""

import pytest

from dogs.models import DogLicense
from permits_site.audit.models import AuditEntry
from permits_site.licensing.models import Application, ApplicationStatus, PermitType
from permits_site.parties.services import find_or_create_property
from tests.api.conftest import client_for, draft_for, with_rabies_proof
from tests.factories import DogFactory, UserFactory, municipality

pytestmark = pytest.mark.django_db

APPLICATIONS = "/api/v1/applications/"


def new_dog_license(dog, /, **changes):
    return {
        "permit_type": "north_andover.dog_license",
        "action": "new",
        "details": {"dog": dog.pk, "license_year": 2027, "acquired_on": "2027-02-01", **changes},
    }


# -- create --------------------------------------------------------------------


def test_resident_starts_a_dog_license_draft_for_their_dog(resident_api, dog):
    response = resident_api.post(APPLICATIONS, new_dog_license(dog), format="json")

    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "draft"
    assert body["permit_type"] == "north_andover.dog_license"
    assert body["action"] == "new"
    assert body["details"]["dog"] == dog.pk
    assert body["details"]["license_year"] == 2027
    assert DogLicense.objects.get(application_id=body["id"]).dog == dog
    assert AuditEntry.objects.filter(action="application.created", object_id=body["id"]).exists()


def test_another_residents_dog_is_refused_under_details(resident_api, other_dog):
    response = resident_api.post(APPLICATIONS, new_dog_license(other_dog), format="json")

    assert response.status_code == 400
    assert list(response.json()) == ["details"]
    assert "dog" in response.json()["details"]
    assert not Application.objects.exists()


@pytest.mark.parametrize(
    ("details", "field"),
    [
        ({"dog": "1"}, "dog"),
        ({"license_year": "2027"}, "license_year"),
        ({"acquired_on": 20270201}, "acquired_on"),
        ({"acquired_on": "Feb 1"}, "acquired_on"),
        ({"moved_in_on": ["2027-02-01"]}, "moved_in_on"),
        ({"collar": "red"}, "collar"),
    ],
)
def test_wrongly_typed_or_unknown_details_are_400_naming_the_detail(resident_api, dog, details,
                                                                    field):
    response = resident_api.post(APPLICATIONS, new_dog_license(dog, **details), format="json")

    assert response.status_code == 400
    assert field in response.json()["details"]


def test_missing_dog_is_named_under_details(resident_api, dog):
    body = new_dog_license(dog)
    del body["details"]["dog"]

    response = resident_api.post(APPLICATIONS, body, format="json")

    assert response.status_code == 400
    assert response.json()["details"]["dog"]


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"action": "new", "details": {}}, "permit_type"),
        ({"permit_type": "north_andover.unicorn_license", "action": "new"}, "permit_type"),
        ({"permit_type": "north_andover.dog_license", "details": {}}, "action"),
        ({"permit_type": "north_andover.dog_license", "action": "new", "details": [1]},
         "details"),
    ],
)
def test_missing_or_unknown_top_level_fields_are_400_naming_them(resident_api, body, field):
    response = resident_api.post(APPLICATIONS, body, format="json")

    assert response.status_code == 400
    assert field in response.json()


def test_an_action_the_permit_type_lacks_is_named_at_the_top(resident_api, dog):
    response = resident_api.post(APPLICATIONS, {**new_dog_license(dog), "action": "demolition"},
                                 format="json")

    assert response.status_code == 400
    assert "action" in response.json()


def test_a_second_open_application_for_the_same_dog_and_year_is_refused(resident_api, draft, dog):
    response = resident_api.post(APPLICATIONS, new_dog_license(dog), format="json")

    assert response.status_code == 400
    assert "already has an open new application" in response.json()["action"][0]


def test_permit_types_not_offered_online_are_refused(resident_api):
    PermitType.objects.filter(code="tisbury.temporary_dumpster").update(online=False)
    response = resident_api.post(
        APPLICATIONS,
        {"permit_type": "tisbury.temporary_dumpster", "action": "new", "details": {}},
        format="json",
    )

    assert response.status_code == 400
    assert "online" in response.json()["permit_type"][0]


# -- generic permit types: the details are the declared fields -----------------

@pytest.fixture
def sandblasting_online(db):
    PermitType.objects.filter(code="tisbury.sandblasting").update(online=True)


@pytest.fixture
def site(resident):
    return find_or_create_property(municipality=municipality("tisbury"),
                                   address="8 Beach Road", acting_user=resident)[0]


def test_a_rule_set_permit_type_refuses_facts_it_does_not_know(resident_api, sandblasting_online):
    response = resident_api.post(
        APPLICATIONS,
        {"permit_type": "tisbury.sandblasting", "action": "new",
         "details": {"distance_to_abutting_properties_ft": "30", "unicorns": 1}},
        format="json",
    )

    assert response.status_code == 400
    details = response.json()["details"]
    assert "unicorns" in details
    assert "distance_to_abutting_properties_ft" in details


def test_details_of_a_generic_draft_are_replaced_and_misfits_nested_under_details(
    sandblasting_online, resident_api, site
):
    facts = {"distance_to_abutting_properties_ft": 30, "free_silica": True,
             "property": site.pk, "variant": "individual"}
    created = resident_api.post(
        APPLICATIONS,
        {"permit_type": "tisbury.sandblasting", "action": "new", "details": facts},
        format="json",
    )
    assert created.status_code == 201, created.json()
    url = f"{APPLICATIONS}{created.json()['id']}/"

    distance = "distance_to_abutting_properties_ft"
    refused = resident_api.patch(url, {"details": {**facts, distance: -1}}, format="json")
    updated = resident_api.patch(url, {"details": {**facts, distance: 45}}, format="json")

    assert refused.status_code == 400
    assert list(refused.json()["details"]) == [distance]
    assert updated.status_code == 200, updated.json()
    assert updated.json()["details"][distance] == 45
    assert updated.json()["check"] == "tisbury.sandblasting"
    assert all(finding["citation"] for finding in updated.json()["findings"])


def test_date_facts_of_a_generic_draft_are_judged_as_dates(resident_api, site):
    created = resident_api.post(
        APPLICATIONS,
        {"permit_type": "tisbury.temporary_dumpster", "action": "new",
         "details": {"start_date": "2027-03-01", "end_date": "2027-04-15",
                     "property": site.pk}},
        format="json",
    )
    assert created.status_code == 201, created.json()

    response = resident_api.get(f"{APPLICATIONS}{created.json()['id']}/")

    [duration] = response.json()["findings"]
    assert (duration["outcome"], duration["required"], duration["actual"]) == ("fail", 30, 45)
    assert duration["unit"] == "days"
    assert "ti.2.5.3.duration" in [blocker["code"] for blocker in response.json()["blockers"]]


@pytest.mark.parametrize(("start", "end", "refused"), [
    ("0001-01-01", "2027-01-01", "start_date"),
    ("1899-12-31", "1900-01-01", "start_date"),
    ("2027-01-01", "9999-12-31", "end_date"),
    ("2199-12-31", "2200-01-01", "end_date"),
])
def test_a_date_of_the_details_beyond_1900_2199_is_refused_naming_it(resident_api, site, start,
                                                                      end, refused):
    """The bound every date the API and the forms take (docs/api: "whichever endpoint takes
    it"), the details of an application included: nothing is created."""
    response = resident_api.post(
        APPLICATIONS,
        {"permit_type": "tisbury.temporary_dumpster", "action": "new",
         "details": {"start_date": start, "end_date": end, "property": site.pk}},
        format="json",
    )

    assert response.status_code == 400, response.json()
    assert response.json()["details"][refused] == ["Enter a date between 1900 and 2199."]
    assert not Application.objects.filter(permit_type__code="tisbury.temporary_dumpster").exists()


def test_the_bound_dates_of_the_details_are_taken(resident_api, site, dog):
    """The last day of 2199 (a temporary dumpster's period) and the first of 1900 (a dog
    acquired long ago; a new dumpster permit cannot start on a day already past)."""
    dumpster = resident_api.post(
        APPLICATIONS,
        {"permit_type": "tisbury.temporary_dumpster", "action": "new",
         "details": {"start_date": "2199-12-01", "end_date": "2199-12-31", "property": site.pk}},
        format="json",
    )
    old_dog = resident_api.post(APPLICATIONS, new_dog_license(dog, acquired_on="1900-01-01"),
                                format="json")

    assert dumpster.status_code == 201, dumpster.json()
    assert old_dog.status_code == 201, old_dog.json()


@pytest.mark.postgres
def test_a_null_character_in_a_text_of_the_details_is_refused_naming_it(
    sandblasting_online, resident_api, site
):
    """PostgreSQL cannot keep a NUL in JSON: the field is refused as any other text field's
    NUL is, on both databases, and nothing is created."""
    response = resident_api.post(
        APPLICATIONS,
        {"permit_type": "tisbury.sandblasting", "action": "new",
         "details": {"property": site.pk, "variant": "individual",
                     "company_name": "Harbor\u0000Blasting"}},
        format="json",
    )

    assert response.status_code == 400, response.json()
    assert response.json()["details"]["company_name"] == ["Null characters are not allowed."]
    assert not Application.objects.filter(permit_type__code="tisbury.sandblasting").exists()


def test_a_dog_license_draft_is_edited_through_its_declared_details(resident_api, draft):
    """A ``PUT`` sends them all; a ``PATCH`` only those it changes (test_partial_updates)."""
    response = resident_api.put(f"{APPLICATIONS}{draft.pk}/", {"details": {}}, format="json")

    assert response.status_code == 400
    assert "dog" in response.json()["details"]


def test_another_resident_cannot_edit_a_draft(other_api, draft):
    response = other_api.patch(f"{APPLICATIONS}{draft.pk}/", {"details": {}}, format="json")

    assert response.status_code == 404


def test_a_submitted_application_is_no_longer_edited(resident_api, submitted):
    """The applicant may act on it (no 403): its status refuses, a 400 naming the status
    and the one that allows the change (docs/api, "Actions follow what each status
    allows")."""
    response = resident_api.patch(f"{APPLICATIONS}{submitted.pk}/", {"details": {}},
                                  format="json")

    assert response.status_code == 400
    assert "submitted" in str(response.json()) and "draft" in str(response.json())


# -- retrieve: findings, blockers, invoice -------------------------------------


def test_retrieve_shows_findings_with_iso_dates_blockers_and_the_invoice(resident_api, submitted):
    response = resident_api.get(f"{APPLICATIONS}{submitted.pk}/")

    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "submitted"
    assert body["submitted_on"] == "2027-02-10"
    assert body["check"] == "north_andover.dog_license"
    rabies = next(finding for finding in body["findings"] if finding["rule"] == "na.lic.A1.rabies")
    assert rabies == {
        "rule": "na.lic.A1.rabies",
        "citation": rabies["citation"],
        "outcome": "pass",
        "message": rabies["message"],
        "required": "2027-02-10",
        "actual": "2029-01-01",
        "unit": "",
        "consequence": "blocks",
    }
    age = next(finding for finding in body["findings"] if finding["rule"] == "na.lic.A1.age")
    assert age["required"] == 6
    assert [blocker["code"] for blocker in body["blockers"]] == [
        "document.rabies_certificate", "fee.unpaid",
    ]
    assert all(blocker["citation"] for blocker in body["blockers"])
    assert [blocker["gate"] for blocker in body["blockers"]] == ["documents_accepted", "fee_paid"]
    assert body["invoice"] == {"id": submitted.invoices.get().pk, "status": "open",
                               "total": "10.00"}


def test_another_residents_application_is_404(other_api, draft):
    assert other_api.get(f"{APPLICATIONS}{draft.pk}/").status_code == 404


def test_clerk_sees_applications_of_their_town(clerk_api, draft):
    assert clerk_api.get(f"{APPLICATIONS}{draft.pk}/").status_code == 200


def test_clerk_of_another_town_gets_404(tisbury_clerk_api, draft):
    assert tisbury_clerk_api.get(f"{APPLICATIONS}{draft.pk}/").status_code == 404


def test_anonymous_callers_are_refused(api, draft):
    assert api.get(APPLICATIONS).status_code in (401, 403)
    assert api.get(f"{APPLICATIONS}{draft.pk}/").status_code in (401, 403)


# -- list ----------------------------------------------------------------------


def test_resident_lists_only_their_own_applications(resident_api, draft, other_dog):
    draft_for(other_dog)

    response = resident_api.get(APPLICATIONS)

    assert [row["id"] for row in response.json()["results"]] == [draft.pk]


@pytest.mark.parametrize("rows", [5, 50])
def test_application_list_runs_a_fixed_number_of_queries(
    rows, django_assert_max_num_queries, clerk
):
    owner = UserFactory()
    for _ in range(rows):
        draft_for(DogFactory(owner=owner))
    api = client_for(clerk)

    with django_assert_max_num_queries(6):
        response = api.get(APPLICATIONS)

    assert response.json()["count"] == rows


# -- submit and withdraw -------------------------------------------------------


def test_applicant_submits_a_draft_and_is_invoiced(resident_api, draft):
    with_rabies_proof(draft)
    response = resident_api.post(f"{APPLICATIONS}{draft.pk}/submit/")

    assert response.status_code == 200
    assert response.json()["status"] == "submitted"
    assert response.json()["invoice"]["total"] == "10.00"


def test_submitting_twice_is_refused_without_a_second_invoice(resident_api, submitted):
    response = resident_api.post(f"{APPLICATIONS}{submitted.pk}/submit/")

    assert response.status_code == 400
    assert "submitted" in str(response.json()) and "draft" in str(response.json())
    assert submitted.invoices.count() == 1


def test_someone_else_s_application_is_refused_whatever_its_status(other_api, submitted):
    assert other_api.post(f"{APPLICATIONS}{submitted.pk}/submit/").status_code == 404
    assert other_api.post(f"{APPLICATIONS}{submitted.pk}/withdraw/").status_code == 404


def test_the_towns_clerk_submits_for_the_applicant_at_the_counter(clerk_api, draft):
    with_rabies_proof(draft)
    response = clerk_api.post(f"{APPLICATIONS}{draft.pk}/submit/")

    assert response.status_code == 200 and response.json()["status"] == "submitted"
    assert "at the counter" in AuditEntry.objects.get(action="application.submitted").summary


def test_a_board_member_cannot_submit_for_the_applicant(board_member, draft):
    assert client_for(board_member).post(f"{APPLICATIONS}{draft.pk}/submit/").status_code == 403
    draft.refresh_from_db()
    assert draft.status == ApplicationStatus.DRAFT


def test_another_resident_cannot_submit_or_withdraw(other_api, draft):
    assert other_api.post(f"{APPLICATIONS}{draft.pk}/submit/").status_code == 404
    assert other_api.post(f"{APPLICATIONS}{draft.pk}/withdraw/").status_code == 404
    draft.refresh_from_db()
    assert draft.status == ApplicationStatus.DRAFT


def test_applicant_withdraws_and_the_open_invoice_is_voided(resident_api, submitted):
    response = resident_api.post(f"{APPLICATIONS}{submitted.pk}/withdraw/")

    assert response.status_code == 200
    assert response.json()["status"] == "withdrawn"
    assert response.json()["invoice"] is None


# -- review --------------------------------------------------------------------


def review(api, application, **body):
    return api.post(f"{APPLICATIONS}{application.pk}/review/", body, format="json")


def test_clerk_starts_review(clerk_api, submitted):
    response = review(clerk_api, submitted, decision="start")

    assert response.status_code == 200
    assert response.json()["status"] == "under_review"


def test_board_member_of_the_town_may_review(board_member, submitted):
    response = review(client_for(board_member), submitted, decision="start")

    assert response.status_code == 200


def test_inspector_may_see_but_not_review(inspector, submitted):
    api = client_for(inspector)

    assert api.get(f"{APPLICATIONS}{submitted.pk}/").status_code == 200
    assert review(api, submitted, decision="start").status_code == 403


def test_approval_is_refused_while_blockers_remain_citing_the_law(clerk_api, submitted):
    response = review(clerk_api, submitted, decision="approve")

    assert response.status_code == 400
    assert any("Licenses A(1)" in message for message in response.json()["non_field_errors"])


def test_clerk_denies_with_a_reason_and_a_denial_without_one_is_400(clerk_api, submitted):
    without = review(clerk_api, submitted, decision="deny", reason="  ")
    denied = review(clerk_api, submitted, decision="deny", reason="The dog lives in Andover.")

    assert without.status_code == 400
    assert "reason" in without.json()
    assert denied.json()["status"] == "denied"
    assert denied.json()["decision_reason"] == "The dog lives in Andover."


def test_clerk_requests_changes_and_the_draft_returns_to_the_applicant(clerk_api, submitted):
    response = review(clerk_api, submitted, decision="request_changes",
                      message="Upload a clearer certificate.")

    assert response.json()["status"] == "draft"
    assert response.json()["changes_requested"] == "Upload a clearer certificate."


def test_unknown_decision_is_400_naming_decision(clerk_api, submitted):
    response = review(clerk_api, submitted, decision="rubber_stamp")

    assert response.status_code == 400
    assert "decision" in response.json()


def test_resident_cannot_review_their_own_application(resident_api, submitted):
    assert review(resident_api, submitted, decision="start").status_code == 403


def test_resident_is_refused_review_before_any_lookup_so_ids_leak_nothing(other_api, submitted):
    assert review(other_api, submitted, decision="start").status_code == 403
    assert other_api.post(f"{APPLICATIONS}999999/review/", {"decision": "start"},
                          format="json").status_code == 403


def test_clerk_of_another_town_cannot_review(tisbury_clerk_api, submitted):
    assert review(tisbury_clerk_api, submitted, decision="start").status_code == 404


def test_an_unknown_field_of_the_request_is_refused_by_name(resident_api):
    """As every other request body of the API: an unknown key is a 400 under its own name,
    not silently dropped (a misspelt ``detials`` would otherwise start an empty draft)."""
    response = resident_api.post(APPLICATIONS, {
        "permit_type": "tisbury.temporary_dumpster", "action": "new", "details": {},
        "bogus": 1}, format="json")

    assert response.status_code == 400
    assert response.json()["bogus"] == ["Unknown field."]
    assert not Application.objects.exists()
