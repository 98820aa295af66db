"""The applicant asks the Board for relief from their own application: a variance of failed
rules in Northborough (§8), a waiver of any of the Board's regulations in Tisbury (09.0.3).
The written request is the one the clerk files from the review screen, judged by the same
service; what the law puts beyond any waiver is said before it is sent. Another person's
application is not found."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils.translation import gettext_noop
from django.views.decorators.http import require_http_methods

from permits_site.accounts import permissions
from permits_site.exceptions import DomainError
from permits_site.licensing import transitions
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import Application
from permits_site.licensing.relief import relief_words, unvaried_failures
from permits_site.licensing.review_forms import VarianceRequestForm
from permits_site.licensing.services import applications as application_services
from permits_site.licensing.services import variances as variance_services
from permits_site.licensing.templatetags.localised import explained
from permits_site.licensing.views.access import get_visible_or_404
from permits_site.rules.wording import explain
from permits_site.towns.typed_text import typed_value


def may_ask(application: Application, *, failures: list) -> bool:
    """Whether the application page offers the request: the law provides relief, the status
    allows it, and some failed rule is not yet before the Board — or, where the request is
    a written application naming the regulation (Tisbury 09.0.3), at any time."""
    kind = kind_for(application.permit_type.code)
    return bool(kind.variance_citation and (failures or kind.written_waiver_application)
                and transitions.can("request_variance", application))


@login_required
@require_http_methods(["GET", "POST"])
def variance_request(request, pk: int):
    """The written request, with the refusals the law requires listed above it."""
    application = get_visible_or_404(
        Application.objects.select_related("permit_type__municipality", "place", "business",
                                           "applicant"),
        permissions.can_ask_for_variance, request.user, pk=pk,
    )
    kind = kind_for(application.permit_type.code)
    result = application_services.evaluate(application)
    failures = unvaried_failures(result, application.variances.all(), kind=kind,
                                 before_board=True)
    if not may_ask(application, failures=failures):
        messages.error(request, explained(explain(gettext_noop(
            "No failed rule of this application can be put before the %(authority)s now."),
            authority=typed_value(application.permit_type, "authority"))))
        return redirect("licensing:application", pk=pk)
    form = VarianceRequestForm(request.POST or None, prefix="variance", failures=failures,
                               application=application, by_applicant=True)
    if request.method == "POST" and form.is_valid():
        try:
            variance_services.request_variance(application=application, acting_user=request.user,
                                               result=result, **form.cleaned_data)
        except DomainError as refused:
            form.add_domain_errors(refused.errors)
        else:
            messages.success(request, explained(explain(
                gettext_noop("Your %(noun)s request is before the %(authority)s."),
                noun=explain(kind.variance_notice.noun),
                authority=typed_value(application.permit_type, "authority"))))
            return redirect("licensing:application", pk=pk)
    return render(request, "licensing/variance_request.html", {
        "application": application, "form": form, "noun": kind.variance_notice.noun,
        "limits": kind.variance_limits(application), "citation": kind.variance_citation,
        "limits_heading": relief_words(kind).limits_heading,
    }, status=400 if request.method == "POST" else 200)
