"""The burial notices' pieces of the API (Northborough Horse and Stable Regulations §6.6),
registered from ``StablesConfig.ready``: a resident notifies a horse's burial at
``/api/v1/horse-burial-notices/``, as the notice page does, and reads how it was judged.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.response import Response

from permits_site.api.public.fields import (
    BoundedModelSerializer,
    StrictCharField,
    StrictSerializer,
    validated_body,
)
from permits_site.api.serializers import VisibleRecordField
from permits_site.rules.base import FactsInvalid
from stables import rules
from stables.burials.services import burial_stables, file_burial_notice, kept_horses
from stables.models import Horse, HorseBurialNotice, Stable


class StoredFindingSerializer(serializers.Serializer):
    """A rule's outcome as judged when the notice was filed."""

    rule = serializers.CharField()
    citation = serializers.CharField()
    outcome = serializers.CharField(help_text="pass, fail or another outcome of the rule.")
    message = serializers.CharField()


class BurialNoticeSerializer(BoundedModelSerializer):
    """A burial notice with the facts sent and the findings of rule set
    ``northborough.horse_burial`` on the day it was filed."""

    stable = serializers.SerializerMethodField()
    horse = serializers.SerializerMethodField()
    findings = StoredFindingSerializer(many=True, read_only=True)

    class Meta:
        model = HorseBurialNotice
        fields = ["id", "stable", "horse", "site", "facts", "findings", "compliant",
                  "filed_on"]

    @extend_schema_field({"type": "object", "properties": {
        "id": {"type": "integer"}, "address": {"type": "string"}}})
    def get_stable(self, notice: HorseBurialNotice) -> dict:
        return {"id": notice.stable_id, "address": notice.stable.address}

    @extend_schema_field({"type": "object", "nullable": True, "properties": {
        "id": {"type": "integer"}, "name": {"type": "string"}}})
    def get_horse(self, notice: HorseBurialNotice) -> dict | None:
        return {"id": notice.horse_id, "name": notice.horse.name} if notice.horse else None


class BurialNoticeInputSerializer(StrictSerializer):
    """The burial notice page's fields; ``facts`` are rule set ``northborough.horse_burial``'s
    (strict JSON types: dates as ``YYYY-MM-DD``, measurements in feet as numbers)."""

    stable = VisibleRecordField(
        visible_to=lambda stables, person: burial_stables(person),
        queryset=Stable.objects.all(),
        help_text="Your stable, or the stable where your horse was kept.",
    )
    horse = VisibleRecordField(
        visible_to=lambda horses, owner: kept_horses(owner),
        queryset=Horse.objects.all(), required=False, allow_null=True, default=None,
        help_text="One of your horses kept in town; null for another.",
    )
    site = StrictCharField(max_length=300, help_text="Where on the lot the hole is.")
    facts = serializers.DictField()

    def validate_facts(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        try:
            return rules.HORSE_BURIAL.parse(raw)
        except FactsInvalid as invalid:
            raise serializers.ValidationError(invalid.errors) from invalid


class HorseBurialNoticeViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                               viewsets.GenericViewSet):
    """The notices the caller filed; another person's notice is a 404."""

    queryset = HorseBurialNotice.objects.none()
    serializer_class = BurialNoticeSerializer

    def get_queryset(self):
        return HorseBurialNotice.objects.filter(filed_by=self.request.user).select_related(
            "stable__property", "horse"
        )

    @extend_schema(request=BurialNoticeInputSerializer, responses={201: BurialNoticeSerializer})
    def create(self, request):
        """Notify the Board of Health of a horse's burial at the stable (§6.6)."""
        data = validated_body(BurialNoticeInputSerializer, request.data, request=request)
        notice = file_burial_notice(filed_by=request.user, **data)
        return Response(BurialNoticeSerializer(notice).data, status=status.HTTP_201_CREATED)
