"""``/api/v1/disposal-works-applications/``: the clerk's side of the disposal works permit
over HTTP, registered from ``TisburyRegsConfig.ready``.

Every Tisbury permit type is applied for at ``/api/v1/applications/`` with the ``details`` its
declaration names (``tisbury_regs.permits.kinds``). A disposal works application waits on the
gate ``well_ready`` (09.3.1(3)); where the lot is served by public water the clerk records it
at ``POST /api/v1/disposal-works-applications/{id}/public-water/`` — the same service as the
review screen's form.
"""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.decorators import action

from permits_site.api.public.fields import StrictCharField, StrictSerializer, validated_body
from permits_site.api.serializers import ApplicationDetailSerializer
from permits_site.api.views import OfficeApplicationViewSet
from tisbury_regs.permits import disposal_works


class PublicWaterSerializer(StrictSerializer):
    note = StrictCharField(max_length=300, help_text="How the connection is known.")


class DisposalWorksApplicationViewSet(OfficeApplicationViewSet):
    """Disposal works applications as the town's clerk sees them."""

    permit_type_codes = (disposal_works.DISPOSAL_WORKS_CODE,)

    @extend_schema(request=PublicWaterSerializer, responses=ApplicationDetailSerializer)
    @action(detail=True, methods=["post"], url_path="public-water")
    def public_water(self, request, pk=None):
        """Record that the lot is served by public water, which clears ``well_ready``."""
        application = self.get_object()
        data = validated_body(PublicWaterSerializer, request.data)
        disposal_works.record_public_water(application=application, note=data["note"],
                                           acting_user=request.user)
        return self.respond(application)
