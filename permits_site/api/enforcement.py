"""``/inspections/`` and ``/cases/``: the inspection and enforcement core over HTTP.

Only staff of a town reach these resources (a resident is refused with a
403); a record of a town where the caller holds no role is a 404. Bodies
are strict JSON validated by shape here, then one service call decides, so
the API keeps the rules, deadlines, fines and audit trail of the web pages.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from django.db.models import Prefetch, Q
from django.utils import timezone
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.response import Response
from rest_framework.routers import SimpleRouter

from permits_site.accounts import permissions
from permits_site.accounts.models import User
from permits_site.accounts.permissions import ENFORCEMENT_ROLES, INSPECTOR_ROLES
from permits_site.api.errors import named_as_sent, nest_errors
from permits_site.api.hearings import (
    HearingTimeAndPlaceInput,
    HeldAtTimeAndPlaceOutput,
    hour_field,
)
from permits_site.api.public.fields import (
    BoundedModelSerializer,
    MoneyField,
    NamedRecordField,
    StrictBooleanField,
    StrictCharField,
    StrictDateField,
    StrictIntegerField,
    StrictSerializer,
    validated_body,
)
from permits_site.api.scopes import in_towns_where
from permits_site.api.serializers import InvoiceLineSerializer
from permits_site.api.views import refuse_oversized_body
from permits_site.enforcement import services
from permits_site.enforcement.models import (
    Appeal,
    Case,
    CaseCharge,
    CaseHearing,
    Citation,
    HearingContinuance,
    Inspection,
    InspectionPhoto,
    Order,
    Violation,
)
from permits_site.enforcement.registry import (
    case_subjects,
    case_type_name,
    citation_policy,
    takes_generic_steps,
)
from permits_site.enforcement.services import dispositions
from permits_site.enforcement.services.cases import PERMIT_CHANGES, schedule_appeal_hearing
from permits_site.enforcement.services.dispositions import Standing
from permits_site.enforcement.steps import INSPECTION_STEPS, SEEING, STEPS
from permits_site.exceptions import DomainError, InvalidTransition
from permits_site.licensing.models import Application, Permit
from permits_site.parties.models import Business, Property, PropertyOwner
from permits_site.towns.models import Municipality

# -- who may do what ---------------------------------------------------------------


class IsEnforcementStaff(BasePermission):
    """Staff of some town; what they may see is then scoped to their towns.

    Anyone else is refused before any record is read, naming the act the request attempted
    and who may do it: the view's ``acts`` by action ("schedule inspections"), else seeing
    (:data:`~permits_site.enforcement.steps.SEEING`).
    """

    def has_permission(self, request, view) -> bool:
        allowed = bool(permissions.municipality_ids_with(request.user, *ENFORCEMENT_ROLES))
        if not allowed:
            act = view.acts.get(view.action, SEEING)
            self.message = str(permissions.Refused(act.doing, act.roles))
        return allowed


def visible(queryset, user):
    """Records of the towns where the caller is enforcement staff."""
    return in_towns_where(queryset, user, *ENFORCEMENT_ROLES, town_field="municipality")


# -- serializers: out ----------------------------------------------------------------


class ViolationSerializer(BoundedModelSerializer):
    class Meta:
        model = Violation
        fields = ["id", "rule", "citation", "message", "found_on", "corrected_on", "inspection"]


class InspectionPhotoSerializer(BoundedModelSerializer):
    class Meta:
        model = InspectionPhoto
        fields = ["id", "content_type", "caption", "sha256", "uploaded_at"]


class InspectionSerializer(BoundedModelSerializer):
    municipality = serializers.SlugRelatedField(slug_field="code", read_only=True)
    check = serializers.CharField(source="check_code", read_only=True)
    permit_number = serializers.CharField(source="permit.number", read_only=True, default=None,
                                          allow_null=True)
    place = serializers.IntegerField(
        source="place_id", read_only=True, allow_null=True,
        help_text="The property visited: its permit's or application's, else the town's "
                  "property at the address; null for an address the town has no property at.")
    inspector_name = serializers.CharField(source="inspector.display_name", read_only=True)
    violations = ViolationSerializer(many=True, read_only=True)
    photos = InspectionPhotoSerializer(many=True, read_only=True)

    class Meta:
        model = Inspection
        fields = ["id", "municipality", "check", "permit", "permit_number", "application",
                  "place", "address", "scheduled_for", "inspector", "inspector_name", "status",
                  "result", "answers", "notes", "inspected_on", "closed_at", "violations",
                  "photos"]


class OrderSerializer(BoundedModelSerializer):
    class Meta:
        model = Order
        fields = ["id", "text", "citation", "issued_on", "comply_by", "complied_on"]


def counted_through(citation: Citation) -> dt.date:
    """The day a citation's days are counted to: its last day once set (the officer may set
    one ahead, and the invoice already counts every day to it), else today."""
    return citation.accrues_until or timezone.localdate()


class CitationSerializer(BoundedModelSerializer):
    """A citation with what it adds up to (a per-day fine through its last day, or through
    today while it runs), where it stands today and the surcharge event it represents;
    ``/citations/{id}/`` has its invoice, hearing and court decision."""

    days = serializers.SerializerMethodField()
    total = serializers.SerializerMethodField()
    invoice = serializers.IntegerField(source="invoice_id", read_only=True, allow_null=True)
    standing = serializers.SerializerMethodField()
    surcharge_event = serializers.SerializerMethodField()

    class Meta:
        model = Citation
        fields = ["id", "offense", "description", "citation", "offense_number", "warning",
                  "forfeiture", "amount_per_offense", "units", "per_day", "issued_on",
                  "accrues_until", "days", "total", "invoice", "due_on", "standing",
                  "surcharge_event", "answers"]
        extra_kwargs = {"answers": {"help_text": "The officer's answers to the exemptions "
                                                 "the law gives the offense, by code."}}

    def get_days(self, citation: Citation) -> int:
        return services.citation_days(citation, on=counted_through(citation))

    @extend_schema_field(serializers.DecimalField(max_digits=10, decimal_places=2))
    def get_total(self, citation: Citation) -> str:
        return f"{services.citation_total(citation, on=counted_through(citation))}"

    @extend_schema_field(serializers.ChoiceField(choices=[current.value for current in Standing]))
    def get_standing(self, citation: Citation) -> str:
        return dispositions.standing(citation, on=timezone.localdate()).value

    def get_surcharge_event(self, citation: Citation) -> str:
        """The surcharge event the citation represents ('' for none)."""
        return dispositions.current_surcharge_event(citation)


class HearingContinuanceOutSerializer(HeldAtTimeAndPlaceOutput, BoundedModelSerializer):
    """A continuance: the day, hour and place it replaced (``previous_…``) and those it set."""

    previous_time = hour_field("The hour the hearing was set for before (HH:MM), or null.")
    previous_location = serializers.CharField(
        read_only=True, help_text="The place the hearing was set for before, or ''.")

    class Meta:
        model = HearingContinuance
        fields = ["previous_date", "previous_time", "previous_location",
                  "previous_notice_sent_on", "hearing_date", "hearing_time", "location",
                  "notice_sent_on", "reason", "recorded_at"]


class CaseHearingSerializer(HeldAtTimeAndPlaceOutput, BoundedModelSerializer):
    continuances = HearingContinuanceOutSerializer(many=True, read_only=True)

    class Meta:
        model = CaseHearing
        fields = ["id", "notice_sent_on", "hearing_date", "hearing_time", "location",
                  "decided_on", "decision", "ruling", "continuances"]


class AppealSerializer(HeldAtTimeAndPlaceOutput, BoundedModelSerializer):
    """An appeal, the day, hour and place of its public hearing once set, and its
    ``continuances`` (an appeal's keep no ``previous_notice_sent_on``: null)."""

    continuances = HearingContinuanceOutSerializer(many=True, read_only=True)

    class Meta:
        model = Appeal
        fields = ["id", "filed_on", "grounds", "hearing_date", "hearing_time", "location",
                  "decided_on", "decision", "continuances"]


class CaseChargeSerializer(BoundedModelSerializer):
    invoice = serializers.IntegerField(source="invoice_id", read_only=True)
    status = serializers.CharField(source="invoice.status", read_only=True)
    lines = InvoiceLineSerializer(source="invoice.lines", many=True, read_only=True)

    class Meta:
        model = CaseCharge
        fields = ["invoice", "status", "lines"]


class CaseSerializer(BoundedModelSerializer):
    municipality = serializers.SlugRelatedField(slug_field="code", read_only=True)
    case_type_name = serializers.SerializerMethodField()
    permit_number = serializers.CharField(source="permit.number", read_only=True, default=None,
                                          allow_null=True)
    violations = ViolationSerializer(many=True, read_only=True)
    orders = OrderSerializer(many=True, read_only=True)
    citations = CitationSerializer(many=True, read_only=True)
    hearings = CaseHearingSerializer(many=True, read_only=True)
    appeals = AppealSerializer(many=True, read_only=True)
    charges = CaseChargeSerializer(many=True, read_only=True)
    complaint_validated = serializers.SerializerMethodField(
        help_text="Whether the determination validated the complaint; null: not recorded.")

    class Meta:
        model = Case
        fields = ["id", "municipality", "case_type", "case_type_name", "permit", "permit_number",
                  "place", "party", "party_name", "address", "complaint", "complainant",
                  "received_on", "inspection", "determination", "determined_on",
                  "complaint_validated", "status",
                  "violations", "orders", "citations", "hearings", "appeals", "charges"]

    def get_case_type_name(self, case: Case) -> str:
        return case_type_name(case.case_type)

    def get_complaint_validated(self, case: Case) -> bool | None:
        return case.findings.get("complaint_validated")


# -- serializers: in -------------------------------------------------------------------


class CallerRecordField(serializers.PrimaryKeyRelatedField):
    """An id among the records ``scope(queryset, caller)`` leaves: the rest read as missing."""

    def __init__(self, *, scope: Callable, **kwargs):
        self.scope = scope
        super().__init__(**kwargs)

    def get_queryset(self):
        return self.scope(super().get_queryset(), self.context["user"])


def _inspectors(users, caller):
    """Staff who may be assigned inspections in the caller's towns."""
    towns = permissions.municipality_ids_with(caller, *ENFORCEMENT_ROLES)
    return users.filter(memberships__municipality__in=towns,
                        memberships__role__in=INSPECTOR_ROLES).distinct()


class InspectionScheduleSerializer(StrictSerializer):
    municipality = NamedRecordField(slug_field="code", queryset=Municipality.objects.all())
    check = StrictCharField(max_length=80, help_text="A rule set code of the town.")
    scheduled_for = StrictDateField()
    inspector = CallerRecordField(queryset=User.objects.all(), scope=_inspectors)
    permit = CallerRecordField(queryset=Permit.objects.all(), scope=visible, required=False,
                               allow_null=True, default=None)
    application = CallerRecordField(queryset=Application.objects.select_related("applicant"),
                                    scope=visible, required=False, allow_null=True,
                                    default=None)
    address = StrictCharField(max_length=300, required=False, allow_blank=True, default="")


class FindingsSerializer(StrictSerializer):
    answers = serializers.DictField(help_text="The check's facts, as strict JSON.")
    notes = StrictCharField(max_length=5000, required=False, allow_blank=True, default="")


class PhotoUploadSerializer(serializers.Serializer):
    file = serializers.FileField()
    caption = serializers.CharField(max_length=200, required=False, allow_blank=True,
                                    default="")


def _on_town_records(records, caller):
    """People or businesses on the records of the caller's towns: who applied for or holds
    one of their permits (the choices the inspection's page offers)."""
    towns = permissions.municipality_ids_with(caller, *ENFORCEMENT_ROLES)
    return records.filter(Q(applications__municipality__in=towns)
                          | Q(permits__municipality__in=towns)).distinct()


def _owners_in_towns(owners, caller):
    """Owners of record of properties in the caller's towns."""
    towns = permissions.municipality_ids_with(caller, *ENFORCEMENT_ROLES)
    return owners.filter(property__municipality__in=towns)


class CaseOpenSerializer(StrictSerializer):
    """A complaint; or a failed inspection, which supplies the permit, place, address,
    findings and, when it names a permit holder or applicant, the party."""

    municipality = NamedRecordField(slug_field="code", queryset=Municipality.objects.all())
    case_type = StrictCharField(max_length=60)
    permit = CallerRecordField(queryset=Permit.objects.select_related("holder"), scope=visible,
                               required=False, allow_null=True, default=None)
    inspection = CallerRecordField(queryset=Inspection.objects.select_related("permit__holder"),
                                   scope=visible, required=False, allow_null=True,
                                   default=None)
    place = CallerRecordField(
        queryset=Property.objects.all(), scope=visible, required=False, allow_null=True,
        default=None, help_text="The property the case is about; by default its permit's.")
    party = CallerRecordField(
        queryset=User.objects.all(), scope=_on_town_records, required=False, allow_null=True,
        default=None, help_text="The person responsible, on the town's records.")
    party_business = CallerRecordField(
        queryset=Business.objects.all(), scope=_on_town_records, required=False,
        allow_null=True, default=None,
        help_text="The business responsible, on the town's records.")
    owner = CallerRecordField(
        queryset=PropertyOwner.objects.select_related("account"), scope=_owners_in_towns,
        required=False, allow_null=True, default=None,
        help_text="A current owner of record of the property (``place``, else its "
                  "permit's): the party, by its name and its account when linked.")
    party_name = StrictCharField(max_length=200, required=False, allow_blank=True)
    address = StrictCharField(max_length=300, required=False, allow_blank=True)
    complaint = StrictCharField(max_length=5000, required=False, allow_blank=True)
    complainant = StrictCharField(max_length=200, required=False, allow_blank=True, default="")
    received_on = StrictDateField(required=False)

    def get_fields(self) -> dict[str, serializers.Field]:
        """The fields above, and those of what a case type may be about (a town's dog): the
        record's id, or a description of one on no record."""
        fields = super().get_fields()
        for subject in case_subjects():
            fields[subject.field] = serializers.PrimaryKeyRelatedField(
                queryset=subject.records(), required=False, allow_null=True,
                help_text=f"{subject.label}: the id of the record the case is about.")
            if subject.description_field:
                fields[subject.description_field] = StrictCharField(
                    max_length=200, required=False, allow_blank=True,
                    help_text=subject.description_help)
        return fields


class CaseItemField(serializers.PrimaryKeyRelatedField):
    """The id of one of the case's orders, hearings or appeals."""

    def __init__(self, *, related: str, **kwargs):
        self.related = related
        super().__init__(**kwargs)

    def get_queryset(self):
        return getattr(self.context["case"], self.related).all()


class DeterminationSerializer(StrictSerializer):
    determination = StrictCharField(max_length=5000)
    complaint_validated = StrictBooleanField(
        help_text="Whether the complaint was validated: a town surcharging renewals counts "
                  "a validated consumer complaint on the business's record.")


class OrderCreateSerializer(StrictSerializer):
    """Give ``comply_within_days`` (calendar days, rolled to a business day) or a town's
    registered ``period_code``."""

    text = StrictCharField(max_length=5000)
    citation = StrictCharField(max_length=200, required=False, allow_blank=True, default="")
    comply_within_days = StrictIntegerField(required=False, allow_null=True, default=None)
    period_code = StrictCharField(max_length=60, required=False, allow_null=True, default=None)


class ComplianceSerializer(StrictSerializer):
    order = CaseItemField(related="orders", queryset=Order.objects.all())
    complied_on = StrictDateField()


class CitationCreateSerializer(StrictSerializer):
    offense = StrictCharField(max_length=60)
    amount = MoneyField(required=False, allow_null=True, default=None,
                        help_text="Ranged offenses: the amount within the schedule's range.")
    units = StrictIntegerField(required=False, default=1)
    accrues_until = StrictDateField(
        required=False, allow_null=True, default=None,
        help_text="Offenses fined per day: the last day counted (else until compliance).")
    surcharge_event = StrictCharField(
        max_length=40, required=False, allow_blank=True, default="",
        help_text="One of the town's surcharge events the citation represents.")
    answers = serializers.DictField(
        child=StrictBooleanField(), required=False, default=dict,
        help_text="Answers to the exemptions the town's law gives the offense, by code "
                  "(the case page names them, e.g. service_dog_on_duty); true refuses the "
                  "citation, naming the section, and a code the offense has no exemption "
                  "under is refused by name.")

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        """Refuse an answer to an exemption the offense lacks, by its code: the service
        records only the offense's own, and would drop it silently."""
        policy = citation_policy(self.context["case"].municipality.code)
        codes = [exemption.code for exemption in policy.exemptions_for(data["offense"])]
        message = (f"Not an exemption of this offense: answer {', '.join(codes)}." if codes
                   else "This offense has no exemption to answer.")
        unknown = {code: [message] for code in data["answers"] if code not in codes}
        if unknown:
            raise ValidationError({"answers": unknown})
        return data


class HearingCreateSerializer(StrictSerializer, HearingTimeAndPlaceInput):
    """A hearing on the case: its notice, day, hour and place (the hour and place left out,
    the town's usual ones)."""

    notice_sent_on = StrictDateField()
    hearing_date = StrictDateField()


class HearingDecisionSerializer(StrictSerializer):
    hearing = CaseItemField(related="hearings", queryset=CaseHearing.objects.all())
    decision = StrictCharField(max_length=5000)
    ruling = StrictCharField(max_length=20000, required=False, allow_blank=True, default="")
    decided_on = StrictDateField()


class HearingContinuanceSerializer(StrictSerializer, HearingTimeAndPlaceInput):
    """An undecided hearing's new day, hour and place (the hour and place left out, the
    town's usual ones; the same day, hour and place again is a 400 naming
    ``hearing_date``)."""

    hearing = CaseItemField(related="hearings", queryset=CaseHearing.objects.all())
    hearing_date = StrictDateField(help_text="The new date; the notice goes again today.")
    reason = StrictCharField(max_length=500)


class InspectionRescheduleSerializer(StrictSerializer):
    scheduled_for = StrictDateField()
    reason = StrictCharField(max_length=300, required=False, allow_blank=True, default="")


class AppealCreateSerializer(StrictSerializer):
    filed_on = StrictDateField()
    grounds = StrictCharField(max_length=5000)


class AppealHearingSerializer(StrictSerializer, HearingTimeAndPlaceInput):
    """The public hearing on one of the case's undecided appeals: its day, hour and place
    (the hour and place left out, the town's usual ones). An appeal whose hearing is set
    already is a 400 naming ``appeal``: it is moved by ``appeal-hearing-continuances/``."""

    appeal = CaseItemField(related="appeals", queryset=Appeal.objects.all())
    hearing_date = StrictDateField()


class AppealHearingContinuanceSerializer(StrictSerializer, HearingTimeAndPlaceInput):
    """An undecided appeal's public hearing, already set, moved to a new day, hour and place
    (the hour and place left out, the town's usual ones; the same day, hour and place again
    is a 400 naming ``hearing_date``)."""

    appeal = CaseItemField(related="appeals", queryset=Appeal.objects.all())
    hearing_date = StrictDateField(help_text="The new date; the party is told again today.")
    reason = StrictCharField(max_length=500)


class AppealDecisionSerializer(StrictSerializer):
    appeal = CaseItemField(related="appeals", queryset=Appeal.objects.all())
    decision = StrictCharField(max_length=5000)
    decided_on = StrictDateField()


class ChargeCreateSerializer(StrictSerializer):
    code = StrictCharField(max_length=60)
    amount = MoneyField()
    description = StrictCharField(max_length=200, required=False, allow_blank=True, default="")
    citation = StrictCharField(max_length=200, required=False, allow_blank=True, default="")


class PermitStatusSerializer(StrictSerializer):
    change = serializers.ChoiceField(choices=PERMIT_CHANGES)
    reason = StrictCharField(max_length=2000)


# -- inspections -------------------------------------------------------------------------


class InspectionViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                        viewsets.GenericViewSet):
    """Inspections of the caller's towns: scheduled, answered, closed with violations."""

    serializer_class = InspectionSerializer
    town_field = "municipality"
    permission_classes = [IsAuthenticated, IsEnforcementStaff]
    #: Each action's step (:data:`~permits_site.enforcement.steps.INSPECTION_STEPS`).
    acts = {
        "create": INSPECTION_STEPS["schedule"],
        "reschedule": INSPECTION_STEPS["reschedule"],
        **dict.fromkeys(("findings", "photos", "close"), INSPECTION_STEPS["record"]),
    }

    def get_queryset(self):
        return visible(Inspection.objects.all(), self.request.user).select_related(
            "municipality", "inspector", "permit").prefetch_related("violations", "photos")

    def inspected(self) -> Inspection:
        inspection = self.get_object()
        INSPECTION_STEPS["record"].refuse_unless(
            permissions.can_inspect(self.request.user, inspection),
            town=inspection.municipality_id)
        return inspection

    def respond(self, inspection: Inspection, *, status_code=status.HTTP_200_OK) -> Response:
        return Response(self.get_serializer(self.get_queryset().get(pk=inspection.pk)).data,
                        status=status_code)

    @extend_schema(request=InspectionScheduleSerializer, responses={201: InspectionSerializer})
    def create(self, request):
        """Schedule an inspection (clerks and inspectors of the town)."""
        data = validated_body(InspectionScheduleSerializer, request.data, user=request.user)
        INSPECTION_STEPS["schedule"].refuse_unless(
            permissions.can_schedule_inspection(request.user, data["municipality"].pk),
            town=data["municipality"])
        with named_as_sent(check_code="check"):
            inspection = services.schedule_chosen_day(
                municipality=data["municipality"], check_code=data["check"],
                scheduled_for=data["scheduled_for"], inspector=data["inspector"],
                permit=data["permit"], application=data["application"],
                address=data["address"], acting_user=request.user,
            )
        return self.respond(inspection, status_code=status.HTTP_201_CREATED)

    @extend_schema(request=FindingsSerializer, responses=InspectionSerializer)
    @action(detail=True, methods=["post"])
    def findings(self, request, pk=None):
        """Record the checklist answers (strict JSON facts of the check) and notes."""
        inspection = self.inspected()
        data = validated_body(FindingsSerializer, request.data)
        try:
            with named_as_sent(check_code="check"):
                services.record_inspection(inspection=inspection, answers=data["answers"],
                                           notes=data["notes"], acting_user=request.user)
        except DomainError as refused:
            raise nest_errors(refused.errors, under="answers",
                              top_level={"notes", "check"}) from refused
        return self.respond(inspection)

    @extend_schema(request={"multipart/form-data": PhotoUploadSerializer},
                   responses={201: InspectionPhotoSerializer})
    @action(detail=True, methods=["post"], parser_classes=[MultiPartParser])
    def photos(self, request, pk=None):
        """Add a photo (PNG or JPEG, checked by content, up to 10 MB)."""
        inspection = self.inspected()
        refuse_oversized_body(request)
        serializer = PhotoUploadSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        photo = services.add_inspection_photo(
            inspection=inspection, upload=serializer.validated_data["file"],
            caption=serializer.validated_data["caption"], acting_user=request.user,
        )
        return Response(InspectionPhotoSerializer(photo).data, status=status.HTTP_201_CREATED)

    @extend_schema(request=InspectionRescheduleSerializer, responses=InspectionSerializer)
    @action(detail=True, methods=["post"])
    def reschedule(self, request, pk=None):
        """Move a scheduled inspection to another day the offices are open (the town's
        clerk or inspectors); the applicant or holder is told."""
        inspection = self.get_object()
        data = validated_body(InspectionRescheduleSerializer, request.data)
        services.reschedule_inspection(inspection=inspection, acting_user=request.user, **data)
        return self.respond(inspection)

    @extend_schema(request=None, responses=InspectionSerializer)
    @action(detail=True, methods=["post"])
    def close(self, request, pk=None):
        """Close with the result judged today; each failed rule becomes a violation."""
        inspection = self.inspected()
        validated_body(StrictSerializer, request.data)
        with named_as_sent(check_code="check"):
            inspection = services.close_inspection(inspection=inspection,
                                                   acting_user=request.user)
        return self.respond(inspection)


