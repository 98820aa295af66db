"""Serializers: records out as JSON, request bodies in as typed values for the services.

Money is a string with two places ("50.00"), dates are ``YYYY-MM-DD``, permit
types and towns are named by their codes. Serializers validate shape and
type only; whether an action is allowed is the services' and the rules' call.
"""

from __future__ import annotations

from functools import partial

from django.contrib.auth import get_user_model
from django.db.models import prefetch_related_objects
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from permits_site.accounts import permissions
from permits_site.api.hearings import HeldAtTimeAndPlaceOutput, hour_field
from permits_site.api.public.fields import (
    BoundedDateField,
    BoundedModelSerializer,
    MoneyField,
    NamedRecordField,
    StrictBooleanField,
    StrictCharField,
    StrictSerializer,
)
from permits_site.api.public.serializers import FeeLineSerializer, FindingSerializer
from permits_site.api.scopes import owned_or_in_staff_towns
from permits_site.licensing import transitions
from permits_site.licensing.adoption import Adoption
from permits_site.licensing.declarations import GATE_CODES
from permits_site.licensing.kinds import kind_for
from permits_site.licensing.models import (
    OPEN_ENDED,
    Application,
    Document,
    FeeItem,
    FeeSchedule,
    Invoice,
    InvoiceLine,
    PaymentMethod,
    Permit,
    PermitHearing,
    PermitHearingContinuance,
    PermitStatus,
    PermitType,
)
from permits_site.licensing.services import applications as application_services
from permits_site.licensing.services.applications import ReviewDecision
from permits_site.licensing.services.documents import missing_documents
from permits_site.pdf.links import verification_url

MONEY = {"max_digits": 10, "decimal_places": 2}


def code_field() -> serializers.SlugRelatedField:
    """A related permit type or town, rendered as its code."""
    return serializers.SlugRelatedField(slug_field="code", read_only=True)


class VisibleRecordField(serializers.PrimaryKeyRelatedField):
    """An id looked up only among the records the caller may see: the rest read as missing."""

    def __init__(self, *, visible_to, **kwargs):
        self.visible_to = visible_to
        super().__init__(**kwargs)

    def get_queryset(self):
        return self.visible_to(super().get_queryset(), self.context["request"].user)


# -- what still blocks issuance ------------------------------------------------


class BlockerSerializer(serializers.Serializer):
    code = serializers.CharField()
    gate = serializers.ChoiceField(choices=GATE_CODES)
    message = serializers.CharField()
    citation = serializers.CharField(allow_blank=True)


class NeededDocumentSerializer(serializers.Serializer):
    """A required document not attached yet: ``count`` of any of ``kinds``; one that
    ``may_follow`` does not stop the submission."""

    kinds = serializers.ListField(child=serializers.CharField())
    label = serializers.CharField()
    section = serializers.CharField(source="citation", allow_blank=True)
    may_follow = serializers.BooleanField()
    count = serializers.IntegerField()
    dated = serializers.BooleanField(
        help_text="Whether its upload must carry valid_until: the rules read its expiry "
                  "(a dog's rabies certificate or exemption, Licenses A(1)).")


# -- money ---------------------------------------------------------------------


class InvoiceLineSerializer(BoundedModelSerializer):
    class Meta:
        model = InvoiceLine
        fields = ["code", "description", "amount", "citation", "percent"]


class InvoiceSummarySerializer(BoundedModelSerializer):
    total = serializers.DecimalField(**MONEY, read_only=True)

    class Meta:
        model = Invoice
        fields = ["id", "status", "total"]


class InvoiceSerializer(BoundedModelSerializer):
    """An invoice with its lines; querysets annotate ``amount_received`` (see views)."""

    municipality = code_field()
    payer = serializers.SerializerMethodField()
    payer_address = serializers.SerializerMethodField()
    lines = InvoiceLineSerializer(many=True, read_only=True)
    total = serializers.DecimalField(**MONEY, read_only=True)
    amount_paid = serializers.DecimalField(**MONEY, source="amount_received", read_only=True)

    class Meta:
        model = Invoice
        fields = ["id", "municipality", "application", "payer", "payer_address",
                  "payer_business", "status", "lines", "total", "amount_paid", "created_at",
                  "paid_at"]

    @extend_schema_field(serializers.CharField(allow_null=True, help_text=(
        "Who owes it: the business an application was made for or a citation written to "
        "(`payer_business`), else the person, by name as it was when the invoice was made; "
        "null for a citation whose party has no account here.")))
    def get_payer(self, invoice: Invoice) -> str | None:
        return invoice.payer_name or None

    @extend_schema_field(serializers.CharField(allow_null=True, help_text=(
        "The payer's mailing address: the business's where `payer_business` is set, else "
        "the person's; null where `payer` is. Both as they were when the invoice was made.")))
    def get_payer_address(self, invoice: Invoice) -> str | None:
        return invoice.payer_address if invoice.payer_name else None


