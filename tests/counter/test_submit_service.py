"""Who submits a draft: its applicant side, or a clerk of its town at the counter."""

import pytest

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import PermissionDenied
from permits_site.licensing.models import ApplicationStatus
from permits_site.licensing.services.applications import create_application, submit_application
from tests.counter.conftest import BODY_ART
from tests.factories import Role, UserFactory, permit_type, staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def draft(walk_in, tisbury_clerk):
    return create_application(applicant=walk_in, permit_type=permit_type(BODY_ART),
                              action="new", acting_user=tisbury_clerk)


@pytest.mark.parametrize("make", [UserFactory, lambda: staff(Role.CLERK, "north_andover"),
                                  lambda: staff(Role.BOARD_MEMBER, "tisbury")],
                         ids=["stranger", "other_towns_clerk", "board_member"])
def test_only_the_applicant_or_the_towns_clerk_submits(draft, make):
    with pytest.raises(PermissionDenied):
        submit_application(application=draft, acting_user=make())

    draft.refresh_from_db()
    assert draft.status == ApplicationStatus.DRAFT
    assert not draft.invoices.exists()


def test_the_applicants_own_submission_reads_as_before(tisbury_clerk):
    resident = UserFactory()
    application = create_application(applicant=resident, permit_type=permit_type(BODY_ART),
                                      action="new", acting_user=tisbury_clerk)

    submit_application(application=application, acting_user=resident)

    assert AuditEntry.objects.get(action="application.submitted").summary == (
        "Application submitted")
