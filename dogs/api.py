"""The dog pieces of the API (North Andover Code ch. 60), registered from ``DogsConfig.ready``:
the resident's dogs at ``/api/v1/dogs/`` and a dog license's ``details``."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from typing import Any

from django.utils import timezone
from rest_framework import mixins, serializers, viewsets

from dogs.models import Dog, DogLicense
from dogs.services import register_dog, update_dog
from permits_site.api.public.fields import (
    StrictCharField,
    StrictDateField,
    StrictIntegerField,
    StrictSerializer,
)
from permits_site.api.registry import DetailsHandler
from permits_site.licensing.models import Application, PermitType

# -- the resident's dogs ------------------------------------------------------------


class DogSerializer(serializers.ModelSerializer):
    """The fields of the web's dog form, with the same date-of-birth check."""

    class Meta:
        model = Dog
        fields = ["id", "name", "breed", "color", "sex", "date_of_birth", "spayed_neutered",
                  "microchip", "active"]
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
        return Dog.objects.filter(owner=self.request.user)

    def perform_create(self, serializer):
        user = self.request.user
        serializer.instance = register_dog(owner=user, acting_user=user,
                                           **serializer.validated_data)

    def perform_update(self, serializer):
        serializer.instance = update_dog(dog=serializer.instance, acting_user=self.request.user,
                                         **serializer.validated_data)


# -- a dog license's details ----------------------------------------------------------


class DogLicenseInputSerializer(StrictSerializer):
    """The types of a dog-license application's details; the dog form then judges the values."""

    dog = StrictIntegerField()
    license_year = StrictIntegerField()
    acquired_on = StrictDateField(required=False, allow_null=True)
    moved_in_on = StrictDateField(required=False, allow_null=True)
    previous_jurisdiction = StrictCharField(required=False, allow_blank=True, max_length=120)
    previous_license_number = StrictCharField(required=False, allow_blank=True, max_length=40)


class DogLicenseOutputSerializer(serializers.ModelSerializer):
    dog = serializers.SerializerMethodField()

    class Meta:
        model = DogLicense
        fields = ["dog", "license_year", "acquired_on", "moved_in_on", "previous_jurisdiction",
                  "previous_license_number"]

    def get_dog(self, details: DogLicense) -> dict:
        return {"id": details.dog_id, "name": details.dog.name}


class DogLicenseDetails(DetailsHandler):
    """Which dog and which license year; the rule set reads the dog and its documents."""

    takes_facts = False

    def parse(self, permit_type: PermitType, raw: Mapping[str, Any]) -> dict[str, Any]:
        serializer = DogLicenseInputSerializer(data=raw)
        serializer.is_valid(raise_exception=True)
        return dict(serializer.validated_data)

    def represent(self, application: Application) -> dict[str, Any]:
        return DogLicenseOutputSerializer(application.dog_license).data
