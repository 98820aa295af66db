"""``/api/v1/businesses/`` and ``/api/v1/properties/`` (spec ``lifecycle.md``, "Over the API").

JSON only. A record the caller may not see does not exist for them (404);
one they see but may not change is a 403. Every change is one call of
:mod:`permits_site.parties.services`, which audits it, so the API keeps the
rules of the web pages. ``/properties/{id}/record/`` gives the town's staff the
place's enforcement cases, citations, inspections and waivers.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.validators import EmailValidator
from django.db import transaction
from django.db.models import Prefetch
from django.urls import reverse
from django.utils import timezone
from drf_spectacular.utils import extend_schema, extend_schema_field, extend_schema_serializer
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response

from permits_site.accounts.models import Role
from permits_site.accounts.permissions import ENFORCEMENT_ROLES, can_view_enforcement, require
from permits_site.api.parsers import JSONObjectParser
from permits_site.api.public.fields import (
    BoundedModelSerializer,
    StrictCharField,
    StrictIntegerField,
    StrictSerializer,
    to_json,
    validated_body,
)
from permits_site.enforcement.models import Case, Citation, Inspection, Order
from permits_site.enforcement.services import dispositions
from permits_site.enforcement.services.dispositions import Standing
from permits_site.exceptions import DomainError
from permits_site.licensing.models import Variance
from permits_site.parties import permissions
from permits_site.parties import services as party_services
from permits_site.parties.models import Business, BusinessKind, BusinessMember, Property
from permits_site.parties.places import (
    FactsInvalid,
    derive_attributes,
    derived_place_attributes,
    parse_place_attributes,
)
from permits_site.parties.records import (
    cases_at,
    citations_at,
    inspections_at,
    variances_at,
    with_open_orders,
)
from permits_site.towns.models import Municipality

# -- serializers ---------------------------------------------------------------


def text(*, max_length: int, required: bool = True) -> StrictCharField:
    """A JSON string, trimmed; optional ones may be blank and default to ""."""
    options: dict[str, Any] = {"max_length": max_length, "trim_whitespace": True}
    if not required:
        options.update(required=False, allow_blank=True, default="")
    return StrictCharField(**options)


class BusinessSerializer(BoundedModelSerializer):
    """A business as the API shows it; ``members`` are the usernames of who acts for it."""

    members = serializers.SerializerMethodField()
    email = serializers.EmailField(read_only=True, allow_blank=True)

    class Meta:
        model = Business
        fields = ["id", "legal_name", "dba", "kind", "mailing_address", "phone", "email",
                  "members"]
        read_only_fields = fields

    @extend_schema_field({"type": "array", "items": {"type": "string"}})
    def get_members(self, business: Business) -> list[str]:
        return [membership.user.username for membership in business.memberships.all()]


# Named "Business" in the schema (its request form): one ``kind`` enum for both.
@extend_schema_serializer(component_name="Business")
class BusinessCreateSerializer(StrictSerializer):
    """A business to register; the caller becomes its first member."""

    legal_name = text(max_length=200)
    dba = text(max_length=200, required=False)
    kind = serializers.ChoiceField(choices=BusinessKind.choices)
    mailing_address = text(max_length=300)
    phone = text(max_length=30, required=False)
    email = StrictCharField(max_length=254, required=False, allow_blank=True, default="",
                            trim_whitespace=True, validators=[EmailValidator()])


class MemberAddSerializer(StrictSerializer):
    username = StrictCharField(max_length=150)


@extend_schema_field({"type": "object", "additionalProperties": True,
                      "description": "The town's place attributes, e.g. Tisbury's zone."})
class AttributesField(serializers.JSONField):
    def to_representation(self, value: Any) -> Any:
        return to_json(value)


class DerivationSerializer(serializers.Serializer):
    value = serializers.JSONField(help_text="What the town derives, e.g. barrier_beach.")
    basis = serializers.CharField(
        help_text="The rule that settled it, e.g. lot_list, board_determination, figures, "
                  "not_determined.")
    reason = serializers.CharField(help_text="Why, in words, citing the law.")


class PropertySerializer(BoundedModelSerializer):
    """A place as the API shows it: the town by code, the attributes its rules read, and
    those the town derives with why (Tisbury's ``zone``: the lot list, the Board's
    determination or figures, else not determined)."""

    municipality = serializers.SlugRelatedField(slug_field="code", read_only=True)
    attributes = AttributesField(read_only=True)
    derived = serializers.SerializerMethodField()

    class Meta:
        model = Property
        fields = ["id", "municipality", "address", "parcel", "attributes", "derived"]
        read_only_fields = fields

    @extend_schema_field(serializers.DictField(child=DerivationSerializer()))
    def get_derived(self, place: Property) -> dict[str, dict[str, Any]]:
        known = self.context.get("derived")
        derived = known[place.pk] if known and place.pk in known else derive_attributes(
            [place])[place.pk]
        return {name: item.describe() for name, item in derived.items()}


class PropertyCreateSerializer(serializers.Serializer):
    """The documented body of ``POST /properties/``: besides these, the town's asked place
    attributes (e.g. ``"zoning"``) sit at the top level; a derived one (Tisbury's
    ``"zone"``) only from staff who record it, with a ``"reason"``."""

    municipality = StrictCharField(max_length=40, help_text="The town's code, e.g. tisbury.")
    address = text(max_length=200)
    parcel = text(max_length=40, required=False)


class PropertyCorrectionSerializer(serializers.Serializer):
    """The documented body of ``PATCH /properties/{id}/``: what is sent is corrected.
    ``attributes`` are merged into the place's (``null`` removes one); the town's place
    attributes may also be sent at the top level, as when the place was recorded."""

    address = text(max_length=200)
    parcel = StrictCharField(max_length=40, required=False, allow_blank=True,
                             trim_whitespace=True)
    attributes = serializers.DictField(required=False)


class MergeSerializer(StrictSerializer):
    duplicate = StrictIntegerField(min_value=1, help_text="The id of the duplicate property.")


# -- a property's record (staff) ------------------------------------------------------


class PlaceOrderSerializer(BoundedModelSerializer):
    """An order not yet complied with; ``overdue`` once its comply-by day has passed."""

    overdue = serializers.SerializerMethodField()

    class Meta:
        model = Order
        fields = ["id", "text", "citation", "comply_by", "overdue"]

    def get_overdue(self, order: Order) -> bool:
        return order.comply_by < self.context["today"]


class PlaceCaseSerializer(BoundedModelSerializer):
    status = serializers.CharField(read_only=True, help_text="open, determined or closed.")
    open_orders = PlaceOrderSerializer(many=True, read_only=True)
    url = serializers.SerializerMethodField()

    class Meta:
        model = Case
        fields = ["id", "case_type", "status", "received_on", "permit", "open_orders", "url"]

    def get_url(self, case: Case) -> str:
        return reverse("api:case-detail", args=[case.pk])


class PlaceCitationSerializer(BoundedModelSerializer):
    """What the citation amounts to, what is still owed and where it stands today."""

    amount = serializers.SerializerMethodField()
    balance = serializers.SerializerMethodField()
    standing = serializers.SerializerMethodField()
    url = serializers.SerializerMethodField()

    class Meta:
        model = Citation
        fields = ["id", "case", "offense", "citation", "issued_on", "amount", "balance",
                  "standing", "url"]

    @extend_schema_field(serializers.DecimalField(max_digits=10, decimal_places=2))
    def get_amount(self, citation: Citation) -> str:
        return f"{dispositions.amount(citation, on=self.context['today'])}"

    @extend_schema_field(serializers.DecimalField(max_digits=10, decimal_places=2))
    def get_balance(self, citation: Citation) -> str:
        return f"{dispositions.balance(citation)}"

    @extend_schema_field(serializers.ChoiceField(choices=[current.value for current in Standing]))
    def get_standing(self, citation: Citation) -> str:
        return dispositions.standing(citation, on=self.context["today"]).value

    def get_url(self, citation: Citation) -> str:
        return reverse("api:citation-detail", args=[citation.pk])


class PlaceInspectionSerializer(BoundedModelSerializer):
    check = serializers.CharField(source="check_code", read_only=True)
    status = serializers.CharField(read_only=True, help_text="scheduled, closed or cancelled.")
    result = serializers.CharField(read_only=True, help_text="passed, failed, or blank.")
    url = serializers.SerializerMethodField()

    class Meta:
        model = Inspection
        fields = ["id", "check", "permit", "application", "scheduled_for", "inspected_on",
                  "status", "result", "url"]

    def get_url(self, inspection: Inspection) -> str:
        return reverse("api:inspection-detail", args=[inspection.pk])


class PlaceVarianceSerializer(BoundedModelSerializer):
    status = serializers.CharField(read_only=True, help_text="requested, granted or denied.")
    rule_ids = serializers.ListField(child=serializers.CharField(), read_only=True)
    url = serializers.SerializerMethodField()

    class Meta:
        model = Variance
        fields = ["id", "application", "rule_ids", "status", "requested_at", "decided_at", "url"]

    def get_url(self, variance: Variance) -> str:
        return reverse("api:application-variances", args=[variance.application_id])


class PlaceRecordSerializer(serializers.Serializer):
    """The place's enforcement cases (with their open orders), the citations written on
    them, its inspections and the waivers asked about it, latest first."""

    property = serializers.IntegerField()
    cases = PlaceCaseSerializer(many=True)
    citations = PlaceCitationSerializer(many=True)
    inspections = PlaceInspectionSerializer(many=True)
    variances = PlaceVarianceSerializer(many=True)


# -- reading a property body -------------------------------------------------------

PROPERTY_FIELDS = frozenset({"municipality", "address", "parcel"})
#: Staff's reason for setting or correcting a derived attribute.
REASON = "reason"


def _object(data: Any) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise ValidationError({"non_field_errors": ["Send a JSON object as the request body."]})
    return data


def _attributes_in(data: Mapping[str, Any], errors: dict[str, list[str]]) -> dict[str, Any]:
    """The place attributes sent: those at the top level, over an ``attributes`` object."""
    nested = data.get("attributes", {})
    if not isinstance(nested, Mapping):
        errors["attributes"] = ["Send the attributes as a JSON object."]
        nested = {}
    flat = {name: value for name, value in data.items()
            if name not in PROPERTY_FIELDS and name not in ("attributes", REASON)}
    return {**nested, **flat}


def split_derived(town: Municipality, attributes: Mapping[str, Any]
                  ) -> tuple[dict[str, Any], dict[str, Any]]:
    """(asked attributes, derived ones sent): staff may send the latter with a reason."""
    derived = {item.fact.name for item in derived_place_attributes(town.code)}
    return ({name: value for name, value in attributes.items() if name not in derived},
            {name: value for name, value in attributes.items() if name in derived})


def _derived_errors(town: Municipality, derived: Mapping[str, Any], reason: Any, user
                    ) -> dict[str, list[str]]:
    """A derived attribute is refused from anyone who may not set it, naming it; staff
    who may must say why."""
    errors = _unrecordable(town, derived, user)
    for item in derived_place_attributes(town.code):
        if item.fact.name in derived and item.fact.name not in errors and not (
                isinstance(reason, str) and reason.strip()):
            errors[REASON] = [f"Say why the {item.fact.name} is set or corrected."]
    return errors


def _unrecordable(town: Municipality, derived: Mapping[str, Any], user
                  ) -> dict[str, list[str]]:
    """The derived attributes sent that ``user`` may not record, each refused naming it."""
    return {item.fact.name: [item.refusal()] for item in derived_place_attributes(town.code)
            if item.fact.name in derived and not item.may_record(user, town.pk)}


def refuse_derived_sent(place: Property, data: Any, user) -> None:
    """A ``PATCH`` naming an attribute the town derives, from a caller who may see the place
    but not record it (a resident), is a 400 naming the attribute, before any other refusal:
    no role lets them send it."""
    if not isinstance(data, Mapping):
        return
    derived = split_derived(place.municipality, _attributes_in(data, {}))[1]
    if refused := _unrecordable(place.municipality, derived, user):
        raise ValidationError(refused)


def _attribute_errors(town: Municipality, attributes: Mapping[str, Any]) -> dict[str, list[str]]:
    try:
        parse_place_attributes(town.code, attributes)
    except FactsInvalid as invalid:
        return {str(name): list(messages) for name, messages in invalid.errors.items()}
    return {}


def parse_new_property(data: Any, user=None
                       ) -> tuple[Municipality, str, str, dict[str, Any], dict[str, Any]]:
    """The town, address, parcel, attributes and derived attributes (staff only, with a
    ``reason``) of a ``POST``; every fault in one 400."""
    data = _object(data)
    errors: dict[str, list[str]] = {}
    base = PropertyCreateSerializer(data={name: data[name] for name in PROPERTY_FIELDS
                                          if name in data})
    if not base.is_valid():
        errors.update({name: list(messages) for name, messages in base.errors.items()})
    attributes = _attributes_in(data, errors)
    town = None
    if "municipality" not in errors:
        code = data["municipality"]  # a JSON string of the right length: it passed
        town = Municipality.objects.filter(code=code).first()
        if town is None:
            errors["municipality"] = [f"There is no municipality '{code}'."]
    derived: dict[str, Any] = {}
    if town is not None:
        attributes, derived = split_derived(town, attributes)
        errors.update(_attribute_errors(town, attributes))
        errors.update(_derived_errors(town, derived, data.get(REASON), user))
    if errors:
        raise ValidationError(errors)
    valid = base.validated_data
    return town, valid["address"], valid.get("parcel", ""), attributes, derived


def parse_correction(place: Property, data: Any, user=None) -> dict[str, Any]:
    """``correct_property``'s keyword arguments from a ``PATCH``: only what was sent, the
    attributes merged into the place's (``null`` removes one)."""
    data = _object(data)
    errors: dict[str, list[str]] = {}
    if "municipality" in data:
        errors["municipality"] = ["A property's town cannot be changed; record the place "
                                  "in the other town instead."]
    base = PropertyCorrectionSerializer(
        data={name: data[name] for name in ("address", "parcel") if name in data}, partial=True
    )
    if base.is_valid():
        corrections: dict[str, Any] = dict(base.validated_data)
    else:
        corrections = {}
        errors.update({name: list(messages) for name, messages in base.errors.items()})
    attributes_sent, derived = split_derived(place.municipality, _attributes_in(data, errors))
    if attributes_sent or ("attributes" in data and not derived):
        merged = {**place.attributes, **attributes_sent}
        errors.update(_attribute_errors(place.municipality, merged))
        corrections["attributes"] = merged
    if derived:
        errors.update(_derived_errors(place.municipality, derived, data.get(REASON), user))
        corrections["derived"] = derived
        corrections["reason"] = data.get(REASON)
    if not errors and not corrections:
        errors["non_field_errors"] = ["Send the address, parcel or attributes to correct."]
    if errors:
        raise ValidationError(errors)
    return corrections


