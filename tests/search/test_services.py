"""The staff search (issue 20, "One search"): every kind of record, in the towns the person
serves only, with the boundaries of what the box accepts, in a fixed number of queries."""

from __future__ import annotations

import pytest
from django.db import connection

from permits_site.accounts.models import Role
from permits_site.exceptions import DomainError, PermissionDenied
from permits_site.licensing.models import ApplicationStatus
from permits_site.search.matching import parse_query
from permits_site.search.services import GROUP_LIMIT, search
from tests.factories import (
    AnimalCallFactory,
    ApplicationFactory,
    BiteRecordFactory,
    BusinessFactory,
    CaseFactory,
    CitationFactory,
    DogFactory,
    DogTagFactory,
    HorseFactory,
    MembershipFactory,
    PermitFactory,
    PropertyFactory,
    UserFactory,
    municipality,
    permit_type,
    staff,
)

pytestmark = pytest.mark.django_db


def found(user, text) -> dict[str, list[str]]:
    """The titles found, by kind."""
    return {group.kind.key: [hit.title for hit in group.hits]
            for group in search(user=user, text=text)}


def kinds_found(user, text) -> set[str]:
    return set(found(user, text))


# -- what the box accepts -----------------------------------------------------------------


@pytest.mark.parametrize("text", ["", "   ", "\x00"])
def test_an_empty_search_is_refused_on_q(clerk, text):
    with pytest.raises(DomainError) as refused:
        search(user=clerk, text=text)
    assert "search for" in refused.value.errors["q"][0]


def test_one_letter_is_refused_and_two_are_searched(clerk):
    with pytest.raises(DomainError) as refused:
        search(user=clerk, text="s")
    assert refused.value.errors["q"] == ["Type at least 2 characters to search for."]
    assert search(user=clerk, text="sm") == []


def test_one_digit_is_a_record_number(clerk):
    case = CaseFactory(opened_by=clerk)
    assert parse_query(str(case.pk)).number == case.pk
    assert f"Case #{case.pk}" in found(clerk, str(case.pk))["cases"][0]


@pytest.mark.parametrize("text,number", [("17", 17), ("#17", 17), ("No. 17", 17),
                                         ("no17", 17), ("17a", None), ("1" * 13, None)])
def test_a_record_number_is_read_with_its_usual_prefixes(text, number):
    assert parse_query(text).number == number


def test_spaces_are_collapsed_and_a_long_search_is_cut():
    assert parse_query("  Jane   Smith ").text == "Jane Smith"
    assert len(parse_query("x" * 500).text) == 100


def test_a_resident_is_refused(resident):
    with pytest.raises(PermissionDenied):
        search(user=resident, text="smith")


# -- applications in every status ---------------------------------------------------------


@pytest.mark.parametrize("status", list(ApplicationStatus))
def test_an_application_is_found_by_surname_in_every_status(clerk, status):
    application = ApplicationFactory(
        status=status, applicant=UserFactory(first_name="Gus", last_name="Quimby"))
    hits = {group.kind.key: group.hits for group in search(user=clerk, text="quimby")}
    assert [hit.status for hit in hits["applications"]] == [application.status_label]


@pytest.mark.parametrize("text", ["quimby", "QUIMBY", "QuImBy", "gus quimby", "Quimby Gus"])
def test_mixed_case_and_any_order_of_words_match(clerk, text):
    application = ApplicationFactory(status=ApplicationStatus.DENIED,
                                     applicant=UserFactory(first_name="Gus", last_name="Quimby"))
    assert found(clerk, text)["applications"][0].startswith(f"Application #{application.pk} ")


def test_an_application_is_found_by_number_business_and_address(clerk):
    place = PropertyFactory(address="40 Osgood Street")
    business = BusinessFactory(legal_name="Quarry Hill LLC", dba="Quarry Kennels")
    application = ApplicationFactory(status=ApplicationStatus.ISSUED, business=business,
                                     place=place)
    title = f"Application #{application.pk} "
    for text in (f"#{application.pk}", "quarry kennels", "osgood"):
        assert any(t.startswith(title) for t in found(clerk, text)["applications"]), text


def test_a_hash_and_digits_find_the_record_of_that_number_not_an_address_holding_them(clerk):
    """``#17`` names a record; ``17`` alone is also a house number or part of a parcel."""
    application = ApplicationFactory(status=ApplicationStatus.SUBMITTED,
                                     place=PropertyFactory(address="40 Osgood Street"))
    number = application.pk
    holding = PropertyFactory(address=f"{number}{number} Elm Street", parcel=f"{number}-9")
    ApplicationFactory(status=ApplicationStatus.SUBMITTED, place=holding)

    by_number = found(clerk, f"#{number}")

    assert list(by_number) == ["applications"]
    assert [title.split(" · ")[0] for title in by_number["applications"]] == [
        f"Application #{number}"]
    assert "properties" in found(clerk, str(number))


