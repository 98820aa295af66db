"""North Andover's dog cases at ``/api/v1/dog-cases/`` (Code ch. 60), registered from
``DogsConfig.ready``: the potentially dangerous dog determination, appeals with their public
hearing and ruling, and temporary restraint orders. Each step runs one service of
:mod:`dogs.cases`; its refusals come back as the API's usual errors."""

from __future__ import annotations

from django.db.models import Prefetch
from django.utils import timezone
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from dogs import cases
from permits_site.accounts.permissions import ENFORCEMENT_ROLES
from permits_site.api.public.fields import BoundedDateField
from permits_site.api.scopes import in_towns_where
from permits_site.enforcement.models import Appeal, Case, Order

DOG_CASE_TYPES = (cases.POTENTIALLY_DANGEROUS_DOG, cases.NUISANCE_DOG)

# -- out -----------------------------------------------------------------------------------


class RestraintRenewalSerializer(serializers.Serializer):
    renewed_on = serializers.DateField()
    ends_on = serializers.DateField()
    note = serializers.CharField()


class RestraintOrderSerializer(serializers.ModelSerializer):
    renewals = RestraintRenewalSerializer(many=True)

    class Meta:
        model = Order
        fields = ["id", "text", "citation", "issued_on", "ends_on", "renewals"]


class DogAppealSerializer(serializers.ModelSerializer):
    class Meta:
        model = Appeal
        fields = ["id", "appellant", "filed_on", "grounds", "hearing_date", "decided_on",
                  "decision", "ruling"]


class DogNextAppealSerializer(serializers.Serializer):
    due = serializers.DateField()
    decided_on = serializers.DateField(source="from")
    citation = serializers.CharField(source="period.citation")


class DogCaseSerializer(serializers.ModelSerializer):
    """The case as Chapter 60 records it; ``running_at_large_citations`` is counted today."""

    #: Plain text, not a second use of the core case's status enum in the schema.
    status = serializers.CharField(read_only=True, help_text="open, determined or closed.")
    running_at_large_citations = serializers.SerializerMethodField()
    next_appeal = serializers.SerializerMethodField()
    appeals = DogAppealSerializer(many=True)
    restraint_orders = serializers.SerializerMethodField()

    class Meta:
        model = Case
        fields = ["id", "case_type", "status", "party_name", "address", "complainant",
                  "running_at_large_citations", "proposed_determination", "proposed_on",
                  "determination", "determined_on", "findings", "next_appeal", "appeals",
                  "restraint_orders"]

    def get_running_at_large_citations(self, case: Case) -> int:
        return cases.running_at_large_citations(case, on=timezone.localdate())

    @extend_schema_field(DogNextAppealSerializer(allow_null=True))
    def get_next_appeal(self, case: Case) -> dict | None:
        window = cases.next_appeal_due(case)
        return DogNextAppealSerializer(window).data if window else None

    @extend_schema_field(RestraintOrderSerializer(many=True))
    def get_restraint_orders(self, case: Case) -> list[dict]:
        timed = [order for order in case.orders.all() if order.ends_on]
        return RestraintOrderSerializer(timed, many=True).data


# -- in ------------------------------------------------------------------------------------


class DogProposalSerializer(serializers.Serializer):
    aggressive_in_enclosure = serializers.BooleanField(default=False)
    proposal = serializers.CharField(max_length=5000)


class DogDeterminationSerializer(serializers.Serializer):
    deemed = serializers.BooleanField()
    exceptions = serializers.ListField(
        child=serializers.ChoiceField(choices=cases.DangerException.values), default=list)
    determination = serializers.CharField(max_length=5000)


class DogAppealCreateSerializer(serializers.Serializer):
    appellant = serializers.ChoiceField(choices=cases.Appellant.values)
    filed_on = BoundedDateField()
    grounds = serializers.CharField(max_length=5000)


class CaseAppealField(serializers.IntegerField):
    """An appeal of this case not yet ruled on, by id."""

    def to_internal_value(self, data) -> Appeal:
        pk = super().to_internal_value(data)
        appeal = self.context["case"].appeals.filter(pk=pk, decided_on__isnull=True).first()
        if appeal is None:
            raise serializers.ValidationError("No appeal of this case waits under that id.")
        return appeal


