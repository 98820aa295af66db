"""``/api/v1/pumpout-returns/`` and ``/api/v1/well-readings/``: septage pump-out returns
(Tisbury BOH Reg 09.6.2) and well meter readings (09.3.1(4)) over HTTP, registered from
``TisburyRegsConfig.ready``.

A member of a septage handler files a month's return (``POST /pumpout-returns/``) and reads its
handler's returns; Tisbury's staff read every return. A well's owner records a reading
(``POST /well-readings/``) and reads the readings of their metered wells; staff read all. Each
call is one call of the service the pages use; refusals are 400s naming their field
(``jobs-<n>-<field>`` for the n-th job), or 403s; another party's record is a 404.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.response import Response

from permits_site.accounts import permissions
from permits_site.api.public.fields import (
    StrictCharField,
    StrictDateField,
    StrictIntegerField,
    StrictSerializer,
    validated_body,
)
from permits_site.licensing.models import Permit
from permits_site.parties.models import Business, Property
from tisbury_regs import pumpout_returns, well_readings
from tisbury_regs.models import PumpoutJob, PumpoutReturn, WellMeterReading, WellSeason
from tisbury_regs.periods import MUNICIPALITY

# -- pump-out returns (09.6.2) ------------------------------------------------------------


class JobSerializer(serializers.ModelSerializer):
    class Meta:
        model = PumpoutJob
        fields = ["permit_number", "property", "address", "pumped_on", "gallons"]


class ReturnSerializer(serializers.ModelSerializer):
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


def _job(data: dict) -> pumpout_returns.Job:
    place = None
    if data["property"] is not None:
        place = Property.objects.filter(pk=data["property"],
                                        municipality__code=MUNICIPALITY).first()
        if place is None:
            raise serializers.ValidationError({"property": ["No such Tisbury property."]})
    return pumpout_returns.Job(permit_number=data["permit_number"], address=data["address"],
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
        visible = pumpout_returns.visible_to(self.request.user, pumpout_returns.tisbury())
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
        filed = pumpout_returns.file_return(
            handler=handler, month=data["month"], jobs=[_job(job) for job in data["jobs"]],
            acting_user=request.user)
        return Response(ReturnSerializer(filed).data, status=status.HTTP_201_CREATED)


# -- well meter readings (09.3.1(4)) ------------------------------------------------------


class ReadingSerializer(serializers.ModelSerializer):
    class Meta:
        model = WellMeterReading
        fields = ["id", "well", "year", "season", "read_on", "meter_gallons",
                  "gallons_since_previous", "recorded_on"]


class RecordReadingSerializer(StrictSerializer):
    well = StrictIntegerField(help_text="The well registration permit's id.")
    season = serializers.ChoiceField(choices=WellSeason.choices)
    read_on = StrictDateField()
    meter_gallons = StrictIntegerField(help_text="The sealed meter's cumulative gallons.")


class WellReadingViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                         viewsets.GenericViewSet):
    """Meter readings: of the user's own wells, of every Tisbury well for its staff."""

    serializer_class = ReadingSerializer
    queryset = WellMeterReading.objects.none()  # the schema's model; see get_queryset

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        town = well_readings.tisbury()
        readings = WellMeterReading.objects.filter(well__municipality=town)
        if not permissions.is_town_staff(self.request.user, town.pk):
            readings = readings.filter(permissions.party_rows(
                self.request.user, owner_field="well__holder",
                business_field="well__holder_business"))
        return readings.order_by("-read_on", "-pk")

    @extend_schema(request=RecordReadingSerializer, responses={201: ReadingSerializer})
    def create(self, request):
        """Record a season's reading of one of the user's metered wells."""
        data = dict(validated_body(RecordReadingSerializer, request.data))
        well = (Permit.objects.filter(pk=data.pop("well"), municipality__code=MUNICIPALITY)
                .filter(permissions.party_rows(request.user, owner_field="holder",
                                               business_field="holder_business"))
                .select_related("application", "permit_type", "municipality").first())
        if well is None:
            raise serializers.ValidationError({"well": ["You hold no such well."]})
        reading = well_readings.record_reading(well=well, acting_user=request.user, **data)
        return Response(ReadingSerializer(reading).data, status=status.HTTP_201_CREATED)