class PaymentSerializer(StrictSerializer):
    """A receipt to record; ``invoice`` is looked up among the invoices the clerk can see."""

    id = serializers.IntegerField(read_only=True)
    invoice = VisibleRecordField(queryset=Invoice.objects.select_related("municipality"),
                                 visible_to=partial(owned_or_in_staff_towns, owner_field="payer",
                                                    business_field="payer_business"))
    method = serializers.ChoiceField(choices=PaymentMethod.choices)
    reference = serializers.CharField(max_length=100)
    amount = MoneyField()
    received_at = serializers.DateTimeField(read_only=True)
    invoice_status = serializers.CharField(source="invoice.status", read_only=True)


# -- documents -----------------------------------------------------------------


class DocumentSerializer(BoundedModelSerializer):
    file_url = serializers.SerializerMethodField()

    class Meta:
        model = Document
        fields = ["id", "application", "kind", "original_name", "content_type", "size",
                  "valid_until", "status", "rejection_reason", "uploaded_at", "file_url"]

    def get_file_url(self, document: Document) -> str:
        return reverse("api:document-file", args=[document.pk])


class DocumentUploadSerializer(serializers.Serializer):
    """``kind`` is one of the document kinds of the application's permit type (in context)."""

    kind = serializers.CharField(max_length=40)
    valid_until = BoundedDateField(required=False, allow_null=True)
    file = serializers.FileField()

    def validate_kind(self, kind: str) -> str:
        document_kinds = self.context["document_kinds"]
        if kind not in document_kinds:
            raise serializers.ValidationError(f"Choose one of: {', '.join(document_kinds)}.")
        return kind


class DocumentReviewSerializer(StrictSerializer):
    accepted = StrictBooleanField()
    reason = serializers.CharField(
        required=False, allow_blank=True, max_length=500,
        help_text="Why the document is not accepted, as its applicant reads it: required "
                  "when accepted is false.")


# -- applications --------------------------------------------------------------


class ApplicationSerializer(BoundedModelSerializer):
    """An application as list rows show it; querysets join what ``details`` reads."""

    permit_type = code_field()
    municipality = code_field()
    applicant = serializers.CharField(source="applicant.display_name", read_only=True)
    holder = serializers.CharField(source="party.display_name", read_only=True)
    property = serializers.SerializerMethodField()
    details = serializers.SerializerMethodField()
    invoice = serializers.SerializerMethodField()
    permit = serializers.SerializerMethodField()
    allowed_actions = serializers.SerializerMethodField()

    class Meta:
        model = Application
        fields = ["id", "permit_type", "municipality", "action", "status", "allowed_actions",
                  "applicant", "business", "holder", "property", "previous_permit", "details",
                  "created_at", "submitted_on", "decided_at", "changes_requested",
                  "decision_reason", "invoice", "permit"]

    @extend_schema_field(OpenApiTypes.OBJECT)
    def get_details(self, application: Application) -> dict:
        return kind_for(application.permit_type.code).represent_details(application)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_property(self, application: Application) -> str | None:
        return application.place.full_address if application.place else None

    @extend_schema_field(InvoiceSummarySerializer(allow_null=True))
    def get_invoice(self, application: Application) -> dict | None:
        invoice = application_services.current_invoice(application)
        return InvoiceSummarySerializer(invoice).data if invoice else None

    @extend_schema_field(serializers.ListField(
        child=serializers.ChoiceField(choices=transitions.APPLICATION_ACTIONS),
        help_text="The actions the caller may take on the application now: those its status "
                  "allows that the caller takes (the applicant side, or the town's clerk or "
                  "reviewers, by action). Any other is refused; one listed may still be "
                  "refused for what the application lacks (a 400 naming it)."))
    def get_allowed_actions(self, application: Application) -> list[str]:
        return permissions.permitted_actions(self.context["request"].user, application)

    def get_permit(self, application: Application) -> int | None:
        permit = getattr(application, "permit", None)
        return permit.pk if permit else None


