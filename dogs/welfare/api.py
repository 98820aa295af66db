"""``/api/v1/vacated-properties/``: vacated property inspected for abandoned animals over
HTTP (North Andover Code ch. 60, Welfare G), registered from ``DogsConfig.ready``. The
officer records; the town's readers read; anyone else gets a 404."""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from dogs.models import VacatedPropertyReport, VacatedReason
from dogs.officer_records import ReadsOfficerRecords, record_town_ids
from dogs.periods import MUNICIPALITY
from dogs.welfare import services
from permits_site.api.public.fields import (
    BoundedDateField,
    BoundedModelSerializer,
    StrictBooleanField,
)
from permits_site.towns.models import Municipality


class VacatedPropertySerializer(BoundedModelSerializer):
    penalty_grounds = serializers.SerializerMethodField()
    keep_until = serializers.DateField(read_only=True)

    class Meta:
        model = VacatedPropertyReport
        fields = ["id", "address", "responsible_party", "reason", "known_vacated_on",
                  "inspect_by", "inspected_on", "animals_found", "animals",
                  "officer_notified_on", "call", "impoundment", "case", "penalty_grounds",
                  "keep_until"]

    def get_penalty_grounds(self, report: VacatedPropertyReport) -> list[str]:
        """Why the civil penalty of Welfare G(6) may apply today."""
        return services.penalty_grounds(report, timezone.localdate())


class VacatedCreateSerializer(serializers.Serializer):
    address = serializers.CharField(max_length=300)
    responsible_party = serializers.CharField(max_length=200)
    reason = serializers.ChoiceField(choices=VacatedReason.choices)
    known_vacated_on = BoundedDateField()
    call = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1)


class InspectionSerializer(serializers.Serializer):
    inspected_on = BoundedDateField()
    animals_found = StrictBooleanField()
    animals = serializers.CharField(max_length=300, required=False, default="")
    officer_notified_on = BoundedDateField(required=False, allow_null=True, default=None)


class LinkSerializer(serializers.Serializer):
    impoundment = serializers.IntegerField(required=False, allow_null=True, default=None,
                                           min_value=1)
    case = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1)


class VacatedPropertyViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                             viewsets.GenericViewSet):
    """Vacated property reports of the caller's towns, newest first."""

    serializer_class = VacatedPropertySerializer
    permission_classes = [ReadsOfficerRecords]

    def get_queryset(self):
        return VacatedPropertyReport.objects.filter(
            municipality_id__in=record_town_ids(self.request.user))

    def respond(self, report, code: int = status.HTTP_200_OK) -> Response:
        return Response(VacatedPropertySerializer(self.get_queryset().get(pk=report.pk),
                                 context=self.get_serializer_context()).data,
                        status=code)

    @extend_schema(request=VacatedCreateSerializer, responses={201: VacatedPropertySerializer})
    def create(self, request):
        """Record a vacated property; its inspection is due three days after (G(1))."""
        body = VacatedCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        report = services.record_report(
            municipality=Municipality.objects.get(code=MUNICIPALITY),
            acting_user=request.user, **body.validated_data)
        return self.respond(report, status.HTTP_201_CREATED)

    @extend_schema(request=InspectionSerializer, responses={200: VacatedPropertySerializer})
    @action(detail=True, methods=["post"], serializer_class=InspectionSerializer)
    def inspection(self, request, pk=None):
        """The inspection and what it found (G(1), G(2))."""
        report = self.get_object()
        body = InspectionSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.record_inspection(report=report, acting_user=request.user,
                                   **body.validated_data)
        return self.respond(report)

    @extend_schema(request=LinkSerializer, responses={200: VacatedPropertySerializer})
    @action(detail=True, methods=["post"], serializer_class=LinkSerializer)
    def links(self, request, pk=None):
        """The impoundment of the animals (G(7)) and the civil penalty's case (G(6))."""
        report = self.get_object()
        body = LinkSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.link_records(report=report, acting_user=request.user, **body.validated_data)
        return self.respond(report)
