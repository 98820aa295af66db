"""What the dog and kennel licenses declare, and the contract: every fact of the rule set has
a source and every blocker names a gate the type declares (spec ``lifecycle.md``)."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine

from dogs.licenses.services import apply_for_dog_license, update_dog_license
from permits_site.exceptions import DomainError
from permits_site.licensing.declarations import DetailsInvalid, Gate
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import PermitStatus, PermitType
from permits_site.licensing.services.applications import blockers, submit_application
from permits_site.licensing.services.documents import upload_document
from permits_site.parties.services import find_or_create_property
from tests.dogs.kennels import KENNEL, KENNEL_ANSWERS, inspect, kennel_application, kennel_licensed
from tests.dogs.test_license_flow import ACQUIRED, png_upload
from tests.factories import Role, staff
from tests.tisbury.support import with_required_documents

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)
DOG_LICENSE = "north_andover.dog_license"


def permit_type(code):
    return PermitType.objects.get(code=code)


@pytest.fixture
def inspector(db):
    return staff(Role.INSPECTOR, "north_andover")


@pytest.fixture
def kennel_site(resident, north_andover):
    site, _ = find_or_create_property(municipality=north_andover, address="40 Kennel Road",
                                      acting_user=resident)
    return site


@pytest.mark.parametrize("code", [DOG_LICENSE, KENNEL])
def test_every_fact_has_a_source_and_every_asked_fact_a_field(code):
    kind, declared = kind_for(code), permit_type(code)
    sources = kind.facts_from(declared)

    assert set(sources) == {fact.name for fact in kind.rule_set_for(declared).facts}
    asked = {name for name, source in sources.items() if source == "field"}
    assert asked <= {field.name for field in kind.fields(declared)}


def test_the_kennel_license_is_about_a_property_and_waits_for_the_inspection():
    kind, declared = kind_for(KENNEL), permit_type(KENNEL)

    assert (kind.holder, kind.about) == ("person_or_business", "property")
    assert [field.name for field in kind.fields(declared)] == [
        "business", "property", "permit", "dogs_over_6_months", "dogs_with_current_rabies",
        "distance_to_lot_line_ft", "distance_to_abutting_dwelling_ft",
        "veterinary_medical_boarding",
    ]
    assert {name for name, source in kind.facts_from(declared).items() if source == "office"} == {
        "location_appropriate", "no_adverse_neighborhood_effect", "safe_sanitary_humane",
        "records_kept", "consistent_with_health_safety",
    }
    assert kind.gates(declared) == (Gate.DOCUMENTS_ACCEPTED, Gate.RULES_MET,
                                    Gate.REVIEW_DETERMINED, Gate.INSPECTION_PASSED,
                                    Gate.FEE_PAID)


@time_machine.travel(FEB_2027, tick=False)
def test_four_dogs_need_no_kennel_license_and_are_refused_naming_the_count(resident,
                                                                           kennel_site):
    with pytest.raises(DetailsInvalid) as refusal:
        kennel_application(resident, kennel_site, dogs_over_6_months=4)

    assert list(refusal.value.errors) == ["dogs_over_6_months"]


@time_machine.travel(FEB_2027, tick=False)
def test_no_kennel_license_issues_before_a_favorable_inspection_b3(resident, kennel_site,
                                                                   inspector):
    kind = kind_for(KENNEL)
    application = kennel_application(resident, kennel_site)
    waiting = blockers(application)
    inspect(application, inspector, findings={"location_appropriate": False,
                                              "no_adverse_neighborhood_effect": True,
                                              "safe_sanitary_humane": True,
                                              "records_kept": True,
                                              "consistent_with_health_safety": True})

    assert [(blocker.code, blocker.gate) for blocker in waiting] == [
        ("inspection.not_passed", Gate.INSPECTION_PASSED),
        ("na.kennel.B3.inspection", Gate.REVIEW_DETERMINED),
        ("document.rabies_certificate", Gate.DOCUMENTS_ACCEPTED), ("fee.unpaid", Gate.FEE_PAID)]
    assert "inspection.not_passed" in [blocker.code for blocker in blockers(application)]
    # Not issued without the Animal Inspector's favorable report on file (B(3)).
    assert waiting[0].citation == "North Andover Code ch. 60, Kennel license B(3)"
    assert {blocker.gate for blocker in waiting} <= set(kind.gates(application.permit_type))
    assert application.invoices.get().total == Decimal("50.00")


@time_machine.travel(FEB_2027, tick=False)
def test_an_issued_kennel_license_is_for_the_property(resident, kennel_site, inspector, clerk):
    permit = kennel_licensed(resident, kennel_site, inspector=inspector, clerk=clerk)

    assert permit.status == PermitStatus.ACTIVE
    assert permit.place == kennel_site
    assert permit.application.facts["dogs_over_6_months"] == KENNEL_ANSWERS["dogs_over_6_months"]


@time_machine.travel(FEB_2027, tick=False)
def test_a_dog_licenses_blockers_name_its_declared_gates(dog):
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="transfer",
                                        license_year=2027, moved_in_on=ACQUIRED,
                                        previous_jurisdiction="Andover, MA",
                                        previous_license_number="A-553")

    gates = set(kind_for(DOG_LICENSE).gates(application.permit_type))
    found = blockers(application)
    assert {blocker.gate for blocker in found} <= gates
    assert {blocker.code for blocker in found} >= {"document.rabies",
                                                   "document.other_town_license"}
    with pytest.raises(DomainError) as refused:
        submit_application(application=application, acting_user=dog.owner)
    assert len(refused.value.errors["documents"]) == 2


@time_machine.travel(FEB_2027, tick=False)
def test_a_submitted_dog_license_is_not_edited(dog):
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=2027, acquired_on=ACQUIRED)
    submit_application(application=with_required_documents(application),
                       acting_user=dog.owner)

    with pytest.raises(DomainError):
        update_dog_license(application=application, dog=dog, license_year=2027,
                           acting_user=dog.owner)


@time_machine.travel(FEB_2027, tick=False)
@pytest.mark.parametrize(("on_file", "code"), [
    (None, "document.rabies"),
    ("rabies_exemption", "document.rabies_exemption"),
    ("rabies_certificate", "document.rabies_certificate"),
])
def test_the_rabies_blocker_names_the_proof_on_file_or_either_proof_a1(dog, on_file, code):
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=2027, acquired_on=ACQUIRED)
    if on_file:
        upload_document(application=application, uploaded_by=dog.owner, kind=on_file,
                        upload=png_upload(), valid_until=dt.date(2029, 1, 1))

    [rabies] = [blocker for blocker in blockers(application)
                if blocker.gate == Gate.DOCUMENTS_ACCEPTED]

    assert rabies.code == code
    assert "Rabies vaccination certificate or Veterinarian's rabies exemption certificate" in (
        rabies.message)
