"""The inspection, case and deadline screens: access, the main path, refusals, query counts."""

import datetime as dt
from decimal import Decimal

import pytest
import time_machine
from django.urls import reverse

from permits_site.enforcement.models import (
    Appeal,
    Case,
    CaseHearing,
    Citation,
    Inspection,
    InspectionStatus,
    Order,
)
from permits_site.enforcement.services import (
    add_inspection_photo,
    determine,
    issue_citation,
    issue_order,
    record_compliance,
)
from permits_site.licensing.models import (
    ApplicationStatus,
    Permit,
    PermitHearing,
    PermitStatus,
)
from tests.clients import queries_of
from tests.enforcement.conftest import (
    CLEAN_STABLE,
    MANURE_OVER_LIMIT,
    MONDAY,
    SANITARY,
    STABLE_CASE,
    STABLE_OFFENSE,
    failed_inspection,
    issued_permit,
    photo_upload,
    sanitary_inspection,
    stable_case,
)
from tests.factories import Role, UserFactory, staff
from tests.page_forms import assert_on_the_page, post_form

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("on_monday")]

PAGES = ("inspections", "cases", "deadlines")


def signed_in(client, user):
    client.force_login(user)
    return client


def checklist(answers, *, action="save"):
    """The checklist form's POST data for strict answers (booleans as yes/no)."""
    data = {name: ("yes" if value else "no") if isinstance(value, bool) else value
            for name, value in answers.items()}
    return {**data, "notes": "Pile by the brook.", action: "1"}


# -- access -------------------------------------------------------------------------


@pytest.mark.parametrize("page", PAGES)
def test_residents_get_403_on_the_enforcement_screens(client, resident, page):
    assert signed_in(client, resident).get(reverse(f"enforcement:{page}")).status_code == 403


def test_residents_get_403_on_a_record_even_their_own_permits_case(
    client, stable_permit, nb_inspector
):
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())

    response = signed_in(client, stable_permit.holder).get(reverse("enforcement:case",
                                                                   args=[case.pk]))

    assert response.status_code == 403


def test_staff_of_another_town_get_404_on_records(client, stable_permit, nb_inspector,
                                                  tisbury_inspector):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=MONDAY.date())
    photo = add_inspection_photo(inspection=inspection, upload=photo_upload(),
                                 acting_user=nb_inspector)
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())
    client = signed_in(client, tisbury_inspector)

    for url in (reverse("enforcement:inspection", args=[inspection.pk]),
                reverse("enforcement:photo", args=[photo.pk]),
                reverse("enforcement:case", args=[case.pk])):
        assert client.get(url).status_code == 404
    assert client.post(reverse("enforcement:inspection", args=[inspection.pk]),
                       checklist(CLEAN_STABLE)).status_code == 404
    assert client.post(reverse("enforcement:case", args=[case.pk]),
                       {"action": "determine", "determine-determination": "x"}).status_code == 404


@pytest.mark.parametrize("role", [Role.CLERK, Role.INSPECTOR, Role.ANIMAL_CONTROL_OFFICER,
                                  Role.HEARING_AUTHORITY, Role.BOARD_MEMBER])
def test_every_staff_role_gets_the_three_links_and_pages(client, role):
    client = signed_in(client, staff(role, "northborough"))

    home = client.get(reverse("enforcement:deadlines"))

    assert home.status_code == 200
    for page in PAGES:
        assert f'href="{reverse(f"enforcement:{page}")}"' in home.content.decode()
        assert client.get(reverse(f"enforcement:{page}")).status_code == 200


def test_a_clerk_views_an_inspection_but_only_inspectors_record_it(
    client, stable_permit, nb_inspector, nb_clerk
):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=MONDAY.date())
    client = signed_in(client, nb_clerk)

    page = client.get(reverse("enforcement:inspection", args=[inspection.pk]))

    assert page.status_code == 200
    assert "Close inspection" not in page.content.decode()
    assert client.post(reverse("enforcement:inspection", args=[inspection.pk]),
                       checklist(CLEAN_STABLE)).status_code == 403


def test_an_inspector_cannot_decide_a_case_hearing(client, stable_permit, nb_inspector):
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())
    hearing = CaseHearing.objects.create(case=case, notice_sent_on=MONDAY.date(),
                                         hearing_date=MONDAY.date(), scheduled_by=nb_inspector)

    response = signed_in(client, nb_inspector).post(
        reverse("enforcement:case", args=[case.pk]),
        {"action": "hearing_decision",
         "hearing_decision-hearing": hearing.pk, "hearing_decision-decision": "Upheld",
         "hearing_decision-decided_on": "2027-06-07"},
    )

    assert response.status_code == 403
    hearing.refresh_from_db()
    assert hearing.decided_on is None


