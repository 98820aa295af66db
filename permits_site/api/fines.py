"""``/fine-schedules/``: each town's admins list, version and retire its fine schedule, add
an offense to it and set one offense's amounts (each a new effective-dated version)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.routers import SimpleRouter

from permits_site.accounts.models import Role
from permits_site.api.permissions import IsTownAdmin
from permits_site.api.public.fields import (
    BoundedDateField,
    BoundedModelSerializer,
    MoneyField,
    NamedRecordField,
    StrictBooleanField,
    StrictSerializer,
    validated_body,
)
from permits_site.api.scopes import in_towns_where
from permits_site.api.serializers import ADOPTION_FIELDS, AdoptionSerializer
from permits_site.enforcement.models import FineItem, FineSchedule
from permits_site.enforcement.services import (
    add_fine_offense,
    create_fine_schedule_version,
    retire_fine_schedule,
    set_offense_amounts,
)
from permits_site.towns.models import Municipality


def amount_field() -> MoneyField:
    return MoneyField(allow_null=True, required=False)


class FineItemSerializer(BoundedModelSerializer):
    class Meta:
        model = FineItem
        fields = [
            "offense",
            "description",
            "citation",
            "first_amount",
            "second_amount",
            "later_amount",
            "minimum_amount",
            "maximum_amount",
            "per_day",
            "per_unit",
            "amount_set_by",
            "amount_pending",
        ]


class FineScheduleSerializer(BoundedModelSerializer):
    municipality = serializers.SlugRelatedField(slug_field="code", read_only=True)
    items = FineItemSerializer(many=True, read_only=True)

    class Meta:
        model = FineSchedule
        fields = [
            "id",
            "municipality",
            "effective_from",
            "note",
            "seeded",
            "retired_at",
            "created_at",
            *ADOPTION_FIELDS,
            "items",
        ]


class OffenseAmountsSerializer(serializers.Serializer):
    """``first``/``second``/``later`` (null: a written warning) or ``minimum``/``maximum``."""

    first = amount_field()
    second = amount_field()
    later = amount_field()
    minimum = amount_field()
    maximum = amount_field()


class FineScheduleCreateSerializer(AdoptionSerializer):
    municipality = NamedRecordField(
        slug_field="code", queryset=Municipality.objects.all()
    )
    effective_from = BoundedDateField()
    amounts = serializers.DictField(child=OffenseAmountsSerializer(), allow_empty=False)
    note = serializers.CharField(required=False, allow_blank=True, max_length=300, default="")


class VersionSerializer(AdoptionSerializer):
    municipality = NamedRecordField(
        slug_field="code", queryset=Municipality.objects.all()
    )
    effective_from = BoundedDateField()
    note = serializers.CharField(required=False, allow_blank=True, max_length=300, default="")
    first = amount_field()
    second = amount_field()
    later = amount_field()

    def amounts(self) -> dict:
        """First, second and later amounts; null or left out: a written warning."""
        return {name: self.validated_data.get(name) for name in ("first", "second", "later")}


class OffenseAmountsSetSerializer(VersionSerializer):
    """One offense's first, second and later amounts from ``effective_from``."""

    offense = serializers.CharField(max_length=60)


class OffenseAddSerializer(VersionSerializer):
    """A new offense: its code, what it is, the section it cites and its amounts."""

    offense = serializers.CharField(max_length=60)
    description = serializers.CharField(max_length=200)
    citation = serializers.CharField(max_length=200, help_text="The section of the law.")
    per_day = StrictBooleanField(required=False, default=False)


class FineScheduleViewSet(
    mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet
):
    """Effective-dated fine schedule versions (non-criminal disposition), per town."""

    serializer_class = FineScheduleSerializer
    permission_classes = [IsAuthenticated, IsTownAdmin]
    doing = "manage fine schedules"
    #: ``?municipality=``: only that town's versions (``permits_site.api.filters``).
    town_field = "municipality"

    def get_queryset(self):
        schedules = FineSchedule.objects.select_related("municipality").prefetch_related("items")
        return in_towns_where(schedules, self.request.user, Role.ADMIN, town_field="municipality")

    @extend_schema(request=FineScheduleCreateSerializer, responses={201: FineScheduleSerializer})
    def create(self, request):
        """A new version from ``effective_from``: amounts for every offense in force."""
        serializer = FineScheduleCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        self.check_object_permissions(request, data["municipality"])
        schedule = create_fine_schedule_version(
            municipality=data["municipality"],
            effective_from=data["effective_from"],
            amounts={offense: dict(rates) for offense, rates in data["amounts"].items()},
            note=data["note"],
            acting_user=request.user,
            adoption=serializer.adoption(),
        )
        return Response(FineScheduleSerializer(schedule).data, status=status.HTTP_201_CREATED)

    def _version(self, request, serializer_class, publish) -> Response:
        serializer = serializer_class(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        self.check_object_permissions(request, data["municipality"])
        schedule = publish(serializer, data)
        return Response(FineScheduleSerializer(schedule).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=OffenseAddSerializer, responses={201: FineScheduleSerializer})
    @action(detail=False, methods=["post"])
    def offenses(self, request):
        """Add an offense: a new version listing every offense in force and this one."""
        return self._version(request, OffenseAddSerializer, lambda serializer, data: (
            add_fine_offense(
                municipality=data["municipality"], offense=data["offense"],
                description=data["description"], citation=data["citation"],
                amounts=serializer.amounts(), per_day=data["per_day"],
                effective_from=data["effective_from"], note=data["note"],
                adoption=serializer.adoption(), acting_user=request.user)))

    @extend_schema(request=OffenseAmountsSetSerializer, responses={201: FineScheduleSerializer})
    @action(detail=False, methods=["post"], url_path="offense-amounts")
    def offense_amounts(self, request):
        """Set one offense's amounts (one the Select Board has just set, say): a new version
        in which every other offense keeps its own."""
        return self._version(request, OffenseAmountsSetSerializer, lambda serializer, data: (
            set_offense_amounts(
                municipality=data["municipality"], offense=data["offense"],
                amounts=serializer.amounts(), effective_from=data["effective_from"],
                note=data["note"], adoption=serializer.adoption(),
                acting_user=request.user)))

    @extend_schema(request=None, responses=FineScheduleSerializer)
    @action(detail=True, methods=["post"])
    def retire(self, request, pk=None):
        """Withdraw a version that has not taken effect yet."""
        schedule = self.get_object()
        validated_body(StrictSerializer, request.data)
        schedule = retire_fine_schedule(schedule=schedule, acting_user=request.user)
        return Response(FineScheduleSerializer(schedule).data)


router = SimpleRouter()
router.register("fine-schedules", FineScheduleViewSet, basename="fine-schedule")
urlpatterns = router.urls
