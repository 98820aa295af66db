"""North Andover's dog cases at ``/api/v1/dog-cases/`` (Code ch. 60), registered from
``DogsConfig.ready``: the potentially dangerous dog determination, appeals with their public
hearing and ruling, temporary restraint orders, and a determined dog's duties, security
window, release, fines with the Chief's hearing and relocation notices, and the nuisance
finding. Each step runs one service of :mod:`dogs.cases`; its refusals come back as the
API's usual errors."""

from __future__ import annotations

import datetime as dt

from django.db.models import Prefetch
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from dogs import cases
from dogs.models import CaseDog, Dog
from permits_site.accounts.permissions import ENFORCEMENT_ROLES
from permits_site.api.hearings import HearingTimeAndPlaceInput, HeldAtTimeAndPlaceOutput
from permits_site.api.public.fields import (
    BoundedDateField,
    BoundedModelSerializer,
    MoneyField,
    StrictBooleanField,
    StrictCharField,
    StrictSerializer,
)
from permits_site.api.scopes import in_towns_where
from permits_site.enforcement.models import Appeal, Case, CaseHearing, Order

DOG_CASE_TYPES = (cases.DANGEROUS_DOG, cases.POTENTIALLY_DANGEROUS_DOG, cases.NUISANCE_DOG)

# -- out -----------------------------------------------------------------------------------


class RestraintRenewalSerializer(serializers.Serializer):
    renewed_on = BoundedDateField()
    ends_on = BoundedDateField()
    note = serializers.CharField()


class RestraintOrderSerializer(BoundedModelSerializer):
    renewals = RestraintRenewalSerializer(many=True)

    class Meta:
        model = Order
        fields = ["id", "text", "citation", "issued_on", "ends_on", "renewals"]


class DogAppealSerializer(HeldAtTimeAndPlaceOutput, BoundedModelSerializer):
    class Meta:
        model = Appeal
        fields = ["id", "appellant", "filed_on", "grounds", "hearing_date", "hearing_time",
                  "location", "decided_on", "decision", "ruling"]


class DogCaseHearingSerializer(HeldAtTimeAndPlaceOutput, BoundedModelSerializer):
    """The Chief's hearing on euthanasia (Dangerous F(1)) and its decision."""

    class Meta:
        model = CaseHearing
        fields = ["id", "notice_sent_on", "hearing_date", "hearing_time", "location",
                  "decided_on", "decision"]


class DogNextAppealSerializer(serializers.Serializer):
    due = BoundedDateField()
    decided_on = BoundedDateField(source="from")
    citation = serializers.CharField(source="period.citation")


class DutyOrderSerializer(BoundedModelSerializer):
    class Meta:
        model = Order
        fields = ["id", "text", "citation", "issued_on", "comply_by", "complied_on"]


class SecurityWindowSerializer(serializers.Serializer):
    due = BoundedDateField()
    limit = BoundedDateField(help_text="The furthest the Chief may extend it.")
    extended = StrictBooleanField()
    citation = serializers.CharField()


class RelocationSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    direction = serializers.ChoiceField(choices=cases.RelocationDirection.values)
    community = serializers.CharField()
    other_officer = serializers.CharField(default="")
    owner_notified = StrictBooleanField(default=True)
    description = serializers.CharField()
    notified_on = BoundedDateField()
    citation = serializers.CharField()


class CodedSerializer(serializers.Serializer):
    code = serializers.CharField()
    label = serializers.CharField()


class PetitionSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    order = serializers.IntegerField()
    filed_on = BoundedDateField()
    grounds = serializers.CharField()
    rescind = StrictBooleanField(allow_null=True, default=None,
                                       help_text="Null until the hearing authority decides.")
    ruling = serializers.CharField(default="")


def _coded(codes: list[str], choices) -> list[dict]:
    names = dict(choices)
    return [{"code": code, "label": names.get(code, "")} for code in codes]


