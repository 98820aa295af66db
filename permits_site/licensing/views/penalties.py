"""The clerk records, from the review screen, the offense a penalty finding leads to
(spec ``lifecycle.md``, "What a failed rule does")."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST

from permits_site.enforcement.services.penalties import record_penalty_offense
from permits_site.exceptions import DomainError
from permits_site.licensing.views.resident import error_messages
from permits_site.licensing.views.staff import clerks_application, reviewer_required


@reviewer_required
@require_POST
def record_penalty(request, pk: int):
    """Cite the applicant for the offense of the penalty finding named in ``rule``."""
    application = clerks_application(request, pk)
    try:
        citation = record_penalty_offense(
            application=application, rule_id=request.POST.get("rule", ""),
            acting_user=request.user,
        )
    except DomainError as error:
        error_messages(request, error)
    else:
        messages.success(request, format_html(
            'Citation <a href="{}">#{}</a> recorded on case <a href="{}">#{}</a>: {}, ${}.',
            reverse("enforcement:citation", args=[citation.pk]), citation.pk,
            reverse("enforcement:case", args=[citation.case_id]), citation.case_id,
            citation.description, citation.amount_per_offense,
        ))
    return redirect("licensing:review", pk=pk)
