"""A count printed with its noun reads "1 horse", "1 residence", "1 acre" for one thing and the
plural otherwise: on the application's pages, in the rules' findings and on the hearing notice
that names the relief asked."""

import datetime as dt

import pytest
from django.urls import reverse

from permits_site.licensing.services.hearings import describe_relief
from stables.rules import HEARING_NOTICE
from tests.law.answers import PRIVATE_STABLE_42_FT, as_query
from tests.stables.flow import PUBLIC, answers, drafted

pytestmark = pytest.mark.django_db


def application_page(client, keeper, application) -> str:
    client.force_login(keeper)
    return client.get(reverse("licensing:application", args=[application.pk])).content.decode()


def test_one_horse_at_one_residence_reads_in_the_singular(client, keeper):
    application = drafted(keeper, facts=answers(horses=1, owner_residences=1))

    page = application_page(client, keeper, application)

    assert "1 horse<" in page and "1 residence<" in page
    assert "1 horses" not in page and "1 residences" not in page


def test_two_horses_at_two_residences_read_in_the_plural(client, keeper):
    application = drafted(keeper, facts=answers(horses=2, owner_residences=2))

    page = application_page(client, keeper, application)

    assert "2 horses<" in page and "2 residences<" in page


@pytest.mark.parametrize(("acres", "expected"), [
    (1, "The lot area is 1 acre; it must be at least 5 acres."),
    (2, "The lot area is 2 acres; it must be at least 5 acres."),
])
def test_the_check_page_counts_one_acre_in_the_singular(client, acres, expected):
    public = {**PRIVATE_STABLE_42_FT, "distance_to_abutter_property_line_ft": 120,
              "fee_charged": True, "lot_area_acres": acres, "public_restrooms": True}

    page = client.get(reverse("law:check", args=["northborough", PUBLIC]),
                      as_query(public)).content.decode()

    assert expected in page


@pytest.mark.parametrize(("acres", "expected"), [
    (1, "1 acre where 5 acres is required"), (2, "2 acres where 5 acres is required")])
def test_the_hearing_notice_asks_relief_for_one_acre_in_the_singular(keeper, acres, expected):
    application = drafted(keeper, code=PUBLIC, facts=answers(PUBLIC, lot_area_acres=acres))

    assert expected in describe_relief(application)


@pytest.mark.parametrize(("total", "notified", "expected"), [
    (1, 1, "The 1 abutter was notified."),
    (2, 2, "All 2 abutters were notified."),
    (1, 0, "Only 0 of 1 abutter was notified; every abutter must be notified."),
    (2, 1, "Only 1 of 2 abutters were notified; every abutter must be notified."),
])
def test_the_hearing_notice_check_counts_one_abutter_in_the_singular(total, notified, expected):
    facts = HEARING_NOTICE.parse({"hearing_date": "2027-06-21", "mailed_date": "2027-06-01",
                                  "certified_mail": True, "abutters_total": total,
                                  "abutters_notified": notified})

    result = HEARING_NOTICE.evaluate(facts, on=dt.date(2027, 6, 1))

    assert next(finding.message for finding in result.findings
                if finding.rule == "nb.2.2.all_abutters") == expected
