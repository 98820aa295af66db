"""The horses' pieces of the API (Northborough Horse and Stable Regulations B, §3.2),
registered from ``StablesConfig.ready``: an owner registers a horse kept in town at
``/api/v1/horses/``, as the registration page does, and sees how its inoculation
certificate reads today.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils import timezone
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.parsers import MultiPartParser
from rest_framework.response import Response

from permits_site.api.parsers import JSONObjectParser
from permits_site.api.public.fields import (
    BoundedModelSerializer,
    StrictCharField,
    StrictDateField,
    StrictSerializer,
    validated_body,
)
from permits_site.api.serializers import VisibleRecordField
from permits_site.api.views import refuse_oversized_body
from permits_site.exceptions import DomainError
from stables.horses.services import record_departure, register_horse, stables_for_horses
from stables.models import Departure, Horse, Stable


class CertificateFlagSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="missing, stale (older than a year) or current.")
    text = serializers.CharField()


class HorseSerializer(BoundedModelSerializer):
    """A registered horse, its registration and how its inoculation certificate reads today."""

    stable = serializers.SerializerMethodField()
    registration_status = serializers.CharField(source="registration.status", read_only=True)
    certificate = serializers.SerializerMethodField()

    class Meta:
        model = Horse
        fields = ["id", "name", "description", "stable", "registration", "registration_status",
                  "certificate_dated", "certificate", "kept_until", "departure"]

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

    stable = VisibleRecordField(
        visible_to=lambda stables, owner: stables_for_horses(owner),
        queryset=Stable.objects.all(),
        help_text="Your stable, or a permitted stable boarding the horse.",
    )
    name = StrictCharField(max_length=60)
    description = StrictCharField(max_length=200, help_text="Breed, color, sex, age, markings.")
    certificate = serializers.FileField(
        required=False, allow_null=True, default=None,
        help_text="Certificate of inoculation against EEE and tetanus: PDF, PNG or JPEG, "
                  "checked by its content, up to 10 MB.")
    certificate_dated = StrictDateField(required=False, allow_null=True, default=None)


class DepartureSerializer(StrictSerializer):
    departure = serializers.ChoiceField(choices=Departure.choices,
                                        help_text="sold, moved (out of town) or died.")
    left_on = StrictDateField(help_text="The last day the horse was kept in town.")


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
        data = validated_body(HorseRegistrationSerializer, request.data, request=request)
        try:
            horse = register_horse(owner=request.user, **data)
        except DomainError as refused:
            raise DomainError(_renamed(refused.errors, file="certificate")) from refused
        return Response(HorseSerializer(self.get_queryset().get(pk=horse.pk)).data,
                        status=status.HTTP_201_CREATED)


    @extend_schema(request=DepartureSerializer, responses={200: HorseSerializer})
    @action(detail=True, methods=["post"])
    def departure(self, request, pk=None):
        """The horse leaves the register — sold, moved out of town or died (B); its
        registration ends with it."""
        horse = self.get_object()
        data = validated_body(DepartureSerializer, request.data)
        record_departure(horse=horse, acting_user=request.user, **data)
        return Response(HorseSerializer(self.get_queryset().get(pk=horse.pk)).data)


def _renamed(errors: Mapping[str, list[str]], **names: str) -> dict[str, list[str]]:
    """A service's errors with its field names as this endpoint calls them."""
    return {names.get(field, field): messages for field, messages in errors.items()}
