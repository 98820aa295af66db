"""The stable pieces of the API (Northborough Horse and Stable Regulations), registered from
``StablesConfig.ready``.

A private (§2) or public (§7) stable permit is applied for with the site, the §2.2 plan
items and the resident's answers to the rule set; the Board of Health office then records
the zoning authority's certification (§2.3) and the Conservation Commission review (§4.1)
at ``/api/v1/stable-applications/{id}/signoffs/``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from permits_site.accounts.permissions import STAFF_ROLES
from permits_site.api.permissions import IsTownClerk
from permits_site.api.public.fields import (
    StrictCharField,
    StrictDateField,
    StrictIntegerField,
    StrictSerializer,
)
from permits_site.api.registry import DetailsHandler
from permits_site.api.scopes import in_towns_where
from permits_site.api.serializers import ApplicationDetailSerializer
from permits_site.licensing.exceptions import DomainError
from permits_site.licensing.kinds import list_related
from permits_site.licensing.models import Application, PermitType
from permits_site.rules.base import FactsInvalid
from stables import services
from stables.facts import resident_questions
from stables.kinds import stable_details
from stables.models import PLAN_ITEMS, Occupancy, Stable

# -- a stable application's details ------------------------------------------------------


class PlanItemsSerializer(StrictSerializer):
    """The proposed stable plan, items (a)–(f) of §2.2; (f) only when the Board asked."""

    layout = StrictCharField(max_length=5000)
    water_and_wetlands = StrictCharField(max_length=5000)
    fencing = StrictCharField(max_length=5000)
    manure_and_feed_storage = StrictCharField(max_length=5000)
    animals = StrictCharField(max_length=5000)
    other_data = StrictCharField(required=False, allow_blank=True, max_length=5000)


class StableDetailsInputSerializer(StrictSerializer):
    """A new stable permit's details; ``facts`` are judged by the resident's rule set."""

    stable = StrictIntegerField(required=False, allow_null=True, default=None,
                                help_text="One of your stables on file; null for a new site.")
    address = StrictCharField(required=False, allow_blank=True, max_length=200, default="")
    parcel = StrictCharField(required=False, allow_blank=True, max_length=40, default="")
    occupancy = serializers.ChoiceField(choices=Occupancy.choices)
    items = PlanItemsSerializer()
    facts = serializers.DictField()

    def validate_facts(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        try:
            return resident_questions(self.context["permit_type"].check_code).parse(raw)
        except FactsInvalid as invalid:
            raise serializers.ValidationError(invalid.errors) from invalid


class StableDetails(DetailsHandler):
    """The site, the §2.2 plan items and the resident's answers; the office's sign-offs are
    recorded separately, so the details are not replaced as facts."""

    takes_facts = False

    def parse(self, permit_type: PermitType, raw: Mapping[str, Any]) -> dict[str, Any]:
        serializer = StableDetailsInputSerializer(data=raw, context={"permit_type": permit_type})
        serializer.is_valid(raise_exception=True)
        return dict(serializer.validated_data)

    def start_application(
        self, *, applicant, permit_type: PermitType, action: str, details: Mapping[str, Any]
    ) -> Application:
        """A new permit (§2.2, §7.1); renewals and transfers are started on the web pages."""
        if action != "new":
            raise DomainError("Apply for a new stable permit here.", field="action")
        return services.apply_for_stable_permit(
            applicant=applicant,
            permit_type_code=permit_type.code,
            stable=self._own_stable(applicant, details["stable"]),
            address=details["address"],
            parcel=details["parcel"],
            occupancy=details["occupancy"],
            items=details["items"],
            facts=details["facts"],
        )

    @staticmethod
    def _own_stable(applicant, stable_id: int | None) -> Stable | None:
        if stable_id is None:
            return None
        stable = Stable.objects.filter(pk=stable_id, keeper=applicant).first()
        if stable is None:
            raise DomainError("Choose one of your own stables.", field="stable")
        return stable

    def represent(self, application: Application) -> dict[str, Any]:
        details = stable_details(application)
        if details is None:
            return {"facts": dict(application.facts)}
        stable = details.stable
        return {
            "stable": {"id": stable.pk, "address": stable.address, "parcel": stable.parcel},
            "occupancy": details.occupancy,
            "items": {name: getattr(details, name) for name in PLAN_ITEMS},
            "facts": dict(application.facts),
            "zoning_certified_on": _iso(details.zoning_certified_on),
            "conservation_reviewed_on": _iso(details.conservation_reviewed_on),
        }


def _iso(date) -> str | None:
    return date.isoformat() if date else None


# -- the office's sign-offs ----------------------------------------------------------------


class SignOffSerializer(StrictSerializer):
    """The zoning authority's certification (§2.3) or the Conservation Commission's review
    (§4.1), as the office received it."""

    kind = serializers.ChoiceField(choices=[("zoning", "Zoning certification (§2.3)"),
                                            ("conservation", "Conservation review (§4.1)")])
    on = StrictDateField()
    reference = StrictCharField(required=False, allow_blank=True, max_length=300, default="")


class StableApplicationViewSet(viewsets.GenericViewSet):
    """Stable applications as the town's staff see them; the clerk records the sign-offs."""

    queryset = Application.objects.none()
    serializer_class = ApplicationDetailSerializer
    permission_classes = [IsAuthenticated, IsTownClerk]

    def get_queryset(self):
        applications = Application.objects.filter(
            permit_type__code__in=services.STABLE_PERMIT_TYPES
        ).select_related("permit_type", "municipality", "applicant", *list_related())
        return in_towns_where(applications, self.request.user, *STAFF_ROLES,
                              town_field="municipality")

    @extend_schema(request=SignOffSerializer, responses=ApplicationDetailSerializer)
    @action(detail=True, methods=["post"])
    def signoffs(self, request, pk=None):
        """Record the zoning certification or the Conservation Commission review."""
        application = self.get_object()
        serializer = SignOffSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        services.record_sign_off(application=application, kind=data["kind"], on=data["on"],
                        note=data["reference"], acting_user=request.user)
        return Response(self.get_serializer(self.get_queryset().get(pk=application.pk)).data)
