"""``/citations/``: citations as money owed (MGL c.40 §21D), for the town and for the party.

Staff of a town who work its enforcement (and its administrators, who
reclassify surcharge events) see all of the town's citations; a resident
sees the citations written to them and to the businesses they act for.
Anyone else's citation is a 404. What a citation stands at — due, in
hearing, paid, referred to the court — is computed by the disposition
services on every read, never stored, so it cannot go stale; each action
is one service call with the pages' rules, windows and audit trail.
"""

from __future__ import annotations

import datetime as dt
import io
from typing import Any

from django.db.models import Q, QuerySet
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.routers import SimpleRouter

from permits_site.accounts import permissions
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import CITATION_STAFF_ROLES, require
from permits_site.api import serializers as api
from permits_site.api.enforcement import counted_through
from permits_site.api.hearings import (
    HearingTimeAndPlaceInput,
    HeldAtTimeAndPlaceOutput,
    time_and_place,
)
from permits_site.api.public.fields import (
    BoundedModelSerializer,
    MoneyField,
    QueryIntegerField,
    StrictCharField,
    StrictDateField,
    StrictSerializer,
    validated_body,
)
from permits_site.api.serializers import InvoiceLineSerializer
from permits_site.api.views import attachment
from permits_site.enforcement.models import (
    Citation,
    CitationHearing,
    CourtDecision,
    CourtOutcome,
    HearingOutcome,
)
from permits_site.enforcement.services import dispositions
from permits_site.enforcement.services.citations import citation_days, policy_of
from permits_site.enforcement.services.dispositions import Standing
from permits_site.licensing.models import Invoice, PaymentMethod
from permits_site.licensing.services.payments import record_payment
from permits_site.pdf.referrals import render_referral_packet_pdf
from permits_site.towns.models import Municipality

STANDINGS = [standing.value for standing in Standing]
MONEY = {"max_digits": 10, "decimal_places": 2}


def today() -> dt.date:
    return timezone.localdate()


# -- who sees and does what --------------------------------------------------------------


def visible_citations(queryset: QuerySet[Citation], user) -> QuerySet[Citation]:
    """Citations of the towns ``user`` staffs, and those ``user`` is the party of."""
    if not user.is_authenticated:
        return queryset.none()
    towns = permissions.municipality_ids_with(user, *CITATION_STAFF_ROLES)
    return queryset.filter(
        Q(case__municipality_id__in=towns)
        | permissions.party_rows(user, owner_field="case__party",
                                 business_field="case__party_business")
    )


def town_of(citation: Citation) -> int:
    return citation.case.municipality_id


def is_town_staff(user, citation: Citation) -> bool:
    return permissions.has_role(user, town_of(citation), *CITATION_STAFF_ROLES)


def is_cited_party(user, citation: Citation) -> bool:
    case = citation.case
    return permissions.is_party(user, person_id=case.party_id,
                                business_id=case.party_business_id)


# -- serializers: out --------------------------------------------------------------------


class CitationPartySerializer(serializers.Serializer):
    """Who was cited: the name on the case, the person's account and the business, if any."""

    name = serializers.CharField(source="party_name")
    person = serializers.IntegerField(source="party_id", allow_null=True)
    business = serializers.IntegerField(source="party_business_id", allow_null=True)


class CitationWindowSerializer(serializers.Serializer):
    """The town's window to pay or ask for a hearing, and the section that sets it."""

    days = serializers.IntegerField(allow_null=True,
                                    help_text="Calendar days, when the window is counted so.")
    description = serializers.CharField()
    citation = serializers.CharField()


class CitationInvoiceSerializer(BoundedModelSerializer):
    lines = InvoiceLineSerializer(many=True, read_only=True)
    total = serializers.DecimalField(**MONEY, read_only=True)

    class Meta:
        model = Invoice
        fields = ["id", "status", "total", "lines"]