# -- the inspector's main path ---------------------------------------------------------


def test_a_clerk_schedules_an_inspection_by_permit_number(client, stable_permit, nb_clerk,
                                                          nb_inspector):
    response = signed_in(client, nb_clerk).post(reverse("enforcement:inspections"), {
        "action": "schedule",
        "check_code": SANITARY, "scheduled_for": "2027-06-09", "inspector": nb_inspector.pk,
        "permit_number": stable_permit.number.lower(), "address": "",
    })

    inspection = Inspection.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("enforcement:inspection", args=[inspection.pk])
    assert (inspection.permit, inspection.inspector) == (stable_permit, nb_inspector)


def test_scheduling_an_unknown_permit_number_names_the_field(client, northborough, nb_clerk,
                                                             nb_inspector):
    response = post_form(signed_in(client, nb_clerk), reverse("enforcement:inspections"),
                         'name="permit_number"', {
        "check_code": SANITARY, "scheduled_for": "2027-06-09", "inspector": nb_inspector.pk,
        "permit_number": "PVS-1999-00001", "address": "",
    })
    assert_on_the_page(client, response, reverse("enforcement:inspections"))

    assert response.status_code == 200
    assert "Northborough has no permit PVS-1999-00001" in response.content.decode()
    assert 'class="alert-link" href="#id_permit_number"' in response.content.decode()
    assert not Inspection.objects.exists()


def test_inspector_saves_then_closes_and_sees_the_violation_with_its_citation(
    client, stable_permit, nb_inspector
):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=MONDAY.date())
    client = signed_in(client, nb_inspector)
    url = reverse("enforcement:inspection", args=[inspection.pk])

    field_screen = client.get(url).content.decode()
    assert 'capture="environment"' in field_screen
    assert "Manure and used bedding at the storage area (in cubic feet)" in field_screen
    assert client.post(url, checklist(MANURE_OVER_LIMIT)).status_code == 302
    inspection.refresh_from_db()
    assert inspection.answers["manure_storage_cuft"] == 300
    assert inspection.status == InspectionStatus.SCHEDULED

    closed = client.post(url, checklist(MANURE_OVER_LIMIT, action="close"), follow=True)

    page = closed.content.decode()
    assert "Inspection closed: failed, 1 violation." in page
    assert 'data-rule="nb.6.2.volume"' in page
    assert "Northborough Horse &amp; Stable Regs §6.2" in page
    assert "Open a case from this inspection" in page


def test_a_missing_answer_is_shown_on_its_field_and_nothing_is_saved(
    client, stable_permit, nb_inspector
):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=MONDAY.date())
    answers = {name: value for name, value in MANURE_OVER_LIMIT.items()
               if name != "manure_storage_cuft"}

    response = signed_in(client, nb_inspector).post(
        reverse("enforcement:inspection", args=[inspection.pk]), checklist(answers, action="close"))

    assert response.status_code == 200
    assert 'href="#id_manure_storage_cuft"' in response.content.decode()
    inspection.refresh_from_db()
    assert (inspection.status, inspection.answers) == (InspectionStatus.SCHEDULED, {})


def test_the_field_screen_lists_the_permits_earlier_inspections_and_violations(
    client, stable_permit, nb_inspector
):
    earlier = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())
    current = sanitary_inspection(stable_permit, nb_inspector, on=dt.date(2027, 6, 21))

    page = signed_in(client, nb_inspector).get(
        reverse("enforcement:inspection", args=[current.pk])).content.decode()

    assert reverse("enforcement:inspection", args=[earlier.pk]) in page
    assert "300 cu ft" in page


def test_a_photo_is_uploaded_and_served_inline_to_staff_only(client, stable_permit, nb_inspector,
                                                            resident):
    inspection = sanitary_inspection(stable_permit, nb_inspector, on=MONDAY.date())
    client = signed_in(client, nb_inspector)

    client.post(reverse("enforcement:inspection", args=[inspection.pk]),
                {"action": "photo", "file": photo_upload(), "caption": "Pile"})

    photo = inspection.photos.get()
    response = client.get(reverse("enforcement:photo", args=[photo.pk]))
    assert (response["Content-Type"], response["X-Content-Type-Options"]) == (
        "image/png", "nosniff")
    client.force_login(resident)
    assert client.get(reverse("enforcement:photo", args=[photo.pk])).status_code == 403


def test_opening_a_case_from_an_inspection_carries_the_permit_and_violation(
    client, stable_permit, nb_inspector
):
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())

    response = signed_in(client, nb_inspector).post(
        reverse("enforcement:inspection", args=[inspection.pk]),
        {"action": "case", "case_type": STABLE_CASE})

    case = Case.objects.get()
    assert response["Location"] == reverse("enforcement:case", args=[case.pk])
    assert (case.permit, case.party, case.inspection) == (stable_permit, stable_permit.holder,
                                                         inspection)
    assert case.violations.get().rule == "nb.6.2.volume"


