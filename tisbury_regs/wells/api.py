"""``/api/v1/well-readings/``: well meter readings (Tisbury BOH Reg 09.3.1(4)) over HTTP,
registered from ``TisburyRegsConfig.ready``.

A well's owner records a reading (``POST /well-readings/``) and reads the readings of their
metered wells; Tisbury's staff read all. Each call is one call of the service the pages use;
refusals are 400s naming their field, or 403s; another party's record is a 404.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.response import Response

from permits_site.accounts import permissions
from permits_site.api.public.fields import (
    BoundedModelSerializer,
    StrictDateField,
    StrictIntegerField,
    StrictSerializer,
    validated_body,
)
from permits_site.licensing.models import Permit
from tisbury_regs.models import WellMeterReading, WellSeason, tisbury
from tisbury_regs.periods import MUNICIPALITY
from tisbury_regs.wells import services


class ReadingSerializer(BoundedModelSerializer):
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
        town = tisbury()
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
        reading = services.record_reading(well=well, acting_user=request.user, **data)
        return Response(ReadingSerializer(reading).data, status=status.HTTP_201_CREATED)
