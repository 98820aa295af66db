"""The authenticated API: thin views over the licensing services.

Each queryset is scoped to the caller (another person's id is a 404, see
``scopes``), each action is allowed by a named predicate (a 403 otherwise,
see ``permissions``) and each change is one service call, so the API keeps
exactly the rules, fees and audit trail of the web pages.
"""

from __future__ import annotations

import io
from contextlib import contextmanager
from decimal import Decimal

from django.conf import settings
from django.db.models import DecimalField, Prefetch, Sum, Value
from django.db.models.functions import Coalesce
from django.http import FileResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import generics, mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import NotFound, ValidationError
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.response import Response

from permits_site.accounts.models import Role
from permits_site.accounts.permissions import STAFF_ROLES
from permits_site.api import serializers as api
from permits_site.api.errors import nest_errors
from permits_site.api.permissions import (
    IsTownAdmin,
    IsTownClerk,
    IsTownReviewer,
    MayEditApplication,
    MaySubmitApplication,
    MayUploadDocument,
    MayWithdrawApplication,
)
from permits_site.api.public.fields import StrictSerializer, validated_body
from permits_site.api.scopes import in_towns_where, owned_or_in_staff_towns
from permits_site.exceptions import DomainError
from permits_site.licensing import transitions
from permits_site.licensing.declarations import RENEWAL, DetailsInvalid
from permits_site.licensing.kinds import kind_for, list_related, permit_prefetches
from permits_site.licensing.models import (
    Application,
    Document,
    FeeSchedule,
    Invoice,
    Permit,
    PermitType,
)
from permits_site.licensing.services import applications as application_services
from permits_site.licensing.services.documents import (
    SIGNATURES,
    review_document,
    upload_document,
)
from permits_site.licensing.services.fees import create_fee_schedule_version, retire_fee_schedule
from permits_site.licensing.services.payments import record_payment
from permits_site.licensing.services.permits import change_permit_status, issue_permit
from permits_site.pdf.rendering import render_permit_pdf_bytes

#: Errors about these fields stay at the top level, not under ``details``.
APPLICATION_FIELDS = frozenset({"permit_type", "action", "applicant"})


def attachment(stream, *, filename: str, content_type: str) -> FileResponse:
    """A download the browser must not render or sniff."""
    response = FileResponse(stream, as_attachment=True, filename=filename,
                            content_type=content_type)
    response["X-Content-Type-Options"] = "nosniff"
    return response


# -- applications --------------------------------------------------------------


def _declared_details(kind, application: Application) -> dict:
    """The draft's details as the API shows them, only those its applicant declares: what a
    PATCH keeps of what it does not send (a record the office keeps among them, such as
    Tisbury's public water record, 09.3.1(3), is not the applicant's to send)."""
    declared = {field.name for field in kind.fields(application.permit_type)
                if field.applies_to(application.action)}
    return {name: value for name, value in kind.represent_details(application).items()
            if name in declared}


