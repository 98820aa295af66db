"""A kennel license from declared details to issue: the Animal Inspector's favorable
inspection is its gate (Kennel license B(3))."""

from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils import timezone

from permits_site.enforcement.services import (
    close_inspection,
    record_inspection,
    schedule_inspection,
)
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import PermitType
from permits_site.licensing.services.applications import approve_application, submit_application
from permits_site.licensing.services.documents import review_document, upload_document
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import issue_permit

KENNEL = "north_andover.kennel_license"
#: The Animal Inspector's checklist: the five findings of the kennel license rule set (B(3)).
KENNEL_INSPECTION = "north_andover.kennel_inspection"
#: What the applicant states: six dogs, all vaccinated, well back from the lines.
KENNEL_ANSWERS = {
    "dogs_over_6_months": 6,
    "dogs_with_current_rabies": 6,
    "distance_to_lot_line_ft": 40,
    "distance_to_abutting_dwelling_ft": 80,
    "veterinary_medical_boarding": False,
}
#: The Animal Inspector's five findings, all favorable.
FAVORABLE = {
    "location_appropriate": True,
    "no_adverse_neighborhood_effect": True,
    "safe_sanitary_humane": True,
    "records_kept": True,
    "consistent_with_health_safety": True,
}


SAMPLE = "tests/fixtures_files/rabies_certificate.pdf"


def attach_rabies_certificates(application, count: int) -> None:
    """The applicant attaches ``count`` rabies certificates (Kennel license B(1))."""
    for number in range(count):
        with open(SAMPLE, "rb") as sample:
            upload_document(application=application, uploaded_by=application.applicant,
                            kind="rabies_certificate",
                            upload=SimpleUploadedFile(f"dog-{number}.pdf", sample.read()))


def kennel_draft(holder, residence, **answers):
    """A draft kennel license application for ``residence``, built from its declaration."""
    permit_type = PermitType.objects.get(code=KENNEL)
    kind = kind_for(KENNEL)
    details = kind.parse_details(
        permit_type, {"property": residence.pk, **KENNEL_ANSWERS, **answers},
        action="new", applicant=holder,
    )
    return kind.start_application(applicant=holder, permit_type=permit_type, action="new",
                                  details=details)


def kennel_application(holder, residence, **answers):
    """A submitted kennel license application, a rabies certificate attached for each dog."""
    application = kennel_draft(holder, residence, **answers)
    attach_rabies_certificates(application, application.facts["dogs_over_6_months"])
    return submit_application(application=application, acting_user=holder)


def inspect(application, inspector, *, findings=FAVORABLE):
    inspection = schedule_inspection(
        municipality=application.municipality, check_code=KENNEL_INSPECTION,
        scheduled_for=timezone.localdate(), inspector=inspector, acting_user=inspector,
        application=application,
    )
    record_inspection(inspection=inspection, answers=findings, notes="",
                      acting_user=inspector)
    return close_inspection(inspection=inspection, acting_user=inspector)


def kennel_licensed(holder, residence, *, inspector, clerk):
    """An issued kennel license held by ``holder`` for ``residence``."""
    application = kennel_application(holder, residence)
    for document in application.documents.all():
        review_document(document=document, accepted=True, acting_user=clerk)
    inspect(application, inspector)
    invoice = application.invoices.get()
    record_payment(invoice=invoice, method="cash", reference=f"K-{application.pk}",
                   amount=invoice.total, acting_user=clerk)
    approve_application(application=application, acting_user=clerk)
    return issue_permit(application=application, acting_user=clerk)
