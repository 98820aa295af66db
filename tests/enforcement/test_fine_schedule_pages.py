"""The town admin's fine schedule pages: an offense added with its section and amounts, the
Select Board's amounts entered for an offense listed without one (each a new version,
audited); the officer's citation form says why an offense cannot be cited yet and asks the
exemptions the law gives (North Andover Code ch. 60, Rabies C, Restraint B(1), C(3), D(4))."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse
from django.utils import timezone, translation

from permits_site.audit.models import AuditEntry
from permits_site.enforcement.models import Citation, FineSchedule
from permits_site.enforcement.services import (
    fine_schedule_in_force,
    open_case,
    set_offense_amounts,
)
from permits_site.licensing.templatetags.localised import typed
from tests.factories import Role, municipality, staff

pytestmark = pytest.mark.django_db
TODAY = dt.datetime(2027, 2, 10, 15, 0)
NEW = reverse("enforcement:fine_offense_new", args=["north_andover"])
LIST = reverse("enforcement:fine_schedules")
DOG_ON_BEACH = {
    "offense": "dog_on_town_beach", "description": "Dog on the town beach in summer",
    "citation": "North Andover Code ch. 60, Restraint G(3)", "first": "25", "second": "50",
    "later": "", "effective_from": "2027-02-10", "note": "Select Board vote of Feb 8",
}


@pytest.fixture(autouse=True)
def _frozen_clock():
    with time_machine.travel(TODAY, tick=False):
        yield


@pytest.fixture
def admin(db):
    return staff(Role.ADMIN, "north_andover", first_name="Adam", last_name="Admin")


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")


def signed_in(client, user):
    client.force_login(user)
    return client


def in_force():
    return fine_schedule_in_force(municipality("north_andover"), timezone.localdate())


def amounts_of(offense):
    item = in_force().items.get(offense=offense)
    return item.first_amount, item.second_amount, item.later_amount, item.amount_pending


def test_the_admin_adds_an_offense_with_its_section_and_amounts_as_a_new_version_audited(
        client, admin):
    before = in_force()

    response = signed_in(client, admin).post(NEW, DOG_ON_BEACH)

    assert response.status_code == 302
    schedule = in_force()
    assert schedule.pk != before.pk and schedule.created_by == admin
    added = schedule.items.get(offense="dog_on_town_beach")
    assert (added.first_amount, added.second_amount, added.later_amount) == (
        Decimal("25.00"), Decimal("50.00"), None)
    assert added.citation == "North Andover Code ch. 60, Restraint G(3)"
    assert schedule.items.count() == before.items.count() + 1
    entry = AuditEntry.objects.get(action="fine_schedule.offense_added")
    assert entry.actor == admin and entry.after["dog_on_town_beach"]["first"] == "25.00"


def test_adding_an_offense_keeps_the_select_boards_unset_amounts_unset(client, admin):
    signed_in(client, admin).post(NEW, DOG_ON_BEACH)

    assert amounts_of("chasing") == (None, None, None, True)
    assert amounts_of("running_at_large")[0] == Decimal("25.00")


@pytest.mark.parametrize(("change", "field", "message"), [
    ({"offense": "Dog On Beach"}, "offense", "lower-case letters"),
    ({"offense": "running_at_large"}, "offense", "already lists running_at_large"),
    ({"citation": ""}, "citation", "This field is required."),
    ({"description": ""}, "description", "This field is required."),
    ({"first": "-5"}, "first", "greater than or equal to 0"),
    ({"effective_from": "2027-02-09"}, "effective_from", "cannot take effect in the past"),
])
def test_a_bad_offense_is_refused_on_its_field_and_nothing_changes(
        client, admin, change, field, message):
    versions = FineSchedule.objects.count()

    response = signed_in(client, admin).post(NEW, {**DOG_ON_BEACH, **change})

    page = response.content.decode()
    assert response.status_code == 400
    assert f'href="#id_{field}"' in page and message in page
    assert FineSchedule.objects.count() == versions


def test_the_admin_enters_the_select_boards_amounts_for_chasing_restraint_a2(client, admin):
    url = reverse("enforcement:fine_offense_amounts", args=["north_andover", "chasing"])
    form = signed_in(client, admin).get(url).content.decode()

    response = client.post(url, {"first": "30", "second": "60", "later": "90",
                                 "effective_from": "2027-02-10", "note": "Vote of Feb 8"})

    assert "Until you enter its amounts this offense cannot be cited." in form
    assert response.status_code == 302
    assert amounts_of("chasing") == (Decimal("30.00"), Decimal("60.00"), Decimal("90.00"),
                                     False)
    assert amounts_of("trap_not_checked")[3] is True
    entry = AuditEntry.objects.get(action="fine_schedule.created")
    assert entry.before["chasing"] is None and entry.after["chasing"]["first"] == "30.00"


def test_the_fine_schedule_page_shows_what_is_not_set_and_who_sets_it(client, admin):
    page = signed_in(client, admin).get(LIST).content.decode()

    assert "Restraint A(2)" in page and "Not set" in page
    assert "the commonwealth (MGL c.140 §174F)" in page
    assert reverse("enforcement:fine_offense_amounts", args=["north_andover", "chasing"]) in page
    assert NEW in page


def test_the_fine_schedule_page_is_in_the_admins_navigation(client, admin):
    page = signed_in(client, admin).get(reverse("staff_home")).content.decode()

    assert f'href="{LIST}"' in page


def test_my_work_lists_the_fines_not_set_each_linking_to_its_amounts(client, admin):
    page = signed_in(client, admin).get(reverse("staff_home")).content.decode()

    assert "Fines not set" in page
    assert "Enter the amounts the Select Board set: not citable until then" in page
    assert reverse("enforcement:fine_offense_amounts", args=["north_andover", "chasing"]) in page


def test_the_fine_schedule_page_takes_the_same_queries_whatever_the_versions(
        client, admin, django_assert_max_num_queries):
    signed_in(client, admin)
    client.get(LIST)
    for day in (11, 12, 13):
        set_offense_amounts(municipality=municipality("north_andover"), offense="chasing",
                            effective_from=dt.date(2027, 2, day), acting_user=admin,
                            amounts={"first": str(day), "second": "60", "later": "90"})

    with django_assert_max_num_queries(12):
        assert client.get(LIST).status_code == 200


def test_another_towns_fine_schedule_reads_as_not_found(client, admin):
    url = reverse("enforcement:fine_offense_new", args=["tisbury"])

    assert signed_in(client, admin).get(url).status_code == 404


def test_an_officer_cannot_change_the_fine_schedule(client, aco):
    response = signed_in(client, aco).post(NEW, DOG_ON_BEACH)

    assert response.status_code == 403
    assert not in_force().items.filter(offense="dog_on_town_beach").exists()


# -- the officer's citation form ----------------------------------------------------------

def a_case(case_type, officer):
    return open_case(municipality=municipality("north_andover"), case_type=case_type,
                     party=None, party_name="Pat Doe", address="12 Elm St",
                     complaint="Seen by the officer.", received_on=timezone.localdate(),
                     acting_user=officer)


def cite(client, case, **fields):
    return client.post(reverse("enforcement:case", args=[case.pk]), {
        "action": "citation", **{f"citation-{name}": value for name, value in fields.items()}})


def test_the_officer_is_told_the_select_board_has_not_set_the_chasing_fine(client, aco):
    case = a_case("north_andover.animal_restraint", aco)
    form = signed_in(client, aco).get(reverse("enforcement:case", args=[case.pk]))

    response = cite(client, case, offense="chasing")

    assert "no amount set yet, cannot be cited" in form.content.decode()
    page = response.content.decode()
    assert 'href="#id_citation-offense"' in page
    assert "cannot be cited yet" in page and "Restraint A(2)" in page
    assert not Citation.objects.exists()


def test_the_officer_answers_the_service_dog_question_and_yes_refuses_restraint_d4(
        client, aco):
    case = a_case("north_andover.dog_control", aco)
    form = signed_in(client, aco).get(reverse("enforcement:case", args=[case.pk]))

    refused = cite(client, case, offense="dog_litter", service_dog_on_duty="yes")
    written = cite(client, case, offense="dog_litter", service_dog_on_duty="no")

    assert "Was the dog an assistance or service dog performing its duties?" in (
        form.content.decode())
    assert "Restraint D(4)): no citation is written" in refused.content.decode()
    assert written.status_code == 302
    citation = Citation.objects.get()
    assert citation.answers == {"service_dog_on_duty": False}
    page = client.get(reverse("enforcement:citation", args=[citation.pk])).content.decode()
    assert "Was the dog an assistance or service dog performing its duties?</dt>" in page
    assert "Restraint D(4)" in page


# -- what the offense is, in the residents' languages (#26) ---------------------------------

def test_the_admin_gives_what_the_offense_is_in_portuguese_and_spanish_and_versions_keep_it(
        client, admin):
    signed_in(client, admin).post(NEW, {**DOG_ON_BEACH,
                                        "description_pt_br": "Cão na praia municipal no verão",
                                        "description_es": "Perro en la playa municipal en verano"})
    set_offense_amounts(municipality=municipality("north_andover"), offense="chasing",
                        effective_from=dt.date(2027, 2, 11), acting_user=admin,
                        amounts={"first": "30", "second": "60", "later": "90"})

    with time_machine.travel(dt.datetime(2027, 2, 11, 15, 0), tick=False):
        kept = in_force().items.get(offense="dog_on_town_beach")
    assert (kept.description, kept.description_pt_br, kept.description_es) == (
        "Dog on the town beach in summer", "Cão na praia municipal no verão",
        "Perro en la playa municipal en verano")


def test_a_citation_keeps_the_offense_in_the_languages_it_had_when_written(client, aco):
    in_force().items.filter(offense="dog_litter").update(
        description_pt_br="Dejetos do cão não recolhidos")
    case = a_case("north_andover.dog_control", aco)
    signed_in(client, aco)

    cite(client, case, offense="dog_litter", service_dog_on_duty="no")
    in_force().items.filter(offense="dog_litter").update(description_pt_br="")

    citation = Citation.objects.get()
    assert citation.description_pt_br == "Dejetos do cão não recolhidos"
    with translation.override("pt-br"):
        assert typed(citation, "description") == "Dejetos do cão não recolhidos"
