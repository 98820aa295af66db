"""``/applications/{id}/variances/`` and ``/applications/{id}/hearings/``: the Board's relief
and the public hearing on an application, over HTTP.

Only a town's reviewers reach these resources (a resident is refused with a
403); an application of a town where the caller reviews nothing is a 404, and
so is a variance or hearing of another application. Who may act follows the
review screen: clerks and Board members request a variance, only the town's
Board members sign or deny one (Northborough Horse & Stable Regs §8.2,
Tisbury BOH Reg 09.0.3), only the Clerk schedules a hearing and records its
notices' mailing, and a Board member, or the Clerk for the Board, continues it and
records its decision (Northborough §2.2). None of these is taken by a member of staff on an
application they or their business made: a 403 says so
(``permissions.own_application_refusal``). Each change is one service call.

The applicant side has its own resource, ``/applications/{id}/variance-requests/``: the
applicant, or a member of the business to hold the permit, lists the application's
variances with their signatures and files the same written request the clerk files; any
other caller gets a 404.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from typing import Any

from django.shortcuts import get_object_or_404
from django.urls import path
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from permits_site.accounts import permissions
from permits_site.accounts.permissions import require
from permits_site.api.hearings import HearingTimeAndPlaceInput, HeldAtTimeAndPlaceOutput
from permits_site.api.permissions import IsTownReviewer
from permits_site.api.public.fields import (
    BoundedModelSerializer,
    StrictBooleanField,
    StrictCharField,
    StrictDateField,
    StrictSerializer,
    validated_body,
)
from permits_site.api.scopes import in_towns_where
from permits_site.api.serializers import HearingContinuedFromSerializer
from permits_site.api.views import attachment
from permits_site.licensing.models import (
    AbutterRelation,
    Application,
    PermitHearing,
    Variance,
    VarianceSignature,
)
from permits_site.licensing.services import hearings as hearing_services
from permits_site.licensing.services import variances as variance_services

TEXT_LENGTH = 5000

# -- serializers: out ----------------------------------------------------------------


class VarianceSignatureSerializer(BoundedModelSerializer):
    board_member = serializers.CharField(source="board_member.display_name", read_only=True)

    class Meta:
        model = VarianceSignature
        fields = ["board_member", "approve", "signed_at"]


class VarianceSerializer(BoundedModelSerializer):
    status = serializers.CharField(read_only=True, help_text="requested, granted or denied.")
    rule_ids = serializers.ListField(child=serializers.CharField(), read_only=True)
    requested_by = serializers.CharField(source="requested_by.display_name", read_only=True)
    signatures = VarianceSignatureSerializer(many=True, read_only=True)

    class Meta:
        model = Variance
        fields = [
            "id", "rule_ids", "request_text", "locus", "owner", "regulation", "relief",
            "status", "conditions", "bases", "denial_reason",
            "signatures_required", "signatures", "requested_by", "requested_at", "decided_at",
        ]


class HearingAbutterSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    relation = serializers.ChoiceField(choices=AbutterRelation.choices,
                                       help_text="Owner, tenant or other occupant (§1.2).")
    parcel = serializers.CharField(source="place.parcel", default=None, allow_null=True,
                                   help_text="The adjoining property's parcel, when picked "
                                             "from the town's record.")
    mailing_address = serializers.CharField()
    certified_mail_number = serializers.CharField(
        allow_blank=True, help_text="Blank until the mailing is recorded.")


class EarlierLetterSerializer(serializers.Serializer):
    abutter = serializers.IntegerField(help_text="The abutter's id on the hearing.")
    name = serializers.CharField()
    certified_mail_number = serializers.CharField()


class PermitHearingContinuanceOutSerializer(HearingContinuedFromSerializer):
    """A continuance as the office keeps it: the day, hour and place it replaced and the
    notice mailed for them, why, who recorded it, and whether the abutters were noticed
    again (postponed before the day) or the notice stood (continued at the hearing)."""

    previous_notices_mailed_on = serializers.DateField(
        allow_null=True, read_only=True,
        help_text="The mailing of the notice of the day it replaced; null if not recorded.")
    renoticed = serializers.BooleanField(
        read_only=True, help_text="true: postponed before its day, new letters went to the "
                                  "abutters; false: continued at the hearing, the notice stood.")
    previous_certified_mail_numbers = EarlierLetterSerializer(
        many=True, read_only=True,
        help_text="Postponed: the earlier letters' certified-mail article numbers.")
    recorded_by = serializers.CharField(source="recorded_by.display_name", read_only=True)

    class Meta(HearingContinuedFromSerializer.Meta):
        fields = [*HearingContinuedFromSerializer.Meta.fields, "previous_notices_mailed_on",
                  "renoticed", "previous_certified_mail_numbers", "reason", "recorded_by"]
        read_only_fields = fields


class PermitHearingSerializer(HeldAtTimeAndPlaceOutput, BoundedModelSerializer):
    abutters = HearingAbutterSerializer(many=True, read_only=True)
    notices_mailed_on = serializers.DateField(
        allow_null=True, read_only=True,
        help_text="Null until the mailing is recorded; the hearing cannot be decided before.")
    continuances = PermitHearingContinuanceOutSerializer(
        many=True, read_only=True, help_text="Each continuance of the hearing, oldest first.")

    class Meta:
        model = PermitHearing
        fields = [
            "id", "hearing_date", "hearing_time", "location", "notices_mailed_on",
            "relief_sought", "abutters", "decided_on", "decision", "scheduled_at",
            "continuances",
        ]


# -- serializers: in -----------------------------------------------------------------


def text_field(**kwargs: Any) -> StrictCharField:
    """Free text the service judges (blank included), so its refusal cites the law."""
    return StrictCharField(max_length=TEXT_LENGTH, allow_blank=True, **kwargs)


class VarianceRequestSerializer(StrictSerializer):
    rule_ids = serializers.ListField(
        child=StrictCharField(max_length=80),
        help_text="The ids of the failed rules the variance would cover.",
    )
    request_text = text_field(help_text="What is asked of the Board, and why.")
    locus = StrictCharField(max_length=300, allow_blank=True, required=False, default="",
                            help_text="Where the law asks for a written application (Tisbury "
                                      "09.0.3): the locus with its assessors' lot number.")
    owner = StrictCharField(max_length=300, allow_blank=True, required=False, default="",
                            help_text="The owner's name and address.")
    regulation = text_field(required=False, default="",
                            help_text="The exact regulation: page, section, paragraph, "
                                      "sentence, words or numbers.")
    relief = text_field(required=False, default="", help_text="The waiver asked.")
    sets_aside_law = StrictBooleanField(
        required=False, default=False,
        help_text="The clerk marks a request to set aside a state or federal statute or a "
                  "town bylaw: refused, no Board can waive those.")


class VarianceSignSerializer(StrictSerializer):
    approve = StrictBooleanField(help_text="true to sign in approval, false to oppose.")
    conditions = text_field(required=False, default="")
    bases = text_field(required=False, default="")


class VarianceDenySerializer(StrictSerializer):
    reason = text_field(help_text="The Board's reason, answered as the variance's "
                                  "denial_reason.")


class AbutterSerializer(StrictSerializer):
    name = StrictCharField(max_length=TEXT_LENGTH, allow_blank=True, required=False, default="")
    mailing_address = StrictCharField(max_length=TEXT_LENGTH, allow_blank=True, required=False,
                                      default="")
    certified_mail_number = StrictCharField(
        max_length=TEXT_LENGTH, allow_blank=True, required=False, default=""
    )
    relation = serializers.ChoiceField(choices=AbutterRelation.choices, required=False,
                                       default=AbutterRelation.OWNER)
    parcel = StrictCharField(
        max_length=40, allow_blank=True, required=False, default="",
        help_text="Pick the abutter from the town's properties by parcel: the letter goes to "
                  "its address unless mailing_address says otherwise.")

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, Mapping):
            raise ValidationError({"non_field_errors": ["Send each abutter as a JSON object."]})
        return super().to_internal_value(data)


class HearingScheduleSerializer(HearingTimeAndPlaceInput, StrictSerializer):
    """A new hearing; its ``hearing_time`` and ``location`` left out, the town's usual
    ones (the service refuses one with no place, given or usual, naming ``location``)."""

    hearing_date = StrictDateField()
    notices_mailed_on = StrictDateField(
        required=False, default=None,
        help_text="Usually recorded later with the article numbers (the mailing endpoint).")
    relief_sought = text_field(required=False, default="",
                               help_text="Blank: the variances the application needs.")
    abutters = AbutterSerializer(many=True, help_text="Every abutter sent the notice.")


class CertifiedNumberSerializer(StrictSerializer):
    id = serializers.IntegerField(help_text="The abutter's id on the hearing.")
    certified_mail_number = StrictCharField(max_length=TEXT_LENGTH, allow_blank=True)

    def to_internal_value(self, data: Any) -> dict[str, Any]:
        if not isinstance(data, Mapping):
            raise ValidationError({"non_field_errors": ["Send each abutter as a JSON object."]})
        return super().to_internal_value(data)


class HearingMailingSerializer(StrictSerializer):
    notices_mailed_on = StrictDateField()
    abutters = CertifiedNumberSerializer(
        many=True, help_text="Each letter's certified-mail article number.")


class PermitHearingContinuanceSerializer(HearingTimeAndPlaceInput, StrictSerializer):
    """An undecided hearing's new day, hour and place (the hour and place left out, the
    town's usual ones; the same day, hour and place again is a 400 naming ``hearing_date``)
    and why."""

    hearing_date = StrictDateField(
        help_text="The new day. Postponed before the hearing's day, the abutters are noticed "
                  "again and the day must leave the town's notice period (Northborough §2.2: "
                  "10 days) after the new letters' mailing; continued on or after it, the "
                  "notice stands.")
    reason = StrictCharField(max_length=500, allow_blank=True,
                             help_text="Why the hearing is continued (required).")
    notices_mailed_on = StrictDateField(
        required=False, default=None,
        help_text="Postponed only: the day the new letters were mailed, if they were; "
                  "else recorded later with their article numbers (the mailing endpoint).")


class PermitHearingDecisionSerializer(StrictSerializer):
    decision = text_field()
    decided_on = StrictDateField()


# -- lookups ----------------------------------------------------------------------------


def reviewed_application(request, pk: int) -> Application:
    """The application, if the caller reviews applications of its town; else a 404."""
    applications = in_towns_where(
        Application.objects.select_related("municipality", "permit_type"),
        request.user,
        *permissions.REVIEWER_ROLES,
        town_field="municipality",
    )
    return get_object_or_404(applications, pk=pk)


def variance_response(variance: Variance, *, status_code: int = status.HTTP_200_OK) -> Response:
    fresh = variance_services.variances_with_signatures(variance.application).get(pk=variance.pk)
    return Response(VarianceSerializer(fresh).data, status=status_code)


def hearings_of(application: Application):
    """The application's hearings as the answers give them, with abutters and continuances."""
    return application.hearings.prefetch_related("abutters__place",
                                                 "continuances__recorded_by")