# -- cases -------------------------------------------------------------------------------


class CaseViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Enforcement cases of the caller's towns and every step of them."""

    serializer_class = CaseSerializer
    town_field = "municipality"
    permission_classes = [IsAuthenticated, IsEnforcementStaff]
    #: Each action's step (:data:`~permits_site.enforcement.steps.STEPS`), as ``step`` takes it.
    acts = {action: STEPS[who] for action, who in (
        ("create", "open"), ("hearing_continuances", "hearing_continuance"),
        ("determination", "determine"), ("orders", "order"), ("compliance", "compliance"),
        ("citations", "citation"), ("hearings", "hearing"),
        ("hearing_decisions", "hearing_decision"), ("appeals", "appeal"),
        ("appeal_hearings", "appeal_hearing"),
        ("appeal_hearing_continuances", "appeal_hearing"),
        ("appeal_decisions", "appeal_decision"),
        ("charges", "charge"),
        ("permit_status", "permit"), ("close", "close"))}

    def get_queryset(self):
        return visible(Case.objects.all(), self.request.user).select_related(
            "municipality", "permit"
        ).prefetch_related("violations", "orders", "hearings__continuances",
                           "appeals__continuances",
                           "charges__invoice__lines",
                           Prefetch("citations",
                                    queryset=dispositions.with_answers(Citation.objects.all())))

    def respond(self, case: Case, *, status_code=status.HTTP_200_OK) -> Response:
        return Response(self.get_serializer(self.get_queryset().get(pk=case.pk)).data,
                        status=status_code)

    @extend_schema(request=CaseOpenSerializer, responses={201: CaseSerializer})
    def create(self, request):
        """Open a case on a complaint, or from a failed inspection's findings."""
        data = validated_body(CaseOpenSerializer, request.data, user=request.user)
        municipality = data.pop("municipality")
        self.acts["create"].refuse_unless(permissions.can_work_case(request.user, municipality.pk),
                                          town=municipality)
        about = about_of(data)
        if data["inspection"] is not None:
            case = from_inspection(data, municipality=municipality, acting_user=request.user,
                                   about=about)
        else:
            case = services.open_case(municipality=municipality, acting_user=request.user,
                                      about=about, **opening(data))
        return self.respond(case, status_code=status.HTTP_201_CREATED)

    def step(self, request, serializer_class, service, *, takes_case=True,
             status_code=status.HTTP_200_OK) -> Response:
        """Validate the body and run one service on the case; its fields are the arguments.
        Who takes the step is the action's in ``acts``."""
        case = self.get_object()
        self.acts[self.action].require_on(request.user, case)
        if not takes_generic_steps(case.case_type, closing=service is services.close_case):
            raise InvalidTransition("A case of this type takes its steps through its own "
                                    "endpoints, which keep the clocks its law sets.")
        data = validated_body(serializer_class, request.data, case=case)
        service(acting_user=request.user, **({**data, "case": case} if takes_case else data))
        return self.respond(case, status_code=status_code)

    @extend_schema(request=DeterminationSerializer, responses=CaseSerializer)
    @action(detail=True, methods=["post"])
    def determination(self, request, pk=None):
        return self.step(request, DeterminationSerializer, services.determine)

    @extend_schema(request=OrderCreateSerializer, responses={201: CaseSerializer})
    @action(detail=True, methods=["post"])
    def orders(self, request, pk=None):
        """Order a correction; its comply-by date is counted on the town's calendar."""
        return self.step(request, OrderCreateSerializer, services.issue_order,
                         status_code=status.HTTP_201_CREATED)

    @extend_schema(request=ComplianceSerializer, responses=CaseSerializer)
    @action(detail=True, methods=["post"])
    def compliance(self, request, pk=None):
        """Record compliance with an order: the case's daily fines stop on that day."""
        return self.step(request, ComplianceSerializer, services.record_compliance,
                         takes_case=False)

    @extend_schema(request=CitationCreateSerializer, responses={201: CaseSerializer})
    @action(detail=True, methods=["post"])
    def citations(self, request, pk=None):
        """Cite the party; the offense number is counted from their record."""
        return self.step(request, CitationCreateSerializer, services.issue_citation,
                         status_code=status.HTTP_201_CREATED)

    @extend_schema(request=HearingCreateSerializer, responses={201: CaseSerializer})
    @action(detail=True, methods=["post"])
    def hearings(self, request, pk=None):
        """Schedule a hearing on the case, at the hour and place given, else the town's
        usual ones; the notice gives the parties all three."""
        return self.step(request, HearingCreateSerializer, services.schedule_case_hearing,
                         status_code=status.HTTP_201_CREATED)

    @extend_schema(request=HearingDecisionSerializer, responses=CaseSerializer)
    @action(detail=True, methods=["post"], url_path="hearing-decisions")
    def hearing_decisions(self, request, pk=None):
        return self.step(request, HearingDecisionSerializer, services.decide_case_hearing,
                         takes_case=False)

    @extend_schema(request=HearingContinuanceSerializer, responses=CaseSerializer)
    @action(detail=True, methods=["post"], url_path="hearing-continuances")
    def hearing_continuances(self, request, pk=None):
        """Continue an undecided hearing to a new day, hour and place (the day, hour and
        place it replaces are kept in its ``continuances``): the notice goes to the parties
        again and the window the case type's law sets is counted from it. Every case type,
        its own page's included, takes this step here."""
        case = self.get_object()
        data = validated_body(HearingContinuanceSerializer, request.data, case=case)
        services.continue_case_hearing(acting_user=request.user, **data)
        return self.respond(case)

    @extend_schema(request=AppealCreateSerializer, responses={201: CaseSerializer})
    @action(detail=True, methods=["post"])
    def appeals(self, request, pk=None):
        return self.step(request, AppealCreateSerializer, services.file_appeal,
                         status_code=status.HTTP_201_CREATED)

    @extend_schema(request=AppealHearingSerializer, responses=CaseSerializer)
    @action(detail=True, methods=["post"], url_path="appeal-hearings")
    def appeal_hearings(self, request, pk=None):
        """Set the public hearing on an undecided appeal, at the hour and place given, else
        the town's usual ones; the notice gives the party all three. An appeal whose hearing
        is set already is refused on ``appeal``: it is moved with
        ``appeal-hearing-continuances/``, which says why."""
        return self.step(request, AppealHearingSerializer, schedule_appeal_hearing,
                         takes_case=False)

    @extend_schema(request=AppealHearingContinuanceSerializer, responses=CaseSerializer)
    @action(detail=True, methods=["post"], url_path="appeal-hearing-continuances")
    def appeal_hearing_continuances(self, request, pk=None):
        """Continue an undecided appeal's public hearing, already set, to a new day, hour
        and place, saying why (the day, hour and place it replaces are kept in the appeal's
        ``continuances``): the party is told again. Every case type, its own page's
        included, takes this step here."""
        case = self.get_object()
        data = validated_body(AppealHearingContinuanceSerializer, request.data, case=case)
        services.continue_appeal_hearing(acting_user=request.user, **data)
        return self.respond(case)

    @extend_schema(request=AppealDecisionSerializer, responses=CaseSerializer)
    @action(detail=True, methods=["post"], url_path="appeal-decisions")
    def appeal_decisions(self, request, pk=None):
        return self.step(request, AppealDecisionSerializer, services.decide_appeal,
                         takes_case=False)

    @extend_schema(request=ChargeCreateSerializer, responses={201: CaseSerializer})
    @action(detail=True, methods=["post"])
    def charges(self, request, pk=None):
        """Invoice the party for a charge the case type allows (e.g. legal fees)."""
        return self.step(request, ChargeCreateSerializer, services.add_case_charge,
                         status_code=status.HTTP_201_CREATED)

    @extend_schema(request=PermitStatusSerializer, responses=CaseSerializer)
    @action(detail=True, methods=["post"], url_path="permit-status")
    def permit_status(self, request, pk=None):
        """Suspend or revoke the case's permit; the permit and its history are kept."""
        return self.step(request, PermitStatusSerializer, services.suspend_or_revoke_permit)

    @extend_schema(request=None, responses=CaseSerializer)
    @action(detail=True, methods=["post"])
    def close(self, request, pk=None):
        return self.step(request, StrictSerializer, services.close_case)