class CitationHearingSerializer(HeldAtTimeAndPlaceOutput, BoundedModelSerializer):
    """The hearing the party asked for: its day, hour and place once set (as its notice
    gives them), and its decision."""

    outcome = serializers.CharField(
        allow_null=True, help_text="upheld, reduced or dismissed; null until decided.")

    class Meta:
        model = CitationHearing
        fields = ["requested_on", "hearing_date", "hearing_time", "location", "decided_on",
                  "outcome", "reduced_to", "pay_by", "note"]

    def to_representation(self, hearing: CitationHearing) -> dict[str, Any]:
        return {**super().to_representation(hearing), "outcome": hearing.outcome or None}


class CourtDecisionSerializer(BoundedModelSerializer):
    outcome = serializers.CharField(help_text="responsible or not_responsible.")

    class Meta:
        model = CourtDecision
        fields = ["decided_on", "outcome", "amount_per_offense", "note"]


class CitationDetailSerializer(BoundedModelSerializer):
    """A citation with what it amounts to, what is still owed and where it stands today.

    Querysets load it through :func:`dispositions.with_answers`, so a list of
    any length costs the same queries.
    """

    municipality = serializers.CharField(source="case.municipality.code", read_only=True)
    case = serializers.IntegerField(source="case_id", read_only=True)
    party = CitationPartySerializer(source="case", read_only=True)
    days = serializers.SerializerMethodField()
    amount = serializers.SerializerMethodField()
    balance = serializers.SerializerMethodField()
    pay_by = serializers.SerializerMethodField()
    window = serializers.SerializerMethodField()
    standing = serializers.SerializerMethodField()
    standing_label = serializers.SerializerMethodField()
    invoice = CitationInvoiceSerializer(read_only=True, allow_null=True)
    hearing = serializers.SerializerMethodField()
    court_decision = serializers.SerializerMethodField()
    surcharge_event = serializers.SerializerMethodField()
    referral_packet_url = serializers.SerializerMethodField()

    class Meta:
        model = Citation
        fields = ["id", "municipality", "case", "party", "offense", "description", "citation",
                  "offense_number", "warning", "forfeiture", "per_day", "units",
                  "amount_per_offense", "issued_on", "accrues_until", "days", "amount",
                  "balance", "due_on", "pay_by", "window", "standing", "standing_label",
                  "invoice", "hearing", "court_decision", "surcharge_event",
                  "referral_packet_url"]

    def standing_of(self, citation: Citation) -> Standing:
        return dispositions.standing(citation, on=today())

    def get_days(self, citation: Citation) -> int:
        """Days counted: through the last day once set, else through today."""
        return citation_days(citation, on=counted_through(citation))

    @extend_schema_field(serializers.DecimalField(**MONEY))
    def get_amount(self, citation: Citation) -> str:
        return f"{dispositions.amount(citation, on=today())}"

    @extend_schema_field(serializers.DecimalField(**MONEY))
    def get_balance(self, citation: Citation) -> str:
        return f"{dispositions.balance(citation)}"

    def get_pay_by(self, citation: Citation) -> dt.date | None:
        return dispositions.pay_by(citation)

    @extend_schema_field(CitationWindowSerializer)
    def get_window(self, citation: Citation) -> dict[str, Any]:
        window = policy_of(citation).window
        return {"days": window.days or None, "description": window.description,
                "citation": window.citation}

    @extend_schema_field(serializers.ChoiceField(choices=STANDINGS))
    def get_standing(self, citation: Citation) -> str:
        return self.standing_of(citation).value

    def get_standing_label(self, citation: Citation) -> str:
        return self.standing_of(citation).label

    @extend_schema_field(CitationHearingSerializer(allow_null=True))
    def get_hearing(self, citation: Citation) -> dict[str, Any] | None:
        hearing = dispositions.hearing_of(citation)
        return CitationHearingSerializer(hearing).data if hearing else None

    @extend_schema_field(CourtDecisionSerializer(allow_null=True))
    def get_court_decision(self, citation: Citation) -> dict[str, Any] | None:
        decision = dispositions.court_decision_of(citation)
        return CourtDecisionSerializer(decision).data if decision else None

    def get_surcharge_event(self, citation: Citation) -> str:
        """The surcharge event the citation represents ('' for none)."""
        return dispositions.current_surcharge_event(citation)

    def get_referral_packet_url(self, citation: Citation) -> str | None:
        """The court referral packet, for the town's staff, once the citation stands
        referred."""
        user = self.context["request"].user
        if self.standing_of(citation) is not Standing.REFERRED or not is_town_staff(user,
                                                                                    citation):
            return None
        return reverse("api:citation-referral-packet", args=[citation.pk])