def hearing_response(hearing: PermitHearing, *, status_code: int = status.HTTP_200_OK) -> Response:
    fresh = hearings_of(hearing.application).get(pk=hearing.pk)
    return Response(PermitHearingSerializer(fresh).data, status=status_code)


class ReviewerView(APIView):
    """Reviewers only: a caller who reviews in no town is refused up front (403)."""

    permission_classes = [IsAuthenticated, IsTownReviewer]


# -- variances --------------------------------------------------------------------------


class VarianceListView(ReviewerView):
    @extend_schema(responses=VarianceSerializer(many=True))
    def get(self, request, pk: int):
        """The application's variances with the Board members' signatures."""
        application = reviewed_application(request, pk)
        variances = variance_services.variances_with_signatures(application)
        return Response(VarianceSerializer(variances, many=True).data)

    @extend_schema(request=VarianceRequestSerializer, responses={201: VarianceSerializer})
    def post(self, request, pk: int):
        """Put a variance of failed rules before the Board (Northborough §8.2)."""
        application = reviewed_application(request, pk)
        require(permissions.can_request_variance(request.user, application),
                "request a variance", permissions.REVIEWER_ROLES,
                town=application.municipality_id)
        data = validated_body(VarianceRequestSerializer, request.data)
        variance = variance_services.request_variance(
            application=application, acting_user=request.user, **data
        )
        return variance_response(variance, status_code=status.HTTP_201_CREATED)