class ApplicationViewSet(
    mixins.ListModelMixin,
    mixins.RetrieveModelMixin,
    mixins.UpdateModelMixin,
    viewsets.GenericViewSet,
):
    """Applications: the caller's own, and all of the towns where they are staff."""

    queryset = Application.objects.all()
    serializer_class = api.ApplicationDetailSerializer
    town_field = "municipality"
    action_permissions = {
        "update": MayEditApplication,
        "partial_update": MayEditApplication,
        "submit": MaySubmitApplication,
        "withdraw": MayWithdrawApplication,
        "review": IsTownReviewer,
        "determinations": IsTownReviewer,
    }

    def get_queryset(self):
        applications = Application.objects.select_related(
            "permit_type", "municipality", "applicant", "permit", "business", "place__municipality",
            *list_related()
        ).prefetch_related(
            Prefetch("invoices", queryset=Invoice.objects.prefetch_related("lines")),
            "determinations",
        )
        return owned_or_in_staff_towns(applications, self.request.user, owner_field="applicant",
                                       business_field="business")

    def get_permissions(self):
        extra = self.action_permissions.get(self.action)
        if self.action == "documents" and self.request.method == "POST":
            extra = MayUploadDocument
        return [IsAuthenticated(), *([extra()] if extra else [])]

    def get_serializer_class(self):
        if self.action == "list":
            return api.ApplicationSerializer
        return api.ApplicationDetailSerializer

    def detail_response(self, application: Application, *, status_code=status.HTTP_200_OK):
        fresh = self.get_queryset().get(pk=application.pk)
        return Response(self.get_serializer(fresh).data, status=status_code)

    @extend_schema(request=api.ApplicationCreateSerializer,
                   responses={201: api.ApplicationDetailSerializer})
    def create(self, request):
        """Start a draft; ``details`` are exactly the permit type's declared ``fields``.

        A clerk at the counter names the resident in ``applicant`` (a username).
        """
        serializer = api.ApplicationCreateSerializer(data=request.data,
                                                     context={"request": request})
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        permit_type, action = data["permit_type"], data["action"]
        applicant = data.get("applicant") or request.user
        kind = kind_for(permit_type.code)
        with refusals_under_details():
            application_services.check_may_apply(permit_type=permit_type, applicant=applicant,
                                                 acting_user=request.user)
            details = kind.parse_details(permit_type, data["details"], action=action,
                                         applicant=applicant)
            application = kind.start_application(
                applicant=applicant, permit_type=permit_type, action=action, details=details,
                acting_user=request.user,
            )
        return self.detail_response(application, status_code=status.HTTP_201_CREATED)

    @extend_schema(request=api.ApplicationDetailsSerializer,
                   responses=api.ApplicationDetailSerializer)
    def update(self, request, *args, partial=False, **kwargs):
        """Replace a draft's ``details`` (the declared fields, as when it was started); an
        application past its draft is refused first, naming its status. A ``PATCH``
        (``partial``) changes only the details it names: the others stay as the draft has
        them, a dog license's year included."""
        application = self.get_object()
        transitions.require("edit", application)
        serializer = api.ApplicationDetailsSerializer(data=request.data, partial=partial)
        serializer.is_valid(raise_exception=True)
        sent = serializer.validated_data.get("details")
        if partial and not sent:
            return self.detail_response(application)
        kind = kind_for(application.permit_type.code)
        raw = {**_declared_details(kind, application), **sent} if partial else sent
        with refusals_under_details():
            details = kind.parse_details(application.permit_type, raw,
                                         action=application.action,
                                         applicant=application.applicant)
            kind.update_details(application, details, acting_user=request.user)
        return self.detail_response(application)

    @extend_schema(request=api.ApplicationDetailsSerializer,
                   responses=api.ApplicationDetailSerializer)
    def partial_update(self, request, *args, **kwargs):
        """Change the ``details`` a draft names; the others are kept (an HTTP ``PATCH``)."""
        return self.update(request, *args, partial=True, **kwargs)

    @extend_schema(request=None, responses=api.ApplicationDetailSerializer)
    @action(detail=True, methods=["post"])
    def submit(self, request, pk=None):
        """Submit the draft: dated today and invoiced by the fee schedule in force today."""
        application = self.get_object()
        validated_body(StrictSerializer, request.data)
        application = application_services.submit_application(application=application,
                                                              acting_user=request.user)
        return self.detail_response(application)

    @extend_schema(request=None, responses=api.ApplicationDetailSerializer)
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        application = self.get_object()
        validated_body(StrictSerializer, request.data)
        application = application_services.withdraw_application(application=application,
                                                                acting_user=request.user)
        return self.detail_response(application)

    @extend_schema(request=api.ReviewSerializer, responses=api.ApplicationDetailSerializer)
    @action(detail=True, methods=["post"])
    def review(self, request, pk=None):
        """Start review, approve, deny (``reason``) or request changes (``message``)."""
        application = self.get_object()
        serializer = api.ReviewSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        application_services.decide_review(
            application=application, decision=data["decision"], reason=data.get("reason", ""),
            message=data.get("message", ""), acting_user=request.user,
        )
        return self.detail_response(application)

    @extend_schema(request=api.ReviewDeterminationSerializer,
                   responses={201: api.ApplicationDetailSerializer})
    @action(detail=True, methods=["post"])
    def determinations(self, request, pk=None):
        """A reviewer's determination of a needs_review finding: acceptable or not, with a
        note; an acceptable one is printed on the permit with the reviewer's name."""
        application = self.get_object()
        serializer = api.ReviewDeterminationSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        application_services.record_determination(
            application=application, rule_id=data["rule"], acceptable=data["acceptable"],
            note=data["note"], acting_user=request.user,
        )
        return self.detail_response(application, status_code=status.HTTP_201_CREATED)

    @extend_schema(methods=["GET"], responses=api.DocumentSerializer(many=True))
    @extend_schema(methods=["POST"], request=api.DocumentUploadSerializer,
                   responses={201: api.DocumentSerializer})
    @action(detail=True, methods=["get", "post"], parser_classes=[MultiPartParser],
            pagination_class=None)
    def documents(self, request, pk=None):
        """The application's documents, all of them as one list like its variances and
        hearings; upload a PDF, PNG or JPEG (checked by content, ≤ 10 MB)."""
        application = self.get_object()
        if request.method == "GET":
            documents = application.documents.all()
            return Response(api.DocumentSerializer(documents, many=True).data)
        refuse_oversized_body(request)
        serializer = api.DocumentUploadSerializer(data=request.data, context={
            "document_kinds": kind_for(application.permit_type.code).document_kinds,
        })
        serializer.is_valid(raise_exception=True)
        document = upload_document(
            application=application, uploaded_by=request.user,
            kind=serializer.validated_data["kind"], upload=serializer.validated_data["file"],
            valid_until=serializer.validated_data.get("valid_until"),
        )
        return Response(api.DocumentSerializer(document).data, status=status.HTTP_201_CREATED)