# -- serializers: in ---------------------------------------------------------------------


def named_choices(component: str, choices: list[str]) -> type[serializers.ChoiceField]:
    """A choice field documented as its own named enum: ``outcome`` names several choice
    sets in the API (a rule's finding, a hearing's, a court's)."""

    @extend_schema_field({"type": "string", "enum": choices}, component_name=component)
    class NamedChoiceField(serializers.ChoiceField):
        def __init__(self, **kwargs: Any):
            super().__init__(choices=choices, **kwargs)

    return NamedChoiceField


HearingOutcomeField = named_choices("CitationHearingOutcome", HearingOutcome.values)
CourtOutcomeField = named_choices("CourtOutcome", CourtOutcome.values)


class CitationHearingDateSerializer(StrictSerializer, HearingTimeAndPlaceInput):
    """The day, hour and place of the hearing the party asked for: a day from today on, when
    the town's offices are open; the hour and place left out, the town's usual ones. Set
    again to move it while the hearing is undecided (the same day, hour and place again is
    a 400 naming ``hearing_date``), saying why in ``reason`` (a 400 naming it when missing;
    not asked the first time)."""

    hearing_date = StrictDateField()
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)


class CitationHearingDecisionSerializer(StrictSerializer):
    """The hearing's decision, on its day or later: upheld, reduced (``reduced_to``: the new
    total, less than the invoice's) or dismissed (the invoice is void)."""

    outcome = HearingOutcomeField()
    reduced_to = MoneyField(required=False, allow_null=True, default=None,
                            help_text="Reduced: the total now owed, less than the invoice's.")
    note = StrictCharField(max_length=5000, required=False, allow_blank=True, default="")


class CitationCourtDecisionSerializer(StrictSerializer):
    """The District Court's decision on a referred citation, dated between the citation and
    today."""

    outcome = CourtOutcomeField()
    decided_on = StrictDateField()
    amount_per_offense = MoneyField(
        required=False, allow_null=True, default=None,
        help_text="A forfeiture found responsible: the amount per offense the court set, "
                  "within the offense's range (the officer's amount if omitted).")
    note = StrictCharField(max_length=5000, required=False, allow_blank=True, default="")


class CitationPaymentSerializer(StrictSerializer):
    """Money received on the citation's invoice; the same ``reference`` again is the same
    receipt."""

    method = serializers.ChoiceField(choices=PaymentMethod.choices)
    reference = StrictCharField(max_length=100)
    amount = MoneyField()


class SurchargeEventSerializer(StrictSerializer):
    """The surcharge event the citation represents from now on, and why."""

    event = StrictCharField(max_length=40, allow_blank=True,
                            help_text="One of the town's surcharge events; '' for none.")
    reason = StrictCharField(max_length=300, allow_blank=True)


class CitationFilterSerializer(serializers.Serializer):
    """The list's query string; each bad value is a 400 naming its parameter."""

    standing = serializers.ChoiceField(choices=STANDINGS, required=False)
    municipality = serializers.CharField(max_length=60, required=False)
    person = QueryIntegerField(min_value=1, required=False)
    business = QueryIntegerField(min_value=1, required=False)

    def validate_municipality(self, code: str) -> str:
        if not Municipality.objects.filter(code=code).exists():
            raise ValidationError(f"There is no municipality '{code}'.")
        return code


