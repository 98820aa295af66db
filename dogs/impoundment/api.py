"""``/api/v1/impoundments/``: the Animal Control Officer's intake records over HTTP (North
Andover Code ch. 60, Impoundment; ACO B(2)), registered from ``DogsConfig.ready``.

The officer and the town's Clerk and admins read them; each action is one call of the
service the web page uses (``dogs.impoundment.services``), so the API keeps the hold, the
fees and the audit trail. Refusals are 400s naming their field; another town's record is a
404.
"""

from __future__ import annotations

from dataclasses import asdict

from django.shortcuts import get_object_or_404
from django.utils import timezone
from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import BasePermission
from rest_framework.response import Response

from dogs.impoundment import found, services
from dogs.impoundment.permissions import (
    COUNTER_ROLES,
    IMPOUNDMENT_READER_ROLES,
    OFFICER_ROLES,
    SEE_IMPOUNDMENTS,
    impoundment_town_ids,
)
from dogs.models import (
    DISPOSITIONS,
    AdoptionCoriCheck,
    CoriResult,
    FoundAnimalReport,
    Impoundment,
    ImpoundmentBasis,
    NoticeMethod,
    OwnerNotice,
    Species,
)
from dogs.periods import MUNICIPALITY
from permits_site.accounts.permissions import Refused, has_role, require
from permits_site.api.errors import named_as_sent
from permits_site.api.public.fields import (
    BoundedDateField,
    BoundedModelSerializer,
    MoneyField,
    StrictBooleanField,
    StrictSerializer,
)
from permits_site.api.serializers import InvoiceLineSerializer
from permits_site.exceptions import DomainError
from permits_site.licensing.models import PaymentMethod
from permits_site.licensing.services.payments import record_payment
from permits_site.towns.models import Municipality

#: What each request does, as its refusal names it, and the roles that do it: the
#: officer's intake and steps (Impoundment A–H, ACO B(2)), the counter's payments.
ACTS: dict[str, tuple[str, tuple[str, ...]]] = {
    "create": ("record an impoundment", OFFICER_ROLES),
    "identify": ("identify an impounded animal's owner", OFFICER_ROLES),
    "notices": ("record a notice to an impounded animal's owner", OFFICER_ROLES),
    "cori_checks": ("record an adopter's CORI check", OFFICER_ROLES),
    "rabies_proof": ("record an impounded animal's rabies proof", OFFICER_ROLES),
    "invoice": ("invoice an impoundment's fees", OFFICER_ROLES),
    "release": ("release an impounded animal to its owner", OFFICER_ROLES),
    "contract": ("record an owner's surrender or safe-hold contract", OFFICER_ROLES),
    "town_property": ("declare an unclaimed dog the Town's", OFFICER_ROLES),
    "disposition": ("record an impounded animal's disposition", OFFICER_ROLES),
    "forwarded": ("record an intake record forwarded to the Town Clerk", OFFICER_ROLES),
    "payments": ("take payments for an impoundment", COUNTER_ROLES),
    "request_turn_over": ("ask a finder to turn an animal over", OFFICER_ROLES),
    "turned_over": ("record an animal a finder turned over", OFFICER_ROLES),
    "close": ("close a finder's report", OFFICER_ROLES),
    "cite": ("cite a finder who did not turn an animal over", OFFICER_ROLES),
}


def require_act(user, action: str, municipality_id: int) -> None:
    """Refuse (a 403) anyone without a role that takes ``action`` in the town, naming it."""
    doing, roles = ACTS[action]
    require(has_role(user, municipality_id, *roles), doing, roles, town=municipality_id)


class ReadsImpoundments(BasePermission):
    """The records' readers; anyone else is refused before any record is read, naming the
    act the request attempted and who may do it (:data:`ACTS`), else seeing the records."""

    def has_permission(self, request, view) -> bool:
        allowed = bool(impoundment_town_ids(request.user))
        if not allowed:
            doing, roles = ACTS.get(view.action, (SEE_IMPOUNDMENTS, IMPOUNDMENT_READER_ROLES))
            self.message = str(Refused(doing, roles))
        return allowed


class ImpoundmentInvoiceSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.CharField()
    total = serializers.DecimalField(max_digits=10, decimal_places=2)
    lines = InvoiceLineSerializer(many=True)


