"""Every refused staff action says what was refused and who may do it, by the town's own
names for its roles ("Board of Health agent", "Animal Inspector"), on the site's own page
with DEBUG on or off, and in the API's 403 ``detail``; a record that is not the person's
answers exactly like a missing one (issue #20: no bare 403, 404 or 500 page).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.test import override_settings
from django.urls import reverse
from rest_framework.test import APIClient

from permits_site.accounts.permissions import Refused, role_names
from permits_site.accounts.role_titles import registered_role_titles, role_title
from tests.factories import (
    ApplicationFactory,
    BusinessFactory,
    CaseFactory,
    CaseHearingFactory,
    CitationFactory,
    InspectionFactory,
    KennelDogFactory,
    Role,
    SepticInspectionReportFactory,
    StableFactory,
    UserFactory,
    municipality,
    staff,
)
from tests.hardening.test_site_pages import DJANGOS_OWN, without_tokens

pytestmark = pytest.mark.django_db

DEBUG = pytest.mark.parametrize("debug", [False, True], ids=["debug-off", "debug-on"])

#: The town's staff as Northborough's and Tisbury's Boards call them.
BOARD_STAFF = ("Clerk, Board of Health agent, Animal Control Officer, Hearing authority or "
               "Board of Health member")
BOARD_CASE_WORKERS = "Clerk, Board of Health agent, Animal Control Officer or Hearing authority"
ALL_BOARD_STAFF = ("Clerk, Board of Health agent, Animal Control Officer, Hearing authority, "
                   "Board of Health member or Admin")


@dataclass(frozen=True)
class Refusal:
    """One refused request: who asks (a role and town, or None for a resident), how (a
    posted form names the page's ``action`` it takes), and the words the refusal must say."""

    who: tuple[str, str] | None
    url: Callable[[], str]
    says: str
    method: str = "get"
    action: str = ""


def kennel_permit():
    return KennelDogFactory().permit


def kennel_review_case():
    return CaseFactory(case_type="north_andover.kennel_review", permit=kennel_permit())


def business_applying_in_north_andover():
    business = BusinessFactory()
    ApplicationFactory(business=business)
    return business


PAGES = {
    "staff businesses": Refusal(
        None, lambda: reverse("parties:staff_businesses"),
        "Only the town's Clerk may see the businesses and properties of the town."),
    "business members": Refusal(
        (Role.CLERK, "north_andover"),
        lambda: reverse("parties:business", args=[business_applying_in_north_andover().pk]),
        "Only a member of the business may add members to the business.", method="post",
        action="member"),
    "letters to post": Refusal(
        None, lambda: reverse("letters:list"),
        "Only the town's Clerk may post the town's letters."),
    "fee schedules": Refusal(
        None, lambda: reverse("licensing:fee_schedules"),
        "Only the town's Admin may manage fee schedules."),
    "fine schedules": Refusal(
        None, lambda: reverse("enforcement:fine_schedules"),
        "Only the town's Admin may manage fine schedules."),
    "counter permit types": Refusal(
        None, lambda: reverse("licensing:counter_types"),
        "Only the town's Clerk may apply for a person at the counter."),
    "counter application": Refusal(
        (Role.INSPECTOR, "north_andover"),
        lambda: reverse("licensing:counter", args=["north_andover.dog_license"]),
        "Only the town's Clerk may apply for a person at the counter."),
    "permit types on line": Refusal(
        None, lambda: reverse("licensing:permit_types"),
        "Only the town's Admin may take permit types on and off line."),
    "one permit type on line": Refusal(
        (Role.CLERK, "north_andover"),
        lambda: reverse("licensing:permit_type_online", args=["north_andover.dog_license"]),
        "Only the town's Admin may take permit types on and off line.", method="post"),
    "reports": Refusal(
        None, lambda: reverse("reports:reports"),
        "Only the town's Clerk, Board member or Admin may read the office's reports."),
    "staff roles": Refusal(
        None, lambda: reverse("accounts:staff_roles_start"),
        "Only the town's Admin may grant and remove staff roles."),
    "citation payment": Refusal(
        (Role.INSPECTOR, "north_andover"),
        lambda: reverse("enforcement:citation", args=[CitationFactory().pk]),
        "Only the town's Clerk may record a payment at the counter.", method="post",
        action="payment"),
    "residence limits": Refusal(
        (Role.CLERK, "north_andover"),
        lambda: reverse("dogs:limits_case", args=[
            CaseFactory(case_type="north_andover.residence_limits").pk]),
        "Only the town's Animal Inspector or Animal Control Officer may act on residence "
        "limits and noise complaints.", method="post", action="recount"),
    "dog case": Refusal(
        (Role.CLERK, "north_andover"),
        lambda: reverse("dogs:case", args=[
            CaseFactory(case_type="north_andover.nuisance_dog").pk]),
        "Only the town's Animal Control Officer may find a dog a nuisance.", method="post",
        action="nuisance_finding"),
    "impoundments": Refusal(
        None, lambda: reverse("dogs:impoundments"),
        "Only the town's Clerk, Animal Control Officer or Admin may see impoundments."),
    "new impoundment": Refusal(
        (Role.CLERK, "north_andover"), lambda: reverse("dogs:impoundment_new"),
        "Only the town's Animal Control Officer may record an impoundment."),
    "kennel roster": Refusal(
        (Role.ANIMAL_CONTROL_OFFICER, "north_andover"),
        lambda: reverse("dogs:kennel", args=[kennel_permit().pk]),
        "Only the kennel's licensee or the town's Clerk may list the kennel's dogs.",
        method="post", action="dog"),
    "kennel report": Refusal(
        (Role.INSPECTOR, "north_andover"),
        lambda: reverse("dogs:kennel", args=[kennel_permit().pk]),
        "Only the town's Clerk, Animal Control Officer or Hearing authority may record the "
        "officer's report on a kennel.", method="post", action="report"),
    "kennel review": Refusal(
        (Role.CLERK, "north_andover"),
        lambda: reverse("dogs:kennel_review", args=[kennel_review_case().pk]),
        "Only the town's Hearing authority may hear and decide a kennel review.",
        method="post", action="hearing"),
    "dog license renewals": Refusal(
        (Role.ANIMAL_CONTROL_OFFICER, "north_andover"), lambda: reverse("dogs:renewal_season"),
        "Only the town's Clerk may run the dog license renewals."),
    "horse registry": Refusal(
        None, lambda: reverse("stables:horse_registry"),
        f"Only the town's {ALL_BOARD_STAFF} may see the horse registry."),
    "stable expansion": Refusal(
        (Role.INSPECTOR, "northborough"),
        lambda: reverse("stables:stable", args=[StableFactory().pk]),
        "Only the stable's keeper or the town's Clerk may record a stable's expansion.",
        method="post", action="expansion"),
    "stable inspection": Refusal(
        (Role.BOARD_MEMBER, "northborough"),
        lambda: reverse("stables:stable", args=[StableFactory().pk]),
        "Only the town's Clerk or Board of Health agent may schedule inspections.",
        method="post", action="inspection"),
    "inspection rescheduled": Refusal(
        (Role.BOARD_MEMBER, "northborough"),
        lambda: reverse("enforcement:inspection_reschedule", args=[InspectionFactory().pk]),
        "Only the town's Clerk or Board of Health agent may reschedule inspections."),
    "inspection an application waits for": Refusal(
        (Role.CLERK, "north_andover"),
        lambda: reverse("enforcement:application_inspection",
                        args=[ApplicationFactory(status="submitted").pk]),
        "Only the town's Animal Inspector or Animal Control Officer may take an inspection."),
    "hearing continued": Refusal(
        (Role.CLERK, "north_andover"),
        lambda: reverse("enforcement:hearing_continue", args=[CaseHearingFactory().pk]),
        "Only the town's Hearing authority or Board member may continue a case's hearing."),
    "pump-out returns": Refusal(
        None, lambda: reverse("tisbury_regs:my_pumpout_returns"),
        "Only a member of a septage handler holding a permit may file pump-out returns."),
    "board's pump-out returns": Refusal(
        None, lambda: reverse("tisbury_regs:pumpout_returns_board"),
        f"Only the town's {BOARD_STAFF} may see the septage handlers' returns."),
    "septic report": Refusal(
        None, lambda: reverse("tisbury_regs:file_septic_report"),
        "Only a system inspector licensed by the Board of Health may file a septic "
        "inspection report."),
    "seller's letter": Refusal(
        "inspector of the report",
        lambda: reverse("tisbury_regs:seller_letter", args=[REPORT[0].pk]),
        f"Only the town's {ALL_BOARD_STAFF} may write the seller's letter."),
    "inspector licenses": Refusal(
        (Role.CLERK, "tisbury"), lambda: reverse("tisbury_regs:inspector_licenses"),
        "Only the town's Admin may license system inspectors."),
    "health orders": Refusal(
        None, lambda: reverse("tisbury_regs:health_orders"),
        f"Only the town's {BOARD_STAFF} may see the Board's health orders."),
    "health report": Refusal(
        (Role.BOARD_MEMBER, "tisbury"),
        lambda: reverse("tisbury_regs:health_report", args=["bite"]),
        f"Only the town's {BOARD_CASE_WORKERS} may act on the Board's health orders."),
    "health case step": Refusal(
        (Role.BOARD_MEMBER, "tisbury"),
        lambda: reverse("tisbury_regs:health_case", args=[
            CaseFactory(municipality=municipality("tisbury"),
                        case_type="tisbury.animal_bite").pk]),
        f"Only the town's {BOARD_CASE_WORKERS} may act on the Board's health orders.",
        method="post", action="release"),
    "well readings": Refusal(
        None, lambda: reverse("tisbury_regs:my_wells"),
        "Only the owner of a metered well may record its meter readings."),
    "board's wells": Refusal(
        None, lambda: reverse("tisbury_regs:board_wells"),
        f"Only the town's {BOARD_STAFF} may see the metered wells."),
    "well schedule": Refusal(
        (Role.BOARD_MEMBER, "tisbury"), lambda: reverse("tisbury_regs:board_wells"),
        f"Only the town's {BOARD_CASE_WORKERS} may record a seasonal reading schedule.",
        method="post"),
}
#: The septic report of the "seller's letter" case, filed by a licensed inspector who is no
#: staff member of the town.
REPORT: list = []


def asker(who):
    if who is None:
        return UserFactory()
    if who == "inspector of the report":
        REPORT[:] = [SepticInspectionReportFactory()]
        return REPORT[0].inspector
    return staff(*who)


def page_text(response) -> str:
    return " ".join(html.unescape(response.content.decode()).split())


@DEBUG
@pytest.mark.parametrize("name", list(PAGES))
def test_a_refused_page_says_what_was_refused_and_who_may(client, name, debug):
    refusal = PAGES[name]
    client.force_login(asker(refusal.who))
    url = refusal.url()

    with override_settings(DEBUG=debug):
        response = getattr(client, refusal.method)(
            url, {"action": refusal.action} if refusal.action else {})

    page = page_text(response)
    assert response.status_code == 403, page[:500]
    assert "You cannot do this" in page
    assert refusal.says in page
    for words in DJANGOS_OWN:
        assert words not in page, words


#: Records a person may not see: each answers exactly as a record that does not exist.
NOT_YOURS = {
    "septic report": ("tisbury_regs:septic_report",
                      lambda: SepticInspectionReportFactory().pk),
    "failed-system case": ("tisbury_regs:failed_system_case",
                           lambda: CaseFactory(municipality=municipality("tisbury"),
                                               case_type="tisbury.failed_system").pk),
}


@DEBUG
@pytest.mark.parametrize("name", list(NOT_YOURS))
def test_a_record_not_the_persons_answers_like_a_missing_one(client, name, debug):
    url_name, record = NOT_YOURS[name]
    pk = record()
    client.force_login(UserFactory())

    with override_settings(DEBUG=debug):
        hidden = client.get(reverse(url_name, args=[pk]))
        missing = client.get(reverse(url_name, args=[pk + 1000]))

    assert hidden.status_code == missing.status_code == 404
    assert without_tokens(hidden.content.decode()) == without_tokens(missing.content.decode())


@dataclass(frozen=True)
class ApiRefusal:
    who: tuple[str, str] | None
    method: str
    path: str
    says: str
    data: Callable[[], dict] = dict


API = {
    "staff roles": ApiRefusal(None, "get", "/api/v1/staff-roles/",
                              "Only the town's Admin may grant and remove staff roles."),
    "fee schedules": ApiRefusal(None, "get", "/api/v1/fee-schedules/",
                                "Only the town's Admin may manage fee schedules."),
    "fine schedules": ApiRefusal(None, "get", "/api/v1/fine-schedules/",
                                 "Only the town's Admin may manage fine schedules."),
    "payments": ApiRefusal(None, "post", "/api/v1/payments/",
                           "Only the town's Clerk may record payments."),
    "people": ApiRefusal(None, "get", "/api/v1/people/?q=smith",
                         "Only the town's Clerk may find people at the counter."),
    "inspections": ApiRefusal(
        None, "get", "/api/v1/inspections/",
        "Only the town's Clerk, Inspector, Animal Control Officer, Hearing authority or Board "
        "member may see inspections, cases and deadlines."),
    "impoundments": ApiRefusal(
        None, "get", "/api/v1/impoundments/",
        "Only the town's Clerk, Animal Control Officer or Admin may see impoundments."),
    "schedule an inspection": ApiRefusal(
        (Role.BOARD_MEMBER, "northborough"), "post", "/api/v1/inspections/",
        "Only the town's Clerk or Board of Health agent may schedule inspections.",
        data=lambda: {"municipality": "northborough",
                      "check": "northborough.sanitary_inspection", "scheduled_for": "2030-06-10",
                      "inspector": staff(Role.INSPECTOR, "northborough").pk}),
}


@pytest.mark.parametrize("name", list(API))
def test_an_api_refusal_names_who_may_in_its_detail(name):
    refusal = API[name]
    api = APIClient()
    api.force_authenticate(asker(refusal.who))

    response = getattr(api, refusal.method)(refusal.path, refusal.data(), format="json")

    assert response.status_code == 403, response.content
    assert response.json() == {"detail": refusal.says}


# -- the words of a refusal ------------------------------------------------------------


def test_a_town_names_its_roles_as_its_law_does():
    assert role_title(Role.INSPECTOR, "tisbury") == "Board of Health agent"
    assert role_title(Role.INSPECTOR, "north_andover") == "Animal Inspector"
    assert role_title(Role.INSPECTOR) == "Inspector"
    assert role_title(Role.CLERK, "tisbury") == "Clerk"


def test_a_refusal_about_one_town_uses_its_titles():
    tisbury = municipality("tisbury")

    refusal = Refused("schedule inspections", [Role.CLERK, Role.INSPECTOR], town=tisbury.pk)

    assert str(refusal) == "Only the town's Clerk or Board of Health agent may schedule " \
                           "inspections."
    assert refusal.roles == "Clerk or Board of Health agent"


@pytest.mark.parametrize(("roles", "names"), [
    ([Role.CLERK], "Clerk"),
    ([Role.CLERK, Role.ADMIN], "Clerk or Admin"),
    ([Role.CLERK, Role.INSPECTOR, Role.ADMIN], "Clerk, Inspector or Admin"),
])
def test_roles_are_named_as_a_list_read_aloud(roles, names):
    assert role_names(roles) == names


def test_a_refusal_names_a_party_before_the_roles():
    refusal = Refused("list the kennel's dogs", [Role.CLERK], party="the kennel's licensee")

    assert str(refusal) == "Only the kennel's licensee or the town's Clerk may list the " \
                           "kennel's dogs."


def test_a_town_may_register_only_staff_roles():
    with (pytest.raises(ValueError, match="Not staff roles: treasurer"),
          registered_role_titles("tisbury", {"treasurer": "Treasurer"})):
        pass
    assert role_title(Role.INSPECTOR, "tisbury") == "Board of Health agent"


@DEBUG
def test_the_refusal_page_says_which_role_the_administrator_gives(client, debug):
    client.force_login(UserFactory())

    with override_settings(DEBUG=debug):
        response = client.get(reverse("licensing:fee_schedules"))

    assert "The town's administrator gives the Admin role." in page_text(response)
