"""The resident's dogs at ``/api/v1/dogs/`` (North Andover Code ch. 60), registered from
``DogsConfig.ready``. A dog license's ``details`` are the kind's declared fields."""

from __future__ import annotations

import datetime as dt

from django.utils import timezone
from rest_framework import mixins, serializers, viewsets

from dogs.licenses.services import register_dog, residence_choices, update_dog
from dogs.models import Dog
from permits_site.api.public.fields import BoundedDateField, BoundedModelSerializer


class ResidenceField(serializers.PrimaryKeyRelatedField):
    """One of the caller's own North Andover properties; any other id reads as missing."""

    def get_queryset(self):
        return residence_choices(self.context["request"].user)


class DogSerializer(BoundedModelSerializer):
    """The fields of the web's dog form, with the same date-of-birth check. ``property`` is
    where the dog is kept: absent, the owner's mailing address (Limits A)."""

    property = ResidenceField(source="residence", required=False)
    date_of_birth = BoundedDateField()

    class Meta:
        model = Dog
        fields = ["id", "name", "breed", "color", "sex", "date_of_birth", "spayed_neutered",
                  "microchip", "property", "active"]
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