FILTER_PARAMETERS = [
    OpenApiParameter("standing", str, enum=STANDINGS,
                     description="Only citations standing so today."),
    OpenApiParameter("municipality", str, description="Only this town's citations (its code)."),
    OpenApiParameter("person", int, description="Staff only: the cited person's user id."),
    OpenApiParameter("business", int, description="The cited business's id (staff, or a "
                                                  "member of that business)."),
]


# -- the standing filter -----------------------------------------------------------------


# -- the viewset -------------------------------------------------------------------------


class CitationViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                      viewsets.GenericViewSet):
    """Citations of the caller's towns, and the caller's own and their businesses'."""

    serializer_class = CitationDetailSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        citations = visible_citations(Citation.objects.all(), self.request.user)
        return dispositions.with_answers(citations).order_by("-issued_on", "-pk")

    def filter_queryset(self, queryset):
        if self.action != "list":
            return queryset
        query = CitationFilterSerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        wanted = query.validated_data
        user = self.request.user
        if "municipality" in wanted:
            queryset = queryset.filter(case__municipality__code=wanted["municipality"])
        if "person" in wanted:
            require(bool(permissions.municipality_ids_with(user, *CITATION_STAFF_ROLES)),
                    "look citations up by person", CITATION_STAFF_ROLES)
            queryset = queryset.filter(case__party_id=wanted["person"])
        if "business" in wanted:
            require(bool(permissions.municipality_ids_with(user, *CITATION_STAFF_ROLES))
                    or wanted["business"] in permissions.business_ids(user),
                    "look up a business's citations", CITATION_STAFF_ROLES,
                    party="a member of the business")
            queryset = queryset.filter(case__party_business_id=wanted["business"])
        if "standing" in wanted:
            queryset = dispositions.annotate_standing(queryset, on=today()).filter(
                standing_code=wanted["standing"])
        return queryset

    @extend_schema(parameters=FILTER_PARAMETERS)
    def list(self, request, *args, **kwargs):
        """Newest first; ``?standing=`` is judged today."""
        return super().list(request, *args, **kwargs)

    def respond(self, citation: Citation, *, status_code=status.HTTP_200_OK) -> Response:
        return Response(self.get_serializer(self.get_queryset().get(pk=citation.pk)).data,
                        status=status_code)

    @extend_schema(request=None, responses={201: CitationDetailSerializer})
    @action(detail=True, methods=["post"], url_path="hearing-request")
    def hearing_request(self, request, pk=None):
        """The party (or the town's case staff for them) asks for a hearing within the
        window; the citation waits for its decision."""
        citation = self.get_object()
        require(is_cited_party(request.user, citation)
                or permissions.can_work_case(request.user, town_of(citation)),
                "ask for a hearing", permissions.CASE_WORKER_ROLES, town=town_of(citation),
                party="the cited party")
        validated_body(StrictSerializer, request.data)
        dispositions.request_hearing(citation=citation, acting_user=request.user)
        return self.respond(citation, status_code=status.HTTP_201_CREATED)

    @extend_schema(request=CitationHearingDateSerializer, responses=CitationDetailSerializer)
    @action(detail=True, methods=["post"], url_path="hearing-date")
    def hearing_date(self, request, pk=None):
        """Set (or move) the day, hour and place of the requested hearing; the party is told
        each time."""
        citation = self.get_object()
        dispositions.HEARING_DATE_STEP.require(request.user, town_of(citation))
        data = validated_body(CitationHearingDateSerializer, request.data)
        dispositions.set_hearing_date(citation=citation, acting_user=request.user,
                                      hearing_date=data["hearing_date"],
                                      reason=data.get("reason", ""), **time_and_place(data))
        return self.respond(citation)

    @extend_schema(request=CitationHearingDecisionSerializer,
                   responses=CitationDetailSerializer)
    @action(detail=True, methods=["post"], url_path="hearing-decision")
    def hearing_decision(self, request, pk=None):
        """Upheld or reduced (a new window to pay runs from today), or dismissed; the party
        is told. Only once the hearing is held: before its day is set, or before that day, a
        400 naming ``outcome``."""
        citation = self.get_object()
        require(permissions.can_decide_case(request.user, town_of(citation)),
                "decide a citation's hearing", permissions.CASE_DECIDER_ROLES,
                town=town_of(citation))
        data = validated_body(CitationHearingDecisionSerializer, request.data)
        dispositions.decide_hearing(citation=citation, acting_user=request.user, **data)
        return self.respond(citation)

    @extend_schema(request=CitationCourtDecisionSerializer,
                   responses={201: CitationDetailSerializer})
    @action(detail=True, methods=["post"], url_path="court-decision")
    def court_decision(self, request, pk=None):
        """The District Court's decision on a referred citation; a forfeiture found
        responsible is invoiced now."""
        citation = self.get_object()
        town = town_of(citation)
        require(permissions.can_decide_case(request.user, town)
                or permissions.is_clerk(request.user, town),
                "record the court's decision", (Role.CLERK, *permissions.CASE_DECIDER_ROLES),
                town=town)
        data = validated_body(CitationCourtDecisionSerializer, request.data)
        dispositions.record_court_decision(citation=citation, acting_user=request.user, **data)
        return self.respond(citation, status_code=status.HTTP_201_CREATED)

    @extend_schema(request=CitationPaymentSerializer,
                   responses={201: api.PaymentSerializer, 200: api.PaymentSerializer})
    @action(detail=True, methods=["post"])
    def payments(self, request, pk=None):
        """The clerk records money received on the citation's invoice; the same
        ``reference`` again returns the first payment (200), as ``POST /payments/`` does."""
        citation = self.get_object()
        require(permissions.is_clerk(request.user, town_of(citation)),
                "record a payment at the counter", [Role.CLERK], town=town_of(citation))
        data = validated_body(CitationPaymentSerializer, request.data)
        if citation.invoice is None:
            raise ValidationError({"invoice": [
                f"Citation #{citation.pk} is {self.standing_label(citation)}; it has no "
                "invoice to pay."]})
        payment, created = record_payment(invoice=citation.invoice, acting_user=request.user,
                                          **data)
        return Response(api.PaymentSerializer(payment, context={"request": request}).data,
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)

    @extend_schema(request=SurchargeEventSerializer, responses=CitationDetailSerializer)
    @action(detail=True, methods=["post"], url_path="surcharge-event")
    def surcharge_event(self, request, pk=None):
        """An administrator reclassifies the surcharge event the citation represents."""
        citation = self.get_object()
        require(permissions.is_admin(request.user, town_of(citation)),
                "reclassify a citation's surcharge event", [Role.ADMIN], town=town_of(citation))
        data = validated_body(SurchargeEventSerializer, request.data)
        dispositions.classify_surcharge(citation=citation, acting_user=request.user, **data)
        return self.respond(citation)

    @extend_schema(responses={(200, "application/pdf"): OpenApiTypes.BINARY})
    @action(detail=True, methods=["get"], url_path="referral-packet")
    def referral_packet(self, request, pk=None):
        """The packet the town sends the District Court, once the citation stands
        referred (a 404 before)."""
        citation = self.get_object()
        require(is_town_staff(request.user, citation), "send a citation to the court",
                CITATION_STAFF_ROLES, town=town_of(citation))
        if dispositions.standing(citation, on=today()) is not Standing.REFERRED:
            raise NotFound("This citation does not stand referred to the court.")
        return attachment(io.BytesIO(render_referral_packet_pdf(citation)),
                          filename=f"citation-{citation.pk}-referral.pdf",
                          content_type="application/pdf")

    @staticmethod
    def standing_label(citation: Citation) -> str:
        return dispositions.standing(citation, on=today()).label.lower()


router = SimpleRouter()
router.register("citations", CitationViewSet, basename="citation")

urlpatterns = router.urls