# -- the case screen ---------------------------------------------------------------------


def test_a_daily_citation_is_shown_with_its_running_total(client, stable_permit, nb_inspector):
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())
    client = signed_in(client, nb_inspector)

    client.post(reverse("enforcement:case", args=[case.pk]),
                {"action": "citation",
                 "citation-offense": STABLE_OFFENSE, "citation-amount": "25", "citation-units": 1})
    with time_machine.travel(dt.datetime(2027, 6, 10, 9, 0), tick=False):
        page = client.get(reverse("enforcement:case", args=[case.pk])).content.decode()

    assert Citation.objects.get().amount_per_offense == Decimal("25.00")
    assert "4 days × $25.00 = $100.00 so far" in page


def test_legal_fees_are_offered_only_once_a_determination_finds_the_holder_in_violation(
    client, stable_permit, nb_inspector, nb_clerk
):
    """§8.4: the failed checklist a case opens on is no finding of violation; the page says
    why the charge waits, and offers it once the determination validates the complaint."""
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date(),
                       inspection=inspection)
    client = signed_in(client, nb_clerk)
    url = reverse("enforcement:case", args=[case.pk])

    waiting = client.get(url).content.decode()
    determine(case=case, determination="Manure over two cords.", complaint_validated=True,
              acting_user=nb_inspector)
    offered = client.get(url).content.decode()

    assert "Invoice charge" not in waiting
    assert ("charged only to a party found in violation (Northborough Horse &amp; Stable "
            "Regs §8.4)") in waiting
    assert "Invoice charge" in offered and "§8.4): record" not in offered


def test_the_offense_starts_empty_and_an_empty_choice_is_refused_on_its_field(
    client, stable_permit, nb_inspector
):
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())
    client = signed_in(client, nb_inspector)

    page = client.get(reverse("enforcement:case", args=[case.pk])).content.decode()
    refused = client.post(reverse("enforcement:case", args=[case.pk]),
                          {"action": "citation", "citation-offense": "", "citation-amount": "25",
                           "citation-units": 1})

    assert '<option value="" selected>Choose an offense</option>' in page
    assert refused.context["forms"]["citation"].errors["offense"] == ["Choose an offense."]
    assert not Citation.objects.exists()


def test_an_order_with_days_only_cites_the_violation_the_help_names(
    client, stable_permit, nb_inspector
):
    inspection = failed_inspection(stable_permit, nb_inspector, on=MONDAY.date())
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date(),
                       inspection=inspection)
    client = signed_in(client, nb_inspector)

    page = client.get(reverse("enforcement:case", args=[case.pk])).content.decode()
    client.post(reverse("enforcement:case", args=[case.pk]), {"action": "order",
        "order-text": "Remove the manure", "order-comply_within_days": 7})

    assert ("Leave empty to cite the period&#x27;s section, or else the case&#x27;s "
            "violations: Northborough Horse &amp; Stable Regs §6.2.") in page
    assert case.orders.get().citation == "Northborough Horse & Stable Regs §6.2"


def test_a_stopped_daily_citation_says_when_it_stopped(client, stable_permit, nb_inspector):
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())
    order = issue_order(case=case, text="Remove the manure", citation="§6.2",
                        comply_within_days=7, acting_user=nb_inspector)
    issue_citation(case=case, offense=STABLE_OFFENSE, amount="25", acting_user=nb_inspector)
    with time_machine.travel(dt.datetime(2027, 6, 10, 9, 0), tick=False):
        record_compliance(order=order, complied_on=dt.date(2027, 6, 10), acting_user=nb_inspector)

    with time_machine.travel(dt.datetime(2027, 6, 30, 9, 0), tick=False):
        page = signed_in(client, nb_inspector).get(
            reverse("enforcement:case", args=[case.pk])).content.decode()

    assert "4 days × $25.00 = $100.00, stopped on Jun 10, 2027" in page


def test_a_citation_amount_outside_the_range_is_refused_on_its_field(client, stable_permit,
                                                                     nb_inspector):
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())

    response = signed_in(client, nb_inspector).post(
        reverse("enforcement:case", args=[case.pk]),
        {"action": "citation",
         "citation-offense": STABLE_OFFENSE, "citation-amount": "150", "citation-units": 1})

    page = response.content.decode()
    assert response.status_code == 200
    assert 'href="#id_citation-amount"' in page
    assert "Enter an amount from $5.00 to $100.00 (Northborough Horse &amp; Stable Regs §8.3)" \
        in page
    assert not Citation.objects.exists()


