"""Who gets the reports, how bad filters are refused, and the queries each report runs."""

import datetime as dt
from decimal import Decimal

import pytest
from django.urls import reverse

from permits_site.enforcement.services.cases import close_case
from permits_site.licensing.models import PermitType
from permits_site.reports.sections import SECTIONS
from tests.clients import warmed
from tests.factories import (
    CaseFactory,
    CitationFactory,
    InvoiceLineFactory,
    PaymentFactory,
    PermitFactory,
    Role,
    UserFactory,
    local,
    staff,
)
from tests.reports.year import TODAY

pytestmark = pytest.mark.django_db

PAGE = reverse("reports:reports")


def test_anonymous_visitors_are_sent_to_sign_in(client):
    response = client.get(PAGE)

    assert response.status_code == 302
    assert response["Location"].startswith(reverse("accounts:login"))


@pytest.mark.parametrize("role", [None, Role.INSPECTOR, Role.ANIMAL_CONTROL_OFFICER,
                                  Role.HEARING_AUTHORITY])
def test_residents_and_field_staff_are_refused(client, role):
    user = staff(role) if role else UserFactory()
    client.force_login(user)

    assert client.get(PAGE).status_code == 403
    assert client.get(reverse("reports:export", args=["outstanding"])).status_code == 403
    assert f'href="{PAGE}"' not in client.get(reverse("licensing:dashboard")).content.decode()


@pytest.mark.parametrize("role", [Role.CLERK, Role.ADMIN, Role.BOARD_MEMBER])
def test_clerks_admins_and_board_members_read_their_towns_reports(client, role):
    client.force_login(staff(role))

    response = client.get(PAGE)

    assert response.status_code == 200
    assert [section.slug for section, _table in response.context["reports"]] == list(SECTIONS)
    assert list(response.context["form"].fields["town"].queryset.values_list(
        "code", flat=True)) == ["north_andover"]


def test_the_nav_offers_reports_to_clerks(client, clerk):
    client.force_login(clerk)

    assert f'href="{PAGE}"' in client.get(reverse("licensing:dashboard")).content.decode()


def test_defaults_to_this_year_so_far(client, clerk, today):
    client.force_login(clerk)

    form = client.get(PAGE).context["form"]

    assert form.cleaned_data["start"] == dt.date(today.year, 1, 1)
    assert form.cleaned_data["end"] == today


@pytest.mark.parametrize(("params", "field", "message"), [
    ({"start": "2026-02-30"}, "start", "Enter the first day of the report as a date"),
    ({"start": ""}, "start", "Enter the first day of the report."),
    ({"end": "soon"}, "end", "Enter the last day of the report as a date"),
    ({"start": "2026-05-01", "end": "2026-04-30"}, "end",
     "The last day cannot come before the first day."),
    ({"start": "2010-01-01", "end": "2026-01-01"}, "end", "Choose at most five years."),
    ({"town": "not-a-number"}, "town", "Choose one of your towns."),
])
def test_bad_filters_name_their_field_and_show_no_figures(client, clerk, params, field,
                                                          message):
    client.force_login(clerk)

    for url in (PAGE, reverse("reports:export", args=["revenue-by-day"])):
        response = client.get(url, params)

        assert response.status_code == 400
        assert message in " ".join(response.context["form"].errors[field])
        assert response.context["reports"] == []
        assert message in response.content.decode()


def test_another_towns_records_cannot_be_asked_for(client, clerk, northborough):
    horses = PermitType.objects.get(code="northborough.horse_registration")
    client.force_login(clerk)

    town = client.get(PAGE, {"town": northborough.pk})
    permit_type = client.get(PAGE, {"permit_type": horses.pk})

    assert town.status_code == permit_type.status_code == 400
    assert town.context["form"].errors["town"] == ["Choose one of your towns."]
    assert permit_type.context["form"].errors["permit_type"] == [
        "Choose a permit type of your towns."]


def test_a_permit_type_of_another_of_ones_towns_is_refused(client, two_town_clerk,
                                                            north_andover):
    horses = PermitType.objects.get(code="northborough.horse_registration")
    client.force_login(two_town_clerk)

    response = client.get(PAGE, {"town": north_andover.pk, "permit_type": horses.pk})

    assert response.status_code == 400
    assert response.context["form"].errors["permit_type"] == [
        "Horse Registration is not a permit type of North Andover."]


def test_an_unknown_section_is_not_found(client, clerk):
    client.force_login(clerk)

    assert client.get(reverse("reports:export", args=["salaries"])).status_code == 404


def test_csv_is_an_attachment_named_by_section_and_days(client, clerk):
    client.force_login(clerk)

    response = client.get(reverse("reports:export", args=["cases"]),
                          {"start": "2026-01-01", "end": "2026-03-31"})

    assert response["Content-Disposition"] == (
        'attachment; filename="cases-2026-01-01-2026-03-31.csv"')
    assert response.content.decode().splitlines() == [
        "Month,Opened,Closed", "2026-01,0,0", "2026-02,0,0", "2026-03,0,0"]


