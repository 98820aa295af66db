"""``/calendar/{municipality}/closures/``: admins add or remove office closure days."""

from __future__ import annotations

import datetime as dt

from django.urls import path, register_converter
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound, PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from permits_site.accounts import permissions
from permits_site.api.public.fields import BoundedDateField, BoundedModelSerializer
from permits_site.towns.models import Closure, Municipality
from permits_site.towns.services import add_closure, remove_closure


class ClosureSerializer(BoundedModelSerializer):
    date = BoundedDateField()

    class Meta:
        model = Closure
        fields = ["date", "reason"]
        extra_kwargs = {"reason": {"allow_blank": False}}
        validators: list = []


def administered_town(request, code: str) -> Municipality:
    municipality = Municipality.objects.filter(code=code).first()
    if municipality is None:
        raise NotFound(f"There is no municipality '{code}'.")
    if not permissions.is_admin(request.user, municipality.pk):
        raise PermissionDenied("Only an administrator of the town may manage its closures.")
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
]
