"""The resident's dogs at ``/api/v1/dogs/`` (North Andover Code ch. 60), registered from
``DogsConfig.ready``. A dog license's ``details`` are the kind's declared fields."""

from __future__ import annotations

import datetime as dt

from django.db.models import Q
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from dogs.licenses.exemptions import DOG_LICENSE, record_tag_exemption
from dogs.licenses.services import register_dog, residence_choices, update_dog
from dogs.models import Dog, TagExemption, TagExemptionReason
from permits_site.accounts.permissions import STAFF_ROLES, municipality_ids_with
from permits_site.api.parsers import JSONObjectParser
from permits_site.api.public.fields import (
    BoundedDateField,
    BoundedModelSerializer,
    StrictSerializer,
)
from permits_site.licensing.models import Permit


class TagExemptionSerializer(BoundedModelSerializer):
    """A recorded exemption from affixing the tag: a dog event (A(6)(a)) or a medical reason
    with the veterinarian's statement (A(6)(b)); ``statement_url`` is null without one."""

    license_number = serializers.CharField(source="permit.number", read_only=True)
    statement_url = serializers.SerializerMethodField()

    class Meta:
        model = TagExemption
        fields = ["id", "permit", "license_number", "dog", "reason", "explanation", "keeper",
                  "starts_on", "ends_on", "veterinarian", "statement_url", "recorded_at"]
        read_only_fields = fields

    @extend_schema_field(serializers.URLField(allow_null=True))
    def get_statement_url(self, exemption: TagExemption) -> str | None:
        if not exemption.statement:
            return None
        return reverse("dogs:exemption_statement", args=[exemption.pk])


class ResidenceField(serializers.PrimaryKeyRelatedField):
    """One of the caller's own North Andover properties; any other id reads as missing."""

    def get_queryset(self):
        return residence_choices(self.context["request"].user)


class DogSerializer(StrictSerializer, BoundedModelSerializer):
    """The fields of the web's dog form, with the same date-of-birth check. ``property`` is
    where the dog is kept: absent, the owner's mailing address (Limits A), which must then
    be in town (Licenses A(1)). An unknown or
    read-only field sent is refused by name, as in every request body of the API."""

    property = ResidenceField(source="residence", required=False)
    date_of_birth = BoundedDateField()
    tag_exemptions = TagExemptionSerializer(many=True, read_only=True)

    class Meta:
        model = Dog
        fields = ["id", "name", "breed", "color", "sex", "date_of_birth", "spayed_neutered",
                  "microchip", "property", "active", "tag_exemptions"]
        read_only_fields = ["active"]


    def validate_date_of_birth(self, born: dt.date) -> dt.date:
        if born > timezone.localdate():
            raise serializers.ValidationError("The date of birth cannot be in the future.")
        return born


class DogViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, mixins.CreateModelMixin,
                 mixins.UpdateModelMixin, viewsets.GenericViewSet):
    """The caller's own dogs (North Andover Code ch. 60): registered and kept up to date."""

    queryset = Dog.objects.all()
    serializer_class = DogSerializer

    def get_queryset(self):
        return Dog.objects.filter(owner=self.request.user).prefetch_related(
            "tag_exemptions__permit")

    def perform_create(self, serializer):
        user = self.request.user
        serializer.instance = register_dog(owner=user, acting_user=user,
                                           **serializer.validated_data)

    def perform_update(self, serializer):
        serializer.instance = update_dog(dog=serializer.instance, acting_user=self.request.user,
                                         **serializer.validated_data)


# -- tag exemptions (Licenses A(6)) ----------------------------------------------------------


class TagExemptionCreateSerializer(serializers.Serializer):
    """What the Clerk or the Animal Control Officer records; the service judges the rest."""

    permit = serializers.PrimaryKeyRelatedField(
        queryset=Permit.objects.filter(permit_type__code=DOG_LICENSE))
    reason = serializers.ChoiceField(choices=TagExemptionReason.choices)
    explanation = serializers.CharField(max_length=300)
    keeper = serializers.CharField(max_length=120)
    starts_on = BoundedDateField()
    ends_on = BoundedDateField()
    veterinarian = serializers.CharField(max_length=120, required=False, default="",
                                         allow_blank=True)
    statement = serializers.FileField(required=False, allow_null=True, default=None)


class TagExemptionViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                          mixins.CreateModelMixin, viewsets.GenericViewSet):
    """Tag exemptions of the caller's own dogs, and of every dog in the towns where the
    caller is staff; the Clerk and the officer record them (Licenses A(6))."""

    serializer_class = TagExemptionSerializer
    permission_classes = [IsAuthenticated]
    parser_classes = [JSONObjectParser, MultiPartParser]

    def get_queryset(self):
        user = self.request.user
        if not user.is_authenticated:
            return TagExemption.objects.none()
        return TagExemption.objects.filter(
            Q(dog__owner=user)
            | Q(permit__municipality__in=municipality_ids_with(user, *STAFF_ROLES))
        ).select_related("permit")

    @extend_schema(request=TagExemptionCreateSerializer, responses={201: TagExemptionSerializer})
    def create(self, request, *args, **kwargs):
        body = TagExemptionCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        exemption = record_tag_exemption(acting_user=request.user, **body.validated_data)
        return Response(TagExemptionSerializer(exemption).data, status=status.HTTP_201_CREATED)