def own_application(request, pk: int) -> Application:
    """The caller's own application (theirs, or their business's); else a 404."""
    applications = Application.objects.select_related("municipality", "permit_type").filter(
        permissions.party_rows(request.user, owner_field="applicant", business_field="business"))
    return get_object_or_404(applications, pk=pk)


class VarianceRequestsView(APIView):
    """The applicant's side of the Board's relief (Northborough §8, Tisbury 09.0.3)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(operation_id="applications_variance_requests_list",
                   responses=VarianceSerializer(many=True))
    def get(self, request, pk: int):
        """The application's variances, each with its status and Board signatures."""
        application = own_application(request, pk)
        variances = variance_services.variances_with_signatures(application)
        return Response(VarianceSerializer(variances, many=True).data)

    @extend_schema(operation_id="applications_variance_requests_create",
                   request=VarianceRequestSerializer, responses={201: VarianceSerializer})
    def post(self, request, pk: int):
        """Ask the Board for a variance or waiver of failed rules of one's own application."""
        application = own_application(request, pk)
        data = validated_body(VarianceRequestSerializer, request.data)
        variance = variance_services.request_variance(
            application=application, acting_user=request.user, **data
        )
        return variance_response(variance, status_code=status.HTTP_201_CREATED)


def signable_variance(request, pk: int, variance_id: int) -> Variance:
    """A variance of the application; only the town's Board members sign or deny, never on
    their own application (403, ``permissions.require_variance_signer``)."""
    application = reviewed_application(request, pk)
    variance = get_object_or_404(application.variances.all(), pk=variance_id)
    permissions.require_variance_signer(request.user, application)
    return variance