# -- views -----------------------------------------------------------------------


class BusinessViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                      viewsets.GenericViewSet):
    """Businesses: those the caller acts for, and (staff) those that applied in their towns."""

    serializer_class = BusinessSerializer
    parser_classes = [JSONObjectParser]
    queryset = Business.objects.all()

    def get_queryset(self):
        return permissions.visible_businesses(self.request.user).prefetch_related(
            Prefetch("memberships", queryset=BusinessMember.objects.select_related("user"))
        ).order_by("legal_name", "pk")

    def shown(self, business: Business, *, status_code: int = status.HTTP_200_OK) -> Response:
        fresh = self.get_queryset().get(pk=business.pk)
        return Response(BusinessSerializer(fresh).data, status=status_code)

    @extend_schema(request=BusinessCreateSerializer, responses={201: BusinessSerializer})
    def create(self, request):
        """Register a business; the caller becomes its first member."""
        data = validated_body(BusinessCreateSerializer, request.data)
        business = party_services.create_business(acting_user=request.user, **data)
        return self.shown(business, status_code=status.HTTP_201_CREATED)

    @extend_schema(request=MemberAddSerializer, responses={201: BusinessSerializer})
    @action(detail=True, methods=["post"])
    def members(self, request, pk=None):
        """A member adds another registered user (by ``username``), who then acts for it."""
        business = self.get_object()
        permissions.require_member_adder(request.user, business)
        data = validated_body(MemberAddSerializer, request.data)
        party_services.add_member(business=business, username=data["username"],
                                  acting_user=request.user)
        return self.shown(business, status_code=status.HTTP_201_CREATED)


class PropertyViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin,
                      viewsets.GenericViewSet):
    """Places: those the caller or their businesses applied about, and (staff) every live
    place of their towns. The town's clerk corrects and merges them."""

    serializer_class = PropertySerializer
    parser_classes = [JSONObjectParser]
    queryset = Property.objects.all()

    def get_queryset(self):
        return permissions.visible_properties(self.request.user).select_related(
            "municipality"
        ).order_by("municipality__name", "normalised_address", "pk")

    def get_serializer(self, *args, **kwargs):
        """A page of places derives its towns' attributes in a fixed number of queries."""
        if kwargs.get("many") and args:
            places = list(args[0])
            kwargs["context"] = {**self.get_serializer_context(),
                                 "derived": derive_attributes(places)}
            return self.get_serializer_class()(places, *args[1:], **kwargs)
        return super().get_serializer(*args, **kwargs)

    def clerks_property(self) -> Property:
        place = self.get_object()
        self.require_clerk(place)
        return place

    def require_clerk(self, place: Property) -> None:
        require(permissions.can_correct_property(self.request.user, place),
                "correct or merge properties", [Role.CLERK], town=place.municipality_id)

    @extend_schema(request=PropertyCreateSerializer,
                   responses={201: PropertySerializer, 200: PropertySerializer})
    def create(self, request):
        """Record a place: 201 with the new record, or 200 with the town's existing record
        of the same place (same parcel, else same normalised address), now linked to the
        caller. The town's asked place attributes (e.g. ``"zoning"``) are sent at the top
        level; a derived one (Tisbury's ``"zone"``) is refused from a resident, naming it, and
        taken from staff who record it with a ``"reason"`` (audited)."""
        town, address, parcel, attributes, derived = parse_new_property(request.data,
                                                                        request.user)
        place, created = party_services.find_or_create_property(
            municipality=town, address=address, parcel=parcel, attributes=attributes,
            acting_user=request.user,
        )
        if derived:
            party_services.record_derived_attributes(
                property=place, values=derived, reason=request.data[REASON],
                acting_user=request.user)
        return Response(PropertySerializer(place).data,
                        status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)

    @extend_schema(request=PropertyCorrectionSerializer, responses=PropertySerializer)
    def partial_update(self, request, pk=None):
        """The clerk corrects the address, parcel or attributes (audited). Issued permits
        keep what they were issued on; open applications are judged again."""
        place = self.get_object()
        refuse_derived_sent(place, request.data, request.user)
        self.require_clerk(place)
        corrections = parse_correction(place, request.data, request.user)
        derived, reason = corrections.pop("derived", None), corrections.pop("reason", "")
        with transaction.atomic():
            self.correct(place, corrections, derived, reason)
        return Response(PropertySerializer(self.get_queryset().get(pk=place.pk)).data)

    def correct(self, place: Property, corrections: dict[str, Any],
                derived: dict[str, Any] | None, reason: str) -> None:
        """The asked attributes corrected and the derived ones recorded, all or nothing."""
        if corrections:
            party_services.correct_property(property=place, acting_user=self.request.user,
                                            **corrections)
        if derived:
            party_services.record_derived_attributes(property=place, values=derived,
                                                     reason=reason,
                                                     acting_user=self.request.user)

    @extend_schema(request=MergeSerializer, responses=PropertySerializer)
    @action(detail=True, methods=["post"])
    def merge(self, request, pk=None):
        """The clerk folds a duplicate record of the same place, in the same town, into
        this one; its applications move here, issued permits keep their place."""
        place = self.clerks_property()
        data = validated_body(MergeSerializer, request.data)
        duplicate = Property.objects.filter(pk=data["duplicate"],
                                            municipality_id=place.municipality_id).first()
        if duplicate is None:
            raise ValidationError({"duplicate": [
                f"No property of {place.municipality.short_name} has the id "
                f"{data['duplicate']}."]})
        try:
            party_services.merge_properties(duplicate=duplicate, into=place,
                                            acting_user=request.user)
        except DomainError as refused:
            raise ValidationError({"duplicate": [
                message for messages in refused.errors.values() for message in messages
            ]}) from refused
        return Response(PropertySerializer(self.get_queryset().get(pk=place.pk)).data)

    @extend_schema(responses=PlaceRecordSerializer)
    @action(detail=True, methods=["get"])
    def record(self, request, pk=None):
        """The town's staff: the place's enforcement cases, citations, inspections and
        waivers, each with its status and link; a fixed number of queries."""
        place = self.get_object()
        require(can_view_enforcement(request.user, place.municipality_id),
                "see a property's record", ENFORCEMENT_ROLES, town=place.municipality_id)
        record = {
            "property": place.pk,
            "cases": with_open_orders(cases_at(place)),
            "citations": dispositions.with_answers(citations_at(place)),
            "inspections": inspections_at(place),
            "variances": variances_at(place),
        }
        return Response(PlaceRecordSerializer(
            record, context={"today": timezone.localdate()}).data)


__all__ = ["BusinessViewSet", "PropertyViewSet"]