def _dog_named(case: Case) -> CaseDog | None:
    """The case's named dog, fetched with the case (``DogCaseViewSet.get_queryset``)."""
    return getattr(case, "dog_named", None)


class DogCaseSerializer(BoundedModelSerializer):
    """The case as Chapter 60 records it; ``running_at_large_citations`` is counted today."""

    #: Plain text, not a second use of the core case's status enum in the schema.
    status = serializers.CharField(read_only=True, help_text="open, determined or closed.")
    running_at_large_citations = serializers.SerializerMethodField()
    next_appeal = serializers.SerializerMethodField()
    appeals = DogAppealSerializer(many=True)
    hearings = DogCaseHearingSerializer(many=True, read_only=True)
    restraint_orders = serializers.SerializerMethodField()
    owner_duties = serializers.SerializerMethodField()
    security_window = serializers.SerializerMethodField()
    release_on = serializers.SerializerMethodField()
    citations_awaiting_hearing = serializers.SerializerMethodField()
    relocations = serializers.SerializerMethodField()
    dangerous_grounds = serializers.SerializerMethodField()
    ordered_duties = serializers.SerializerMethodField()
    petitions = serializers.SerializerMethodField()
    noncompliance_fines_from = serializers.SerializerMethodField()
    findings = serializers.SerializerMethodField()
    dog = serializers.SerializerMethodField(
        help_text="The id of the dog of the register the case is about; null when the case "
                  "names none or describes a dog on no register.")
    dog_description = serializers.SerializerMethodField(
        help_text="The officer's description of a dog on no register; blank otherwise.")
    dog_named = serializers.SerializerMethodField(
        help_text="The dog as the notice of determination names it; blank when none.")

    class Meta:
        model = Case
        fields = ["id", "case_type", "status", "party_name", "address", "complainant",
                  "dog", "dog_description", "dog_named",
                  "running_at_large_citations", "proposed_determination", "proposed_on",
                  "determination", "determined_on", "findings", "dangerous_grounds",
                  "next_appeal", "appeals", "hearings", "restraint_orders", "petitions",
                  "ordered_duties", "owner_duties", "security_window", "release_on",
                  "noncompliance_fines_from", "citations_awaiting_hearing", "relocations"]

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_findings(self, case: Case) -> dict:
        """The officer's findings as recorded, with the restraint orders rescinded (recorded
        on each order) under ``rescissions`` by order id (Temporary restraint A)."""
        rescinded = cases.rescinded_orders(case)
        if not rescinded:
            return case.findings
        return {**case.findings,
                "rescissions": {str(pk): rescission for pk, rescission in rescinded.items()}}

    def get_dog(self, case: Case) -> int | None:
        named = _dog_named(case)
        return named.dog_id if named else None

    def get_dog_description(self, case: Case) -> str:
        named = _dog_named(case)
        return named.description if named else ""

    def get_dog_named(self, case: Case) -> str:
        return cases.named_dog_words(_dog_named(case))

    def get_running_at_large_citations(self, case: Case) -> int:
        return cases.running_at_large_citations(case, on=timezone.localdate())

    @extend_schema_field(DogNextAppealSerializer(allow_null=True))
    def get_next_appeal(self, case: Case) -> dict | None:
        window = cases.next_appeal_due(case)
        return DogNextAppealSerializer(window).data if window else None

    @extend_schema_field(CodedSerializer(many=True))
    def get_dangerous_grounds(self, case: Case) -> list[dict]:
        """The grounds of Dangerous B(1)(a)–(e) recorded with the determination."""
        return _coded(case.findings.get("grounds", []), cases.DangerousGround.choices)

    def get_ordered_duties(self, case: Case) -> list[str]:
        """The duties the Chief chose, "any or all" (Dangerous E(1); Potentially dangerous C)."""
        return cases.ordered_duties(case)

    @extend_schema_field(PetitionSerializer(many=True))
    def get_petitions(self, case: Case) -> list[dict]:
        """The keeper's petitions to rescind a restraint order (Temporary restraint A)."""
        return PetitionSerializer(cases.petitions(case), many=True).data

    def get_noncompliance_fines_from(self, case: Case) -> dt.date | None:
        """The first day an owner not in compliance may be fined (Potentially dangerous F);
        null before the owner's notice."""
        if case.case_type != cases.POTENTIALLY_DANGEROUS_DOG:
            return None
        return cases.noncompliance_fines_from(case)

    @extend_schema_field(RestraintOrderSerializer(many=True))
    def get_restraint_orders(self, case: Case) -> list[dict]:
        timed = [order for order in case.orders.all() if order.ends_on]
        return RestraintOrderSerializer(timed, many=True).data

    @extend_schema_field(DutyOrderSerializer(many=True))
    def get_owner_duties(self, case: Case) -> list[dict]:
        return DutyOrderSerializer(cases.duty_orders(case).values(), many=True).data

    @extend_schema_field(SecurityWindowSerializer(allow_null=True))
    def get_security_window(self, case: Case) -> dict | None:
        window = cases.security_window(case)
        return SecurityWindowSerializer(window).data if window else None

    def get_release_on(self, case: Case) -> dt.date | None:
        """The first day the dog is released (Potentially dangerous C(6)), once every duty
        is complied with."""
        return cases.release_on(case)

    def get_citations_awaiting_hearing(self, case: Case) -> list[int]:
        """Ids of citations whose mandatory hearing is not scheduled (Dangerous F(1)(b))."""
        return [citation.pk for citation in cases.citations_awaiting_hearing(case)]

    @extend_schema_field(RelocationSerializer(many=True))
    def get_relocations(self, case: Case) -> list[dict]:
        return RelocationSerializer(cases.relocations(case), many=True).data


