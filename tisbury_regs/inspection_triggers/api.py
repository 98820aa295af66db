"""``/api/v1/septic-inspections-required/``: the septic inspections the record requires
(Tisbury BOH Reg 09.0.8(4)) over HTTP, registered from ``TisburyRegsConfig.ready``.

Tisbury's staff read the open ones (``GET``), soonest due first, and record a sale, a change
of use or the septage plan's day on a property (``POST``). Each call is the service the pages
use; refusals are 400s naming their field, or 403s; a property of another town is a 400 on
``property``.
"""

from __future__ import annotations

from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.response import Response

from permits_site.accounts import permissions
from permits_site.api.public.fields import (
    StrictCharField,
    StrictDateField,
    StrictIntegerField,
    StrictSerializer,
    validated_body,
)
from permits_site.parties.models import Property
from permits_site.towns.models import Municipality
from tisbury_regs.inspection_triggers import services
from tisbury_regs.models import InspectionTriggerReason
from tisbury_regs.periods import MUNICIPALITY


class RequiredInspectionSerializer(serializers.Serializer):
    """A septic inspection the record requires, as answered (never written through it)."""

    property = serializers.IntegerField(read_only=True, help_text="The Tisbury property.")
    address = serializers.CharField(read_only=True)
    reason = serializers.CharField(read_only=True,
                                   help_text="What requires the inspection, in words.")
    since = serializers.DateField(read_only=True,
                                  help_text="The day of the event that required it.")
    due_on = serializers.DateField(read_only=True, help_text="The last day for the inspection.")
    overdue = serializers.BooleanField(read_only=True)


class RecordTriggerSerializer(StrictSerializer):
    property = StrictIntegerField(help_text="A Tisbury property on file.")
    reason = serializers.ChoiceField(choices=InspectionTriggerReason.choices)
    occurred_on = StrictDateField(help_text="The closing, the day of the change, or the day "
                                            "the septage plan's schedule sets.")
    notes = StrictCharField(required=False, default="", allow_blank=True)


def _row(place, due, overdue: bool) -> dict:
    return {"property": place.pk, "address": place.full_address, "reason": due.reason,
            "since": due.since, "due_on": due.due_on, "overdue": overdue}


class RequiredInspectionViewSet(viewsets.ViewSet):
    """Septic inspections the record requires, for Tisbury's staff."""

    serializer_class = RequiredInspectionSerializer

    def _require_staff(self, doing: str) -> None:
        town = Municipality.objects.get(code=MUNICIPALITY)
        permissions.require(permissions.is_town_staff(self.request.user, town.pk), doing,
                            permissions.ENFORCEMENT_ROLES, town=town)

    @extend_schema(responses={200: RequiredInspectionSerializer(many=True)})
    def list(self, request):
        """The open required inspections of every Tisbury property, soonest due first."""
        self._require_staff("see the septic inspections required")
        rows = services.open_inspections_board(timezone.localdate())
        return Response(RequiredInspectionSerializer([_row(*row) for row in rows],
                                                     many=True).data)

    @extend_schema(request=RecordTriggerSerializer,
                   responses={201: RequiredInspectionSerializer})
    def create(self, request):
        """Record a sale, a change of use or the septage plan's day (09.0.8(4))."""
        self._require_staff("record what requires a septic inspection")
        data = validated_body(RecordTriggerSerializer, request.data)
        place = Property.objects.filter(pk=data.pop("property"), municipality__code=MUNICIPALITY,
                                        merged_into__isnull=True).first()
        if place is None:
            raise serializers.ValidationError({"property": ["No such Tisbury property."]})
        trigger = services.record_trigger(place=place, acting_user=request.user, **data)
        [due] = [due for due in services.inspections_due(place) if due.trigger == trigger]
        return Response(RequiredInspectionSerializer(
            _row(place, due, due.overdue(timezone.localdate()))).data,
            status=status.HTTP_201_CREATED)
