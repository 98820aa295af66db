"""The site's own page for a refused, missing or failed request — with DEBUG on too.

Django shows its own pages for 403, 404 and 500 (its technical pages with
DEBUG on); this middleware answers with the site's instead. A refusal says
what was refused and which roles of the town may do it
(:class:`permits_site.accounts.permissions.Refused`, or a service's
:class:`permits_site.exceptions.PermissionDenied`). A record that does not
exist and one the person may not see get the same "not found" page, so an id
tells nothing. An error's traceback goes to the log, never to the page. The
API (``/api/``) keeps answering in JSON.
"""

from __future__ import annotations

from django.conf import settings
from django.core import signals
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.log import log_response

from permits_site.exceptions import PermissionDenied as DomainPermissionDenied

API_PREFIX = "/api/"
#: Set on the responses this module renders, so a "not found" page is not rendered twice.
SITE_PAGE = "_site_error_page"


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith(API_PREFIX)


def site_page(request: HttpRequest, template: str, status: int, **context) -> HttpResponse:
    response = render(request, template, context, status=status)
    setattr(response, SITE_PAGE, True)
    return response


def not_found(request: HttpRequest) -> HttpResponse:
    """The same page whether the record is missing or only not the person's to see."""
    return site_page(request, "404.html", 404)


def refused(request: HttpRequest, exception: Exception) -> HttpResponse:
    """What was refused and who may do it, as the refusal names them."""
    return site_page(request, "403.html", 403, reason=str(exception),
                     roles=getattr(exception, "roles", ""))


def failed(request: HttpRequest, exception: Exception) -> HttpResponse:
    """An error of the site's own: its traceback is logged, the person gets a plain page."""
    signals.got_request_exception.send(sender=None, request=request)
    response = site_page(request, "500.html", 500)
    log_response("%s: %s", response.reason_phrase, request.path, response=response,
                 request=request, exception=exception)
    return response


class SitePagesMiddleware:
    """Answer refusals, missing records and errors of the pages with the site's pages."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (settings.DEBUG and response.status_code == 404 and not is_api(request)
                and not getattr(response, SITE_PAGE, False)):
            # A path no URL matches: Django answers it before any view, with its
            # technical page when DEBUG is on.
            return not_found(request)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception):
        if is_api(request):
            return None
        if isinstance(exception, Http404):
            return not_found(request)
        if isinstance(exception, PermissionDenied | DomainPermissionDenied):
            return refused(request, exception)
        return failed(request, exception)
