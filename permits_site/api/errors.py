"""Refusals in DRF's error shape: a JSON object keyed by the offending field.

Services raise :class:`~permits_site.exceptions.DomainError` (or
:class:`~permits_site.rules.fees.QuoteRefused` while pricing); both already
name their fields, so they become 400s as they are. A service refusing on
permission grounds is a 403, and so is a page's refusal
(:class:`~permits_site.accounts.permissions.Refused`): its ``detail`` says what was refused
and which roles of the town may do it, never DRF's bare "You do not have permission". A
record not found (Django's ``Http404``, from ``get_object_or_404``) is a 404 in the API's
words, never Django's "No PermitType matches the given query.", which names a class.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Set
from contextlib import contextmanager

from django.http import Http404, HttpResponsePermanentRedirect, JsonResponse
from django.urls import Resolver404, resolve
from django.views.decorators.csrf import csrf_exempt
from django.views.defaults import page_not_found
from rest_framework import exceptions
from rest_framework.views import exception_handler as drf_exception_handler

from permits_site.accounts.permissions import Refused
from permits_site.control_characters import API_PREFIX
from permits_site.exceptions import DomainError
from permits_site.exceptions import PermissionDenied as DomainPermissionDenied
from permits_site.rules.fees import QuoteRefused

#: A 404's ``detail`` where the operation names nothing more precise ("There is no
#: municipality 'bogus'."): what does not exist and what the caller may not see alike.
NOT_FOUND = "Not found."


def exception_handler(exc, context):
    if isinstance(exc, DomainPermissionDenied):
        exc = exceptions.PermissionDenied(_flat(exc.errors))
    elif isinstance(exc, Refused):
        exc = exceptions.PermissionDenied(str(exc))
    elif isinstance(exc, DomainError | QuoteRefused):
        exc = exceptions.ValidationError(exc.errors)
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound(NOT_FOUND)
    return drf_exception_handler(exc, context)


def not_found(request, exception):
    """The site's 404: JSON under /api/ (an ``{id}`` that is not a number matches no
    route, and a client of the API reads JSON), the site's page elsewhere."""
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"detail": NOT_FOUND}, status=404)
    return page_not_found(request, exception)


#: The name of the route that answers any address under /api/v1/ that names no operation.
UNMATCHED = "unmatched"


@csrf_exempt
def unmatched(request, rest: str = ""):
    """Any other address under /api/v1/: a JSON 404, whatever ``DEBUG`` says. An address
    missing only its final slash is sent to the one with it (301 for a read, 308, which
    keeps the method and body, for a write: Django's own redirect cannot carry a POST)."""
    with_slash = f"{request.path_info}/"
    if not request.path_info.endswith("/") and _names_an_operation(with_slash):
        query = request.META.get("QUERY_STRING", "")
        target = f"{request.path}/" + (f"?{query}" if query else "")
        redirect = (HttpResponsePermanentRedirect if request.method in ("GET", "HEAD")
                    else _PermanentRedirectKeepingMethod)
        return redirect(target)
    return JsonResponse({"detail": NOT_FOUND}, status=404)


class _PermanentRedirectKeepingMethod(HttpResponsePermanentRedirect):
    status_code = 308


def _names_an_operation(path: str) -> bool:
    try:
        return resolve(path).url_name != UNMATCHED
    except Resolver404:
        return False


def _flat(errors: Mapping[str, list[str]]) -> str:
    return " ".join(message for messages in errors.values() for message in messages)


def nest_errors(
    errors: Mapping[str, list[str]], *, under: str, top_level: Set[str] = frozenset()
) -> exceptions.ValidationError:
    """A 400 with the errors of a nested object's fields under its key.

    Errors about the request as a whole (``non_field_errors``, a form's
    ``__all__``) and about the fields in ``top_level`` stay at the top: the
    dog form that parses an application's ``details`` also judges its ``action``.
    """
    nested: dict[str, list[str]] = {}
    refused: dict[str, object] = {}
    for name, messages in errors.items():
        if name in ("non_field_errors", "__all__"):
            refused.setdefault("non_field_errors", []).extend(messages)
        elif name in top_level:
            refused[name] = messages
        else:
            nested[name] = messages
    if nested:
        refused[under] = nested
    return exceptions.ValidationError(refused)


@contextmanager
def named_as_sent(**request_field: str) -> Iterator[None]:
    """Refusals raised inside the block, keyed by the request's own field names.

    A service names its arguments (``check_code``), which the pages' forms share; an
    endpoint taking the value under another name (``check``) maps each such service
    name to its own, so an error names what the client sent (api.md, "Errors").
    """
    try:
        yield
    except DomainError as refused:
        refused.errors = {request_field.get(name, name): messages
                          for name, messages in refused.errors.items()}
        raise