def test_an_order_by_days_shows_its_comply_by_date(client, stable_permit, nb_inspector):
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())
    client = signed_in(client, nb_inspector)

    client.post(reverse("enforcement:case", args=[case.pk]), {"action": "order",
        "order-text": "Remove the manure", "order-citation": "Northborough Horse & Stable "
        "Regs §6.2", "order-comply_within_days": 5, "order-period_code": ""})

    assert Order.objects.get().comply_by == dt.date(2027, 6, 14)
    assert "Mon Jun 14, 2027" in client.get(
        reverse("enforcement:case", args=[case.pk])).content.decode()


def test_the_board_suspends_the_permit_through_the_case(client, stable_permit, nb_inspector,
                                                         nb_board):
    case = stable_case(stable_permit, nb_inspector, received_on=MONDAY.date())

    signed_in(client, nb_board).post(reverse("enforcement:case", args=[case.pk]),
                                     {"action": "permit",
                                      "permit-change": "suspend", "permit-reason": "§6.2 again"})

    stable_permit.refresh_from_db()
    assert stable_permit.status == PermitStatus.SUSPENDED


def test_a_complaint_at_the_counter_opens_a_case_from_a_permit_number(client, stable_permit,
                                                                      nb_clerk):
    response = signed_in(client, nb_clerk).post(reverse("enforcement:cases"), {"action": "open",
        "case_type": STABLE_CASE, "party_name": "", "address": "",
        "permit_number": stable_permit.number, "complaint": "Smell from the manure pile",
        "complainant": "Neighbour", "received_on": "2027-06-07"})

    case = Case.objects.get()
    assert response["Location"] == reverse("enforcement:case", args=[case.pk])
    assert (case.party_name, case.address) == (stable_permit.holder_name,
                                               stable_permit.holder_address)


# -- fixed query counts ----------------------------------------------------------------------


def seed_cases(count: int, permit, user) -> list[Case]:
    cases = [stable_case(permit, user, received_on=MONDAY.date()) for _ in range(count)]
    for case in cases:
        Order.objects.create(case=case, text="Remove", citation="§6.2", issued_on=MONDAY.date(),
                             comply_by=dt.date(2027, 6, 10), issued_by=user)
        Citation.objects.create(case=case, offense=STABLE_OFFENSE, description="Violation",
                                citation="§8.3", offense_number=1, amount_per_offense=25,
                                per_day=True, issued_on=MONDAY.date(), issued_by=user)
    return cases


def seed_deadlines(count: int, permit, user) -> None:
    """``count`` rows of every source the deadlines screen reads."""
    for case in seed_cases(count, permit, user):
        CaseHearing.objects.create(case=case, notice_sent_on=MONDAY.date(),
                                   hearing_date=dt.date(2027, 6, 14), scheduled_by=user)
        Appeal.objects.create(case=case, filed_on=MONDAY.date(), grounds="x", recorded_by=user)
    for _ in range(count):
        expiring = issued_permit(UserFactory(), issued_by=user,
                                 sequence=100 + Permit.objects.count(),
                                 valid_through=dt.date(2027, 6, 15))
        expiring.application.status = ApplicationStatus.UNDER_REVIEW
        expiring.application.save(update_fields=["status"])
        PermitHearing.objects.create(application=expiring.application, location="Town Hall",
                                     hearing_date=dt.date(2027, 6, 20),
                                     notices_mailed_on=dt.date(2027, 6, 8), scheduled_by=user)


@pytest.mark.parametrize(("page", "seed"), [("cases", seed_cases),
                                            ("deadlines", seed_deadlines)])
def test_the_list_runs_the_same_queries_for_5_and_50_rows(
    client, stable_permit, nb_clerk, page, seed
):
    client = signed_in(client, nb_clerk)
    url = reverse(f"enforcement:{page}")
    seed(5, stable_permit, nb_clerk)
    few = queries_of(client, url)
    assert few <= 12

    seed(45, stable_permit, nb_clerk)
    many = queries_of(client, url)
    assert many <= 12

    assert few == many
    assert client.get(url).content.decode().count('href="/enforcement/cases/') >= 25  # one page


def test_the_inspections_list_runs_the_same_queries_for_5_and_50_rows(
    client, stable_permit, nb_inspector
):
    client = signed_in(client, nb_inspector)
    url = reverse("enforcement:inspections")

    def seed(count):
        for _ in range(count):
            sanitary_inspection(stable_permit, nb_inspector, on=dt.date(2027, 6, 8))

    seed(5)
    few = queries_of(client, url)
    seed(45)
    many = queries_of(client, url)
    assert many <= 12

    assert few == many
