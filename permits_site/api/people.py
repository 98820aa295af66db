"""``/people/``: a clerk finds a resident, or enters one who has no account, at the counter.

The person's ``username`` is what ``POST /applications/`` takes as ``applicant``.
"""

from __future__ import annotations

from django.urls import path
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from permits_site.accounts.addresses import DEFAULT_STATE, State
from permits_site.accounts.models import User
from permits_site.accounts.people import enter_person_at_counter, find_people
from permits_site.api.permissions import IsTownClerk
from permits_site.api.public.fields import (
    BoundedModelSerializer,
    NamedRecordField,
    StrictCharField,
)
from permits_site.towns.models import Municipality


class PersonSerializer(BoundedModelSerializer):
    name = serializers.CharField(source="display_name", read_only=True)
    mailing_address = serializers.CharField(read_only=True)

    class Meta:
        model = User
        fields = ["id", "username", "name", "email", "mailing_address", "state", "phone"]


class CounterPersonSerializer(serializers.Serializer):
    municipality = NamedRecordField(
        slug_field="code", queryset=Municipality.objects.all(),
        help_text="The town whose clerk enters the person.")
    first_name = StrictCharField(max_length=150)
    last_name = StrictCharField(max_length=150)
    street_address = StrictCharField(max_length=200)
    city = StrictCharField(max_length=100)
    state = serializers.ChoiceField(
        choices=State.choices, default=DEFAULT_STATE,
        error_messages={"invalid_choice": "\"{input}\" is not a state's code: send the two "
                                          "letters USPS uses, like MA or NY."},
        help_text="The USPS code of the address's state; MA when left out.")
    postal_code = serializers.RegexField(r"^\d{5}(-\d{4})?$", max_length=10)
    phone = StrictCharField(max_length=30, required=False, allow_blank=True, default="")
    email = serializers.EmailField(
        required=False, allow_blank=True, allow_null=True, default=None,
        help_text="Leave out, empty or null for a person without one: stored as none.")


class PeopleView(APIView):
    """Clerks only: people are found across towns, as at the counter."""

    permission_classes = [IsAuthenticated, IsTownClerk]
    doing = "find people at the counter"

    @extend_schema(parameters=[OpenApiParameter("q", str, description="Name, address or "
                                                "email address, every word matching.")],
                   responses=PersonSerializer(many=True))
    def get(self, request):
        people = find_people(request.query_params.get("q", ""))
        return Response(PersonSerializer(people, many=True).data)

    @extend_schema(request=CounterPersonSerializer, responses={201: PersonSerializer})
    def post(self, request):
        serializer = CounterPersonSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        person = enter_person_at_counter(acting_user=request.user, **serializer.validated_data)
        return Response(PersonSerializer(person).data, status=status.HTTP_201_CREATED)

urlpatterns = [path("people/", PeopleView.as_view(), name="people")]
