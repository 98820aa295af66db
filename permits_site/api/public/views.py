"""The public half of the API: the law as data, no login (api.md, "Public (no login)").

Towns and their calendars, permit types, the rule-set checks, and fee and
fine quotes. Every view is read-only with respect to the database and runs
through the same services and rule sets the pages use. Nothing here
authenticates, so neither sessions nor CSRF can interfere with a caller.
"""

from __future__ import annotations

import datetime as dt
import io
import math
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.exceptions import APIException, NotFound, ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from permits_site.api.errors import nest_errors
from permits_site.api.filters import requested_town
from permits_site.api.parsers import JSONObjectParser
from permits_site.api.public import serializers
from permits_site.api.public.fields import validated_body
from permits_site.api.schema import REFUSED
from permits_site.enforcement.services import quote_fine
from permits_site.licensing.declarations import Purpose, fact_field
from permits_site.licensing.finder import find_permit_types
from permits_site.licensing.kinds import applied_for
from permits_site.licensing.models import PermitType
from permits_site.licensing.services.declarations import declaration
from permits_site.licensing.services.fees import quote_fee
from permits_site.parties.places import derived_place_attributes, place_attributes
from permits_site.rules.base import RuleSet
from permits_site.rules.calendar import key_date_on, period_due
from permits_site.rules.fees import QuoteRefused
from permits_site.rules.registry import all_checks, get_check, town_law
from permits_site.towns.calendar import TownCalendar, town_calendar
from permits_site.towns.models import Municipality

TAGS = ["public"]
#: The ``Accept`` headers the plain check answers itself: DRF picks compact JSON for them.
PLAIN_ACCEPT = frozenset({"*/*", "application/json"})
UNKNOWN = OpenApiResponse(response=OpenApiTypes.OBJECT, description="No such code.")


class PublicView(APIView):
    """No authentication, no permission check, JSON bodies only."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    parser_classes = [JSONObjectParser]
    # JSON out only, no browsable HTML: negotiating between two renderers was a
    # noticeable share of the public rule check's time (issue 24).
    renderer_classes = [JSONRenderer]


def town_or_404(code: str) -> TownCalendar:
    """The town and its calendar from the cache (no query once warm), else 404."""
    town = town_calendar(code)
    if town is None:
        raise NotFound(f"There is no municipality '{code}'.")
    return town


def rule_set_or_404(code: str) -> RuleSet:
    """A rule set or an inspection checklist of any town, else 404."""
    rule_set = get_check(code)
    if rule_set is None:
        raise NotFound(f"There is no check '{code}'.")
    return rule_set


def judged_on(on: dt.date | None) -> dt.date:
    """``on`` when given, else today in the site's time zone (api.md, "General")."""
    return on or timezone.localdate()


def validated_query(serializer_class, request: Request) -> dict:
    serializer = serializer_class(data=request.query_params)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