class VarianceSignView(ReviewerView):
    @extend_schema(request=VarianceSignSerializer, responses=VarianceSerializer)
    def post(self, request, pk: int, variance_id: int):
        """Sign in approval (the first approval writes the conditions and bases) or oppose."""
        variance = signable_variance(request, pk, variance_id)
        data = validated_body(VarianceSignSerializer, request.data)
        variance = variance_services.sign_variance(
            variance=variance, board_member=request.user, **data
        )
        return variance_response(variance)


class VarianceDenyView(ReviewerView):
    @extend_schema(request=VarianceDenySerializer, responses=VarianceSerializer)
    def post(self, request, pk: int, variance_id: int):
        """The Board refuses the variance, giving its reason."""
        variance = signable_variance(request, pk, variance_id)
        data = validated_body(VarianceDenySerializer, request.data)
        variance = variance_services.deny_variance(
            variance=variance, board_member=request.user, **data
        )
        return variance_response(variance)


# -- hearings ---------------------------------------------------------------------------


def managed_application(request, pk: int) -> Application:
    """An application whose hearings only the town's Clerk schedules and whose notices'
    mailing only the Clerk records, not on their own application (403 otherwise)."""
    application = reviewed_application(request, pk)
    permissions.require_hearing_manager(request.user, application)
    return application


def decided_application(request, pk: int) -> Application:
    """An application whose hearing's decision the user may record: the Board's member, or
    the Clerk for the Board (Northborough §2.2), not on their own application (403
    otherwise)."""
    application = reviewed_application(request, pk)
    permissions.require_hearing_decider(request.user, application)
    return application


class HearingListView(ReviewerView):
    @extend_schema(responses=PermitHearingSerializer(many=True))
    def get(self, request, pk: int):
        """The application's hearings with the abutters notified."""
        application = reviewed_application(request, pk)
        return Response(PermitHearingSerializer(hearings_of(application), many=True).data)

    @extend_schema(request=HearingScheduleSerializer, responses={201: PermitHearingSerializer})
    def post(self, request, pk: int):
        """Schedule the hearing; notices mailed too late are refused (Northborough §2.2)."""
        application = managed_application(request, pk)
        data = validated_body(HearingScheduleSerializer, request.data)
        hearing = hearing_services.schedule_hearing(
            application=application, acting_user=request.user, **data
        )
        return hearing_response(hearing, status_code=status.HTTP_201_CREATED)


