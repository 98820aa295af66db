"""``/api/v1/septic-reports/`` and ``/api/v1/septic-inspector-licenses/``: Tisbury's septic
inspection reports over HTTP (BOH Reg 09.0.8(4), 09.1.3(5)), registered from
``TisburyRegsConfig.ready``.

A licensed system inspector files a report (``POST /septic-reports/``) and reads their own;
the town's staff read every report. The admin grants and revokes licenses. Each call is one
call of the service the pages use (``tisbury_regs.septic.services``); refusals are 400s naming
their field, or 403s.
"""

from __future__ import annotations

from django.db.models import Q
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from permits_site.accounts import permissions
from permits_site.accounts.models import Role, User
from permits_site.api.public.fields import (
    BoundedModelSerializer,
    StrictBooleanField,
    StrictCharField,
    StrictDateField,
    StrictSerializer,
    validated_body,
)
from permits_site.enforcement.models import InspectionResult
from permits_site.parties.models import Property
from tisbury_regs.models import SepticInspectionReport, SystemInspectorLicense, tisbury
from tisbury_regs.periods import MUNICIPALITY
from tisbury_regs.septic import services


class ReportSerializer(BoundedModelSerializer):
    late = serializers.BooleanField(read_only=True)
    orders = serializers.SerializerMethodField()

    class Meta:
        model = SepticInspectionReport
        fields = ["id", "property", "owner_name", "inspector", "inspected_on", "filed_on",
                  "result", "notes", "sale_closing_on", "single_cesspool", "due_on", "late",
                  "valid_through", "case", "orders"]

    def get_orders(self, report: SepticInspectionReport) -> list[dict]:
        if report.case is None:
            return []
        return [{"id": order.pk, "text": order.text, "comply_by": order.comply_by.isoformat(),
                 "citation": order.citation} for order in report.case.orders.all()]


class FileReportSerializer(StrictSerializer):
    property = serializers.IntegerField()
    owner_name = StrictCharField(max_length=200)
    inspected_on = StrictDateField()
    result = serializers.ChoiceField(choices=InspectionResult.choices)
    notes = StrictCharField(required=False, default="", allow_blank=True)
    sale_closing_on = StrictDateField(required=False, allow_null=True, default=None)
    single_cesspool = StrictBooleanField(
        required=False, default=False,
        help_text="A single cesspool at a sale is a failed system (09.0.8(12)).")


class SepticReportViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                          viewsets.GenericViewSet):
    """Septic inspection reports: the inspector's own, every one for the town's staff."""

    serializer_class = ReportSerializer
    queryset = SepticInspectionReport.objects.none()  # the schema's model; see get_queryset

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        town = tisbury()
        mine = Q(inspector=self.request.user)
        if permissions.is_town_staff(self.request.user, town.pk):
            mine = Q(municipality=town)
        reports = SepticInspectionReport.objects.filter(mine).select_related("case")
        place = self.request.query_params.get("property")
        if place and place.isdigit():
            reports = reports.filter(property_id=int(place))
        return reports.prefetch_related("case__orders").order_by("-inspected_on", "-pk")

    @extend_schema(request=FileReportSerializer, responses={201: ReportSerializer})
    def create(self, request):
        """File a report (licensed inspectors): flagged late after 30 days; a failed
        system opens a case with its 7-day and 90-day orders."""
        data = dict(validated_body(FileReportSerializer, request.data))
        place = Property.objects.filter(pk=data.pop("property"),
                                        municipality__code=MUNICIPALITY).first()
        if place is None:
            raise serializers.ValidationError({"property": ["No such Tisbury property."]})
        report = services.file_report(place=place, acting_user=request.user, **data)
        return Response(ReportSerializer(report).data, status=status.HTTP_201_CREATED)


class LicenseSerializer(BoundedModelSerializer):
    class Meta:
        model = SystemInspectorLicense
        fields = ["id", "user", "license_number", "expires_on", "granted_on", "granted_by",
                  "revoked_on"]


class GrantSerializer(StrictSerializer):
    user = serializers.IntegerField()
    license_number = StrictCharField(max_length=40)
    expires_on = StrictDateField()


class InspectorLicenseViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    """System inspector licenses, kept by the town's admin."""

    serializer_class = LicenseSerializer
    queryset = SystemInspectorLicense.objects.none()  # the schema's model; see get_queryset

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return self.queryset
        town = tisbury()
        permissions.require(permissions.is_admin(self.request.user, town.pk),
                            services.LICENSING, [Role.ADMIN], town=town)
        return SystemInspectorLicense.objects.filter(municipality=town).order_by("pk")

    @extend_schema(request=GrantSerializer, responses={201: LicenseSerializer})
    def create(self, request):
        """License a system inspector (the admin)."""
        data = validated_body(GrantSerializer, request.data)
        user = User.objects.filter(pk=data["user"]).first()
        if user is None:
            raise serializers.ValidationError({"user": ["No such account."]})
        license = services.grant_inspector_license(
            municipality=tisbury(), user=user, license_number=data["license_number"],
            expires_on=data["expires_on"], acting_user=request.user)
        return Response(LicenseSerializer(license).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses=LicenseSerializer)
    @action(detail=True, methods=["post"])
    def revoke(self, request, pk=None):
        """Revoke the license from today; reports already filed stand."""
        license = self.get_object()
        validated_body(StrictSerializer, request.data)
        services.revoke_inspector_license(license=license, acting_user=request.user)
        return Response(LicenseSerializer(license).data)