# -- in ------------------------------------------------------------------------------------


class CaseDogSerializer(StrictSerializer):
    """The dog the case is about, named or corrected until the determination: a dog of the
    register by id, or a dog on no register described."""

    dog = serializers.PrimaryKeyRelatedField(
        queryset=Dog.objects.select_related("residence"), required=False, allow_null=True,
        default=None, help_text="The id of the dog of the town's register.")
    dog_description = StrictCharField(
        max_length=200, required=False, allow_blank=True, default="",
        help_text="A dog on no register: breed, color, markings, the name it answers to.")

    def validate(self, attrs: dict) -> dict:
        return {"dog": attrs["dog"], "description": attrs["dog_description"]}


class DogProposalSerializer(serializers.Serializer):
    aggressive_in_enclosure = StrictBooleanField(default=False)
    proposal = serializers.CharField(max_length=5000)


class DogDeterminationSerializer(serializers.Serializer):
    deemed = StrictBooleanField()
    aggressive_in_enclosure = StrictBooleanField(
        required=False, allow_null=True, default=None,
        help_text="Potentially dangerous B(1)(a), when no proposal recorded it.")
    exceptions = serializers.ListField(
        child=serializers.ChoiceField(choices=cases.DangerException.values), default=list)
    determination = serializers.CharField(max_length=5000)


class DangerousDeterminationSerializer(serializers.Serializer):
    deemed = StrictBooleanField()
    grounds = serializers.ListField(
        child=serializers.ChoiceField(choices=cases.DangerousGround.values), default=list,
        help_text="Dangerous B(1)(a)–(e); required when the dog is dangerous.")
    exceptions = serializers.ListField(
        child=serializers.ChoiceField(choices=[*cases.DeclarationException.values,
                                               *cases.DangerException.values]),
        default=list)
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


class DogAppealHearingSerializer(HearingTimeAndPlaceInput):
    appeal = CaseAppealField()
    hearing_date = BoundedDateField()


