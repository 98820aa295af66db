"""Each stable page's action is one service call, in one transaction, with its own audit
entry: the application and the documents chosen with it are saved together, or nothing is
(the same services serve ``/api/v1/applications/``)."""

import datetime as dt

import pytest
import time_machine
from django.core.files.uploadedfile import SimpleUploadedFile

from permits_site.audit.models import AuditEntry
from permits_site.exceptions import DomainError
from permits_site.licensing.models import Application, Document
from permits_site.parties.models import Property
from stables.permits import services
from stables.permits.kinds import PLOT_PLAN, STABLE_PLAN, TRANSFEREE_NOTICE, TRANSFEROR_NOTICE
from tests.factories import UserFactory
from tests.stables.flow import ITEMS, answers, drafted, pdf, permitted

pytestmark = pytest.mark.django_db
MARCH_15_2027 = dt.datetime(2027, 3, 15, 10, 0)


def not_a_document(name: str = "notes.txt") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, b"not a plan", content_type="text/plain")


def plans(plot=None, stable=None) -> dict:
    return {PLOT_PLAN: plot or pdf("plot.pdf"), STABLE_PLAN: stable or pdf("stable.pdf")}


def apply(keeper, **options):
    return services.apply_for_stable_permit(
        applicant=keeper, permit_type_code=services.PRIVATE_STABLE, occupancy="owner",
        items=ITEMS, facts=answers(), acting_user=keeper, **options,
    )


@time_machine.travel(MARCH_15_2027, tick=False)
def test_applying_puts_the_site_on_file_and_attaches_the_plans_with_one_audit_entry(keeper):
    application = apply(keeper, address="12 Bartlett Street", parcel="62-104",
                        documents=plans())

    assert application.place.address == "12 Bartlett Street"
    assert application.place.parcel == "62-104"
    assert sorted(application.documents.values_list("original_name", flat=True)) == [
        "plot.pdf", "stable.pdf"
    ]
    entry = AuditEntry.objects.get(action="stable_application.new")
    assert entry.actor == keeper
    assert entry.object_id == application.pk
    assert entry.after["documents"] == [PLOT_PLAN, STABLE_PLAN]
    assert "12 Bartlett Street" in entry.summary


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_refused_plan_leaves_no_site_no_application_and_no_document(keeper):
    with pytest.raises(DomainError) as refusal:
        apply(keeper, address="12 Bartlett Street", documents=plans(stable=not_a_document()))

    assert "file" in refusal.value.errors
    assert not Property.objects.filter(address="12 Bartlett Street").exists()
    assert not Application.objects.exists()
    assert not Document.objects.exists()
    assert not AuditEntry.objects.filter(action__startswith="stable_application").exists()


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_plan_not_chosen_is_left_for_later(keeper):
    application = apply(keeper, address="12 Bartlett Street",
                        documents={PLOT_PLAN: pdf("plot.pdf"), STABLE_PLAN: None})

    assert list(application.documents.values_list("kind", flat=True)) == [PLOT_PLAN]
    assert AuditEntry.objects.get(action="stable_application.new").after["documents"] == [
        PLOT_PLAN
    ]


@time_machine.travel(MARCH_15_2027, tick=False)
def test_changing_a_draft_adds_the_plans_chosen_with_the_change(keeper):
    application = drafted(keeper)

    services.update_stable_draft(application=application, items=ITEMS, facts=answers(),
                                 documents={PLOT_PLAN: pdf("new-plot.pdf")},
                                 acting_user=keeper)

    assert application.documents.filter(original_name="new-plot.pdf").exists()
    entry = AuditEntry.objects.get(action="stable_application.updated")
    assert entry.after["documents"] == [PLOT_PLAN]
    assert PLOT_PLAN in entry.summary


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_refused_change_keeps_the_draft_as_it_was(keeper):
    application = drafted(keeper)

    with pytest.raises(DomainError):
        services.update_stable_draft(
            application=application, items={**ITEMS, "layout": "Changed."}, facts=answers(),
            documents={PLOT_PLAN: not_a_document()}, acting_user=keeper,
        )

    application.stable_application.refresh_from_db()
    assert application.stable_application.layout == ITEMS["layout"]
    assert application.documents.count() == 2


def test_renewing_attaches_the_plans_and_audits_the_renewal(keeper, nb_clerk):
    with time_machine.travel(MARCH_15_2027, tick=False):
        permit = permitted(keeper, nb_clerk)
    with time_machine.travel(dt.datetime(2028, 3, 1, 10, 0), tick=False):
        application = services.renew_stable_permit(
            applicant=keeper, permit=permit,
            items={**ITEMS, "changes_made": "No changes"}, facts=answers(),
            documents=plans(), acting_user=keeper,
        )

    assert application.previous_permit == permit
    assert application.documents.count() == 2
    entry = AuditEntry.objects.get(action="stable_application.renewal")
    assert entry.after["changes_made"] == "No changes"


@time_machine.travel(MARCH_15_2027, tick=False)
def test_a_transfer_takes_both_notices_or_nothing(keeper, nb_clerk):
    permit = permitted(keeper, nb_clerk)
    newcomer = UserFactory()
    start = dict(applicant=newcomer, permit_number=permit.number,
                 address="12 Bartlett Street", occupancy="occupant", acting_user=newcomer)

    with pytest.raises(DomainError):
        services.transfer_stable_permit(
            **start, documents={TRANSFEROR_NOTICE: pdf("from.pdf"),
                                TRANSFEREE_NOTICE: not_a_document()})
    assert not Application.objects.filter(action="transfer").exists()

    application = services.transfer_stable_permit(
        **start, documents={TRANSFEROR_NOTICE: pdf("from.pdf"),
                            TRANSFEREE_NOTICE: pdf("to.pdf")})
    assert sorted(application.documents.values_list("kind", flat=True)) == [
        TRANSFEREE_NOTICE, TRANSFEROR_NOTICE
    ]
    assert AuditEntry.objects.get(action="stable_application.transfer").actor == newcomer