class DogAppealHearingSerializer(serializers.Serializer):
    appeal = CaseAppealField()
    hearing_date = BoundedDateField()


class DogRulingSerializer(serializers.Serializer):
    appeal = CaseAppealField()
    outcome = serializers.ChoiceField(choices=cases.RulingOutcome.values)
    ruling = serializers.CharField(max_length=10000)
    decided_on = BoundedDateField()


class RestraintOrderCreateSerializer(serializers.Serializer):
    text = serializers.CharField(max_length=5000)
    days = serializers.IntegerField(required=False)


class CaseOrderField(serializers.IntegerField):
    """An order of this case in force for a time, by id."""

    def to_internal_value(self, data) -> Order:
        pk = super().to_internal_value(data)
        order = self.context["case"].orders.filter(pk=pk, ends_on__isnull=False).first()
        if order is None:
            raise serializers.ValidationError("No restraint order of this case has that id.")
        return order


class RestraintRenewalCreateSerializer(serializers.Serializer):
    order = CaseOrderField()
    note = serializers.CharField(max_length=5000)


# -- the resource --------------------------------------------------------------------------


class DogCaseViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Dog cases of the towns where the caller is enforcement staff."""

    serializer_class = DogCaseSerializer

    def get_queryset(self):
        queryset = Case.objects.filter(case_type__in=DOG_CASE_TYPES).prefetch_related(
            "appeals", Prefetch("orders", queryset=Order.objects.prefetch_related("renewals")))
        return in_towns_where(queryset, self.request.user, *ENFORCEMENT_ROLES,
                              town_field="municipality")

    def step(self, request, serializer_class, service, *, takes_case=True,
             status_code=status.HTTP_200_OK) -> Response:
        """Validate the body and run one service; the services check the caller's seat."""
        case = self.get_object()
        body = serializer_class(data=request.data, context={"case": case})
        body.is_valid(raise_exception=True)
        data = {**body.validated_data, **({"case": case} if takes_case else {})}
        service(acting_user=request.user, **data)
        fresh = self.get_queryset().get(pk=case.pk)
        return Response(DogCaseSerializer(fresh).data, status=status_code)

    @extend_schema(request=DogProposalSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"])
    def proposal(self, request, pk=None):
        """The Animal Control Officer proposes (Potentially dangerous A, B)."""
        return self.step(request, DogProposalSerializer, cases.propose_potentially_dangerous)

    @extend_schema(request=DogDeterminationSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"])
    def determination(self, request, pk=None):
        """The hearing authority determines, with the exceptions of Dangerous C."""
        return self.step(request, DogDeterminationSerializer,
                         cases.determine_potentially_dangerous)

    @extend_schema(request=DogAppealCreateSerializer, responses={201: DogCaseSerializer})
    @action(detail=True, methods=["post"])
    def appeals(self, request, pk=None):
        """An appeal received by the Town Clerk within the window (Hearing authority B, E)."""
        return self.step(request, DogAppealCreateSerializer, cases.file_dog_appeal,
                         status_code=status.HTTP_201_CREATED)

    @extend_schema(request=DogAppealHearingSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"], url_path="appeal-hearing")
    def appeal_hearing(self, request, pk=None):
        return self.step(request, DogAppealHearingSerializer, cases.schedule_public_hearing,
                         takes_case=False)

    @extend_schema(request=DogRulingSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"])
    def ruling(self, request, pk=None):
        """The written ruling after the public hearing (Hearing authority C)."""
        return self.step(request, DogRulingSerializer, cases.rule_on_appeal, takes_case=False)

    @extend_schema(request=RestraintOrderCreateSerializer, responses={201: DogCaseSerializer})
    @action(detail=True, methods=["post"], url_path="restraint-orders")
    def restraint_orders(self, request, pk=None):
        """An order of temporary restraint for at most 30 days (Temporary restraint A)."""
        return self.step(request, RestraintOrderCreateSerializer, cases.issue_restraint_order,
                         status_code=status.HTTP_201_CREATED)

    @extend_schema(request=RestraintRenewalCreateSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"])
    def renewals(self, request, pk=None):
        """A written renewal for a further 30 days, while the order is in force."""
        return self.step(request, RestraintRenewalCreateSerializer, cases.renew_restraint_order,
                         takes_case=False)