class HearingContinuedFromSerializer(HeldAtTimeAndPlaceOutput, BoundedModelSerializer):
    """A continuance of a hearing on an application: the day, hour and place it was set for
    before (``previous_…``), those the continuance set, and when it was recorded."""

    previous_time = hour_field("The hour the hearing was set for before (HH:MM), or null.")
    previous_location = serializers.CharField(
        read_only=True, help_text="The place the hearing was set for before, or ''.")

    class Meta:
        model = PermitHearingContinuance
        fields = ["previous_date", "previous_time", "previous_location", "hearing_date",
                  "hearing_time", "location", "recorded_at"]
        read_only_fields = fields


class ApplicationHearingSerializer(HeldAtTimeAndPlaceOutput, BoundedModelSerializer):
    """A public hearing on the application as its applicant may attend it (Northborough
    Horse & Stable Regs §2.2, Tisbury 09.0.8(13)): its day, hour and place, the days it was
    continued from, and the day it was decided."""

    decided_on = serializers.DateField(read_only=True, allow_null=True,
                                       help_text="Null until the hearing is decided.")
    continuances = HearingContinuedFromSerializer(
        many=True, read_only=True, help_text="Each continuance, oldest first: the day, hour "
                                             "and place the hearing was set for before.")

    class Meta:
        model = PermitHearing
        fields = ["hearing_date", "hearing_time", "location", "decided_on", "continuances"]
        read_only_fields = fields


class ApplicationDetailSerializer(ApplicationSerializer):
    """One application with its rule findings, what still blocks issuance and its public
    hearings."""

    check = serializers.SerializerMethodField()
    findings = serializers.SerializerMethodField()
    blockers = serializers.SerializerMethodField()
    gates = serializers.SerializerMethodField()
    determinations = serializers.SerializerMethodField()
    documents_needed = serializers.SerializerMethodField()
    hearings = ApplicationHearingSerializer(many=True, read_only=True)

    class Meta(ApplicationSerializer.Meta):
        fields = [*ApplicationSerializer.Meta.fields, "check", "findings", "blockers", "gates",
                  "determinations", "documents_needed", "hearings"]

    def to_representation(self, application: Application) -> dict:
        # read by blockers and hearings
        prefetch_related_objects([application], "hearings__continuances")
        self._result = application_services.evaluate(application)
        return super().to_representation(application)

    def get_check(self, application: Application) -> str | None:
        return self._result.check if self._result else None

    @extend_schema_field(FindingSerializer(many=True))
    def get_findings(self, application: Application) -> list:
        findings = self._result.findings if self._result else ()
        return FindingSerializer(findings, many=True).data

    @extend_schema_field(BlockerSerializer(many=True))
    def get_blockers(self, application: Application) -> list:
        found = application_services.blockers(application, result=self._result)
        return BlockerSerializer(found, many=True).data

    @extend_schema_field(serializers.ListField(child=serializers.CharField()))
    def get_gates(self, application: Application) -> list[str]:
        """Every gate the permit type can raise; the open ones are among ``blockers``."""
        return list(kind_for(application.permit_type.code).gates(application.permit_type))

    @extend_schema_field(NeededDocumentSerializer(many=True))
    def get_documents_needed(self, application: Application) -> list:
        """The required documents not attached yet (the page's "Still needed")."""
        return NeededDocumentSerializer(missing_documents(application), many=True).data

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_determinations(self, application: Application) -> list[dict]:
        return [
            {"rule": record.rule_id, "acceptable": record.acceptable, "note": record.note,
             "reviewer": record.decided_by.display_name, "decided_at": record.decided_at}
            for record in application.determinations.all()
        ]


