"""Background work: rendering license PDFs after the issuing transaction commits."""

from django.core.files.base import ContentFile
from django_tasks import task

from permits_site.licensing.models import Permit
from permits_site.pdf.rendering import render_permit_pdf_bytes

#: Before the other background work (the e-mails above all): in a renewal season the clerk
#: prints and posts the licenses, and each e-mail links to its license's PDF.
PDF_PRIORITY = 10


@task(priority=PDF_PRIORITY)
def render_permit_pdf(permit_id: int) -> None:
    """Render and store a permit's PDF (the download renders on demand if not yet stored)."""
    permit = Permit.objects.select_related("permit_type", "municipality").get(pk=permit_id)
    if permit.pdf:
        return
    permit.pdf.save(
        f"{permit.number}.pdf", ContentFile(render_permit_pdf_bytes(permit)), save=False
    )
    Permit.objects.filter(pk=permit.pk).update(pdf=permit.pdf.name)