class MunicipalityList(PublicView):
    @extend_schema(
        tags=TAGS, summary="Towns served and the weekdays their offices keep",
        responses=serializers.MunicipalitySerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        municipalities = Municipality.objects.order_by("name")
        return Response(serializers.MunicipalitySerializer(municipalities, many=True).data)


def described_place_attributes(code: str) -> list[dict]:
    """The town's place attributes in the shape of a permit type's ``fields``; one the town
    derives says so (``derived``) and how (lifecycle.md, api.md)."""
    asked = [{**fact_field(fact).describe(), "derived": False}
             for fact in place_attributes(code)]
    derived = [{**fact_field(item.fact).describe(), "required": False, "derived": True,
                "how": item.how}
               for item in derived_place_attributes(code)]
    return asked + derived


class MunicipalityDetail(PublicView):
    @extend_schema(
        tags=TAGS, summary="A town, what a client sends about its places, and where and "
                           "when its hearings are usually held",
        responses={200: serializers.MunicipalityDetailSerializer, 404: UNKNOWN},
    )
    def get(self, request: Request, code: str) -> Response:
        municipality = town_or_404(code).municipality
        return Response(serializers.MunicipalityDetailSerializer({
            "code": municipality.code, "name": municipality.name,
            "business_days": municipality.business_day_codes,
            "place_attributes": described_place_attributes(code),
            "hearing_time": municipality.hearing_time,
            "hearing_place": municipality.hearing_place,
        }).data)


class KeyDates(PublicView):
    @extend_schema(
        tags=TAGS, summary="A town's key dates of one year, each with its citation",
        parameters=[serializers.KeyDatesQuerySerializer],
        responses={200: serializers.KeyDatesSerializer, 400: REFUSED, 404: UNKNOWN},
    )
    def get(self, request: Request, code: str) -> Response:
        calendar = town_or_404(code).calendar
        year = validated_query(serializers.KeyDatesQuerySerializer, request).get(
            "year", timezone.localdate().year
        )
        dates = sorted(
            (
                {"code": key_date.code, "date": key_date_on(key_date, year, calendar),
                 "citation": key_date.citation}
                for key_date in town_law(code).key_dates.values()
            ),
            key=lambda row: (row["date"], row["code"]),
        )
        return Response(serializers.KeyDatesSerializer(
            {"municipality": code, "year": year, "dates": dates}
        ).data)


class Deadline(PublicView):
    @extend_schema(
        tags=TAGS, summary="The due date of a statutory period counted from a date",
        parameters=[serializers.DeadlineQuerySerializer],
        responses={200: serializers.DeadlineSerializer, 400: REFUSED, 404: UNKNOWN},
    )
    def get(self, request: Request, code: str, period: str) -> Response:
        town = town_or_404(code)
        municipality = town.municipality
        declared = town_law(code).periods.get(period)
        if declared is None:
            raise NotFound(f"{municipality.name} has no period '{period}'.")
        start = validated_query(serializers.DeadlineQuerySerializer, request)["from"]
        return Response(serializers.DeadlineSerializer({
            "period": declared.code,
            "from": start,
            "due": period_due(declared, start, town.calendar),
            "kind": declared.kind,
            "citation": declared.citation,
        }).data)


class PermitTypeList(PublicView):
    @extend_schema(
        tags=TAGS, summary="Permit types, with the check that judges each application",
        description="Filtered as the \"Apply for a permit\" page filters: by `municipality`, "
        "by `purpose` and by words (`q`). Types a town takes only at its office are listed "
        "too (`online` is in each type's declaration).",
        parameters=[serializers.PermitTypeQuerySerializer],
        responses={200: serializers.PermitTypeSerializer(many=True), 400: REFUSED},
    )
    def get(self, request: Request) -> Response:
        query = validated_query(serializers.PermitTypeQuerySerializer, request)
        town = query.get("municipality")
        if town is not None and not Municipality.objects.filter(code=town).exists():
            raise ValidationError({"municipality": [f"There is no municipality '{town}'."]})
        found = find_permit_types(
            municipality=town or "", purpose=Purpose(query["purpose"]) if "purpose" in query
            else None, query=query.get("q", ""),
            among=applied_for(PermitType.objects.select_related("municipality")).order_by(
                "municipality__name", "name"),
        )
        return Response(serializers.PermitTypeSerializer(
            [row.permit_type for row in found], many=True).data)


class PermitTypeDetail(PublicView):
    @extend_schema(
        tags=TAGS, summary="One permit type's declaration: holder, place, fields, documents, "
        "gates and fees",
        description="Besides the list's keys: `inspection_check` (the checklist of the "
        "inspection that gates issuance), `online`, `holder`, `about`, `fields` (exactly "
        "what `details` of POST /applications/ takes), `facts_from`, `documents`, `gates` "
        "and `fees` in force today (see lifecycle.md).",
        responses={200: serializers.PermitTypeDeclarationSerializer, 404: UNKNOWN},
    )
    def get(self, request: Request, code: str) -> Response:
        permit_type = applied_for(PermitType.objects.select_related("municipality")).filter(
            code=code).first()
        if permit_type is None:
            raise NotFound(f"There is no permit type '{code}'.")
        return Response(serializers.PermitTypeDeclarationSerializer(
            declaration(permit_type, on=timezone.localdate())).data)


class CheckList(PublicView):
    @extend_schema(
        tags=TAGS, summary="Every check (rule set): its facts and rules",
        description="Every rule set the product judges by: those that judge applications "
        "and the inspectors' checklists (`/inspections/` takes any of them as `check`).",
        parameters=[OpenApiParameter("municipality", str,
                                     description="Only this town's checks (its code).")],
        responses={200: serializers.RuleSetSerializer(many=True), 400: REFUSED},
    )
    def get(self, request: Request) -> Response:
        town = requested_town(request.query_params)
        checks = [rule_set for rule_set in all_checks()
                  if town is None or rule_set.municipality == town.code]
        return Response(serializers.RuleSetSerializer(checks, many=True).data)


class Check(PublicView):
    @extend_schema(
        tags=TAGS, summary="One check (rule set): its facts and rules",
        responses={200: serializers.RuleSetSerializer, 404: UNKNOWN},
    )
    def get(self, request: Request, code: str) -> Response:
        return Response(serializers.RuleSetSerializer(rule_set_or_404(code)).data)

    @extend_schema(
        tags=TAGS, summary="Judge facts against a check's rules",
        description="Every rule of the set reports exactly once, in the order of its "
        "section's rule table, with its citation. Facts are strict JSON: unknown, "
        "missing and wrongly typed facts are refused under `facts`.",
        request=serializers.CheckRequestSerializer,
        responses={200: serializers.CheckResultSerializer, 400: REFUSED, 404: UNKNOWN},
    )
    def post(self, request: Request, code: str) -> Response:
        return Response(check_answer(code, request.data))

    def dispatch(self, request: HttpRequest, *args, **kwargs) -> HttpResponseBase:
        """A plain check is answered here, without DRF's ``Request``, content negotiation
        and ``Response`` (a third of the check's time, issue 24); any other request, and
        every refusal, goes through DRF's own dispatch, which answers as it always has.

        The public check authenticates no one and allows everyone (no CSRF either, as
        every DRF view), so DRF's checks before the method have nothing to refuse: the
        plain path is taken only while that holds.
        """
        if self.admits_every_caller() and is_plain_json_post(request):
            try:
                data = JSONObjectParser().parse(io.BytesIO(request.body))
                answer = check_answer(kwargs["code"], data)
            except APIException:
                pass  # a refusal: DRF's dispatch below gives it its usual answer
            else:
                return self.json_response(answer)
        return super().dispatch(request, *args, **kwargs)

    def admits_every_caller(self) -> bool:
        """No authentication, throttling or versioning, and every caller allowed: DRF's
        checks before the method would refuse no one."""
        return (not self.authentication_classes and not self.throttle_classes
                and self.versioning_class is None
                and all(permission is AllowAny for permission in self.permission_classes))

    def json_response(self, answer: dict[str, Any]) -> HttpResponse:
        """``answer`` as DRF's ``Response`` would render it (the one renderer, the view's
        ``Allow`` header)."""
        renderer = JSONRenderer()
        response = HttpResponse(renderer.render(answer), content_type=renderer.media_type)
        for header, value in self.default_response_headers.items():
            response[header] = value
        return response


def check_answer(code: str, data: Any) -> dict[str, Any]:
    """The check ``code``'s answer to the request body ``data``: the one implementation
    behind both of :class:`Check`'s paths."""
    rule_set = rule_set_or_404(code)
    body = validated_body(serializers.CheckRequestSerializer, data, rule_set=rule_set)
    town = town_or_404(rule_set.municipality)
    result = rule_set.evaluate(body["facts"], on=judged_on(body["on"]), calendar=town.calendar)
    return serializers.check_result_json(result)


def is_plain_json_post(request: HttpRequest) -> bool:
    """A POST of a JSON body (no charset or other parameter) that takes compact JSON back:
    no query string (``?format=``), an ``Accept`` of JSON or anything, a body Django
    reads whole (within ``DATA_UPLOAD_MAX_MEMORY_SIZE``)."""
    meta = request.META
    return (
        request.method == "POST"
        and request.content_type == "application/json"
        and not request.content_params
        and not meta.get("QUERY_STRING")
        and meta.get("HTTP_ACCEPT", "*/*") in PLAIN_ACCEPT
        and 0 < content_length(meta) <= (settings.DATA_UPLOAD_MAX_MEMORY_SIZE or math.inf)
    )


def content_length(meta: dict[str, Any]) -> int:
    """The body's declared length; 0 when absent or not a number (as Django reads it)."""
    try:
        return int(meta.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return 0


class FeeQuote(PublicView):
    @extend_schema(
        tags=TAGS, summary="What a permit action costs on a date, line by line",
        request=serializers.FeeQuoteRequestSerializer,
        responses={200: serializers.FeeQuoteSerializer, 400: REFUSED},
    )
    def post(self, request: Request) -> Response:
        body = validated_body(serializers.FeeQuoteRequestSerializer, request.data)
        permit_type = (
            PermitType.objects.select_related("municipality")
            .filter(code=body["permit_type"]).first()
        )
        if permit_type is None:
            raise ValidationError(
                {"permit_type": [f"There is no permit type '{body['permit_type']}'."]}
            )
        on = judged_on(body["on"])
        try:
            quote, _schedule = quote_fee(
                permit_type=permit_type, action=body["action"], facts=body["facts"], on=on
            )
        except QuoteRefused as refused:
            raise nest_errors(
                refused.errors, under="facts", top_level=set(body) | {"non_field_errors"}
            ) from refused
        return Response(serializers.FeeQuoteSerializer({
            "permit_type": quote.permit_type,
            "action": quote.action,
            "on": on,
            "lines": [line.as_dict() for line in quote.lines],
            "total": quote.total,
        }).data)


class FineQuote(PublicView):
    @extend_schema(
        tags=TAGS, summary="What a non-criminal fine costs: offense number, amount, total",
        request=serializers.FineQuoteRequestSerializer,
        responses={200: serializers.FineQuoteSerializer, 400: REFUSED},
    )
    def post(self, request: Request) -> Response:
        body = validated_body(serializers.FineQuoteRequestSerializer, request.data)
        municipality = Municipality.objects.filter(code=body["municipality"]).first()
        if municipality is None:
            raise ValidationError(
                {"municipality": [f"There is no municipality '{body['municipality']}'."]}
            )
        quote = quote_fine(
            municipality=municipality,
            offense=body["offense"],
            prior_offenses=body["prior_offenses"],
            days=body["days"],
            units=body["units"],
            amount=body["amount"],
            on=judged_on(body["on"]),
        )
        return Response(serializers.FineQuoteSerializer(quote).data)