#: What a failed inspection's case takes from the inspection, never from the body.
FROM_INSPECTION = ("permit", "place", "owner", "address", "complaint", "complainant",
                   "received_on")


def from_inspection(data: dict[str, Any], *, municipality: Municipality,
                    acting_user: User, about: dict[str, Any]) -> Case:
    """The case of a failed inspection, opened by the service its page calls, with what
    the page asks: the case type and, if the inspection names no one, the party."""
    inspection = data["inspection"]
    supplied = {name: ["The inspection supplies this: leave it out."]
                for name in FROM_INSPECTION if data.get(name) not in (None, "")}
    if supplied:
        raise DomainError(supplied)
    if inspection.municipality_id != municipality.pk:
        raise DomainError("The inspection is of another town.", field="inspection")
    return services.open_case_from_inspection(
        inspection=inspection, case_type=data["case_type"], acting_user=acting_user,
        party=data["party"], party_business=data["party_business"],
        party_name=data.get("party_name", ""), about=about)


def about_of(data: dict[str, Any]) -> dict[str, Any]:
    """What the case is about beside its party and place (a town's dog), taken out of the
    validated body ``data``."""
    return {name: data.pop(name) for subject in case_subjects()
            for name in subject.fields if name in data}


def opening(data: dict[str, Any]) -> dict[str, Any]:
    """The open_case arguments of a complaint: what was sent, else the permit's holder and
    place; the address of the property named, if no other."""
    permit = data.get("permit")
    place = data.get("place")
    at_place = {"address": place.full_address} if place else {}
    holder = {**services.responsible_for_permit(permit),
              "address": services.address_of(permit)} if permit else {}
    sent = {name: value for name, value in data.items() if value not in (None, "")}
    return {"party": None, "party_name": "", "address": "", "complaint": "",
            "received_on": timezone.localdate(), **at_place, **holder, **sent,
            "permit": permit}


router = SimpleRouter()
router.register("inspections", InspectionViewSet, basename="inspection")
router.register("cases", CaseViewSet, basename="case")

urlpatterns = router.urls
