"""``POST /applications/{id}/penalties/``: the clerk cites the applicant for the offense a
failed penalty finding leads to (spec ``lifecycle.md``, "What a failed rule does").

Only a town's reviewers reach it (a resident is refused with a 403), and of
them only the clerk records an offense; an application of a town where the
caller reviews nothing is a 404. The citation comes from one service call,
priced and counted as every other citation is.
"""

from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from permits_site.accounts import permissions
from permits_site.accounts.models import Role
from permits_site.api.enforcement import CitationSerializer
from permits_site.api.permissions import IsTownReviewer
from permits_site.api.public.fields import StrictCharField, StrictSerializer, validated_body
from permits_site.api.scopes import in_towns_where
from permits_site.enforcement.models import Citation
from permits_site.enforcement.services.penalties import (
    record_penalty_offense,
)
from permits_site.licensing.models import Application


class PenaltyRequestSerializer(StrictSerializer):
    rule = StrictCharField(max_length=80, help_text="The penalty finding's rule id, e.g. "
                                                    "na.lic.A.timely.")


class PenaltyCitationSerializer(CitationSerializer):
    """The citation, its case, and the last day to pay it or ask for a hearing."""

    case = serializers.IntegerField(source="case_id", read_only=True)
    rule = serializers.SerializerMethodField()
    respond_by = serializers.DateField(source="due_on", read_only=True)

    class Meta(CitationSerializer.Meta):
        fields = [*CitationSerializer.Meta.fields, "case", "rule", "respond_by"]

    def get_rule(self, citation: Citation) -> str:
        return self.context["rule"]



class ApplicationPenaltiesView(APIView):
    permission_classes = [IsAuthenticated, IsTownReviewer]

    @extend_schema(request=PenaltyRequestSerializer, responses={201: PenaltyCitationSerializer})
    def post(self, request, pk: int):
        """Record the offense of a penalty finding on the applicant's record (once)."""
        application = get_object_or_404(
            in_towns_where(Application.objects.all(), request.user,
                           *permissions.REVIEWER_ROLES, town_field="municipality"),
            pk=pk,
        )
        permissions.require(permissions.is_clerk(request.user, application.municipality_id),
                            "record an offense on the applicant's record", [Role.CLERK],
                            town=application.municipality_id)
        rule = validated_body(PenaltyRequestSerializer, request.data)["rule"]
        citation = record_penalty_offense(application=application, rule_id=rule,
                                          acting_user=request.user)
        return Response(PenaltyCitationSerializer(citation, context={"rule": rule}).data,
                        status=status.HTTP_201_CREATED)


application_penalties = ApplicationPenaltiesView.as_view()
