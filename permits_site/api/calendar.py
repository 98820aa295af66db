"""The town's calendar its admin keeps: ``/calendar/{municipality}/closures/`` (office
closure days) and ``/calendar/{municipality}/hearings/`` (the usual hearing time and place,
which a hearing scheduled without its own takes; the town's staff read them)."""

from __future__ import annotations

import datetime as dt

from django.urls import path, register_converter
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from permits_site.accounts import permissions
from permits_site.api.public.fields import (
    BoundedDateField,
    BoundedModelSerializer,
    StrictCharField,
    StrictSerializer,
)
from permits_site.towns.models import Closure, Municipality
from permits_site.towns.services import (
    HEARING_PLACE_LENGTH,
    add_closure,
    remove_closure,
    set_usual_hearing_time_and_place,
)


class ClosureSerializer(BoundedModelSerializer):
    date = BoundedDateField()

    class Meta:
        model = Closure
        fields = ["date", "reason"]
        extra_kwargs = {"reason": {"allow_blank": False}}
        validators: list = []


class UsualHearingSerializer(StrictSerializer):
    """The town's usual hearing time and place; both are sent, either may be emptied."""

    hearing_time = serializers.TimeField(
        allow_null=True, format="%H:%M",
        help_text="The hour the town's hearings begin unless one names another (HH:MM); "
                  "null: none.")
    hearing_place = StrictCharField(
        allow_blank=True, trim_whitespace=True, max_length=HEARING_PLACE_LENGTH,
        help_text="Where the town's hearings are held unless one names another place; "
                  "empty: none.")


def town_or_404(code: str) -> Municipality:
    municipality = Municipality.objects.filter(code=code).first()
    if municipality is None:
        raise NotFound(f"There is no municipality '{code}'.")
    return municipality


def administered_town(request, code: str, *, doing: str = "manage its closures"
                      ) -> Municipality:
    municipality = town_or_404(code)
    if not permissions.is_admin(request.user, municipality.pk):
        raise PermissionDenied(f"Only an administrator of the town may {doing}.")
    return municipality


class ClosureListView(APIView):
    @extend_schema(responses=ClosureSerializer(many=True))
    def get(self, request, municipality: str):
        town = administered_town(request, municipality)
        return Response(ClosureSerializer(town.closures.all(), many=True).data)

    @extend_schema(request=ClosureSerializer, responses={201: ClosureSerializer})
    def post(self, request, municipality: str):
        town = administered_town(request, municipality)
        serializer = ClosureSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        closure = add_closure(
            municipality=town, acting_user=request.user, **serializer.validated_data
        )
        return Response(ClosureSerializer(closure).data, status=status.HTTP_201_CREATED)


class ClosureDetailView(APIView):
    @extend_schema(responses={204: None})
    def delete(self, request, municipality: str, day: dt.date):
        town = administered_town(request, municipality)
        closure = town.closures.filter(date=day).first()
        if closure is None:
            raise NotFound(f"{town.name} has no closure on {day.isoformat()}.")
        remove_closure(closure=closure, acting_user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class UsualHearingView(APIView):
    @extend_schema(responses={200: UsualHearingSerializer})
    def get(self, request, municipality: str):
        town = town_or_404(municipality)
        if not permissions.is_town_staff(request.user, town.pk):
            raise PermissionDenied(
                "Only the town's staff may read its usual hearing time and place.")
        return Response(UsualHearingSerializer(town).data)

    @extend_schema(request=UsualHearingSerializer, responses={200: UsualHearingSerializer})
    def put(self, request, municipality: str):
        town = administered_town(request, municipality,
                                 doing="set its usual hearing time and place")
        serializer = UsualHearingSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        set_usual_hearing_time_and_place(municipality=town, acting_user=request.user,
                                         **serializer.validated_data)
        return Response(UsualHearingSerializer(town).data)


class IsoDateConverter:
    regex = r"\d{4}-\d{2}-\d{2}"

    def to_python(self, value: str) -> dt.date:
        try:
            return dt.date.fromisoformat(value)
        except ValueError as error:
            raise ValueError(value) from error

    def to_url(self, value: dt.date) -> str:
        return value.isoformat()


register_converter(IsoDateConverter, "isodate")

urlpatterns = [
    path("calendar/<slug:municipality>/closures/", ClosureListView.as_view(), name="closures"),
    path(
        "calendar/<slug:municipality>/closures/<isodate:day>/",
        ClosureDetailView.as_view(),
        name="closure",
    ),
    path("calendar/<slug:municipality>/hearings/", UsualHearingView.as_view(),
         name="usual_hearing"),
]
