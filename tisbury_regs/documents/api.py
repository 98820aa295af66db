"""``/api/v1/document-charges/``: the clerk's charges for documents (Tisbury BOH Reg 09.0.5),
registered from ``TisburyRegsConfig.ready``.

``POST`` invoices the documents asked for at the prices in force today (one line per item,
each naming 09.0.5); the open invoice is paid like any other, through
``POST /api/v1/payments/``. ``GET`` lists the latest document invoices. Only Tisbury's clerk
calls either (403 otherwise); a refusal is a 400 naming its field.
"""

from __future__ import annotations

from decimal import Decimal

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status, viewsets
from rest_framework.response import Response

from permits_site.accounts import permissions
from permits_site.accounts.models import Role
from permits_site.api.public.fields import StrictSerializer, validated_body
from permits_site.api.serializers import InvoiceSerializer
from tisbury_regs.documents import services
from tisbury_regs.models import tisbury


class ChargeDocumentsSerializer(StrictSerializer):
    items = serializers.DictField(
        child=serializers.IntegerField(min_value=0, max_value=services.MOST_OF_ONE_ITEM),
        help_text="How many of each item of the document fee schedule, by its code "
                  "(e.g. {\"copy_page\": 12}).")


class DocumentChargeViewSet(viewsets.ViewSet):
    """Charges for documents, for Tisbury's clerk (09.0.5)."""

    serializer_class = InvoiceSerializer

    def _require_clerk(self, doing: str) -> None:
        town = tisbury()
        permissions.require(permissions.is_clerk(self.request.user, town.pk), doing,
                            (Role.CLERK,), town=town)

    @extend_schema(responses={200: InvoiceSerializer(many=True)})
    def list(self, request):
        """The latest document invoices, newest first."""
        self._require_clerk("see the charges for documents")
        return Response(InvoiceSerializer(services.document_sales(tisbury()),
                                          many=True).data)

    @extend_schema(request=ChargeDocumentsSerializer, responses={201: InvoiceSerializer})
    def create(self, request):
        """Invoice documents at today's prices; pay it through ``POST /api/v1/payments/``."""
        self._require_clerk("charge for documents")
        data = validated_body(ChargeDocumentsSerializer, request.data)
        invoice = services.charge_for_documents(quantities=data["items"],
                                                acting_user=request.user)
        invoice.amount_received = Decimal("0.00")
        return Response(InvoiceSerializer(invoice).data, status=status.HTTP_201_CREATED)