def test_downloads_carry_the_days_shown_even_when_defaulted(client, clerk, today):
    client.force_login(clerk)

    html = client.get(PAGE).content.decode()

    assert (f'href="/reports/cases.csv?start={today.year}-01-01&amp;end={today}"') in html


def test_charts_are_drawn_beside_their_tables(client, clerk, today):
    client.force_login(clerk)

    html = client.get(PAGE).content.decode()

    assert html.count('role="img"') == 2
    assert 'aria-labelledby="revenue-chart-title revenue-chart-desc"' in html
    assert 'aria-labelledby="permits-chart-title permits-chart-desc"' in html
    assert " style=" not in html


# -- a fixed number of queries --------------------------------------------------------


def office_records(count: int, *, office) -> None:
    """``count`` of every record the reports read, on different days of 2026."""
    for n in range(count):
        day = dt.date(2026, 1 + n % 12, 1 + n)
        permit = PermitFactory(issued_at=local(day), issued_by=office,
                               application__action="renewal" if n % 2 else "new")
        line = InvoiceLineFactory(invoice__application=permit.application,
                                  invoice__created_at=local(day), amount=Decimal("12.00"))
        PaymentFactory(invoice=line.invoice, received_at=local(day, 23, 30), amount=Decimal("5"),
                       received_by=office)
        citation = CitationFactory(issued_on=day, case__received_on=day, issued_by=office,
                                   case__opened_by=office)
        InvoiceLineFactory(invoice=citation.invoice, amount=Decimal("50.00"))
        CaseFactory(received_on=day, opened_by=office)


QUERY_PARAMS = {"start": "2026-01-01", "end": "2026-12-31"}
#: Session, user, the user's roles; the form's town and permit type choices; then one
#: query a section, two for cases (opened, closed).
PAGE_QUERIES = 2 + 1 + 2 + len(SECTIONS) + 1
#: Session, user, roles, then the section's own queries.
EXPORT_QUERIES = {slug: 3 + (2 if slug == "cases" else 1) for slug in SECTIONS}


@pytest.mark.parametrize("count", [2, 10])
def test_the_page_runs_a_fixed_number_of_queries(client, clerk, count,
                                                  django_assert_num_queries):
    office_records(count, office=clerk)
    client.force_login(clerk)
    warmed(client, PAGE, QUERY_PARAMS)

    with django_assert_num_queries(PAGE_QUERIES):
        response = client.get(PAGE, QUERY_PARAMS)

    assert response.status_code == 200
    tables = {section.slug: table for section, table in response.context["reports"]}
    assert len(tables["revenue-by-day"].rows) == count


@pytest.mark.parametrize("count", [2, 10])
@pytest.mark.parametrize("section", list(SECTIONS))
def test_each_export_runs_a_fixed_number_of_queries(client, clerk, count, section,
                                                    django_assert_num_queries):
    office_records(count, office=clerk)
    client.force_login(clerk)

    with django_assert_num_queries(EXPORT_QUERIES[section]):
        response = client.get(reverse("reports:export", args=[section]), QUERY_PARAMS)

    assert response.status_code == 200


def test_outstanding_ages_are_counted_from_today(client, clerk, today):
    """Raised exactly 30 days ago is still 0–30 days; 31 days ago is 31–60."""
    for days in (30, 31):
        InvoiceLineFactory(invoice__created_at=local(TODAY - dt.timedelta(days=days), 0, 5),
                           amount=Decimal("7.00"))
    client.force_login(clerk)

    tables = dict(client.get(PAGE).context["reports"])
    rows = {row[0]: row[1:] for row in tables[SECTIONS["outstanding"]].rows}

    assert rows["0–30 days"] == (1, Decimal("7.00"), 0, Decimal("0.00"))
    assert rows["31–60 days"] == (1, Decimal("7.00"), 0, Decimal("0.00"))


def test_cases_of_one_permit_type_are_those_about_its_permits(client, clerk, today):
    kennel = PermitFactory(application__permit_type=PermitType.objects.get(
        code="north_andover.kennel_license"), issued_by=clerk)
    about_kennel = CaseFactory(permit=kennel, received_on=today, opened_by=clerk)
    CaseFactory(received_on=today, opened_by=clerk)
    for case in (about_kennel, CaseFactory(received_on=today, opened_by=clerk)):
        close_case(case=case, acting_user=clerk)
    client.force_login(clerk)

    tables = dict(client.get(PAGE, {"permit_type": kennel.permit_type_id}).context["reports"])
    everything = dict(client.get(PAGE).context["reports"])

    assert tables[SECTIONS["cases"]].total == ("Total", 1, 1)
    assert everything[SECTIONS["cases"]].total == ("Total", 3, 2)