@contextmanager
def refusals_under_details():
    """Refused ``details`` as a 400 keyed by field under ``details`` (the request's own
    fields, ``permit_type``, ``action`` and ``applicant``, stay at the top)."""
    try:
        yield
    except (DetailsInvalid, DomainError) as refused:
        raise nest_errors(refused.errors, under="details",
                          top_level=APPLICATION_FIELDS) from refused
    except ValidationError as invalid:
        raise nest_errors(invalid.detail, under="details",
                          top_level=APPLICATION_FIELDS) from invalid


def refuse_oversized_body(request) -> None:
    """Refuse, before parsing it, a body too large to hold an acceptable document.

    Smaller bodies are parsed (files over 2 MB go to a temporary file, not
    memory) and the upload service checks the file's own size.
    """
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    if length > settings.DATA_UPLOAD_MAX_MEMORY_SIZE:
        limit = settings.DOCUMENT_MAX_BYTES // (1024 * 1024)
        raise ValidationError({"file": [f"The file is larger than {limit} MB."]})


# -- documents -----------------------------------------------------------------


class OfficeApplicationViewSet(viewsets.GenericViewSet):
    """Applications of ``permit_type_codes`` as the town's staff see them, for the office's
    actions a bylaw app adds (a stable's sign-offs, a disposal works' public water)."""

    permit_type_codes: tuple[str, ...] = ()
    queryset = Application.objects.none()
    serializer_class = api.ApplicationDetailSerializer
    permission_classes = [IsAuthenticated, IsTownClerk]
    doing = "record the office's actions on an application"

    def get_queryset(self):
        applications = Application.objects.filter(
            permit_type__code__in=self.permit_type_codes
        ).select_related("permit_type", "municipality", "applicant", *list_related())
        return in_towns_where(applications, self.request.user, *STAFF_ROLES,
                              town_field="municipality")

    def respond(self, application: Application) -> Response:
        """The application as it stands after the office's action."""
        return Response(self.get_serializer(self.get_queryset().get(pk=application.pk)).data)


class DocumentViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Uploaded documents, for their owner and the town's staff."""

    queryset = Document.objects.all()
    serializer_class = api.DocumentSerializer
    doing = "review documents"

    def get_queryset(self):
        return owned_or_in_staff_towns(Document.objects.all(), self.request.user,
                                       owner_field="owner",
                                       business_field="application__business")

    def get_permissions(self):
        if self.action == "review":
            return [IsAuthenticated(), IsTownClerk()]
        return [IsAuthenticated()]

    @extend_schema(responses={(200, content_type): OpenApiTypes.BINARY
                              for _, content_type in SIGNATURES})
    @action(detail=True, methods=["get"])
    def file(self, request, pk=None):
        """The stored file, as a download in the format its content proved on upload."""
        document = self.get_object()
        return attachment(document.file.open("rb"), filename=document.original_name,
                          content_type=document.content_type)

    @extend_schema(request=api.DocumentReviewSerializer, responses=api.DocumentSerializer)
    @action(detail=True, methods=["post"])
    def review(self, request, pk=None):
        """The clerk accepts the document, or marks it not accepted with the ``reason`` its
        applicant reads."""
        serializer = api.DocumentReviewSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        document = review_document(document=self.get_object(), acting_user=request.user,
                                   **serializer.validated_data)
        return Response(api.DocumentSerializer(document).data)


