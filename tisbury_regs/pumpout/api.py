"""``/api/v1/pumpout-returns/``: septage pump-out returns (Tisbury BOH Reg 09.6.2) over HTTP,
registered from ``TisburyRegsConfig.ready``.

A member of a septage handler files a month's return (``POST /pumpout-returns/``) and reads its
handler's returns; Tisbury's staff read every return. Each call is one call of the service the
pages use; refusals are 400s naming their field (``jobs-<n>-<field>`` for the n-th job), or
403s; another party's record is a 404.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.response import Response

from permits_site.accounts import permissions
from permits_site.api.public.fields import (
    BoundedModelSerializer,
    StrictCharField,
    StrictDateField,
    StrictIntegerField,
    StrictSerializer,
    validated_body,
)
from permits_site.parties.models import Business, Property
from tisbury_regs.models import PumpoutJob, PumpoutReturn, tisbury
from tisbury_regs.periods import MUNICIPALITY
from tisbury_regs.pumpout import services


class JobSerializer(BoundedModelSerializer):
    class Meta:
        model = PumpoutJob
        fields = ["permit_number", "property", "address", "pumped_on", "gallons"]


class ReturnSerializer(BoundedModelSerializer):
    late = serializers.BooleanField(read_only=True)
    days_late = serializers.IntegerField(read_only=True)
    jobs = JobSerializer(many=True, read_only=True)

    class Meta:
        model = PumpoutReturn
        fields = ["id", "handler", "handler_permit", "month", "due_on", "filed_on", "late",
                  "days_late", "citation", "jobs"]


class FileJobSerializer(StrictSerializer):
    permit_number = StrictCharField(max_length=40)
    property = StrictIntegerField(required=False, allow_null=True, default=None,
                                  help_text="A Tisbury property on file; else give address.")
    address = StrictCharField(max_length=300, required=False, default="", allow_blank=True)
    pumped_on = StrictDateField()
    gallons = StrictIntegerField()


class FileReturnSerializer(StrictSerializer):
    handler = StrictIntegerField(help_text="The business holding the septage handler permit.")
    month = StrictDateField(help_text="Any day of the month returned, e.g. 2026-04-01.")
    jobs = FileJobSerializer(many=True, help_text="Empty for a month with no pump-outs.")


def _job(data: dict) -> services.Job:
    place = None
    if data["property"] is not None:
        place = Property.objects.filter(pk=data["property"],
                                        municipality__code=MUNICIPALITY).first()
        if place is None:
            raise serializers.ValidationError({"property": ["No such Tisbury property."]})
    return services.Job(permit_number=data["permit_number"], address=data["address"],
                               pumped_on=data["pumped_on"], gallons=data["gallons"],
                               place=place)


class PumpoutReturnViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                           viewsets.GenericViewSet):
    """Monthly pump-out returns: the user's handlers' own, every one for Tisbury's staff."""

    serializer_class = ReturnSerializer
    queryset = PumpoutReturn.objects.none()  # the schema's model; see get_queryset

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        visible = services.visible_to(self.request.user, tisbury())
        return (PumpoutReturn.objects.filter(visible).prefetch_related("jobs")
                .order_by("-month", "pk"))

    @extend_schema(request=FileReturnSerializer, responses={201: ReturnSerializer})
    def create(self, request):
        """File a month's return (members of a septage handler): late, it is flagged and a
        citation of $10 per permit per day late is written."""
        data = validated_body(FileReturnSerializer, request.data)
        handler = Business.objects.filter(
            pk=data["handler"], pk__in=permissions.business_ids(request.user)).first()
        if handler is None:
            raise serializers.ValidationError({"handler": ["You act for no such business."]})
        filed = services.file_return(
            handler=handler, month=data["month"], jobs=[_job(job) for job in data["jobs"]],
            acting_user=request.user)
        return Response(ReturnSerializer(filed).data, status=status.HTTP_201_CREATED)
