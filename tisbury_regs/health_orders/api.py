"""``/api/v1/health-orders/``: Tisbury's orders with clocks over HTTP (BOH Reg 09.7.3,
09.4.8, 09.4.7, 09.5.2), registered from ``TisburyRegsConfig.ready``.

Enforcement staff of Tisbury read the cases; case workers open them with a report
(``bite-reports``, ``facility-warnings``, ``tanks``, ``ownership-changes``) and take each
step. Every call runs the service the web page uses
(:mod:`tisbury_regs.health_orders.services`), so the clocks, the record and the audit trail are
the same; refusals are 400s naming their field.
"""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from permits_site.accounts.models import User
from permits_site.accounts.permissions import (
    CASE_WORKER_ROLES,
    ENFORCEMENT_ROLES,
    can_work_case,
    require,
)
from permits_site.api.public.fields import (
    BoundedDateField,
    BoundedModelSerializer,
    MoneyField,
    StrictSerializer,
)
from permits_site.api.scopes import in_towns_where
from permits_site.enforcement.models import Case, Citation, Order
from tisbury_regs.health_orders import services
from tisbury_regs.models import tisbury

# -- out -----------------------------------------------------------------------------------


class ClockOrderSerializer(BoundedModelSerializer):
    class Meta:
        model = Order
        fields = ["id", "text", "citation", "issued_on", "comply_by", "ends_on", "complied_on"]


class RecordCitationSerializer(BoundedModelSerializer):
    class Meta:
        model = Citation
        fields = ["id", "offense", "citation", "offense_number", "warning", "forfeiture",
                  "amount_per_offense", "per_day", "issued_on", "accrues_until", "invoice"]


class HealthCaseSerializer(BoundedModelSerializer):
    """The case, its order with the clock, whether the clock has run out today, and the
    citations on the party's record from this case."""

    status = serializers.CharField(read_only=True, help_text="open, determined or closed.")
    order = serializers.SerializerMethodField()
    past_due = serializers.SerializerMethodField()
    citations = RecordCitationSerializer(many=True)

    class Meta:
        model = Case
        fields = ["id", "case_type", "status", "party", "party_name", "address", "complaint",
                  "findings", "order", "past_due", "citations"]

    @extend_schema_field(ClockOrderSerializer(allow_null=True))
    def get_order(self, case: Case) -> dict | None:
        order = services.clock_order(case)
        return ClockOrderSerializer(order).data if order else None

    def get_past_due(self, case: Case) -> bool:
        order = services.clock_order(case)
        return bool(order) and services.is_past(order, on=self.context["today"])


# -- in ------------------------------------------------------------------------------------


class PartyField(serializers.PrimaryKeyRelatedField):
    def __init__(self, **kwargs):
        super().__init__(queryset=User.objects.all(), **kwargs)


class BiteReportSerializer(serializers.Serializer):
    owner = PartyField()
    animal = serializers.CharField(max_length=200)
    bitten_on = BoundedDateField()
    place = serializers.CharField(max_length=300)
    bitten = serializers.CharField(max_length=200, required=False, allow_blank=True)


class FacilityWarningSerializer(serializers.Serializer):
    party = PartyField()
    facility = serializers.CharField(max_length=300)
    condition = serializers.CharField(max_length=5000)


class NewTankSerializer(serializers.Serializer):
    owner = PartyField()
    tank = serializers.CharField(max_length=200)
    address = serializers.CharField(max_length=300)
    in_use_on = BoundedDateField()


class OwnershipChangeSerializer(serializers.Serializer):
    owner = PartyField()
    establishment = serializers.CharField(max_length=200)
    address = serializers.CharField(max_length=300)
    changed_on = BoundedDateField()


class ReleaseSerializer(serializers.Serializer):
    released_on = BoundedDateField()


class CorrectionSerializer(serializers.Serializer):
    corrected_on = BoundedDateField()


class NotificationSerializer(serializers.Serializer):
    filed_on = BoundedDateField()


class CertifiedManagerSerializer(serializers.Serializer):
    certified_on = BoundedDateField()


class ForfeitureSerializer(serializers.Serializer):
    amount = MoneyField()


# -- the resource --------------------------------------------------------------------------


def _report(url_path: str, body_class, service):
    """A POST on the collection that opens a case with ``service``."""

    def run(self, request):
        self.require_case_worker()
        body = body_class(data=request.data)
        body.is_valid(raise_exception=True)
        case = service(acting_user=request.user, **body.validated_data)
        return self.respond(case, status.HTTP_201_CREATED)

    run.__name__, run.__doc__ = url_path.replace("-", "_"), service.__doc__
    routed = action(detail=False, methods=["post"], url_path=url_path, url_name=url_path,
                    serializer_class=body_class)(run)
    return extend_schema(request=body_class, responses={201: HealthCaseSerializer})(routed)


def _step(url_path: str, body_class, service):
    """A POST on one case running ``service`` on it."""

    def run(self, request, pk=None):
        case = self.get_object()
        self.require_case_worker()
        body = body_class(data=request.data)
        body.is_valid(raise_exception=True)
        service(case=case, acting_user=request.user, **body.validated_data)
        return self.respond(case)

    run.__name__, run.__doc__ = url_path.replace("-", "_"), service.__doc__
    routed = action(detail=True, methods=["post"], url_path=url_path, url_name=url_path,
                    serializer_class=body_class)(run)
    return extend_schema(request=body_class, responses={200: HealthCaseSerializer})(routed)


class HealthOrderViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                         viewsets.GenericViewSet):
    """Tisbury's cases with a clock, in the towns where the caller is enforcement staff."""

    serializer_class = HealthCaseSerializer

    def get_queryset(self):
        queryset = Case.objects.filter(case_type__in=services.HEALTH_CASE_TYPES
                                       ).prefetch_related("orders", "citations").order_by("pk")
        return in_towns_where(queryset, self.request.user, *ENFORCEMENT_ROLES,
                              town_field="municipality")

    def get_serializer_context(self):
        return {**super().get_serializer_context(), "today": timezone.localdate()}

    def require_case_worker(self) -> None:
        town = tisbury()
        require(can_work_case(self.request.user, town.pk), services.ACT, CASE_WORKER_ROLES,
                town=town)

    def respond(self, case: Case, code: int = status.HTTP_200_OK) -> Response:
        fresh = self.get_queryset().get(pk=case.pk)
        return Response(HealthCaseSerializer(fresh, context=self.get_serializer_context()).data,
                        status=code)

    bite_reports = _report("bite-reports", BiteReportSerializer,
                           services.record_bite_report)
    facility_warnings = _report("facility-warnings", FacilityWarningSerializer,
                                services.warn_public_facility)
    tanks = _report("tanks", NewTankSerializer, services.record_new_tank)
    ownership_changes = _report("ownership-changes", OwnershipChangeSerializer,
                                services.record_ownership_change)
    release = _step("release", ReleaseSerializer, services.release_from_quarantine)
    fine = _step("fine", StrictSerializer, services.fine_public_facility)
    correction = _step("correction", CorrectionSerializer,
                       services.record_facility_correction)
    notification = _step("notification", NotificationSerializer,
                         services.record_tank_notification)
    fuel_fine = _step("fuel-fine", StrictSerializer, services.cite_fuel_storage)
    certified_manager = _step("certified-manager", CertifiedManagerSerializer,
                              services.record_certified_manager)
    forfeiture = _step("forfeiture", ForfeitureSerializer, services.cite_food_manager)
