"""The people of North Andover's dog cases (Code ch. 60): a dog's owner, the Animal Control
Officer and the hearing authority (the Police Chief, and a designee who rules on the appeal
of a decision the Chief made) — and a kennel review at each of its steps (Kennel license
B(4), B(5)). A test module that needs someone else declares a fixture of the same name."""

import datetime as dt

import pytest

from dogs.kennels.parties import name_interested_party
from dogs.kennels.review import open_kennel_review, schedule_kennel_hearing
from permits_site.enforcement.services import continue_case_hearing
from tests.factories import PermitFactory, Role, UserFactory, on_day, permit_type, staff

MON_JUNE_8 = dt.date(2026, 6, 8)


@pytest.fixture
def on_monday_june_8():
    """The clock stopped at 10 a.m. on Monday, June 8, 2026, a day North Andover's offices
    are open (a module asks for it with ``usefixtures``)."""
    with on_day(MON_JUNE_8):
        yield


@pytest.fixture
def owner(db):
    return UserFactory(first_name="Pat", last_name="Doe")


@pytest.fixture
def aco(db):
    return staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover", first_name="Alice",
                 last_name="Officer")


@pytest.fixture
def chief(db):
    return staff(Role.HEARING_AUTHORITY, "north_andover", first_name="Hal", last_name="Chief")


@pytest.fixture
def designee(db):
    """The Chief's designee, also the hearing authority: an appeal of the Chief's own
    determination is ruled on by someone else (Hearing authority B, C)."""
    return staff(Role.HEARING_AUTHORITY, "north_andover", first_name="Dana",
                 last_name="Designee")


# -- a kennel review (Kennel license B(4), B(5)) ------------------------------------------
# The report arrives on Thursday, October 8, 2026; the notice goes on Thursday the 22nd for a
# hearing on Thursday, November 5 at 6:30 PM at the Police Station; continued on Thursday,
# October 29, it is held on Monday, November 9 at 7:00 PM in the Town Hall instead. Each step
# is taken on its own day; a test reads the result later (on the day it travels to).

KENNEL_REPORTED = dt.date(2026, 10, 8)
KENNEL_NOTICED = dt.date(2026, 10, 22)
KENNEL_HEARD = dt.date(2026, 11, 5)
KENNEL_HEARING_PLACE = "Police Station, 1475 Osgood Street"
KENNEL_CONTINUED = dt.date(2026, 10, 29)
KENNEL_HEARD_AGAIN = dt.date(2026, 11, 9)
KENNEL_ABUTTER = "Lee Abutter"


@pytest.fixture
def reviewed_kennel(db):
    """A kennel license, its licensee living at the kennel."""
    return PermitFactory(application__permit_type=permit_type("north_andover.kennel_license"),
                         application__facts={"dogs_over_6_months": 6},
                         holder_address="40 Kennel Road, North Andover MA 01845")


@pytest.fixture
def kennel_review(reviewed_kennel, aco):
    """The officer's report on it received, an abutter named to be notified (B(5))."""
    with on_day(KENNEL_REPORTED):
        case = open_kennel_review(permit=reviewed_kennel, received_on=KENNEL_REPORTED,
                                  report=f"Pens not cleaned; {KENNEL_ABUTTER} complained.",
                                  acting_user=aco)
        name_interested_party(case=case, role="abutter", name=KENNEL_ABUTTER,
                              mailing_address="42 Kennel Road, North Andover MA 01845",
                              acting_user=aco)
    return case


@pytest.fixture
def noticed_kennel_review(kennel_review, chief):
    with on_day(KENNEL_NOTICED):
        schedule_kennel_hearing(case=kennel_review, notice_sent_on=KENNEL_NOTICED,
                                hearing_date=KENNEL_HEARD, hearing_time=dt.time(18, 30),
                                location=KENNEL_HEARING_PLACE, acting_user=chief)
    return kennel_review


@pytest.fixture
def continued_kennel_review(noticed_kennel_review, chief):
    with on_day(KENNEL_CONTINUED):
        continue_case_hearing(hearing=noticed_kennel_review.hearings.get(),
                              hearing_date=KENNEL_HEARD_AGAIN, hearing_time=dt.time(19, 0),
                              location="Town Hall, 120 Main Street",
                              reason="The licensee's counsel is away.", acting_user=chief)
    return noticed_kennel_review