class DogRulingSerializer(serializers.Serializer):
    appeal = CaseAppealField()
    outcome = serializers.ChoiceField(choices=cases.RulingOutcome.values)
    ruling = serializers.CharField(max_length=10000)
    decided_on = BoundedDateField()


class NuisanceFindingSerializer(serializers.Serializer):
    nuisance = StrictBooleanField()
    grounds = serializers.ListField(
        child=serializers.ChoiceField(choices=cases.NuisanceGround.values), default=list)
    finding = serializers.CharField(max_length=5000)
    order_text = serializers.CharField(max_length=5000, required=False, default="",
                                       allow_blank=True)
    days = serializers.IntegerField(required=False, allow_null=True, default=None)


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


class ShelteringSerializer(serializers.Serializer):
    facility = serializers.CharField(max_length=150)
    days = serializers.IntegerField(required=False, allow_null=True, default=None)
    amount = MoneyField()


class RescissionSerializer(serializers.Serializer):
    order = CaseOrderField()
    reason = serializers.CharField(max_length=2000)


class PetitionCreateSerializer(serializers.Serializer):
    order = CaseOrderField()
    filed_on = BoundedDateField()
    grounds = serializers.CharField(max_length=5000)


class PetitionDecisionSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    rescind = StrictBooleanField()
    ruling = serializers.CharField(max_length=5000)


class OwnerDutiesSerializer(serializers.Serializer):
    notified_on = BoundedDateField()
    duties = serializers.ListField(
        child=serializers.ChoiceField(choices=[duty.code for duty in cases.OWNER_DUTIES]),
        required=False, allow_null=True, default=None,
        help_text="The duties the Chief chooses, any or all; all when omitted.")
    unfit_certificate = serializers.CharField(max_length=2000, required=False, default="",
                                              allow_blank=True)


class SecurityDescriptionSerializer(serializers.Serializer):
    description = serializers.CharField(max_length=5000)
    received_on = BoundedDateField()


class ResponsiblePersonSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=150)
    capacity = serializers.ChoiceField(choices=cases.Capacity.values)
    date_of_birth = BoundedDateField()


class SignCheckSerializer(serializers.Serializer):
    premises_sign = StrictBooleanField()
    pen_sign = StrictBooleanField()


class ComplianceCheckSerializer(serializers.Serializer):
    facts = serializers.DictField(
        help_text="The facts of the rule set north_andover.dangerous_dog_compliance.")


class ExtensionSerializer(serializers.Serializer):
    until = BoundedDateField()
    reason = serializers.CharField(max_length=2000)


class CaseDutyField(serializers.IntegerField):
    """An order of the owner's duties on this case, by id."""

    def to_internal_value(self, data) -> Order:
        pk = super().to_internal_value(data)
        order = next((order for order in cases.duty_orders(self.context["case"]).values()
                      if order.pk == pk), None)
        if order is None:
            raise serializers.ValidationError("No duty of this case has that id.")
        return order


class VerificationSerializer(serializers.Serializer):
    order = CaseDutyField()


class OwnerCitationSerializer(serializers.Serializer):
    offense = serializers.ChoiceField(choices=list(cases.DOG_OFFENSES))
    accrues_until = BoundedDateField(required=False, allow_null=True, default=None)


class EuthanasiaHearingSerializer(HearingTimeAndPlaceInput):
    notice_sent_on = BoundedDateField()
    hearing_date = BoundedDateField()


class RelocationCreateSerializer(serializers.Serializer):
    direction = serializers.ChoiceField(choices=cases.RelocationDirection.values)
    community = serializers.CharField(max_length=200)
    description = serializers.CharField(max_length=2000)
    notified_on = BoundedDateField()
    owner_notified = StrictBooleanField(default=True)
    other_officer = serializers.CharField(max_length=200, required=False, default="",
                                          allow_blank=True)


# -- the resource --------------------------------------------------------------------------


class DogCaseViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Dog cases of the towns where the caller is enforcement staff."""

    serializer_class = DogCaseSerializer

    def get_queryset(self):
        queryset = Case.objects.filter(case_type__in=DOG_CASE_TYPES).select_related(
            "dog_named__dog").prefetch_related(
            "appeals", "citations", "hearings", "dog_named__dog__tags",
            Prefetch("orders", queryset=Order.objects.prefetch_related("renewals")))
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

    @extend_schema(request=CaseDogSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"])
    def dog(self, request, pk=None):
        """Name the dog of a case opened without one, or correct it, until the case is
        determined: the notice of determination names it (Dangerous B(2); Potentially
        dangerous B(2))."""
        return self.step(request, CaseDogSerializer, cases.record_case_dog)

    @extend_schema(request=DogProposalSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"])
    def proposal(self, request, pk=None):
        """The Animal Control Officer proposes (Potentially dangerous A, B)."""
        return self.step(request, DogProposalSerializer, cases.propose_potentially_dangerous)

    @extend_schema(request=DogDeterminationSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"])
    def determination(self, request, pk=None):
        """The Animal Control Officer or the hearing authority determines a potentially
        dangerous dog (Potentially dangerous B(2)), with the exceptions of Dangerous C."""
        return self.step(request, DogDeterminationSerializer,
                         cases.determine_potentially_dangerous)

    @extend_schema(request=DangerousDeterminationSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"], url_path="dangerous-determination")
    def dangerous_determination(self, request, pk=None):
        """The hearing authority determines a dog dangerous on the grounds of Dangerous
        B(1), with the exceptions of Dangerous A and C."""
        return self.step(request, DangerousDeterminationSerializer, cases.determine_dangerous)

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

    @extend_schema(request=NuisanceFindingSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"], url_path="nuisance-finding")
    def nuisance_finding(self, request, pk=None):
        """The Animal Control Officer's finding (Restraint E) with the order of temporary
        restraint of a dog found a nuisance; appealable within 10 business days (Hearing
        authority B)."""
        return self.step(request, NuisanceFindingSerializer, cases.find_nuisance_dog)

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

    @extend_schema(request=ShelteringSerializer, responses={201: DogCaseSerializer})
    @action(detail=True, methods=["post"])
    def sheltering(self, request, pk=None):
        """Sheltering at a local kennel or veterinarian at the owner's expense, invoiced
        (Temporary restraint A, B)."""
        return self.step(request, ShelteringSerializer, cases.order_sheltering,
                         status_code=status.HTTP_201_CREATED)

    @extend_schema(request=RescissionSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"])
    def rescissions(self, request, pk=None):
        """The Animal Control Officer rescinds a restraint order (Temporary restraint A)."""
        return self.step(request, RescissionSerializer, cases.rescind_restraint_order,
                         takes_case=False)

    @extend_schema(request=PetitionCreateSerializer, responses={201: DogCaseSerializer})
    @action(detail=True, methods=["post"])
    def petitions(self, request, pk=None):
        """The keeper's petition to the hearing authority to rescind (Temporary restraint A)."""
        return self.step(request, PetitionCreateSerializer, cases.file_restraint_petition,
                         takes_case=False, status_code=status.HTTP_201_CREATED)

    @extend_schema(request=PetitionDecisionSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"], url_path="petition-decisions")
    def petition_decisions(self, request, pk=None):
        """The hearing authority rescinds the order or keeps it (§60-13)."""
        return self.step(request, PetitionDecisionSerializer, cases.decide_restraint_petition)

    # -- a determined dog: duties, security window, fines, relocations (Code ch. 60) --------

    @extend_schema(request=OwnerDutiesSerializer, responses={201: DogCaseSerializer})
    @action(detail=True, methods=["post"])
    def duties(self, request, pk=None):
        """The Chief orders the owner's duties (Dangerous E(1); Potentially dangerous C)."""
        return self.step(request, OwnerDutiesSerializer, cases.order_owner_duties,
                         status_code=status.HTTP_201_CREATED)

    @extend_schema(request=SecurityDescriptionSerializer, responses={201: DogCaseSerializer})
    @action(detail=True, methods=["post"], url_path="security-description")
    def security_description(self, request, pk=None):
        """The officer's written description of the security (Potentially dangerous C(5))."""
        return self.step(request, SecurityDescriptionSerializer, cases.describe_security,
                         status_code=status.HTTP_201_CREATED)

    @extend_schema(request=ResponsiblePersonSerializer, responses={201: DogCaseSerializer})
    @action(detail=True, methods=["post"], url_path="responsible-persons")
    def responsible_persons(self, request, pk=None):
        """A person responsible for the dog, 18 or older (Potentially dangerous D)."""
        return self.step(request, ResponsiblePersonSerializer, cases.record_responsible_person,
                         status_code=status.HTTP_201_CREATED)

    @extend_schema(request=SignCheckSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"], url_path="sign-check")
    def sign_check(self, request, pk=None):
        """The signs on the premises and on the pen (Potentially dangerous E)."""
        return self.step(request, SignCheckSerializer, cases.record_sign_check)

    @extend_schema(request=ComplianceCheckSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"], url_path="compliance-check")
    def compliance_check(self, request, pk=None):
        """The owner's facts judged by the rule set of Dangerous D, kept on the case."""
        return self.step(request, ComplianceCheckSerializer, cases.record_compliance_check)

    @extend_schema(request=ExtensionSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"])
    def extension(self, request, pk=None):
        """The Chief's one extension, up to 60 days from the notice (C(5))."""
        return self.step(request, ExtensionSerializer, cases.extend_security_compliance)

    @extend_schema(request=StrictSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"])
    def compliance(self, request, pk=None):
        """The premises secured, within the time to comply, after a passing check."""
        return self.step(request, StrictSerializer, cases.record_security_compliance)

    @extend_schema(request=VerificationSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"])
    def verifications(self, request, pk=None):
        """The owner's written verification of a duty, within the time to comply."""
        return self.step(request, VerificationSerializer, cases.record_written_verification,
                         takes_case=False)

    @extend_schema(request=StrictSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"])
    def release(self, request, pk=None):
        """Released after two years of compliance (Potentially dangerous C(6))."""
        return self.step(request, StrictSerializer, cases.release_potentially_dangerous)

    @extend_schema(request=OwnerCitationSerializer, responses={201: DogCaseSerializer})
    @action(detail=True, methods=["post"])
    def citations(self, request, pk=None):
        """A fine on the owner's record (Dangerous F; Potentially dangerous F–H; Temporary
        restraint C), once the law's condition for it holds."""
        return self.step(request, OwnerCitationSerializer, cases.cite_owner,
                         status_code=status.HTTP_201_CREATED)

    @extend_schema(request=EuthanasiaHearingSerializer, responses={201: DogCaseSerializer})
    @action(detail=True, methods=["post"])
    def hearings(self, request, pk=None):
        """The Chief's hearing on euthanasia (Dangerous F(1))."""
        return self.step(request, EuthanasiaHearingSerializer, cases.schedule_euthanasia_hearing,
                         status_code=status.HTTP_201_CREATED)

    @extend_schema(request=StrictSerializer, responses=DogCaseSerializer)
    @action(detail=True, methods=["post"])
    def close(self, request, pk=None):
        """Close the case; refused while a mandatory hearing is not scheduled."""
        return self.step(request, StrictSerializer, cases.close_dog_case)

    @extend_schema(request=RelocationCreateSerializer, responses={201: DogCaseSerializer})
    @action(detail=True, methods=["post"])
    def relocations(self, request, pk=None):
        """The owner's notice of the dog moving in or out (Potentially dangerous G, H)."""
        return self.step(request, RelocationCreateSerializer, cases.record_relocation_notice,
                         status_code=status.HTTP_201_CREATED)
