"""``GET /api/v1/search/?q=``: the staff search over the API, the page's groups as JSON.

The same service as the page: the towns where the caller holds a kind's role, a 403
for a caller with no staff role, a 400 naming ``q`` for an empty or one-letter search.
"""

from __future__ import annotations

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from permits_site.search.matching import normalise_text
from permits_site.search.services import search


class HitSerializer(serializers.Serializer):
    title = serializers.CharField()
    status = serializers.CharField(help_text="Where the record stands; blank for a "
                                             "record without a status (a person).")
    town = serializers.CharField(help_text="The town's short name; blank for a person or "
                                           "a business, who may act in several.")
    detail = serializers.CharField()
    url = serializers.CharField(help_text="The record's staff page; blank when the caller "
                                          "has no page for it.")


class GroupSerializer(serializers.Serializer):
    kind = serializers.CharField(source="kind.key")
    label = serializers.CharField(source="kind.label")
    more = serializers.BooleanField(help_text="More records matched than are listed: "
                                              "search with more words.")
    results = HitSerializer(source="hits", many=True)


class SearchResultSerializer(serializers.Serializer):
    query = serializers.CharField()
    groups = GroupSerializer(many=True)


class SearchView(APIView):
    """Find permits, applications (every status), people, businesses, properties, cases,
    citations and the records the towns' laws keep (dogs, horses) in the caller's towns."""

    @extend_schema(
        operation_id="search",
        parameters=[OpenApiParameter(
            "q", str, required=True,
            description="A number, a name, an address, an email, a parcel or a tag number; "
                        "at least two characters (or a number).",
        )],
        responses=SearchResultSerializer,
    )
    def get(self, request):
        text = request.query_params.get("q", "")
        groups = search(user=request.user, text=text)
        return Response(SearchResultSerializer(
            {"query": normalise_text(text), "groups": groups}).data)