@pytest.mark.postgres
@pytest.mark.parametrize("marked", ["#{}", "No. {}"])
def test_a_record_number_finds_no_name_holding_it_on_either_database(clerk, marked):
    """On PostgreSQL a name holding the digits is as alike as can be to them (trigram word
    similarity); a record number still finds only the records of that number."""
    case = CaseFactory(party_name="Harbor Marine", address="1 Water Street", opened_by=clerk)
    number = case.pk
    DogFactory(name=f"Agent {number}", microchip=f"98511200{number}")
    ApplicationFactory(applicant=UserFactory(first_name=f"Unit{number}",
                                             last_name=f"Holdings {number}"))
    CaseFactory(party_name=f"Pier {number} Trust", address=f"{number} Pier Road",
                opened_by=clerk)

    by_number = found(clerk, marked.format(number))

    assert set(by_number) <= {"applications", "cases", "citations", "dog_licenses"}
    assert by_number["cases"] == found(clerk, "harbor marine")["cases"]
    assert "dogs" in found(clerk, f"agent {number}")


# -- permits, people, businesses, properties, cases, citations -----------------------------


def test_a_permit_is_found_by_its_number_with_its_status(clerk):
    PermitFactory(number="DL-2026-0412")
    hits = {group.kind.key: group.hits for group in search(user=clerk, text="2026-0412")}
    assert hits["permits"][0].title.startswith("DL-2026-0412 · ")
    assert hits["permits"][0].status == "Active"
    assert hits["permits"][0].url.startswith("/staff/applications/")


@pytest.mark.parametrize("text", ["wendell", "wendy@example", "77 Pleasant", "pleasant st"])
def test_a_person_is_found_by_name_email_or_address(clerk, text):
    person = UserFactory(first_name="Wendy", last_name="Wendell", email="wendy@example.org",
                         street_address="77 Pleasant St")
    ApplicationFactory(applicant=person, status=ApplicationStatus.SUBMITTED)
    assert found(clerk, text)["people"] == ["Wendy Wendell"]


def test_a_person_with_a_case_opens_on_their_record_else_on_their_applications(clerk):
    with_case = UserFactory(last_name="Yarrow")
    CaseFactory(party=with_case, party_name="Y. Yarrow", opened_by=clerk)
    applicant = UserFactory(last_name="Yarrowby")
    ApplicationFactory(applicant=applicant, status=ApplicationStatus.ISSUED)
    urls = {group.kind.key: [hit.url for hit in group.hits]
            for group in search(user=clerk, text="yarrow")}["people"]
    assert f"/enforcement/parties/people/{with_case.pk}/" in urls
    assert any(url.startswith("/staff/queue/?q=") and "status=all" in url for url in urls)


def test_a_person_with_nothing_in_the_towns_is_not_found(clerk):
    UserFactory(last_name="Zephyrine")
    assert "people" not in found(clerk, "zephyrine")


@pytest.mark.parametrize("text", ["Sea Breeze", "sea breeze holdings", "Salty Dog Cafe",
                                  "SALTY"])
def test_a_business_is_found_by_legal_name_or_dba(text):
    tisbury_clerk = staff(Role.CLERK, "tisbury")
    business = BusinessFactory(legal_name="Sea Breeze Holdings LLC", dba="Salty Dog Cafe")
    ApplicationFactory(permit_type=permit_type("tisbury.dumpster"), business=business)
    assert found(tisbury_clerk, text)["businesses"] == [
        "Sea Breeze Holdings LLC d/b/a Salty Dog Cafe"]


@pytest.mark.parametrize("text", ["12 Beach Road", "12 beach rd.", "62-104", "62 - 104"])
def test_a_property_is_found_by_address_or_parcel(text):
    tisbury_clerk = staff(Role.CLERK, "tisbury")
    PropertyFactory(municipality=municipality("tisbury"), address="12 Beach Road",
                    parcel="62-104")
    assert found(tisbury_clerk, text)["properties"] == ["12 Beach Road"]


def test_a_case_and_a_citation_are_found_by_number(clerk):
    citation = CitationFactory(case=CaseFactory(party_name="Rory Redfern", opened_by=clerk))
    by_number = found(clerk, f"#{citation.pk}")
    assert f"Citation #{citation.pk} · Dog running at large" in by_number["citations"]
    [case] = found(clerk, "redfern")["cases"]
    assert case.startswith(f"Case #{citation.case_id} · ")
    assert found(clerk, str(citation.case_id))["cases"] == [case]


def test_a_citation_is_not_searched_by_words(clerk):
    CitationFactory(case=CaseFactory(party_name="Rory Redfern", opened_by=clerk))
    assert "citations" not in found(clerk, "redfern")


# -- the bylaw apps' kinds ----------------------------------------------------------------


@pytest.mark.parametrize("text", ["317", "#317", "2026-317", "Tag 2026-317", "tag 317"])
def test_a_dog_license_is_found_by_its_tag_number(clerk, text):
    tag = DogTagFactory(number=317, year=2026, dog__name="Biscuit")
    hits = {group.kind.key: group.hits for group in search(user=clerk, text=text)}
    assert hits["dog_licenses"][0].title == f"Dog license {tag.permit.number} · tag 317 of 2026"
    assert hits["dog_licenses"][0].url == f"/dogs/{tag.dog_id}/record/"


