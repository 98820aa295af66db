"""The decision of a citation hearing reaches the party as a legal notice (MGL c.40 §21D):
upheld or reduced, what is still owed and the new last day to pay; dismissed, that nothing
is owed."""

import datetime as dt

import pytest
from django.core import mail
from django.utils import timezone

from permits_site.enforcement.services import issue_citation, open_case
from permits_site.enforcement.services.dispositions import (
    decide_hearing,
    request_hearing,
    set_hearing_date,
)
from permits_site.exceptions import DomainError
from permits_site.notifications.models import Message, MessageKind
from permits_site.notifications.services import set_preference
from tests.factories import Role, municipality, staff
from tests.notifications.conftest import at

pytestmark = pytest.mark.django_db
MONDAY = dt.date(2027, 6, 14)
#: The hearing's day; North Andover's 21 days to pay from it end on Thursday, July 8.
THURSDAY = dt.date(2027, 6, 17)
NEW_LAST_DAY = "Pay it by Thursday, July 8, 2027."


@pytest.fixture
def chief(db):
    return staff(Role.HEARING_AUTHORITY, "north_andover")


def heard(resident, aco, chief, *, offense="running_at_large"):
    """A citation of Monday whose hearing the party asked for, set for Thursday."""
    with at(MONDAY):
        case = open_case(municipality=municipality("north_andover"),
                         case_type="north_andover.dog_control", party=resident,
                         party_business=None, party_name="Jane Smith", address="9 Elm St",
                         complaint="Dog seen loose.", received_on=timezone.localdate(),
                         acting_user=aco)
        citation = issue_citation(case=case, offense=offense, acting_user=aco)
        request_hearing(citation=citation, acting_user=resident)
        set_hearing_date(citation=citation, hearing_date=THURSDAY, acting_user=chief)
    return citation


def decided(citation, chief, committed, **decision) -> Message:
    with at(THURSDAY), committed():
        decide_hearing(citation=citation, acting_user=chief, **decision)
    return Message.objects.get(kind=MessageKind.CITATION_ISSUED, dedupe_key__contains="decided")


def test_upheld_the_party_is_told_what_is_owed_and_the_new_last_day(resident, aco, chief,
                                                                     committed):
    set_preference(user=resident, skip_reminders=True)
    citation = heard(resident, aco, chief)

    message = decided(citation, chief, committed, outcome="upheld")

    assert message.recipient == resident and message.is_legal_notice
    assert message.subject == f"North Andover: hearing decided on citation #{citation.pk}"
    assert (f"The hearing on citation #{citation.pk} at 9 Elm St was decided on June 17, 2027: "
            f"the citation is upheld. You owe $25.00. {NEW_LAST_DAY}") in message.text
    assert "A citation not paid by then is sent to the District Court." in message.text
    assert f"/payments/invoices/{citation.invoice_id}/" in message.text
    assert f"/citations/{citation.pk}/" in mail.outbox[-1].body


def test_reduced_the_party_is_told_the_reduced_amount_and_the_last_day(resident, aco, chief,
                                                                      committed):
    citation = heard(resident, aco, chief)

    message = decided(citation, chief, committed, outcome="reduced", reduced_to="10.00")

    assert ("the amount is reduced to $10.00. You owe $10.00. "
            f"{NEW_LAST_DAY}") in message.text


def test_dismissed_the_party_is_told_nothing_is_owed(resident, aco, chief, committed):
    citation = heard(resident, aco, chief)

    message = decided(citation, chief, committed, outcome="dismissed")

    assert ("the citation is dismissed. Nothing is owed, and it does not count on your "
            "record.") in message.text
    assert "Pay it" not in message.text and "You owe" not in message.text


def test_a_written_warning_upheld_owes_nothing(resident, aco, chief, committed):
    warning = heard(resident, aco, chief, offense="animal_limit")

    message = decided(warning, chief, committed, outcome="upheld")

    assert "the written warning is upheld. Nothing is owed" in message.text
    assert "Pay it" not in message.text


def test_a_refused_decision_tells_nobody(resident, aco, chief, committed):
    citation = heard(resident, aco, chief)

    with at(MONDAY), committed(), pytest.raises(DomainError, match="decided on that day"):
        decide_hearing(citation=citation, outcome="upheld", acting_user=chief)

    assert not Message.objects.filter(dedupe_key__contains="decided").exists()
