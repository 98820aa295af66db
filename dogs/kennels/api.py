"""North Andover's kennel licenses at ``/api/v1/kennels/`` and their review hearings at
``/api/v1/kennel-reviews/`` (Code ch. 60, Kennel license B), registered from
``DogsConfig.ready``: the roster of the kennel's dogs with the new dogs reported during the
year (B(1), B(2)), the Animal Control Officer's report (B(4)), the hearing's notice and the
decision (B(5)). Each step runs one service; its refusals come back as the API's usual
errors. The roster also prints as a PDF as of the day asked."""

from __future__ import annotations

import io

from django.db.models import Prefetch, Q
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response

from dogs.kennels import review
from dogs.kennels.parties import name_interested_party
from dogs.kennels.services import (
    add_kennel_dog,
    late_report_note,
    licensed_dog_count,
    render_roster_pdf,
    roster_pdf_filename,
)
from dogs.models import InterestedPartyRole, KennelDog, KennelInterestedParty
from dogs.rules import KENNEL_LICENSE
from permits_site.accounts.permissions import (
    ENFORCEMENT_ROLES,
    STAFF_ROLES,
    municipality_ids_with,
    party_rows,
)
from permits_site.api.enforcement import HearingContinuanceOutSerializer
from permits_site.api.errors import named_as_sent
from permits_site.api.hearings import HearingTimeAndPlaceInput, HeldAtTimeAndPlaceOutput
from permits_site.api.public.fields import BoundedDateField, BoundedModelSerializer
from permits_site.api.scopes import in_towns_where
from permits_site.api.views import attachment
from permits_site.enforcement.models import Case, CaseHearing, Order
from permits_site.licensing.models import Permit

# -- out -----------------------------------------------------------------------------------


class KennelDogSerializer(BoundedModelSerializer):
    reported_late = serializers.BooleanField(read_only=True)
    late_note = serializers.SerializerMethodField()

    class Meta:
        model = KennelDog
        fields = ["id", "name", "breed", "rabies_valid_through", "acquired_on", "reported_on",
                  "report_due", "reported_late", "late_note", "boarded_for",
                  "rabies_certificate"]

    def get_late_note(self, dog: KennelDog) -> str:
        """Why a new dog's report is flagged late, with the section (blank if on time)."""
        return late_report_note(dog)


class KennelHearingSerializer(HeldAtTimeAndPlaceOutput, BoundedModelSerializer):
    """The public hearing as its notice gives it — the day, hour and place in force, a
    continued hearing's new ones — and the decision once made (B(5))."""

    class Meta:
        model = CaseHearing
        fields = ["notice_sent_on", "hearing_date", "hearing_time", "location", "decided_on",
                  "decision", "ruling"]


class KennelHearingWithContinuancesSerializer(KennelHearingSerializer):
    """The hearing as the hearing authority reads it: with each continuance, the day, hour
    and place it replaced, the reason and when it was recorded (the core's case hearings'
    own ``continuances``)."""

    continuances = HearingContinuanceOutSerializer(many=True, read_only=True)

    class Meta(KennelHearingSerializer.Meta):
        fields = [*KennelHearingSerializer.Meta.fields, "continuances"]


class LicenseeReviewSerializer(BoundedModelSerializer):
    """A review of the kennel as its licensee reads it (B(4), B(5)): open or decided, the
    public hearing once noticed and the decision once made, with the section — neither the
    report's words nor the other interested parties, which are the hearing authority's
    (``/kennel-reviews/``)."""

    status = serializers.CharField(read_only=True, help_text="open, determined or closed.")
    hearings = KennelHearingSerializer(many=True, read_only=True)
    outcome = serializers.SerializerMethodField(
        help_text="revoke, suspend, order_compliance or regulate once decided; null before.")
    terms = serializers.SerializerMethodField(
        help_text="What the kennel must do, or the conditions it is kept under ('' for none).")
    citation = serializers.SerializerMethodField()

    class Meta:
        model = Case
        fields = ["id", "status", "received_on", "hearings", "outcome", "terms", "citation"]

    def get_outcome(self, case: Case) -> str | None:
        return case.findings.get("outcome")

    def get_terms(self, case: Case) -> str:
        return case.findings.get("terms", "")

    def get_citation(self, case: Case) -> str:
        return review.SECTION


