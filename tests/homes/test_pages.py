"""The staff home: who lands there, what each person sees, and its fixed query count."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from dogs.models import Impoundment
from permits_site.licensing.models import ApplicationStatus
from tests.e2e.plain_language import page_text
from tests.factories import (
    PASSWORD,
    ApplicationFactory,
    CaseHearingFactory,
    CitationFactory,
    InspectionFactory,
    InvoiceLineFactory,
    MembershipFactory,
    OrderFactory,
    PermitFactory,
    Role,
    UserFactory,
    VarianceFactory,
    municipality,
    permit_type,
    staff,
)
from tests.homes.conftest import days

pytestmark = pytest.mark.django_db
HOME = reverse("staff_home")


def test_sign_in_lands_staff_on_their_work_and_residents_on_their_dashboard(client, resident):
    inspector = staff(Role.INSPECTOR, "northborough")

    for person, landing in ((inspector, HOME), (resident, reverse("licensing:dashboard"))):
        response = client.post(reverse("accounts:login"),
                               {"username": person.username, "password": PASSWORD})
        assert response.url == landing
        client.logout()


def test_a_resident_asking_for_the_staff_home_is_sent_to_their_dashboard(client, resident):
    client.force_login(resident)

    assert client.get(HOME).url == reverse("licensing:dashboard")


def test_the_staff_home_needs_a_sign_in(client):
    assert client.get(HOME).url.startswith(reverse("accounts:login"))


def test_staff_see_my_work_first_and_keep_their_own_permits_and_citations(client, resident):
    """A clerk may hold a dog license or be cited like any resident: their own records stay
    one click away, after their work."""
    client.force_login(staff(Role.HEARING_AUTHORITY, "north_andover"))
    page = client.get(HOME).content.decode()
    assert ">My work<" in page and ">My citations<" in page
    assert page.index(">My work<") < page.index(">My permits<")

    client.force_login(resident)
    page = client.get(reverse("licensing:dashboard")).content.decode()
    assert ">My work<" not in page and ">My citations<" in page


def test_several_roles_in_several_towns_each_show_their_part(client):
    person = staff(Role.CLERK, "north_andover")
    MembershipFactory(user=person, municipality=municipality("northborough"),
                      role=Role.INSPECTOR)
    client.force_login(person)

    page = client.get(HOME).content.decode()

    assert page.index("Town of North Andover") < page.index("Town of Northborough")
    assert "Clerk: Applications, payments and permits" in page
    assert "Inspector: Inspections" in page
    assert "Animal Control Officer" not in page


def test_the_officers_sections_are_north_andovers_only(client):
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "northborough")
    MembershipFactory(user=officer, municipality=municipality("north_andover"),
                      role=Role.ANIMAL_CONTROL_OFFICER)
    client.force_login(officer)

    page = client.get(HOME).content.decode()

    assert page.count("Animal Control Officer: Impoundments") == 1
    assert page.index("Animal Control Officer: Impoundments") < page.index("Town of Northborough")
    assert ("Nothing is listed here for the Animal Control Officer of Northborough"
            in page)


def test_an_officer_assigned_a_kennel_inspection_finds_it_on_their_home_once(client):
    """Kennel license B(3): the Animal Control Officer may inspect a kennel; an inspection
    assigned to them is on their agenda, listed once for one who is the inspector too."""
    officer = staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover")
    inspection = InspectionFactory(municipality=municipality("north_andover"),
                                   check_code="north_andover.kennel_inspection",
                                   inspector=officer, scheduled_for=days(2))
    client.force_login(officer)
    page = client.get(HOME).content.decode()
    assert "Animal Control Officer: Inspections assigned to me" in page
    visit = f"Inspect and record the checklist: Inspection #{inspection.pk} at"
    assert page.count(visit) == 1

    MembershipFactory(user=officer, municipality=municipality("north_andover"),
                      role=Role.INSPECTOR)
    page = client.get(HOME).content.decode()
    assert "Animal Control Officer: Inspections assigned to me" not in page
    assert page.count(visit) == 1


def test_the_officers_home_counts_and_links_an_open_dog_at_large_case(client):
    """The demo's case #1: a dog at large, cited, still open on the Cases list — My work
    counts it among the open dog cases and links to it."""
    case = CitationFactory(case__case_type="north_andover.dog_control",
                           case__party_name="Jane Smith", case__address="12 Elm Street").case
    client.force_login(staff(Role.ANIMAL_CONTROL_OFFICER, "north_andover"))

    page = page_text(client.get(HOME).content.decode())

    assert "Open dog cases 1" in page
    assert "No dog case is open" not in page
    assert (f"Next step on the case: Case #{case.pk}, Dog at large, waste, noise, limits or "
            "feeding wildlife (Jane Smith, 12 Elm Street)") in page
    assert f'href="/enforcement/cases/{case.pk}/"' in client.get(HOME).content.decode()


def test_the_agenda_names_the_application_an_inspection_is_of_before_its_permit(client):
    """A site visit before the permit issues reads as the inspection page names it, not as
    a place with no permit."""
    agent = staff(Role.INSPECTOR, "tisbury")
    application = ApplicationFactory(municipality=municipality("tisbury"),
                                     permit_type=permit_type("tisbury.dumpster"),
                                     status=ApplicationStatus.SUBMITTED)
    InspectionFactory(municipality=application.municipality, inspector=agent,
                      application=application, address="31 Main Street, Tisbury",
                      check_code="tisbury.dumpster_site_visit", scheduled_for=days(1))
    InspectionFactory(municipality=application.municipality, inspector=agent,
                      address="9 Beach Road, Tisbury", check_code="tisbury.dumpster_site_visit",
                      scheduled_for=days(2))
    client.force_login(agent)

    page = page_text(client.get(HOME).content.decode())

    assert f"Due by June 11, 2026 · Dumpster Permit application #{application.pk}" in page
    assert "Due by June 12, 2026 · No permit" in page


def test_each_item_links_to_where_it_is_done_with_its_date(client):
    hearing = CaseHearingFactory(hearing_date=days(-1), case__party_name="Ann Owner")
    client.force_login(staff(Role.HEARING_AUTHORITY, "north_andover"))

    page = client.get(HOME).content.decode()

    assert f'href="/enforcement/cases/{hearing.case_id}/"' in page
    assert "Record the decision and the written ruling: Case" in page
    assert "Overdue since June 9, 2026" in page


# -- a fixed number of queries -----------------------------------------------------------

EVERY_ROLE = (Role.CLERK, Role.INSPECTOR, Role.ANIMAL_CONTROL_OFFICER,
              Role.HEARING_AUTHORITY, Role.BOARD_MEMBER, Role.ADMIN)


def records(count: int, *, inspector) -> None:
    """``count`` records of every kind a home lists, in North Andover."""
    town = municipality("north_andover")
    officer = UserFactory()
    for index in range(count):
        application = ApplicationFactory(status=ApplicationStatus.SUBMITTED,
                                         submitted_on=days(-index))
        InvoiceLineFactory(invoice__application=application)
        PermitFactory(valid_through=days(index % 14))
        CitationFactory(due_on=days(-1 - index))
        InspectionFactory(municipality=town, inspector=inspector, scheduled_for=days(index % 9 - 2))
        CaseHearingFactory(hearing_date=days(index % 5 - 2))
        VarianceFactory(application__municipality=town)
        OrderFactory(case__case_type="north_andover.nuisance_dog", ends_on=days(index % 14))
        Impoundment.objects.create(municipality=town, impounded_on=days(-index),
                                   description="Dog", recorded_by=officer)


def home_queries(client) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(HOME).status_code == 200
    return len(captured)


def test_the_home_of_every_role_runs_a_fixed_number_of_queries(client):
    person = UserFactory()
    for role in EVERY_ROLE:
        MembershipFactory(user=person, municipality=municipality("north_andover"), role=role)
    client.force_login(person)
    home_queries(client)  # the town's cached calendar

    records(2, inspector=person)
    few = home_queries(client)
    records(25, inspector=person)

    assert home_queries(client) == few
    # sign-in, roles and towns, then one query a list (two for fees); North Andover's
    # officer's records add six lists (calls, bites, vacated property, two of quarantine
    # orders, records past their two years), the finders' reports, the hearing authority's
    # cases to determine, petitions, dogs awaiting their duties and kennel reviews to
    # notice, the Board's case hearings and applications and the admin's unset fines one each
    assert few <= 49


@pytest.mark.parametrize(("town", "schedule"), [("north_andover", "Dog impoundment fees"),
                                                ("tisbury", "Document fees")])
def test_the_admin_is_not_asked_to_take_online_a_schedule_nobody_applies_for(client, town,
                                                                             schedule):
    """Charges nobody applies for (``applied_for = False``) are listed on no Permit types
    page to take online: the admin's count of types offline leaves them out."""
    client.force_login(staff(Role.ADMIN, town))

    page = client.get(HOME).content.decode()

    offline = page.split("Permit types offline", 1)[1].split("Fee schedules with", 1)[0]
    assert schedule not in offline
    assert schedule not in client.get(reverse("licensing:permit_types")).content.decode()
