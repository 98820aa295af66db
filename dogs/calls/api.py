"""``/api/v1/animal-calls/``: the Animal Control Officer's log of calls over HTTP (North
Andover Code ch. 60, ACO B(2); Welfare D(1)), registered from ``DogsConfig.ready``.

The town's officer, Clerk, Animal Inspector and admins read it; the officer logs calls and
their outcomes through the services the pages use. Refusals are 400s naming their field;
anyone else gets a 404."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from dogs.calls import services
from dogs.models import AnimalCall, CallKind, Dog, Species
from dogs.officer_records import ReadsOfficerRecords, record_town_ids
from dogs.periods import MUNICIPALITY
from permits_site.api.public.fields import BoundedDateField, BoundedModelSerializer
from permits_site.towns.models import Municipality


class AnimalCallSerializer(BoundedModelSerializer):
    bite = serializers.PrimaryKeyRelatedField(read_only=True, allow_null=True)
    keep_until = serializers.DateField(read_only=True)

    class Meta:
        model = AnimalCall
        fields = ["id", "received_at", "kind", "caller_name", "caller_contact", "place",
                  "species", "animal", "dog", "what_happened", "outcome", "closed_on",
                  "bite", "case", "impoundment", "citation", "keep_until"]


class CallCreateSerializer(serializers.Serializer):
    received_at = serializers.DateTimeField()
    kind = serializers.ChoiceField(choices=CallKind.choices)
    caller_name = serializers.CharField(max_length=120)
    caller_contact = serializers.CharField(max_length=120, required=False, default="")
    place = serializers.CharField(max_length=200)
    species = serializers.ChoiceField(choices=Species.choices, default=Species.DOG)
    animal = serializers.CharField(max_length=200, required=False, default="")
    dog = serializers.PrimaryKeyRelatedField(queryset=Dog.objects.all(), required=False,
                                             allow_null=True, default=None)
    what_happened = serializers.CharField()


class CallOutcomeSerializer(serializers.Serializer):
    outcome = serializers.CharField(max_length=300)
    closed_on = BoundedDateField()
    case = serializers.IntegerField(required=False, allow_null=True, default=None, min_value=1)
    impoundment = serializers.IntegerField(required=False, allow_null=True, default=None,
                                           min_value=1)
    citation = serializers.IntegerField(required=False, allow_null=True, default=None,
                                        min_value=1)


class AnimalCallViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                        viewsets.GenericViewSet):
    """Calls of the caller's towns, newest first."""

    serializer_class = AnimalCallSerializer
    permission_classes = [ReadsOfficerRecords]

    def get_queryset(self):
        return services.calls_of(record_town_ids(self.request.user))

    def respond(self, call: AnimalCall, code: int = status.HTTP_200_OK) -> Response:
        return Response(AnimalCallSerializer(self.get_queryset().get(pk=call.pk),
                                 context=self.get_serializer_context()).data,
                        status=code)

    @extend_schema(request=CallCreateSerializer, responses={201: AnimalCallSerializer})
    def create(self, request):
        """Log a call (ACO B(2)); a motorist's report is kind ``motorist_struck``."""
        body = CallCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        call = services.record_call(municipality=Municipality.objects.get(code=MUNICIPALITY),
                                    acting_user=request.user, **body.validated_data)
        return self.respond(call, status.HTTP_201_CREATED)

    @extend_schema(request=CallOutcomeSerializer, responses={200: AnimalCallSerializer})
    @action(detail=True, methods=["post"], serializer_class=CallOutcomeSerializer)
    def outcome(self, request, pk=None):
        """The call's outcome and the case, impoundment or citation it led to."""
        call = self.get_object()
        body = CallOutcomeSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.record_outcome(call=call, acting_user=request.user, **body.validated_data)
        return self.respond(call)