class OwnerNoticeSerializer(BoundedModelSerializer):
    notice_method = serializers.ChoiceField(source="method", choices=NoticeMethod.choices,
                                            read_only=True)

    class Meta:
        model = OwnerNotice
        fields = ["notice_method", "notified_on", "person_reached", "note"]


class CoriCheckSerializer(BoundedModelSerializer):
    cori_result = serializers.ChoiceField(source="result", choices=CoriResult.choices,
                                          read_only=True)

    class Meta:
        model = AdoptionCoriCheck
        fields = ["person_name", "checked_on", "cori_result"]


class ImpoundmentSerializer(BoundedModelSerializer):
    """The record with the dates the law sets: forward by, held through, Town property
    from and kept until."""

    dates = serializers.SerializerMethodField()
    owner = serializers.SerializerMethodField()
    rabies_missing = serializers.SerializerMethodField(
        help_text="A dog, cat or ferret six months or older with no current rabies "
                  "vaccination on the record (Rabies A; offense rabies_vaccination_missing, "
                  "Rabies C).")
    owner_notices = OwnerNoticeSerializer(many=True, read_only=True)
    cori_checks = CoriCheckSerializer(many=True, read_only=True)
    fee_invoice = ImpoundmentInvoiceSerializer(read_only=True, allow_null=True)
    adoption_invoice = ImpoundmentInvoiceSerializer(read_only=True, allow_null=True)

    class Meta:
        model = Impoundment
        fields = ["id", "impounded_on", "species", "under_six_months", "basis", "picked_up",
                  "description", "found_at", "tag_number", "microchip", "dog", "owner",
                  "identified_by", "identification_note", "owner_name", "owner_contact",
                  "owner_notices", "rabies_missing", "cori_checks", "owner_notified_at",
                  "rabies_certificate", "rabies_valid_through", "claim_by",
                  "contract_signed_by", "alternate_party", "forwarded_to_clerk_on", "status",
                  "closed_on", "outcome_note", "adopter_name", "adopter_identification",
                  "fee_invoice", "adoption_invoice", "dates"]

    def get_dates(self, record: Impoundment) -> dict[str, str | None]:
        dates = services.dates_of(record, self.context["calendar"])
        return {name: day.isoformat() if day else None
                for name, day in asdict(dates).items()}

    def get_rabies_missing(self, record: Impoundment) -> bool:
        return record.rabies_missing_on(timezone.localdate())

    def get_owner(self, record: Impoundment) -> dict | None:
        if record.dog is None:
            return None
        owner = record.dog.owner
        return {"id": owner.pk, "name": owner.display_name, "email": owner.email}


class IntakeSerializer(StrictSerializer):
    impounded_on = BoundedDateField()
    description = serializers.CharField(max_length=200)
    found_at = serializers.CharField(max_length=200, required=False, default="")
    tag_number = serializers.CharField(max_length=10, required=False, default="")
    microchip = serializers.CharField(max_length=30, required=False, default="")
    picked_up = StrictBooleanField(required=False, default=True)
    species = serializers.ChoiceField(choices=Species.choices, required=False,
                                      default=Species.DOG)
    under_six_months = StrictBooleanField(required=False, default=False)
    basis = serializers.ChoiceField(choices=list(services.INTAKE_BASES), required=False,
                                    default=ImpoundmentBasis.PICKED_UP)


class IdentifySerializer(StrictSerializer):
    tag_number = serializers.CharField(max_length=10, required=False, default="")
    microchip = serializers.CharField(max_length=30, required=False, default="")
    license_number = serializers.CharField(max_length=40, required=False, default="")
    owner_name = serializers.CharField(max_length=120, required=False, default="")
    owner_contact = serializers.CharField(max_length=200, required=False, default="")
    identification_note = serializers.CharField(max_length=200, required=False, default="")


class NoticeBodySerializer(StrictSerializer):
    notice_method = serializers.ChoiceField(source="method", choices=NoticeMethod.choices)
    notified_on = BoundedDateField()
    person_reached = serializers.CharField(max_length=120)
    note = serializers.CharField(max_length=300, required=False, default="")


