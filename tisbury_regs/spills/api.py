"""``/api/v1/spill-reports/``: hazardous substance spills reported to the Board (Tisbury BOH Reg
09.9.6(3)e, f), registered from ``TisburyRegsConfig.ready``.

The Board's staff list and read the reports and record one (``POST``); nobody else reads them
(403). Each call is the service the page uses; refusals are 400s naming their field; a property
of another town is a 400 on ``property``.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.response import Response

from permits_site.accounts import permissions
from permits_site.api.public.fields import (
    BoundedModelSerializer,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
    validated_body,
)
from permits_site.parties.models import Property
from tisbury_regs.models import SpillReport, tisbury
from tisbury_regs.periods import MUNICIPALITY
from tisbury_regs.spills import services


class SpillReportSerializer(BoundedModelSerializer):
    address = serializers.CharField(source="place", read_only=True,
                                    help_text="The property's address, or the place described.")

    class Meta:
        model = SpillReport
        fields = ["id", "property", "address", "location", "reported_by", "reporter_contact",
                  "substance", "quantity", "reported_at", "action_taken", "agencies_notified",
                  "recorded_at"]


class RecordSpillSerializer(StrictSerializer):
    property = StrictIntegerField(required=False, allow_null=True, default=None,
                                  help_text="A Tisbury property on file, if the spill is on one.")
    location = StrictCharField(required=False, default="", allow_blank=True, max_length=300,
                               help_text="Where, when no property is named.")
    reported_by = StrictCharField(max_length=200)
    reporter_contact = StrictCharField(required=False, default="", allow_blank=True,
                                       max_length=200)
    substance = StrictCharField(max_length=300)
    quantity = StrictCharField(required=False, default="", allow_blank=True, max_length=100)
    reported_at = serializers.DateTimeField()
    action_taken = StrictCharField(required=False, default="", allow_blank=True)
    agencies_notified = StrictCharField(required=False, default="", allow_blank=True,
                                        max_length=300)


class SpillReportViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                         viewsets.GenericViewSet):
    """Spill reports, newest first, for the Board's staff (09.9.6(3)e)."""

    serializer_class = SpillReportSerializer
    queryset = SpillReport.objects.none()  # the schema's model; see get_queryset

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        town = tisbury()
        permissions.require(services.may_see(self.request.user, town), "see spill reports",
                            permissions.ENFORCEMENT_ROLES, town=town)
        return services.spill_reports(town)

    @extend_schema(request=RecordSpillSerializer, responses={201: SpillReportSerializer})
    def create(self, request):
        """Record a spill reported to the Board and the action taken (09.9.6(3)e, f)."""
        self.get_queryset()
        data = dict(validated_body(RecordSpillSerializer, request.data))
        place = None
        if data["property"] is not None:
            place = Property.objects.filter(pk=data["property"],
                                            municipality__code=MUNICIPALITY).first()
            if place is None:
                raise serializers.ValidationError({"property": ["No such Tisbury property."]})
        data["place"] = place
        del data["property"]
        report = services.record_spill(acting_user=request.user, **data)
        return Response(SpillReportSerializer(report).data, status=status.HTTP_201_CREATED)