class ApplicationCreateSerializer(StrictSerializer):
    permit_type = NamedRecordField(
        slug_field="code", queryset=PermitType.objects.select_related("municipality")
    )
    action = StrictCharField(max_length=30, help_text="One of the permit type's actions.")
    details = serializers.DictField(
        required=False, default=dict,
        help_text="Exactly the permit type's declared `fields` "
                  "(GET /api/v1/permit-types/{code}/).",
    )
    applicant = NamedRecordField(
        slug_field="username", queryset=get_user_model().objects.filter(is_active=True),
        required=False,
        help_text="A clerk starting an application at the counter names the resident by "
                  "username (one entered without an email address too: `POST /people/`).",
    )

    def validate(self, data: dict) -> dict:
        applicant = data.get("applicant")
        user = self.context["request"].user
        if applicant is not None and applicant.pk != user.pk and not permissions.is_clerk(
            user, data["permit_type"].municipality_id
        ):
            raise serializers.ValidationError(
                {"applicant": ["Only the town's clerks start applications for others."]}
            )
        return data


class ApplicationDetailsSerializer(StrictSerializer):
    details = serializers.DictField()


class ReviewDeterminationSerializer(StrictSerializer):
    """A reviewer's determination of a needs_review finding."""

    rule = serializers.CharField(max_length=80)
    acceptable = StrictBooleanField()
    note = serializers.CharField(max_length=2000)


class ReviewSerializer(StrictSerializer):
    """A reviewer's decision; a denial needs ``reason``, a request for changes ``message``."""

    decision = serializers.ChoiceField(choices=ReviewDecision.choices)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=2000)
    message = serializers.CharField(required=False, allow_blank=True, max_length=2000)


# -- permits -------------------------------------------------------------------


class RenewalSerializer(serializers.Serializer):
    """A renewal application's body, ready to send to ``POST /applications/``."""

    permit_type = serializers.CharField()
    action = serializers.CharField()
    details = serializers.DictField()


class ValidThroughField(serializers.DateField):
    """A permit's last valid day; null for one that runs until an event rather than a date
    (a horse registration until the horse leaves, a well registration while the well
    stands), whose ``term`` says how long in words."""

    def __init__(self, **kwargs):
        super().__init__(read_only=True, allow_null=True, help_text=(
            "The permit's last valid day; null when it runs until an event rather than a "
            "date (its permit type's term says which)."), **kwargs)

    def to_representation(self, value):
        return None if value == OPEN_ENDED else super().to_representation(value)


class PermitSerializer(BoundedModelSerializer):
    """An issued permit; ``status`` is as of today (an active permit past its term is expired)."""

    permit_type = code_field()
    permit_type_name = serializers.CharField(source="permit_type.name", read_only=True)
    municipality = code_field()
    status = serializers.SerializerMethodField()
    fee_lines = FeeLineSerializer(many=True, read_only=True)
    pdf_url = serializers.SerializerMethodField()
    verification_url = serializers.SerializerMethodField()
    holder = serializers.CharField(source="holder_name", read_only=True)
    property = serializers.SerializerMethodField()
    valid_through = ValidThroughField()
    details = serializers.SerializerMethodField()
    allowed_actions = serializers.SerializerMethodField()

    class Meta:
        model = Permit
        fields = ["id", "number", "permit_type", "permit_type_name", "municipality", "application",
                  "holder", "holder_name", "holder_address", "holder_business", "property",
                  "year", "valid_from", "valid_through", "status", "details", "fee_lines",
                  "fee_total", "conditions", "determinations", "issued_at", "superseded_by",
                  "pdf_url", "verification_url", "allowed_actions"]

    @extend_schema_field(serializers.DictField(help_text=(
        "The records of its own the permit was issued with, by permit type: a dog license's "
        "`dog` (its id), `dog_name` and `tag_number` (the tag it wears now, a replacement's "
        "once one was issued); empty for a type that keeps none.")))
    def get_details(self, permit: Permit) -> dict:
        return kind_for(permit.permit_type.code).represent_permit(permit)

    @extend_schema_field(serializers.ListField(
        child=serializers.ChoiceField(choices=transitions.PERMIT_STATUS_CHANGES),
        help_text="The status changes (`suspend/`, `reinstate/`, `revoke/`) the caller may "
                  "make to the permit now: those its status allows, to the town's clerk; "
                  "none to anyone else."))
    def get_allowed_actions(self, permit: Permit) -> list[str]:
        return permissions.permitted_actions(self.context["request"].user, permit,
                                             among=transitions.PERMIT_STATUS_CHANGES)

    def get_verification_url(self, permit: Permit) -> str:
        return verification_url(permit)

    @extend_schema_field(serializers.CharField(allow_null=True))
    def get_property(self, permit: Permit) -> str | None:
        """The place as it stood when the permit was issued."""
        return permit.place_address or None

    @extend_schema_field(serializers.ChoiceField(choices=PermitStatus.choices))
    def get_status(self, permit: Permit) -> str:
        return permit.effective_status(timezone.localdate())

    def get_pdf_url(self, permit: Permit) -> str:
        return reverse("api:permit-pdf", args=[permit.pk])


