"""The stable permits' pieces of the API (Northborough Horse and Stable Regulations),
registered from ``StablesConfig.ready``.

A private (§2) or public (§7) stable permit is applied for, renewed (§2.2) or transferred
(§2.4) at ``/api/v1/applications/`` with the ``details`` its permit type declares
(``stables.permits.kinds``); the Board of Health office then records the zoning
authority's certification (§2.3) and the Conservation Commission review (§4.1) at
``/api/v1/stable-applications/{id}/signoffs/``. Keepers see their stables and record
expansions (§2.1) at ``/api/v1/stables/``.

Every change is the call the matching web page makes, so the API keeps the pages' rules,
fees and audit trail.
"""

from __future__ import annotations

from django.db.models import Prefetch
from django.utils import timezone
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from permits_site.api.public.fields import (
    BoundedModelSerializer,
    StrictCharField,
    StrictDateField,
    StrictSerializer,
    validated_body,
)
from permits_site.api.serializers import ApplicationDetailSerializer
from permits_site.api.views import OfficeApplicationViewSet
from permits_site.licensing.models import Permit
from stables import permissions
from stables.models import Stable, StableApplication, StableExpansion
from stables.permits import services

# -- the office's sign-offs ----------------------------------------------------------------


class SignOffSerializer(StrictSerializer):
    """The zoning authority's certification (§2.3) or the Conservation Commission's review
    (§4.1), as the office received it."""

    kind = serializers.ChoiceField(choices=[("zoning", "Zoning certification (§2.3)"),
                                            ("conservation", "Conservation review (§4.1)")])
    on = StrictDateField()
    reference = StrictCharField(required=False, allow_blank=True, max_length=300, default="")


class StableApplicationViewSet(OfficeApplicationViewSet):
    """Stable applications as the town's staff see them; the clerk records the sign-offs."""

    permit_type_codes = services.STABLE_PERMIT_TYPES

    @extend_schema(request=SignOffSerializer, responses=ApplicationDetailSerializer)
    @action(detail=True, methods=["post"])
    def signoffs(self, request, pk=None):
        """Record the zoning certification or the Conservation Commission review."""
        application = self.get_object()
        serializer = SignOffSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        services.record_sign_off(application=application, kind=data["kind"], on=data["on"],
                        note=data["reference"], acting_user=request.user)
        return self.respond(application)


# -- the keeper's stables and their expansions (§2.1) ---------------------------------------


class StablePermitSerializer(BoundedModelSerializer):
    """A permit of the stable; ``status`` as of today (an active permit past its term is
    expired)."""

    permit_type = serializers.SlugRelatedField(slug_field="code", read_only=True)
    status = serializers.SerializerMethodField()

    class Meta:
        model = Permit
        fields = ["id", "number", "permit_type", "valid_from", "valid_through", "status"]

    def get_status(self, permit: Permit) -> str:
        return permit.effective_status(timezone.localdate())


class ExpansionSerializer(BoundedModelSerializer):
    class Meta:
        model = StableExpansion
        fields = ["id", "area_sqft", "made_on", "description", "since_permit", "recorded_at"]


class ExpansionStandingSerializer(serializers.Serializer):
    """The floor area at the last permit, the expansions cumulated since, and the 25 % that
    needs a new permit first (§2.1)."""

    permitted_area = serializers.DecimalField(max_digits=10, decimal_places=1, allow_null=True)
    cumulated = serializers.DecimalField(max_digits=10, decimal_places=1)
    threshold = serializers.DecimalField(max_digits=12, decimal_places=2, allow_null=True)


class StableSerializer(BoundedModelSerializer):
    """A stable on its site (``property``) with its permits, the expansions since the last
    permit and whether the office confirmed it grandfathered (§2.5)."""

    address = serializers.CharField(source="property.address", read_only=True)
    parcel = serializers.CharField(source="property.parcel", read_only=True)
    occupancy = serializers.CharField(read_only=True)
    permits = serializers.SerializerMethodField()
    expansions = serializers.SerializerMethodField()
    standing = serializers.SerializerMethodField()

    class Meta:
        model = Stable
        fields = ["id", "property", "address", "parcel", "occupancy", "grandfathered",
                  "permitted_floor_area_sqft", "permits", "expansions", "standing"]

    @extend_schema_field(StablePermitSerializer(many=True))
    def get_permits(self, stable: Stable) -> list:
        permits = sorted((details.application.permit for details in stable.permitted),
                         key=lambda permit: permit.issued_at, reverse=True)
        return StablePermitSerializer(permits, many=True).data

    @extend_schema_field(ExpansionSerializer(many=True))
    def get_expansions(self, stable: Stable) -> list:
        since_last_permit = [expansion for expansion in stable.expansions.all()
                             if expansion.since_permit_id == stable.area_permitted_by_id]
        return ExpansionSerializer(since_last_permit, many=True).data

    @extend_schema_field(ExpansionStandingSerializer)
    def get_standing(self, stable: Stable) -> dict:
        return ExpansionStandingSerializer(services.expansion_standing(stable)).data


class ExpansionInputSerializer(StrictSerializer):
    """An expansion as the stable page takes it; ``note`` says what was built."""

    area_sqft = serializers.DecimalField(max_digits=10, decimal_places=1,
                                         help_text="The added floor area in square feet.")
    on = StrictDateField(help_text="The date of the expansion.")
    note = StrictCharField(required=False, allow_blank=True, max_length=300, default="")


class StableViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """The caller's own stables; another keeper's stable is a 404."""

    queryset = Stable.objects.none()
    serializer_class = StableSerializer

    def get_queryset(self):
        permitted = StableApplication.objects.filter(
            application__permit__isnull=False
        ).select_related("application__permit__permit_type")
        return Stable.objects.filter(keeper=self.request.user).select_related(
            "property"
        ).prefetch_related(
            Prefetch("applications", queryset=permitted, to_attr="permitted"), "expansions"
        )

    @extend_schema(request=ExpansionInputSerializer, responses={201: ExpansionSerializer})
    @action(detail=True, methods=["post"])
    def expansions(self, request, pk=None):
        """Record an expansion; 25 % or more since the last permit needs a permit first (§2.1)."""
        stable = self.get_object()
        permissions.require_expansion_recorder(request.user, stable)
        data = validated_body(ExpansionInputSerializer, request.data)
        expansion = services.record_expansion(
            stable=stable, area_sqft=data["area_sqft"], made_on=data["on"],
            description=data["note"], acting_user=request.user,
        )
        return Response(ExpansionSerializer(expansion).data, status=status.HTTP_201_CREATED)
