"""North Andover's renewal notices from the dogs app's registered source: dog licenses
when the license year opens on December 1 (Licenses A(8)), kennel forms by December 1
(Kennel license B(8)); one notice per renewal."""

import datetime as dt

import pytest
import time_machine

from dogs.licenses.reminders import send_season_notices
from permits_site.notifications.models import Message, MessageKind
from permits_site.notifications.services import set_preference
from permits_site.parties.services import find_or_create_property
from tests.dogs.kennels import kennel_licensed
from tests.dogs.test_license_flow import licensed
from tests.factories import DogFactory, Role, municipality, staff
from tests.notifications.conftest import at

pytestmark = pytest.mark.django_db
FEB_2027 = dt.datetime(2027, 2, 10, 15, 0)
SEASON_OPENS = dt.date(2027, 12, 1)


@pytest.fixture
def licensed_dog(clerk):
    dog = DogFactory(name="Biscuit")
    with time_machine.travel(FEB_2027, tick=False):
        licensed(dog, clerk)
    return dog


def test_the_owner_hears_once_when_the_license_year_opens(licensed_dog, run):
    assert run(SEASON_OPENS - dt.timedelta(days=1)) == []
    sent = run(SEASON_OPENS)
    assert [email.to for email in sent] == [[licensed_dog.owner.email]]
    assert sent[0].subject == "North Andover: Biscuit's 2028 dog license is due"
    assert "by Wednesday, March 1, 2028" in sent[0].body
    assert "North Andover Code ch. 60, Licenses A(8)" in sent[0].body
    assert "late fee" in sent[0].body
    assert run(SEASON_OPENS) == [] and run(dt.date(2028, 1, 10)) == []
    assert Message.objects.get().kind == MessageKind.RENEWAL_NOTICE


def test_a_dog_license_gets_no_separate_expiry_reminder(licensed_dog, run):
    run(dt.date(2027, 11, 30))  # 31 days before December 31: nothing yet
    run(SEASON_OPENS)  # 30 days before: the renewal notice only
    assert list(Message.objects.values_list("kind", flat=True)) == [MessageKind.RENEWAL_NOTICE]


def test_a_renewed_dog_gets_no_notice(licensed_dog, clerk, run):
    with at(SEASON_OPENS - dt.timedelta(days=2)):
        licensed(licensed_dog, clerk, action="renewal", year=2028)
    assert run(SEASON_OPENS) == []


def test_reminders_the_clerk_sent_by_hand_are_not_sent_again(licensed_dog, clerk, north_andover,
                                                             run):
    with at(SEASON_OPENS):
        assert send_season_notices(municipality=north_andover, year=2028,
                                   acting_user=clerk) == 1
    assert run(SEASON_OPENS) == []


def test_the_clerk_s_reminders_skip_owners_the_daily_run_told(licensed_dog, clerk,
                                                              north_andover, run):
    assert len(run(SEASON_OPENS)) == 1
    with at(SEASON_OPENS):
        assert send_season_notices(municipality=north_andover, year=2028,
                                   acting_user=clerk) == 0


def test_an_owner_who_turned_reminders_off_gets_no_dog_notice(licensed_dog, run):
    set_preference(user=licensed_dog.owner, skip_reminders=True)
    assert run(SEASON_OPENS) == []


def test_kennel_forms_go_out_by_december_1_even_to_those_who_skip_reminders(clerk, resident,
                                                                           run):
    inspector = staff(Role.INSPECTOR, "north_andover")
    place, _ = find_or_create_property(municipality=municipality("north_andover"),
                                       address="40 Farm Road", acting_user=resident)
    with time_machine.travel(FEB_2027, tick=False):
        permit = kennel_licensed(resident, place, inspector=inspector, clerk=clerk)
    set_preference(user=resident, skip_reminders=True)
    assert run(dt.date(2027, 11, 16)) == []
    sent = run(dt.date(2027, 11, 17))
    assert [email.to for email in sent] == [[resident.email]]
    assert f"Your kennel license {permit.number} must be renewed for 2028" in sent[0].body
    assert "Kennel license B(8)" in sent[0].body
    assert Message.objects.get().is_legal_notice
    assert run(SEASON_OPENS) == []


def test_a_portuguese_owner_reads_the_notice_in_portuguese(licensed_dog, run):
    owner = licensed_dog.owner
    owner.language = "pt-br"
    owner.save(update_fields=["language"])
    [notice] = run(SEASON_OPENS)
    assert notice.subject == (
        "North Andover: a licença de cachorro de Biscuit para 2028 está para vencer")
    assert ("A licença de cachorro de Biscuit: a renovação para 2028 deve ser feita até "
            "quarta-feira, 1 de março de 2028 (North Andover Code ch. 60, Licenses A(8)).") in (
        notice.body)
    assert "A renovação depois dessa data tem uma taxa de atraso." in notice.body
