"""The stable pieces of the API (Northborough Horse and Stable Regulations), registered from
``StablesConfig.ready``.

A private (§2) or public (§7) stable permit is applied for, renewed (§2.2) or transferred
(§2.4) at ``/api/v1/applications/`` with the ``details`` its permit type declares
(``stables.permits.kinds``); the Board of Health office then records the zoning
authority's certification (§2.3) and the Conservation Commission review (§4.1) at
``/api/v1/stable-applications/{id}/signoffs/``. Keepers see their stables and record
expansions (§2.1) at ``/api/v1/stables/``, register horses (B, §3.2) at
``/api/v1/horses/`` and notify burials (§6.6) at ``/api/v1/horse-burial-notices/``.

Every change is the call the matching web page makes, so the API keeps the pages' rules,
fees and audit trail.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db.models import Prefetch, Q
from django.utils import timezone
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response

from permits_site.api.parsers import JSONObjectParser
from permits_site.api.public.fields import (
    StrictCharField,
    StrictDateField,
    StrictSerializer,
    validated_body,
)
from permits_site.api.serializers import ApplicationDetailSerializer
from permits_site.api.views import OfficeApplicationViewSet, refuse_oversized_body
from permits_site.exceptions import DomainError
from permits_site.licensing.models import Permit
from permits_site.rules.base import FactsInvalid
from stables import permissions, rules
from stables.horses import services as horses
from stables.models import (
    Horse,
    HorseBurialNotice,
    Stable,
    StableApplication,
    StableExpansion,
)
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


class StablePermitSerializer(serializers.ModelSerializer):
    """A permit of the stable; ``status`` as of today (an active permit past its term is
    expired)."""

    permit_type = serializers.SlugRelatedField(slug_field="code", read_only=True)
    status = serializers.SerializerMethodField()

    class Meta:
        model = Permit
        fields = ["id", "number", "permit_type", "valid_from", "valid_through", "status"]

    def get_status(self, permit: Permit) -> str:
        return permit.effective_status(timezone.localdate())


class ExpansionSerializer(serializers.ModelSerializer):
    class Meta:
        model = StableExpansion
        fields = ["id", "area_sqft", "made_on", "description", "since_permit", "recorded_at"]


class ExpansionStandingSerializer(serializers.Serializer):
    """The floor area at the last permit, the expansions cumulated since, and the 25 % that
    needs a new permit first (§2.1)."""

    permitted_area = serializers.DecimalField(max_digits=10, decimal_places=1, allow_null=True)
    cumulated = serializers.DecimalField(max_digits=10, decimal_places=1)
    threshold = serializers.DecimalField(max_digits=12, decimal_places=2, allow_null=True)


class StableSerializer(serializers.ModelSerializer):
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
        if not permissions.can_record_expansion(request.user, stable):
            raise PermissionDenied
        data = validated_body(ExpansionInputSerializer, request.data)
        expansion = services.record_expansion(
            stable=stable, area_sqft=data["area_sqft"], made_on=data["on"],
            description=data["note"], acting_user=request.user,
        )
        return Response(ExpansionSerializer(expansion).data, status=status.HTTP_201_CREATED)


# -- the keeper's horses (B, §3.2) ----------------------------------------------------------


class ChoosableField(serializers.PrimaryKeyRelatedField):
    """An id among the records the page would offer the caller (``choices`` in context):
    any other reads as missing."""

    def __init__(self, *, choices: str, **kwargs):
        self.choices_key = choices
        super().__init__(**kwargs)

    def get_queryset(self):
        return self.context[self.choices_key]


class CertificateFlagSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="missing, stale (older than a year) or current.")
    text = serializers.CharField()


class HorseSerializer(serializers.ModelSerializer):
    """A registered horse, its registration and how its inoculation certificate reads today."""

    stable = serializers.SerializerMethodField()
    registration_status = serializers.CharField(source="registration.status", read_only=True)
    certificate = serializers.SerializerMethodField()

    class Meta:
        model = Horse
        fields = ["id", "name", "description", "stable", "registration", "registration_status",
                  "certificate_dated", "certificate", "kept_until"]

    @extend_schema_field({"type": "object", "properties": {
        "id": {"type": "integer"}, "address": {"type": "string"}}})
    def get_stable(self, horse: Horse) -> dict:
        return {"id": horse.stable_id, "address": horse.stable.address}

    @extend_schema_field(CertificateFlagSerializer)
    def get_certificate(self, horse: Horse) -> dict:
        flag = horse.certificate_flag(on=timezone.localdate())
        return CertificateFlagSerializer(flag).data


class HorseRegistrationSerializer(StrictSerializer):
    """The horse registration page's fields; the certificate may follow later (§3.2)."""

    stable = ChoosableField(choices="stables", queryset=Stable.objects.none(),
                            help_text="Your stable, or a permitted stable boarding the horse.")
    name = StrictCharField(max_length=60)
    description = StrictCharField(max_length=200, help_text="Breed, color, sex, age, markings.")
    certificate = serializers.FileField(
        required=False, allow_null=True, default=None,
        help_text="Certificate of inoculation against EEE and tetanus: PDF, PNG or JPEG, "
                  "checked by its content, up to 10 MB.")
    certificate_dated = StrictDateField(required=False, allow_null=True, default=None)


class HorseViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """The caller's own horses; another keeper's horse is a 404."""

    queryset = Horse.objects.none()
    serializer_class = HorseSerializer
    parser_classes = [JSONObjectParser, MultiPartParser]

    def get_queryset(self):
        return Horse.objects.filter(owner=self.request.user).select_related(
            "stable__property", "registration"
        )

    @extend_schema(
        request={"multipart/form-data": HorseRegistrationSerializer,
                 "application/json": HorseRegistrationSerializer},
        responses={201: HorseSerializer},
    )
    def create(self, request):
        """Register a horse kept in town, no fee, as a draft registration to submit (B)."""
        refuse_oversized_body(request)
        data = validated_body(HorseRegistrationSerializer, request.data,
                              stables=horses.stables_for_horses(request.user))
        try:
            horse = horses.register_horse(owner=request.user, **data)
        except DomainError as refused:
            raise DomainError(_renamed(refused.errors, file="certificate")) from refused
        return Response(HorseSerializer(self.get_queryset().get(pk=horse.pk)).data,
                        status=status.HTTP_201_CREATED)


def _renamed(errors: Mapping[str, list[str]], **names: str) -> dict[str, list[str]]:
    """A service's errors with its field names as this endpoint calls them."""
    return {names.get(field, field): messages for field, messages in errors.items()}


# -- horse burial notices (§6.6) ------------------------------------------------------------


class StoredFindingSerializer(serializers.Serializer):
    """A rule's outcome as judged when the notice was filed."""

    rule = serializers.CharField()
    citation = serializers.CharField()
    outcome = serializers.CharField(help_text="pass, fail or another outcome of the rule.")
    message = serializers.CharField()


class BurialNoticeSerializer(serializers.ModelSerializer):
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

    stable = ChoosableField(choices="stables", queryset=Stable.objects.none(),
                            help_text="Your stable, or the stable where your horse was kept.")
    horse = ChoosableField(choices="horses", queryset=Horse.objects.none(), required=False,
                           allow_null=True, default=None,
                           help_text="One of your horses kept in town; null for another.")
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
        user = request.user
        own_horses = Horse.objects.filter(owner=user, kept_until__isnull=True)
        data = validated_body(
            BurialNoticeInputSerializer, request.data,
            stables=Stable.objects.filter(Q(keeper=user) | Q(horses__in=own_horses)).distinct(),
            horses=own_horses,
        )
        notice = horses.file_burial_notice(filed_by=user, **data)
        return Response(BurialNoticeSerializer(notice).data, status=status.HTTP_201_CREATED)