class HearingDecisionView(ReviewerView):
    @extend_schema(request=PermitHearingDecisionSerializer, responses=PermitHearingSerializer)
    def post(self, request, pk: int, hearing_id: int):
        """Record the Board's decision after the hearing: a Board member, or the Clerk for the
        Board (Northborough §2.2)."""
        application = decided_application(request, pk)
        hearing = get_object_or_404(application.hearings.all(), pk=hearing_id)
        data = validated_body(PermitHearingDecisionSerializer, request.data)
        hearing = hearing_services.decide_hearing(
            hearing=hearing, acting_user=request.user, **data
        )
        return hearing_response(hearing)


class HearingContinuanceView(ReviewerView):
    @extend_schema(request=PermitHearingContinuanceSerializer,
                   responses={201: PermitHearingSerializer})
    def post(self, request, pk: int, hearing_id: int):
        """Continue an undecided hearing to a new day, hour or place, answering the hearing
        with its ``continuances``: a Board member, or the Clerk for the Board (Northborough
        §2.2). Postponed before its day, its abutters are noticed again: the mailing and
        the new article numbers are recorded anew; continued on or after it, the notice
        stands."""
        application = decided_application(request, pk)
        hearing = get_object_or_404(application.hearings.all(), pk=hearing_id)
        data = validated_body(PermitHearingContinuanceSerializer, request.data)
        hearing = hearing_services.continue_hearing(
            hearing=hearing, acting_user=request.user, **data
        )
        return hearing_response(hearing, status_code=status.HTTP_201_CREATED)


class HearingMailingView(ReviewerView):
    @extend_schema(request=HearingMailingSerializer, responses=PermitHearingSerializer)
    def post(self, request, pk: int, hearing_id: int):
        """Record the mailing date and every letter's certified-mail number (Northborough
        §2.2); until then the hearing cannot be decided."""
        application = managed_application(request, pk)
        hearing = get_object_or_404(application.hearings.all(), pk=hearing_id)
        data = validated_body(HearingMailingSerializer, request.data)
        hearing = hearing_services.record_notice_mailing(
            hearing=hearing, acting_user=request.user,
            notices_mailed_on=data["notices_mailed_on"],
            certified_mail_numbers={row["id"]: row["certified_mail_number"]
                                    for row in data["abutters"]},
        )
        return hearing_response(hearing)


class HearingNoticesView(ReviewerView):
    @extend_schema(operation_id="applications_hearings_notices_pdf",
                   responses={(200, "application/pdf"): OpenApiTypes.BINARY})
    def get(self, request, pk: int, hearing_id: int):
        """The abutters' notice letters, a page per abutter, for certified mail."""
        application = reviewed_application(request, pk)
        hearing = get_object_or_404(application.hearings.all(), pk=hearing_id)
        return attachment(
            io.BytesIO(hearing_services.render_notice_letters(hearing)),
            filename=f"hearing-notices-{application.pk}-{hearing.hearing_date}.pdf",
            content_type="application/pdf",
        )


urlpatterns = [
    path("applications/<int:pk>/variances/", VarianceListView.as_view(),
         name="application-variances"),
    path("applications/<int:pk>/variance-requests/", VarianceRequestsView.as_view(),
         name="application-variance-requests"),
    path("applications/<int:pk>/variances/<int:variance_id>/sign/", VarianceSignView.as_view(),
         name="application-variance-sign"),
    path("applications/<int:pk>/variances/<int:variance_id>/deny/", VarianceDenyView.as_view(),
         name="application-variance-deny"),
    path("applications/<int:pk>/hearings/", HearingListView.as_view(),
         name="application-hearings"),
    path("applications/<int:pk>/hearings/<int:hearing_id>/mailing/",
         HearingMailingView.as_view(), name="application-hearing-mailing"),
    path("applications/<int:pk>/hearings/<int:hearing_id>/decision/",
         HearingDecisionView.as_view(), name="application-hearing-decision"),
    path("applications/<int:pk>/hearings/<int:hearing_id>/continuances/",
         HearingContinuanceView.as_view(), name="application-hearing-continuances"),
    path("applications/<int:pk>/hearings/<int:hearing_id>/notices.pdf",
         HearingNoticesView.as_view(), name="application-hearing-notices"),
]