class PermitIssueSerializer(StrictSerializer):
    application = VisibleRecordField(
        queryset=Application.objects.select_related("permit_type", "municipality"),
        visible_to=partial(owned_or_in_staff_towns, owner_field="applicant",
                           business_field="business"),
    )
    next_license_year = StrictBooleanField(
        required=False, default=False,
        help_text="In the last month of an annual permit's license year, issue it for the "
                  "whole next license year instead, where its law lets one apply ahead "
                  "(North Andover dog and kennel licenses from December 1). Refused (400, "
                  "naming this field) on any other day or permit type, and when a rule that "
                  "depends on the license year fails on the next one's first day (a dog's "
                  "rabies proof that runs out before January 1, Licenses A(1)).",
    )


class ReasonSerializer(StrictSerializer):
    reason = serializers.CharField(max_length=2000)


class VerificationSerializer(BoundedModelSerializer):
    """What a license's QR code confirms to anyone: no address, the holder's initials only."""

    permit_type = code_field()
    permit_type_name = serializers.CharField(source="permit_type.name", read_only=True)
    municipality = code_field()
    municipality_name = serializers.CharField(source="municipality.name", read_only=True)
    status = serializers.SerializerMethodField()
    valid_through = ValidThroughField()
    holder = serializers.SerializerMethodField()

    class Meta:
        model = Permit
        fields = ["number", "permit_type", "permit_type_name", "municipality",
                  "municipality_name", "status", "valid_from", "valid_through", "holder"]

    def get_holder(self, permit: Permit) -> str:
        """A person's initials only; a business, which is public, by its name."""
        return permit.holder_name if permit.holder_business_id else permit.holder.initials

    @extend_schema_field(serializers.ChoiceField(choices=PermitStatus.choices))
    def get_status(self, permit: Permit) -> str:
        return permit.effective_status(timezone.localdate())


# -- fee schedules -------------------------------------------------------------


class FeeItemSerializer(BoundedModelSerializer):
    class Meta:
        model = FeeItem
        fields = ["code", "description", "amount", "citation"]


#: The board's notice, hearing and vote behind a schedule version, as the API shows them.
ADOPTION_FIELDS = ["notice_given_on", "hearing_held_on", "voted_on", "emergency"]


class FeeScheduleSerializer(BoundedModelSerializer):
    permit_type = code_field()
    items = FeeItemSerializer(many=True, read_only=True)

    class Meta:
        model = FeeSchedule
        fields = ["id", "permit_type", "effective_from", "note", "seeded", "retired_at",
                  "created_at", *ADOPTION_FIELDS, "items"]


def optional_date() -> BoundedDateField:
    return BoundedDateField(required=False, allow_null=True, default=None)


class AdoptionSerializer(StrictSerializer):
    """The board's notice, hearing and vote behind a new schedule version, required where
    the town's law says so (Tisbury BOH Reg 09.0.4), else recorded when given."""

    notice_given_on = optional_date()
    hearing_held_on = optional_date()
    voted_on = optional_date()
    emergency = StrictBooleanField(
        required=False, default=False,
        help_text="An emergency regulation, adopted without prior notice or hearing.")

    def adoption(self) -> Adoption:
        return Adoption(**{name: self.validated_data[name] for name in ADOPTION_FIELDS})


class FeeScheduleCreateSerializer(AdoptionSerializer):
    """A new version: an amount for every item code of the version in force."""

    permit_type = NamedRecordField(
        slug_field="code", queryset=PermitType.objects.select_related("municipality")
    )
    effective_from = BoundedDateField()
    amounts = serializers.DictField(child=MoneyField(), allow_empty=False)
    note = serializers.CharField(required=False, allow_blank=True, max_length=300, default="")

