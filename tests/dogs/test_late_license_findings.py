"""A late dog license reads its penalty wherever its findings are shown: the rule does not
block the license, it adds the fine of the offense it leads to — the Licenses A(10) offense
of an unlicensed dog, priced by the town's fine schedule — on the application's page (where
the rules reading the dog's record are judged), on the Clerk's review screen and in the new
license the dog license form offers instead of a renewal (spec ``lifecycle.md``, "What a
failed rule does"; North Andover Code ch. 60, Licenses A(2)–(4), A(10)). A failed rule that
blocks, the rabies vaccination of Licenses A(1), still reads as blocking."""

import datetime as dt
import html
import re
from decimal import Decimal

import pytest
import time_machine
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse

from dogs.licenses.services import apply_for_dog_license
from permits_site.enforcement.models import FineItem
from permits_site.enforcement.services.penalties import record_penalty_offense
from permits_site.licensing.services.applications import submit_application
from permits_site.licensing.services.documents import upload_document
from tests.clients import queries_of
from tests.dogs.test_license_flow import png_upload
from tests.factories import DogFactory

pytestmark = pytest.mark.django_db

TIMELY = "na.lic.A.timely"
RABIES = "na.lic.A1.rabies"
#: Tuesday 16 March 2027; the dog came on 10 January, so its license was due by 9 February.
APPLIED = dt.datetime(2027, 3, 16, 10, 0)
ACQUIRED_LATE = dt.date(2027, 1, 10)
ACQUIRED_RECENTLY = dt.date(2027, 3, 1)
A10 = "North Andover Code ch. 60, Licenses A(10)"
PENALTY = f"Adds a fee or penalty: $50.00 ({A10})"


@pytest.fixture(autouse=True)
def _frozen_clock():
    with time_machine.travel(APPLIED, tick=False):
        yield


def drafted(dog, *, acquired_on=ACQUIRED_LATE, rabies_until=dt.date(2029, 1, 1)):
    """A new 2027 license applied for today, its rabies certificate attached."""
    application = apply_for_dog_license(applicant=dog.owner, dog=dog, action="new",
                                        license_year=2027, acquired_on=acquired_on)
    upload_document(application=application, uploaded_by=dog.owner, kind="rabies_certificate",
                    upload=png_upload(), valid_until=rabies_until)
    return application


def submitted(dog, **options):
    application = drafted(dog, **options)
    submit_application(application=application, acting_user=dog.owner)
    return application


def read_by(user, url: str, language: str = "en") -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(user)
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


def words(fragment: str) -> str:
    """The words a screen reader reads: no markup, no mark hidden from it."""
    heard = re.sub(r'<span aria-hidden="true">[^<]*</span>', " ", fragment)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", heard)).split())


def finding(content: str, rule: str) -> str:
    """The words of the rule's finding under "What the rules say"."""
    match = re.search(rf'<li[^>]*data-rule="{re.escape(rule)}"[^>]*>(.*?)</li>', findings(
        content), flags=re.S)
    assert match, f"no finding of {rule}"
    return words(match.group(1))


def findings(content: str) -> str:
    return content.split('id="findings-heading"', 1)[1].split("</section>", 1)[0]


def summary(content: str) -> str:
    """The sentence above the findings."""
    return words(findings(content).split("</h2>", 1)[1].split('<ul', 1)[0])


def application_page(application, user=None) -> str:
    return read_by(user or application.applicant,
                   reverse("licensing:application", args=[application.pk]))


def review_screen(application, clerk) -> str:
    return read_by(clerk, reverse("licensing:review", args=[application.pk]))


# -- The application's page ----------------------------------------------------------------


def test_the_applicant_reads_the_late_license_penalty_with_its_fine_and_section_a10(dog):
    page = application_page(drafted(dog))

    timely = finding(page, TIMELY)
    assert timely.startswith(PENALTY)
    assert "The license was due by February 9, 2027." in timely
    assert "Licenses A(2), A(3), A(4)" in timely
    assert "Does not meet the rule" not in timely and "Blocks the permit" not in timely
    assert summary(page) == "1 rule adds a fee or penalty."


def test_a_license_on_time_meets_the_rule_and_adds_nothing(dog):
    page = application_page(drafted(dog, acquired_on=ACQUIRED_RECENTLY))

    assert finding(page, TIMELY).startswith("Meets the rule:")
    assert "Adds a fee or penalty" not in page
    assert summary(page) == "Meets every rule that applies."


def test_a_rabies_certificate_ending_before_the_day_still_blocks_beside_the_penalty_a1(dog):
    page = application_page(drafted(dog, rabies_until=dt.date(2027, 3, 1)))

    assert finding(page, RABIES).startswith("Blocks the permit:")
    assert "Licenses A(1)" in finding(page, RABIES)
    assert finding(page, TIMELY).startswith(PENALTY)
    assert summary(page) == "1 rule blocks the permit. 1 rule adds a fee or penalty."


def test_a_first_offense_the_schedule_warns_for_reads_a_written_warning(dog):
    FineItem.objects.filter(offense="unlicensed_dog").update(first_amount=None)

    page = application_page(drafted(dog))

    assert finding(page, TIMELY).startswith(
        f"Adds a fee or penalty: a written warning ({A10})")


def test_the_page_reads_the_penalty_in_portuguese_its_section_in_english(dog):
    application = drafted(dog)

    page = read_by(application.applicant,
                   reverse("licensing:application", args=[application.pk]), "pt-br")

    assert finding(page, TIMELY).startswith(
        f"Acrescenta uma taxa ou penalidade: US$ 50,00 ({A10})")
    assert f'<span class="citation" lang="en">{A10}</span>' in page
    assert summary(page) == "1 regra acrescenta uma taxa ou penalidade."


