"""``/api/v1/bites/`` and ``/api/v1/quarantine-orders/``: bite records and the Animal
Inspector's quarantine orders over HTTP (North Andover Code ch. 60, ACO B(2); Welfare C),
registered from ``DogsConfig.ready``. Each action is one call of the service the pages
use; refusals are 400s naming their field; anyone but the town's readers gets a 404."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from dogs.bites import services
from dogs.models import AnimalCall, BiteRecord, BiteVictim, Dog, QuarantineOrder, Species
from dogs.officer_records import ReadsOfficerRecords, record_town_ids
from dogs.periods import MUNICIPALITY
from permits_site.api.public.fields import (
    BoundedDateField,
    BoundedModelSerializer,
    StrictBooleanField,
    StrictSerializer,
    validated_body,
)
from permits_site.exceptions import DomainError
from permits_site.towns.models import Municipality


class QuarantineOrderSerializer(BoundedModelSerializer):
    class Meta:
        model = QuarantineOrder
        fields = ["id", "bite", "issued_on", "ends_on", "confined_at", "served_to",
                  "additional_restrictions", "issued_by", "released_on", "released_by"]


class BiteRecordSerializer(BoundedModelSerializer):
    quarantine = QuarantineOrderSerializer(read_only=True, allow_null=True)
    keep_until = serializers.DateField(read_only=True)
    rabies_missing = StrictBooleanField(
        read_only=True, help_text="A dog, cat or ferret six months or older with no "
        "vaccination current on the day of the bite on the record (Rabies A; offense "
        "rabies_vaccination_missing, Rabies C).")

    class Meta:
        model = BiteRecord
        fields = ["id", "call", "bitten_on", "place", "species", "dog", "animal", "keeper",
                  "victim", "victim_name", "victim_contact", "injury", "provoked",
                  "investigation_result", "investigated_on", "case", "quarantine",
                  "keep_until", "under_six_months", "rabies_certificate",
                  "rabies_valid_through", "rabies_missing"]


class BiteCreateSerializer(serializers.Serializer):
    call = serializers.PrimaryKeyRelatedField(queryset=AnimalCall.objects.all(), required=False,
                                              allow_null=True, default=None)
    bitten_on = BoundedDateField(required=False, allow_null=True, default=None)
    place = serializers.CharField(max_length=200, required=False, default="")
    species = serializers.ChoiceField(choices=Species.choices, required=False,
                                      default="")
    dog = serializers.PrimaryKeyRelatedField(queryset=Dog.objects.all(), required=False,
                                             allow_null=True, default=None)
    animal = serializers.CharField(max_length=200, required=False, default="")
    keeper = serializers.CharField(max_length=200, required=False, default="")
    victim = serializers.ChoiceField(choices=BiteVictim.choices, default=BiteVictim.PERSON)
    victim_name = serializers.CharField(max_length=120)
    victim_contact = serializers.CharField(max_length=200, required=False, default="")
    injury = serializers.CharField(max_length=300, required=False, default="")


class InvestigationSerializer(serializers.Serializer):
    result = serializers.CharField()
    investigated_on = BoundedDateField()
    provoked = StrictBooleanField(allow_null=True, default=None)


class RabiesVaccinationSerializer(serializers.Serializer):
    certificate = serializers.CharField(max_length=120, required=False, default="")
    valid_through = BoundedDateField(required=False, allow_null=True, default=None)
    under_six_months = StrictBooleanField(default=False)


class QuarantineCreateSerializer(serializers.Serializer):
    issued_on = BoundedDateField()
    confined_at = serializers.CharField(max_length=200)
    served_to = serializers.CharField(max_length=120)
    additional_restrictions = serializers.CharField(required=False, default="")


class QuarantineReleaseSerializer(serializers.Serializer):
    released_on = BoundedDateField()


class CaseOpenedSerializer(serializers.Serializer):
    case = serializers.IntegerField()


def _create_bite(request, data: dict) -> BiteRecord:
    call = data.pop("call")
    if call is not None:
        if call.municipality_id not in record_town_ids(request.user):
            raise DomainError("No such call.", field="call")
        return services.bite_from_call(call=call, acting_user=request.user, **data)
    missing = [name for name in ("bitten_on", "place") if not data.get(name)]
    if missing:
        raise DomainError({name: ["This field is required without a call."]
                           for name in missing})
    data["species"] = data["species"] or Species.DOG
    return services.record_bite(municipality=Municipality.objects.get(code=MUNICIPALITY),
                                acting_user=request.user, **data)


class BiteRecordViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                        viewsets.GenericViewSet):
    """Bite records of the caller's towns, newest first, with their quarantine orders."""

    serializer_class = BiteRecordSerializer
    permission_classes = [ReadsOfficerRecords]

    def get_queryset(self):
        return (BiteRecord.objects.filter(municipality_id__in=record_town_ids(self.request.user))
                .select_related("quarantine"))

    def respond(self, bite: BiteRecord, code: int = status.HTTP_200_OK) -> Response:
        return Response(BiteRecordSerializer(self.get_queryset().get(pk=bite.pk),
                                 context=self.get_serializer_context()).data,
                        status=code)

    @extend_schema(request=BiteCreateSerializer, responses={201: BiteRecordSerializer})
    def create(self, request):
        """Record a bite (ACO B(2)); with ``call``, the call becomes the bite record."""
        body = BiteCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        return self.respond(_create_bite(request, dict(body.validated_data)),
                            status.HTTP_201_CREATED)

    @extend_schema(request=InvestigationSerializer, responses={200: BiteRecordSerializer})
    @action(detail=True, methods=["post"], serializer_class=InvestigationSerializer)
    def investigation(self, request, pk=None):
        """The result of the officer's investigation (ACO B(2))."""
        bite = self.get_object()
        body = InvestigationSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.record_investigation(bite=bite, acting_user=request.user,
                                      **body.validated_data)
        return self.respond(bite)

    @extend_schema(request=RabiesVaccinationSerializer, responses={200: BiteRecordSerializer})
    @action(detail=True, methods=["post"], url_path="rabies-vaccination",
            url_name="rabies-vaccination", serializer_class=RabiesVaccinationSerializer)
    def rabies_vaccination(self, request, pk=None):
        """The vaccination of the animal that bit, on the officer's record (Rabies A)."""
        bite = self.get_object()
        body = RabiesVaccinationSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.record_rabies_vaccination(bite=bite, acting_user=request.user,
                                           **body.validated_data)
        return self.respond(bite)

    @extend_schema(request=QuarantineCreateSerializer, responses={201: BiteRecordSerializer})
    @action(detail=True, methods=["post"], serializer_class=QuarantineCreateSerializer)
    def quarantine(self, request, pk=None):
        """The Animal Inspector's quarantine order, ending ten days after the bite
        (Welfare C)."""
        bite = self.get_object()
        body = QuarantineCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.issue_quarantine(bite=bite, acting_user=request.user, **body.validated_data)
        return self.respond(bite, status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={201: CaseOpenedSerializer})
    @action(detail=True, methods=["post"], url_path="potentially-dangerous-case",
            url_name="potentially-dangerous-case", serializer_class=CaseOpenedSerializer)
    def potentially_dangerous_case(self, request, pk=None):
        """Open the potentially dangerous dog case of the dog that bit, linked to the bite
        (Potentially dangerous A, B)."""
        bite = self.get_object()
        validated_body(StrictSerializer, request.data)
        case = services.open_potentially_dangerous_case(bite=bite, acting_user=request.user)
        return Response({"case": case.pk}, status=status.HTTP_201_CREATED)


class QuarantineOrderViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                             viewsets.GenericViewSet):
    """The Animal Inspector's quarantine orders of the caller's towns (Welfare C)."""

    serializer_class = QuarantineOrderSerializer
    permission_classes = [ReadsOfficerRecords]

    def get_queryset(self):
        return QuarantineOrder.objects.filter(
            bite__municipality_id__in=record_town_ids(self.request.user))

    @extend_schema(request=QuarantineReleaseSerializer, responses={200: QuarantineOrderSerializer})
    @action(detail=True, methods=["post"], serializer_class=QuarantineReleaseSerializer)
    def release(self, request, pk=None):
        """The Animal Inspector releases the order once it has run (Welfare C(1)(d))."""
        order = self.get_object()
        body = QuarantineReleaseSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.release_quarantine(order=order, acting_user=request.user,
                                    **body.validated_data)
        return Response(QuarantineOrderSerializer(order, context=self.get_serializer_context()
                                                  ).data)