class KennelSerializer(BoundedModelSerializer):
    """A kennel license and its roster, checked against the dogs it was issued for, and the
    reviews of the kennel as its licensee reads them."""

    licensed_dogs = serializers.SerializerMethodField()
    dogs = KennelDogSerializer(source="kennel_dogs", many=True, read_only=True)
    reviews = LicenseeReviewSerializer(source="kennel_reviews", many=True, read_only=True)

    class Meta:
        model = Permit
        fields = ["id", "number", "status", "holder_name", "place_address", "valid_from",
                  "valid_through", "licensed_dogs", "dogs", "reviews"]

    def get_licensed_dogs(self, permit: Permit) -> int:
        return licensed_dog_count(permit)


class KennelOrderSerializer(BoundedModelSerializer):
    class Meta:
        model = Order
        fields = ["id", "text", "citation", "issued_on", "comply_by", "complied_on"]


class InterestedPartySerializer(BoundedModelSerializer):
    """A party notified of the hearing (B(5)): the licensee, an abutter, a complainant."""

    interest = serializers.ChoiceField(source="role", choices=InterestedPartyRole.choices,
                                       read_only=True)

    class Meta:
        model = KennelInterestedParty
        fields = ["id", "interest", "name", "mailing_address"]


class ReviewDatesSerializer(serializers.Serializer):
    notice_due = BoundedDateField()
    hearing_due = BoundedDateField(allow_null=True)
    decision_due = BoundedDateField(allow_null=True)
    citation = serializers.CharField()


class KennelReviewSerializer(BoundedModelSerializer):
    """The review with its windows as they stand (B(5)) and what was decided."""

    status = serializers.CharField(read_only=True, help_text="open, determined or closed.")
    permit = serializers.IntegerField(source="permit_id", read_only=True)
    report = serializers.CharField(source="complaint", read_only=True)
    hearings = KennelHearingWithContinuancesSerializer(many=True, read_only=True)
    orders = KennelOrderSerializer(many=True, read_only=True)
    interested_parties = InterestedPartySerializer(source="kennel_interested_parties",
                                                   many=True, read_only=True)
    dates = serializers.SerializerMethodField()

    class Meta:
        model = Case
        fields = ["id", "permit", "status", "party_name", "address", "received_on", "report",
                  "hearings", "findings", "orders", "interested_parties", "dates"]

    @extend_schema_field(ReviewDatesSerializer)
    def get_dates(self, case: Case) -> dict:
        return ReviewDatesSerializer(review.review_dates(case)).data


# -- in ------------------------------------------------------------------------------------


class KennelDogCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=60)
    breed = serializers.CharField(max_length=80)
    rabies_valid_through = BoundedDateField()
    acquired_on = BoundedDateField(required=False, allow_null=True, default=None,
                                   help_text="A new dog of the license year (B(2)).")
    boarded_for = serializers.CharField(
        max_length=200, required=False, default="",
        help_text="A dog boarded temporarily: its owner's name and contact (B(1)).")
    rabies_certificate = serializers.CharField(
        max_length=120, required=False, default="",
        help_text="The rabies certificate kept; required for a boarded dog (B(1)).")


class KennelReportSerializer(serializers.Serializer):
    received_on = BoundedDateField()
    report = serializers.CharField(max_length=5000)


class InterestedPartyCreateSerializer(serializers.Serializer):
    """``interest``: abutter, complainant or other (the licensee is named with the report)."""

    interest = serializers.ChoiceField(choices=InterestedPartyRole.choices)
    name = serializers.CharField(max_length=120)
    mailing_address = serializers.CharField(max_length=300)


class KennelHearingCreateSerializer(HearingTimeAndPlaceInput):
    notice_sent_on = BoundedDateField()
    hearing_date = BoundedDateField()


class KennelDecisionSerializer(serializers.Serializer):
    outcome = serializers.ChoiceField(choices=review.Outcome.values)
    decided_on = BoundedDateField()
    reasons = serializers.CharField(max_length=5000)
    terms = serializers.CharField(max_length=5000, required=False, default="",
                                  allow_blank=True)
    comply_within_days = serializers.IntegerField(required=False, allow_null=True,
                                                  default=None)


# -- the resources -------------------------------------------------------------------------


def _valid(serializer_class, request) -> dict:
    body = serializer_class(data=request.data)
    body.is_valid(raise_exception=True)
    return body.validated_data


class KennelViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """The caller's kennel licenses, and those of the towns where the caller is staff."""

    serializer_class = KennelSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        user = self.request.user
        if not user.is_authenticated:
            return Permit.objects.none()
        return Permit.objects.filter(
            party_rows(user, owner_field="holder", business_field="holder_business")
            | Q(municipality__in=municipality_ids_with(user, *STAFF_ROLES)),
            permit_type__code=KENNEL_LICENSE.code,
        ).select_related("application").prefetch_related(
            "kennel_dogs",
            Prefetch("cases", review.with_hearings(Case.objects.all()), to_attr="kennel_reviews"),
        ).order_by("-issued_at")

    @extend_schema(request=KennelDogCreateSerializer, responses={201: KennelDogSerializer})
    @action(detail=True, methods=["post"])
    def dogs(self, request, pk=None):
        """List a dog of the kennel, or report a new one with ``acquired_on`` (B(1), B(2));
        a report after the 30 days is recorded with ``reported_late``."""
        dog = add_kennel_dog(permit=self.get_object(), acting_user=request.user,
                             **_valid(KennelDogCreateSerializer, request))
        return Response(KennelDogSerializer(dog).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={(200, "application/pdf"): OpenApiTypes.BINARY})
    @action(detail=True, methods=["get"], url_path="roster-pdf")
    def roster_pdf(self, request, pk=None):
        """The kennel's roster printed as of today: the dogs the license was issued for and
        the new dogs reported since (B(1), B(2))."""
        permit = self.get_object()
        today = timezone.localdate()
        return attachment(io.BytesIO(render_roster_pdf(permit, today=today)),
                          filename=roster_pdf_filename(permit, today=today),
                          content_type="application/pdf")

    @extend_schema(request=KennelReportSerializer, responses={201: KennelReviewSerializer})
    @action(detail=True, methods=["post"])
    def reviews(self, request, pk=None):
        """The Animal Control Officer's report as received: the review opens (B(4))."""
        case = review.open_kennel_review(permit=self.get_object(),
                                                acting_user=request.user,
                                                **_valid(KennelReportSerializer, request))
        return Response(KennelReviewSerializer(case).data, status=status.HTTP_201_CREATED)


class KennelReviewViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                          viewsets.GenericViewSet):
    """Kennel reviews of the towns where the caller is enforcement staff."""

    serializer_class = KennelReviewSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        queryset = Case.objects.filter(case_type=review.KENNEL_REVIEW).select_related(
            "municipality").prefetch_related("hearings__continuances", "orders",
                                             "kennel_interested_parties")
        return in_towns_where(queryset, self.request.user, *ENFORCEMENT_ROLES,
                              town_field="municipality")

    def step(self, request, serializer_class, service) -> Response:
        case = self.get_object()
        service(case=case, acting_user=request.user, **_valid(serializer_class, request))
        return Response(self.get_serializer(self.get_queryset().get(pk=case.pk)).data)

    @extend_schema(request=InterestedPartyCreateSerializer, responses=KennelReviewSerializer)
    @action(detail=True, methods=["post"])
    def parties(self, request, pk=None):
        """Name an abutter, a complainant or another interested party before the notice
        (B(5))."""
        case = self.get_object()
        body = _valid(InterestedPartyCreateSerializer, request)
        with named_as_sent(role="interest"):
            name_interested_party(case=case, role=body.pop("interest"),
                                  acting_user=request.user, **body)
        return Response(self.get_serializer(self.get_queryset().get(pk=case.pk)).data)

    @extend_schema(request=KennelHearingCreateSerializer, responses=KennelReviewSerializer)
    @action(detail=True, methods=["post"])
    def hearing(self, request, pk=None):
        """The notice (≤ 7 business days after the report) and the hearing date (≤ 14 days
        after the notice), B(5), with its hour and place (else the town's usual ones)."""
        return self.step(request, KennelHearingCreateSerializer,
                         review.schedule_kennel_hearing)

    @extend_schema(request=KennelDecisionSerializer, responses=KennelReviewSerializer)
    @action(detail=True, methods=["post"])
    def decision(self, request, pk=None):
        """Revoke, suspend, order compliance or regulate, ≤ 7 business days after the
        hearing (B(5))."""
        return self.step(request, KennelDecisionSerializer, review.decide_kennel_review)