# -- invoices and payments -----------------------------------------------------


class InvoiceViewSet(viewsets.ReadOnlyModelViewSet):
    """Invoices: the caller's own, and all of the towns where they are staff."""

    queryset = Invoice.objects.all()
    serializer_class = api.InvoiceSerializer
    town_field = "municipality"

    def get_queryset(self):
        invoices = owned_or_in_staff_towns(Invoice.objects.all(), self.request.user,
                                           owner_field="payer", business_field="payer_business")
        return (
            invoices.select_related("municipality", "payer", "payer_business")
            .prefetch_related("lines")
            .annotate(amount_received=Coalesce(
                Sum("payments__amount"), Value(Decimal("0.00")),
                output_field=DecimalField(max_digits=10, decimal_places=2),
            ))
        )


class PaymentViewSet(viewsets.GenericViewSet):
    """Money received at the counter, recorded by the town clerk."""

    serializer_class = api.PaymentSerializer
    permission_classes = [IsAuthenticated, IsTownClerk]
    doing = "record payments"

    @extend_schema(responses={201: api.PaymentSerializer, 200: api.PaymentSerializer})
    def create(self, request):
        """Record a payment; the same ``reference`` again returns the first one (200)."""
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        invoice = serializer.validated_data["invoice"]
        self.check_object_permissions(request, invoice)
        payment, created = record_payment(
            invoice=invoice,
            method=serializer.validated_data["method"],
            reference=serializer.validated_data["reference"],
            amount=serializer.validated_data["amount"],
            acting_user=request.user,
        )
        return Response(self.get_serializer(payment).data,
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


# -- permits -------------------------------------------------------------------


class PermitViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Issued permits: the caller's own, and all of the towns where they are staff."""

    queryset = Permit.objects.all()
    serializer_class = api.PermitSerializer
    town_field = "municipality"
    clerk_actions = {"create", "suspend", "reinstate", "revoke"}
    doing = "issue, suspend, reinstate and revoke permits"

    def get_queryset(self):
        permits = Permit.objects.select_related(
            "permit_type", "municipality", "holder_business"
        ).prefetch_related(*permit_prefetches())
        return owned_or_in_staff_towns(permits, self.request.user, owner_field="holder",
                                       business_field="holder_business")

    def get_permissions(self):
        if self.action in self.clerk_actions:
            return [IsAuthenticated(), IsTownClerk()]
        return [IsAuthenticated()]

    @extend_schema(request=api.PermitIssueSerializer,
                   responses={201: api.PermitSerializer, 200: api.PermitSerializer})
    def create(self, request):
        """Issue an approved application (a replacement tag amends its license: 200)."""
        serializer = api.PermitIssueSerializer(data=request.data, context={"request": request})
        serializer.is_valid(raise_exception=True)
        application = serializer.validated_data["application"]
        self.check_object_permissions(request, application)
        permit = issue_permit(
            application=application, acting_user=request.user,
            next_license_year=serializer.validated_data["next_license_year"],
        )
        issued = permit.application_id == application.pk
        return Response(self.get_serializer(permit).data,
                        status=status.HTTP_201_CREATED if issued else status.HTTP_200_OK)

    @extend_schema(responses=api.RenewalSerializer)
    @action(detail=True, methods=["get"])
    def renewal(self, request, pk=None):
        """The body of a renewal of this permit for ``POST /applications/``, pre-filled from
        the application it was issued on; 404 for a type that is not renewed."""
        permit = self.get_object()
        details = kind_for(permit.permit_type.code).renewal_details(permit)
        if details is None:
            raise NotFound(f"{permit.permit_type.name} permits are not renewed.")
        return Response(api.RenewalSerializer(
            {"permit_type": permit.permit_type.code, "action": RENEWAL, "details": details}
        ).data)

    def change_status(self, request, change: str):
        serializer = api.ReasonSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        permit = change_permit_status(permit=self.get_object(), change=change,
                                      reason=serializer.validated_data["reason"],
                                      acting_user=request.user)
        return Response(self.get_serializer(permit).data)

    @extend_schema(request=api.ReasonSerializer, responses=api.PermitSerializer)
    @action(detail=True, methods=["post"])
    def suspend(self, request, pk=None):
        return self.change_status(request, "suspend")

    @extend_schema(request=api.ReasonSerializer, responses=api.PermitSerializer)
    @action(detail=True, methods=["post"])
    def reinstate(self, request, pk=None):
        return self.change_status(request, "reinstate")

    @extend_schema(request=api.ReasonSerializer, responses=api.PermitSerializer)
    @action(detail=True, methods=["post"])
    def revoke(self, request, pk=None):
        return self.change_status(request, "revoke")

    @extend_schema(responses={(200, "application/pdf"): OpenApiTypes.BINARY})
    @action(detail=True, methods=["get"])
    def pdf(self, request, pk=None):
        """The license PDF: the stored copy, or rendered now if it is not stored yet."""
        permit = self.get_object()
        stream = permit.pdf.open("rb") if permit.pdf else io.BytesIO(
            render_permit_pdf_bytes(permit))
        return attachment(stream, filename=f"{permit.number}.pdf", content_type="application/pdf")


class VerificationView(generics.RetrieveAPIView):
    """Public: what a license's QR code confirms, with the holder's initials only."""

    authentication_classes = []
    permission_classes = [AllowAny]
    serializer_class = api.VerificationSerializer
    queryset = Permit.objects.select_related("permit_type", "municipality", "holder")
    lookup_field = "verification_token"
    lookup_url_kwarg = "token"


# -- fee schedules -------------------------------------------------------------


class FeeScheduleViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                         viewsets.GenericViewSet):
    """Effective-dated fee schedule versions, managed by each town's administrators."""

    queryset = FeeSchedule.objects.all()
    serializer_class = api.FeeScheduleSerializer
    permission_classes = [IsAuthenticated, IsTownAdmin]
    #: ``?municipality=``: only that town's versions (``permits_site.api.filters``).
    town_field = "permit_type__municipality"

    def get_queryset(self):
        schedules = FeeSchedule.objects.select_related("permit_type").prefetch_related("items")
        return in_towns_where(schedules, self.request.user, Role.ADMIN,
                              town_field=self.town_field)

    def filter_queryset(self, queryset):
        queryset = super().filter_queryset(queryset)
        code = self.request.query_params.get("permit_type")
        if self.action != "list" or code is None:
            return queryset
        permit_type = PermitType.objects.filter(code=code).first()
        if permit_type is None:
            raise ValidationError({"permit_type": [f"No permit type has the code “{code}”."]})
        self.check_object_permissions(self.request, permit_type)
        return queryset.filter(permit_type=permit_type)

    @extend_schema(parameters=[OpenApiParameter(
        "permit_type", str, description="Only this permit type's versions (its code).")])
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(request=api.FeeScheduleCreateSerializer,
                   responses={201: api.FeeScheduleSerializer})
    def create(self, request):
        """A new version from ``effective_from``: an amount for every item of the current one."""
        serializer = api.FeeScheduleCreateSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        self.check_object_permissions(request, data["permit_type"])
        try:
            schedule = create_fee_schedule_version(
                permit_type=data["permit_type"], effective_from=data["effective_from"],
                amounts=data["amounts"], note=data["note"], acting_user=request.user,
                adoption=serializer.adoption(),
            )
        except DomainError as refused:
            raise nest_errors(refused.errors, under="amounts",
                                          top_level=set(serializer.fields)) from refused
        return Response(self.get_serializer(schedule).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses=api.FeeScheduleSerializer)
    @action(detail=True, methods=["post"])
    def retire(self, request, pk=None):
        """Withdraw a version that has not taken effect and has priced nothing; one that has
        taken effect is a 400 saying so."""
        schedule = self.get_object()
        validated_body(StrictSerializer, request.data)
        schedule = retire_fee_schedule(schedule=schedule, acting_user=request.user)
        return Response(self.get_serializer(schedule).data)