class CoriBodySerializer(StrictSerializer):
    person_name = serializers.CharField(max_length=120)
    checked_on = BoundedDateField()
    cori_result = serializers.ChoiceField(source="result", choices=CoriResult.choices)


class RabiesProofSerializer(StrictSerializer):
    certificate = serializers.CharField(max_length=120)
    valid_through = BoundedDateField()


class ContractSerializer(StrictSerializer):
    basis = serializers.ChoiceField(choices=[ImpoundmentBasis.SURRENDER,
                                             ImpoundmentBasis.SAFE_HOLD])
    signed_by = serializers.CharField(max_length=120)
    claim_by = BoundedDateField(required=False, allow_null=True, default=None)
    alternate_party = serializers.CharField(max_length=200, required=False, default="")


class DispositionSerializer(StrictSerializer):
    outcome = serializers.ChoiceField(choices=list(DISPOSITIONS))
    note = serializers.CharField(max_length=300, required=False, default="")
    adopter_name = serializers.CharField(max_length=120, required=False, default="")
    adopter_identification = serializers.CharField(max_length=120, required=False,
                                                   default="")
    cori_authorized = StrictBooleanField(required=False, default=False)


class ForwardedSerializer(StrictSerializer):
    on = BoundedDateField()


#: Which of the record's invoices a payment is for.
INVOICE_FIELDS = {"fees": "fee_invoice", "adoption": "adoption_invoice"}


class ImpoundmentPaymentSerializer(StrictSerializer):
    invoice = serializers.ChoiceField(choices=list(INVOICE_FIELDS))
    method = serializers.ChoiceField(choices=PaymentMethod.choices)
    reference = serializers.CharField(max_length=100)
    amount = MoneyField()


def _service_action(name: str, serializer_class, service, **sent_as: str):
    """A POST action on one record at ``<id>/<name with dashes>/``: the body, validated,
    is the service's arguments. ``sent_as`` names the request's field for each field the
    service (and the officer's page) calls otherwise, so a refusal names what was sent."""
    url_path = name.replace("_", "-")

    def run(self, request, pk=None):
        record = self.get_object()
        require_act(request.user, name, record.municipality_id)
        body = serializer_class(data=request.data)
        body.is_valid(raise_exception=True)
        with named_as_sent(**sent_as):
            service(impoundment=record, acting_user=request.user, **body.validated_data)
        return self.respond(record)

    run.__name__, run.__doc__ = name, service.__doc__  # before @action maps POST to it
    routed = action(detail=True, methods=["post"], url_path=url_path, url_name=url_path,
                    serializer_class=serializer_class)(run)
    return extend_schema(request=serializer_class,
                         responses={200: ImpoundmentSerializer})(routed)


class ImpoundmentViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                         viewsets.GenericViewSet):
    """Intake records of the caller's towns, newest first."""

    serializer_class = ImpoundmentSerializer
    permission_classes = [ReadsImpoundments]

    def get_queryset(self):
        return Impoundment.objects.filter(
            municipality_id__in=impoundment_town_ids(self.request.user),
        ).select_related("municipality", "dog__owner", "fee_invoice", "adoption_invoice"
                         ).prefetch_related("fee_invoice__lines", "adoption_invoice__lines",
                                            "owner_notices", "cori_checks")

    def get_serializer_context(self):
        town = Municipality.objects.get(code=MUNICIPALITY)
        return {**super().get_serializer_context(), "calendar": town.calendar()}

    def respond(self, record: Impoundment, code: int = status.HTTP_200_OK) -> Response:
        """The whole record, whichever action's body was posted."""
        body = ImpoundmentSerializer(self.get_queryset().get(pk=record.pk),
                                     context=self.get_serializer_context())
        return Response(body.data, status=code)

    def create(self, request):
        """Record an intake; a tag or microchip the town knows notifies the owner."""
        town = Municipality.objects.get(code=MUNICIPALITY)
        require_act(request.user, "create", town.pk)
        body = IntakeSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        record = services.record_intake(municipality=town, acting_user=request.user,
                                        **body.validated_data)
        return self.respond(record, status.HTTP_201_CREATED)

    identify = _service_action("identify", IdentifySerializer, services.identify_owner)
    notices = _service_action("notices", NoticeBodySerializer, services.record_owner_notice)
    cori_checks = _service_action("cori_checks", CoriBodySerializer, services.record_cori_check)
    rabies_proof = _service_action("rabies_proof", RabiesProofSerializer,
                                   services.record_rabies_proof,
                                   rabies_valid_through="valid_through")
    invoice = _service_action("invoice", StrictSerializer, services.invoice_fees)
    release = _service_action("release", StrictSerializer, services.release_to_owner)
    contract = _service_action("contract", ContractSerializer, services.record_contract)
    town_property = _service_action("town_property", StrictSerializer,
                                    services.declare_town_property)
    disposition = _service_action("disposition", DispositionSerializer,
                                  services.record_disposition)
    forwarded = _service_action("forwarded", ForwardedSerializer, services.record_forwarded,
                                forwarded_on="on")

    @extend_schema(request=ImpoundmentPaymentSerializer,
                   responses={200: ImpoundmentSerializer})
    @action(detail=True, methods=["post"], serializer_class=ImpoundmentPaymentSerializer)
    def payments(self, request, pk=None):
        """Money received at the counter against the fees or the adoption fee."""
        record = self.get_object()
        require_act(request.user, "payments", record.municipality_id)
        body = ImpoundmentPaymentSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = dict(body.validated_data)
        invoice = getattr(record, INVOICE_FIELDS[data.pop("invoice")])
        if invoice is None:
            raise DomainError("There is no such invoice yet.", field="invoice")
        record_payment(invoice=invoice, acting_user=request.user, **data)
        return self.respond(record)


# -- Finders' reports (Impoundment B) ------------------------------------------------------

class FoundReportSerializer(BoundedModelSerializer):
    """A finder's report and its follow-up; ``case`` is the B(2) citation's case."""

    class Meta:
        model = FoundAnimalReport
        fields = ["id", "species", "description", "found_at", "tag_number", "finder_name",
                  "finder_contact", "message", "reported_at", "status",
                  "turn_over_requested_on", "impoundment", "case"]


class TurnOverRequestSerializer(StrictSerializer):
    requested_on = BoundedDateField()


class TurnedOverSerializer(StrictSerializer):
    impoundment = serializers.IntegerField()


class CloseReportSerializer(StrictSerializer):
    returned_to_owner = StrictBooleanField()


def _report_action(name: str, serializer_class, service):
    """A POST action on one report at ``<id>/<name with dashes>/``."""
    url_path = name.replace("_", "-")

    def run(self, request, pk=None):
        report = self.get_object()
        require_act(request.user, name, report.municipality_id)
        body = serializer_class(data=request.data)
        body.is_valid(raise_exception=True)
        service(report=report, acting_user=request.user, **self.arguments(body.validated_data))
        return Response(FoundReportSerializer(self.get_queryset().get(pk=report.pk)).data)

    run.__name__, run.__doc__ = name, service.__doc__
    routed = action(detail=True, methods=["post"], url_path=url_path, url_name=url_path,
                    serializer_class=serializer_class)(run)
    return extend_schema(request=serializer_class,
                         responses={200: FoundReportSerializer})(routed)


class FoundReportViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                         viewsets.GenericViewSet):
    """Finders' reports of the caller's towns, newest first (Impoundment B)."""

    serializer_class = FoundReportSerializer
    permission_classes = [ReadsImpoundments]

    def get_queryset(self):
        return FoundAnimalReport.objects.filter(
            municipality_id__in=impoundment_town_ids(self.request.user))

    def arguments(self, data: dict) -> dict:
        """An impoundment id becomes the caller's town's record (404 otherwise)."""
        if "impoundment" in data:
            data["impoundment"] = get_object_or_404(
                Impoundment, pk=data["impoundment"],
                municipality_id__in=impoundment_town_ids(self.request.user))
        return data

    request_turn_over = _report_action("request_turn_over", TurnOverRequestSerializer,
                                       found.request_turn_over)
    turned_over = _report_action("turned_over", TurnedOverSerializer, found.record_turned_over)
    close = _report_action("close", CloseReportSerializer, found.close_report)
    cite = _report_action("cite", StrictSerializer, found.cite_not_turned_over)
