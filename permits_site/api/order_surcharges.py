"""``/orders/{id}/``: an order's surcharge event, read by the town's staff and classified by
its administrator, from the town's surcharge schedule ("Citation/Order to Correct
Violations").

Orders of towns the caller does not staff are a 404; the classification is one
service call (``classify_order_surcharge``), audited, whose refusals are a 400 naming
``event`` or ``reason``.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.routers import SimpleRouter

from permits_site.accounts import permissions
from permits_site.accounts.models import Role
from permits_site.accounts.permissions import CITATION_STAFF_ROLES, require
from permits_site.api.citations import SurchargeEventSerializer
from permits_site.api.public.fields import BoundedModelSerializer, validated_body
from permits_site.enforcement.models import Order
from permits_site.enforcement.services.dispositions import current_surcharge_event
from permits_site.enforcement.services.surcharges import classify_order_surcharge


class OrderSurchargeSerializer(BoundedModelSerializer):
    """An order, its case and the surcharge event it represents now ('' for none)."""

    surcharge_event = serializers.SerializerMethodField()

    class Meta:
        model = Order
        fields = ["id", "case", "text", "citation", "issued_on", "comply_by", "complied_on",
                  "surcharge_event"]

    def get_surcharge_event(self, order: Order) -> str:
        return current_surcharge_event(order)


class OrderViewSet(mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """Orders of the towns the caller staffs."""

    serializer_class = OrderSurchargeSerializer
    permission_classes = [IsAuthenticated]

    def get_queryset(self):
        towns = permissions.municipality_ids_with(self.request.user, *CITATION_STAFF_ROLES)
        return Order.objects.filter(case__municipality_id__in=towns).prefetch_related(
            "surcharge_classifications")

    @extend_schema(request=SurchargeEventSerializer, responses=OrderSurchargeSerializer)
    @action(detail=True, methods=["post"], url_path="surcharge-event")
    def surcharge_event(self, request, pk=None):
        """An administrator says which surcharge event the order represents, and why."""
        order = self.get_object()
        require(permissions.is_admin(request.user, order.case.municipality_id),
                "classify an order's surcharge event", [Role.ADMIN],
                town=order.case.municipality_id)
        data = validated_body(SurchargeEventSerializer, request.data)
        classify_order_surcharge(order=order, acting_user=request.user, **data)
        return Response(self.get_serializer(self.get_queryset().get(pk=order.pk)).data)


router = SimpleRouter()
router.register("orders", OrderViewSet, basename="order")

urlpatterns = router.urls
