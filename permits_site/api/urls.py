"""``/api/v1/``: the public law-as-data endpoints, license verification, the schema and the
authenticated resources, with those the bylaw apps registered (``registry``)."""

from csp.constants import SELF, UNSAFE_INLINE
from csp.decorators import csp_update
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import SimpleRouter

from permits_site.accounts.api import StaffRoleViewSet, StaffViewSet
from permits_site.api import errors, views
from permits_site.api.penalties import application_penalties
from permits_site.api.registry import registered_routes
from permits_site.parties.api import BusinessViewSet, PropertyViewSet
from permits_site.search.api import SearchView

app_name = "api"

#: The locally served Swagger UI sets three inline styles of its own: allowed on that page only.
API_DOCS_STYLES = csp_update({"style-src": [SELF, UNSAFE_INLINE]})

router = SimpleRouter()
router.register("applications", views.ApplicationViewSet, basename="application")
router.register("documents", views.DocumentViewSet, basename="document")
router.register("invoices", views.InvoiceViewSet, basename="invoice")
router.register("payments", views.PaymentViewSet, basename="payment")
router.register("permits", views.PermitViewSet, basename="permit")
router.register("fee-schedules", views.FeeScheduleViewSet, basename="fee-schedule")
router.register("businesses", BusinessViewSet, basename="business")
router.register("properties", PropertyViewSet, basename="property")
router.register("staff-roles", StaffRoleViewSet, basename="staff-role")
router.register("staff", StaffViewSet, basename="staff")
for route in registered_routes():
    router.register(route.prefix, route.viewset, basename=route.basename)

urlpatterns = [
    path("", include("permits_site.api.public.urls")),
    path("", include("permits_site.api.enforcement")),
    path("", include("permits_site.api.citations")),
    path("", include("permits_site.api.order_surcharges")),
    path("", include("permits_site.api.calendar")),
    path("", include("permits_site.api.fines")),
    path("", include("permits_site.api.people")),
    path("verify/<str:token>/", views.VerificationView.as_view(), name="verify"),
    path("search/", SearchView.as_view(), name="search"),
    path("applications/<int:pk>/penalties/", application_penalties,
         name="application-penalties"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", API_DOCS_STYLES(SpectacularSwaggerSplitView.as_view(url_name="api:schema")),
         name="docs"),
    *router.urls,
    path("", include("permits_site.api.applications_extra")),
    # Last: whatever else is asked under /api/v1/ is answered in JSON (permits_site.api.errors).
    re_path(r"^(?P<rest>.*)$", errors.unmatched, name=errors.UNMATCHED),
]