def test_another_year_of_the_same_tag_number_is_not_found(clerk):
    DogTagFactory(number=317, year=2025)
    assert "dog_licenses" not in found(clerk, "2026-317")


@pytest.mark.parametrize("text", ["biscuit", "985112004", "BISC"])
def test_a_dog_is_found_by_name_or_microchip(clerk, text):
    DogFactory(name="Biscuit", microchip="985112004417829")
    assert found(clerk, text)["dogs"] == ["Biscuit (Labrador Retriever)"]


@pytest.mark.parametrize("marked", ["{}", "#{}"])
def test_a_call_and_a_bite_record_are_found_by_number_by_the_officer(marked):
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    call = AnimalCallFactory(place="Osgood Street")
    bite = BiteRecordFactory(place="Stevens Street")

    calls = found(officer, marked.format(call.pk))["animal_calls"]
    bites = found(officer, marked.format(bite.pk))["bite_records"]

    assert [title.split(":")[0] for title in calls] == [f"Call #{call.pk}"]
    assert [title.split(":")[0] for title in bites] == [f"Bite record #{bite.pk}"]


def test_a_horse_is_found_by_name_in_northborough():
    northborough_clerk = staff(Role.CLERK, "northborough")
    HorseFactory(name="Stardust")
    assert found(northborough_clerk, "stardust")["horses"] == ["Stardust"]


# -- only the person's towns, only the kinds their roles open -------------------------------


def test_another_towns_records_are_not_found(clerk):
    tisbury = municipality("tisbury")
    business = BusinessFactory(legal_name="Vineyard Haven Marine")
    ApplicationFactory(permit_type=permit_type("tisbury.dumpster"), business=business,
                       status=ApplicationStatus.DENIED,
                       applicant=UserFactory(last_name="Vinalhaven"))
    PropertyFactory(municipality=tisbury, address="9 Vineyard Lane")
    case = CaseFactory(municipality=tisbury, case_type="tisbury.health_violation",
                       party_name="Vinnie Vine")
    citation = CitationFactory(case=case)
    HorseFactory(name="Vineyard Star")
    for text in ("vineyard", "vinalhaven", "vine", f"#{case.pk}", f"#{citation.pk}"):
        assert found(clerk, text) == {}, text


def test_an_inspector_finds_no_application_permit_business_or_property():
    inspector = staff(Role.INSPECTOR, "north_andover")
    person = UserFactory(last_name="Ostrander")
    application = ApplicationFactory(applicant=person, status=ApplicationStatus.ISSUED)
    PermitFactory(application=application, number="DL-OSTR-1")
    DogFactory(owner=person, name="Ostrich")
    assert kinds_found(inspector, "ostr") == {"people", "dogs"}


def test_a_person_with_roles_in_two_towns_finds_both():
    clerk = staff(Role.CLERK, "north_andover", last_name="Twotown")
    MembershipFactory(user=clerk, municipality=municipality("tisbury"), role=Role.CLERK)
    ApplicationFactory(applicant=UserFactory(last_name="Umberfield"))
    ApplicationFactory(permit_type=permit_type("tisbury.dumpster"),
                       applicant=UserFactory(last_name="Umberfield"))
    assert len(found(clerk, "umberfield")["applications"]) == 2


# -- a fixed number of queries ------------------------------------------------------------


def a_town_of(count: int) -> None:
    """``count`` records of every kind, all matching "hollis"."""
    for n in range(count):
        person = UserFactory(first_name="Hal", last_name=f"Hollis{n}")
        business = BusinessFactory(legal_name=f"Hollis Farm {n}")
        place = PropertyFactory(address=f"{n} Hollis Road")
        application = ApplicationFactory(applicant=person, business=business, place=place,
                                         status=ApplicationStatus.ISSUED)
        permit = PermitFactory(application=application, number=f"HOLLIS-{n}")
        DogTagFactory(permit=permit, number=n + 1, dog__name=f"Hollis{n}")
        CaseFactory(party=person, party_name=f"Hal Hollis{n}", address=place.address)


@pytest.mark.parametrize("count", [2, GROUP_LIMIT + 15])
def test_the_search_runs_a_fixed_number_of_queries(django_assert_max_num_queries, clerk,
                                                   count):
    a_town_of(count)
    clerk = type(clerk).objects.get(pk=clerk.pk)
    with django_assert_max_num_queries(9):
        groups = search(user=clerk, text="hollis")
    assert {group.kind.key for group in groups} >= {
        "permits", "applications", "people", "businesses", "properties", "cases", "dogs"}
    assert all(len(group.hits) <= GROUP_LIMIT for group in groups)
    assert all(group.more for group in groups) == (count > GROUP_LIMIT)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="trigram matching is "
                    "PostgreSQL's (pg_trgm); SQLite matches words only")
def test_on_postgresql_a_misspelled_surname_is_found(clerk):
    ApplicationFactory(applicant=UserFactory(first_name="Jane", last_name="Smithson"))
    assert "people" in found(clerk, "Smithsen")