# -- The Clerk's review screen ---------------------------------------------------------------


def test_the_clerks_review_reads_the_penalty_with_its_fine_and_section_a10(dog, clerk):
    application = submitted(dog)

    page = review_screen(application, clerk)

    assert finding(page, TIMELY).startswith(PENALTY)
    assert summary(page) == "1 rule adds a fee or penalty."
    blocking = page.split('id="blockers-heading"', 1)[1].split("</section>", 1)[0]
    assert "The license was due by" not in blocking


def test_the_clerks_review_reads_a_blocking_failure_as_blocking_a1(dog, clerk):
    application = submitted(dog, rabies_until=dt.date(2027, 3, 1))

    page = review_screen(application, clerk)

    assert finding(page, RABIES).startswith("Blocks the permit:")
    assert finding(page, TIMELY).startswith(PENALTY)
    assert summary(page) == "1 rule blocks the permit. 1 rule adds a fee or penalty."


def test_once_cited_the_findings_read_the_citations_fine_not_the_next_offenses(dog, clerk):
    """Cited as a first offense of $15.00, the finding keeps reading $15.00: the citation is
    on the owner's record now, and a second offense would cost $25.00 (Licenses A(10))."""
    FineItem.objects.filter(offense="unlicensed_dog").update(
        first_amount=Decimal("15.00"), second_amount=Decimal("25.00"),
        later_amount=Decimal("50.00"))
    application = submitted(dog)
    record_penalty_offense(application=application, rule_id=TIMELY, acting_user=clerk)

    for page in (application_page(application), review_screen(application, clerk)):
        assert finding(page, TIMELY).startswith(f"Adds a fee or penalty: $15.00 ({A10})")


def test_the_findings_are_read_without_a_query_of_their_own(dog, clerk,
                                                          django_assert_num_queries):
    """Every finding's effect and fine is known before the page is drawn: drawing the
    findings asks the database nothing, however many there are."""
    application = submitted(dog, rabies_until=dt.date(2027, 3, 1))
    client = Client()
    client.force_login(clerk)
    context = client.get(reverse("licensing:review", args=[application.pk])).context[0]

    with django_assert_num_queries(0):
        drawn = render_to_string("includes/findings.html", context.flatten())

    assert PENALTY in words(drawn)


def test_the_fine_is_priced_once_for_the_page_and_for_the_review_screen(dog, clerk):
    """A late license costs its pages the same few queries — the citations recorded for the
    application, the fine schedule in force with its offenses, the owner's earlier offenses —
    once: the review screen's findings and its penalties panel read the same fine."""
    late = submitted(dog)
    on_time = submitted(DogFactory(owner=dog.owner), acquired_on=ACQUIRED_RECENTLY)
    owner, office = Client(), Client()
    owner.force_login(dog.owner)
    office.force_login(clerk)

    def cost(client, view):
        return (queries_of(client, reverse(view, args=[late.pk]))
                - queries_of(client, reverse(view, args=[on_time.pk])))

    assert cost(owner, "licensing:application") == cost(office, "licensing:review") <= 4


# -- The dog license form ------------------------------------------------------------------


def test_the_new_license_offered_instead_of_a_renewal_reads_its_penalty_a10(client, dog):
    client.force_login(dog.owner)

    page = client.post(reverse("dogs:apply"), {
        "dog": dog.pk, "action": "renewal", "license_year": 2027,
        "kind": "rabies_certificate", "valid_until": "2029-01-01", "file": png_upload()})

    offer = words(page.content.decode().split('id="new-license-offer-heading"', 1)[1]
                  .split("</section>", 1)[0])
    assert page.status_code == 400
    assert f"{PENALTY}: The license was due by" in offer


def test_the_offer_links_the_new_license_of_the_year_offered_a7_a8(client, dog):
    """In December both years are on sale (Licenses A(7), A(8)): the new license offered
    instead of a refused 2026 renewal opens on 2026, not on the form's first year, 2027; a
    year not on sale in the link is ignored."""
    client.force_login(dog.owner)
    with time_machine.travel(dt.datetime(2026, 12, 7, 10, 0), tick=False):
        refused = client.post(reverse("dogs:apply"), {
            "dog": dog.pk, "action": "renewal", "license_year": 2026,
            "kind": "rabies_certificate", "valid_until": "2029-01-01", "file": png_upload()})
        link = re.search(r'href="([^"]*action=new[^"]*)"', refused.content.decode()).group(1)
        opened = client.get(html.unescape(link))
        not_on_sale = client.get(reverse("dogs:apply"),
                                 {"dog": dog.pk, "action": "new", "license_year": 1999})

    assert "license_year=2026" in html.unescape(link)
    assert chosen_year(opened) == "2026"
    assert chosen_year(not_on_sale) == "2027"


def chosen_year(response) -> str:
    return re.search(r'<option value="(\d{4})" selected', response.content.decode()).group(1)


def test_the_fee_shown_for_a_renewal_that_would_be_refused_is_the_refusal_a8(client, dog):
    """A dog not licensed last year is not renewed: before the form is sent, its fee says so
    and offers the new license's price, instead of pricing a late renewal."""
    client.force_login(dog.owner)

    renewal = client.get(reverse("dogs:fee_preview"),
                         {"dog": dog.pk, "action": "renewal", "license_year": 2027})
    new = client.get(reverse("dogs:fee_preview"),
                     {"dog": dog.pk, "action": "new", "license_year": 2027})

    assert "has no 2026 license, online or on paper, to renew" in words(
        renewal.content.decode())
    assert "Apply for a new license instead" in words(renewal.content.decode())
    assert "Late fee" not in renewal.content.decode()
    assert "Fee for this application if submitted today" in new.content.decode()
